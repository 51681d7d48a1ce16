import { z } from 'zod'
import { toFormData } from '../form-data'
import { DIMENSI_MAX, decimalWithin, kmRule, wholeDigits } from './numbers'

/** Zod pieces shared by the master-data dialog schemas (client and server; Conform gives '' as undefined). */

/** Optional text up to `max` characters (trimmed). */
export const optionalText = (label: string, max = 255) => z.string().trim().max(max, `${label} maksimal ${max} karakter.`).optional()

/** Required text: blank gives `message`. */
export const requiredText = (message: string, label: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} maksimal ${max} karakter.`)

/** Optional choice among fixed values. */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message }).optional()

/** Optional id of a record picked from a choice (digits). */
export const optionalId = (message: string) =>
  z
    .string()
    .regex(/^\d{1,12}$/, message)
    .optional()

/** Optional dimension 0–100.000 with up to four decimals (a comma is accepted as the separator), sent with a dot. */
export const optionalDecimal = (message: string) =>
  z
    .string()
    .trim()
    .refine((s) => decimalWithin(s, DIMENSI_MAX, 4) !== null, message)
    .transform((s) => s.replace(',', '.'))
    .optional()

/** Optional km, whole, 0–10.000.000 ('12.500' → '12500'; forms/numbers.ts); `message` for text that is not a number. */
export const optionalKm = (message: string) => wholeDigits(kmRule('Km'), { invalid: message, belowMin: message })

/** Optional calendar date YYYY-MM-DD (what a date input sends). */
export const optionalDate = (message: string) => z.iso.date({ error: message }).optional()

/**
 * The multipart body of a dialog's save (every non-null form field, including files).
 * An update sends every field, a cleared one as '' (the upstream clears it); a create skips empty
 * ones. A photo goes only when one was picked (no file keeps the stored one).
 */
export function formBody<K extends string>(
  keys: readonly K[],
  value: Partial<Record<K, unknown>>,
  update: boolean,
  photos: readonly string[] = [],
): FormData {
  const fields = Object.fromEntries(keys.map((k) => [k, (value[k] ?? (photos.includes(k) ? null : '')) as string | File | null]))
  return toFormData(fields, { keepEmpty: update })
}
