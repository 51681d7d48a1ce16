/**
 * Login, guard and session as the server applies them (plain HTTP, no browser): the root and guard
 * redirects, where a login goes whatever redirectTo says, what the session cookie holds and when it is
 * over, the keep-alive endpoint. The login screen, wrong passwords and logout (a form, Back, a replayed
 * cookie) stay in tests/e2e/auth.test.ts, both ways.
 */
import { createDecipheriv, createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { ADMIN, API_URL, APP_URL, client, loginAs, SAME_ORIGIN } from './http'
import { headingTexts, page, text } from './html'
import { rawSession, readSession, SECRETS, SESSION_COOKIE, signed } from './session'

const TWO_HOURS = 2 * 60 * 60 * 1000

/** The upstream bearer token inside the session (AES-256-GCM, key derived from the secret as the app does). */
function decryptToken(tokenEnc: string): string | null {
  const [iv, tag, enc] = tokenEnc.split('.').map((p) => Buffer.from(p, 'base64url'))
  for (const secret of SECRETS) {
    try {
      const key = createHash('sha256').update(`fleet-token:${secret}`).digest()
      const d = createDecipheriv('aes-256-gcm', key, iv!)
      d.setAuthTag(tag!)
      return Buffer.concat([d.update(enc!), d.final()]).toString('utf8')
    } catch {
      // next secret
    }
  }
  return null
}
/** GET /api/me on the reference api with a given token: 200 while it is valid, 401 once revoked. */
async function meStatus(token: string) {
  return (await fetch(`${API_URL}/api/me`, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } })).status
}
/**
 * A browser holding exactly this raw session cookie (and no other): it sends the cookie on every
 * request and takes the server's Set-Cookie for it as a browser does (a new value, or none once deleted).
 */
function holding(raw: string) {
  let current: string | null = raw
  const send = async (method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(new URL(path, APP_URL), {
      method,
      redirect: 'manual',
      headers: { ...headers, ...(current ? { Cookie: `${SESSION_COOKIE}=${current}` } : {}) },
    })
    for (const line of res.headers.getSetCookie()) {
      if (!line.startsWith(`${SESSION_COOKIE}=`)) continue
      const [pair = '', ...attrs] = line.split(';')
      const gone = attrs.some((a) => /^\s*max-age=(0|-)/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()))
      current = gone ? null : pair.slice(SESSION_COOKIE.length + 1)
    }
    return { status: res.status, headers: res.headers, text: await res.text() }
  }
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, headers: Record<string, string>) => send('POST', path, headers),
    /** The session cookie's raw value the browser now holds, or null. */
    session: () => current,
  }
}
const own = () => loginAs(ADMIN.kode_user, ADMIN.password)

describe('root and guard', () => {
  test.concurrent('/ redirects to /login', async () => {
    const c = client()
    const res = await c.get('/')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login')
    expect(headingTexts(page(await c.get('/login')), 1)).toContain('Login')
  })

  test.concurrent('every admin path is guarded, including the dialog routes', async () => {
    for (const path of ['/admin/dashboard', '/admin/users', '/admin/departemen/tambah', '/admin/karyawan']) {
      const c = client()
      const res = await c.get(path)
      expect(res.status, path).toBe(302)
      expect(res.headers.get('location'), path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
      expect(headingTexts(page(await c.get(res.headers.get('location')!)))).toContain('Login')
    }
  })

  test.concurrent('/login with a session goes to /admin/dashboard', async () => {
    const c = await own()
    const res = await c.get('/login')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/admin/dashboard')
    expect(text(page(await c.get('/admin/dashboard')).querySelector('[data-testid="nama-lengkap"]'))).toBe('Administrator Sistem')
  })

  // The last three were once normalised by the URL parser into Location: //evil.example.
  for (const evil of [
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/.//evil.example',
    '/./\\evil.example',
    '/%2e//evil.example',
  ]) {
    // The server's redirect after the login: JavaScript does not choose where it goes.
    test.concurrent(`redirectTo=${evil} after login lands on /admin/dashboard`, async () => {
      const c = client()
      const res = await c.post('/login', { form: { ...ADMIN, redirectTo: evil }, headers: SAME_ORIGIN })
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/admin/dashboard')
      expect(text(page(await c.get('/admin/dashboard')).querySelector('main'))).toContain('Menunggu posting')
    })
  }
})

// The session is the server's: what the cookie holds and when it is over does not depend on JavaScript.
describe('session cookie', () => {
  test.concurrent('is __Host-fleet_session, httpOnly, SameSite=Lax, Secure, path /', async () => {
    const c = client()
    const res = await c.post('/login', { form: { ...ADMIN, redirectTo: '' }, headers: SAME_ORIGIN })
    const line = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`))
    expect(line, 'session cookie').toBeTruthy()
    const attrs = line!
      .split(';')
      .slice(1)
      .map((a) => a.trim().toLowerCase())
    expect(attrs).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=lax', 'path=/']))
    // Host-only (a __Host- cookie has no Domain).
    expect(attrs.some((a) => a.startsWith('domain='))).toBe(false)
    // No other cookie holds anything of the session (armada_css only holds the stylesheet's hash).
    await c.get('/admin/dashboard')
    const others = c
      .cookie()
      .split('; ')
      .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const)
      .filter(([name]) => name !== SESSION_COOKIE)
    expect(others.map(([name, value]) => [name, value.length])).toEqual([['armada_css', 16]])
  })

  test.concurrent('holds the upstream token only encrypted, and no page hands it to the browser', async () => {
    const c = await own()
    const raw = rawSession(c)!
    const session = await readSession(raw)
    expect(session?.user).toMatchObject({ kodeUser: 'admin', namaLengkap: 'Administrator Sistem' })
    expect(Object.keys(session ?? {})).not.toContain('token')
    const token = decryptToken(String(session?.tokenEnc))
    expect(token, 'the encrypted token decrypts with the session secret').toMatch(/^[\w-]{20,}$/)
    // It really is the upstream token of this session.
    expect(await meStatus(token!)).toBe(200)
    expect(decodeURIComponent(raw)).not.toContain(token!)
    expect(Buffer.from(decodeURIComponent(raw).split('.')[0]!, 'base64').toString('utf8')).not.toContain(token!)

    for (const path of ['/admin/dashboard', '/admin/departemen', '/admin/departemen/tambah', '/admin/users', '/admin/departemen.data']) {
      const res = await c.get(path)
      expect(res.status, path).toBe(200)
      expect(res.text, path).not.toContain(token!)
      expect(res.text, path).not.toContain(String(session?.tokenEnc))
      expect(res.text, path).not.toContain(raw)
      expect(res.text, path).not.toContain('Bearer')
    }
  })

  test.concurrent('every admin request renews the expiry to two hours ahead', async () => {
    const first = await readSession(rawSession(await own()))
    expect(first?.expiresAt).toBeGreaterThan(Date.now() + TWO_HOURS - 60_000)
    // Pretend the session is an hour and a half old, then make a request.
    const halfHour = Date.now() + 30 * 60_000
    const raw = await signed({ ...first!, expiresAt: halfHour })
    expect((await readSession(raw))?.expiresAt).toBe(halfHour)
    const c = holding(raw)
    const before = Date.now()
    const res = await c.get('/admin/departemen')
    expect(res.status).toBe(200)
    expect(headingTexts(page(res), 1)).toContain('Departemen')
    const renewed = await readSession(c.session())
    expect(renewed?.expiresAt).toBeGreaterThanOrEqual(before + TWO_HOURS - 1000)
    expect(renewed?.expiresAt).toBeLessThanOrEqual(Date.now() + TWO_HOURS + 1000)
    expect(renewed?.createdAt).toBe(first?.createdAt)
  })

  test.concurrent('an expired session goes to /login with redirectTo and the cookie is cleared', async () => {
    const s = await readSession(rawSession(await own()))
    const c = holding(await signed({ ...s!, expiresAt: Date.now() - 1000 }))
    const res = await c.get('/admin/departemen?q=abc')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?redirectTo=%2Fadmin%2Fdepartemen%3Fq%3Dabc')
    expect(headingTexts(page(await c.get(res.headers.get('location')!)))).toContain('Login')
    const after = await readSession(c.session())
    expect(after?.tokenEnc).toBeUndefined()
  })

  test.concurrent('a session past the absolute limit (12 h) is over even when recently renewed', async () => {
    const s = await readSession(rawSession(await own()))
    const c = holding(await signed({ ...s!, createdAt: Date.now() - 13 * 60 * 60 * 1000, expiresAt: Date.now() + TWO_HOURS }))
    const res = await c.get('/admin/dashboard')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?redirectTo=%2Fadmin%2Fdashboard')
  })

  test.concurrent('a tampered cookie goes to /login', async () => {
    const raw = rawSession(await own())!
    const decoded = decodeURIComponent(raw)
    // Change the data part (and keep the signature): the signature no longer matches.
    const [data, sig] = [decoded.slice(0, decoded.lastIndexOf('.')), decoded.slice(decoded.lastIndexOf('.') + 1)]
    const json = JSON.parse(Buffer.from(data, 'base64').toString('utf8'))
    json.expiresAt = Date.now() + 100 * TWO_HOURS
    const forged = `${Buffer.from(JSON.stringify(json)).toString('base64')}.${sig}`
    const c = holding(encodeURIComponent(forged))
    const res = await c.get('/admin/dashboard')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?redirectTo=%2Fadmin%2Fdashboard')
    expect(page(await c.get('/login')).querySelector('[data-testid="nama-lengkap"]')).toBeNull()
  })

  test.concurrent('a session whose encrypted token was altered goes to /login', async () => {
    const s = await readSession(rawSession(await own()))
    const [iv, tag, enc] = String(s?.tokenEnc).split('.')
    const flipped = Buffer.from(enc!, 'base64url')
    flipped[0] ^= 0xff
    const c = holding(await signed({ ...s!, tokenEnc: [iv, tag, flipped.toString('base64url')].join('.') }))
    const res = await c.get('/admin/users')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?redirectTo=%2Fadmin%2Fusers')
  })
})

describe('keep-alive endpoint', () => {
  test.concurrent('POST /keepalive renews a live session (Set-Cookie) and refuses without one (401)', async () => {
    const anon = await fetch(`${APP_URL}/keepalive`, { method: 'POST' })
    expect.soft(anon.status, 'no session: 401 (the layout sends the user to /login on 401)').toBe(401)

    const s = await readSession(rawSession(await own()))
    const soon = Date.now() + 10 * 60_000
    const c = holding(await signed({ ...s!, expiresAt: soon }))
    const res = await c.post('/keepalive', SAME_ORIGIN)
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie') ?? '', 'the renewed session cookie').toContain(`${SESSION_COOKIE}=`)
    expect((await readSession(c.session()))?.expiresAt).toBeGreaterThan(Date.now() + TWO_HOURS - 60_000)
  })
})
