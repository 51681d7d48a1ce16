import { z } from 'zod'
import { date, fileName, id, optionalId, text, textOrEmpty } from '../normalize'
import { departemenRef } from './refs'

/** Karyawan. QR text falls back to the code when the upstream sends none. */
export const karyawanSchema = z
  .object({
    id,
    kode_karyawan: textOrEmpty,
    qrcode_karyawan: text,
    nama_lengkap: textOrEmpty,
    nama_kecil: text,
    gender: text,
    departemen_id: optionalId,
    departemen: departemenRef,
    no_ktp: text,
    no_sim: text,
    tanggal_lahir: date,
    tanggal_gabung: date,
    telp: text,
    gmail: text,
    alamat: text,
    atas_nama: text,
    norek: text,
    nama_bank: text,
    gambar: fileName,
    ft_sim: fileName,
  })
  .transform((r) => ({ ...r, qrcode_karyawan: r.qrcode_karyawan ?? (r.kode_karyawan || null) }))
export type Karyawan = z.infer<typeof karyawanSchema>

/** The add/edit form's fields (multipart; files gambar and ft_sim). */
export type KaryawanInput = {
  nama_lengkap: string
  nama_kecil?: string | null
  gender?: 'Laki-laki' | 'Perempuan' | '' | null
  departemen_id?: number | string | null
  no_ktp?: string | null
  no_sim?: string | null
  tanggal_lahir?: string | null
  tanggal_gabung?: string | null
  telp?: string | null
  gmail?: string | null
  alamat?: string | null
  atas_nama?: string | null
  norek?: string | null
  nama_bank?: string | null
  gambar?: Blob | null
  ft_sim?: Blob | null
}
