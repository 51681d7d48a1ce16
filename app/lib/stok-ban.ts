/**
 * Stok Ban and Riwayat Ban: the list's filters read from the URL, the texts of a tyre's
 * state and place, and the figures of its history's summary. Pure (loaders and tests use it).
 */
import { formatNumber, formatRupiah } from './format'

export const STATUS_BAN = ['stok', 'terpasang', 'vulkanisir', 'afkir'] as const
export type StatusBan = (typeof STATUS_BAN)[number]

export const STATUS_LABEL: Record<StatusBan, string> = {
  stok: 'Stok',
  terpasang: 'Terpasang',
  vulkanisir: 'Vulkanisir',
  afkir: 'Afkir',
}

/** The filter parameters of Stok Ban, in the order they are written to a URL. */
export const STOK_FILTER_PARAMS = ['status', 'ukuran', 'merek'] as const
export type StokFilterField = (typeof STOK_FILTER_PARAMS)[number]
export type StokFilter = Record<StokFilterField, string>
export type StokFilterProblem = { field: StokFilterField; message: string }
export type ParsedStokFilter = { filter: StokFilter; problem: StokFilterProblem | null }

const read = (params: URLSearchParams, name: string) => (params.get(name) ?? '').trim().slice(0, 40)

/**
 * ?status=stok|terpasang|vulkanisir|afkir, ?ukuran={id}, ?merek={id}: what was sent is kept for the
 * form (trimmed, cut to 40 characters); a value that is not one of those is the problem shown.
 * `known` (the ids of the sizes and brands that exist) turns an id of nothing into a message too.
 */
export function parseStokFilter(
  params: URLSearchParams,
  known?: { ukuran: ReadonlySet<string>; merek: ReadonlySet<string> },
): ParsedStokFilter {
  const filter: StokFilter = { status: read(params, 'status').toLowerCase(), ukuran: read(params, 'ukuran'), merek: read(params, 'merek') }
  const problem = (field: StokFilterField, message: string): ParsedStokFilter => ({ filter, problem: { field, message } })
  if (filter.status && !(STATUS_BAN as readonly string[]).includes(filter.status)) {
    return problem('status', 'Status harus Stok, Terpasang, Vulkanisir atau Afkir.')
  }
  for (const [field, label] of [
    ['ukuran', 'Ukuran'],
    ['merek', 'Merek'],
  ] as const) {
    const v = filter[field]
    if (!v) continue
    if (!/^\d{1,12}$/.test(v) || Number(v) < 1) return problem(field, `${label} tidak valid: pilih dari daftar ${label.toLowerCase()}.`)
    if (known && !known[field].has(v)) return problem(field, `${label} dengan id ${v} tidak ditemukan.`)
  }
  return { filter, problem: null }
}

/** The filter's non-empty values as URL parameters, in a fixed order. */
export const stokFilterEntries = (filter: StokFilter): [string, string][] =>
  STOK_FILTER_PARAMS.filter((k) => filter[k]).map((k) => [k, filter[k]])

type TyreOfFilter = {
  status: string | null
  ukuran_id: number | null
  merek_id: number | null
  ukuran?: { id: number | null } | null
  merek?: { id: number | null } | null
}

/** Does a tyre pass a valid filter? */
export function matchesStokFilter(b: TyreOfFilter, filter: StokFilter): boolean {
  if (filter.status && b.status !== filter.status) return false
  if (filter.ukuran && String(b.ukuran_id ?? b.ukuran?.id ?? '') !== filter.ukuran) return false
  if (filter.merek && String(b.merek_id ?? b.merek?.id ?? '') !== filter.merek) return false
  return true
}

/** A state's label ('stok' → 'Stok'); an unknown state as it came, missing as '—'. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return '—'
  return (STATUS_LABEL as Record<string, string>)[status] ?? status
}

/** Where a tyre is: 'No Kabin · posisi' while fitted, 'Di vulkanisir' at the retreader, else '—'. */
export function lokasiText(
  status: string | null | undefined,
  lokasi: { no_kabin: string | null; posisi_ban: string | null } | null | undefined,
): string {
  if (lokasi && (lokasi.no_kabin || lokasi.posisi_ban)) return [lokasi.no_kabin ?? '—', lokasi.posisi_ban].filter(Boolean).join(' · ')
  if (status === 'vulkanisir') return 'Di vulkanisir'
  return '—'
}

/** '12.345 km'; missing '—'. */
export const formatKm = (km: number | null | undefined) =>
  km === null || km === undefined || !Number.isFinite(km) ? '—' : `${formatNumber(km)} km`

/** Cost per km: 'Rp 12/km'; no km run yet: 'Belum ada km tempuh'. */
export const formatBiayaPerKm = (rp: number | null | undefined) =>
  rp === null || rp === undefined || !Number.isFinite(rp) ? 'Belum ada km tempuh' : `${formatRupiah(rp)}/km`

const percent = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/**
 * Progress toward the target km: the percent as text ('42,5%', id-ID) and the bar's width (0–100;
 * a tyre past its target is a full bar with the real percent in the text).
 */
export function targetProgress(persen: number | null | undefined, totalKm: number | null | undefined, targetKm: number | null | undefined) {
  let value = persen
  if (
    (value === null || value === undefined || !Number.isFinite(value)) &&
    targetKm &&
    targetKm > 0 &&
    totalKm !== null &&
    totalKm !== undefined
  ) {
    value = Math.round((totalKm / targetKm) * 1000) / 10
  }
  const v = value !== null && value !== undefined && Number.isFinite(value) ? Math.max(0, value) : 0
  return { text: `${percent.format(v)}%`, width: Math.min(100, v), value: v }
}

/** Labels of the history's kinds (riwayat_ban.jenis). */
export const JENIS_LABEL: Record<string, string> = {
  beli: 'Dibeli',
  pasang: 'Dipasang',
  batal_pasang: 'Pemasangan dibatalkan',
  lepas: 'Dilepas',
  batal_lepas: 'Pelepasan dibatalkan',
  terima_vulkanisir: 'Diterima dari vulkanisir',
  rotasi: 'Dipindah posisi (rotasi)',
  batal_rotasi: 'Rotasi dibatalkan',
}

export const TUJUAN_LABEL: Record<string, string> = { stok: 'Stok (bekas)', vulkanisir: 'Vulkanisir', afkir: 'Afkir' }

/** The title of a history row: a pelepasan to scrap is 'Dilepas — afkir'. */
export function jenisLabel(jenis: string | null, tujuan: string | null): string {
  if (jenis === 'lepas' && tujuan === 'afkir') return 'Dilepas dan diafkir'
  if (jenis === 'lepas' && tujuan === 'vulkanisir') return 'Dilepas ke vulkanisir'
  return (jenis && JENIS_LABEL[jenis]) || jenis || '—'
}

type HistoryRow = { jenis: string | null; tanggal: string | null; tujuan: string | null }

/**
 * The day a retread went out: for each 'terima_vulkanisir' row (history newest first), the date of
 * the nearest older pelepasan to the retreader. Index of the row → date (or null when none is known).
 */
export function tanggalKirimVulkanisir(rows: readonly HistoryRow[]): (string | null)[] {
  return rows.map((r, i) => {
    if (r.jenis !== 'terima_vulkanisir') return null
    for (let j = i + 1; j < rows.length; j++) {
      const older = rows[j]!
      if (older.jenis === 'lepas' && older.tujuan === 'vulkanisir') return older.tanggal
    }
    return null
  })
}
