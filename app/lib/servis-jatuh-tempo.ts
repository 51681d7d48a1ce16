import { formatNumber } from './format'
import { readWhole } from './forms/numbers'
import { sisaLabel } from './jatuh-tempo'

/**
 * Servis Jatuh Tempo, pure logic: the list's filter as the URL gives it — Status (semua, lewat), Jenis
 * Kendaraan, Item Servis, Dalam Km, Dalam Hari (either one: within so many km or days; overdue
 * included) — read and checked, and a due row's remaining km and days as the screens say them.
 */

export const SERVIS_PER_PAGE = 25
/** More rows than a workshop prints at once: the print page asks for a narrower filter instead. */
export const PRINT_ROWS_MAX = 2_000
/** The dashboard's panel: what falls due within so many days or km (overdue included), and how many rows it lists. */
export const SERVIS_PANEL = { hari: 30, km: 1_000, shown: 8 } as const
export const FILTER_KEYS = ['status', 'jenis_kendaraan_id', 'item_servis_id', 'dalam_km', 'dalam_hari'] as const
export type ServisFilterKey = (typeof FILTER_KEYS)[number]
export type ServisFilter = Record<ServisFilterKey, string>

export const STATUS_OPTIONS = [
  { value: 'semua', label: 'Semua' },
  { value: 'lewat', label: 'Lewat jatuh tempo' },
] as const

export const MESSAGES = {
  status: 'Status tidak valid.',
  jenis_kendaraan_id: 'Jenis kendaraan tidak valid.',
  item_servis_id: 'Item servis tidak valid.',
  dalam_km: 'Dalam Km harus bilangan bulat 0 sampai 10.000.000.',
  dalam_hari: 'Dalam Hari harus bilangan bulat 0 sampai 3.650.',
} as const

export type ParsedServisFilter = { filter: ServisFilter; problem: { field: ServisFilterKey; message: string } | null }

/** The filter of the URL; the first value not valid is the problem (the list is then not read). */
export function parseServisFilter(
  params: URLSearchParams,
  choices: { jenis: readonly { value: string }[] | null; item: readonly { value: string }[] | null },
): ParsedServisFilter {
  const filter = Object.fromEntries(FILTER_KEYS.map((k) => [k, (params.get(k) ?? '').trim().slice(0, 40)])) as ServisFilter
  const problemOf = (): ParsedServisFilter['problem'] => {
    if (filter.status && !STATUS_OPTIONS.some((o) => o.value === filter.status)) return { field: 'status', message: MESSAGES.status }
    for (const key of ['jenis_kendaraan_id', 'item_servis_id'] as const) {
      const list = key === 'jenis_kendaraan_id' ? choices.jenis : choices.item
      const value = filter[key]
      if (value && (!/^\d{1,12}$/.test(value) || (list !== null && !list.some((o) => o.value === value))))
        return { field: key, message: MESSAGES[key] }
    }
    for (const [key, max] of [
      ['dalam_km', 10_000_000],
      ['dalam_hari', 3_650],
    ] as const) {
      const value = filter[key]
      if (!value) continue
      const r = readWhole(value, { label: key, min: 0, max }, { invalid: MESSAGES[key] })
      if ('error' in r) return { field: key, message: MESSAGES[key] }
      filter[key] = String(r.value)
    }
    return null
  }
  return { filter, problem: problemOf() }
}

/** Km left: '1.250 km lagi', 'lewat 300 km'; '—' without a km interval. */
export function sisaKmLabel(sisa: number | null): string {
  if (sisa === null) return '—'
  if (sisa < 0) return `lewat ${formatNumber(-sisa)} km`
  return `${formatNumber(sisa)} km lagi`
}

/** What is left of a due service as the screens say it: '1.250 km lagi · 12 hari lagi', 'lewat 300 km'. */
export function sisaServisText(row: { belum_ada_riwayat: boolean; sisa_km: number | null; sisa_hari: number | null }): string {
  if (row.belum_ada_riwayat) return 'Isi servis terakhir'
  return (
    [row.sisa_km === null ? null : sisaKmLabel(row.sisa_km), row.sisa_hari === null ? null : sisaLabel(row.sisa_hari)]
      .filter(Boolean)
      .join(' · ') || '—'
  )
}
