import { z } from 'zod'
import { date, docStatus, id, nested, numeric, optionalId, text, textOrEmpty } from '../normalize'

/**
 * Klaim Ban (tyre claims; the extension 'klaim-ban'): a claim (code KL + 6 digits) raised from an
 * early pelepasan line, against the supplier (jenis 'Garansi Supplier') or an employee ('Karyawan'),
 * with the figures it was computed from and the amount charged.
 */

export const STATUS_KLAIM = ['Diajukan', 'Disetujui', 'Ditolak'] as const
export type StatusKlaim = (typeof STATUS_KLAIM)[number]
export const JENIS_KLAIM = ['Garansi Supplier', 'Karyawan'] as const

const statusKlaim = z.preprocess(
  (v) => (typeof v === 'string' ? (STATUS_KLAIM.find((s) => s.toLowerCase() === v.trim().toLowerCase()) ?? v) : 'Diajukan'),
  z.enum(STATUS_KLAIM),
)

const banRef = z.object({ id, kode_ban: text, no_seri: text })
const kendaraanRef = z.object({ id, no_kabin: text, no_pol: text })
const supplierRef = z.object({ id, kode_supplier: text, nama_supp: text, alamat: text.optional() })

export const klaimSchema = z.object({
  id,
  kode_klaim: textOrEmpty,
  tanggal_awal: date,
  detail_pelepasan_ban_id: optionalId,
  jenis: textOrEmpty,
  supplier_id: optionalId,
  karyawan_id: optionalId,
  harga: numeric,
  target_km: numeric,
  km_tempuh: numeric,
  nilai_hitung: numeric,
  nilai_klaim: numeric,
  alasan_ubah_nilai: text,
  status_klaim: statusKlaim,
  status: docStatus,
  keterangan: text,
  ban: nested(banRef.extend({ ukuran: nested(z.object({ nama: text })), merek: nested(z.object({ nama_merek: text })) })),
  pelepasan: nested(
    z.object({
      id,
      kode_pelepasan: text,
      tanggal_pelepasan: date,
      posisi_ban: text,
      alasan: text,
      km_pemasangan: numeric,
      km_pelepasan: numeric,
    }),
  ),
  kendaraan: nested(kendaraanRef),
  supplier: nested(supplierRef),
  karyawan: nested(z.object({ id, kode_karyawan: text, nama_lengkap: text })),
})
export type Klaim = z.infer<typeof klaimSchema>

/** A pelepasan line a claim may be raised from, with its figures (and, asked one by one, the amount and why not). */
export const sumberKlaimSchema = z.object({
  id,
  kode_pelepasan: text,
  tanggal_pelepasan: date,
  posisi_ban: text,
  alasan: text,
  km_tempuh: numeric,
  target_km: numeric,
  harga: numeric,
  ban: nested(banRef),
  kendaraan: nested(kendaraanRef),
  supplier: nested(supplierRef),
  kode_klaim: text,
  nilai_hitung: numeric.optional(),
  tidak_dapat_diklaim: text.optional(),
})
export type SumberKlaim = z.infer<typeof sumberKlaimSchema>

/** POST /api/klaim-ban and …/{id}/update: the form's fields as the api reads them. */
export type KlaimInput = {
  detail_pelepasan_ban_id?: number
  tanggal_awal: string
  jenis: string
  supplier_id: number | null
  karyawan_id: number | null
  nilai_klaim: number | null
  alasan_ubah_nilai: string | null
  keterangan: string | null
}
