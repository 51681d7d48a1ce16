import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

type SessionModule = typeof import('~/session.server')
let s: SessionModule

beforeAll(async () => {
  vi.resetModules()
  process.env.SESSION_SECRET = 'session-test-secret-0123456789abcdef'
  s = await import('~/session.server')
})
afterEach(() => vi.useRealTimers())

const user = { id: 7, kodeUser: 'budi', namaLengkap: 'Budi' }
const pair = (setCookie: string | null) => (setCookie ?? '').split(';')[0]!
const requestWith = (cookie: string) => new Request('http://app.test/admin/departemen', { headers: { Cookie: cookie } })

async function signIn(token = 'token-of-budi') {
  return pair(await s.startSession(new Request('http://app.test/login'), token, user))
}

describe('reading the session', () => {
  it('refuses a cookie whose signature was altered, even after the genuine one was read', async () => {
    const cookie = await signIn('token-x')
    expect(await s.readAuth(requestWith(cookie))).not.toBeNull()
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)]
    const tampered = `${name}=${value.slice(0, -3)}${value.endsWith('AAA') ? 'BBB' : 'AAA'}`
    expect(await s.readAuth(requestWith(tampered))).toBeNull()
  })

  it('ends a session when its expiry passes', async () => {
    const cookie = await signIn('token-y')
    expect(await s.readAuth(requestWith(cookie))).not.toBeNull()
    vi.useFakeTimers({ now: Date.now() + s.SESSION_TTL_MS + 1000 })
    expect(await s.readAuth(requestWith(cookie))).toBeNull()
  })

  it('hands a flash message out on every request that sends the cookie with it, and writes the session back once read', async () => {
    const cookie = await signIn('token-z')
    const res = await s.redirectWithToast(requestWith(cookie), '/admin/departemen', {
      id: 't1',
      kind: 'success',
      message: 'Tersimpan',
      ms: 3000,
    })
    const withToast = pair(res.headers.get('Set-Cookie'))
    for (let i = 0; i < 2; i++) {
      const auth = (await s.readAuth(requestWith(withToast)))!
      expect(auth.flashed).toBe(true)
      expect(auth.session.get('toast')?.message).toBe('Tersimpan')
      const renewed = await s.renewSession(auth)
      expect(renewed, 'the session without the read toast').toBeTruthy()
      const after = (await s.readAuth(requestWith(pair(renewed))))!
      expect(after.session.get('toast')).toBeUndefined()
    }
  })
})

describe('renewSession', () => {
  it('sends no cookie while the expiry was moved on less than a minute ago, a new one after that, and always when asked', async () => {
    const cookie = await signIn('token-r')
    const auth = (await s.readAuth(requestWith(cookie)))!
    expect(await s.renewSession(auth)).toBeNull()
    expect(await s.renewSession(auth, { always: true })).toContain('fleet_session=')

    const later = Date.now() + 61_000
    vi.useFakeTimers({ now: later })
    const again = (await s.readAuth(requestWith(cookie)))!
    const renewed = await s.renewSession(again)
    expect(renewed).toContain('fleet_session=')
    expect((await s.readAuth(requestWith(pair(renewed))))?.session.get('expiresAt')).toBe(later + s.SESSION_TTL_MS)
  })
})
