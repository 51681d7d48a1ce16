import BetterSqlite3 from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { Database } from './database.ts'
import type { DB } from './types.ts'
import { ensureVersionTriggers } from './versions.ts'

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

/** `file:./data/app.db`, `./data/app.db` or `:memory:` → a path better-sqlite3 understands. */
export function databasePath(url: string): string {
  if (url === ':memory:' || url === 'file::memory:') return ':memory:'
  return url.replace(/^file:/, '')
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url)

// COUNT(*) and SUM(…) come back from PostgreSQL as int8 / numeric, which pg gives as text (they may
// not fit a JS number); the api's figures always do, so they are numbers, as on SQLite.
pg.types.setTypeParser(20, (v) => Number(v))
pg.types.setTypeParser(1700, (v) => Number(v))
// JSON made by the database (the large lists) is sent on as the text it is, as SQLite gives it.
pg.types.setTypeParser(114, (v) => v)
pg.types.setTypeParser(3802, (v) => v)

/**
 * Opens the database named by `url` and applies pending migrations: `postgres://…` → PostgreSQL
 * (api/migrations/postgres/NNN_name.sql), anything else → SQLite (`file:…`, a path or `:memory:`;
 * api/migrations/NNN_name.sql).
 */
export async function openDatabase(url: string): Promise<DB> {
  let db: Database
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      // A database that does not answer fails the request in 5 s instead of queueing it for ever;
      // TCP keep-alive notices a connection the network dropped.
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    })
    // A restart of the database ends every connection, idle or held by a request. Each connection's
    // 'error' is logged here; without a listener it would end the process. The pool drops an ended
    // idle one (its own 'error', logged by the connection's listener) and opens new ones on demand;
    // a held one fails its request's query (a transaction retries, a read answers 503).
    pool.on('connect', (client) =>
      client.on('error', (error) =>
        console.error(`[api] PostgreSQL ended a connection (${error.message}); a new one is opened when needed`),
      ),
    )
    pool.on('error', () => {})
    db = new Database('postgres', new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }), null, pool)
  } else {
    const path = databasePath(url)
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
    const sqlite = new BetterSqlite3(path)
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma('busy_timeout = 5000')
    db = sqliteDatabase(sqlite)
  }
  // In one transaction, so two api processes starting on one empty database never migrate it twice
  // (a transaction holds the write lock: api/database.ts).
  await db.tx(async () => {
    await migrate(db)
    await ensureVersionTriggers(db)
  })
  return db
}

/** An open better-sqlite3 handle as the api's Database (no migrations run). */
export const sqliteDatabase = (sqlite: BetterSqlite3.Database) =>
  new Database('sqlite', new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) }), sqlite)

/** The migrations of the database's dialect, in name order. */
export function migrationFiles(db: DB): { name: string; path: string }[] {
  const dir = db.dialect === 'postgres' ? join(migrationsDir, 'postgres') : migrationsDir
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, path: join(dir, name) }))
}

export async function migrate(db: DB) {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)')
  const applied = new Set((await db.prepare('SELECT name FROM schema_migrations').pluck().all()) as string[])
  for (const file of migrationFiles(db)) {
    if (applied.has(file.name)) continue
    const sql = readFileSync(file.path, 'utf8')
    await db.tx(async () => {
      await db.exec(sql)
      await db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(file.name, new Date().toISOString())
    })
  }
}
