import type { FilterChoice } from './date-filter'

/**
 * Laporan Biaya per Kendaraan (the extension 'biaya-kendaraan'): a period's cost of each vehicle, or
 * of each vehicle type, from its tyres, work orders and renewals, with the km it ran and the cost per km.
 * Pure: the screen, the print page, the download and the unit tests read it.
 */

export const LAPORAN_BIAYA_KENDARAAN_PATH = '/admin/laporan-biaya-kendaraan'

export const KELOMPOK_LABELS = { kendaraan: 'Kendaraan', jenis: 'Jenis Kendaraan' } as const
export type KelompokBiaya = keyof typeof KELOMPOK_LABELS

export const KELOMPOK_CHOICE: FilterChoice = {
  name: 'kelompok',
  label: 'Kelompokkan per',
  options: Object.entries(KELOMPOK_LABELS).map(([value, label]) => ({ value, label })),
  invalid: 'Kelompok harus Kendaraan atau Jenis Kendaraan.',
}

/** The chosen grouping (kendaraan when the value is not one). */
export const kelompokBiayaOf = (value: string | undefined): KelompokBiaya => (value === 'jenis' ? 'jenis' : 'kendaraan')

/** A line of the report: a vehicle (`kendaraan_id`) or a vehicle type (`jumlah_kendaraan`). */
export type BiayaKendaraanRow = {
  /** 'k12' (a vehicle) or 'j3' (a vehicle type; 'j0' the vehicles without one): unique in either grouping. */
  key: string
  /** No Kabin, or the type's name. */
  label: string
  kendaraan_id: number | null
  no_pol: string
  jenis: string
  jumlah_kendaraan: number
  ban: number
  suku_cadang: number
  jasa: number
  perpanjangan: number
  total: number
  km_tempuh: number
  biaya_per_km: number | null
}

export type BiayaKendaraanSums = Pick<
  BiayaKendaraanRow,
  'ban' | 'suku_cadang' | 'jasa' | 'perpanjangan' | 'total' | 'km_tempuh' | 'biaya_per_km'
>

/** The sums of lines: each cost, the km and the cost per km over them (whole Rupiah half up; null without km). */
export function sumBiaya(rows: readonly BiayaKendaraanSums[]): BiayaKendaraanSums {
  const sum = (k: 'ban' | 'suku_cadang' | 'jasa' | 'perpanjangan' | 'total' | 'km_tempuh') => rows.reduce((s, r) => s + r[k], 0)
  const total = sum('total')
  const km = sum('km_tempuh')
  return {
    ban: sum('ban'),
    suku_cadang: sum('suku_cadang'),
    jasa: sum('jasa'),
    perpanjangan: sum('perpanjangan'),
    total,
    km_tempuh: km,
    biaya_per_km: km > 0 ? Math.round(total / km) : null,
  }
}

/** The sums as a paging upstream gave them in its meta (total_biaya: the whole cost). */
export function sumsFromMeta(meta: Readonly<Record<string, number>>): BiayaKendaraanSums {
  const km = meta.km_tempuh ?? 0
  const total = meta.total_biaya ?? 0
  return {
    ban: meta.ban ?? 0,
    suku_cadang: meta.suku_cadang ?? 0,
    jasa: meta.jasa ?? 0,
    perpanjangan: meta.perpanjangan ?? 0,
    total,
    km_tempuh: km,
    biaya_per_km: km > 0 ? Math.round(total / km) : null,
  }
}
