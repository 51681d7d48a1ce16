import { beforeAll, describe, expect, it } from 'vitest'
import { makeApi, type Json } from './harness.ts'
import { buyTyres, insertMasters, makeFitting, serial, type Masters } from './fixtures-transaksi.ts'

/**
 * The finance inquiries and the report: {data: {data: [...]}}, tanggal_awal..tanggal_akhir inclusive on
 * the document's tanggal_awal, both or neither, optional status. Test documents live in 2001, far from
 * the demo seed's last three months.
 */
describe('inquiries and report', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  let m: Masters
  const purchases: Record<string, Json> = {}
  const fittings: Record<string, Json> = {}

  beforeAll(async () => {
    api = await makeApi()
    m = await insertMasters(api.db)
    await api.login()
    // Purchases on the edges of March 2001 and just outside it.
    for (const [key, date] of [
      ['feb28', '2001-02-28'],
      ['mar01', '2001-03-01'],
      ['mar15', '2001-03-15'],
      ['mar31', '2001-03-31'],
      ['apr01', '2001-04-01'],
    ] as const) {
      purchases[key] = await buyTyres(api, m, [serial(), serial()], { tanggal_awal: date, harga: 1_000_000 })
    }
    await api.post(`/api/inquery-pembelian/${purchases.mar01.id}/posting`)
    await api.post(`/api/inquery-pembelian/${purchases.mar31.id}/posting`)
    // Fittings are dated today by the api; set their dates like the purchases'.
    const vehicles = [m.kendaraan[6], m.kendaraan[10], m.kendaraan[18], m.kendaraan[22]]
    const dates = ['2001-02-28', '2001-03-01', '2001-03-31', '2001-04-01']
    for (const [i, date] of dates.entries()) {
      const s = serial()
      await buyTyres(api, m, [s]) // bought today: outside the 2001 ranges
      const f = await makeFitting(api, vehicles[i], [{ no_seri: s, posisi_ban: '1A' }])
      await api.db.q.updateTable('pemasangan_ban').set({ tanggal_awal: date }).where('id', '=', f.id).execute()
      fittings[date] = f
    }
    await api.post(`/api/inquery-pemasangan/${fittings['2001-03-31'].id}/posting`)
  })

  const ids = (res: Json) => res.json.data.data.map((x: Json) => x.id)

  describe('GET /api/inquery-pembelian-ban', () => {
    it('answers {data: {data}} with every purchase when no dates are given', async () => {
      const res = await api.get('/api/inquery-pembelian-ban')
      expect(res.status).toBe(200)
      expect(Object.keys(res.json)).toEqual(['data'])
      expect(Object.keys(res.json.data)).toEqual(['data'])
      const total = Number(
        (
          await api.db.q
            .selectFrom('pembelian_ban')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
      expect(res.json.data.data).toHaveLength(total)
      expect(total).toBeGreaterThan(5) // the demo seed's and ours
      const row = res.json.data.data.find((p: Json) => p.id === purchases.mar15.id)
      expect(row).toEqual(purchases.mar15)
      expect(row.detail_ban).toHaveLength(2)
      expect(row.supplier.nama_supp).toBe('PT Uji Ban Satu')
    })

    it('filters inclusively on both dates', async () => {
      const res = await api.get('/api/inquery-pembelian-ban?tanggal_awal=2001-03-01&tanggal_akhir=2001-03-31')
      expect(res.status).toBe(200)
      expect(ids(res)).toEqual([purchases.mar01.id, purchases.mar15.id, purchases.mar31.id])
      const oneDay = await api.get('/api/inquery-pembelian-ban?tanggal_awal=2001-04-01&tanggal_akhir=2001-04-01')
      expect(ids(oneDay)).toEqual([purchases.apr01.id])
    })

    it('filters by status with the dates, and by status alone', async () => {
      const posted = await api.get('/api/inquery-pembelian-ban?tanggal_awal=2001-02-01&tanggal_akhir=2001-04-30&status=posting')
      expect(ids(posted)).toEqual([purchases.mar01.id, purchases.mar31.id])
      expect(posted.json.data.data.every((p: Json) => p.status === 'posting')).toBe(true)
      const unposted = await api.get('/api/inquery-pembelian-ban?tanggal_awal=2001-02-01&tanggal_akhir=2001-04-30&status=unpost')
      expect(ids(unposted)).toEqual([purchases.feb28.id, purchases.mar15.id, purchases.apr01.id])
      const statusOnly = await api.get('/api/inquery-pembelian-ban?status=posting')
      const n = Number(
        (
          await api.db.q
            .selectFrom('pembelian_ban')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', 'posting')
            .executeTakeFirstOrThrow()
        ).n,
      )
      expect(statusOnly.json.data.data).toHaveLength(n)
      // An empty status means "any".
      expect(ids(await api.get('/api/inquery-pembelian-ban?tanggal_awal=2001-03-01&tanggal_akhir=2001-03-31&status='))).toHaveLength(3)
    })

    it('refuses one date alone, invalid dates, a reversed range and unknown statuses (422)', async () => {
      const onlyStart = await api.get('/api/inquery-pembelian-ban?tanggal_awal=2001-03-01')
      expect(onlyStart.status).toBe(422)
      expect(onlyStart.json).toEqual({
        message: 'Silakan pilih Tanggal Awal dan Tanggal Akhir',
        errors: { tanggal_akhir: ['Silakan pilih Tanggal Awal dan Tanggal Akhir'] },
      })
      const onlyEnd = await api.get('/api/inquery-pembelian-ban?tanggal_akhir=2001-03-01')
      expect(onlyEnd.json.errors).toEqual({ tanggal_awal: ['Silakan pilih Tanggal Awal dan Tanggal Akhir'] })
      const invalid = await api.get('/api/inquery-pembelian-ban?tanggal_awal=2001-02-30&tanggal_akhir=31-03-2001')
      expect(invalid.status).toBe(422)
      expect(invalid.json.errors).toEqual({
        tanggal_awal: ['Tanggal Awal harus berupa tanggal yang valid (YYYY-MM-DD).'],
        tanggal_akhir: ['Tanggal Akhir harus berupa tanggal yang valid (YYYY-MM-DD).'],
      })
      const reversed = await api.get('/api/inquery-pembelian-ban?tanggal_awal=2001-03-31&tanggal_akhir=2001-03-01')
      expect(reversed.json.errors).toEqual({ tanggal_akhir: ['Tanggal Akhir tidak boleh lebih awal dari Tanggal Awal.'] })
      const status = await api.get('/api/inquery-pembelian-ban?status=lunas')
      expect(status.status).toBe(422)
      expect(status.json.errors).toEqual({ status: ['Status harus posting atau unpost.'] })
    })
  })

  describe('GET /api/laporan-pembelian-ban', () => {
    it('answers the inquiry shape, by date, with the same filter rules', async () => {
      const res = await api.get('/api/laporan-pembelian-ban?tanggal_awal=2001-02-28&tanggal_akhir=2001-03-31')
      expect(res.status).toBe(200)
      expect(ids(res)).toEqual([purchases.feb28.id, purchases.mar01.id, purchases.mar15.id, purchases.mar31.id])
      expect(res.json.data.data.map((p: Json) => p.tanggal_awal)).toEqual(['2001-02-28', '2001-03-01', '2001-03-15', '2001-03-31'])
      expect(res.json.data.data[2]).toEqual(purchases.mar15)
      expect(res.json.data.data[2].detail_ban.map((t: Json) => t.kode_ban)).toEqual(purchases.mar15.detail_ban.map((t: Json) => t.kode_ban))
      const posted = await api.get('/api/laporan-pembelian-ban?tanggal_awal=2001-02-28&tanggal_akhir=2001-03-31&status=posting')
      expect(ids(posted)).toEqual([purchases.mar01.id, purchases.mar31.id])
      const all = await api.get('/api/laporan-pembelian-ban')
      const dates = all.json.data.data.map((p: Json) => p.tanggal_awal)
      expect(dates).toEqual([...dates].sort())
      expect((await api.get('/api/laporan-pembelian-ban?tanggal_awal=2001-03-01')).status).toBe(422)
      expect((await api.get('/api/laporan-pembelian-ban?tanggal_awal=x&tanggal_akhir=y')).status).toBe(422)
      expect((await api.get('/api/laporan-pembelian-ban?status=semua')).status).toBe(422)
    })
  })

  describe('GET /api/inquery-pemasangan-ban', () => {
    it('answers {data: {data}} with fittings as in the list, filtered inclusively, by status', async () => {
      const all = await api.get('/api/inquery-pemasangan-ban')
      expect(all.status).toBe(200)
      const total = Number(
        (
          await api.db.q
            .selectFrom('pemasangan_ban')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
      expect(all.json.data.data).toHaveLength(total)
      const list = await api.get('/api/pemasangan-ban')
      expect(all.json.data.data).toEqual(list.json)

      const march = await api.get('/api/inquery-pemasangan-ban?tanggal_awal=2001-03-01&tanggal_akhir=2001-03-31')
      expect(ids(march)).toEqual([fittings['2001-03-01'].id, fittings['2001-03-31'].id])
      expect(march.json.data.data[1]).toMatchObject({
        status: 'posting',
        tanggal_awal: '2001-03-31',
        kendaraan: { no_kabin: 'UJI-18', jenis_kendaraan: { nama_jenis_kendaraan: 'Jenis Uji 18 Ban', total_ban: 18 } },
      })
      const unpost = await api.get('/api/inquery-pemasangan-ban?tanggal_awal=2001-02-28&tanggal_akhir=2001-04-01&status=unpost')
      expect(ids(unpost)).toEqual([fittings['2001-02-28'].id, fittings['2001-03-01'].id, fittings['2001-04-01'].id])
      const posted = await api.get('/api/inquery-pemasangan-ban?tanggal_awal=2001-02-28&tanggal_akhir=2001-04-01&status=posting')
      expect(ids(posted)).toEqual([fittings['2001-03-31'].id])

      expect((await api.get('/api/inquery-pemasangan-ban?tanggal_akhir=2001-03-31')).json.errors).toEqual({
        tanggal_awal: ['Silakan pilih Tanggal Awal dan Tanggal Akhir'],
      })
      expect((await api.get('/api/inquery-pemasangan-ban?tanggal_awal=2001-13-01&tanggal_akhir=2001-03-31')).status).toBe(422)
      expect((await api.get('/api/inquery-pemasangan-ban?status=POSTED')).json.errors).toEqual({
        status: ['Status harus posting atau unpost.'],
      })
    })
  })
})
