import { z } from 'zod'
import { DIMENSI_MAX, optionalDecimalField, PG_INTEGER_MAX } from '../../numbers.ts'

/**
 * Zod pieces for master-data forms. Multipart sends every value as text, JSON may send numbers;
 * '' / null / absent always mean "no value" (null). Messages are Indonesian.
 *
 * (api/http.ts has similar helpers; these differ on purpose: an absent number stays null instead of
 * becoming 0, and a non-numeric value gets the field's own message instead of zod's "Invalid input".)
 */

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** Optional text: trimmed, '' → null, numbers become text. */
export const text = (max = 255) =>
  z.preprocess(
    (v) => (isBlank(v) ? null : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'Harus berupa teks.' }).max(max, `Maksimal ${max} karakter.`).nullable(),
  )

/** Required text: trimmed, blank → the given message. */
export const requiredText = (message: string, max = 255) =>
  z.preprocess(
    (v) => (isBlank(v) ? '' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ error: message }).min(1, message).max(max, `Maksimal ${max} karakter.`),
  )

/** Optional integer ≥ min (an id: at most what an INTEGER column holds), given as a number or a digit string ("12", "12.0"). */
export const integer = (message: string, min = 0) =>
  z.preprocess(
    (v) => {
      if (isBlank(v)) return null
      if (typeof v === 'string') {
        const s = v.trim().replace(/\.0+$/, '')
        return /^-?\d+$/.test(s) ? Number(s) : v
      }
      return v
    },
    z.number({ error: message }).int(message).min(min, message).max(PG_INTEGER_MAX, message).nullable(),
  )

/** Optional id of another record (existence is checked separately, see Reference). */
export const foreignId = (message: string) => integer(message, 1)

/** Optional dimension ≥ 0 (numbers.ts: up to DIMENSI_MAX, four decimals); a comma is accepted as the decimal separator ("2,5"). */
export const decimal = (label: string, message: string) =>
  optionalDecimalField({ label, min: 0, max: DIMENSI_MAX, places: 4 }, { notNumber: message, belowMin: message })

/** Optional calendar date YYYY-MM-DD (a real day). */
export const date = (message: string) =>
  z.preprocess((v) => (isBlank(v) ? null : typeof v === 'string' ? v.trim() : v), z.iso.date({ error: message }).nullable())

/**
 * Optional choice from a fixed list, matched case-insensitively and stored in the list's spelling
 * ("bca" → "BCA", "hitam" → "Hitam").
 */
export const choice = (values: readonly [string, ...string[]], message: string) =>
  z.preprocess(
    (v) => {
      if (isBlank(v)) return null
      if (typeof v !== 'string') return v
      const wanted = v.trim().replace(/\s+/g, ' ').toLowerCase()
      return values.find((x) => x.toLowerCase() === wanted) ?? v
    },
    z.enum(values, { error: message }).nullable(),
  )

// ---- choice lists: the fixed options of the forms' selects -----------------------------------------

export const NAMA_BANK = [
  'BRI',
  'MANDIRI',
  'BNI',
  'BTN',
  'DANAMON',
  'BCA',
  'PERMATA',
  'PAN',
  'CIMB NIAGA',
  'UOB',
  'ARTHA GRAHA',
  'BUMI ARTHA',
  'MEGA',
  'SYARIAH',
  'MEGA SYARIAH',
] as const satisfies readonly [string, ...string[]]

export const WARNA = [
  'Hitam',
  'Putih',
  'Cokelat',
  'Hijau',
  'Orange',
  'Merah',
  'Ungu',
  'Kuning',
  'Biru',
  'Silver',
] as const satisfies readonly [string, ...string[]]

export const GENDER = ['Laki-laki', 'Perempuan'] as const satisfies readonly [string, ...string[]]

export const namaBank = () => choice(NAMA_BANK, `Nama bank harus salah satu dari: ${NAMA_BANK.join(', ')}.`)
