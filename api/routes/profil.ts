import bcrypt from 'bcryptjs'
import { Hono } from 'hono'
import { z } from 'zod'
import { claimAttempt, clearLoginFailures, hashPassword, loginUser } from '../auth.ts'
import { ApiError, invalid, readBody, validate } from '../http.ts'
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../password-rule.ts'
import type { ApiEnv } from '../types.ts'
import { forUpdate, nowMoment } from '../sql.ts'

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

    // The user's row is locked while the current password is checked and replaced: two changes at
    // once run one after the other, and the second is checked against the first one's new password.
    const outcome = await db.tx(async () => {
      const row = await db.q.selectFrom('users').select('password_hash').where('id', '=', userId).$call(forUpdate(db)).executeTakeFirst()
      if (!row?.password_hash || !bcrypt.compareSync(lama, row.password_hash)) return 'wrong' as const
      if (baru === lama) return 'same' as const
      await db.q
        .updateTable('users')
        .set({ password_hash: hashPassword(baru), updated_at: nowMoment(db) })
        .where('id', '=', userId)
        .execute()
      const deleted = await db.q
        .deleteFrom('api_tokens')
        .where('user_id', '=', userId)
        .where('id', '<>', c.get('tokenId'))
        .executeTakeFirst()
      return { revoked: Number(deleted.numDeletedRows) }
    })
    // The attempt is already counted (claimAttempt, before the compare); a success clears the count.
    if (outcome === 'wrong') throw invalid({ password_lama: [MESSAGES.wrongCurrent] })
    await clearLoginFailures(db, throttleKey(userId))
    if (outcome === 'same') throw invalid({ password: [MESSAGES.same] })
    const revoked = outcome.revoked
    return c.json({ message: MESSAGES.changed, sesi_dikeluarkan: revoked })
  })

  r.post('/profil', async (c) => {
    const db = c.get('db')
    const userId = c.get('user').id
    const { telp, alamat } = validate(profilSchema, await readBody(c))
    // One UPDATE of the caller's own row, no rule read before it: nothing to lock.
    await db.q
      .updateTable('users')
      .set({ telp, alamat, updated_at: nowMoment(db) })
      .where('id', '=', userId)
      .execute()
    return c.json({ message: MESSAGES.profil, data: await loginUser(db, userId) })
  })

  return r
}
