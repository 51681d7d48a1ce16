import { beforeAll, describe, expect, it } from 'vitest'
import { makeApi, type Json } from './harness.ts'
import { insertMasters, insertVehicle } from './fixtures-transaksi.ts'

/**
 * The fitting list, its inquiry and the removal list with the extension 'paged-lists': asked with
 * `page` they answer one page filtered (date range, posting state), searched and sorted by the
 * database, with meta {total, page, per_page, posting}; without `page` they answer as before. Test
 * documents carry a code of their own and live in May 2003, away from the demo seed's months.
 */
describe('paged fitting and removal lists', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  const tag = `Fp${process.pid}x${Date.now().toString(36)}`
  const kabin = `Kb${process.pid}y${Date.now().toString(36)}`
  const fittings: number[] = []
  const removals: number[] = []
  const MAY = 'tanggal_awal=2003-05-01&tanggal_akhir=2003-05-31'

  beforeAll(async () => {
    api = await makeApi()
    const m = await insertMasters(api.db)
    await api.login()
    // Cabin numbers out of id order, so sorting by them differs from the list's own order.
    const vehicles = [
      await insertVehicle(api.db, m.jenis[6], 1000, `${kabin}-C`),
      await insertVehicle(api.db, m.jenis[6], 1000, `${kabin}-A`),
      await insertVehicle(api.db, m.jenis[6], 1000, `${kabin}-B`),
    ]
    const plan = [
      { v: 0, tanggal: '2003-05-05', status: 'unpost' },
      { v: 1, tanggal: '2003-05-02', status: 'posting' },
      { v: 2, tanggal: '2003-05-20', status: 'unpost' },
      { v: 1, tanggal: '2003-05-09', status: 'posting' },
      { v: 0, tanggal: '2003-06-01', status: 'unpost' },
    ]
    for (const [i, p] of plan.entries()) {
      fittings.push(
        (
          await api.db.q
            .insertInto('pemasangan_ban')
            .values({
              kode_pemasangan: `${tag}-PM${i + 1}`,
              kendaraan_id: vehicles[p.v]!,
              km: 1000,
              grand_total: (i + 1) * 100_000,
              status: p.status,
              tanggal_awal: p.tanggal,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      )
    }
    for (const [i, p] of plan.slice(0, 3).entries()) {
      removals.push(
        (
          await api.db.q
            .insertInto('pelepasan_ban')
            .values({
              kode_pelepasan: `${tag}-PL${i + 1}`,
              kendaraan_id: vehicles[p.v]!,
              km: 1000,
              status: p.status,
              tanggal_awal: p.tanggal,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      )
    }
  })

  const ids = (rows: Json[]) => rows.map((r) => r.id)
  const q = () => encodeURIComponent(tag.toLowerCase())

  it('answers as before without page: the whole lists, no meta', async () => {
    const list = await api.get('/api/pemasangan-ban')
    expect(Array.isArray(list.json)).toBe(true)
    expect((list.json as Json[]).filter((p) => fittings.includes(p.id))).toHaveLength(5)
    const inquiry = await api.get(`/api/inquery-pemasangan-ban?${MAY}`)
    expect(inquiry.json.meta).toBeUndefined()
    expect(ids(inquiry.json.data.data).filter((id: number) => fittings.includes(id))).toEqual(fittings.slice(0, 4))
    const removalsWhole = await api.get('/api/pelepasan-ban')
    expect(Array.isArray(removalsWhole.json)).toBe(true)
    expect((removalsWhole.json as Json[]).filter((p) => removals.includes(p.id))).toHaveLength(3)
  })

  it('pages the fitting list with meta, searched by code or cabin number without case, pages in the whole list order', async () => {
    const one = await api.get(`/api/pemasangan-ban?page=1&per_page=2&q=${q()}`)
    expect(one.status).toBe(200)
    // grand_total: the sum over every matching fitting (100,000 … 500,000), not only the page's.
    expect(one.json.meta).toEqual({ total: 5, page: 1, per_page: 2, posting: 2, grand_total: 1_500_000 })
    const two = await api.get(`/api/pemasangan-ban?page=2&per_page=2&q=${q()}`)
    const three = await api.get(`/api/pemasangan-ban?page=3&per_page=2&q=${q()}`)
    expect(ids([...one.json.data, ...two.json.data, ...three.json.data])).toEqual(fittings)
    const whole = (await api.get('/api/pemasangan-ban')).json as Json[]
    expect(one.json.data[0]).toEqual(whole.find((p) => p.id === fittings[0]))
    const byCabin = await api.get(`/api/pemasangan-ban?page=1&q=${encodeURIComponent(`${kabin}-a`.toUpperCase())}`)
    expect(ids(byCabin.json.data)).toEqual([fittings[1], fittings[3]])
  })

  it('sorts the fitting list by cabin number in both directions, ties by id', async () => {
    const asc = await api.get(`/api/pemasangan-ban?page=1&per_page=10&q=${q()}&sort=no_kabin&dir=asc`)
    expect(ids(asc.json.data)).toEqual([fittings[1], fittings[3], fittings[2], fittings[0], fittings[4]])
    const desc = await api.get(`/api/pemasangan-ban?page=1&per_page=10&q=${q()}&sort=no_kabin&dir=desc`)
    expect(ids(desc.json.data)).toEqual([fittings[0], fittings[4], fittings[2], fittings[1], fittings[3]])
    const kode = await api.get(`/api/pemasangan-ban?page=1&per_page=10&q=${q()}&sort=kode_pemasangan&dir=desc`)
    expect(ids(kode.json.data)).toEqual([...fittings].reverse())
  })

  it('pages the inquiry within its period and posting state, searched by code only', async () => {
    const may = await api.get(`/api/inquery-pemasangan-ban?page=1&per_page=10&${MAY}&q=${q()}&sort=tanggal&dir=asc`)
    expect(may.status).toBe(200)
    expect(ids(may.json.data.data)).toEqual([fittings[1], fittings[0], fittings[3], fittings[2]])
    expect(may.json.meta).toEqual({ total: 4, page: 1, per_page: 10, posting: 2, grand_total: 1_000_000 })
    const waiting = await api.get(`/api/inquery-pemasangan-ban?page=1&per_page=1&${MAY}&status=unpost&q=${q()}`)
    // The dashboard's backlog: the unposted ones of May, PM1 and PM3.
    expect(waiting.json.meta).toEqual({ total: 2, page: 1, per_page: 1, posting: 0, grand_total: 400_000 })
    const posted = await api.get(`/api/inquery-pemasangan-ban?page=1&${MAY}&status=posting&q=${q()}`)
    expect(ids(posted.json.data.data)).toEqual([fittings[1], fittings[3]])
    const second = await api.get(`/api/inquery-pemasangan-ban?page=2&per_page=3&${MAY}&q=${q()}`)
    expect(ids(second.json.data.data)).toEqual([fittings[3]])
    // The inquiry's search is the fitting code: a cabin number finds nothing there.
    const cabin = await api.get(`/api/inquery-pemasangan-ban?page=1&${MAY}&q=${encodeURIComponent(kabin)}`)
    expect(cabin.json.meta.total).toBe(0)
  })

  it('pages the removal list: search, date filter, sort both directions', async () => {
    const one = await api.get(`/api/pelepasan-ban?page=1&per_page=2&q=${q()}`)
    expect(one.status).toBe(200)
    expect(one.json.meta).toEqual({ total: 3, page: 1, per_page: 2, posting: 1 })
    expect(ids(one.json.data)).toEqual(removals.slice(0, 2))
    expect(one.json.data[0]).toMatchObject({ kode_pelepasan: `${tag}-PL1`, jumlah_ban: 0, kendaraan: { no_kabin: `${kabin}-C` } })
    const asc = await api.get(`/api/pelepasan-ban?page=1&q=${q()}&sort=tanggal_awal&dir=asc`)
    expect(ids(asc.json.data)).toEqual([removals[1], removals[0], removals[2]])
    const desc = await api.get(`/api/pelepasan-ban?page=1&q=${q()}&sort=no_kabin&dir=desc`)
    expect(ids(desc.json.data)).toEqual([removals[0], removals[2], removals[1]])
    const counted = await api.get(`/api/pelepasan-ban?page=1&q=${q()}&sort=jumlah_ban&dir=desc`)
    expect(ids(counted.json.data)).toEqual(removals)
    const early = await api.get(`/api/pelepasan-ban?page=1&q=${q()}&tanggal_awal=2003-05-01&tanggal_akhir=2003-05-06`)
    expect(ids(early.json.data)).toEqual([removals[0], removals[1]])
  })

  it('refuses values that are not valid with 422 and the field', async () => {
    for (const [path, query, field] of [
      ['/api/pemasangan-ban', 'page=0', 'page'],
      ['/api/pemasangan-ban', 'page=1&sort=harga', 'sort'],
      ['/api/pemasangan-ban', 'page=1&per_page=2001', 'per_page'],
      ['/api/inquery-pemasangan-ban', 'page=1&dir=up', 'dir'],
      ['/api/inquery-pemasangan-ban', 'page=1&status=hilang', 'status'],
      ['/api/pelepasan-ban', 'page=x', 'page'],
      ['/api/pelepasan-ban', 'page=1&tanggal_awal=2003-13-01&tanggal_akhir=2003-05-01', 'tanggal_awal'],
    ] as const) {
      const res = await api.get(`${path}?${query}`)
      expect(res.status, `${path}?${query}`).toBe(422)
      expect(JSON.stringify(res.json), `${path}?${query}`).toContain(field)
    }
  })
})
