import { beforeEach, describe, expect, it } from 'vitest'
import { formData, makeApi, setGrants } from './harness.ts'

/** Conditional GETs (api/versions.ts): ETag from per-table versions, 304 on If-None-Match. */
describe('ETag / 304 on list GETs', () => {
  let api: ReturnType<typeof makeApi>
  beforeEach(async () => {
    api = makeApi()
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
    api.db.prepare('UPDATE karyawan SET nama_lengkap = ? WHERE id = ?').run('Nama Baru Sekali', admin.karyawan_id)
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
    const made = await api.post('/api/user/add', { form: formData({ karyawan_id: k.id, kode_user: 'kedua', nama_user: 'Kedua', password: 'rahasia123' }) })
    expect(made.status).toBe(201)
    const other = await api.request('POST', '/api/login', { json: { kode_user: 'kedua', password: 'rahasia123' }, token: null })
    const otherToken = other.json.token as string
    expect(otherToken).not.toBe(adminToken)
    // Without a grant on a menu that reads the list: 403, never a 304 (issue 17).
    const withoutGrant = await api.get('/api/departemen', { token: otherToken, headers: { 'If-None-Match': etag } })
    expect(withoutGrant.status).toBe(403)
    setGrants(api, made.json.data.id, { '/admin/departemen': [] })
    const forOther = await api.get('/api/departemen', { token: otherToken, headers: { 'If-None-Match': etag } })
    expect(forOther.status).toBe(304)
    const refused = await api.get('/api/departemen', { token: 'not-a-token', headers: { 'If-None-Match': etag } })
    expect(refused.status).toBe(401)
    const none = await api.get('/api/departemen', { token: null, headers: { 'If-None-Match': etag } })
    expect(none.status).toBe(401)
  })

  it('every list of the spec answers an ETag and 304', async () => {
    for (const path of ['/api/karyawan', '/api/kendaraan', '/api/supplier', '/api/ban?status=stok', '/api/pembelian-ban', '/api/pemasangan-ban', '/api/stnk', '/api/akses']) {
      const etag = await etagOf(path)
      expect((await conditional(path, etag)).status, path).toBe(304)
    }
  })

  it('a large list kept as text is never answered after a write made it old', async () => {
    const insert = api.db.prepare('INSERT INTO departemen (kode_departemen, nama, qrcode_departemen) VALUES (?, ?, ?)')
    for (let i = 0; i < 600; i++) insert.run(`DX${i}`, `Besar ${i}`, `DX${i}`)
    const etag = await etagOf('/api/departemen') // learnt, then kept (> 32 KiB)
    const kept = await api.get('/api/departemen')
    expect(kept.headers.get('etag')).toBe(etag)
    expect(kept.json).toHaveLength(607)
    api.db.prepare("UPDATE departemen SET nama = 'Besar diubah' WHERE kode_departemen = 'DX5'").run()
    const after = await api.get('/api/departemen')
    expect(after.headers.get('etag')).not.toBe(etag)
    expect(after.json.find((d: { kode_departemen: string }) => d.kode_departemen === 'DX5').nama).toBe('Besar diubah')
    expect((await api.get('/api/departemen', { token: 'not-a-token' })).status).toBe(401)
  })

  it('errors carry no ETag', async () => {
    const missing = await api.get('/api/departemen/999999')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('etag')).toBeNull()
  })
})
