import { sql, type RawBuilder } from 'kysely'
import { momentOfDay } from '../sql.ts'
import type { DB } from '../types.ts'

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
 * The moment at a time of day of a date column (UTC, as every stored moment): the seeds date a step
 * at the day it happened instead of now. `column` is one of the seeds' own constants, never a value.
 */
export function atTime(
  db: DB,
  column: 'tanggal' | 'tanggal_awal' | 'tanggal_bayar',
  time: `${number}:${number}:${number}`,
): RawBuilder<string> {
  return momentOfDay(db, sql.ref(column), time)
}
