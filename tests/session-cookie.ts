/**
 * The app's session cookie as the tests read and forge it, for the end-to-end tests (tests/e2e/support.ts)
 * and the request-level tests (tests/app/session.ts) alike: signed with the secret scripts/e2e-server.mjs
 * gives the app under test, holding the payload the app writes.
 */
import { createCookie } from '@remix-run/node'

export const SESSION_COOKIE = '__Host-fleet_session'

/** The secret scripts/e2e-server.mjs gives the app under test (newest first when comma-separated). */
export const SECRETS = (process.env.SESSION_SECRET ?? 'e2e-secret-0123456789abcdef0123456789')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)

/** The same cookie the app signs (createCookieSessionStorage → createCookie with the secrets). */
export const sessionCookie = createCookie(SESSION_COOKIE, { secrets: SECRETS, path: '/', httpOnly: true, sameSite: 'lax', secure: true })

export type SessionPayload = {
  tokenEnc?: string
  user?: { id: number; kodeUser: string; namaLengkap: string | null }
  expiresAt?: number
  createdAt?: number
  [k: string]: unknown
}
