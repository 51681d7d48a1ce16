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

  it('throttles repeated failures with 429', async () => {
    const api = makeApi()
    for (let i = 0; i < 10; i++) {
      expect((await api.post('/api/login', { json: { kode_user: 'admin', password: 'x' } })).status).toBe(401)
    }
    const res = await api.post('/api/login', { json: { kode_user: 'admin', password: 'admin' } })
    expect(res.status).toBe(429)
    expect(res.json.message).toMatch(/Terlalu banyak percobaan login/)
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
