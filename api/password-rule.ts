import { z } from 'zod'

/**
 * The api's one password rule, for every call that sets a password (POST /api/user/add, POST
 * /api/password): at least PASSWORD_MIN characters once the ends are trimmed, counted as characters
 * (code points, so four emoji are four), not bytes or UTF-16 units — eight spaces are nothing. At most
 * PASSWORD_MAX (bcrypt reads no further). The password is stored as typed; trimming only measures it.
 * The app's forms ask the same (app/lib/forms/password.ts).
 */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 72

/** The characters of a password that count toward its minimum. */
export const passwordLength = (password: string) => [...password.trim()].length

/** What is wrong with `password` as a new one ('Password minimal 8 karakter.'), or null. `label` names the field. */
export function passwordProblem(password: string, label = 'Password'): string | null {
  if (passwordLength(password) < PASSWORD_MIN) return `${label} minimal ${PASSWORD_MIN} karakter.`
  if (password.length > PASSWORD_MAX) return `${label} maksimal ${PASSWORD_MAX} karakter.`
  return null
}

/** The rule as a zod string (the message of each problem as passwordProblem says it). */
export const passwordSchema = (label = 'Password') =>
  z.string({ error: `${label} harus berupa teks.` }).superRefine((value, ctx) => {
    const problem = passwordProblem(value, label)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
