import type { FilterChoice } from './date-filter'
import { formatNumber } from './format'

/**
 * Laporan Biaya Ban per Km: the report's choices in the URL (group, urutan), its order
 * and its total. Pure: used by the screen, the print page, the CSV and the unit tests.
 */

export const GROUP_LABELS = { merek: 'Merek', ukuran: 'Ukuran', supplier: 'Supplier', kendaraan: 'Kendaraan' } as const
export type Kelompok = keyof typeof GROUP_LABELS

export const URUTAN_LABELS = { terbaik: 'Termurah per km dulu', terburuk: 'Termahal per km dulu' } as const
export type Urutan = keyof typeof URUTAN_LABELS

export const GROUP_CHOICE: FilterChoice = {
  name: 'group',
  label: 'Kelompokkan menurut',
  options: Object.entries(GROUP_LABELS).map(([value, label]) => ({ value, label })),
  invalid: 'Pengelompokan harus Merek, Ukuran, Supplier atau Kendaraan.',
}

export const URUTAN_CHOICE: FilterChoice = {
  name: 'urutan',
  label: 'Urutan',
  options: Object.entries(URUTAN_LABELS).map(([value, label]) => ({ value, label })),
  invalid: 'Urutan harus termurah atau termahal per km dulu.',
}

export const LAPORAN_BIAYA_CHOICES = [GROUP_CHOICE, URUTAN_CHOICE] as const

/** The chosen group (merek when the value is not one). */
export const kelompokOf = (value: string | undefined): Kelompok =>
  value && Object.hasOwn(GROUP_LABELS, value) ? (value as Kelompok) : 'merek'
/** The chosen order (terbaik when the value is not one). */
export const urutanOf = (value: string | undefined): Urutan => (value === 'terburuk' ? 'terburuk' : 'terbaik')

type Costed = { biaya_per_km: number | null; label?: string; kode_ban?: string }

const collator = new Intl.Collator('id-ID', { numeric: true, sensitivity: 'base' })

/**
 * Cheapest per km first (terbaik) or dearest first (terburuk); a row without a cost per km (no km
 * run) is last either way. Ties keep a stable, readable order: by label or tyre code.
 */
export function byCostPerKm<T extends Costed>(rows: readonly T[], urutan: Urutan): T[] {
  const sign = urutan === 'terburuk' ? -1 : 1
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      const x = a.row.biaya_per_km
      const y = b.row.biaya_per_km
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1
      } else if (x !== y) return sign * (x - y)
      const name = collator.compare(a.row.label ?? a.row.kode_ban ?? '', b.row.label ?? b.row.kode_ban ?? '')
      return name || a.i - b.i
    })
    .map((x) => x.row)
}

/** Whether rows already are in the urutan's cost order, null last (ties as they came): one pass. */
export function inCostOrder(rows: readonly { biaya_per_km: number | null }[], urutan: Urutan): boolean {
  for (let i = 1; i < rows.length; i++) {
    const x = rows[i - 1]!.biaya_per_km
    const y = rows[i]!.biaya_per_km
    if (x === null) {
      if (y !== null) return false
    } else if (y !== null && (urutan === 'terburuk' ? y > x : y < x)) return false
  }
  return true
}

/** Cost per km in whole rupiah, or null when nothing was run. */
export const biayaPerKm = (totalBiaya: number, kmTempuh: number): number | null => (kmTempuh > 0 ? Math.round(totalBiaya / kmTempuh) : null)

type Sums = {
  jumlah_ban: number
  km_tempuh: number
  total_biaya: number
  /** The cost of the tyres that ran (null: an api that does not say; then every tyre's cost). */
  biaya_berjalan?: number | null
  ban_belum_berjalan?: number
  biaya_belum_berjalan?: number
  klaim_disetujui?: number
  klaim_berjalan?: number
}

/**
 * The total row of the groups shown (a search narrows it): sums, and the cost per km over the tyres
 * that ran; the tyres that have run no km yet and their cost are summed apart.
 */
export function totalOf(rows: readonly Sums[]) {
  const t = {
    jumlah_ban: 0,
    km_tempuh: 0,
    total_biaya: 0,
    biaya_berjalan: 0,
    ban_belum_berjalan: 0,
    biaya_belum_berjalan: 0,
    klaim_disetujui: 0,
    klaim_berjalan: 0,
  }
  for (const r of rows) {
    t.jumlah_ban += r.jumlah_ban
    t.km_tempuh += r.km_tempuh
    t.total_biaya += r.total_biaya
    t.biaya_berjalan += r.biaya_berjalan ?? r.total_biaya
    t.ban_belum_berjalan += r.ban_belum_berjalan ?? 0
    t.biaya_belum_berjalan += r.biaya_belum_berjalan ?? 0
    t.klaim_disetujui += r.klaim_disetujui ?? 0
    t.klaim_berjalan += r.klaim_berjalan ?? 0
  }
  return { ...t, biaya_per_km: biayaPerKm(t.biaya_berjalan, t.km_tempuh), ...bersihOf(t) }
}

/**
 * The cost net of the approved claims (Disetujui) beside the gross: what the tyres cost once the
 * claims are paid, and that per km over the tyres that ran (their claims taken off their cost).
 */
export function bersihOf(g: Sums) {
  const klaim = g.klaim_disetujui ?? 0
  return {
    biaya_bersih: g.total_biaya - klaim,
    biaya_bersih_per_km: biayaPerKm((g.biaya_berjalan ?? g.total_biaya) - (g.klaim_berjalan ?? 0), g.km_tempuh),
  }
}

type BelumBerjalan = { ban_belum_berjalan?: number; biaya_belum_berjalan?: number }

/** '2 ban, Rp 3.000.000 (di luar biaya per km)': the tyres that have not run, or null when every tyre ran. */
export const belumBerjalanDetail = (g: BelumBerjalan) =>
  g.ban_belum_berjalan
    ? `${formatNumber(g.ban_belum_berjalan)} ban, Rp ${formatNumber(g.biaya_belum_berjalan ?? 0)} (di luar biaya per km)`
    : null

/** 'Belum berjalan: 2 ban, Rp 3.000.000 (di luar biaya per km)', or null when every tyre ran. */
export const belumBerjalanText = (g: BelumBerjalan) => {
  const detail = belumBerjalanDetail(g)
  return detail ? `Belum berjalan: ${detail}` : null
}

/** Km with id-ID grouping: 12345 → "12.345". */
export const formatKm = (km: number) => formatNumber(km)

/** Cost per km as shown: "Rp 1.234"; '—' when the tyre (or group) has run no km. */
export const formatBiayaPerKm = (value: number | null) => (value === null ? '—' : `Rp ${formatNumber(value)}`)

/**
 * Tyres a group shows on the screen when opened: a fleet's group can hold thousands (every tyre of a
 * brand), which would make the page megabytes. The rest are counted, and are in Cetak and the CSV.
 * Ten, the cheapest or dearest of the group: rendering the tyre lines (each with its Riwayat link) is
 * most of the page's time, and ten a group keeps the report within the list pages' target (p95 ≤ 20 ms
 * at 10,000 vehicles; docs/performance.md).
 */
export const TYRES_SHOWN = 10

/**
 * Tyres a group prints (Cetak): the cheapest or dearest of each group in the report's order, so the
 * paper stays a report at a fleet's size; the rest are counted on the page and are all in the CSV.
 */
export const TYRES_PRINTED = 25

/**
 * Tyres asked of the upstream in one call when every tyre is wanted (the CSV): groups are read in
 * batches of about this many tyres (and at most 1,000 groups, the upstream's bound on `kelompok`).
 */
export const TYRES_PER_CALL = 5000

/**
 * The groups in batches of at most `maxTyres` tyres (by each group's jumlah_ban) and `maxGroups`
 * groups, in their order; a group larger than `maxTyres` is a batch of its own.
 */
export function groupBatches<G extends { jumlah_ban: number }>(groups: readonly G[], maxTyres = TYRES_PER_CALL, maxGroups = 1000): G[][] {
  const batches: G[][] = []
  let batch: G[] = []
  let tyres = 0
  for (const g of groups) {
    if (batch.length && (tyres + g.jumlah_ban > maxTyres || batch.length >= maxGroups)) {
      batches.push(batch)
      batch = []
      tyres = 0
    }
    batch.push(g)
    tyres += g.jumlah_ban
  }
  if (batch.length) batches.push(batch)
  return batches
}

/**
 * A group with at most `max` of its tyres (in the report's order) and how many more it has: counted
 * from `jumlah_ban` when given, since the api already cuts the tyres it sends (maks_ban).
 */
export function withTyresShown<G extends { ban: readonly unknown[]; jumlah_ban?: number }>(
  group: G,
  max = TYRES_SHOWN,
): G & { lainnya: number } {
  const ban = group.ban.length <= max ? group.ban : group.ban.slice(0, max)
  return { ...group, ban, lainnya: Math.max(group.jumlah_ban ?? 0, group.ban.length) - ban.length }
}
