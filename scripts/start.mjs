#!/usr/bin/env node
// Starts the product: the built Remix app (scripts/server.mjs) and, unless UPSTREAM_API_URL is given, the
// embedded reference api on SQLite beside it (demo data on an empty database). Env: see README.
import { appEnv, appNodeArgs } from './app-node-args.mjs'
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)
const env = appEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' })
env.PORT ??= '3000'
env.API_PORT ??= '3001'
const embedded = !env.UPSTREAM_API_URL

if (!existsSync(join(root, 'build', 'server', 'index.js'))) {
  console.error('[start] build/ is missing: run `npm run build` first.')
  process.exit(1)
}
if (!env.SESSION_SECRET) {
  if (!embedded && env.NODE_ENV === 'production') {
    console.error('[start] SESSION_SECRET is required when the app runs against a real upstream.')
    process.exit(1)
  }
  env.SESSION_SECRET = randomBytes(32).toString('hex')
  console.warn('[start] SESSION_SECRET is not set: using a random one for this run (sessions end on restart).')
}

const children = []
function run(name, command, args) {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' })
  child.on('exit', (code, signal) => {
    console.error(`[start] ${name} stopped (${signal ?? code}); stopping the rest.`)
    shutdown(code ?? 1)
  })
  children.push(child)
  return child
}
let stopping = false
function shutdown(code) {
  if (stopping) return
  stopping = true
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  setTimeout(() => process.exit(code), 500).unref()
}
process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

async function waitFor(url, ms) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return true
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return false
}

if (embedded) {
  run('api', bin('tsx'), ['api/main.ts'])
  if (!(await waitFor(`http://127.0.0.1:${env.API_PORT}/health`, 30_000))) {
    console.error('[start] the embedded api did not come up within 30 s.')
    shutdown(1)
  }
}
if (!stopping) {
  // Bounded heap and young generation (scripts/app-node-args.mjs).
  run('app', process.execPath, [...appNodeArgs(env), join(root, 'scripts', 'server.mjs')])
  if (embedded) console.log(`[start] demo login: admin / ${env.ADMIN_PASSWORD ?? 'admin'} at http://localhost:${env.PORT}`)
}
