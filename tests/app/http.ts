/**
 * Plain HTTP to the built app, as a browser without JavaScript sends it (the `app` project's server:
 * tests/app/server-setup.ts). A client keeps its cookies as a browser does (a response's Set-Cookie
 * replaces or, with Max-Age=0 or a past date, deletes one) and never follows a redirect. Each answer
 * is read whole, so a test can look at it more than once.
 */
import { expect } from 'vitest'
import { APP_URL } from './ports'

export { API_URL, APP_URL } from './ports'

export type Answer = { status: number; headers: Headers; text: string }

type Body = {
  headers?: Record<string, string>
  /** Sent urlencoded (application/x-www-form-urlencoded). */
  form?: Record<string, string>
  /** Sent as multipart/form-data; a file is `{ name, mimeType, buffer }`. */
  multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>
  /** Sent as is, with only the headers given. */
  data?: string | Buffer
}

export type Client = {
  get: (path: string, headers?: Record<string, string>) => Promise<Answer>
  post: (path: string, body?: Body) => Promise<Answer>
  /** The cookies as a Cookie header (for a request sent another way). */
  cookie: () => string
  /** Sets the cookie `name` to the raw `value`, as a test that forges one (e.g. an ended session) does. */
  setCookie: (name: string, value: string) => void
}

/**
 * The path resolved against the app as a browser (and Playwright's request context) resolves it:
 * dot segments (/./, /x/../) are folded before sending, %-escapes and case are sent as written.
 */
const urlOf = (path: string) => new URL(path, APP_URL)

export function client(): Client {
  const jar = new Map<string, string>()
  const send = async (path: string, init: RequestInit): Promise<Answer> => {
    const headers = new Headers(init.headers)
    // Uncompressed, unless a test asks otherwise: the app server is this project's busiest process and
    // gzip was 6 % of its CPU. Browsers get gzip in the end-to-end tests (and tests/unit/client-gone.test.ts).
    if (!headers.has('Accept-Encoding')) headers.set('Accept-Encoding', 'identity')
    if (jar.size) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
    const res = await fetch(urlOf(path), { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(60_000) })
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const gone = attrs.some((a) => /^\s*max-age=(0|-)/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()))
      if (gone) jar.delete(name)
      else jar.set(name, pair.slice(at + 1).trim())
    }
    return { status: res.status, headers: res.headers, text: await res.text() }
  }
  return {
    get: (path, headers = {}) => send(path, { method: 'GET', headers }),
    post: (path, body = {}) => {
      const headers = { ...body.headers }
      let payload: BodyInit | undefined
      if (body.form) {
        headers['Content-Type'] ??= 'application/x-www-form-urlencoded'
        payload = new URLSearchParams(body.form).toString()
      } else if (body.multipart) {
        const form = new FormData()
        for (const [k, v] of Object.entries(body.multipart)) {
          if (typeof v === 'string') form.append(k, v)
          else form.append(k, new Blob([new Uint8Array(v.buffer)], { type: v.mimeType }), v.name)
        }
        payload = form
      } else if (body.data !== undefined) payload = typeof body.data === 'string' ? body.data : new Uint8Array(body.data)
      return send(path, { method: 'POST', headers, body: payload })
    },
    cookie: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    setCookie: (name, value) => void jar.set(name, value),
  }
}

export const ADMIN = { kode_user: 'admin', password: 'admin' }
export const SAME_ORIGIN = { Origin: APP_URL }

/** A client logged in through the login form (a session of its own) as `kode_user`. */
export async function loginAs(kode_user: string, password: string): Promise<Client> {
  const c = client()
  const res = await c.post('/login', { form: { kode_user, password, redirectTo: '' }, headers: SAME_ORIGIN })
  expect(res.status, `login as ${kode_user}`).toBe(302)
  expect(res.headers.get('location') ?? '', `login as ${kode_user}`).toMatch(/^\/admin/)
  expect(c.cookie(), `login as ${kode_user}: a session cookie`).toContain('__Host-fleet_session=')
  return c
}

/** A download got by `c` (its cookies sent): the status, the headers and the body's bytes as sent. */
export async function download(c: Client, path: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(urlOf(path), { headers: { Cookie: c.cookie() }, redirect: 'manual', signal: AbortSignal.timeout(60_000) })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

/** The file name of a download's Content-Disposition (`attachment; filename="…"`), or ''. */
export const fileNameOf = (headers: Headers) => /filename="([^"]*)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? ''
