import { z } from 'zod'
import { id, text, textOrEmpty } from '../normalize'

/** Merek ban; the QR text falls back to the code when the upstream sends none. */
export const merekSchema = z
  .object({ id, kode_merek: textOrEmpty, nama_merek: textOrEmpty, qrcode_merek: text })
  .transform((r) => ({ ...r, qrcode_merek: r.qrcode_merek ?? (r.kode_merek || null) }))
export type Merek = z.infer<typeof merekSchema>
export type MerekInput = { nama_merek: string }
