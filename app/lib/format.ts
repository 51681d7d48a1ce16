/** id-ID formats (currency as Rp with id-ID grouping; dates in id-ID). */

const number = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 })

/** 1500000 → "1.500.000"; null/NaN → "-". Grand totals are shown as integers. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-'
  return number.format(Math.round(value))
}

/** 1500000 → "Rp 1.500.000"; null → "-". */
export function formatRupiah(value: number | null | undefined): string {
  const n = formatNumber(value)
  return n === '-' ? n : `Rp ${n}`
}

const longDate = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
const shortDate = new Intl.DateTimeFormat('id-ID', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  if (!m) return null
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return Number.isNaN(d.getTime()) ? null : d
}

/** "2026-11-22" → "22 November 2026"; invalid or missing → "-". */
export const formatDateLong = (value: string | null | undefined) => {
  const d = toDate(value)
  return d ? longDate.format(d) : '-'
}

/** "2026-11-22" → "22/11/2026"; invalid or missing → "-". */
export const formatDate = (value: string | null | undefined) => {
  const d = toDate(value)
  return d ? shortDate.format(d) : '-'
}

/** Keeps the digits of a price input ("Rp 1.500.000" → "1500000"); empty → "". */
export const digitsOnly = (value: string) => value.replace(/\D+/g, '')

/** A value or the spec's 'Tidak ada' for missing values. */
export const orTidakAda = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? 'Tidak ada' : String(value)
