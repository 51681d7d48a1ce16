import { z } from 'zod'
import { date, id, nested, numeric, text, textOrEmpty } from '../normalize'

/**
 * Km Kendaraan (odometer readings; the extension 'km-kendaraan'): a vehicle's km on a date, typed
 * ('input'), imported ('impor') or a correction with its reason ('koreksi', which starts the vehicle's
 * readings anew: an odometer replaced).
 */

export const SUMBER_KM = ['input', 'impor', 'koreksi', 'dokumen'] as const

/** A reading. */
export const bacaanKmSchema = z.object({
  id,
  kendaraan_id: id,
  tanggal: date,
  km: numeric,
  sumber: textOrEmpty,
  alasan: text,
  kode_user: text,
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
