import { z } from 'zod'

/**
 * One rule for the numbers typed into the forms (an amount in Rupiah, a km, a tread depth): finite,
 * whole where the field is whole (a fraction is refused, never rounded), and within bounds no real
 * value reaches. The same rule as the reference api's (which shares no code with the app), so a
 * value out of bounds gets its message beside the field before any upstream call, with what was
 * typed kept. The reference api may hold less than these in its columns; it then refuses with its
 * own bound, shown beside the same field.
 */

/** An amount in Rupiah. */
export const RUPIAH_MAX = 1_000_000_000_000
/** A km (odometer, a fitting's km, a target km). */
export const KM_MAX = 10_000_000
/** A tread depth in mm. */
export const TEBAL_TAPAK_MAX = 30
/** A vehicle type's dimension (panjang, lebar, tinggi). */
export const DIMENSI_MAX = 100_000

/** A whole-number field: its label in messages, its bounds, and whether it is Rupiah (shown 'Rp …'). */
export type WholeRule = { label: string; min: number; max: number; rupiah?: boolean }

export const rupiahRule = (label: string, min = 0): WholeRule => ({ label, min, max: RUPIAH_MAX, rupiah: true })
export const kmRule = (label: string): WholeRule => ({ label, min: 0, max: KM_MAX })

const idNumber = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 4 })
const shown = (n: number, rule: WholeRule) => (rule.rupiah ? `Rp ${idNumber.format(n)}` : idNumber.format(n))

/**
 * A number as people type it, with its fraction kept: "150000", "150.000" (id-ID thousands),
 * "1.250.000,50", "1,250,000" (en-US), "7,5", "Rp 150.000", a leading '-'. null when it is not one.
 */
export function numberOf(text: string): number | null {
  let s = text.replace(/\s+/g, '')
  const negative = s.startsWith('-')
  if (negative) s = s.slice(1)
  s = s.replace(/^rp\.?/i, '')
  let t: string
  if (/^\d+$/.test(s)) t = s
  else if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) t = s.replace(/\./g, '').replace(',', '.')
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) t = s.replace(/,/g, '')
  else if (/^\d+\.\d+$/.test(s)) t = s
  else if (/^\d+,\d+$/.test(s)) t = s.replace(',', '.')
  else return null
  const n = Number(t)
  if (!Number.isFinite(n)) return null
  return negative ? -n : n
}

export type WholeMessages = {
  /** The message for text that is not a number. */
  invalid: string
  /** Replaces the bounds message for a value below the minimum. */
  belowMin?: string
}

/** A whole number by `rule`, or the Indonesian message why not. */
export function readWhole(text: string, rule: WholeRule, messages: WholeMessages): { value: number } | { error: string } {
  const n = numberOf(text)
  if (n === null) return { error: messages.invalid }
  if (!Number.isInteger(n)) return { error: `${rule.label} harus bilangan bulat, tanpa desimal.` }
  if (n < rule.min && messages.belowMin) return { error: messages.belowMin }
  if (n < rule.min || n > rule.max) return { error: `${rule.label} harus antara ${shown(rule.min, rule)} dan ${shown(rule.max, rule)}.` }
  return { value: n }
}

function wholeText(rule: WholeRule, messages: WholeMessages, required: string | null) {
  return z
    .string(required ? { error: required } : undefined)
    .optional()
    .transform((v, ctx): string | undefined => {
      const text = (v ?? '').trim()
      if (text === '') {
        if (required === null) return undefined
        ctx.addIssue({ code: 'custom', message: required })
        return z.NEVER
      }
      const r = readWhole(text, rule, messages)
      if ('error' in r) {
        ctx.addIssue({ code: 'custom', message: r.error })
        return z.NEVER
      }
      return String(r.value)
    })
}

/** zod: an optional typed whole number by `rule` → its digits ("1.500.000" → "1500000"); blank → undefined. */
export const wholeDigits = (rule: WholeRule, messages: WholeMessages) => wholeText(rule, messages, null)

/** zod: a required typed whole number by `rule` → its digits; blank → `messages.required`. */
export const requiredWholeDigits = (rule: WholeRule, messages: WholeMessages & { required: string }) =>
  wholeText(rule, messages, messages.required).transform((v) => v as string)

/** zod: a required typed whole number by `rule` → the number. */
export const wholeNumberField = (rule: WholeRule, messages: WholeMessages & { required: string }) =>
  requiredWholeDigits(rule, messages).transform(Number)

/** A decimal 0–max with at most `places` decimals ("7,5" and "7.5" alike; no thousands), else null. */
export function decimalWithin(text: string, max: number, places: number): number | null {
  const s = text.trim()
  if (!/^\d+([.,]\d+)?$/.test(s)) return null
  const n = Number(s.replace(',', '.'))
  if (!Number.isFinite(n) || n > max) return null
  const scale = 10 ** places
  return Math.abs(n * scale - Math.round(n * scale)) < 1e-9 * Math.max(1, n * scale) ? n : null
}
