import type { Kysely } from 'kysely'
import type { Dialect } from '../database.ts'

/**
 * One change of the database's schema, for both databases in one file (api/migrations/NNN_name.ts,
 * listed in api/migrations/index.ts), run once by Kysely's Migrator (api/migrate.ts) in the
 * transaction of the start that finds it pending.
 *
 * `db` sees the schema of the change's own moment, not today's (api/schema.ts): Kysely's
 * documentation types a migration's handle `Kysely<any>` for that reason. Write the change with
 * `db.schema` (createTable, alterTable, createIndex) where both databases say it alike, and branch on
 * `dialect` where they differ (a PostgreSQL column type SQLite does not have, a trigger's body).
 */
export type SchemaChange = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration's schema is its own moment's
  up(db: Kysely<any>, context: ChangeContext): Promise<void>
}

export type ChangeContext = {
  dialect: Dialect
  /** A script of several statements without values (a file of SQL: triggers, functions). */
  script(sql: string): Promise<void>
}
