import { z } from 'zod'
import { PASSWORD_MIN, passwordSchema } from './password'

/** The 'Tambah User' form, with an initial password entered twice. */
export const PILIH_KARYAWAN = 'Silakan pilih karyawan terlebih dahulu!'
export { PASSWORD_MIN }

export const UserFormSchema = z
  .object({
    karyawan_id: z.string({ error: PILIH_KARYAWAN }).regex(/^\d{1,12}$/, PILIH_KARYAWAN),
    nama_user: z.string().trim().max(255, 'Nama User maksimal 255 karakter.').optional(),
    kode_user: z
      .string({ error: 'Kode User tidak boleh kosong!' })
      .trim()
      .min(1, 'Kode User tidak boleh kosong!')
      .max(50, 'Kode User maksimal 50 karakter.')
      .regex(/^\S+$/, 'Kode User tidak boleh mengandung spasi.'),
    telp: z.string().trim().max(50, 'Telepon maksimal 50 karakter.').optional(),
    alamat: z.string().trim().max(1000, 'Alamat maksimal 1000 karakter.').optional(),
    password: passwordSchema('Password', 'Password tidak boleh kosong!'),
    password_confirm: z.string({ error: 'Ulangi password.' }),
  })
  .refine((v) => v.password === v.password_confirm, {
    message: 'Konfirmasi password tidak sama.',
    path: ['password_confirm'],
    // Also said when other fields are wrong (zod skips object checks after a field error otherwise).
    when: (payload) => {
      const v = payload.value as { password?: unknown; password_confirm?: unknown } | undefined
      return typeof v?.password === 'string' && typeof v?.password_confirm === 'string'
    },
  })
export type UserFormValue = z.infer<typeof UserFormSchema>

type KaryawanLike = { id: number; nama_lengkap: string; telp: string | null; alamat: string | null }

/**
 * The upstream's POST /api/user/add fields. Empty nama_user, telp and alamat are taken from the
 * chosen employee (with JS the form fills them as soon as one is picked; without JS the server does).
 */
export function userInput(v: UserFormValue, karyawan: KaryawanLike | null | undefined) {
  return {
    karyawan_id: v.karyawan_id,
    nama_user: v.nama_user || karyawan?.nama_lengkap || null,
    kode_user: v.kode_user,
    telp: v.telp || karyawan?.telp || null,
    alamat: v.alamat || karyawan?.alamat || null,
    password: v.password,
  }
}
