import { z } from 'zod'
import { id, text, textOrEmpty } from '../normalize'

/** Golongan (spec 000 §3). */
export const golonganSchema = z
  .object({ id, kode_golongan: textOrEmpty, nama_golongan: textOrEmpty, qrcode_golongan: text })
  .transform((r) => ({ ...r, qrcode_golongan: r.qrcode_golongan ?? (r.kode_golongan || null) }))
export type Golongan = z.infer<typeof golonganSchema>
export type GolonganInput = { nama_golongan: string }
