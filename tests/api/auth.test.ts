import { clientAddress, loginWaitMs, trustedProxiesFrom } from '../../api/auth.ts'
import { describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { openDatabase } from '../../api/db.ts'
import { makeApi, serveApi } from './harness.ts'

describe('POST /api/login', () => {
  it('answers token and user with karyawan.nama_lengkap for the seeded admin', async () => {
    const api = await makeApi()
    const res = await api.post('/api/login', { json: { kode_user: 'admin', password: 'admin' } })
    expect(res.status).toBe(200)
    expect(typeof res.json.token).toBe('string')
    expect(res.json.token.length).toBeGreaterThan(30)
    expect(res.json.user.kode_user).toBe('admin')
    expect(res.json.user.karyawan.nama_lengkap).toBe('Administrator Sistem')
    expect(JSON.stringify(res.json.user)).not.toContain('password')
  })

  it('refuses a wrong password with 401 {message}', async () => {
    const api = await makeApi()
    const res = await api.post('/api/login', { json: { kode_user: 'admin', password: 'salah' } })
    expect(res.status).toBe(401)
    expect(res.json).toEqual({ message: 'Kode user atau password salah.' })
  })

  it('refuses an unknown user with the same 401', async () => {
    const api = await makeApi()
    const res = await api.post('/api/login', { json: { kode_user: 'tidakada', password: 'x' } })
    expect(res.status).toBe(401)
    expect(res.json.message).toBe('Kode user atau password salah.')
  })

  it('answers 422 with field errors when fields are missing', async () => {
    const api = await makeApi()
    const res = await api.post('/api/login', { json: {} })
    expect(res.status).toBe(422)
    expect(res.json.errors.kode_user).toEqual(['Kode user wajib diisi.'])
    expect(res.json.errors.password).toEqual(['Password wajib diisi.'])
  })

  it('stores the token hashed, never in clear', async () => {
    const api = await makeApi()
    const token = await api.login()
    const rows = await api.db.q.selectFrom('api_tokens').select('token_hash').execute()
    expect(rows.length).toBe(1)
    expect(rows[0].token_hash).not.toBe(token)
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it("throttles repeated failures per user AND address (the app's X-Forwarded-For), with a wait that grows", async () => {
    const api = await makeApi()
    const server = await serveApi(api.app)
    try {
      const attempt = async (password: string, ip: string) => {
        const res = await fetch(`${server.url}/api/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
          body: JSON.stringify({ kode_user: 'admin', password }),
        })
        return { status: res.status, headers: res.headers, json: await res.json() }
      }
      for (let i = 0; i < 5; i++) expect((await attempt('x', '203.0.113.9')).status).toBe(401)
      // The attacker's address now waits, with the right password too…
      const blocked = await attempt('admin', '203.0.113.9')
      expect(blocked.status).toBe(429)
      expect(blocked.json.message).toMatch(/^Terlalu banyak percobaan\. Coba lagi dalam \d+ detik\.$/)
      expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0)
      // …while the real admin at another address is not locked out.
      expect((await attempt('admin', '198.51.100.7')).status).toBe(200)
    } finally {
      await server.close()
    }
  })

  it("a first X-Forwarded-For entry written by the client does not escape the throttle: the last (the app's) counts", async () => {
    const api = await makeApi()
    const server = await serveApi(api.app)
    try {
      const attempt = (password: string, forwarded: string) =>
        fetch(`${server.url}/api/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwarded },
          body: JSON.stringify({ kode_user: 'admin', password }),
        }).then((r) => r.status)
      for (let i = 0; i < 5; i++) expect(await attempt('x', `10.9.8.${i}, 203.0.113.9`)).toBe(401)
      expect(await attempt('admin', '10.9.8.77, 203.0.113.9')).toBe(429)
    } finally {
      await server.close()
    }
  })

  it('X-Forwarded-For from a peer that is not a trusted proxy is ignored: the socket address counts', async () => {
    const api = await makeApi({ trustedProxies: ['192.0.2.1'] })
    const server = await serveApi(api.app)
    try {
      const attempt = (password: string, forwarded: string) =>
        fetch(`${server.url}/api/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwarded },
          body: JSON.stringify({ kode_user: 'admin', password }),
        }).then((r) => r.status)
      for (let i = 0; i < 5; i++) expect(await attempt('x', `198.51.100.${i}`)).toBe(401)
      expect(await attempt('admin', '198.51.100.200')).toBe(429)
    } finally {
      await server.close()
    }
  })

  it('counts failures in the database: two api instances on one database share the throttle', async () => {
    const first = await makeApi()
    const db = await openDatabase(first.databaseUrl)
    try {
      const second = await createApi({ db, uploadsDir: first.uploadsDir })
      const login = async (app: typeof second, password: string) => {
        const res = await app.request('/api/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ kode_user: 'admin', password }),
        })
        return { status: res.status, json: (await res.json()) as { message: string } }
      }
      // Five failures spread over the two instances: three on one, two on the other.
      for (const app of [first.app, second, first.app, second, first.app]) expect((await login(app, 'salah')).status).toBe(401)
      expect((await db.q.selectFrom('login_failures').select('failures').execute()).map((r) => r.failures)).toEqual([5])
      // Neither instance lets the next try through, the right password included.
      for (const app of [second, first.app]) {
        const blocked = await login(app, 'admin')
        expect(blocked.status).toBe(429)
        expect(blocked.json.message).toMatch(/^Terlalu banyak percobaan\. Coba lagi dalam \d+ detik\.$/)
      }
      // The throttle table is not versioned: a failed login changes no list's ETag.
      expect(
        (
          await db.q
            .selectFrom('table_versions')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('name', '=', 'login_failures')
            .executeTakeFirstOrThrow()
        ).n,
      ).toBe(0)
    } finally {
      await db.close()
    }
  })

  it('40 concurrent wrong logins over two api instances: at most 5 reach the password check, the rest wait (429)', async () => {
    const first = await makeApi()
    const db = await openDatabase(first.databaseUrl)
    try {
      const second = await createApi({ db, uploadsDir: first.uploadsDir })
      const statuses = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const res = await (i % 2 ? second : first.app).request('/api/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify({ kode_user: 'admin', password: `salah${i}` }),
          })
          return res.status
        }),
      )
      // 401 'wrong password' only from an attempt that reached the compare; every other one 429.
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5)
      expect(statuses.filter((s) => s === 401).length + statuses.filter((s) => s === 429).length).toBe(40)
    } finally {
      await db.close()
    }
  }, 30_000)

  it('a successful login clears the failures of its user and address; rows older than the window are pruned', async () => {
    const api = await makeApi()
    await api.db.q.insertInto('login_failures').values({ key: 'lama|198.51.100.1', failures: 9, first_at: 1, last_at: 1 }).execute()
    expect((await api.post('/api/login', { json: { kode_user: 'admin', password: 'salah' } })).status).toBe(401)
    // The stale row (last failure in 1970) went with the new failure; the new one counts 1.
    expect(await api.db.q.selectFrom('login_failures').select(['key', 'failures']).execute()).toEqual([{ key: 'admin|', failures: 1 }])
    await api.login()
    expect(
      (
        await api.db.q
          .selectFrom('login_failures')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(0)
  })

  it('clientAddress: the last entry only from a trusted peer; API_TRUSTED_PROXIES defaults to loopback', () => {
    const trusted = trustedProxiesFrom(undefined)
    expect(trusted).toEqual(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
    expect(clientAddress('127.0.0.1', '1.1.1.1, 203.0.113.9', trusted)).toBe('203.0.113.9')
    expect(clientAddress('::ffff:127.0.0.1', ' 203.0.113.9 ', trusted)).toBe('203.0.113.9')
    expect(clientAddress('198.51.100.4', '203.0.113.9', trusted)).toBe('198.51.100.4')
    expect(clientAddress('127.0.0.1', undefined, trusted)).toBe('127.0.0.1')
    expect(clientAddress('127.0.0.1', ' , ', trusted)).toBe('127.0.0.1')
    expect(trustedProxiesFrom(' 10.0.0.2 , ,10.0.0.3')).toEqual(['10.0.0.2', '10.0.0.3'])
    expect(trustedProxiesFrom('')).toEqual([])
  })

  it('the wait doubles with each further failure, up to five minutes', () => {
    expect([0, 4, 5, 6, 7, 20].map(loginWaitMs)).toEqual([0, 0, 5_000, 10_000, 20_000, 300_000])
  })
})

describe('tokens', () => {
  it('refuses a missing or unknown token with 401 on every call', async () => {
    const api = await makeApi()
    expect((await api.get('/api/departemen', { token: null })).status).toBe(401)
    const res = await api.get('/api/departemen', { token: 'nope' })
    expect(res.status).toBe(401)
    expect(res.json).toEqual({ message: 'Unauthenticated.' })
  })

  it('logout revokes the token', async () => {
    const api = await makeApi()
    await api.login()
    expect((await api.get('/api/departemen')).status).toBe(200)
    expect((await api.post('/api/logout')).status).toBe(200)
    expect((await api.get('/api/departemen')).status).toBe(401)
  })

  it('an expired token is refused', async () => {
    const api = await makeApi()
    await api.login()
    await api.db.q
      .updateTable('api_tokens')
      .set({ expires_at: Date.now() - 1 })
      .execute()
    expect((await api.get('/api/departemen')).status).toBe(401)
  })
})
