import { z } from 'zod'

/**
 * One rule for every number the api takes (a money amount, a km, a tread depth, a count), typed in a
 * form, sent as JSON or read from a spreadsheet: finite, whole where the field is whole (a fraction
 * is refused, never rounded), and within bounds no real value reaches that the columns hold on both
 * databases. Refusals are Indonesian messages naming the field.
 */

/** The rule's ceiling for an amount in Rupiah. */
export const RUPIAH_RULE_MAX = 1_000_000_000_000
/**
 * What a PostgreSQL INTEGER column holds (4 bytes): the ids. Rupiah and km are BIGINT there
 * (api/migrations/019_bigint_rupiah_km.ts), as SQLite's INTEGER holds 8 bytes.
 */
export const PG_INTEGER_MAX = 2_147_483_647
/** The highest amount in Rupiah the api stores. */
export const RUPIAH_MAX = RUPIAH_RULE_MAX
/** A vehicle type's dimension (panjang, lebar, tinggi). */
export const DIMENSI_MAX = 100_000
/** A vehicle type's count of tyres. */
export const TOTAL_BAN_MAX = 100
/** A km (odometer, a pemasangan's km, a target km). */
export const KM_MAX = 10_000_000
/** A tread depth in mm. */
export const TEBAL_TAPAK_MAX = 30

/** A whole-number field: its label in messages, its bounds, and whether it is Rupiah (shown 'Rp …'). */
export type WholeRule = { label: string; min: number; max: number; rupiah?: boolean }
/** A decimal field: its label, its bounds and how many decimals it takes. */
export type DecimalRule = { label: string; min: number; max: number; places: number }

export const rupiahRule = (label: string, min = 0): WholeRule => ({ label, min, max: RUPIAH_MAX, rupiah: true })
export const kmRule = (label: string): WholeRule => ({ label, min: 0, max: KM_MAX })

/** Why a value was not read. */
export type Refused = 'not-number' | 'fraction' | 'range'
export type NumberRead = { ok: true; value: number } | { ok: false; why: Refused }

const idNumber = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 4 })
const shown = (n: number, rule: WholeRule | DecimalRule) =>
  'rupiah' in rule && rule.rupiah ? `Rp ${idNumber.format(n)}` : idNumber.format(n)

/**
 * A number as people write it, with its fraction kept: 150000, "150000", "150000.00", "150.000"
 * (id-ID thousands), "1.250.000,50", "1,250,000" (en-US), "7,5", "Rp 150.000", a leading '-'.
 * null when the text is not a number.
 */
export function numberOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v !== 'string') return null
  let s = v.replace(/\s+/g, '')
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

/**
 * A spreadsheet's number as the sheet shows it: to 15 significant digits, as Excel and LibreOffice
 * compute and show, so a formula's binary noise (1664999.9999999998 for 1.665.000) is not a fraction.
 */
export const sheetNumber = (n: number) => Number(n.toPrecision(15))

/** A whole number within `rule`'s bounds; a fraction or a value out of bounds is refused. */
export function readWhole(v: unknown, rule: WholeRule): NumberRead {
  const n = numberOf(v)
  if (n === null) return { ok: false, why: 'not-number' }
  if (!Number.isInteger(n)) return { ok: false, why: 'fraction' }
  if (n < rule.min || n > rule.max) return { ok: false, why: 'range' }
  return { ok: true, value: n }
}

/** A number with at most `rule.places` decimals within its bounds ("7,5" and "7.5" alike). */
export function readDecimal(v: unknown, rule: DecimalRule): NumberRead {
  const n = numberOf(v)
  if (n === null) return { ok: false, why: 'not-number' }
  const scale = 10 ** rule.places
  if (Math.abs(n * scale - Math.round(n * scale)) > 1e-9 * Math.max(1, Math.abs(n * scale))) return { ok: false, why: 'fraction' }
  if (n < rule.min || n > rule.max) return { ok: false, why: 'range' }
  return { ok: true, value: Math.round(n * scale) / scale }
}

/** The message of a refusal that is not 'not a number' (that one is the field's own). */
export function boundMessage(why: Exclude<Refused, 'not-number'>, rule: WholeRule | DecimalRule): string {
  const places = 'places' in rule ? rule.places : 0
  if (why === 'fraction') {
    return places === 0
      ? `${rule.label} harus bilangan bulat, tanpa desimal.`
      : `${rule.label} paling banyak ${places === 1 ? 'satu' : places} angka di belakang koma.`
  }
  return `${rule.label} harus antara ${shown(rule.min, rule)} dan ${shown(rule.max, rule)}.`
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

type FieldOptions = {
  /** The message for a value that is not a number at all. */
  notNumber: string
  /** Blank: this value, or (a string) this message as the field is required; absent → null. */
  blank?: number | { required: string }
  /** Messages that replace boundMessage's for a value below the minimum, above the maximum, or with a fraction. */
  belowMin?: string
  fraction?: string
  aboveMax?: string
}

function field(read: (v: unknown) => NumberRead, rule: WholeRule | DecimalRule, opts: FieldOptions) {
  return z
    .any()
    .optional()
    .transform((v, ctx): number | null => {
      if (blank(v)) {
        if (opts.blank === undefined) return null
        if (typeof opts.blank === 'number') return opts.blank
        ctx.addIssue({ code: 'custom', message: opts.blank.required })
        return z.NEVER
      }
      const r = read(v)
      if (r.ok) return r.value
      let message: string
      if (r.why === 'not-number') message = opts.notNumber
      else if (r.why === 'fraction' && opts.fraction) message = opts.fraction
      else if (r.why === 'range' && opts.belowMin && (numberOf(v) ?? 0) < rule.min) message = opts.belowMin
      else if (r.why === 'range' && opts.aboveMax && (numberOf(v) ?? 0) > rule.max) message = opts.aboveMax
      else message = boundMessage(r.why, rule)
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    })
}

/** zod: an optional whole number by `rule` (blank → null). */
export const optionalWholeField = (rule: WholeRule, opts: Omit<FieldOptions, 'blank'>) => field((v) => readWhole(v, rule), rule, opts)

/** zod: a whole number by `rule`; blank → `opts.blank` (a fallback number, or the required message). */
export const wholeField = (rule: WholeRule, opts: FieldOptions & { blank: number | { required: string } }) =>
  field((v) => readWhole(v, rule), rule, opts) as unknown as z.ZodType<number>

/** zod: an optional decimal by `rule` (blank → null). */
export const optionalDecimalField = (rule: DecimalRule, opts: Omit<FieldOptions, 'blank'>) => field((v) => readDecimal(v, rule), rule, opts)

/** zod: a decimal by `rule`, required (blank → `required`). */
export const decimalField = (rule: DecimalRule, opts: Omit<FieldOptions, 'blank'> & { required: string }) =>
  field((v) => readDecimal(v, rule), rule, { ...opts, blank: { required: opts.required } }) as unknown as z.ZodType<number>
