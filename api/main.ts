import { serve } from '@hono/node-server'
import { resolve } from 'node:path'
import { createApi } from './app.ts'
import { openDatabase } from './db.ts'
import { prepareDatabase } from './seed.ts'

/** The reference upstream as a process. Env: API_PORT, API_HOST, DATABASE_URL, UPLOADS_DIR, ADMIN_PASSWORD. */
const port = Number(process.env.API_PORT ?? 3001)
const host = process.env.API_HOST ?? '127.0.0.1'
const databaseUrl = process.env.DATABASE_URL ?? 'file:./data/app.db'
const uploadsDir = resolve(process.env.UPLOADS_DIR ?? './data/uploads')

const db = await openDatabase(databaseUrl)
await prepareDatabase(db, { adminPassword: process.env.ADMIN_PASSWORD ?? 'admin' })
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
