import { isCalendarDate, parseDateFilter, todayInCompany, type DateFilter, type FilterProblem, type ParsedDateFilter } from './date-filter'

/**
 * Jatuh Tempo STNK & KIR: which registration documents expire soon or have expired —
 * a vehicle's expired_stnk and expired_kir, and the STNK records' expired_stnk. Pure: the dashboard's
 * panel and the Jatuh Tempo list (its screen, print page and CSV) read the same rows and the same
 * window. Every date is a calendar day; "today" is the company's (Asia/Jakarta), not UTC's.
 */

export type Dokumen = 'STNK' | 'KIR'

export type DueRow = {
  /** Unique within the list (source, record id, document). */
  key: string
  /** Where the date is kept: the vehicle master or an STNK record. */
  sumber: 'kendaraan' | 'stnk'
  id: number
  /** The vehicle the document belongs to (null: an STNK record of no vehicle): what Perpanjang renews. */
  kendaraan_id: number | null
  no_kabin: string | null
  no_pol: string | null
  dokumen: Dokumen
  /** YYYY-MM-DD */
  tanggal: string
}

type VehicleLike = { id: number; no_kabin: string | null; no_pol: string | null; expired_stnk: string | null; expired_kir: string | null }
type StnkLike = {
  id: number
  kendaraan_id: number | null
  no_pol: string | null
  expired_stnk: string | null
  kendaraan: { id?: number | null; no_kabin: string | null; no_pol: string | null } | null
}

/** The dashboard's window and the list's default one (days from today, past-due always included). */
export const DEFAULT_HARI = 30
export const HARI_CHOICES = [30, 60, 90] as const

const DAY_MS = 86_400_000
const utcOf = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))

/** Whole days from `today` to `day` (both YYYY-MM-DD): negative when `day` is past. */
export function daysBetween(today: string, day: string): number {
  return Math.round((utcOf(day) - utcOf(today)) / DAY_MS)
}

/** `day` plus `n` calendar days, YYYY-MM-DD. */
export function addDays(day: string, n: number): string {
  return new Date(utcOf(day) + n * DAY_MS).toISOString().slice(0, 10)
}

/** '12 hari lagi', 'hari ini', 'lewat 3 hari'. */
export function sisaLabel(days: number): string {
  if (days < 0) return `lewat ${-days} hari`
  if (days === 0) return 'hari ini'
  return `${days} hari lagi`
}

const byDate = (a: DueRow, b: DueRow) =>
  a.tanggal < b.tanggal ? -1 : a.tanggal > b.tanggal ? 1 : (a.no_kabin ?? '').localeCompare(b.no_kabin ?? '') || a.key.localeCompare(b.key)

/**
 * Every dated document, soonest first. An STNK record of a vehicle whose own expired_stnk is the
 * same day is the same document and counted once (the vehicle's row); any other STNK record is its
 * own row, with the vehicle's No Kabin when it has one.
 */
export function dueRows(kendaraan: readonly VehicleLike[], stnk: readonly StnkLike[]): DueRow[] {
  const rows: DueRow[] = []
  const vehicleStnk = new Map<number, string>()
  for (const k of kendaraan) {
    if (k.expired_stnk && isCalendarDate(k.expired_stnk)) {
      vehicleStnk.set(k.id, k.expired_stnk)
      rows.push({
        key: `k${k.id}-STNK`,
        sumber: 'kendaraan',
        id: k.id,
        kendaraan_id: k.id,
        no_kabin: k.no_kabin,
        no_pol: k.no_pol,
        dokumen: 'STNK',
        tanggal: k.expired_stnk,
      })
    }
    if (k.expired_kir && isCalendarDate(k.expired_kir)) {
      rows.push({
        key: `k${k.id}-KIR`,
        sumber: 'kendaraan',
        id: k.id,
        kendaraan_id: k.id,
        no_kabin: k.no_kabin,
        no_pol: k.no_pol,
        dokumen: 'KIR',
        tanggal: k.expired_kir,
      })
    }
  }
  for (const s of stnk) {
    if (!s.expired_stnk || !isCalendarDate(s.expired_stnk)) continue
    const kendaraanId = s.kendaraan_id ?? s.kendaraan?.id ?? null
    if (kendaraanId !== null && vehicleStnk.get(kendaraanId) === s.expired_stnk) continue
    rows.push({
      key: `s${s.id}-STNK`,
      sumber: 'stnk',
      id: s.id,
      kendaraan_id: kendaraanId,
      no_kabin: s.kendaraan?.no_kabin ?? null,
      no_pol: s.no_pol ?? s.kendaraan?.no_pol ?? null,
      dokumen: 'STNK',
      tanggal: s.expired_stnk,
    })
  }
  return rows.sort(byDate)
}

/** The window of the list: N days from today (past-due included) or a date range. */
export type DueWindow = { kind: 'hari'; hari: number } | { kind: 'tanggal'; awal: string; akhir: string }

export type ParsedDueWindow = {
  /** What was typed, for the form (never lost). */
  filter: DateFilter
  hari: string
  window: DueWindow | null
  /** Why the window cannot be used (nothing is read): shown above the table. */
  problem: FilterProblem | null
  /** The date part as the date filter block reads it (DateFilterForm). */
  parsed: ParsedDateFilter
}

export const HARI_MESSAGE = 'Jangka waktu harus 30, 60 atau 90 hari.'

/**
 * Reads ?hari= (30, 60, 90) or ?tanggal_awal=&tanggal_akhir= (a range wins over hari); without
 * either, the next 30 days. A bad value is a clear message and the window is not used.
 */
export function parseDueWindow(params: URLSearchParams): ParsedDueWindow {
  const parsed = parseDateFilter(params, { withStatus: false })
  const hari = (params.get('hari') ?? '').trim().slice(0, 10)
  const base = { filter: parsed.filter, hari, parsed }
  if (parsed.problem) return { ...base, window: null, problem: parsed.problem }
  if (parsed.period)
    return { ...base, window: { kind: 'tanggal', awal: parsed.filter.tanggal_awal, akhir: parsed.filter.tanggal_akhir }, problem: null }
  if (!hari) return { ...base, window: { kind: 'hari', hari: DEFAULT_HARI }, problem: null }
  const n = Number(hari)
  if (!(HARI_CHOICES as readonly number[]).includes(n) || !/^\d+$/.test(hari)) {
    return { ...base, window: null, problem: { title: 'Peringatan', message: HARI_MESSAGE, field: 'hari' } }
  }
  return { ...base, window: { kind: 'hari', hari: n }, problem: null }
}

/** The rows of a window (rows sorted by date stay so). */
export function inWindow(rows: readonly DueRow[], window: DueWindow, today: string = todayInCompany()): DueRow[] {
  if (window.kind === 'hari') {
    const until = addDays(today, window.hari)
    return rows.filter((r) => r.tanggal <= until)
  }
  return rows.filter((r) => r.tanggal >= window.awal && r.tanggal <= window.akhir)
}

/** The window as the URL says it (for links, the print page and the CSV). */
export function windowParams(window: DueWindow): [string, string][] {
  return window.kind === 'hari'
    ? [['hari', String(window.hari)]]
    : [
        ['tanggal_awal', window.awal],
        ['tanggal_akhir', window.akhir],
      ]
}

/** "30 hari ke depan" / "01/11/2026 s.d. 30/11/2026" for headings. */
export function windowLabel(window: DueWindow): string {
  if (window.kind === 'hari') return `${window.hari} hari ke depan (termasuk yang sudah lewat)`
  const f = (d: string) => d.split('-').reverse().join('/')
  return `${f(window.awal)} s.d. ${f(window.akhir)}`
}
