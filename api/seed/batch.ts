import { sql, type RawBuilder } from 'kysely'

/**
 * The seeds' many-row inserts: one INSERT of many rows (`db.q.insertInto(…).values([...])`) per chunk,
 * each chunk's values below the bound parameters one statement may have (SQLite's 32,766;
 * PostgreSQL's 65,535).
 */
const MAX_PARAMETERS = 30_000

/** `rows` in chunks of at most MAX_PARAMETERS values (`columns` values a row), in order. */
export function* chunksOf<T>(rows: readonly T[], columns: number): Generator<T[]> {
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns))
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size)
}

/**
 * A date column followed by a time of day, as the TEXT time columns hold it ('YYYY-MM-DD HH:MM:SS'):
 * the seeds date a step at the day it happened instead of now. `column` is one of the seeds' own
 * constants, never a value.
 */
export function atTime(column: 'tanggal' | 'tanggal_awal' | 'tanggal_bayar', time: string): RawBuilder<string> {
  return sql<string>`${sql.ref(column)} || ${` ${time}`}`
}
