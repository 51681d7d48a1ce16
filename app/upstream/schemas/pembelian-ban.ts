import { z } from 'zod'
import {
  arrayOf,
  invoiceAnswerOf,
  date,
  docStatus,
  id,
  isRecord,
  lowerText,
  money,
  numeric,
  optionalId,
  text,
  textOrEmpty,
  upperText,
} from '../normalize'
import { banSchema } from './ban'
import { liftSupplier, supplierRef } from './refs'

/** A tyre line of a purchase as the lists carry it (detail_ban). */
export const pembelianLineSchema = z.object({
  id,
  kode_ban: text,
  no_seri: textOrEmpty,
  ukuran_id: optionalId,
  merek_id: optionalId,
  typeban_id: optionalId,
  kondisi_ban: upperText,
  harga: money,
  status: lowerText,
  /** The tread depth when new (mm; extension 'pemeriksaan-ban', null when not given or not offered). */
  tebal_tapak_awal: numeric,
})
export type PembelianLine = z.infer<typeof pembelianLineSchema>

/**
 * A tyre purchase (list, inquiry and report rows alike). The supplier is normalised from any of its
 * forms into `supplier: {id, kode_supplier, nama_supp, alamat, telp} | null` (see liftSupplier); the
 * date is `tanggal_awal`, or `tanggal` / `created_at` when a real upstream names it so.
 */
export const pembelianSchema = z.preprocess(
  (v) => {
    if (!isRecord(v)) return v
    const row = liftSupplier(v)
    const missing = (x: unknown) => x === undefined || x === null || x === ''
    if (missing(row.tanggal_awal)) row.tanggal_awal = !missing(row.tanggal) ? row.tanggal : row.created_at
    return row
  },
  z.object({
    id,
    kode_pembelian_ban: textOrEmpty,
    supplier_id: optionalId,
    alamat: text,
    grand_total: money,
    status: docStatus,
    tanggal_awal: date,
    supplier: supplierRef,
    detail_ban: arrayOf(pembelianLineSchema),
  }),
)
export type Pembelian = z.infer<typeof pembelianSchema>

/**
 * GET /api/detail-pembelian/{id}: `{data: purchase, detail: [tyre with ukuran, merek, typeban]}`.
 * Without `detail`, the purchase's own `detail_ban` is used; a bare purchase is read as `data`.
 */
export const detailPembelianSchema = invoiceAnswerOf(pembelianSchema, banSchema, ['detail_ban'])
export type DetailPembelian = z.infer<typeof detailPembelianSchema>

/** One tyre line of the add/edit form: multipart `ban[i][no_seri]` … */
export type PembelianLineInput = {
  no_seri: string
  ukuran_id?: number | string | null
  kondisi_ban?: string | null
  merek_id?: number | string | null
  typeban_id?: number | string | null
  harga?: number | string | null
  tebal_tapak_awal?: number | string | null
}

export type PembelianInput = {
  supplier_id: number | string
  alamat?: string | null
  /** Sent as given; computed from the lines (sumHarga) when omitted. The reference api recomputes it. */
  grand_total?: number | string | null
  tanggal_awal?: string | null
  ban: PembelianLineInput[]
}

/**
 * Grand Total as the spec computes it: the sum of the line prices, non-numeric counting as 0. A
 * price is a number, digits ("150000"), digits with id-ID thousands dots ("1.500.000", as the form
 * shows it) or a decimal with one or two places ("150000.00", as an upstream sends it).
 */
export function sumHarga(lines: readonly { harga?: number | string | null }[]): number {
  let total = 0
  for (const line of lines) total += readHarga(line.harga)
  return total
}

function readHarga(h: number | string | null | undefined): number {
  if (typeof h === 'number') return Number.isFinite(h) ? h : 0
  if (typeof h !== 'string') return 0
  const s = h.trim()
  if (/^\d+$/.test(s)) return Number(s)
  if (/^\d{1,3}(\.\d{3})+$/.test(s)) return Number(s.replace(/\./g, ''))
  if (/^\d+\.\d{1,2}$/.test(s)) return Number(s)
  return 0
}
