import { z } from 'zod'
import { date, id, nested, numeric, optionalId, text, textOrEmpty } from '../normalize'

/**
 * Km Kendaraan (odometer readings; the extension 'km-kendaraan'): a vehicle's km on a date, typed
 * ('input'), imported ('impor') or a correction with its reason ('koreksi', which starts the vehicle's
 * readings anew: an odometer replaced), a work order's ('perintah_kerja'), or a document's km
 * ('pemasangan_ban', 'pelepasan_ban', 'rotasi_ban', 'pemeriksaan_ban': `id` null, the document's
 * `dokumen_id` and `dokumen_kode`).
 */

export const SUMBER_KM = ['input', 'impor', 'koreksi', 'dokumen'] as const

/** A reading (a document's km has no id of its own). */
export const bacaanKmSchema = z.object({
  id: optionalId,
  kendaraan_id: id,
  tanggal: date,
  km: numeric,
  sumber: textOrEmpty,
  alasan: text,
  kode_user: text,
  dokumen_id: optionalId.optional(),
  dokumen_kode: text.optional(),
})
export type BacaanKm = z.infer<typeof bacaanKmSchema>

/** GET /api/km-kendaraan: a vehicle with its latest reading and its km per day over the last 30 days. */
export const kmKendaraanRowSchema = z.object({
  kendaraan_id: id,
  kode_kendaraan: text,
  no_kabin: text,
  no_pol: text,
  jenis_kendaraan: text,
  km: numeric,
  tanggal_terakhir: date,
  km_terakhir: numeric,
  km_per_hari: numeric,
})
export type KmKendaraanRow = z.infer<typeof kmKendaraanRowSchema>

/** GET /api/kendaraan/{id}/km: one page of the vehicle's readings, newest first, its km per day and the vehicle. */
export const bacaanPageSchema = z.object({
  data: z.array(bacaanKmSchema),
  meta: z.looseObject({
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    per_page: z.number().int().positive(),
    km_per_hari: numeric.optional(),
    kendaraan: nested(z.object({ id, kode_kendaraan: text, no_kabin: text, no_pol: text, km: numeric })).optional(),
  }),
})
