#!/usr/bin/env node
// Development: the embedded api (restarted on change) and the Remix dev server (Vite, HMR).
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
/** @param {string} name */
const bin = (name) => join(root, 'node_modules', '.bin', name)
/** @type {NodeJS.ProcessEnv} */
// An empty database gets the demo data (DEMO_DATA=false: only the admin user, ADMIN_PASSWORD).
const env = { ...process.env, NODE_ENV: 'development', DEMO_DATA: process.env.DEMO_DATA ?? 'true' }
/** @type {import('node:child_process').ChildProcess[]} */
const children = []
if (!env.UPSTREAM_API_URL) children.push(spawn(bin('tsx'), ['watch', 'api/main.ts'], { cwd: root, env, stdio: 'inherit' }))
children.push(spawn(bin('remix'), ['vite:dev', '--port', env.PORT ?? '3000'], { cwd: root, env, stdio: 'inherit' }))
const stop = () => children.forEach((c) => c.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const c of children) c.on('exit', stop)
