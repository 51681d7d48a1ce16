#!/usr/bin/env node
// Starts the product: the built Remix app (server/index.ts, bundled into build/app-server.js) and, unless UPSTREAM_API_URL is given, the
// embedded reference api on SQLite beside it. Env: see README.
// An empty database gets the demo data (DEMO_DATA unset: true with the embedded api, the quick start of
// the README); with DEMO_DATA=false (the Docker image) only the admin user with ADMIN_PASSWORD, and the
// api refuses to start without it (exit code 78): then this process stops too, with the api's line.
// Keeps them running: a child that stops is started again after a growing delay (0.5 s,
// doubling up to 30 s; back to 0.5 s once it had run for a minute), the other one keeps running.
// Each child's pid is printed when it starts ("[start] app pid 1234"). SIGINT/SIGTERM stop everything.
import { APP_SERVER, appEnv, appServerArgs } from './app-node-args.mjs'
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = appEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' })
env.PORT ??= '3000'
env.API_PORT ??= '3001'
const embedded = !env.UPSTREAM_API_URL
// The api seeds by it; the app shows its login page's demo note by it (app/env.server.ts).
const demoSetting = (env.DEMO_DATA ?? (embedded ? 'true' : 'false')).trim().toLowerCase()
if (demoSetting !== 'true' && demoSetting !== 'false') {
  console.error(`[start] DEMO_DATA must be true or false (got "${env.DEMO_DATA}").`)
  process.exit(1)
}
const demo = embedded && demoSetting === 'true'
env.DEMO_DATA = demo ? 'true' : 'false'
/** The api's exit code for a refused start (api/seed.ts EXIT_SETUP_REFUSED): starting it again would not help. */
const EXIT_SETUP_REFUSED = 78

if (!existsSync(join(root, 'build', 'server', 'index.js')) || !existsSync(APP_SERVER)) {
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

if (!demo && env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
  console.error('[start] PUBLIC_URL is required without the demo data: the address users open (printed links and QR codes name it).')
  process.exit(1)
}

const RESTART_FIRST_MS = 500
const RESTART_MAX_MS = 30_000
const RESTART_RESET_AFTER_MS = 60_000

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set()
/** @type {Set<NodeJS.Timeout>} */
const timers = new Set()
/**
 * Runs `command` and starts it again whenever it stops, until shutdown.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 */
function supervise(name, command, args) {
  let delay = RESTART_FIRST_MS
  const start = () => {
    const startedAt = Date.now()
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' })
    children.add(child)
    console.log(`[start] ${name} pid ${child.pid}`)
    child.on('error', (error) => console.error(`[start] ${name}: ${error.message}`))
    child.on('exit', (code, signal) => {
      children.delete(child)
      if (stopping) return
      if (code === EXIT_SETUP_REFUSED) {
        console.error(`[start] ${name} refused to start (its line above says why): stopping.`)
        return shutdown(1)
      }
      if (Date.now() - startedAt >= RESTART_RESET_AFTER_MS) delay = RESTART_FIRST_MS
      console.error(`[start] ${name} stopped (${signal ?? code}); starting it again in ${delay / 1000} s.`)
      const timer = setTimeout(() => {
        timers.delete(timer)
        if (!stopping) start()
      }, delay)
      timers.add(timer)
      delay = Math.min(delay * 2, RESTART_MAX_MS)
    })
  }
  start()
}
let stopping = false
/** @param {number} code */
function shutdown(code) {
  if (stopping) return
  stopping = true
  for (const t of timers) clearTimeout(t)
  // Each child finishes what is in flight (the app waits up to 10 s); exit once all have, at most 12 s.
  const alive = [...children].filter(
    (/** @type {import('node:child_process').ChildProcess} */ c) => c.exitCode === null && c.signalCode === null,
  )
  let left = alive.length
  if (left === 0) process.exit(code)
  for (const c of alive) {
    c.once('exit', () => {
      if (--left === 0) process.exit(code)
    })
    c.kill('SIGTERM')
  }
  setTimeout(() => process.exit(code), 12_000).unref()
}
process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

/**
 * Is `url` answering 2xx within `ms`?
 * @param {string} url
 * @param {number} ms
 */
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
  // One process (node with tsx's loader, not the tsx CLI, which would run the api in a child of its
  // own): the pid printed is the api's, and a killed api leaves no orphan holding its port.
  supervise('api', process.execPath, ['--import', 'tsx', 'api/main.ts'])
  if (!(await waitFor(`http://127.0.0.1:${env.API_PORT}/health`, 30_000))) {
    console.error('[start] the embedded api did not come up within 30 s.')
    shutdown(1)
  }
}
if (!stopping) {
  // Bounded heap and young generation (scripts/app-node-args.mjs).
  supervise('app', process.execPath, appServerArgs(env))
  if (demo) console.log(`[start] demo login: admin / ${env.ADMIN_PASSWORD || 'admin'} at http://localhost:${env.PORT}`)
}
