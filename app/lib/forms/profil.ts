import { z } from 'zod'
import { PASSWORD_MAX, PASSWORD_MIN, passwordLength, passwordSchema } from './password'

/**
 * The two real forms of the profile screen: Ganti Password and Kontak. The same rules and
 * messages as the upstream's POST /api/password and POST /api/profil (docs/upstream-contract.md), so
 * the user hears the same words whether the app or the upstream refuses.
 */
export { PASSWORD_MAX, PASSWORD_MIN }
export const PASSWORD_FIELDS = ['password_lama', 'password', 'password_confirmation'] as const

export const PASSWORD_LAMA_SALAH = 'Password lama salah.'

export const PasswordSchema = z
  .object({
    intent: z.literal('password'),
    password_lama: z.string({ error: 'Password lama wajib diisi.' }).min(1, 'Password lama wajib diisi.'),
    password: passwordSchema('Password baru'),
    password_confirmation: z.string({ error: 'Ulangi password baru.' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'Ulangi password tidak sama.',
    path: ['password_confirmation'],
    // Also said when other fields are wrong (zod skips object checks after a field error otherwise).
    when: (payload) => {
      const v = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined
      return typeof v?.password === 'string' && typeof v?.password_confirmation === 'string'
    },
  })
  .refine((v) => v.password !== v.password_lama, {
    message: 'Password baru harus berbeda dari password lama.',
    path: ['password'],
    when: (payload) => {
      const v = payload.value as { password?: unknown; password_lama?: unknown } | undefined
      return typeof v?.password === 'string' && passwordLength(v.password) >= PASSWORD_MIN && typeof v?.password_lama === 'string'
    },
  })
export type PasswordValue = z.infer<typeof PasswordSchema>

export const TELP_MAX = 20
export const ALAMAT_MAX = 255

export const KontakSchema = z.object({
  intent: z.literal('kontak'),
  telp: z
    .string()
    .trim()
    .max(TELP_MAX, `Telepon maksimal ${TELP_MAX} karakter.`)
    .regex(/^[\d +-]*$/, 'Telepon hanya boleh berisi angka, spasi, + dan -.')
    .optional(),
  alamat: z.string().trim().max(ALAMAT_MAX, `Alamat maksimal ${ALAMAT_MAX} karakter.`).optional(),
})
export type KontakValue = z.infer<typeof KontakSchema>
