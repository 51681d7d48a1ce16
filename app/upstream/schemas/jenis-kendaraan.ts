import { z } from 'zod'
import { id, numeric, text, textOrEmpty } from '../normalize'

/** Jenis kendaraan. panjang/lebar/tinggi/total_ban are numbers (or null). */
export const jenisKendaraanSchema = z
  .object({
    id,
    kode_jenis_kendaraan: textOrEmpty,
    nama_jenis_kendaraan: textOrEmpty,
    panjang: numeric,
    lebar: numeric,
    tinggi: numeric,
    total_ban: numeric,
    qrcode_jenis_kendaraan: text,
  })
  .transform((r) => ({ ...r, qrcode_jenis_kendaraan: r.qrcode_jenis_kendaraan ?? (r.kode_jenis_kendaraan || null) }))
export type JenisKendaraan = z.infer<typeof jenisKendaraanSchema>

export type JenisKendaraanInput = {
  nama_jenis_kendaraan: string
  panjang?: number | string | null
  lebar?: number | string | null
  tinggi?: number | string | null
  total_ban?: number | string | null
}
