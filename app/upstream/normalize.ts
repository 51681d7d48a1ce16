import { z } from 'zod'

/**
 * Zod pieces that normalise the upstream's quirks in one place (DESIGN §2): numbers sent as strings
 * ("150000.00"), null and "" for missing values, lists as plain arrays or inside data / data.data,
 * saved records as {data} or bare.
 */

/** Text or nothing: numbers become text, "" and whitespace become null. */
export const text = z.preprocess((v) => {
  if (v === undefined || v === null) return null
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (typeof v === 'string') return v.trim() === '' ? null : v
  return null
}, z.string().nullable())

/** A number or nothing: accepts 150000, "150000", "150000.00", "150.000" is NOT read as 150. */
export const num = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'string') {
    const s = v.trim()
    if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s)
    return null
  }
  return null
}, z.number().nullable())

/** A record id: number or digit string. */
export const id = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)])

/** An optional nested id (foreign key). */
export const optionalId = z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable())

/** A list answer as a plain array, {data: [...]} or {data: {data: [...]}}. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (Array.isArray(v)) return v
    if (v && typeof v === 'object' && 'data' in v) {
      const d = (v as { data: unknown }).data
      if (Array.isArray(d)) return d
      if (d && typeof d === 'object' && 'data' in d && Array.isArray((d as { data: unknown }).data)) {
        return (d as { data: unknown[] }).data
      }
    }
    return v
  }, z.array(item))
}

/** A saved or single record: {data: record} or the record itself. */
export function recordOf<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (v && typeof v === 'object' && 'data' in v) {
      const d = (v as { data: unknown }).data
      if (d && typeof d === 'object' && !Array.isArray(d)) return d
    }
    return v
  }, item)
}

/** A nested object that may be missing or null. */
export const nested = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : null), item.nullable())
