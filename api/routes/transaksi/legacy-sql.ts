import type { DB } from '../../types.ts'
import type { DocFilter } from './common.ts'

/**
 * The string-built query helpers of the documents not yet written with the typed builder
 * (pemasangan, pelepasan, rotasi, pemeriksaan): delete this file once none of them imports it.
 */

/** SQL WHERE for a DocFilter on a table alias with tanggal_awal and status columns. */
export function filterSql(f: DocFilter, alias: string): { where: string; params: string[] } {
  const parts: string[] = []
  const params: string[] = []
  if (f.from && f.to) {
    parts.push(`${alias}.tanggal_awal BETWEEN ? AND ?`)
    params.push(f.from, f.to)
  }
  if (f.status) {
    parts.push(`${alias}.status = ?`)
    params.push(f.status)
  }
  return { where: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params }
}

/** A nested object, or null when the joined row is missing (keyCol IS NULL). */
export const nestedJson = (keyCol: string, pairs: string) => `json(CASE WHEN ${keyCol} IS NOT NULL THEN json_object(${pairs}) END)`

/** The JSON text of an array of `objectExpr` over `fromWhere`, ordered by `order`. */
export async function jsonArray(db: DB, objectExpr: string, fromWhere: string, order: string, params: unknown[]): Promise<string> {
  const sql = `SELECT json_group_array(${objectExpr} ORDER BY ${order}) ${fromWhere}`
  return (
    ((await db
      .prepare(sql)
      .pluck()
      .get(...params)) as string | null) ?? '[]'
  )
}

/** One object (parsed), or null. */
export async function jsonObject<T = Record<string, unknown>>(
  db: DB,
  objectExpr: string,
  fromWhere: string,
  params: unknown[],
): Promise<T | null> {
  const text = (await db
    .prepare(`SELECT ${objectExpr} ${fromWhere}`)
    .pluck()
    .get(...params)) as string | undefined
  return text === undefined ? null : (JSON.parse(text) as T)
}
