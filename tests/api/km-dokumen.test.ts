import { beforeEach, describe, expect, it } from 'vitest'
import { nextCode } from '../../api/codes.ts'
import { today } from '../../api/http.ts'
import { kmPerHari } from '../../api/routes/km-kendaraan.ts'
import { buyTyres, insertMasters, makeFitting, serial, vehicleKm, type Api, type Masters } from './fixtures-transaksi.ts'
import { makeApi, type Json } from './harness.ts'

/**
 * The documents' km are readings (docs/upstream-contract.md "Extensions: km readings"): a vehicle's
 * readings are its km_kendaraan rows and the km of its registered fittings, removals, rotations and
 * inspection rounds. They show in the vehicle's readings and the Km Kendaraan list, a typed reading is
 * held to them, they count in the km per day, and the tyre forecasts take the readings' km per day.
 */

const day = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
const dmy = (d: string) => d.split('-').reverse().join('/')

type Fixture = { api: Api; m: Masters; v: number; s: { a: string; b: string } }

/** Two tyres fitted on the 6-tyre vehicle (km 100.000) at km 100.000, the fitting dated 50 days ago. */
async function fixture(): Promise<Fixture & { fitting: Json }> {
  const api = await makeApi()
  const m = await insertMasters(api.db)
  await api.login()
  const s = { a: serial('A'), b: serial('B') }
  await buyTyres(api, m, [s.a, s.b], { tanggal_awal: day(-60) })
  await api.db.q.updateTable('ban').set({ tebal_tapak_awal: 16 }).where('no_seri', '=', s.a).execute()
  const v = m.kendaraan[6]
  const fitting = await makeFitting(api, v, [
    { no_seri: s.a, posisi_ban: '1A' },
    { no_seri: s.b, posisi_ban: '1B' },
  ])
  await api.db.q
    .updateTable('pemasangan_ban')
    .set({ tanggal_awal: day(-50) })
    .where('id', '=', fitting.id)
    .execute()
  return { api, m, v, s, fitting }
}

/** A registered removal of the vehicle (its header: the document the readings read) on `tanggal` at `km`. */
async function removal(api: Api, v: number, tanggal: string, km: number) {
  const kode = await nextCode(api.db, 'pelepasan_ban')
  await api.db.q.insertInto('pelepasan_ban').values({ kode_pelepasan: kode, kendaraan_id: v, km, tanggal_awal: tanggal }).execute()
  return kode
}

const save = (api: Api, tanggal: string, bacaan: unknown) => api.post('/api/km-kendaraan', { json: { tanggal, bacaan } })

describe('Km Kendaraan: the documents’ km are readings', () => {
  let f: Fixture & { fitting: Json }
  beforeEach(async () => {
    f = await fixture()
  })

  it('a fitting’s km is in the vehicle’s readings (source and code) and its latest reading on the list; a staged line is not', async () => {
    const { api, v, fitting } = f
    const { kode_pemasangan } = await api.db.q
      .selectFrom('pemasangan_ban')
      .select('kode_pemasangan')
      .where('id', '=', fitting.id)
      .executeTakeFirstOrThrow()
    // A line staged on another vehicle (no document yet) is no reading.
    const other = f.m.kendaraan[10]
    const staged = await api.post('/api/pemasangan-ban/detail-ban', {
      json: {
        kendaraan_id: other,
        no_seri: (await buyTyres(api, f.m, [serial('S')])).detail_ban[0].no_seri,
        posisi_ban: '1A',
        km_pemasangan: 123_000,
      },
    })
    expect(staged.status).toBe(201)
    expect(await save(api, day(-5), [{ kendaraan_id: v, km: 104_000 }])).toMatchObject({ status: 201 })

    const res = await api.get(`/api/kendaraan/${v}/km`)
    expect(res.status).toBe(200)
    expect(res.json.data.map((r: Json) => [r.tanggal, r.km, r.sumber, r.dokumen_kode, r.id === null])).toEqual([
      [day(-5), 104_000, 'input', null, false],
      [day(-50), 100_000, 'pemasangan_ban', kode_pemasangan, true],
    ])
    expect(res.json.data[1]).toMatchObject({ dokumen_id: fitting.id, kode_user: null, alasan: null, kendaraan_id: v })
    expect(res.json.meta).toMatchObject({ total: 2 })
    expect((await api.get(`/api/kendaraan/${other}/km`)).json).toMatchObject({ data: [], meta: { total: 0 } })

    // Its latest reading on the Km Kendaraan list: the fitting's, for a vehicle with no typed reading.
    const third = f.m.kendaraan[18]
    const s3 = serial('T')
    await buyTyres(api, f.m, [s3])
    await makeFitting(api, third, [{ no_seri: s3, posisi_ban: '1A', km: 100_500 }])
    const list = await api.get('/api/km-kendaraan?q=UJI-18')
    expect(list.json.data.find((r: Json) => r.kendaraan_id === third)).toMatchObject({ tanggal_terakhir: today(), km_terakhir: 100_500 })
  })

  it('a typed reading below a removal’s km is refused with both figures; above it is saved', async () => {
    const { api, v } = f
    await removal(api, v, day(-10), 108_000)
    const low = await save(api, day(-5), [{ kendaraan_id: v, km: 107_000 }])
    expect(low.status).toBe(422)
    expect(low.json.errors).toEqual({ 'bacaan.0.km': [`Km 107.000 lebih kecil dari km sebelumnya: 108.000 pada ${dmy(day(-10))}.`] })
    // Dated before it: not above it either.
    const before = await save(api, day(-20), [{ kendaraan_id: v, km: 109_000 }])
    expect(before.json.errors).toEqual({ 'bacaan.0.km': [`Km 109.000 lebih besar dari km sesudahnya: 108.000 pada ${dmy(day(-10))}.`] })
    expect(await api.db.q.selectFrom('km_kendaraan').select('id').where('kendaraan_id', '=', v).execute()).toEqual([])
    expect((await save(api, day(-5), [{ kendaraan_id: v, km: 108_500 }])).status).toBe(201)
    expect(Number(await vehicleKm(api.db, v))).toBe(108_500)
    // A reading dated before the removal, below it: saved; the vehicle's km stays the removal's… and the typed one's above.
    expect((await save(api, day(-20), [{ kendaraan_id: v, km: 104_000 }])).status).toBe(201)
    expect(Number(await vehicleKm(api.db, v))).toBe(108_500)
  })

  it('a GPS export’s rows are held to a removal’s km as a typed reading is; a row at a document’s own day and km is skipped', async () => {
    const { api, v } = f
    await removal(api, v, day(-10), 108_000)
    const { no_kabin } = await api.db.q.selectFrom('kendaraan').select('no_kabin').where('id', '=', v).executeTakeFirstOrThrow()
    const rows = [
      { baris: 2, no_kabin, tanggal: day(-5), km: 107_000 },
      { baris: 3, no_kabin, tanggal: day(-10), km: 108_000 },
      { baris: 4, no_kabin, tanggal: day(-4), km: 108_600 },
    ]
    const staged = await api.post('/api/impor/km-kendaraan', { json: { nama_file: 'gps.csv', rows } })
    expect(staged.status).toBe(201)
    expect(staged.json.data).toMatchObject({ total: 3, siap: 1, dilewati: 1 })
    expect(staged.json.data.ditolak).toEqual([
      { baris: 2, kolom: 'Km', pesan: `Km 107.000 lebih kecil dari km sebelumnya: 108.000 pada ${dmy(day(-10))}.` },
    ])
  })

  it('km per day from typed readings and documents together; a correction still restarts the series', async () => {
    const { api, v } = f
    // The fitting 50 days ago is outside the 30 days. A typed reading 20 days ago, a removal 10 days ago,
    // a typed reading today: (110.000 − 104.000) / 20 = 300.
    expect((await save(api, day(-20), [{ kendaraan_id: v, km: 104_000 }])).status).toBe(201)
    await removal(api, v, day(-10), 107_000)
    expect((await kmPerHari(api.db, [v])).get(v)).toBe(300) // 104.000 → 107.000 over 10 days
    expect((await save(api, today(), [{ kendaraan_id: v, km: 110_000 }])).status).toBe(201)
    expect((await kmPerHari(api.db, [v])).get(v)).toBe(300)
    // Only the documents: the removal and another 4 days later.
    const w = f.m.kendaraan[22]
    await removal(api, w, day(-6), 100_000)
    await removal(api, w, day(-2), 100_800)
    expect((await kmPerHari(api.db, [w])).get(w)).toBe(200)
    // A correction after them restarts the series: one reading, no km per day.
    expect(
      (await api.post('/api/km-kendaraan/koreksi', { json: { kendaraan_id: w, tanggal: day(-1), km: 10, alasan: 'odometer diganti' } }))
        .status,
    ).toBe(201)
    expect((await kmPerHari(api.db, [w])).get(w)).toBeNull()
    const res = await api.get(`/api/km-kendaraan?q=UJI-22`)
    expect(res.json.data.find((r: Json) => r.kendaraan_id === w)).toMatchObject({
      tanggal_terakhir: day(-1),
      km_terakhir: 10,
      km_per_hari: null,
    })
  })

  it('a tyre forecast takes its km per day from typed readings; saving one refreshes the stored forecast', async () => {
    const { api, v, s } = f
    // One round 10 days ago: the fitting (50 days ago) is outside its 30 days, so no km per day.
    const round = await api.post('/api/pemeriksaan-ban', {
      json: { kendaraan_id: v, tanggal_awal: day(-10), km: 108_000, detail: [{ posisi_ban: '1A', tebal_tapak: 14 }] },
    })
    expect(round.status).toBe(201)
    const ban = (await api.db.q.selectFrom('ban').select('id').where('no_seri', '=', s.a).executeTakeFirstOrThrow()).id
    const stored = async () =>
      (await api.db.q.selectFrom('prakiraan_ban').select('km_per_hari').where('ban_id', '=', ban).executeTakeFirstOrThrow()).km_per_hari
    expect((await api.get(`/api/ban/${ban}/pemeriksaan`)).json.prakiraan).toMatchObject({ km_per_hari: null })
    expect(await stored()).toBeNull()
    // A typed reading 20 days ago at 106.000: (108.000 − 106.000) / 10 days = 200 km a day as of the round.
    expect((await save(api, day(-20), [{ kendaraan_id: v, km: 106_000 }])).status).toBe(201)
    expect((await api.get(`/api/ban/${ban}/pemeriksaan`)).json.prakiraan).toMatchObject({ km_per_hari: 200 })
    expect(Number(await stored())).toBe(200)
  })
})
