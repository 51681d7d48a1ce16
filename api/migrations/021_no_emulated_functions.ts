import { sql } from 'kysely'
import type { SchemaChange } from './change.ts'

/**
 * PostgreSQL as itself: the SQLite built-ins the api's queries once called there are gone — the
 * queries now say each database's own words (api/sql.ts), so nothing of SQLite is emulated in
 * PostgreSQL any more. (users.kode_user stays CITEXT, PostgreSQL's own case-blind text.)
 */
export const noEmulatedFunctions: SchemaChange = {
  async up(db, { dialect }) {
    if (dialect !== 'postgres') return
    await sql`DROP AGGREGATE IF EXISTS json_group_array(json)`.execute(db)
    await sql`DROP FUNCTION IF EXISTS json_group_array_final(json[])`.execute(db)
    await sql`DROP FUNCTION IF EXISTS json(json)`.execute(db)
    await sql`DROP FUNCTION IF EXISTS json(text)`.execute(db)
    await sql`DROP FUNCTION IF EXISTS datetime(text)`.execute(db)
    await sql`DROP FUNCTION IF EXISTS printf(text, bigint)`.execute(db)
    await sql`DROP COLLATION IF EXISTS nocase`.execute(db)
  },
}
