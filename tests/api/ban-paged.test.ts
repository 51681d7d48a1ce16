import { beforeAll, describe, expect, it } from 'vitest'
import { makeApi, type Json } from './harness.ts'
import { buyTyres, insertMasters, serial, type Masters } from './fixtures-transaksi.ts'

/**
 * The tyre list (GET /api/ban) with the extension 'paged-lists': asked with `page` it answers one page
 * filtered (status, ukuran, merek), searched (code or serial, without case) and sorted by the
 * database, with meta {total, page, per_page}; without `page` it answers as the spec says.
 */
describe('GET /api/ban paged', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  let m: Masters
  let other: Masters
  const tag = `StkPg${process.pid}x${Date.now().toString(36)}`
  const serials: string[] = []
  let tyres: Json[] = []

  beforeAll(async () => {
    api = await makeApi()
    m = await insertMasters(api.db)
    other = await insertMasters(api.db)
    await api.login()
    for (let i = 0; i < 5; i++) serials.push(serial(tag))
    await buyTyres(api, m, serials)
    const whole = await api.get('/api/ban')
    tyres = (whole.json as Json[]).filter((b) => serials.includes(b.no_seri)).sort((a, b) => a.id - b.id)
    // Two of them another size and brand, one of those scrapped: the filters have something to tell apart.
    await api.db.q
      .updateTable('ban')
      .set({ ukuran_id: other.ukuranId, merek_id: other.merekId })
      .where('id', 'in', [tyres[1].id, tyres[3].id])
      .execute()
    await api.db.q.updateTable('ban').set({ status: 'afkir' }).where('id', '=', tyres[3].id).execute()
  })

  const ids = (rows: Json[]) => rows.map((r) => r.id)
  const q = () => encodeURIComponent(tag.toLowerCase())

  it('answers as the spec says without page: the whole array, no meta', async () => {
    const res = await api.get('/api/ban')
    expect(Array.isArray(res.json)).toBe(true)
    expect((res.json as Json[]).filter((b) => serials.includes(b.no_seri))).toHaveLength(5)
  })

  it('pages with meta, searched without case, pages never overlap and keep the whole list order', async () => {
    const one = await api.get(`/api/ban?page=1&per_page=2&q=${q()}`)
    expect(one.status).toBe(200)
    expect(one.json.meta).toEqual({ total: 5, page: 1, per_page: 2 })
    const two = await api.get(`/api/ban?page=2&per_page=2&q=${q()}`)
    const three = await api.get(`/api/ban?page=3&per_page=2&q=${q()}`)
    expect(three.json.data).toHaveLength(1)
    expect(ids([...one.json.data, ...two.json.data, ...three.json.data])).toEqual(ids(tyres))
    // The rows are the whole list's rows (same shape, same place).
    const whole = (await api.get('/api/ban')).json as Json[]
    expect(one.json.data[0]).toEqual(whole.find((b) => b.id === tyres[0].id))
    const upper = await api.get(`/api/ban?page=1&per_page=10&q=${encodeURIComponent(tag.toUpperCase())}`)
    expect(upper.json.meta.total).toBe(5)
  })

  it('filters by status, ukuran and merek', async () => {
    const afkir = await api.get(`/api/ban?page=1&q=${q()}&status=afkir`)
    expect(ids(afkir.json.data)).toEqual([tyres[3].id])
    const size = await api.get(`/api/ban?page=1&q=${q()}&ukuran=${other.ukuranId}`)
    expect(ids(size.json.data)).toEqual([tyres[1].id, tyres[3].id])
    const brand = await api.get(`/api/ban?page=1&q=${q()}&merek=${m.merekId}&status=stok`)
    expect(ids(brand.json.data)).toEqual([tyres[0].id, tyres[2].id, tyres[4].id])
    expect(brand.json.meta.total).toBe(3)
  })

  it('sorts by a column in both directions, ties by id', async () => {
    const asc = await api.get(`/api/ban?page=1&per_page=10&q=${q()}&sort=status&dir=asc`)
    expect(ids(asc.json.data)).toEqual([tyres[3].id, tyres[0].id, tyres[1].id, tyres[2].id, tyres[4].id])
    const desc = await api.get(`/api/ban?page=1&per_page=10&q=${q()}&sort=no_seri&dir=desc`)
    expect(desc.json.data.map((b: Json) => b.no_seri)).toEqual([...serials].sort().reverse())
    const lokasi = await api.get(`/api/ban?page=1&per_page=10&q=${q()}&sort=lokasi`)
    expect(lokasi.status).toBe(200)
    expect(lokasi.json.meta.total).toBe(5)
  })

  it('refuses values that are not valid with 422 and the field', async () => {
    for (const [query, field] of [
      ['page=1&ukuran=abc', 'ukuran'],
      ['page=1&merek=0', 'merek'],
      ['page=1&sort=harga', 'sort'],
      ['page=0', 'page'],
      ['page=1&status=hilang', 'status'],
    ] as const) {
      const res = await api.get(`/api/ban?${query}`)
      expect(res.status, query).toBe(422)
      expect(JSON.stringify(res.json), query).toContain(field)
    }
  })
})
