import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BODY_MIN, keptAnswers } from '../../api/versions.ts'
import { formData, makeApi, setGrants, type Json } from './harness.ts'

/** Conditional GETs (api/versions.ts): ETag from per-table versions, 304 on If-None-Match. */
describe('ETag / 304 on list GETs', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
  })

  /** The ETag of a list once the api knows what it reads (the first answer of a route teaches it). */
  async function etagOf(path: string) {
    await api.get(path)
    const res = await api.get(path)
    expect(res.status).toBe(200)
    const etag = res.headers.get('etag')
    expect(etag).toMatch(/^"[^"]+"$/)
    return etag as string
  }
  const conditional = (path: string, etag: string) => api.get(path, { headers: { 'If-None-Match': etag } })

  it('answers 304 with no body for the same version, 200 with the list otherwise', async () => {
    const etag = await etagOf('/api/departemen')
    const same = await conditional('/api/departemen', etag)
    expect(same.status).toBe(304)
    expect(same.json).toBeNull()
    expect(same.headers.get('etag')).toBe(etag)
    const other = await conditional('/api/departemen', '"something-else"')
    expect(other.status).toBe(200)
    expect(other.json.length).toBeGreaterThan(0)
  })

  it('a new day changes the ETag: the vehicles not inspected for 30 days are counted from today', async () => {
    const path = '/api/pemeriksaan-ban/belum-diperiksa?hari=30&limit=5'
    const etag = await etagOf(path)
    expect((await conditional(path, etag)).status).toBe(304)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 86_400_000 })
    try {
      await api.login() // the token of yesterday has expired
      const tomorrow = await conditional(path, etag)
      expect(tomorrow.status).toBe(200)
      expect(tomorrow.headers.get('etag')).not.toBe(etag)
    } finally {
      vi.useRealTimers()
    }
  })

  it('a write to the table changes the ETag (create, update, delete)', async () => {
    const e1 = await etagOf('/api/departemen')
    const { json } = await api.post('/api/departemen', { json: { nama: 'Hukum' } })
    const e2 = (await conditional('/api/departemen', e1)).headers.get('etag')
    expect((await conditional('/api/departemen', e1)).status).toBe(200)
    expect(e2).not.toBe(e1)
    await api.put(`/api/departemen/${json.data.id}`, { json: { nama: 'Hukum 2' } })
    const e3 = (await api.get('/api/departemen')).headers.get('etag')!
    expect(e3).not.toBe(e2)
    await api.del(`/api/departemen/${json.data.id}`)
    const after = await conditional('/api/departemen', e3)
    expect(after.status).toBe(200)
    expect(after.json.some((d: { nama: string }) => d.nama === 'Hukum 2')).toBe(false)
  })

  it('a nested list changes its ETag when the nested table changes (user list nests karyawan)', async () => {
    const etag = await etagOf('/api/user')
    const admin = (await api.get('/api/user')).json.find((u: { kode_user: string }) => u.kode_user === 'admin')
    await api.db.q.updateTable('karyawan').set({ nama_lengkap: 'Nama Baru Sekali' }).where('id', '=', admin.karyawan_id).execute()
    const res = await conditional('/api/user', etag)
    expect(res.status).toBe(200)
    expect(res.json.find((u: { kode_user: string }) => u.kode_user === 'admin').karyawan.nama_lengkap).toBe('Nama Baru Sekali')
  })

  it('an unrelated write keeps the ETag (per-table versions)', async () => {
    const etag = await etagOf('/api/departemen')
    await api.post('/api/ukuran/add', { form: formData({ ukuran: '315/80 R22.5' }) })
    expect((await conditional('/api/departemen', etag)).status).toBe(304)
  })

  it('is the same for every user (bodies may be shared), and never answers without a valid token', async () => {
    const etag = await etagOf('/api/departemen')
    const adminToken = await api.login()
    const k = (await api.get('/api/karyawan')).json[1]
    const made = await api.post('/api/user/add', {
      form: formData({ karyawan_id: k.id, kode_user: 'kedua', nama_user: 'Kedua', password: 'rahasia123' }),
    })
    expect(made.status).toBe(201)
    const other = await api.request('POST', '/api/login', { json: { kode_user: 'kedua', password: 'rahasia123' }, token: null })
    const otherToken = other.json.token as string
    expect(otherToken).not.toBe(adminToken)
    // Without a grant on a menu that reads the list: 403, never a 304.
    const withoutGrant = await api.get('/api/departemen', { token: otherToken, headers: { 'If-None-Match': etag } })
    expect(withoutGrant.status).toBe(403)
    await setGrants(api, made.json.data.id, { '/admin/departemen': [] })
    const forOther = await api.get('/api/departemen', { token: otherToken, headers: { 'If-None-Match': etag } })
    expect(forOther.status).toBe(304)
    const refused = await api.get('/api/departemen', { token: 'not-a-token', headers: { 'If-None-Match': etag } })
    expect(refused.status).toBe(401)
    const none = await api.get('/api/departemen', { token: null, headers: { 'If-None-Match': etag } })
    expect(none.status).toBe(401)
  })

  it('every list of the spec answers an ETag and 304', async () => {
    for (const path of [
      '/api/karyawan',
      '/api/kendaraan',
      '/api/supplier',
      '/api/ban?status=stok',
      '/api/pembelian-ban',
      '/api/pemasangan-ban',
      '/api/stnk',
      '/api/akses',
    ]) {
      const etag = await etagOf(path)
      expect((await conditional(path, etag)).status, path).toBe(304)
    }
  })

  it('a large list kept as text is never answered after a write made it old', async () => {
    for (let i = 0; i < 600; i++) {
      await api.db.q
        .insertInto('departemen')
        .values({ kode_departemen: `DX${i}`, nama: `Besar ${i}`, qrcode_departemen: `DX${i}` })
        .execute()
    }
    const etag = await etagOf('/api/departemen') // learnt, then kept (> 32 KiB)
    const kept = await api.get('/api/departemen')
    expect(kept.headers.get('etag')).toBe(etag)
    expect(kept.json).toHaveLength(607)
    await api.db.q.updateTable('departemen').set({ nama: 'Besar diubah' }).where('kode_departemen', '=', 'DX5').execute()
    const after = await api.get('/api/departemen')
    expect(after.headers.get('etag')).not.toBe(etag)
    expect(after.json.find((d: { kode_departemen: string }) => d.kode_departemen === 'DX5').nama).toBe('Besar diubah')
    expect((await api.get('/api/departemen', { token: 'not-a-token' })).status).toBe(401)
  })

  /** 600 more departemen: a list over BODY_MIN, so its answer is kept. */
  const makeLarge = async (target: Awaited<ReturnType<typeof makeApi>>) => {
    for (let i = 0; i < 600; i++) {
      await target.db.q
        .insertInto('departemen')
        .values({ kode_departemen: `DX${i}`, nama: `Besar ${i}`, qrcode_departemen: `DX${i}` })
        .execute()
    }
  }
  /**
   * A change the versions do not see (its trigger dropped): an answer that still shows the old name
   * was sent from the kept copy, one that shows the new name was made again.
   */
  const changeUnseen = async (target: Awaited<ReturnType<typeof makeApi>>) => {
    // The bump trigger of an UPDATE: SQLite has one per table and statement kind, PostgreSQL one per table.
    await (
      target.db.dialect === 'postgres' ? sql`DROP TRIGGER tv_departemen ON departemen` : sql`DROP TRIGGER tv_departemen_update`
    ).execute(target.db.q)
    await target.db.q.updateTable('departemen').set({ nama: 'Tak terlihat' }).where('kode_departemen', '=', 'DX5').execute()
  }
  const namaOfDX5 = (list: Json) => list.find((d: { kode_departemen: string }) => d.kode_departemen === 'DX5').nama

  it('a large list is sent from its kept copy while the versions it was made from stand', async () => {
    await makeLarge(api)
    await etagOf('/api/departemen') // learnt, then kept
    await changeUnseen(api)
    expect(namaOfDX5((await api.get('/api/departemen')).json)).toBe('Besar 5')
    // A small answer is never kept: made again every time.
    const small = '/api/departemen/1'
    await etagOf(small)
    await api.db.q.updateTable('departemen').set({ nama: 'Kecil baru' }).where('id', '=', 1).execute()
    expect((await api.get(small)).json.data.nama).toBe('Kecil baru')
  })

  describe('with a small API_BODY_CACHE_MB', () => {
    const saved = process.env.API_BODY_CACHE_MB
    afterEach(() => {
      if (saved === undefined) delete process.env.API_BODY_CACHE_MB
      else process.env.API_BODY_CACHE_MB = saved
    })

    it('keeps at most that many bytes, dropping the least recently used answer first', async () => {
      await makeLarge(api)
      const size = Buffer.byteLength(JSON.stringify((await api.get('/api/departemen')).json))
      expect(size).toBeGreaterThan(BODY_MIN)
      process.env.API_BODY_CACHE_MB = String((4.5 * size) / (1024 * 1024)) // room for four lists
      const small = await makeApi()
      await small.login()
      await makeLarge(small)
      await small.get('/api/departemen?k=0') // learns what the route reads; not kept
      for (const k of [1, 2, 3, 4]) await small.get(`/api/departemen?k=${k}`) // kept
      await small.get('/api/departemen?k=1') // sent from its copy: now the most recently used
      await small.get('/api/departemen?k=5') // kept; ?k=2 dropped to make room
      await changeUnseen(small)
      const shown = async (k: number) => namaOfDX5((await small.get(`/api/departemen?k=${k}`)).json)
      for (const k of [1, 3, 4, 5]) expect(await shown(k), `?k=${k}`).toBe('Besar 5')
      expect(await shown(2)).toBe('Tak terlihat') // last: made again, it is kept and pushes one out
    })

    it('keeps nothing at 0', async () => {
      process.env.API_BODY_CACHE_MB = '0'
      const none = await makeApi()
      await none.login()
      await makeLarge(none)
      for (let i = 0; i < 3; i++) await none.get('/api/departemen') // would be learnt, then kept
      await changeUnseen(none)
      expect(namaOfDX5((await none.get('/api/departemen')).json)).toBe('Tak terlihat')
    })
  })

  it('errors carry no ETag', async () => {
    const missing = await api.get('/api/departemen/999999')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('etag')).toBeNull()
  })
})

describe('keptAnswers (the bounded store of large answers)', () => {
  const answer = (text: string) => ({ etag: '"e"', text, type: 'application/json' })

  it('counts UTF-8 bytes, not characters, and drops the least recently used past the budget', () => {
    const kept = keptAnswers(1000)!
    kept.set('/a', answer('é'.repeat(100))) // 200 bytes
    kept.set('/b', answer('x'.repeat(200)))
    kept.set('/c', answer('x'.repeat(200)))
    kept.set('/d', answer('x'.repeat(200)))
    expect(kept.calculatedSize).toBe(800)
    kept.get('/a') // used: /b is now the least recently used
    kept.set('/e', answer('x'.repeat(250)))
    expect([...kept.keys()].sort()).toEqual(['/a', '/c', '/d', '/e'])
    expect(kept.calculatedSize).toBeLessThanOrEqual(1000)
  })

  it('does not keep an answer over a quarter of the budget, nor anything with no budget', () => {
    const kept = keptAnswers(1000)!
    kept.set('/big', answer('x'.repeat(251)))
    expect(kept.has('/big')).toBe(false)
    kept.set('/ok', answer('x'.repeat(250)))
    expect(kept.has('/ok')).toBe(true)
    expect(keptAnswers(0)).toBeNull()
    expect(keptAnswers(Number('not a number'))).toBeNull()
  })
})
