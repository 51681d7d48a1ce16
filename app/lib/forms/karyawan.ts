import { z } from 'zod'
import { imageFile } from '~/lib/images'
import { NAMA_BANK } from './choices'

/** The Karyawan add/edit form: every employee field, the name required. Client (Conform) and server. */
export const NAMA_KARYAWAN_KOSONG = 'Nama Karyawan tidak boleh kosong!'
export const GENDERS = ['Laki-laki', 'Perempuan'] as const

const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label} maksimal ${max} karakter.`).optional()

const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label} harus berupa tanggal (YYYY-MM-DD).`, abort: true })
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      `${label} bukan tanggal yang valid.`,
    )
    .optional()

export const KaryawanFormSchema = z.object({
  nama_lengkap: z
    .string({ error: NAMA_KARYAWAN_KOSONG })
    .trim()
    .min(1, NAMA_KARYAWAN_KOSONG)
    .max(255, 'Nama Karyawan maksimal 255 karakter.'),
  nama_kecil: optionalText('Nama Kecil', 255),
  gender: z.enum(GENDERS, { error: 'Gender harus Laki-laki atau Perempuan.' }).optional(),
  departemen_id: z
    .string()
    .regex(/^\d{1,12}$/, 'Departemen tidak valid.')
    .optional(),
  no_ktp: optionalText('No KTP', 50),
  no_sim: optionalText('No SIM', 50),
  tanggal_lahir: optionalDate('Tanggal Lahir'),
  tanggal_gabung: optionalDate('Tanggal Gabung'),
  telp: optionalText('Telepon', 50),
  gmail: z.string().trim().max(255, 'Email maksimal 255 karakter.').email('Email tidak valid.').optional(),
  alamat: optionalText('Alamat', 1000),
  atas_nama: optionalText('Atas Nama', 255),
  norek: optionalText('No Rekening', 50),
  nama_bank: z.enum(NAMA_BANK, { error: 'Nama Bank tidak dikenal.' }).optional(),
  gambar: imageFile('Foto KTP').optional(),
  ft_sim: imageFile('Foto SIM').optional(),
})
export type KaryawanFormValue = z.infer<typeof KaryawanFormSchema>

/** Photo fields and their labels (saveDialogForm checks their bytes before sending). */
export const KARYAWAN_IMAGES = { gambar: 'Foto KTP', ft_sim: 'Foto SIM' } as const

/**
 * The upstream's multipart fields from the form's value. An empty field is sent as "" (an update
 * clears it; a create skips it); a photo only when one was chosen (the stored one stays otherwise).
 */
export function karyawanInput(v: KaryawanFormValue) {
  return {
    nama_lengkap: v.nama_lengkap,
    nama_kecil: v.nama_kecil ?? '',
    gender: v.gender ?? ('' as const),
    departemen_id: v.departemen_id ?? '',
    no_ktp: v.no_ktp ?? '',
    no_sim: v.no_sim ?? '',
    tanggal_lahir: v.tanggal_lahir ?? '',
    tanggal_gabung: v.tanggal_gabung ?? '',
    telp: v.telp ?? '',
    gmail: v.gmail ?? '',
    alamat: v.alamat ?? '',
    atas_nama: v.atas_nama ?? '',
    norek: v.norek ?? '',
    nama_bank: v.nama_bank ?? '',
    gambar: v.gambar ?? null,
    ft_sim: v.ft_sim ?? null,
  }
}
