import { serve } from '@hono/node-server'
import { resolve } from 'node:path'
import { createApi } from './app.ts'
import { openDatabase } from './db.ts'
import { EXIT_SETUP_REFUSED, prepareFromEnv, SetupRefused } from './seed.ts'

/**
 * The reference upstream as a process. Env: API_PORT, API_HOST, DATABASE_URL, UPLOADS_DIR, DEMO_DATA,
 * ADMIN_PASSWORD. An empty database gets the demo data only with DEMO_DATA=true (`npm start` sets it
 * for the quick start); otherwise only the admin user with ADMIN_PASSWORD, and without one the
 * process stops with one line saying so (exit code 78: `npm start` does not start it again).
 */
const port = Number(process.env.API_PORT ?? 3001)
const host = process.env.API_HOST ?? '127.0.0.1'
const databaseUrl = process.env.DATABASE_URL ?? 'file:./data/app.db'
const uploadsDir = resolve(process.env.UPLOADS_DIR ?? './data/uploads')

const db = await openDatabase(databaseUrl)
try {
  const prepared = await prepareFromEnv(db)
  if (prepared !== 'existing') console.log(`[api] empty database: ${prepared === 'demo' ? 'demo data created' : 'admin user created'}`)
} catch (error) {
  if (!(error instanceof SetupRefused)) throw error
  console.error(`[api] ${error.message}`)
  await db.close()
  process.exit(EXIT_SETUP_REFUSED)
}
// One JSON line per request on stdout (LOG_REQUESTS=false: none).
const app = await createApi({ db, uploadsDir, log: process.env.LOG_REQUESTS === 'false' ? undefined : (line) => console.log(line) })

const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  console.log(`[api] listening on http://${host}:${info.port} (database ${databaseUrl})`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close()
    void db.close().finally(() => process.exit(0))
  })
}
