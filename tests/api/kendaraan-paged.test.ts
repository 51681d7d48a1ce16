import { beforeAll, describe, expect, it } from 'vitest'
import { makeApi, type Json } from './harness.ts'
import { insertMasters, insertVehicle } from './fixtures-transaksi.ts'

/**
 * The vehicle list (GET /api/kendaraan) with the extension 'paged-lists': asked with `page` it answers
 * one page searched (code, No Kabin, No Pol or vehicle type, without case) and sorted by the database,
 * with meta {total, page, per_page}; without `page` the spec's whole array.
 */
describe('GET /api/kendaraan paged', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  const tag = `KdPg${process.pid}x${Date.now().toString(36)}`
  const ids: number[] = []

  beforeAll(async () => {
    api = await makeApi()
    const m = await insertMasters(api.db)
    await api.login()
    // Inserted in reverse name order: the id order and the No Kabin order differ.
    for (const n of ['E', 'D', 'C', 'B', 'A']) ids.push(Number(await insertVehicle(api.db, m.jenis[6], 1000, `${tag}-${n}`)))
  })

  const q = () => encodeURIComponent(tag.toLowerCase())
  const idsOf = (rows: Json[]) => rows.map((r) => r.id)

  it('answers as the spec says without page: the whole array', async () => {
    const res = await api.get('/api/kendaraan')
    expect(Array.isArray(res.json)).toBe(true)
    expect((res.json as Json[]).filter((k) => ids.includes(k.id))).toHaveLength(5)
  })

  it('pages with meta, searched without case, the rows as the whole list has them', async () => {
    const one = await api.get(`/api/kendaraan?page=1&per_page=2&q=${q()}`)
    expect(one.status).toBe(200)
    expect(one.json.meta).toEqual({ total: 5, page: 1, per_page: 2 })
    const two = await api.get(`/api/kendaraan?page=2&per_page=2&q=${q()}`)
    const three = await api.get(`/api/kendaraan?page=3&per_page=2&q=${q()}`)
    expect(idsOf([...one.json.data, ...two.json.data, ...three.json.data])).toEqual(ids)
    const whole = (await api.get('/api/kendaraan')).json as Json[]
    expect(one.json.data[0]).toEqual(whole.find((k) => k.id === ids[0]))
    expect(one.json.data[0].jenis_kendaraan.total_ban).toBe(6)
    const upper = await api.get(`/api/kendaraan?page=1&q=${encodeURIComponent(`${tag}-c`.toUpperCase())}`)
    expect(idsOf(upper.json.data)).toEqual([ids[2]])
    // No Pol is searched too; '%' is a plain character.
    const pol = await api.get(`/api/kendaraan?page=1&q=${encodeURIComponent(one.json.data[0].no_pol)}`)
    expect(idsOf(pol.json.data)).toContain(ids[0])
    const percent = await api.get(`/api/kendaraan?page=1&q=${q()}%25`)
    expect(percent.json.meta.total).toBe(0)
    expect(percent.json.data).toEqual([])
  })

  it('sorts by No Kabin in both directions', async () => {
    const asc = await api.get(`/api/kendaraan?page=1&q=${q()}&sort=no_kabin`)
    expect(idsOf(asc.json.data)).toEqual([...ids].reverse())
    const desc = await api.get(`/api/kendaraan?page=1&q=${q()}&sort=no_kabin&dir=desc`)
    expect(idsOf(desc.json.data)).toEqual(ids)
  })

  it('narrows the search to No Kabin with search_in (the Kendaraan screen searches its cabin numbers only)', async () => {
    const pol = (await api.get(`/api/kendaraan?page=1&q=${q()}`)).json.data[0].no_pol as string
    const byPol = await api.get(`/api/kendaraan?page=1&search_in=no_kabin&q=${encodeURIComponent(pol)}`)
    expect(byPol.status).toBe(200)
    expect(idsOf(byPol.json.data)).not.toContain(ids[0])
    const byKabin = await api.get(`/api/kendaraan?page=1&per_page=10&search_in=no_kabin&q=${q()}`)
    expect(byKabin.json.meta.total).toBe(5)
  })

  it('refuses values that are not valid with 422 and the field', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=1&per_page=2001', 'per_page'],
      ['page=1&sort=km', 'sort'],
      ['page=1&dir=up', 'dir'],
      ['page=1&search_in=no_pol', 'search_in'],
    ] as const) {
      const res = await api.get(`/api/kendaraan?${query}`)
      expect(res.status, query).toBe(422)
      expect(JSON.stringify(res.json), query).toContain(field)
    }
  })
})
