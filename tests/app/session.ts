/**
 * The app's session cookie as the request-level tests read and forge it, in a client's cookie jar
 * (the cookie itself: tests/session-cookie.ts).
 */
import type { Client } from './http'
import { SECRETS, SESSION_COOKIE, sessionCookie, type SessionPayload } from '../session-cookie'

export { SECRETS, SESSION_COOKIE, type SessionPayload }

/** The raw value of a client's session cookie, or null. */
export function rawSession(c: Client): string | null {
  const pair = c
    .cookie()
    .split('; ')
    .find((p) => p.startsWith(`${SESSION_COOKIE}=`))
  return pair ? pair.slice(SESSION_COOKIE.length + 1) : null
}
/** Reads (and verifies the signature of) a raw session cookie value. */
export async function readSession(raw: string | null): Promise<SessionPayload | null> {
  if (!raw) return null
  return (await sessionCookie.parse(`${SESSION_COOKIE}=${raw}`)) as SessionPayload | null
}
/** A correctly signed raw session cookie value holding `payload`. */
export async function signed(payload: SessionPayload): Promise<string> {
  const header = await sessionCookie.serialize(payload)
  return header.split(';')[0]!.slice(SESSION_COOKIE.length + 1)
}

/** Ends `c`'s session the way time does: its signed cookie now says it expired a second ago. */
export async function expireSession(c: Client) {
  const s = await readSession(rawSession(c))
  if (!s?.user) throw new Error('a session to expire: the client is not logged in')
  c.setCookie(SESSION_COOKIE, await signed({ ...s, expiresAt: Date.now() - 1000 }))
}
