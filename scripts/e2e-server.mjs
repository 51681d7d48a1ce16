#!/usr/bin/env node
// The product as the end-to-end tests see it: the built app and the embedded api on a fresh
// temporary database (demo seed: DEMO_DATA=true), on ports of their own so a running dev instance is not touched.
// The temporary folder is removed when this process ends (SIGTERM or SIGINT: scripts/start.mjs stops
// its children and exits; playwright.config.ts sends SIGTERM through webServer.gracefulShutdown).
// Folders left by a run that was killed outright (SIGKILL) are removed by the next run: each holds
// the pid of its owner, and one whose owner is gone is swept.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const PREFIX = 'fleet-e2e-'
const OWNER = 'owner.pid'
/** A folder without an owner file (made before it existed) is swept only once it is this old. */
const ORPHAN_AGE_MS = 12 * 60 * 60 * 1000

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM'
  }
}

for (const name of readdirSync(tmpdir())) {
  if (!name.startsWith(PREFIX)) continue
  const old = join(tmpdir(), name)
  try {
    const pid = Number(readFileSync(join(old, OWNER), 'utf8'))
    if (pid > 0 && alive(pid)) continue
  } catch {
    if (Date.now() - statSync(old).mtimeMs < ORPHAN_AGE_MS) continue
  }
  rmSync(old, { recursive: true, force: true })
}

const dir = mkdtempSync(join(tmpdir(), PREFIX))
writeFileSync(join(dir, OWNER), String(process.pid))
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
process.env.DATABASE_URL = `file:${join(dir, 'e2e.db')}`
process.env.UPLOADS_DIR = join(dir, 'uploads')
process.env.PORT ??= '3100'
process.env.API_PORT ??= '3101'
process.env.SESSION_SECRET ??= 'e2e-secret-0123456789abcdef0123456789'
process.env.ADMIN_PASSWORD ??= 'admin'
// The tests use the demo data (its users, tyres and documents).
process.env.DEMO_DATA = 'true'
console.log(`[e2e] data in ${dir}`)
await import('./start.mjs')
