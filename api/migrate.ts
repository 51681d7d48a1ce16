import { sql, Migrator, type Migration } from 'kysely'
import type { Database } from './database.ts'
import type { SchemaChange } from './migrations/change.ts'
import { SCHEMA_CHANGES } from './migrations/index.ts'

/**
 * Brings the database's schema up to this release with Kysely's Migrator: the changes of
 * api/migrations/index.ts not yet recorded in `kysely_migration`, in name order, in one transaction
 * (on PostgreSQL under the Migrator's own lock, on SQLite under the write lock its transactions take
 * from their BEGIN IMMEDIATE: api/db.ts), so two api processes starting on one database never apply
 * a change twice. A change that fails leaves the database as it was, and the start fails with it.
 */
export async function migrate(db: Database, changes: Record<string, SchemaChange> = SCHEMA_CHANGES): Promise<void> {
  const script = async (trx: Parameters<Migration['up']>[0], text: string) => {
    // better-sqlite3 runs a script of several statements only through its own exec (on the one
    // connection, inside the Migrator's transaction); pg sends a text without values as it is.
    if (db.sqlite) db.sqlite.exec(text)
    else await sql.raw(text).execute(trx)
  }
  const migrations: Record<string, Migration> = Object.fromEntries(
    Object.entries(changes).map(([name, change]) => [
      name,
      { up: (trx) => change.up(trx, { dialect: db.dialect, script: (text) => script(trx, text) }) } satisfies Migration,
    ]),
  )
  if (await upToDate(db, Object.keys(changes))) return
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName
    throw new Error(
      `The database could not be migrated${failed ? ` (${failed})` : ''}: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    )
  }
}

/**
 * Whether the database has exactly this release's changes recorded (the usual start): one read, where
 * the Migrator makes its tables, takes its lock and reads them in a transaction. Anything else (a new
 * database, a change missing, one this release does not know) goes through the Migrator, which applies
 * or refuses as it always does.
 */
async function upToDate(db: Database, names: readonly string[]): Promise<boolean> {
  const exists =
    db.dialect === 'postgres'
      ? sql<{ ok: boolean }>`SELECT to_regclass('kysely_migration') IS NOT NULL AS ok`
      : sql<{ ok: number }>`SELECT COUNT(*) AS ok FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'`
  if (!(await exists.execute(db.kysely)).rows[0]?.ok) return false
  const applied = (await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db.kysely)).rows.map((r) => r.name)
  const known = new Set(names)
  return applied.length === known.size && applied.every((name) => known.has(name))
}
