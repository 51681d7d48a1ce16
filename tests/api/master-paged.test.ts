import { beforeAll, describe, expect, it } from 'vitest'
import { formData, makeApi, type Json } from './harness.ts'

/**
 * The master lists (Departemen, STNK, Supplier, Karyawan, Jenis Kendaraan) with the extension 'paged-lists': asked with `page` each answers one page
 * searched (the screen's search: the name, without case) and sorted (No, code, name) by the database,
 * with meta {total, page, per_page}; without `page` the spec's whole array. The test rows carry a
 * tag of their own, so the demo rows never match the search.
 */
describe('master lists paged', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  const tag = `MstPg${process.pid}x${Date.now().toString(36)}`
  const names = ['Cabang', 'armada', 'Bengkel', 'dapur', 'Ekspedisi']
  const departemen: Json[] = []
  const stnk: Json[] = []
  const supplier: Json[] = []
  const karyawan: Json[] = []
  const jenis: Json[] = []

  beforeAll(async () => {
    api = await makeApi()
    await api.login()
    for (const n of names) {
      departemen.push((await api.post('/api/departemen', { json: { nama: `${n} ${tag}` } })).json.data)
      const made = await api.post('/api/stnk/add', { form: formData({ nama_pemilik: `${n} ${tag}` }) })
      expect(made.status, JSON.stringify(made.json)).toBe(201)
      stnk.push(made.json.data)
      supplier.push((await api.post('/api/supplier/add', { json: { nama_supp: `${n} ${tag}` } })).json.data)
      karyawan.push((await api.post('/api/karyawan/add', { json: { nama_lengkap: `${n} ${tag}` } })).json.data)
      const j = await api.post('/api/jenis_kendaraan/add', { json: { nama_jenis_kendaraan: `${n} ${tag}`, total_ban: 6 } })
      expect(j.status, JSON.stringify(j.json)).toBe(201)
      jenis.push(j.json.data)
    }
  })

  const ids = (rows: Json[]) => rows.map((r) => r.id)
  const q = () => encodeURIComponent(tag.toLowerCase())
  const byName = (rows: Json[], key: string) => [...rows].sort((a, b) => a[key].toLowerCase().localeCompare(b[key].toLowerCase()))

  for (const [path, key, rows] of [
    ['/api/departemen', 'nama', () => departemen],
    ['/api/stnk', 'nama_pemilik', () => stnk],
    ['/api/supplier', 'nama_supp', () => supplier],
    ['/api/karyawan', 'nama_lengkap', () => karyawan],
    ['/api/jenis_kendaraan', 'nama_jenis_kendaraan', () => jenis],
  ] as const) {
    it(`${path}: the whole array without page`, async () => {
      const res = await api.get(path)
      expect(Array.isArray(res.json)).toBe(true)
      expect((res.json as Json[]).filter((r) => String(r[key]).includes(tag))).toHaveLength(5)
    })

    it(`${path}: one page of the search, its meta, the same rows as the whole list`, async () => {
      const one = await api.get(`${path}?page=1&per_page=2&q=${q()}`)
      expect(one.status).toBe(200)
      expect(one.json.meta).toEqual({ total: 5, page: 1, per_page: 2 })
      expect(ids(one.json.data)).toEqual(ids(rows().slice(0, 2)))
      const whole = (await api.get(path)).json as Json[]
      expect(one.json.data).toEqual(whole.filter((r) => ids(rows().slice(0, 2)).includes(r.id)))
      const three = await api.get(`${path}?page=3&per_page=2&q=${q()}`)
      expect(ids(three.json.data)).toEqual(ids(rows().slice(4)))
    })

    it(`${path}: sorted by name without case, both directions`, async () => {
      const asc = await api.get(`${path}?page=1&per_page=10&q=${q()}&sort=${key}&dir=asc`)
      expect(ids(asc.json.data)).toEqual(ids(byName(rows(), key)))
      const desc = await api.get(`${path}?page=1&per_page=10&q=${q()}&sort=${key}&dir=desc`)
      expect(ids(desc.json.data)).toEqual(ids(byName(rows(), key).reverse()))
    })

    it(`${path}: a search that matches nothing is an empty page; a bad sort is 422`, async () => {
      const none = await api.get(`${path}?page=1&q=${q()}zzz`)
      expect(none.json).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 10 } })
      const bad = await api.get(`${path}?page=1&sort=alamat`)
      expect(bad.status).toBe(422)
      expect(Object.keys(bad.json.errors)).toEqual(['sort'])
    })
  }
})
