import { beforeAll, describe, expect, it } from 'vitest'
import { formData, makeApi, type Json } from './harness.ts'
import { insertMasters, insertVehicle } from './fixtures-transaksi.ts'

/**
 * The due filter of the lists behind Jatuh Tempo (extension 'paged-lists'): GET /api/kendaraan and
 * GET /api/stnk with `jatuh_tempo_sampai` (and `jatuh_tempo_dari`) answer only the rows with an
 * expiry in that span — a vehicle by its STNK or its KIR date — whole or paged. The test's dates lie
 * in 2099, where no demo row expires.
 */
describe('GET /api/kendaraan and /api/stnk with jatuh_tempo_dari / jatuh_tempo_sampai', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  const tag = `Due${process.pid}x${Date.now().toString(36)}`
  const v: Record<'stnkMar' | 'kirMar' | 'stnkJun' | 'none', number> = { stnkMar: 0, kirMar: 0, stnkJun: 0, none: 0 }
  const s: Record<'mar' | 'jul', number> = { mar: 0, jul: 0 }

  beforeAll(async () => {
    api = await makeApi()
    const m = await insertMasters(api.db)
    await api.login()
    const dates: Record<keyof typeof v, [string | null, string | null]> = {
      stnkMar: ['2099-03-10', null],
      kirMar: ['2099-12-01', '2099-03-20'],
      stnkJun: ['2099-06-01', null],
      none: [null, null],
    }
    for (const [key, [stnk, kir]] of Object.entries(dates) as [keyof typeof v, [string | null, string | null]][]) {
      v[key] = Number(await insertVehicle(api.db, m.jenis[6], 1000, `${tag}-${key}`))
      await api.db.q.updateTable('kendaraan').set({ expired_stnk: stnk, expired_kir: kir }).where('id', '=', v[key]!).execute()
    }
    for (const [key, expired] of [
      ['mar', '2099-03-15'],
      ['jul', '2099-07-01'],
    ] as const) {
      const made = await api.post('/api/stnk/add', { form: formData({ nama_pemilik: `${tag} ${key}`, expired_stnk: expired }) })
      expect(made.status, JSON.stringify(made.json)).toBe(201)
      s[key] = made.json.data.id
    }
  })

  const ours = (rows: Json[], mine: number[]) => rows.map((r) => r.id).filter((id) => mine.includes(id))
  const vehicles = () => Object.values(v)
  const records = () => Object.values(s)

  it('a span keeps the vehicles with an STNK or KIR expiry in it, as the whole list (an array)', async () => {
    const res = await api.get('/api/kendaraan?jatuh_tempo_dari=2099-03-01&jatuh_tempo_sampai=2099-03-31')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.json)).toBe(true)
    expect(ours(res.json, vehicles())).toEqual([v.stnkMar, v.kirMar])
    // The rows are the whole list's rows.
    const whole = (await api.get('/api/kendaraan')).json as Json[]
    expect(res.json.find((k: Json) => k.id === v.kirMar)).toEqual(whole.find((k) => k.id === v.kirMar))
  })

  it('only an end keeps every expiry up to it, past ones included', async () => {
    const res = await api.get('/api/kendaraan?jatuh_tempo_sampai=2099-06-30')
    expect(ours(res.json, vehicles())).toEqual([v.stnkMar, v.kirMar, v.stnkJun])
    expect((res.json as Json[]).every((k) => (k.expired_stnk ?? '9999') <= '2099-06-30' || (k.expired_kir ?? '9999') <= '2099-06-30')).toBe(
      true,
    )
  })

  it('paged with the span: meta counts the rows in it', async () => {
    const res = await api.get(
      `/api/kendaraan?page=1&per_page=10&q=${encodeURIComponent(tag)}&jatuh_tempo_dari=2099-03-01&jatuh_tempo_sampai=2099-06-30`,
    )
    expect(res.json.meta).toEqual({ total: 3, page: 1, per_page: 10 })
    expect(res.json.data.map((k: Json) => k.id)).toEqual([v.stnkMar, v.kirMar, v.stnkJun])
  })

  it('STNK records by their expiry, whole and paged', async () => {
    const whole = await api.get('/api/stnk?jatuh_tempo_dari=2099-03-01&jatuh_tempo_sampai=2099-03-31')
    expect(whole.status).toBe(200)
    expect(ours(whole.json, records())).toEqual([s.mar])
    const paged = await api.get('/api/stnk?page=1&per_page=500&jatuh_tempo_sampai=2099-12-31')
    expect(ours(paged.json.data, records())).toEqual([s.mar, s.jul])
    expect(paged.json.meta.total).toBe(paged.json.data.length)
  })

  it('a date that is not a calendar day is 422 with its field', async () => {
    for (const [query, field] of [
      ['jatuh_tempo_sampai=2099-02-30', 'jatuh_tempo_sampai'],
      ['jatuh_tempo_dari=kemarin&jatuh_tempo_sampai=2099-03-01', 'jatuh_tempo_dari'],
      ['jatuh_tempo_dari=2099-03-01', 'jatuh_tempo_sampai'],
    ] as const) {
      for (const path of ['/api/kendaraan', '/api/stnk']) {
        const res = await api.get(`${path}?${query}`)
        expect(res.status, `${path}?${query}`).toBe(422)
        expect(JSON.stringify(res.json), query).toContain(field)
      }
    }
  })
})
