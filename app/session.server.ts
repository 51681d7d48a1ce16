import { createCookieSessionStorage, redirect, type Session } from '@remix-run/node'
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { env } from '~/env.server'
import { upstreamFor, type Upstream } from '~/upstream/client.server'
import { stashDraft } from '~/server/draft.server'
import { safeRedirect } from '~/lib/safe-redirect'

/** Session lifetime, renewed on every admin request and on activity: 2 hours. */
export const SESSION_TTL_MS = 2 * 60 * 60 * 1000
const ABSOLUTE_MS = env.SESSION_ABSOLUTE_HOURS * 60 * 60 * 1000

export type SessionUser = { id: number; kodeUser: string; namaLengkap: string | null }

export type Toast = {
  id: string
  kind: 'success' | 'deleted' | 'error'
  title?: string
  message: string
  /** How long it stays (ms); 0 = until closed. */
  ms: number
}

type SessionData = {
  tokenEnc: string
  user: SessionUser
  expiresAt: number
  createdAt: number
}
type FlashData = { toast: Toast }

const COOKIE_NAME = env.secureCookies ? '__Host-fleet_session' : 'fleet_session'
const storage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: {
    name: COOKIE_NAME,
    httpOnly: true,
    sameSite: 'lax',
    secure: env.secureCookies,
    path: '/',
    secrets: env.sessionSecrets,
    maxAge: ABSOLUTE_MS / 1000,
  },
})

// ---- token encryption (AES-256-GCM, key derived from each secret; newest encrypts) -----------------

const keys = env.sessionSecrets.map((s) => createHash('sha256').update(`fleet-token:${s}`).digest())

export function encryptToken(token: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keys[0], iv)
  const enc = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), enc].map((b) => b.toString('base64url')).join('.')
}

export function decryptToken(value: string): string | null {
  const [iv, tag, enc] = value.split('.').map((p) => Buffer.from(p, 'base64url'))
  if (!iv || !tag || !enc) return null
  for (const key of keys) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAuthTag(tag)
      return Buffer.concat([decipher.update(enc), decipher.final()]).toString('utf8')
    } catch {
      // try the next (older) secret
    }
  }
  return null
}

// ---- session access -------------------------------------------------------------------------------

export const getSession = (request: Request) => storage.getSession(request.headers.get('Cookie'))
export const commitSession = (session: Session<SessionData, FlashData>) => storage.commitSession(session)
export const destroySession = (session: Session<SessionData, FlashData>) => storage.destroySession(session)

export type Auth = {
  user: SessionUser
  token: string
  upstream: Upstream
  session: Session<SessionData, FlashData>
  /** The session came with a flash message (a toast): reading it changes the session. */
  flashed: boolean
}

/** The logged-in state of a request, or null when there is none or it is over. */
/**
 * The session read once per request: the layout's and the screen's loaders (and the grant check
 * inside them) all ask for it; the cookie is verified and the token decrypted once.
 */
const authOfRequest = new WeakMap<Request, Promise<Auth | null>>()

export function readAuth(request: Request): Promise<Auth | null> {
  let auth = authOfRequest.get(request)
  if (!auth) authOfRequest.set(request, (auth = readAuthOnce(request)))
  return auth
}

async function readAuthOnce(request: Request): Promise<Auth | null> {
  const session = await getSession(request)
  const tokenEnc = session.get('tokenEnc')
  const token = tokenEnc ? decryptToken(tokenEnc) : null
  const user = session.get('user')
  const expiresAt = session.get('expiresAt')
  const createdAt = session.get('createdAt')
  if (!token || !user || !expiresAt || !createdAt) return null
  const now = Date.now()
  if (expiresAt <= now || createdAt + ABSOLUTE_MS <= now) return null
  const onUnauthorized = async (): Promise<never> => {
    throw redirect(loginRedirectUrl(request), { headers: { 'Set-Cookie': await destroySession(session) } })
  }
  const upstream = { ...upstreamFor(token, onUnauthorized), requestId: request.headers.get('x-request-id') ?? undefined }
  return { user, token, upstream, session, flashed: session.has('toast') }
}

/** Where to send a user whose session is missing or over: /login?redirectTo=<this page>. */
export function loginRedirectUrl(request: Request) {
  const url = new URL(request.url)
  const here = url.pathname + url.search
  return here === '/' || here.startsWith('/login') ? '/login' : `/login?${new URLSearchParams({ redirectTo: here })}`
}

/**
 * The guard of /admin/*: the session, or a redirect to /login?redirectTo=… that also clears the
 * cookie. For a POST the redirect target is the page the form was on (its referer inside the app).
 */
export async function requireAuth(request: Request): Promise<Auth> {
  const auth = await readAuth(request)
  if (auth) return auth
  const session = await getSession(request)
  const headers = new Headers({ 'Set-Cookie': await destroySession(session) })
  let target = loginRedirectUrl(request)
  if (request.method !== 'GET') {
    // A form sent after the session ended: back to the page it was on after login, with what the
    // user typed restored there for the same user only (app/server/draft.server.ts). The ended
    // session (its signature checked) still says whose it was; with no user there is no draft.
    const referer = request.headers.get('Referer')
    const back = referer ? safeRedirect(refererPath(referer, request), '') : ''
    target = back ? `/login?${new URLSearchParams({ redirectTo: back })}` : '/login'
    const owner = session.get('user')?.id
    const draft = back && typeof owner === 'number' ? await stashDraft(request, new URL(back, 'http://app.invalid').pathname, owner) : null
    if (draft) headers.append('Set-Cookie', draft)
  }
  throw redirect(target, { headers })
}

function refererPath(referer: string, request: Request) {
  try {
    const r = new URL(referer)
    const here = new URL(request.url)
    return r.host === here.host ? r.pathname + r.search : ''
  } catch {
    return ''
  }
}

/** Starts a session after a successful login. */
export async function startSession(request: Request, token: string, user: SessionUser) {
  const session = await getSession(request)
  const now = Date.now()
  session.set('tokenEnc', encryptToken(token))
  session.set('user', user)
  session.set('createdAt', now)
  session.set('expiresAt', now + SESSION_TTL_MS)
  return commitSession(session)
}

/** How often the sliding expiry is moved on (and the cookie sent again): at most once a minute. */
const RENEW_EVERY_MS = 60_000

/**
 * Renews the sliding expiry when the last renewal is a minute old or more, or writes the session
 * back when a flash message was read from it; returns the Set-Cookie value, or null when the cookie
 * the browser has is still the right one (two hours ahead, give or take that minute). `always`:
 * renew now (the keep-alive ping, which the browser sends at most once a minute anyway).
 */
export async function renewSession(auth: Auth, options: { always?: boolean } = {}): Promise<string | null> {
  const now = Date.now()
  const expiresAt = auth.session.get('expiresAt') ?? 0
  if (!options.always && !auth.flashed && expiresAt - now > SESSION_TTL_MS - RENEW_EVERY_MS) return null
  auth.session.set('expiresAt', now + SESSION_TTL_MS)
  return commitSession(auth.session)
}

/** A redirect that carries a flash toast (POST/redirect/GET). */
export async function redirectWithToast(request: Request, to: string, toast: Toast) {
  const session = await getSession(request)
  session.flash('toast', toast)
  if (session.has('expiresAt')) session.set('expiresAt', Date.now() + SESSION_TTL_MS)
  return redirect(to, { headers: { 'Set-Cookie': await commitSession(session) } })
}

/** Ends the session: the cookie is destroyed and the caller redirects. */
export async function endSession(request: Request) {
  return destroySession(await getSession(request))
}
