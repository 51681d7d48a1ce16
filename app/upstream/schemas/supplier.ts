import { z } from 'zod'
import { id, isRecord, optionalId, text, textOrEmpty } from '../normalize'

/**
 * Supplier. The QR text arrives as `qrcode_supplier` or `qrcode_Supplier` (the list of
 * the original screen reads both); either lands in `qrcode_supplier`, falling back to the code.
 */
export const supplierSchema = z
  .preprocess(
    (v) => {
      if (!isRecord(v)) return v
      const lower = v.qrcode_supplier
      const upper = v.qrcode_Supplier
      const missing = lower === undefined || lower === null || lower === ''
      return missing && upper !== undefined ? { ...v, qrcode_supplier: upper } : v
    },
    z.object({
      id,
      kode_supplier: textOrEmpty,
      qrcode_supplier: text,
      nama_supp: textOrEmpty,
      nama_person: text,
      jabatan: text,
      telp: text,
      fax: text,
      hp: text,
      gmail: text,
      email: text,
      npwp: text,
      alamat: text,
      atas_nama: text,
      norek: text,
      nama_bank: text,
      departemen_id: optionalId,
    }),
  )
  .transform((r) => ({ ...r, qrcode_supplier: r.qrcode_supplier ?? (r.kode_supplier || null) }))
export type Supplier = z.infer<typeof supplierSchema>

export type SupplierInput = {
  nama_supp: string
  nama_person?: string | null
  jabatan?: string | null
  telp?: string | null
  fax?: string | null
  hp?: string | null
  gmail?: string | null
  email?: string | null
  npwp?: string | null
  alamat?: string | null
  atas_nama?: string | null
  norek?: string | null
  nama_bank?: string | null
  departemen_id?: number | string | null
}
