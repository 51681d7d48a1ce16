import BetterSqlite3 from 'better-sqlite3'
import { createHash } from 'node:crypto'
import pg from 'pg'
import { databasePath, isPostgresUrl } from '../api/db.ts'

/** A table's row count and a checksum of its content (every row as JSON, in a fixed order). */
export type TableSum = { rows: number; checksum: string; columns: readonly string[] }

/**
 * Every table's row count and checksum, read without the api's code (no migration runs), so a
 * database can be compared before and after an upgrade. Rows are hashed sorted by their JSON, so the
 * order the database keeps them in does not matter; values are as the driver reads them (numbers,
 * text), so a column that only changes type (INTEGER → BIGINT) keeps its checksum. With `only` (the
 * sums of the same database before), each table is read in the columns it had then.
 */
export async function tableChecksums(url: string, only?: Map<string, TableSum>): Promise<Map<string, TableSum>> {
  const sums = new Map<string, TableSum>()
  const add = (name: string, all: Record<string, unknown>[]) => {
    // Only the columns `only` had (a later change may add columns): the old content, compared as it was.
    const columns = only?.get(name)?.columns ?? Object.keys(all[0] ?? {})
    const rows = all.map((r) => Object.fromEntries(columns.map((c) => [c, r[c]])))
    const lines = rows.map((r) => JSON.stringify(r)).sort()
    const hash = createHash('sha256')
    for (const line of lines) hash.update(line).update('\n')
    sums.set(name, { rows: rows.length, checksum: hash.digest('hex').slice(0, 16), columns })
  }
  if (isPostgresUrl(url)) {
    // Moments in UTC, as the api reads them (api/db.ts): a timestamptz column keeps its checksum.
    const client = new pg.Client({ connectionString: url, options: '-c TimeZone=UTC' })
    await client.connect()
    try {
      const names = await client.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
      )
      for (const { name } of names.rows) add(name, (await client.query<Record<string, unknown>>(`SELECT * FROM "${name}"`)).rows)
    } finally {
      await client.end()
    }
  } else {
    const sqlite = new BetterSqlite3(databasePath(url), { readonly: true })
    try {
      const names = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[]
      for (const name of names) add(name, sqlite.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[])
    } finally {
      sqlite.close()
    }
  }
  return sums
}

/** What an upgrade may write: the catalogue and its grants with their history, and the counters. */
export const UPGRADE_WRITES: ReadonlySet<string> = new Set([
  'menu_fitur',
  'akses',
  'audit_log',
  'table_versions',
  'sqlite_sequence',
  'schema_migrations',
  'kysely_migration',
  'kysely_migration_lock',
])
