#!/usr/bin/env node
// The product as the end-to-end tests see it: the built app and the embedded api on a fresh
// temporary database (demo seed), on ports of their own so a running dev instance is not touched.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dir = mkdtempSync(join(tmpdir(), 'fleet-e2e-'))
process.env.DATABASE_URL = `file:${join(dir, 'e2e.db')}`
process.env.UPLOADS_DIR = join(dir, 'uploads')
process.env.PORT ??= '3100'
process.env.API_PORT ??= '3101'
process.env.SESSION_SECRET ??= 'e2e-secret-0123456789abcdef0123456789'
process.env.ADMIN_PASSWORD ??= 'admin'
console.log(`[e2e] data in ${dir}`)
await import('./start.mjs')
