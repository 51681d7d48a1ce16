import { describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { PASSWORD_ROUNDS, passwordRounds } from '../../api/auth.ts'
import { formData, makeApi, userWithGrants } from './harness.ts'

/**
 * Own password and contact (an extension of the spec: docs/upstream-contract.md "Extensions:
 * own password and contact"). Users made by userWithGrants have the password 'rahasia123'
 * and no grant at all: both calls are open to any logged-in user.
 */

type Api = Awaited<ReturnType<typeof makeApi>>
const OLD = 'rahasia123'

async function setup(kode = 'sari') {
  const api = await makeApi()
  const user = await userWithGrants(api, kode)
  return { api, user }
}

const change = (api: Api, token: string, json: Record<string, unknown>) => api.post('/api/password', { token, json })
const loginStatus = async (api: Api, kode_user: string, password: string) =>
  (await api.post('/api/login', { token: null, json: { kode_user, password } })).status
const contactOf = async (api: Api, kode_user: string) =>
  api.db.q.selectFrom('users').select(['telp', 'alamat']).where('kode_user', '=', kode_user).executeTakeFirst()
const hashOf = async (api: Api, id: number) =>
  (await api.db.q.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash

describe('POST /api/password', () => {
  it('refuses a missing or wrong current password with 422 on password_lama, and changes nothing', async () => {
    const { api, user } = await setup()
    const before = await hashOf(api, user.id)
    for (const lama of ['', 'salah-sekali']) {
      const res = await change(api, user.token, { password_lama: lama, password: 'barubaru99', password_confirmation: 'barubaru99' })
      expect(res.status, lama).toBe(422)
      expect(res.json.errors, lama).toEqual({ password_lama: ['Password lama salah.'] })
    }
    expect(await hashOf(api, user.id)).toBe(before)
    expect(await loginStatus(api, 'sari', OLD)).toBe(200)
  })

  it('refuses a new password shorter than 8 characters', async () => {
    const { api, user } = await setup()
    const res = await change(api, user.token, { password_lama: OLD, password: 'pendek7', password_confirmation: 'pendek7' })
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual({ password: ['Password baru minimal 8 karakter.'] })
  })

  it('counts the new password after trimming, as characters: eight spaces and four emoji are refused', async () => {
    const { api, user } = await setup()
    for (const password of [' '.repeat(8), '😀😀😀😀', ' 1234567 ']) {
      const res = await change(api, user.token, { password_lama: OLD, password, password_confirmation: password })
      expect(res.status, JSON.stringify(password)).toBe(422)
      expect(res.json.errors, JSON.stringify(password)).toEqual({ password: ['Password baru minimal 8 karakter.'] })
    }
    expect(await loginStatus(api, 'sari', OLD)).toBe(200)
  })

  it('refuses a repeat that differs', async () => {
    const { api, user } = await setup()
    const res = await change(api, user.token, { password_lama: OLD, password: 'barubaru99', password_confirmation: 'barubaru98' })
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual({ password_confirmation: ['Ulangi password tidak sama.'] })
  })

  it('refuses the current password as the new one', async () => {
    const { api, user } = await setup()
    const res = await change(api, user.token, { password_lama: OLD, password: OLD, password_confirmation: OLD })
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual({ password: ['Password baru harus berbeda dari password lama.'] })
  })

  it('says every field error of one request at once (a form body works too)', async () => {
    const { api, user } = await setup()
    const res = await api.post('/api/password', {
      token: user.token,
      form: formData({ password_lama: '', password: 'abc', password_confirmation: 'abd' }),
    })
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual({
      password_lama: ['Password lama salah.'],
      password: ['Password baru minimal 8 karakter.'],
      password_confirmation: ['Ulangi password tidak sama.'],
    })
  })

  it('on success: the old password fails at login, the new one works, other tokens are revoked, the calling token stays', async () => {
    const { api, user } = await setup()
    const other = (await api.post('/api/login', { token: null, json: { kode_user: 'sari', password: OLD } })).json.token as string
    // Someone else's token is not touched.
    const admin = await api.login()
    expect((await api.get('/api/me', { token: other })).status).toBe(200)

    const res = await change(api, user.token, { password_lama: OLD, password: 'barubaru99', password_confirmation: 'barubaru99' })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Password berhasil diubah.')
    expect(res.json.sesi_dikeluarkan).toBe(1)

    expect(await loginStatus(api, 'sari', OLD)).toBe(401)
    expect(await loginStatus(api, 'sari', 'barubaru99')).toBe(200)
    const stale = await api.get('/api/me', { token: other })
    expect(stale.status).toBe(401)
    expect(stale.json).toEqual({ message: 'Unauthenticated.' })
    const mine = await api.get('/api/me', { token: user.token })
    expect(mine.status).toBe(200)
    expect(mine.json.data.kode_user).toBe('sari')
    expect((await api.get('/api/me', { token: admin })).status).toBe(200)
    // The stored hash is bcrypt, never the text.
    const hash = await hashOf(api, user.id)
    expect(hash).toMatch(new RegExp(`^\\$2[aby]\\$${String(PASSWORD_ROUNDS).padStart(2, '0')}\\$`))
    expect(hash).not.toContain('barubaru99')
  })

  it('throttles wrong current passwords per user: after 5 within 15 minutes, 429 with Retry-After (login is not blocked)', async () => {
    const { api, user } = await setup()
    const wrong = { password_lama: 'salah-sekali', password: 'barubaru99', password_confirmation: 'barubaru99' }
    for (let i = 0; i < 5; i++) expect((await change(api, user.token, wrong)).status).toBe(422)
    // Counted in the database (every api instance on it sees the same count).
    expect(
      (await api.db.q.selectFrom('login_failures').select('failures').where('key', '=', `password#${user.id}`).executeTakeFirst())
        ?.failures,
    ).toBe(5)
    // The next attempt waits, even with the right password.
    const blocked = await change(api, user.token, { ...wrong, password_lama: OLD })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(blocked.json.message).toMatch(/^Terlalu banyak percobaan\. Coba lagi dalam \d+ detik\.$/)
    expect(await loginStatus(api, 'sari', OLD)).toBe(200)
    // Another user is not slowed.
    const budi = await userWithGrants(api, 'budi')
    const ok = await change(api, budi.token, { password_lama: OLD, password: 'barubaru99', password_confirmation: 'barubaru99' })
    expect(ok.status).toBe(200)
  })

  it('40 concurrent wrong current passwords: at most 5 reach the password check, the rest wait (429)', async () => {
    const { api, user } = await setup()
    const wrong = { password_lama: 'salah-sekali', password: 'barubaru99', password_confirmation: 'barubaru99' }
    const statuses = await Promise.all(Array.from({ length: 40 }, () => change(api, user.token, wrong).then((r) => r.status)))
    // 422 'Password lama salah.' only from an attempt that reached the compare; every other one 429.
    expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(5)
    expect(statuses.filter((s) => s === 422).length + statuses.filter((s) => s === 429).length).toBe(40)
  }, 30_000)

  it('needs a token', async () => {
    const api = await makeApi()
    const res = await api.post('/api/password', { token: null, json: { password_lama: 'admin', password: 'x'.repeat(9) } })
    expect(res.status).toBe(401)
  })
})

describe('POST /api/profil', () => {
  it('saves one’s own telephone and address and answers the user; /api/me shows them', async () => {
    const { api, user } = await setup()
    const res = await api.post('/api/profil', { token: user.token, json: { telp: ' +62 812-3456 7890 ', alamat: 'Jl. Merdeka No. 1' } })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Profil berhasil diperbarui.')
    expect(res.json.data).toMatchObject({ id: user.id, kode_user: 'sari', telp: '+62 812-3456 7890', alamat: 'Jl. Merdeka No. 1' })
    expect(JSON.stringify(res.json)).not.toContain('password')
    const me = await api.get('/api/me', { token: user.token })
    expect(me.json.data).toMatchObject({ telp: '+62 812-3456 7890', alamat: 'Jl. Merdeka No. 1' })
    // Empty clears.
    const cleared = await api.post('/api/profil', { token: user.token, json: { telp: '', alamat: '' } })
    expect(cleared.json.data).toMatchObject({ telp: null, alamat: null })
    // Only one's own row changed.
    const admin = await contactOf(api, 'admin')
    const adminBefore = await contactOf(await makeApi(), 'admin')
    expect(admin).toEqual(adminBefore)
  })

  it('refuses a telephone with other characters or longer than 20, and an address longer than 255', async () => {
    const { api, user } = await setup()
    const before = await api.db.q.selectFrom('users').select(['telp', 'alamat']).where('id', '=', user.id).executeTakeFirst()
    const bad = await api.post('/api/profil', { token: user.token, json: { telp: '0812abc', alamat: 'x'.repeat(256) } })
    expect(bad.status).toBe(422)
    expect(bad.json.errors).toEqual({
      telp: ['Telepon hanya boleh berisi angka, spasi, + dan -.'],
      alamat: ['Alamat maksimal 255 karakter.'],
    })
    const long = await api.post('/api/profil', { token: user.token, json: { telp: '1'.repeat(21), alamat: 'x'.repeat(255) } })
    expect(long.status).toBe(422)
    expect(long.json.errors).toEqual({ telp: ['Telepon maksimal 20 karakter.'] })
    expect(await api.db.q.selectFrom('users').select(['telp', 'alamat']).where('id', '=', user.id).executeTakeFirst()).toEqual(before)
    const ok = await api.post('/api/profil', { token: user.token, json: { telp: '1'.repeat(20), alamat: 'x'.repeat(255) } })
    expect(ok.status).toBe(200)
  })
})

describe('the extension switched off', () => {
  it('GET /api/fitur lists password when on; without it both calls are 404 and fitur does not list it', async () => {
    const api = await makeApi()
    const token = await api.login()
    expect((await api.get('/api/fitur')).json.data).toContain('password')
    const off = await createApi({ db: api.db, uploadsDir: api.uploadsDir, extensions: new Set() })
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' }
    const fitur = await off.request('/api/fitur', { headers })
    expect(((await fitur.json()) as { data: string[] }).data).not.toContain('password')
    for (const path of ['/api/password', '/api/profil']) {
      const res = await off.request(path, { method: 'POST', headers, body: '{}' })
      expect(res.status, path).toBe(404)
    }
  })
})

describe('the cost of a password hash (API_PASSWORD_ROUNDS)', () => {
  it('is 10 unless set; a setting outside 4–15 or not a whole number stops the api at start', () => {
    expect(passwordRounds(undefined)).toBe(10)
    expect(passwordRounds('12')).toBe(12)
    for (const bad of ['3', '16', '10.5', 'sepuluh', '']) expect(() => passwordRounds(bad), bad).toThrow(/API_PASSWORD_ROUNDS/)
  })
})
