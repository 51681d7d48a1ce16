import Database from 'better-sqlite3'
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DB } from './types.ts'
import { ensureVersionTriggers } from './versions.ts'

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

/** `file:./data/app.db`, `./data/app.db` or `:memory:` → a path better-sqlite3 understands. */
export function databasePath(url: string): string {
  if (url === ':memory:' || url === 'file::memory:') return ':memory:'
  return url.replace(/^file:/, '')
}

/** Opens the database, applies pending migrations (api/migrations/NNN_name.sql, in order). */
export function openDatabase(url: string): DB {
  const path = databasePath(url)
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  migrate(db)
  ensureVersionTriggers(db)
  return db
}

export function migrate(db: DB) {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)')
  const applied = new Set((db.prepare('SELECT name FROM schema_migrations').all() as { name: string }[]).map((r) => r.name))
  const files = readdirSync(migrationsDir)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort()
  for (const file of files) {
    if (applied.has(file)) continue
    const sql = readFileSync(join(migrationsDir, file), 'utf8')
    db.transaction(() => {
      db.exec(sql)
      db.prepare("INSERT INTO schema_migrations (name, applied_at) VALUES (?, datetime('now'))").run(file)
    })()
  }
}
