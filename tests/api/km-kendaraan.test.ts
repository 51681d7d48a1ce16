import { beforeEach, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { EXTENSIONS } from '../../api/features.ts'
import { NO_MENU_ACCESS, NO_PERMISSION } from '../../api/grants.ts'
import { today } from '../../api/http.ts'
import { kmPerHari } from '../../api/routes/km-kendaraan.ts'
import { insertVehicle, type Api } from './fixtures-transaksi.ts'
import { makeApi, onPostgres, userWithGrants, type Json } from './harness.ts'

/**
 * Km Kendaraan (the extension 'km-kendaraan'; docs/upstream-contract.md "Extensions: km readings"):
 * odometer readings of many vehicles on one day, all or nothing; a vehicle's series never goes down
 * and restarts at a correction; the vehicle's km follows its latest reading; km per day.
 */

const day = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
const dmy = (d: string) => d.split('-').reverse().join('/')

let unique = 0
/** A vehicle of its own (no readings), its No Kabin starting with `prefix`. */
const vehicle = (api: Api, km = 1000, prefix = 'KMX', jenisId: number | null = null) =>
  insertVehicle(api.db, jenisId, km, `${prefix}-${++unique}-${Date.now().toString(36)}`)

const save = (api: Api, tanggal: string | undefined, bacaan: unknown, token?: string) =>
  api.post('/api/km-kendaraan', { json: { tanggal, bacaan }, token })
const koreksi = (api: Api, body: Record<string, unknown>, token?: string) => api.post('/api/km-kendaraan/koreksi', { json: body, token })

/** A vehicle's stored readings in series order (tanggal, id), and its km. */
async function stored(api: Api, v: number) {
  const readings = await api.db.q
    .selectFrom('km_kendaraan')
    .select(['tanggal', 'km', 'sumber', 'alasan', 'user_id'])
    .where('kendaraan_id', '=', v)
    .orderBy('tanggal')
    .orderBy('id')
    .execute()
  const { km } = await api.db.q.selectFrom('kendaraan').select('km').where('id', '=', v).executeTakeFirstOrThrow()
  return { readings: readings.map((r) => ({ ...r, km: Number(r.km) })), km: Number(km) }
}

/** Stores readings straight into the database (a series to check against), oldest first. */
async function seedReadings(api: Api, v: number, readings: [string, number, ('input' | 'koreksi')?][]) {
  for (const [tanggal, km, sumber] of readings) {
    await api.db.q
      .insertInto('km_kendaraan')
      .values({ kendaraan_id: v, tanggal, km, sumber: sumber ?? 'input', alasan: sumber === 'koreksi' ? 'uji' : null })
      .execute()
  }
}

describe('Km Kendaraan: saving readings', () => {
  let api: Api
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
  })

  it('saves three vehicles’ readings on one day: three readings stored, each vehicle’s km moved', async () => {
    const [a, b, c] = [await vehicle(api, 1000), await vehicle(api, 2000), await vehicle(api, 3000)]
    const res = await save(api, today(), [
      { kendaraan_id: a, km: 15_000 },
      { kendaraan_id: String(b), km: '25.500' },
      { kendaraan_id: c, km: '30000' },
    ])
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('Km 3 kendaraan berhasil disimpan.')
    expect(res.json.data.map((r: Json) => [r.kendaraan_id, r.tanggal, r.km, r.sumber, r.alasan, r.kode_user])).toEqual([
      [a, today(), 15_000, 'input', null, 'admin'],
      [b, today(), 25_500, 'input', null, 'admin'],
      [c, today(), 30_000, 'input', null, 'admin'],
    ])
    // dokumen_id and dokumen_kode: null on a saved reading, a document's on a document's km (km-dokumen.test.ts).
    expect(Object.keys(res.json.data[0]).sort()).toEqual([
      'alasan',
      'created_at',
      'dokumen_id',
      'dokumen_kode',
      'id',
      'kendaraan_id',
      'km',
      'kode_user',
      'sumber',
      'tanggal',
    ])
    expect(res.json.data[0].created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    for (const [v, km] of [
      [a, 15_000],
      [b, 25_500],
      [c, 30_000],
    ] as const) {
      const s = await stored(api, v)
      expect(s.readings.map((r) => [r.tanggal, r.km, r.sumber])).toEqual([[today(), km, 'input']])
      expect(s.km).toBe(km)
    }
    // Back through the calls: the vehicle's readings and the list.
    const mine = await api.get(`/api/kendaraan/${b}/km`)
    expect(mine.json.data.map((r: Json) => r.km)).toEqual([25_500])
  })

  it('refuses a km below the reading before and above the reading after, with the figures and dates; nothing of the save is stored', async () => {
    const v = await vehicle(api)
    const good = await vehicle(api, 500)
    await seedReadings(api, v, [
      [day(-20), 15_000],
      [day(-5), 80_000],
    ])
    const below = await save(api, day(-10), [
      { kendaraan_id: good, km: 5_000 },
      { kendaraan_id: v, km: 12_000 },
    ])
    expect(below.status).toBe(422)
    expect(below.json.errors).toEqual({ 'bacaan.1.km': [`Km 12.000 lebih kecil dari km sebelumnya: 15.000 pada ${dmy(day(-20))}.`] })
    expect(below.json.message).toBe(`Km 12.000 lebih kecil dari km sebelumnya: 15.000 pada ${dmy(day(-20))}.`)
    const above = await save(api, day(-10), [{ kendaraan_id: v, km: '90.000' }])
    expect(above.status).toBe(422)
    expect(above.json.errors).toEqual({ 'bacaan.0.km': [`Km 90.000 lebih besar dari km sesudahnya: 80.000 pada ${dmy(day(-5))}.`] })
    // A reading on the day of the one before is checked against it too (it goes after it).
    const sameDay = await save(api, day(-20), [{ kendaraan_id: v, km: 14_999 }])
    expect(sameDay.json.errors['bacaan.0.km']).toEqual([`Km 14.999 lebih kecil dari km sebelumnya: 15.000 pada ${dmy(day(-20))}.`])
    // Nothing stored: not the good line, not the refused ones.
    expect((await stored(api, good)).readings).toEqual([])
    expect((await stored(api, good)).km).toBe(500)
    expect((await stored(api, v)).readings.map((r) => r.km)).toEqual([15_000, 80_000])

    // Between the two, in order: accepted; the vehicle's km stays its latest reading's.
    const between = await save(api, day(-10), [
      { kendaraan_id: v, km: 15_000 },
      { kendaraan_id: good, km: 5_000 },
    ])
    expect(between.status).toBe(201)
    expect(between.json.message).toBe('Km 2 kendaraan berhasil disimpan.')
    expect(await stored(api, v)).toMatchObject({ readings: [{ km: 15_000 }, { km: 15_000 }, { km: 80_000 }], km: 80_000 })
    expect((await stored(api, good)).km).toBe(5_000)
  })

  it('the newest reading may not take the vehicle’s Km Akhir down (only a correction does); a reading dated before others is held to its neighbours only', async () => {
    const v = await vehicle(api, 50_000)
    const low = await save(api, today(), [{ kendaraan_id: v, km: 40_000 }])
    expect(low.status).toBe(422)
    expect(low.json.errors).toEqual({
      'bacaan.0.km': ['Km 40.000 lebih kecil dari Km Akhir kendaraan: 50.000. Gunakan Koreksi bila odometer diganti.'],
    })
    expect(await stored(api, v)).toEqual({ readings: [], km: 50_000 })
    expect((await save(api, day(-1), [{ kendaraan_id: v, km: 50_000 }])).status).toBe(201)
    // Dated before yesterday's reading: not the newest, so only that reading bounds it.
    expect((await save(api, day(-3), [{ kendaraan_id: v, km: 45_000 }])).status).toBe(201)
    expect((await stored(api, v)).km).toBe(50_000)
    expect((await koreksi(api, { kendaraan_id: v, tanggal: today(), km: 10, alasan: 'Odometer diganti' })).status).toBe(201)
    expect((await save(api, today(), [{ kendaraan_id: v, km: 20 }])).status).toBe(201)
    expect((await stored(api, v)).km).toBe(20)
  })

  it('refuses a date in the future, a missing date, no lines, a vehicle twice, an unknown vehicle and a bad km — every error at once', async () => {
    const v = await vehicle(api)
    const w = await vehicle(api)
    const future = await save(api, day(1), [{ kendaraan_id: v, km: 100 }])
    expect(future.status).toBe(422)
    expect(future.json.errors).toEqual({ tanggal: ['Tanggal tidak boleh setelah hari ini.'] })
    const missing = await save(api, undefined, [{ kendaraan_id: v, km: 100 }])
    expect(missing.json.errors).toEqual({ tanggal: ['Tanggal tidak boleh kosong.'] })
    expect((await save(api, '2026-02-30', [{ kendaraan_id: v, km: 100 }])).json.errors.tanggal).toEqual([
      'Tanggal harus berupa tanggal (YYYY-MM-DD).',
    ])
    const empty = await save(api, today(), [])
    expect(empty.status).toBe(422)
    expect(empty.json.errors).toEqual({ bacaan: ['Isi km minimal satu kendaraan.'] })
    expect((await save(api, today(), undefined)).json.errors).toEqual({ bacaan: ['Isi km minimal satu kendaraan.'] })
    const tooMany = Array.from({ length: 501 }, (_, i) => ({ kendaraan_id: i + 1, km: 1 }))
    expect((await save(api, today(), tooMany)).json.errors).toEqual({ bacaan: ['Paling banyak 500 kendaraan sekali simpan.'] })

    const all = await save(api, day(1), [
      { kendaraan_id: v, km: 100 },
      { kendaraan_id: v, km: 200 },
      { kendaraan_id: 99_999_999, km: 300 },
      { kendaraan_id: w, km: '1,5' },
      { kendaraan_id: '', km: '' },
      { kendaraan_id: w, km: -5 },
    ])
    expect(all.status).toBe(422)
    expect(all.json.errors).toEqual({
      tanggal: ['Tanggal tidak boleh setelah hari ini.'],
      'bacaan.1.kendaraan_id': ['Kendaraan ini sudah ada di baris lain.'],
      'bacaan.2.kendaraan_id': ['Kendaraan tidak ditemukan.'],
      'bacaan.3.km': ['Km harus bilangan bulat, tanpa desimal.'],
      'bacaan.4.kendaraan_id': ['Kendaraan harus dipilih.'],
      'bacaan.4.km': ['Km tidak boleh kosong.'],
      'bacaan.5.kendaraan_id': ['Kendaraan ini sudah ada di baris lain.'],
      'bacaan.5.km': ['Km harus antara 0 dan 10.000.000.'],
    })
    expect(all.json.message).toBe('Tanggal tidak boleh setelah hari ini. (dan 7 kesalahan lainnya)')
    expect((await save(api, today(), [{ kendaraan_id: v, km: 10_000_001 }])).json.errors).toEqual({
      'bacaan.0.km': ['Km harus antara 0 dan 10.000.000.'],
    })
    expect((await save(api, today(), [{ kendaraan_id: v, km: 'banyak' }])).json.errors).toEqual({
      'bacaan.0.km': ['Km harus berupa bilangan bulat 0 atau lebih.'],
    })
    expect((await stored(api, v)).readings).toEqual([])
    expect((await stored(api, w)).readings).toEqual([])
  })

  it('a correction below the series is accepted and starts a new series: later readings are checked against it, not the older ones', async () => {
    const v = await vehicle(api)
    await seedReadings(api, v, [
      [day(-20), 15_000],
      [day(-5), 80_000],
    ])
    const res = await koreksi(api, { kendaraan_id: v, tanggal: day(-3), km: '100', alasan: '  Odometer diganti  ' })
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('Koreksi km berhasil disimpan.')
    expect(res.json.data).toMatchObject({
      kendaraan_id: v,
      tanggal: day(-3),
      km: 100,
      sumber: 'koreksi',
      alasan: 'Odometer diganti',
      kode_user: 'admin',
    })
    expect(await stored(api, v)).toMatchObject({
      readings: [{ km: 15_000 }, { km: 80_000 }, { km: 100, sumber: 'koreksi', alasan: 'Odometer diganti' }],
      km: 100,
    })

    // After the correction: against it (100), not 80.000.
    expect((await save(api, day(-1), [{ kendaraan_id: v, km: 500 }])).status).toBe(201)
    const low = await save(api, day(-2), [{ kendaraan_id: v, km: 50 }])
    expect(low.json.errors['bacaan.0.km']).toEqual([`Km 50 lebih kecil dari km sebelumnya: 100 pada ${dmy(day(-3))}.`])
    // Before the correction, in the old series: the reading after it is the correction's series' no more.
    expect((await save(api, day(-4), [{ kendaraan_id: v, km: 85_000 }])).status).toBe(201)
    const old = await save(api, day(-10), [{ kendaraan_id: v, km: 90_000 }])
    expect(old.json.errors['bacaan.0.km']).toEqual([`Km 90.000 lebih besar dari km sesudahnya: 80.000 pada ${dmy(day(-5))}.`])
    expect(await stored(api, v)).toMatchObject({
      readings: [{ km: 15_000 }, { km: 80_000 }, { km: 85_000 }, { km: 100 }, { km: 500 }],
      km: 500,
    })
  })

  it('a correction needs its reason (≤ 255), a date not in the future, a km and a known vehicle', async () => {
    const v = await vehicle(api, 7000)
    const none = await koreksi(api, { kendaraan_id: v, tanggal: today(), km: 10, alasan: '   ' })
    expect(none.status).toBe(422)
    expect(none.json.errors).toEqual({ alasan: ['Alasan koreksi tidak boleh kosong.'] })
    expect((await koreksi(api, { kendaraan_id: v, tanggal: today(), km: 10, alasan: 'x'.repeat(256) })).json.errors).toEqual({
      alasan: ['Alasan koreksi maksimal 255 karakter.'],
    })
    const all = await koreksi(api, { kendaraan_id: 99_999_999, tanggal: day(2), km: '' })
    expect(all.json.errors).toEqual({
      kendaraan_id: ['Kendaraan tidak ditemukan.'],
      tanggal: ['Tanggal tidak boleh setelah hari ini.'],
      km: ['Km tidak boleh kosong.'],
      alasan: ['Alasan koreksi tidak boleh kosong.'],
    })
    expect(await stored(api, v)).toEqual({ readings: [], km: 7000 })
    expect((await koreksi(api, { kendaraan_id: v, tanggal: today(), km: 10, alasan: 'x'.repeat(255) })).status).toBe(201)
    expect((await stored(api, v)).km).toBe(10)
  })
})

describe('Km Kendaraan: the lists and km per day', () => {
  let api: Api
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
  })

  it('lists the vehicles with their latest reading and km per day, by No Kabin; filters by jenis and q; pages', async () => {
    const prefix = `ZLIST${Date.now().toString(36).toUpperCase()}`
    const { id: jenis } = await api.db.q
      .insertInto('jenis_kendaraan')
      .values({ kode_jenis_kendaraan: `JKU${unique}`, nama_jenis_kendaraan: 'Jenis Uji Km', total_ban: 6 })
      .returning('id')
      .executeTakeFirstOrThrow()
    const b = await insertVehicle(api.db, jenis, 5000, `${prefix}-b`)
    const a = await insertVehicle(api.db, null, 4000, `${prefix}-A`)
    const c = await insertVehicle(api.db, jenis, 3000, `${prefix}-c`)
    await seedReadings(api, a, [
      [day(-12), 10_000],
      [day(-2), 12_500],
    ])
    // The same day twice: the later id is the latest.
    await seedReadings(api, b, [
      [day(-3), 7_000],
      [day(-3), 7_100],
    ])

    const all = await api.get(`/api/km-kendaraan?q=${prefix.toLowerCase()}`)
    expect(all.status).toBe(200)
    expect(all.json.meta).toEqual({ total: 3, page: 1, per_page: 25 })
    const { kode_kendaraan } = await api.db.q.selectFrom('kendaraan').select('kode_kendaraan').where('id', '=', a).executeTakeFirstOrThrow()
    expect(all.json.data[0]).toEqual({
      kendaraan_id: a,
      kode_kendaraan,
      no_kabin: `${prefix}-A`,
      no_pol: expect.any(String),
      jenis_kendaraan: null,
      km: 4000,
      tanggal_terakhir: day(-2),
      km_terakhir: 12_500,
      km_per_hari: 250,
    })
    expect(all.json.data.map((r: Json) => [r.kendaraan_id, r.jenis_kendaraan, r.tanggal_terakhir, r.km_terakhir, r.km_per_hari])).toEqual([
      [a, null, day(-2), 12_500, 250],
      [b, 'Jenis Uji Km', day(-3), 7_100, null],
      [c, 'Jenis Uji Km', null, null, null],
    ])
    const byJenis = await api.get(`/api/km-kendaraan?jenis_kendaraan_id=${jenis}`)
    expect(byJenis.json.data.map((r: Json) => r.kendaraan_id)).toEqual([b, c])
    expect(byJenis.json.meta.total).toBe(2)
    // q in the plate or the code too; '%' and '_' are plain.
    const plate = (await api.db.q.selectFrom('kendaraan').select('no_pol').where('id', '=', c).executeTakeFirstOrThrow()).no_pol!
    expect((await api.get(`/api/km-kendaraan?q=${encodeURIComponent(plate)}`)).json.data.map((r: Json) => r.kendaraan_id)).toContain(c)
    expect((await api.get(`/api/km-kendaraan?q=${encodeURIComponent(kode_kendaraan)}`)).json.data.map((r: Json) => r.kendaraan_id)).toEqual(
      [a],
    )
    expect((await api.get(`/api/km-kendaraan?q=${prefix}%25`)).json.meta.total).toBe(0)
    expect((await api.get(`/api/km-kendaraan?q=${prefix}_`)).json.meta.total).toBe(0)
    // Pages.
    const p2 = await api.get(`/api/km-kendaraan?q=${prefix}&per_page=2&page=2`)
    expect(p2.json).toMatchObject({ data: [{ kendaraan_id: c }], meta: { total: 3, page: 2, per_page: 2 } })
    const past = await api.get(`/api/km-kendaraan?q=${prefix}&per_page=2&page=3`)
    expect(past.json).toEqual({ data: [], meta: { total: 3, page: 3, per_page: 2 } })
    // Every vehicle without a filter, the demo's with their readings.
    const whole = await api.get('/api/km-kendaraan?per_page=200')
    const vehicles = await api.db.q
      .selectFrom('kendaraan')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(whole.json.meta.total).toBe(Number(vehicles.n))
    // Not valid → 422.
    for (const bad of ['per_page=201', 'per_page=0', 'page=0', 'page=x', 'jenis_kendaraan_id=abc', 'jenis_kendaraan_id=1.5']) {
      const res = await api.get(`/api/km-kendaraan?${bad}`)
      expect(res.status, bad).toBe(422)
    }
    expect((await api.get('/api/km-kendaraan?per_page=201')).json.errors).toEqual({
      per_page: ['per_page harus bilangan bulat 1 sampai 200.'],
    })
    expect((await api.get('/api/km-kendaraan?jenis_kendaraan_id=abc')).json.errors).toEqual({
      jenis_kendaraan_id: ['Jenis kendaraan tidak valid.'],
    })
  })

  it('km per day: two readings 10 days apart 2.500 km → 250; one reading → null; older than 30 days ignored; a correction restarts it', async () => {
    const two = await vehicle(api)
    const one = await vehicle(api)
    const old = await vehicle(api)
    const corrected = await vehicle(api)
    const sameDay = await vehicle(api)
    await seedReadings(api, two, [
      [day(-12), 10_000],
      [day(-2), 12_500],
    ])
    await seedReadings(api, one, [[day(-1), 9_000]])
    // Had the reading 40 days ago counted: (12.500 − 0) / 40 = 313.
    await seedReadings(api, old, [
      [day(-40), 0],
      [day(-10), 10_000],
      [today(), 12_500],
    ])
    // The series from the correction: (1.050 − 50) / 10 = 100.
    await seedReadings(api, corrected, [
      [day(-20), 1_000],
      [day(-15), 2_000],
      [day(-10), 50, 'koreksi'],
      [today(), 1_050],
    ])
    await seedReadings(api, sameDay, [
      [day(-40), 100],
      [day(-3), 1_000],
      [day(-3), 2_000],
    ])
    const perDay = await kmPerHari(api.db, [two, one, old, corrected, sameDay, 99_999_999])
    expect(Object.fromEntries(perDay)).toEqual({ [two]: 250, [one]: null, [old]: 250, [corrected]: 100, [sameDay]: null, 99999999: null })
    // Rounded to a whole km: 1.000 km in 3 days → 333.
    const round = await vehicle(api)
    await seedReadings(api, round, [
      [day(-3), 0],
      [today(), 1_000],
    ])
    expect((await kmPerHari(api.db, [round])).get(round)).toBe(333)
  })

  it('a vehicle’s readings newest first, paged, with its km per day; 404 for an unknown vehicle', async () => {
    const v = await vehicle(api)
    await seedReadings(api, v, [
      [day(-12), 10_000],
      [day(-7), 11_000],
      [day(-7), 11_100],
      [day(-2), 12_500],
    ])
    const res = await api.get(`/api/kendaraan/${v}/km`)
    expect(res.status).toBe(200)
    expect(res.json.data.map((r: Json) => [r.tanggal, r.km])).toEqual([
      [day(-2), 12_500],
      [day(-7), 11_100],
      [day(-7), 11_000],
      [day(-12), 10_000],
    ])
    expect(res.json.data[0]).toMatchObject({ kendaraan_id: v, sumber: 'input', alasan: null, kode_user: null })
    expect(res.json.meta).toEqual({
      total: 4,
      page: 1,
      per_page: 25,
      km_per_hari: 250,
      kendaraan: {
        id: v,
        kode_kendaraan: expect.any(String),
        no_kabin: expect.any(String),
        no_pol: expect.anything(),
        km: expect.any(Number),
      },
    })
    const p2 = await api.get(`/api/kendaraan/${v}/km?per_page=3&page=2`)
    expect(p2.json).toMatchObject({ data: [{ km: 10_000 }], meta: { total: 4, page: 2, per_page: 3, km_per_hari: 250 } })
    expect((await api.get(`/api/kendaraan/${v}/km?per_page=500`)).status).toBe(422)
    const unknown = await api.get('/api/kendaraan/99999999/km')
    expect(unknown.status).toBe(404)
    expect(unknown.json).toEqual({ message: 'Kendaraan tidak ditemukan.' })
    expect((await api.get('/api/kendaraan/abc/km')).status).toBe(404)
  })

  it('the demo seed: every vehicle with a km has nine readings a week apart up to today, in order, the last its km', async () => {
    const vehicles = await api.db.q.selectFrom('kendaraan').select(['id', 'km']).where('km', '>', 0).orderBy('id').execute()
    expect(vehicles.length).toBeGreaterThan(5)
    for (const v of vehicles) {
      const all = await stored(api, v.id)
      // The demo's work orders (api/seed/perintah-kerja.ts) repeat one of these readings as their own.
      const s = { ...all, readings: all.readings.filter((r) => r.sumber !== 'perintah_kerja') }
      for (const r of all.readings.filter((x) => x.sumber === 'perintah_kerja')) {
        expect(s.readings.some((x) => x.tanggal === r.tanggal && x.km === r.km)).toBe(true)
      }
      expect(s.readings.map((r) => r.tanggal)).toEqual(Array.from({ length: 9 }, (_, i) => day(-56 + 7 * i)))
      const kms = s.readings.map((r) => r.km)
      expect(kms.at(-1)).toBe(Number(v.km))
      const rate = (kms[8]! - kms[0]!) / 56
      expect(rate).toBeGreaterThanOrEqual(150)
      expect(rate).toBeLessThanOrEqual(400)
      for (let i = 1; i < kms.length; i++) expect(kms[i]).toBeGreaterThanOrEqual(kms[i - 1]!)
    }
  })
})

describe('Km Kendaraan: grants, the extension switch and concurrent saves', () => {
  it('Select alone reads but may not save; create saves but may not correct; the vehicle’s readings also with Select on Kendaraan', async () => {
    const api = await makeApi()
    await api.login()
    const v = await vehicle(api)
    const tanpa = await userWithGrants(api, 'tanpakm')
    for (const [method, path] of [
      ['GET', '/api/km-kendaraan'],
      ['POST', '/api/km-kendaraan'],
      ['POST', '/api/km-kendaraan/koreksi'],
      ['GET', `/api/kendaraan/${v}/km`],
    ] as const) {
      const res = await api.request(method, path, { token: tanpa.token, json: method === 'POST' ? {} : undefined })
      expect(res.status, path).toBe(403)
      expect(res.json).toEqual({ message: NO_MENU_ACCESS })
    }
    const reader = await userWithGrants(api, 'bacakm', { '/admin/km-kendaraan': [] })
    expect((await api.get('/api/km-kendaraan', { token: reader.token })).status).toBe(200)
    expect((await api.get(`/api/kendaraan/${v}/km`, { token: reader.token })).status).toBe(200)
    expect((await api.get('/api/jenis_kendaraan', { token: reader.token })).status).toBe(200)
    const refused = await save(api, today(), [{ kendaraan_id: v, km: 2000 }], reader.token)
    expect(refused.status).toBe(403)
    expect(refused.json).toEqual({ message: NO_PERMISSION })
    const clerk = await userWithGrants(api, 'jurukm', { '/admin/km-kendaraan': ['create'] })
    const saved = await save(api, today(), [{ kendaraan_id: v, km: 2000 }], clerk.token)
    expect(saved.status).toBe(201)
    expect(saved.json.data[0].kode_user).toBe('jurukm')
    const noUpdate = await koreksi(api, { kendaraan_id: v, tanggal: today(), km: 1, alasan: 'ganti' }, clerk.token)
    expect(noUpdate.status).toBe(403)
    expect(noUpdate.json).toEqual({ message: NO_PERMISSION })
    const corrector = await userWithGrants(api, 'koreksikm', { '/admin/km-kendaraan': ['update'] })
    expect((await koreksi(api, { kendaraan_id: v, tanggal: today(), km: 1, alasan: 'ganti' }, corrector.token)).status).toBe(201)
    const kendaraan = await userWithGrants(api, 'lihatkendaraan', { '/admin/kendaraan': [] })
    expect((await api.get(`/api/kendaraan/${v}/km`, { token: kendaraan.token })).status).toBe(200)
    expect((await api.get('/api/km-kendaraan', { token: kendaraan.token })).status).toBe(403)
    expect((await stored(api, v)).readings.map((r) => r.km)).toEqual([2000, 1])
  })

  it('GET /api/fitur lists km-kendaraan; without the extension its calls are 404 and it is not listed', async () => {
    const api = await makeApi()
    const token = await api.login()
    expect((await api.get('/api/fitur')).json.data).toContain('km-kendaraan')
    const off = await createApi({
      db: api.db,
      uploadsDir: api.uploadsDir,
      extensions: new Set(EXTENSIONS.filter((e) => e !== 'km-kendaraan')),
    })
    const ask = (path: string, method = 'GET') =>
      off.request(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      })
    expect(((await (await ask('/api/fitur')).json()) as Json).data).not.toContain('km-kendaraan')
    expect((await ask('/api/km-kendaraan')).status).toBe(404)
    expect((await ask('/api/km-kendaraan', 'POST')).status).toBe(404)
    expect((await ask('/api/km-kendaraan/koreksi', 'POST')).status).toBe(404)
    expect((await ask('/api/kendaraan/1/km')).status).toBe(404)
  })

  it(`concurrent saves of one vehicle (${onPostgres ? 'PostgreSQL: side by side' : 'SQLite'}) never leave its readings out of order`, async () => {
    const api = await makeApi()
    await api.login()
    const v = await vehicle(api, 0)
    const other = await vehicle(api, 0)
    // 20 rising km on one day, sent at once in a random order: each is checked after the one before it committed.
    const kms = Array.from({ length: 20 }, (_, i) => 1_000 + i * 100)
    const order = [...kms].sort(() => Math.random() - 0.5)
    const results = await Promise.all(
      order.map((km) =>
        save(api, today(), [
          { kendaraan_id: other, km },
          { kendaraan_id: v, km },
        ]),
      ),
    )
    const accepted = results.filter((r) => r.status === 201).length
    expect(accepted).toBeGreaterThan(0)
    expect(results.every((r) => r.status === 201 || r.status === 422)).toBe(true)
    for (const id of [v, other]) {
      const s = await stored(api, id)
      expect(s.readings.length).toBe(accepted)
      for (let i = 1; i < s.readings.length; i++) expect(s.readings[i]!.km).toBeGreaterThanOrEqual(s.readings[i - 1]!.km)
      expect(s.km).toBe(s.readings.at(-1)!.km)
    }
    // Pairs whose order would break if both were checked before either saved: a later day lower, an earlier day higher.
    for (let round = 0; round < 5; round++) {
      const w = await vehicle(api, 0)
      await seedReadings(api, w, [[day(-10), 1_000]])
      const pair = await Promise.all([
        save(api, day(-5), [{ kendaraan_id: w, km: 3_000 }]),
        save(api, day(-2), [{ kendaraan_id: w, km: 2_000 }]),
      ])
      expect(pair.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(1)
      const s = await stored(api, w)
      for (let i = 1; i < s.readings.length; i++) expect(s.readings[i]!.km).toBeGreaterThanOrEqual(s.readings[i - 1]!.km)
      expect(s.km).toBe(s.readings.at(-1)!.km)
    }
  })
})
