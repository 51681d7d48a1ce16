import { z } from 'zod'
import { id, text, textOrEmpty } from '../normalize'

/** Type ban; the QR text falls back to the code when the upstream sends none. */
export const typebanSchema = z
  .object({ id, kode_type: textOrEmpty, nama_type: textOrEmpty, qrcode_type: text })
  .transform((r) => ({ ...r, qrcode_type: r.qrcode_type ?? (r.kode_type || null) }))
export type Typeban = z.infer<typeof typebanSchema>
export type TypebanInput = { nama_type: string }
