import { z } from 'zod'

/**
 * The app's one password rule, for every form that sets a password (Tambah User, Ganti Password): at
 * least PASSWORD_MIN characters once the ends are trimmed, counted as characters (code points, so four
 * emoji are four), not bytes or UTF-16 units — eight spaces are nothing. At most PASSWORD_MAX. The
 * password is sent as typed; trimming only measures it. The upstream asks the same
 * (api/password-rule.ts), with the same words.
 */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 72

/** The characters of a password that count toward its minimum. */
export const passwordLength = (password: string) => [...password.trim()].length

/** The rule as a zod string; `label` names the field in the messages ('Password minimal 8 karakter.'). */
export const passwordSchema = (label = 'Password', requiredMessage = `${label} minimal ${PASSWORD_MIN} karakter.`) =>
  z
    .string({ error: requiredMessage })
    .refine((v) => passwordLength(v) >= PASSWORD_MIN, `${label} minimal ${PASSWORD_MIN} karakter.`)
    .refine((v) => v.length <= PASSWORD_MAX, `${label} maksimal ${PASSWORD_MAX} karakter.`)
