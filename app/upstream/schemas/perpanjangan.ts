import { z } from 'zod'
import { date, docStatus, fileName, id, nested, numeric, text, textOrEmpty } from '../normalize'

/**
 * Perpanjangan STNK & KIR (registration renewals; the extension 'perpanjangan'): a renewal (code PJ +
 * 6 digits) of a vehicle's STNK or KIR, with the expiry it replaced, the new one, the cost and the
 * payment date, the receipt photo and a note.
 */

export const JENIS_DOKUMEN = ['STNK', 'KIR'] as const
export type JenisDokumen = (typeof JENIS_DOKUMEN)[number]

const jenisDokumen = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(JENIS_DOKUMEN))

export const perpanjanganSchema = z.object({
  id,
  kode_perpanjangan: textOrEmpty,
  kendaraan_id: id,
  jenis_dokumen: jenisDokumen,
  expired_lama: date,
  expired_baru: date,
  biaya: numeric,
  tanggal_bayar: date,
  gambar: fileName,
  keterangan: text,
  status: docStatus,
  kendaraan: nested(z.object({ id, kode_kendaraan: text, no_kabin: text, no_pol: text })),
})
export type Perpanjangan = z.infer<typeof perpanjanganSchema>

/** GET /api/perpanjangan/sebelumnya: the expiry a new renewal replaces. */
export const sebelumnyaSchema = z.object({
  kendaraan: nested(z.object({ id, no_kabin: text, no_pol: text })),
  jenis_dokumen: jenisDokumen,
  expired_lama: date,
})
export type Sebelumnya = z.infer<typeof sebelumnyaSchema>

const amount = numeric.transform((v) => v ?? 0)

/**
 * GET /api/perpanjangan/biaya: a vehicle's line of the cost report (Laporan Biaya Perpanjangan), as
 * the app's own sum (app/lib/perpanjangan.ts) makes it: a vehicle without a cabin number is `#id`.
 */
export const biayaKendaraanSchema = z
  .object({
    kendaraan_id: id,
    no_kabin: text,
    no_pol: textOrEmpty,
    stnk: amount,
    kir: amount,
    jumlah: amount,
    total: amount,
  })
  .transform((v) => ({ ...v, no_kabin: v.no_kabin ?? `#${v.kendaraan_id}` }))
