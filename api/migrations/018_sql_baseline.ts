import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import type { SchemaChange } from './change.ts'

const here = dirname(fileURLToPath(import.meta.url))

/**
 * The schema as the releases before Kysely's Migrator left it: the SQL files of that time, one folder
 * per database (api/migrations/NNN_name.sql for SQLite, api/migrations/postgres/ for PostgreSQL), each
 * recorded in `schema_migrations` when applied. A new database runs them all; a database made by an
 * earlier release runs those it lacks. The files are frozen: a change from now on is a TypeScript
 * file of its own after this one.
 */
export const sqlBaseline: SchemaChange = {
  async up(db, { dialect, script }) {
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(db)
    const rows = await db.selectFrom('schema_migrations').select('name').execute()
    const applied = new Set(rows.map((r: { name: string }) => r.name))
    const folder = dialect === 'postgres' ? join(here, 'postgres') : here
    const files = existsSync(folder)
      ? readdirSync(folder)
          .filter((f) => /^\d+_.*\.sql$/.test(f))
          .sort()
      : []
    for (const name of files) {
      if (applied.has(name)) continue
      await script(readFileSync(join(folder, name), 'utf8'))
      await db.insertInto('schema_migrations').values({ name, applied_at: new Date().toISOString() }).execute()
    }
  },
}
