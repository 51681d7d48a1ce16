import { beforeEach, describe, expect, it } from 'vitest'
import { makeApi } from './harness.ts'

describe('/api/departemen', () => {
  let api: ReturnType<typeof makeApi>
  beforeEach(async () => {
    api = makeApi()
    await api.login()
  })

  it('lists departments as a plain array', async () => {
    const res = await api.get('/api/departemen')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.json)).toBe(true)
    expect(res.json.map((d: { nama: string }) => d.nama)).toContain('Keuangan')
  })

  it('adds with a server-made code and answers {data}', async () => {
    const res = await api.post('/api/departemen', { json: { nama: 'Hukum' } })
    expect(res.status).toBe(201)
    expect(res.json.data.nama).toBe('Hukum')
    expect(res.json.data.kode_departemen).toMatch(/^DP\d{6}$/)
    const list = await api.get('/api/departemen')
    expect(list.json.some((d: { nama: string }) => d.nama === 'Hukum')).toBe(true)
  })

  it('gives unique codes to many saves', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => api.post('/api/departemen', { json: { nama: `D${i}` } })))
    const codes = new Set(results.map((r) => r.json.data.kode_departemen))
    expect(codes.size).toBe(20)
  })

  it('refuses an empty nama with 422 and the spec message', async () => {
    const res = await api.post('/api/departemen', { json: { nama: '  ' } })
    expect(res.status).toBe(422)
    expect(res.json.errors.nama).toEqual(['Nama Departemen tidak boleh kosong!'])
  })

  it('updates and deletes; unknown ids are 404', async () => {
    const { json } = await api.post('/api/departemen', { json: { nama: 'Lama' } })
    const id = json.data.id
    const put = await api.put(`/api/departemen/${id}`, { json: { nama: 'Baru' } })
    expect(put.status).toBe(200)
    expect(put.json.data.nama).toBe('Baru')
    expect(put.json.data.kode_departemen).toBe(json.data.kode_departemen)
    expect((await api.del(`/api/departemen/${id}`)).status).toBe(200)
    expect((await api.del(`/api/departemen/${id}`)).status).toBe(404)
    expect((await api.put('/api/departemen/999999', { json: { nama: 'x' } })).status).toBe(404)
    expect((await api.put('/api/departemen/abc', { json: { nama: 'x' } })).status).toBe(404)
  })

  it("never gives a deleted row's id to a new one", async () => {
    const first = (await api.post('/api/departemen', { json: { nama: 'Terakhir' } })).json.data
    expect((await api.del(`/api/departemen/${first.id}`)).status).toBe(200)
    const next = (await api.post('/api/departemen', { json: { nama: 'Berikutnya' } })).json.data
    expect(next.id).toBeGreaterThan(first.id)
    expect((await api.put(`/api/departemen/${first.id}`, { json: { nama: 'x' } })).status).toBe(404)
  })
})
