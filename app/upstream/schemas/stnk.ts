import { z } from 'zod'
import { date, fileName, id, nested, numeric, optionalId, text, textOrEmpty } from '../normalize'
import { jenisKendaraanRef } from './refs'

/**
 * STNK. The detail modal of the original screen also reads supplier-like fields
 * (nama_supp, npwp, nama_person, jabatan, telp, fax, hp, gmail): kept, usually null.
 */
export const stnkSchema = z
  .object({
    id,
    kode_stnk: textOrEmpty,
    qrcode_stnk: text,
    nama_pemilik: textOrEmpty,
    alamat: text,
    merek: text,
    type: text,
    model: text,
    kendaraan_id: optionalId,
    no_pol: text,
    no_rangka: text,
    no_mesin: text,
    jenis_kendaraan_id: optionalId,
    tahun_pembuatan: numeric,
    warna: text,
    warna_tnkb: text,
    tahun_registrasi: numeric,
    nomor_bpkb: text,
    expired_stnk: date,
    gambar: fileName,
    nama_supp: text,
    npwp: text,
    nama_person: text,
    jabatan: text,
    telp: text,
    fax: text,
    hp: text,
    gmail: text,
    kendaraan: nested(z.object({ id: optionalId, no_kabin: text, no_pol: text, no_rangka: text, no_mesin: text })),
    jenis_kendaraan: jenisKendaraanRef,
  })
  .transform((r) => ({ ...r, qrcode_stnk: r.qrcode_stnk ?? (r.kode_stnk || null) }))
export type Stnk = z.infer<typeof stnkSchema>

export type StnkInput = {
  nama_pemilik: string
  alamat?: string | null
  merek?: string | null
  type?: string | null
  model?: string | null
  kendaraan_id?: number | string | null
  no_pol?: string | null
  no_rangka?: string | null
  no_mesin?: string | null
  jenis_kendaraan_id?: number | string | null
  tahun_pembuatan?: number | string | null
  warna?: string | null
  warna_tnkb?: string | null
  tahun_registrasi?: number | string | null
  nomor_bpkb?: string | null
  expired_stnk?: string | null
  gambar?: Blob | null
}
