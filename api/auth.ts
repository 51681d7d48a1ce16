import bcrypt from 'bcryptjs'
import { createHash, randomBytes } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import type { ApiEnv, DB } from './types.ts'
import { sql, type RawBuilder } from 'kysely'
import { getConnInfo } from '@hono/node-server/conninfo'
import { ApiError, readBody, validate } from './http.ts'

/**
 * bcrypt's cost factor: API_PASSWORD_ROUNDS, a whole number from 4 to 15, default 10. Each step
 * doubles the time of a hash and of a login's check. The test runs set 4, so that the many users
 * they make and log in do not take half their time. A hash made at another cost still verifies (the
 * cost is written in the hash).
 */
export function passwordRounds(setting: string | undefined): number {
  const rounds = Number(setting ?? 10)
  if (!Number.isInteger(rounds) || rounds < 4 || rounds > 15) {
    throw new Error(`API_PASSWORD_ROUNDS must be a whole number from 4 to 15 (got ${JSON.stringify(setting)})`)
  }
  return rounds
}
export const PASSWORD_ROUNDS = passwordRounds(process.env.API_PASSWORD_ROUNDS)
export const hashPassword = (password: string) => bcrypt.hashSync(password, PASSWORD_ROUNDS)
const DUMMY_HASH = hashPassword(randomBytes(16).toString('hex'))
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/** Issues a random bearer token; only its sha256 is stored. */
export async function issueToken(db: DB, userId: number, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const now = Date.now()
  await db.q
    .insertInto('api_tokens')
    .values({ user_id: userId, token_hash: sha256(token), expires_at: now + ttlMs, created_at: now })
    .execute()
  return token
}

function bearer(c: Context): string | null {
  const header = c.req.header('authorization') ?? ''
  const m = /^Bearer\s+(\S+)$/i.exec(header)
  return m ? m[1] : null
}

/** How often a token's last use is written: a read (a list, a 304) should not be a disk write each time. */
const LAST_USED_EVERY_MS = 60_000

/** Every /api call but login: a known, unexpired token, or 401 {message: 'Unauthenticated.'}. */
export const requireToken: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const token = bearer(c)
  if (!token) throw new ApiError(401, 'Unauthenticated.')
  const db = c.get('db')
  const row = await db.q
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id as token_id', 't.expires_at', 't.last_used_at', 'u.id', 'u.kode_user'])
    .where('t.token_hash', '=', sha256(token))
    .executeTakeFirst()
  const now = Date.now()
  if (!row || Number(row.expires_at) <= now) throw new ApiError(401, 'Unauthenticated.')
  if (row.last_used_at === null || now - Number(row.last_used_at) >= LAST_USED_EVERY_MS) {
    await db.q.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', row.token_id).execute()
  }
  c.set('user', { id: row.id, kode_user: row.kode_user })
  c.set('tokenId', row.token_id)
  await next()
}

/** The logged-in user as the login answer shows it: user with nested karyawan. */
export async function loginUser(db: DB, id: number) {
  const u = await db.q
    .selectFrom('users as u')
    .leftJoin('karyawan as k', 'k.id', 'u.karyawan_id')
    .select([
      'u.id',
      'u.kode_user',
      'u.nama_user',
      'u.telp',
      'u.alamat',
      'u.karyawan_id',
      'u.qrcode_user',
      'k.id as k_id',
      'k.kode_karyawan',
      'k.nama_lengkap',
      'k.departemen_id',
    ])
    .where('u.id', '=', id)
    .executeTakeFirstOrThrow()
  const { k_id, kode_karyawan, nama_lengkap, departemen_id, ...user } = u
  return {
    ...user,
    karyawan: k_id ? { id: k_id, kode_karyawan, nama_lengkap, departemen_id } : null,
  }
}

const loginSchema = z.object({
  kode_user: z.string({ error: 'Kode user wajib diisi.' }).trim().min(1, 'Kode user wajib diisi.'),
  password: z.string({ error: 'Password wajib diisi.' }).min(1, 'Password wajib diisi.'),
})

/**
 * Failed logins per kode_user AND client address (clientAddress: X-Forwarded-For only from the app, else the socket), so
 * an attacker guessing a password slows only their own address, never the user elsewhere. The first
 * FREE_FAILURES within WINDOW_MS cost nothing; each further one doubles the wait (5 s, 10 s, 20 s …
 * at most MAX_WAIT_MS). In the database (table login_failures), so that every api process on it
 * counts the same failures: one row per key, each attempt counted atomically BEFORE its password is
 * compared (claimAttempt: one UPSERT, no read-then-write), a success clearing it; a key quiet for
 * WINDOW_MS starts again from nothing. Rows older than WINDOW_MS are deleted on each attempt, and at
 * most MAX_KEYS are kept (the least recent dropped first).
 */
const WINDOW_MS = 15 * 60_000
const FREE_FAILURES = 5
const BASE_WAIT_MS = 5_000
const MAX_WAIT_MS = 5 * 60_000
const MAX_KEYS = 10_000

/**
 * The wait (ms) after a key's `failures`-th counted attempt, as SQL over login_failures.failures: a
 * CASE built from loginWaitMs, so the database decides with the same curve as the code.
 */
function waitSql(): RawBuilder<number> {
  const failures = sql.ref('login_failures.failures')
  const whens = []
  for (let n = FREE_FAILURES; loginWaitMs(n) < MAX_WAIT_MS; n++) whens.push(sql`WHEN ${failures} = ${n} THEN ${loginWaitMs(n)}`)
  return sql<number>`CASE WHEN ${failures} < ${FREE_FAILURES} THEN 0 ${sql.join(whens, sql` `)} ELSE ${MAX_WAIT_MS} END`
}

/**
 * Claims one attempt for `key` BEFORE its password is compared, atomically: one UPSERT counts the
 * attempt (as a failure until a success clears it) only while the key's wait is over, and answers
 * whether it did. Concurrent attempts cannot all read "no wait" and then all compare: each one's
 * increment is seen by the next, on SQLite and PostgreSQL alike, across every api instance.
 * Keys: `kode_user|address` for logins, and `password#userId` for the own-password form
 * (api/routes/profil.ts). Answers 0 when the attempt may go on, else the wait (ms) still to run.
 */
export async function claimAttempt(db: DB, key: string, now: number): Promise<number> {
  await db.q
    .deleteFrom('login_failures')
    .where('last_at', '<=', now - WINDOW_MS)
    .execute()
  const lastAt = sql.ref<number>('login_failures.last_at')
  // The stored key's wait is over (or its window passed): this attempt is counted and may go on.
  const windowPassed = sql<boolean>`${now} - ${lastAt} >= ${WINDOW_MS}`
  const claimed = await db.q
    .insertInto('login_failures')
    .values({ key, failures: 1, first_at: now, last_at: now })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures: sql<number>`CASE WHEN ${windowPassed} THEN 1 ELSE ${sql.ref('login_failures.failures')} + 1 END`,
          first_at: sql<number>`CASE WHEN ${windowPassed} THEN ${now} ELSE ${sql.ref('login_failures.first_at')} END`,
          last_at: now,
        })
        .where(sql<boolean>`${windowPassed} OR ${lastAt} + ${waitSql()} <= ${now}`),
    )
    .returning('failures')
    .executeTakeFirst()
  if (claimed !== undefined) {
    await db.q
      .deleteFrom('login_failures')
      .where('last_at', '<', (eb) =>
        eb
          .selectFrom('login_failures')
          .select('last_at')
          .orderBy('last_at', 'desc')
          .limit(1)
          .offset(MAX_KEYS - 1),
      )
      .execute()
    return 0
  }
  const row = await db.q.selectFrom('login_failures').select(['failures', 'last_at']).where('key', '=', key).executeTakeFirst()
  if (!row) return 0
  return Math.max(1, Number(row.last_at) + loginWaitMs(Number(row.failures)) - now)
}

/** Forgets the failures of `key` (after a success). */
export async function clearLoginFailures(db: DB, key: string) {
  await db.q.deleteFrom('login_failures').where('key', '=', key).execute()
}

/** The socket's peer address ('' when there is no socket, as in the in-process contract tests). */
function clientOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? ''
  } catch {
    return ''
  }
}

/** The default API_TRUSTED_PROXIES: loopback, where the embedded app runs beside the api. */
export const DEFAULT_TRUSTED_PROXIES = ['127.0.0.1', '::1', '::ffff:127.0.0.1']

/** API_TRUSTED_PROXIES (comma-separated addresses) → the set; unset → loopback. */
export function trustedProxiesFrom(value: string | undefined): string[] {
  if (value === undefined) return DEFAULT_TRUSTED_PROXIES
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/**
 * The client's address for the login throttle. X-Forwarded-For counts only when the socket's peer is
 * a trusted proxy (the app), and then its LAST entry: the one the app appended (it sends a single
 * value); entries before it are whatever the client wrote. From anyone else: the socket's address.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trusted: readonly string[]): string {
  if (!forwardedFor || !trusted.includes(peer)) return peer
  const last = forwardedFor.split(',').pop()?.trim()
  return last || peer
}

export function loginWaitMs(failureCount: number): number {
  if (failureCount < FREE_FAILURES) return 0
  return Math.min(MAX_WAIT_MS, BASE_WAIT_MS * 2 ** (failureCount - FREE_FAILURES))
}

export function authRoutes(opts: { tokenTtlMs: number; trustedProxies: readonly string[] }) {
  const routes = new Hono<ApiEnv>()

  routes.post('/login', async (c) => {
    const body = validate(loginSchema, await readBody(c))
    const address = clientAddress(clientOf(c), c.req.header('x-forwarded-for'), opts.trustedProxies)
    const key = `${body.kode_user.toLowerCase()}|${address}`
    const db = c.get('db')
    const now = Date.now()
    const waitMs = await claimAttempt(db, key, now)
    if (waitMs > 0) {
      const wait = Math.ceil(waitMs / 1000)
      c.header('Retry-After', String(wait))
      throw new ApiError(429, `Terlalu banyak percobaan. Coba lagi dalam ${wait} detik.`)
    }
    // kode_user compares without case by its column's own collation (SQLite) or type (citext, PostgreSQL): its unique index serves.
    const row = await db.q.selectFrom('users').select(['id', 'password_hash']).where('kode_user', '=', body.kode_user).executeTakeFirst()
    // Compare against a dummy hash when the user is unknown, so timing does not tell which.
    const hash = row?.password_hash ?? DUMMY_HASH
    const ok = bcrypt.compareSync(body.password, hash) && !!row?.password_hash
    // The attempt is already counted (claimAttempt); a success clears the count.
    if (!row || !ok) {
      throw new ApiError(401, 'Kode user atau password salah.')
    }
    await clearLoginFailures(db, key)
    const token = await issueToken(db, row.id, opts.tokenTtlMs)
    return c.json({ message: 'Login berhasil.', token, user: await loginUser(db, row.id) })
  })

  routes.post('/logout', requireToken, async (c) => {
    await c.get('db').q.deleteFrom('api_tokens').where('id', '=', c.get('tokenId')).execute()
    return c.json({ message: 'Logout berhasil.' })
  })

  routes.get('/me', requireToken, async (c) => c.json({ data: await loginUser(c.get('db'), c.get('user').id) }))

  return routes
}
