import { beforeAll, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { makeApi, type Json } from './harness.ts'
import { buyTyres, insertMasters, serial, type Masters } from './fixtures-transaksi.ts'

/**
 * The extension 'paged-lists': the purchase list, its inquiry and the report asked with `page`
 * answer one page searched, sorted and cut by the database, with meta {total, page, per_page};
 * without `page` they answer as the spec says. Test purchases live in March 2002, away from the demo
 * seed's months.
 */
describe('paged lists', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  let m: Masters
  const made: Json[] = []
  const MARCH = 'tanggal_awal=2002-03-01&tanggal_akhir=2002-03-31'

  beforeAll(async () => {
    api = await makeApi()
    m = await insertMasters(api.db)
    await api.login()
    const plan = [
      { tanggal_awal: '2002-03-05', harga: 1_500_000, supplierId: m.supplierId },
      { tanggal_awal: '2002-03-02', harga: 250_000, supplierId: m.supplier2Id },
      { tanggal_awal: '2002-03-20', harga: 1_500_000, supplierId: m.supplier2Id },
      { tanggal_awal: '2002-03-09', harga: 4_000_000, supplierId: m.supplierId },
      { tanggal_awal: '2002-03-31', harga: 700_000, supplierId: m.supplierId },
      { tanggal_awal: '2002-04-01', harga: 900_000, supplierId: m.supplierId },
    ]
    for (const p of plan) made.push(await buyTyres(api, m, [serial()], p))
    await api.post(`/api/inquery-pembelian/${made[1].id}/posting`)
    await api.post(`/api/inquery-pembelian/${made[3].id}/posting`)
  })

  const ids = (rows: Json[]) => rows.map((r) => r.id)
  const march = () => made.slice(0, 5)

  it('offers the extension in GET /api/fitur', async () => {
    const res = await api.get('/api/fitur')
    expect(res.json.data).toContain('paged-lists')
  })

  it('answers as the spec says without page: no meta, every row', async () => {
    const list = await api.get('/api/pembelian-ban')
    expect(Array.isArray(list.json)).toBe(true)
    const inquiry = await api.get(`/api/inquery-pembelian-ban?${MARCH}`)
    expect(Object.keys(inquiry.json)).toEqual(['data'])
    expect(ids(inquiry.json.data.data)).toEqual(ids(march()))
  })

  it('pages the inquiry: meta, no overlap, the same rows as the whole list', async () => {
    const one = await api.get(`/api/inquery-pembelian-ban?${MARCH}&page=1&per_page=2`)
    expect(one.status).toBe(200)
    // posting: how many of the five are posted; grand_total: their sum.
    expect(one.json.meta).toEqual({ total: 5, page: 1, per_page: 2, posting: 2, grand_total: 7_950_000 })
    const whole = await api.get(`/api/inquery-pembelian-ban?${MARCH}`)
    expect(one.json.data.data).toEqual(whole.json.data.data.slice(0, 2))
    const two = await api.get(`/api/inquery-pembelian-ban?${MARCH}&page=2&per_page=2`)
    const three = await api.get(`/api/inquery-pembelian-ban?${MARCH}&page=3&per_page=2`)
    expect(ids([...one.json.data.data, ...two.json.data.data, ...three.json.data.data])).toEqual(ids(march()))
    const past = await api.get(`/api/inquery-pembelian-ban?${MARCH}&page=9&per_page=2`)
    expect(past.json).toEqual({ data: { data: [] }, meta: { total: 5, page: 9, per_page: 2, posting: 2, grand_total: 7_950_000 } })
  })

  it('filters by status with the dates', async () => {
    const res = await api.get(`/api/inquery-pembelian-ban?${MARCH}&status=posting&page=1&per_page=10`)
    expect(ids(res.json.data.data)).toEqual([made[1].id, made[3].id])
    expect(res.json.meta.total).toBe(2)
  })

  it('sorts by a whitelisted key, ties in id order, both directions', async () => {
    const asc = await api.get(`/api/inquery-pembelian-ban?${MARCH}&page=1&per_page=10&sort=grand_total&dir=asc`)
    expect(ids(asc.json.data.data)).toEqual([made[1].id, made[4].id, made[0].id, made[2].id, made[3].id])
    const desc = await api.get(`/api/inquery-pembelian-ban?${MARCH}&page=1&per_page=10&sort=grand_total&dir=desc`)
    expect(ids(desc.json.data.data)).toEqual([made[3].id, made[0].id, made[2].id, made[4].id, made[1].id])
    // 'CV Uji Ban Dua' before 'PT Uji Ban Satu', without case.
    const bySupplier = await api.get(`/api/inquery-pembelian-ban?${MARCH}&page=1&per_page=10&sort=nama_supp`)
    expect(ids(bySupplier.json.data.data)).toEqual([made[1].id, made[2].id, made[0].id, made[3].id, made[4].id])
  })

  it('searches without case in the code, the supplier and the grand total as shown', async () => {
    const supplier = await api.get(`/api/inquery-pembelian-ban?${MARCH}&page=1&q=${encodeURIComponent('uji ban DUA')}`)
    expect(ids(supplier.json.data.data)).toEqual([made[1].id, made[2].id])
    expect(supplier.json.meta.total).toBe(2)
    const shown = await api.get(`/api/inquery-pembelian-ban?${MARCH}&page=1&q=1.500.000`)
    expect(ids(shown.json.data.data)).toEqual([made[0].id, made[2].id])
    const digits = await api.get(`/api/inquery-pembelian-ban?${MARCH}&page=1&q=4000000`)
    expect(ids(digits.json.data.data)).toEqual([made[3].id])
    const code = await api.get(`/api/inquery-pembelian-ban?${MARCH}&page=1&q=${made[4].kode_pembelian_ban.toLowerCase()}`)
    expect(ids(code.json.data.data)).toEqual([made[4].id])
    // LIKE's wildcards are taken literally.
    const wildcard = await api.get(`/api/inquery-pembelian-ban?${MARCH}&page=1&q=%25`)
    expect(wildcard.json.meta.total).toBe(0)
  })

  it('pages the purchase list as {data, meta}, searched by code only', async () => {
    const res = await api.get(`/api/pembelian-ban?page=1&per_page=3&sort=id&dir=desc`)
    expect(Object.keys(res.json)).toEqual(['data', 'meta'])
    const total = Number(
      (
        await api.db.q
          .selectFrom('pembelian_ban')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    expect(res.json.meta).toMatchObject({ total, page: 1, per_page: 3 })
    expect(ids(res.json.data)).toEqual([made[5].id, made[4].id, made[3].id])
    expect(res.json.data[0]).toEqual((await api.get('/api/pembelian-ban')).json.find((p: Json) => p.id === made[5].id))
    const bySupplierName = await api.get(`/api/pembelian-ban?page=1&q=${encodeURIComponent('PT Uji Ban Satu')}`)
    expect(bySupplierName.json.meta.total).toBe(0)
    const filtered = await api.get(`/api/pembelian-ban?page=1&${MARCH}&status=unpost`)
    expect(ids(filtered.json.data)).toEqual([made[0].id, made[2].id, made[4].id])
  })

  it('orders the report by date, then id', async () => {
    const res = await api.get(`/api/laporan-pembelian-ban?${MARCH}&page=1&per_page=10`)
    expect(ids(res.json.data.data)).toEqual([made[1].id, made[0].id, made[3].id, made[2].id, made[4].id])
    const whole = await api.get(`/api/laporan-pembelian-ban?${MARCH}`)
    expect(whole.json.data.data).toEqual(res.json.data.data)
  })

  it('refuses what is not valid with 422 and the field', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=x', 'page'],
      ['page=1&per_page=2001', 'per_page'],
      ['page=1&sort=alamat', 'sort'],
      ['page=1&sort=id%3B%20DROP%20TABLE%20ban', 'sort'],
      ['page=1&dir=up', 'dir'],
    ]) {
      const res = await api.get(`/api/inquery-pembelian-ban?${query}`)
      expect(res.status, query).toBe(422)
      expect(Object.keys(res.json.errors), query).toEqual([field])
    }
  })

  it('ignores page when the extension is off', async () => {
    const app = await createApi({ db: api.db, uploadsDir: api.uploadsDir, extensions: new Set() })
    const token = await api.login()
    const res = await app.request(`/api/pembelian-ban?page=1&per_page=2`, { headers: { Authorization: `Bearer ${token}` } })
    const body = (await res.json()) as Json
    expect(Array.isArray(body)).toBe(true)
    expect(body.length).toBeGreaterThan(2)
  })
})
