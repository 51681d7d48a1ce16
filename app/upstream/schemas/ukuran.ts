import { z } from 'zod'
import { id, text, textOrEmpty } from '../normalize'

/** Ukuran ban; the QR text falls back to the code when the upstream sends none. */
export const ukuranSchema = z
  .object({ id, kode_ukuran_ban: textOrEmpty, nama: textOrEmpty, qrcode_ukuran: text })
  .transform((r) => ({ ...r, qrcode_ukuran: r.qrcode_ukuran ?? (r.kode_ukuran_ban || null) }))
export type Ukuran = z.infer<typeof ukuranSchema>
export type UkuranInput = { nama: string }
