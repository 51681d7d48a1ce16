import { loginWaitMs } from '../../api/auth.ts'
import { describe, expect, it } from 'vitest'
import { makeApi } from './harness.ts'

describe('POST /api/login', () => {
  it('answers token and user with karyawan.nama_lengkap for the seeded admin', async () => {
    const api = makeApi()
    const res = await api.post('/api/login', { json: { kode_user: 'admin', password: 'admin' } })
    expect(res.status).toBe(200)
    expect(typeof res.json.token).toBe('string')
    expect(res.json.token.length).toBeGreaterThan(30)
    expect(res.json.user.kode_user).toBe('admin')
    expect(res.json.user.karyawan.nama_lengkap).toBe('Administrator Sistem')
    expect(JSON.stringify(res.json.user)).not.toContain('password')
  })

  it('refuses a wrong password with 401 {message}', async () => {
    const api = makeApi()
    const res = await api.post('/api/login', { json: { kode_user: 'admin', password: 'salah' } })
    expect(res.status).toBe(401)
    expect(res.json).toEqual({ message: 'Kode user atau password salah.' })
  })

  it('refuses an unknown user with the same 401', async () => {
    const api = makeApi()
    const res = await api.post('/api/login', { json: { kode_user: 'tidakada', password: 'x' } })
    expect(res.status).toBe(401)
    expect(res.json.message).toBe('Kode user atau password salah.')
  })

  it('answers 422 with field errors when fields are missing', async () => {
    const api = makeApi()
    const res = await api.post('/api/login', { json: {} })
    expect(res.status).toBe(422)
    expect(res.json.errors.kode_user).toEqual(['Kode user wajib diisi.'])
    expect(res.json.errors.password).toEqual(['Password wajib diisi.'])
  })

  it('stores the token hashed, never in clear', async () => {
    const api = makeApi()
    const token = await api.login()
    const rows = api.db.prepare('SELECT token_hash FROM api_tokens').all() as { token_hash: string }[]
    expect(rows.length).toBe(1)
    expect(rows[0].token_hash).not.toBe(token)
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('throttles repeated failures per user AND address, with a wait that grows', async () => {
    const api = makeApi()
    const from = (ip: string) => ({ 'X-Forwarded-For': ip })
    const attempt = (password: string, ip: string) =>
      api.post('/api/login', { json: { kode_user: 'admin', password }, headers: from(ip) })
    for (let i = 0; i < 5; i++) expect((await attempt('x', '203.0.113.9')).status).toBe(401)
    // The attacker's address now waits, with the right password too…
    const blocked = await attempt('admin', '203.0.113.9')
    expect(blocked.status).toBe(429)
    expect(blocked.json.message).toMatch(/^Terlalu banyak percobaan\. Coba lagi dalam \d+ detik\.$/)
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0)
    // …while the real admin at another address is not locked out.
    expect((await attempt('admin', '198.51.100.7')).status).toBe(200)
  })

  it('the wait doubles with each further failure, up to five minutes', () => {
    expect([0, 4, 5, 6, 7, 20].map(loginWaitMs)).toEqual([0, 0, 5_000, 10_000, 20_000, 300_000])
  })
})

describe('tokens', () => {
  it('refuses a missing or unknown token with 401 on every call', async () => {
    const api = makeApi()
    expect((await api.get('/api/departemen', { token: null })).status).toBe(401)
    const res = await api.get('/api/departemen', { token: 'nope' })
    expect(res.status).toBe(401)
    expect(res.json).toEqual({ message: 'Unauthenticated.' })
  })

  it('logout revokes the token', async () => {
    const api = makeApi()
    await api.login()
    expect((await api.get('/api/departemen')).status).toBe(200)
    expect((await api.post('/api/logout')).status).toBe(200)
    expect((await api.get('/api/departemen')).status).toBe(401)
  })

  it('an expired token is refused', async () => {
    const api = makeApi()
    await api.login()
    api.db.prepare('UPDATE api_tokens SET expires_at = ?').run(Date.now() - 1)
    expect((await api.get('/api/departemen')).status).toBe(401)
  })
})
