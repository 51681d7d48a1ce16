import { beforeEach, describe, expect, it } from 'vitest'
import { formData, makeApi } from './harness.ts'

describe('/api/departemen', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  beforeEach(async () => {
    api = await makeApi()
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

  it('refuses (409, naming how many of each) to delete a department karyawan or suppliers belong to', async () => {
    const dep = (await api.post('/api/departemen', { json: { nama: 'Dipakai' } })).json.data
    for (const nama of ['A', 'B', 'C']) {
      expect(
        (await api.post('/api/karyawan/add', { form: formData({ nama_lengkap: `Karyawan ${nama}`, departemen_id: dep.id }) })).status,
      ).toBe(201)
    }
    const supplier = (await api.post('/api/supplier/add', { form: formData({ nama_supp: 'Supplier Dipakai', departemen_id: dep.id }) }))
      .json.data
    const res = await api.del(`/api/departemen/${dep.id}`)
    expect(res.status).toBe(409)
    expect(res.json).toEqual({ message: 'Departemen tidak dapat dihapus karena masih digunakan oleh 3 karyawan dan 1 supplier.' })
    const stored = await api.db.q
      .selectFrom('karyawan')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('departemen_id', '=', dep.id)
      .executeTakeFirst()
    expect(stored).toEqual({ n: 3 })
    expect((await api.get(`/api/departemen/${dep.id}`)).status).toBe(200)
    // Only suppliers left: named alone.
    await api.db.q.updateTable('karyawan').set({ departemen_id: null }).where('departemen_id', '=', dep.id).execute()
    expect((await api.del(`/api/departemen/${dep.id}`)).json).toEqual({
      message: 'Departemen tidak dapat dihapus karena masih digunakan oleh 1 supplier.',
    })
    expect((await api.del(`/api/supplier/${supplier.id}`)).status).toBe(200)
    expect((await api.del(`/api/departemen/${dep.id}`)).status).toBe(200)
  })

  it("never gives a deleted row's id to a new one", async () => {
    const first = (await api.post('/api/departemen', { json: { nama: 'Terakhir' } })).json.data
    expect((await api.del(`/api/departemen/${first.id}`)).status).toBe(200)
    const next = (await api.post('/api/departemen', { json: { nama: 'Berikutnya' } })).json.data
    expect(next.id).toBeGreaterThan(first.id)
    expect((await api.put(`/api/departemen/${first.id}`, { json: { nama: 'x' } })).status).toBe(404)
  })
})
