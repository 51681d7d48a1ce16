import { z } from 'zod'
import { id, text, textOrEmpty } from '../normalize'

/** Golongan; the QR text falls back to the code when the upstream sends none. */
export const golonganSchema = z
  .object({ id, kode_golongan: textOrEmpty, nama_golongan: textOrEmpty, qrcode_golongan: text })
  .transform((r) => ({ ...r, qrcode_golongan: r.qrcode_golongan ?? (r.kode_golongan || null) }))
export type Golongan = z.infer<typeof golonganSchema>
export type GolonganInput = { nama_golongan: string }
