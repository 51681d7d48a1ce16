import { sql, type Expression, type RawBuilder, type Simplify } from 'kysely'
import * as pgHelpers from 'kysely/helpers/postgres'
import * as sqliteHelpers from 'kysely/helpers/sqlite'
import type { DB } from './types.ts'
import { COMPANY_ZONE } from './http.ts'

/**
 * Where SQLite and PostgreSQL differ in what the api's queries say, and how each says it — the one
 * place that knows. Every query is written once with Kysely's builder (`db.q`); where a piece differs,
 * it comes from here. Nothing of one database is emulated in the other.
 *
 * - JSON made by the database (a nested list in one query): Kysely's own `jsonArrayFrom` /
 *   `jsonObjectFrom` of each dialect (kysely/helpers/sqlite, kysely/helpers/postgres). Both answer
 *   the JSON as text (api/db.ts reads PostgreSQL's json as text), so a large list is sent on as the
 *   database wrote it; `parseJson` reads it where the api needs the values.
 * - A case-blind comparison or order: `lower(…)` on both (SQLite's lower() folds ASCII, as its
 *   NOCASE did); the indexes that serve it are on `lower(column)`.
 * - Days and moments: SQLite keeps them as text ('YYYY-MM-DD'; 'YYYY-MM-DD HH:MM:SS' in UTC),
 *   PostgreSQL as `date` and `timestamptz` (api/migrations/020_postgres_dates.ts). Now: `nowMoment`;
 *   a moment as the api answers it, where the database makes the answer (JSON): `momentText`, or
 *   `isoMoment` for the audit trail; the company's day of a moment: `dayOf`.
 * - A row read to be changed: `forUpdate` locks it on PostgreSQL (SELECT … FOR UPDATE) until the
 *   transaction ends; SQLite has no row locks and needs none (a transaction there holds the database's
 *   one write lock from its BEGIN IMMEDIATE: api/database.ts).
 */

/** A SELECT used as a value (Kysely's SelectQueryBuilderExpression, which it does not export). */
type SubQuery<O> = Parameters<typeof sqliteHelpers.jsonArrayFrom<O>>[0]

/** JSON text whose value is a `T`, as the database made it. */
export type JsonText<T> = string & { readonly __json?: T }

/** The value of JSON text the database made (a nested list, an object). */
export function parseJson<T>(text: JsonText<T> | null | undefined): T | null {
  return text == null ? null : (JSON.parse(text) as T)
}

/** The rows of `query` as a JSON array (text), '[]' when there are none: one nested list in one query. */
export function jsonArrayFrom<O>(db: DB, query: SubQuery<O>): RawBuilder<JsonText<Simplify<O>[]>> {
  const helper = db.dialect === 'postgres' ? pgHelpers.jsonArrayFrom : sqliteHelpers.jsonArrayFrom
  return helper(query) as unknown as RawBuilder<JsonText<Simplify<O>[]>>
}

/** The first row of `query` as a JSON object (text), null when there is none. */
export function jsonObjectFrom<O>(db: DB, query: SubQuery<O>): RawBuilder<JsonText<Simplify<O>> | null> {
  const helper = db.dialect === 'postgres' ? pgHelpers.jsonObjectFrom : sqliteHelpers.jsonObjectFrom
  return helper(query) as unknown as RawBuilder<JsonText<Simplify<O>> | null>
}

/** `value` folded for a case-blind comparison or order (both sides of an equality, or an ORDER BY). */
export function caseBlind(value: Expression<string | null>): RawBuilder<string> {
  return sql<string>`lower(${value})`
}

/** Now, for a moment column (created_at, updated_at): PostgreSQL's now(); SQLite's text of it in UTC. */
export function nowMoment(db: DB): RawBuilder<string> {
  return db.dialect === 'postgres' ? sql<string>`now()` : sql<string>`datetime('now')`
}

/**
 * A moment as the api answers it, 'YYYY-MM-DD HH:MM:SS' in UTC, for a value the database puts into
 * JSON itself (PostgreSQL's JSON would write a timestamptz as ISO 8601 with its zone); SQLite holds
 * that text already. A moment read as a column needs none: api/db.ts reads it so.
 */
export function momentText(db: DB, moment: Expression<string | null>): RawBuilder<string> {
  return db.dialect === 'postgres' ? sql<string>`to_char(${moment} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')` : sql<string>`${moment}`
}

/** A moment in ISO 8601 with milliseconds, in UTC ('2026-11-24T04:05:06.789Z'): the audit trail's form, which SQLite holds as text. */
export function isoMoment(db: DB, moment: Expression<string | null>): RawBuilder<string> {
  return db.dialect === 'postgres'
    ? sql<string>`to_char(${moment} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`${moment}`
}

/**
 * The company's day ('YYYY-MM-DD', in COMPANY_ZONE, as `today()`) of a moment. PostgreSQL converts
 * with its zone database (a `date`); SQLite has none, so it shifts by the zone's offset now (Asia/Jakarta keeps
 * one offset all year).
 */
export function dayOf(db: DB, moment: Expression<string | null>): RawBuilder<string> {
  if (db.dialect === 'postgres') return sql<string>`(${moment} AT TIME ZONE ${COMPANY_ZONE})::date`
  return sql<string>`date(${moment}, ${`${zoneOffsetMinutes(new Date())} minutes`})`
}

/** The moment at `time` ('08:00:00', UTC as every stored moment) of a day column. */
export function momentOfDay(db: DB, day: Expression<string | null>, time: `${number}:${number}:${number}`): RawBuilder<string> {
  return db.dialect === 'postgres' ? sql<string>`(${day} + ${time}::time) AT TIME ZONE 'UTC'` : sql<string>`${day} || ${` ${time}`}`
}

/** COMPANY_ZONE's offset from UTC at `at`, in minutes (+420 for Asia/Jakarta). */
function zoneOffsetMinutes(at: Date): number {
  const parts = Object.fromEntries(zoneParts.formatToParts(at).map((p) => [p.type, p.value]))
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour! % 24, +parts.minute!, +parts.second!)
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000)
}
const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: COMPANY_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

/**
 * Locks the rows a SELECT reads until the transaction ends (PostgreSQL's FOR UPDATE), for a row read
 * to be changed: two saves of one document then run one after the other and neither is lost. On
 * SQLite the query is left as it is (see above). Use with `$call`: `.selectFrom(…)….$call(forUpdate(db))`.
 */
export function forUpdate(db: DB) {
  return <QB extends { forUpdate(): QB }>(qb: QB): QB => (db.dialect === 'postgres' ? qb.forUpdate() : qb)
}

/**
 * A JSON object of `fields`, in their order, made from the row's own columns (no subquery):
 * SQLite's json_object, PostgreSQL's json_build_object (Kysely's `jsonBuildObject` of each dialect).
 * A value that is itself JSON made by the database (another `jsonBuild`, a `jsonArrayFrom`) nests as
 * JSON on both.
 */
export function jsonBuild<O extends Record<string, Expression<unknown>>>(
  db: DB,
  fields: O,
): RawBuilder<JsonText<{ [K in keyof O]: O[K] extends Expression<infer T> ? T : never }>> {
  const helper = db.dialect === 'postgres' ? pgHelpers.jsonBuildObject : sqliteHelpers.jsonBuildObject
  return helper(fields) as unknown as RawBuilder<JsonText<{ [K in keyof O]: O[K] extends Expression<infer T> ? T : never }>>
}

/**
 * The JSON array (text) of `value` over the rows a query groups, in `order` (an ORDER BY list):
 * SQLite's json_group_array(… ORDER BY …); PostgreSQL's array_to_json(array_agg(… ORDER BY …)),
 * whose text has no line breaks between the items (json_agg's has). '[]' when there is no row.
 */
export function jsonAgg<T>(db: DB, value: Expression<T>, order: Expression<unknown>): RawBuilder<JsonText<T[]>> {
  return db.dialect === 'postgres'
    ? sql<JsonText<T[]>>`coalesce(array_to_json(array_agg(${value} ORDER BY ${order})), '[]'::json)`
    : sql<JsonText<T[]>>`coalesce(json_group_array(${value} ORDER BY ${order}), '[]')`
}

/**
 * A whole number as the screens show it, with dots between the thousands (1500000 → '1.500.000'),
 * for a search that matches what the user sees: SQLite's printf('%,d'), PostgreSQL's to_char.
 */
export function thousandsDotted(db: DB, value: Expression<number | null>): RawBuilder<string> {
  return db.dialect === 'postgres'
    ? sql<string>`replace(to_char(${value}, 'FM999,999,999,999,999,999,999'), ',', '.')`
    : sql<string>`replace(printf('%,d', ${value}), ',', '.')`
}

/**
 * Holds the lock of one name until the transaction ends, for a rule across rows no row or unique
 * index can hold (two purchases may not both take one serial number): PostgreSQL's transaction-level
 * advisory lock of the name's hash — only the writers of that same name wait for each other. SQLite
 * needs none (its transaction holds the database's one write lock from its BEGIN IMMEDIATE).
 */
export async function lockName(db: DB, name: string): Promise<void> {
  if (db.dialect !== 'postgres') return
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(db.q)
}
