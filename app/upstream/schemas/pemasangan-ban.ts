import { z } from 'zod'
import {
  invoiceAnswerOf,
  date,
  docStatus,
  flag,
  id,
  isRecord,
  money,
  nested,
  numeric,
  optionalId,
  text,
  textOrEmpty,
  upperText,
} from '../normalize'
import { firstText, jenisKendaraanRef, liftSupplier, merekRef, supplierRef, typebanRef, ukuranRef } from './refs'

/**
 * The vehicle of a pemasangan. `kendaraan.jenis_kendaraan.nama_jenis_kendaraan` is made reachable from
 * every form seen: a nested object, a plain string, `nama_jenis_kendaraan` flat on the vehicle, or
 * `jenis_kendaraan` on the pemasangan row itself.
 */
export const pemasanganKendaraanSchema = nested(
  z.object({
    id: optionalId,
    kode_kendaraan: text,
    no_kabin: text,
    no_pol: text,
    km: numeric,
    jenis_kendaraan: jenisKendaraanRef,
  }),
)

/**
 * A document of lines on one vehicle (Pelepasan Ban, Rotasi Ban): its code and line count under the
 * kind's own names, with the vehicle lifted from any of the forms liftKendaraan reads.
 */
export function vehicleDocumentSchema<K extends string, J extends string>(kode: K, jumlah: J) {
  return z.preprocess(
    (v) => (isRecord(v) ? liftKendaraan(v) : v),
    z.object({
      id,
      kendaraan_id: optionalId,
      km: numeric,
      status: docStatus,
      tanggal_awal: date,
      kendaraan: pemasanganKendaraanSchema,
      ...({ [kode]: textOrEmpty, [jumlah]: numeric } as Record<K, typeof textOrEmpty> & Record<J, typeof numeric>),
    }),
  )
}

export function liftKendaraan(row: Record<string, unknown>): Record<string, unknown> {
  let k: Record<string, unknown> | null = isRecord(row.kendaraan) ? { ...row.kendaraan } : null
  // No nested vehicle but flat vehicle fields on the row: build it.
  if (k === null && firstText(row.no_kabin, row.kode_kendaraan) !== null) {
    k = { id: row.kendaraan_id, no_kabin: row.no_kabin, kode_kendaraan: row.kode_kendaraan, no_pol: row.no_pol }
  }
  if (k !== null) {
    const jk = k.jenis_kendaraan
    const hasJk = isRecord(jk) || firstText(jk) !== null
    if (!hasJk) {
      if (firstText(k.nama_jenis_kendaraan) !== null) {
        k.jenis_kendaraan = { nama_jenis_kendaraan: k.nama_jenis_kendaraan, total_ban: k.total_ban }
      } else if (isRecord(row.jenis_kendaraan) || firstText(row.jenis_kendaraan) !== null) {
        k.jenis_kendaraan = row.jenis_kendaraan
      } else if (firstText(row.nama_jenis_kendaraan) !== null) {
        k.jenis_kendaraan = { nama_jenis_kendaraan: row.nama_jenis_kendaraan }
      }
    }
  }
  return { ...row, kendaraan: k }
}

/** A pemasangan document (list and inquiry rows; the pemasangan of the detail answer). */
export const pemasanganSchema = z.preprocess(
  (v) => (isRecord(v) ? liftSupplier(liftKendaraan(v)) : v),
  z.object({
    id,
    kode_pemasangan: textOrEmpty,
    kendaraan_id: optionalId,
    supplier_id: optionalId,
    km: numeric,
    grand_total: money,
    status: docStatus,
    tanggal_awal: date,
    kendaraan: pemasanganKendaraanSchema,
    supplier: supplierRef,
  }),
)
export type Pemasangan = z.infer<typeof pemasanganSchema>

/** The tyre of a fitted-tyre detail (also, with its status, of a pelepasan line: schemas/pelepasan-ban.ts). */
export const detailBanShape = {
  id: optionalId,
  kode_ban: text,
  no_seri: text,
  kondisi_ban: upperText,
  harga: money,
  ukuran: ukuranRef,
  merek: merekRef,
  typeban: typebanRef,
}
const detailBanSchema = nested(z.object(detailBanShape))

/**
 * A fitted-tyre detail: a tyre on a position of a vehicle (staged, or part of a pemasangan). `dilepas`
 * (an extension, contract "the tyre's whole life"): a pelepasan took the tyre off, so the line no
 * longer holds its position; absent (the spec's upstream, which has no pelepasan) is false.
 */
export const detailPemasanganSchema = z.object({
  id,
  pemasangan_ban_id: optionalId,
  kendaraan_id: optionalId,
  ban_id: optionalId,
  posisi_ban: upperText,
  km_pemasangan: numeric,
  target_presentase: numeric,
  dilepas: flag,
  ban: detailBanSchema,
})
export type DetailPemasangan = z.infer<typeof detailPemasanganSchema>

/**
 * GET /api/detail-pemasangan/{id}: `{data: pemasangan (kendaraan, supplier), detail: [detail]}`.
 * Without `detail`, the pemasangan's own `detail` / `details` / `detail_pemasangan` list is used.
 */
export const detailPemasanganAnswerSchema = invoiceAnswerOf(pemasanganSchema, detailPemasanganSchema, [
  'detail',
  'details',
  'detail_pemasangan',
  'detail_pemasangan_ban',
])
export type DetailPemasanganAnswer = z.infer<typeof detailPemasanganAnswerSchema>

/** POST /api/pemasangan-ban/detail-ban: a tyre staged on a position. */
export type DetailBanInput = {
  kendaraan_id: number | string
  km_pemasangan: number | string
  posisi_ban: string
  no_seri: string
  /** The target km; 70000 when omitted. */
  target_presentase?: number | string | null
}

/** POST /api/inquery-pemasangan-ban/detail-ban: the same, added to an existing pemasangan at once. */
export type InqueryDetailBanInput = DetailBanInput & { pemasangan_ban_id: number | string }

export const DEFAULT_TARGET_PRESENTASE = 70000
