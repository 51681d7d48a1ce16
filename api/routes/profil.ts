import bcrypt from 'bcryptjs'
import { Hono } from 'hono'
import { z } from 'zod'
import { claimAttempt, clearLoginFailures, hashPassword, loginUser } from '../auth.ts'
import { ApiError, invalid, readBody, validate } from '../http.ts'
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../password-rule.ts'
import type { ApiEnv } from '../types.ts'

/**
 * One's own account (an extension of the spec: docs/upstream-contract.md "Extensions: own
 * password and contact"). Both calls act on the token's own user only; any logged-in user may make them.
 *
 * - `POST /api/password {password_lama, password, password_confirmation}`: the current password is
 *   checked; on success the hash is replaced and every OTHER token of the user is revoked (the calling
 *   token stays valid), in one transaction.
 * - `POST /api/profil {telp, alamat}`: the user's own contact.
 */

export { PASSWORD_MAX, PASSWORD_MIN }
export const MESSAGES = {
  changed: 'Password berhasil diubah.',
  wrongCurrent: 'Password lama salah.',
  mismatch: 'Ulangi password tidak sama.',
  same: 'Password baru harus berbeda dari password lama.',
  profil: 'Profil berhasil diperbarui.',
  telp: 'Telepon hanya boleh berisi angka, spasi, + dan -.',
  telpMax: 'Telepon maksimal 20 karakter.',
  alamatMax: 'Alamat maksimal 255 karakter.',
} as const

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

/** The shape of a password change (the current password is checked against the hash afterwards). */
function passwordErrors(body: Record<string, unknown>) {
  const lama = str(body.password_lama)
  const baru = str(body.password)
  const ulang = str(body.password_confirmation)
  const errors: Record<string, string[]> = {}
  if (lama === '') errors.password_lama = [MESSAGES.wrongCurrent]
  const problem = passwordProblem(baru, 'Password baru')
  if (problem) errors.password = [problem]
  if (ulang !== baru) errors.password_confirmation = [MESSAGES.mismatch]
  return { lama, baru, errors }
}

/** '' / null / absent → null; else trimmed text. */
const optional = (max: number, maxMessage: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'number' ? String(v) : v),
    z.string({ error: 'Harus berupa teks.' }).trim().max(max, maxMessage).nullable(),
  )

const profilSchema = z.object({
  telp: optional(20, MESSAGES.telpMax).refine((v) => v === null || /^[\d +-]+$/.test(v), MESSAGES.telp),
  alamat: optional(255, MESSAGES.alamatMax),
})

/**
 * Wrong current passwords are throttled per user (not per address: the caller already holds a token of
 * that user), in the database beside the login's (api/auth.ts, key `password#id`, so every api
 * instance counts the same), on the login's curve: the first 5 within 15 minutes cost nothing, each
 * further one doubles the wait (5 s … 5 min) → 429 with Retry-After. A success clears the count. This
 * throttle is separate from the login's: it never blocks logging in.
 */
const throttleKey = (userId: number) => `password#${userId}`

export function profilRoutes() {
  const r = new Hono<ApiEnv>()

  r.post('/password', async (c) => {
    const db = c.get('db')
    const userId = c.get('user').id
    const { lama, baru, errors } = passwordErrors(await readBody(c))
    if (Object.keys(errors).length > 0) throw invalid(errors)

    const now = Date.now()
    const waitMs = await claimAttempt(db, throttleKey(userId), now)
    if (waitMs > 0) {
      const wait = Math.ceil(waitMs / 1000)
      c.header('Retry-After', String(wait))
      throw new ApiError(429, `Terlalu banyak percobaan. Coba lagi dalam ${wait} detik.`)
    }

    const row = (await db.prepare('SELECT password_hash FROM users WHERE id = ?').get(userId)) as
      { password_hash: string | null } | undefined
    // The attempt is already counted (claimAttempt, before the compare); a success clears the count.
    if (!row?.password_hash || !bcrypt.compareSync(lama, row.password_hash)) {
      throw invalid({ password_lama: [MESSAGES.wrongCurrent] })
    }
    await clearLoginFailures(db, throttleKey(userId))
    if (baru === lama) throw invalid({ password: [MESSAGES.same] })

    const hash = hashPassword(baru)
    const revoked = await db.tx(async () => {
      await db.prepare("UPDATE users SET password_hash = ?, updated_at = datetime('now') WHERE id = ?").run(hash, userId)
      return (await db.prepare('DELETE FROM api_tokens WHERE user_id = ? AND id <> ?').run(userId, c.get('tokenId'))).changes
    })
    return c.json({ message: MESSAGES.changed, sesi_dikeluarkan: revoked })
  })

  r.post('/profil', async (c) => {
    const db = c.get('db')
    const userId = c.get('user').id
    const { telp, alamat } = validate(profilSchema, await readBody(c))
    await db.prepare("UPDATE users SET telp = ?, alamat = ?, updated_at = datetime('now') WHERE id = ?").run(telp, alamat, userId)
    return c.json({ message: MESSAGES.profil, data: await loginUser(db, userId) })
  })

  return r
}
