import { beforeEach, describe, expect, it } from 'vitest'
import { today } from '../../api/http.ts'
import { buyTyres, insertMasters, makeFitting, serial, vehicleKm, type Api, type Masters } from './fixtures-transaksi.ts'
import { makeApi, type Json } from './harness.ts'

/**
 * Tyre inspections (the extension 'pemeriksaan-ban'; docs/upstream-contract.md "Extensions: tyre
 * inspections"): rounds per vehicle with their rules, posting locks a round, the forecast per tyre
 * with its figures, the dashboard's two lists, the report, and the purchase line's Tebal Tapak Awal.
 */

type Fixture = { api: Api; m: Masters; v: number; s: { a: string; b: string; c: string } }

/** The date `days` before today (the api's today). */
const daysAgo = (days: number) => new Date(Date.parse(`${today()}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)
/** YYYY-MM-DD → DD/MM/YYYY, as the api's messages write a date. */
const dmy = (date: string) => date.split('-').reverse().join('/')
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** Three tyres on the 6-tyre vehicle fitted at km 100.000: a (16 mm when new) on 1A, b on 1B, c on 2A. */
async function fixture(): Promise<Fixture> {
  const api = await makeApi()
  const m = await insertMasters(api.db)
  await api.login()
  const s = { a: serial('A'), b: serial('B'), c: serial('C') }
  await buyTyres(api, m, [s.a, s.b, s.c], { tanggal_awal: daysAgo(60) })
  await api.db.q.updateTable('ban').set({ tebal_tapak_awal: 16 }).where('no_seri', '=', s.a).execute()
  const v = m.kendaraan[6]
  const fitting = await makeFitting(api, v, [
    { no_seri: s.a, posisi_ban: '1A' },
    { no_seri: s.b, posisi_ban: '1B' },
    { no_seri: s.c, posisi_ban: '2A' },
  ])
  // Fitted 50 days ago (the api dates a fitting today): the rounds below come after it.
  await api.db.q
    .updateTable('pemasangan_ban')
    .set({ tanggal_awal: daysAgo(50) })
    .where('id', '=', fitting.id)
    .execute()
  return { api, m, v, s }
}

const tyreId = async (api: Api, noSeri: string) =>
  (await api.db.q.selectFrom('ban').select('id').where('no_seri', '=', noSeri).executeTakeFirstOrThrow()).id

const round = (api: Api, body: Record<string, unknown>) => api.post('/api/pemeriksaan-ban', { json: body })

/** Two rounds: 40 days ago at km 110.000 and 10 days ago at km 116.000. */
async function twoRounds(f: Fixture) {
  const { api, v } = f
  const first = await round(api, {
    kendaraan_id: v,
    tanggal_awal: daysAgo(40),
    km: 110_000,
    detail: [
      { posisi_ban: '1A', tebal_tapak: 14, tekanan: 110, kondisi: 'Baik' },
      { posisi_ban: '1B', tebal_tapak: '5,0' },
      { posisi_ban: '2A', tebal_tapak: 4 },
    ],
  })
  expect(first.status).toBe(201)
  const second = await round(api, {
    kendaraan_id: v,
    tanggal_awal: daysAgo(10),
    km: '116.000',
    detail: [
      { posisi_ban: '1A', tebal_tapak: '12,8', kondisi: 'Aus tidak rata', keterangan: 'sisi dalam' },
      { posisi_ban: '1B', tebal_tapak: 3.5 },
      { posisi_ban: '2A', tebal_tapak: 2.8, kondisi: 'Retak' },
    ],
  })
  expect(second.status).toBe(201)
  return { first: first.json.data as Json, second: second.json.data as Json }
}

describe('tyre inspection (Pemeriksaan Ban)', () => {
  let f: Fixture
  beforeEach(async () => {
    f = await fixture()
  })

  it('records a round: a PR code, one line per position with its tyre and km run, the vehicle km raised; list, page and show', async () => {
    const { api, v, s } = f
    const res = await round(api, {
      kendaraan_id: v,
      tanggal_awal: daysAgo(5),
      km: 112_500,
      detail: [
        { posisi_ban: '1a', tebal_tapak: '9,5', tekanan: '105', kondisi: 'tertusuk', keterangan: 'paku' },
        { posisi_ban: '1B', tebal_tapak: 10 },
      ],
    })
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('Pemeriksaan ban berhasil disimpan.')
    const doc = res.json.data
    expect(doc).toMatchObject({
      kendaraan_id: v,
      km: 112_500,
      status: 'unpost',
      tanggal_awal: daysAgo(5),
      jumlah_ban: 2,
      kendaraan: { id: v, no_kabin: 'UJI-6', km: 112_500 },
    })
    expect(doc.kode_pemeriksaan).toMatch(/^PR\d{6}$/)
    expect(doc.detail).toMatchObject([
      { posisi_ban: '1A', tebal_tapak: 9.5, tekanan: 105, kondisi: 'Tertusuk', keterangan: 'paku', km_ban: 12_500, ban: { no_seri: s.a } },
      { posisi_ban: '1B', tebal_tapak: 10, tekanan: null, kondisi: 'Baik', keterangan: null, km_ban: 12_500, ban: { no_seri: s.b } },
    ])
    expect(await vehicleKm(api.db, v)).toBe(112_500)

    const page = await api.get('/api/pemeriksaan-ban?page=1&per_page=10&q=UJI-6&sort=tanggal_awal&dir=desc')
    expect(page.status).toBe(200)
    expect(page.json.meta).toMatchObject({ total: 1, page: 1, per_page: 10, posting: 0 })
    expect(page.json.data[0]).toMatchObject({ id: doc.id, kode_pemeriksaan: doc.kode_pemeriksaan })
    const none = await api.get(`/api/pemeriksaan-ban?page=1&tanggal_awal=${daysAgo(3)}&tanggal_akhir=${today()}`)
    expect(none.json.meta.total).toBe(0)
    const show = await api.get(`/api/pemeriksaan-ban/${doc.id}`)
    expect(show.status).toBe(200)
    expect(show.json.data.detail).toHaveLength(2)
    expect((await api.get('/api/pemeriksaan-ban/999999')).status).toBe(404)

    const fitted = await api.get(`/api/pemeriksaan-ban/terpasang/${v}`)
    expect(fitted.json.data.map((d: Json) => [d.posisi_ban, d.ban.no_seri, d.tebal_tapak_terakhir])).toEqual([
      ['1A', s.a, 9.5],
      ['1B', s.b, 10],
      ['2A', s.c, null],
    ])
  })

  it('422 with Indonesian messages: tread required 0–30 with one decimal, pressure, condition, a position without a tyre, km below the vehicle', async () => {
    const { api, v } = f
    const bad = await round(api, {
      kendaraan_id: v,
      km: 99_000,
      detail: [
        { posisi_ban: '1A', tebal_tapak: '' },
        { posisi_ban: '1B', tebal_tapak: 31 },
        { posisi_ban: '2A', tebal_tapak: '7,25', tekanan: 'keras', kondisi: 'Gundul' },
      ],
    })
    expect(bad.status).toBe(422)
    expect(bad.json.errors).toEqual({
      'detail.0.tebal_tapak': ['Tebal tapak harus diisi.'],
      'detail.1.tebal_tapak': ['Tebal tapak harus angka 0–30 mm dengan paling banyak satu desimal.'],
      'detail.2.tebal_tapak': ['Tebal tapak harus angka 0–30 mm dengan paling banyak satu desimal.'],
      'detail.2.tekanan': ['Tekanan harus angka 0–200 psi.'],
      'detail.2.kondisi': ['Kondisi harus salah satu dari: Baik, Aus tidak rata, Retak, Benjol, Tertusuk, Lainnya.'],
    })
    const rules = await round(api, { kendaraan_id: v, km: 99_000, detail: [{ posisi_ban: '2D', tebal_tapak: 8 }] })
    expect(rules.status).toBe(422)
    expect(rules.json.errors).toEqual({
      km: ['Km kendaraan tidak boleh di bawah km terakhir kendaraan (100.000).'],
      'detail.0.posisi_ban': ['Tidak ada ban terpasang di posisi ini.'],
    })
    const empty = await round(api, { kendaraan_id: v, km: '', detail: [] })
    expect(empty.json.errors).toEqual({
      km: ['Km kendaraan harus diisi dengan angka.'],
      detail: ['Isi pemeriksaan minimal satu posisi ban.'],
    })
    expect((await round(api, { kendaraan_id: 999_999, km: 1, detail: [{ posisi_ban: '1A', tebal_tapak: 5 }] })).json.errors).toEqual({
      kendaraan_id: ['Kendaraan tidak ditemukan.'],
    })
    expect(await api.db.q.selectFrom('pemeriksaan_ban').select('id').where('kendaraan_id', '=', v).execute()).toEqual([])
  })

  it('refuses a tread above the previous one (or above Tebal Tapak Awal) unless a retread came between', async () => {
    const { api, v, m, s } = f
    const aboveNew = await round(api, {
      kendaraan_id: v,
      tanggal_awal: daysAgo(40),
      km: 110_000,
      detail: [{ posisi_ban: '1A', tebal_tapak: 16.5 }],
    })
    expect(aboveNew.status).toBe(422)
    expect(aboveNew.json.errors).toEqual({
      'detail.0.tebal_tapak': ['Tebal tapak tidak boleh di atas Tebal Tapak Awal (16 mm) tanpa vulkanisir di antaranya.'],
    })
    await twoRounds(f)
    const higher = await round(api, {
      kendaraan_id: v,
      tanggal_awal: daysAgo(5),
      km: 117_000,
      detail: [{ posisi_ban: '1B', tebal_tapak: 4 }],
    })
    expect(higher.status).toBe(422)
    expect(higher.json.errors).toEqual({
      'detail.0.tebal_tapak': [
        `Tebal tapak tidak boleh di atas pemeriksaan sebelumnya (3,5 mm pada ${dmy(daysAgo(10))}) tanpa vulkanisir di antaranya.`,
      ],
    })

    // b goes to the retreader and comes back, fitted again on 1B: a deeper tread is its new tread.
    const lepas = await api.post('/api/pelepasan-ban/detail-ban', {
      json: { kendaraan_id: v, posisi_ban: '1B', km_pelepasan: 116_500, alasan: 'Ke Vulkanisir', tujuan: 'vulkanisir' },
    })
    expect(lepas.status).toBe(201)
    expect((await api.post(`/api/pelepasan-ban/add-pelepasan/${v}`, { json: { tanggal_awal: daysAgo(9) } })).status).toBe(201)
    const b = await tyreId(api, s.b)
    const back = await api.post(`/api/ban/${b}/terima-vulkanisir`, {
      json: { supplier_id: m.supplierId, biaya: 500_000, tanggal: daysAgo(7) },
    })
    expect(back.status).toBe(200)
    const refit = await makeFitting(api, v, [{ no_seri: s.b, posisi_ban: '1B', km: 116_600 }])
    await api.db.q
      .updateTable('pemasangan_ban')
      .set({ tanggal_awal: daysAgo(6) })
      .where('id', '=', refit.id)
      .execute()
    const retreaded = await round(api, {
      kendaraan_id: v,
      tanggal_awal: daysAgo(5),
      km: 117_000,
      detail: [{ posisi_ban: '1B', tebal_tapak: 14 }],
    })
    expect(retreaded.status).toBe(201)
    // km run: 16.500 before the removal plus 400 since the new fitting.
    expect(retreaded.json.data.detail[0]).toMatchObject({ tebal_tapak: 14, km_ban: 16_900 })
  })

  it('keeps time: a back-dated tread lies between the rounds before and after it, on create and on edit', async () => {
    const { api, v } = f
    const a1 = (tebal_tapak: number | string) => [{ posisi_ban: '1A', tebal_tapak }]
    expect((await round(api, { kendaraan_id: v, tanggal_awal: daysAgo(30), km: 110_000, detail: a1('11,2') })).status).toBe(201)
    expect((await round(api, { kendaraan_id: v, tanggal_awal: daysAgo(0), km: 118_000, detail: a1('10,0') })).status).toBe(201)
    const between = `Tebal tapak harus di antara pemeriksaan sesudahnya (10 mm pada ${dmy(daysAgo(0))}) dan pemeriksaan sebelumnya (11,2 mm pada ${dmy(daysAgo(30))}): tanpa vulkanisir di antaranya tebal tapak hanya berkurang.`
    const backDated = await round(api, { kendaraan_id: v, tanggal_awal: daysAgo(25), km: 111_000, detail: a1('9,5') })
    expect(backDated.status).toBe(422)
    expect(backDated.json.errors).toEqual({ 'detail.0.tebal_tapak': [between] })
    const above = await round(api, { kendaraan_id: v, tanggal_awal: daysAgo(25), km: 111_000, detail: a1('11,5') })
    expect(above.json.errors).toEqual({ 'detail.0.tebal_tapak': [between] })
    const count = async () =>
      Number(
        (
          await api.db.q
            .selectFrom('pemeriksaan_ban')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('kendaraan_id', '=', v)
            .executeTakeFirstOrThrow()
        ).n,
      )
    expect(await count()).toBe(2)
    // Within them it is taken; edited to below the later round it is refused again.
    const ok = await round(api, { kendaraan_id: v, tanggal_awal: daysAgo(25), km: 111_000, detail: a1('10,8') })
    expect(ok.status).toBe(201)
    const edit = await api.put(`/api/pemeriksaan-ban/${ok.json.data.id}`, {
      json: { km: 111_000, tanggal_awal: daysAgo(25), detail: a1('9,5') },
    })
    expect(edit.status).toBe(422)
    expect(edit.json.errors).toEqual({ 'detail.0.tebal_tapak': [between] })
    // Before every round only the later one bounds it (and Tebal Tapak Awal, 16 mm, above).
    const first = await round(api, { kendaraan_id: v, tanggal_awal: daysAgo(40), km: 105_000, detail: a1(11) })
    expect(first.json.errors).toEqual({
      'detail.0.tebal_tapak': [
        `Tebal tapak harus di antara pemeriksaan sesudahnya (11,2 mm pada ${dmy(daysAgo(30))}) dan Tebal Tapak Awal (16 mm): tanpa vulkanisir di antaranya tebal tapak hanya berkurang.`,
      ],
    })
    const stored = await api.db.q
      .selectFrom('detail_pemeriksaan_ban as l')
      .innerJoin('pemeriksaan_ban as p', 'p.id', 'l.pemeriksaan_ban_id')
      .select('l.tebal_tapak')
      .where('p.kendaraan_id', '=', v)
      .orderBy('p.tanggal_awal')
      .execute()
    expect(stored.map((r) => Number(r.tebal_tapak))).toEqual([11.2, 10.8, 10])
  })

  it('refuses a round dated after today (Asia/Jakarta), on create and on edit', async () => {
    const { api, v } = f
    const tomorrow = addDays(today(), 1)
    const message = `Tanggal pemeriksaan tidak boleh setelah hari ini (${dmy(today())}).`
    const future = await round(api, {
      kendaraan_id: v,
      tanggal_awal: tomorrow,
      km: 110_000,
      detail: [{ posisi_ban: '1A', tebal_tapak: 12 }],
    })
    expect(future.status).toBe(422)
    expect(future.json.errors).toEqual({ tanggal_awal: [message] })
    const later = await round(api, {
      kendaraan_id: v,
      tanggal_awal: '2027-03-01',
      km: 110_000,
      detail: [{ posisi_ban: '1A', tebal_tapak: 12 }],
    })
    expect(later.json.errors).toEqual({ tanggal_awal: [message] })
    const made = await round(api, { kendaraan_id: v, tanggal_awal: today(), km: 110_000, detail: [{ posisi_ban: '1A', tebal_tapak: 12 }] })
    expect(made.status).toBe(201)
    const moved = await api.put(`/api/pemeriksaan-ban/${made.json.data.id}`, {
      json: { km: 110_000, tanggal_awal: tomorrow, detail: [{ posisi_ban: '1A', tebal_tapak: 12 }] },
    })
    expect(moved.status).toBe(422)
    expect(moved.json.errors).toEqual({ tanggal_awal: [message] })
    expect(
      (await api.db.q.selectFrom('pemeriksaan_ban').select('tanggal_awal').where('id', '=', made.json.data.id).executeTakeFirstOrThrow())
        .tanggal_awal,
    ).toBe(today())
  })

  it('a retread between resets the order: a back-dated round before the retread is not bounded by the rounds after it', async () => {
    const { api, v, m, s } = f
    const b1 = (tebal_tapak: number) => [{ posisi_ban: '1B', tebal_tapak }]
    expect((await round(api, { kendaraan_id: v, tanggal_awal: daysAgo(40), km: 110_000, detail: b1(6) })).status).toBe(201)
    await api.post('/api/pelepasan-ban/detail-ban', {
      json: { kendaraan_id: v, posisi_ban: '1B', km_pelepasan: 116_500, alasan: 'Ke Vulkanisir', tujuan: 'vulkanisir' },
    })
    expect((await api.post(`/api/pelepasan-ban/add-pelepasan/${v}`, { json: { tanggal_awal: daysAgo(9) } })).status).toBe(201)
    const back = await api.post(`/api/ban/${await tyreId(api, s.b)}/terima-vulkanisir`, {
      json: { supplier_id: m.supplierId, biaya: 500_000, tanggal: daysAgo(7) },
    })
    expect(back.status).toBe(200)
    const refit = await makeFitting(api, v, [{ no_seri: s.b, posisi_ban: '1B', km: 116_600 }])
    await api.db.q
      .updateTable('pemasangan_ban')
      .set({ tanggal_awal: daysAgo(6) })
      .where('id', '=', refit.id)
      .execute()
    expect((await round(api, { kendaraan_id: v, tanggal_awal: daysAgo(5), km: 117_000, detail: b1(14) })).status).toBe(201)
    // 20 days ago: below 6 mm (40 days ago) is all it must be; the 14 mm after the retread does not bound it.
    const paper = await round(api, { kendaraan_id: v, tanggal_awal: daysAgo(20), km: 113_000, detail: b1(5) })
    expect(paper.status).toBe(201)
    const high = await round(api, { kendaraan_id: v, tanggal_awal: daysAgo(19), km: 113_500, detail: b1(5.5) })
    expect(high.json.errors).toEqual({
      'detail.0.tebal_tapak': [
        `Tebal tapak tidak boleh di atas pemeriksaan sebelumnya (5 mm pada ${dmy(daysAgo(20))}) tanpa vulkanisir di antaranya.`,
      ],
    })
  })

  it("checks a round's km against the vehicle's records around its date, so a late paper round keeps its real km", async () => {
    const { api, v } = f
    const a1 = [{ posisi_ban: '1A', tebal_tapak: 12 }]
    const latest = await round(api, {
      kendaraan_id: v,
      tanggal_awal: daysAgo(10),
      km: 116_000,
      detail: [{ posisi_ban: '1A', tebal_tapak: 11 }],
    })
    expect(latest.status).toBe(201)
    expect(await vehicleKm(api.db, v)).toBe(116_000)
    // Taken 20 days ago at 112.000 km, entered today: below today's km, between its neighbours.
    const paper = await round(api, { kendaraan_id: v, tanggal_awal: daysAgo(20), km: 112_000, detail: a1 })
    expect(paper.status).toBe(201)
    expect(paper.json.data).toMatchObject({ km: 112_000, tanggal_awal: daysAgo(20), detail: [{ km_ban: 12_000 }] })
    expect(await vehicleKm(api.db, v)).toBe(116_000)
    const code = latest.json.data.kode_pemeriksaan
    const tooHigh = await round(api, { kendaraan_id: v, tanggal_awal: daysAgo(15), km: 117_000, detail: a1 })
    expect(tooHigh.status).toBe(422)
    expect(tooHigh.json.errors).toEqual({
      km: [
        `Km kendaraan tidak boleh di atas km catatan kendaraan sesudah tanggal ini (116.000 pada Pemeriksaan Ban ${code}, ${dmy(daysAgo(10))}).`,
      ],
    })
    const { kode_pemasangan: pemasangan } = await api.db.q
      .selectFrom('pemasangan_ban')
      .select('kode_pemasangan')
      .where('kendaraan_id', '=', v)
      .executeTakeFirstOrThrow()
    const tooLow = await round(api, { kendaraan_id: v, tanggal_awal: daysAgo(30), km: 99_000, detail: a1 })
    expect(tooLow.json.errors).toEqual({
      km: [
        `Km kendaraan tidak boleh di bawah km catatan kendaraan pada atau sebelum tanggal ini (100.000 pada Pemasangan Ban ${pemasangan}, ${dmy(daysAgo(50))}).`,
      ],
    })
    // Edited to a km above the later round: refused; the paper round keeps its km.
    const edit = await api.put(`/api/pemeriksaan-ban/${paper.json.data.id}`, {
      json: { km: 116_500, tanggal_awal: daysAgo(20), detail: a1 },
    })
    expect(edit.status).toBe(422)
    expect(Object.keys(edit.json.errors)).toEqual(['km'])
    expect(
      (await api.db.q.selectFrom('pemeriksaan_ban').select('km').where('id', '=', paper.json.data.id).executeTakeFirstOrThrow()).km,
    ).toBe(112_000)
  })

  it("computes each tyre's forecast from its inspections: wear per 1.000 km, km left, the vehicle's km per day and the date", async () => {
    const { api, s } = f
    await twoRounds(f)
    const a = await api.get(`/api/ban/${await tyreId(api, s.a)}/pemeriksaan`)
    expect(a.status).toBe(200)
    expect(a.json.data.map((d: Json) => [d.tanggal_awal, d.tebal_tapak, d.km_ban, d.kondisi])).toEqual([
      [daysAgo(10), 12.8, 16_000, 'Aus tidak rata'],
      [daysAgo(40), 14, 10_000, 'Baik'],
    ])
    expect(a.json.meta).toEqual({ tebal_tapak_minimum: 3, tebal_tapak_awal: 16 })
    // From 16 mm at 0 km to 12,8 mm at 16.000 km: 0,2 mm per 1.000 km; 9,8 mm above the minimum: 49.000 km
    // then; 6.000 km in 30 days: 200 km a day; 245 days after the last inspection. Projected to today:
    // 10 days × 200 km since, so 47.000 km and 235 days left.
    expect(a.json.prakiraan).toEqual({
      tebal_tapak_minimum: 3,
      tebal_tapak_terakhir: 12.8,
      tanggal_periksa_terakhir: daysAgo(10),
      keausan_per_1000_km: 0.2,
      km_sisa: 47_000,
      km_per_hari: 200,
      hari_sisa: 235,
      tanggal_prakiraan: addDays(daysAgo(10), 245),
      km_sejak_periksa: 2000,
      tanggal_hitung: today(),
      titik: [
        { km_ban: 0, tebal_tapak: 16, tanggal: null },
        { km_ban: 10_000, tebal_tapak: 14, tanggal: daysAgo(40) },
        { km_ban: 16_000, tebal_tapak: 12.8, tanggal: daysAgo(10) },
      ],
    })
    // b: no tread when new, 5 → 3,5 mm over 6.000 km: 0,25 mm per 1.000 km, 2.000 km left then, 10 days: today.
    const b = await api.get(`/api/ban/${await tyreId(api, s.b)}/pemeriksaan`)
    expect(b.json.prakiraan).toMatchObject({ keausan_per_1000_km: 0.25, km_sisa: 0, hari_sisa: 0, tanggal_prakiraan: daysAgo(0) })
    const fresh = await api.get(`/api/ban/${(await buyTyres(api, f.m, [serial('N')])).detail_ban[0].id}/pemeriksaan`)
    expect(fresh.json).toEqual({ data: [], prakiraan: null, meta: { tebal_tapak_minimum: 3, tebal_tapak_awal: null } })
  })

  it("projects the forecast to today with the vehicle's later records: a passed forecast is dated in the past and listed first", async () => {
    const { api, v, s } = f
    await twoRounds(f)
    // A later record of the vehicle: a round of 2A alone 2 days ago at 120.000 km (4.000 km after the rounds
    // of 1A and 1B, more than 10 days × 200 km a day).
    const later = await round(api, {
      kendaraan_id: v,
      tanggal_awal: daysAgo(2),
      km: 120_000,
      detail: [{ posisi_ban: '2A', tebal_tapak: 2.5 }],
    })
    expect(later.status).toBe(201)
    const a = await api.get(`/api/ban/${await tyreId(api, s.a)}/pemeriksaan`)
    // 49.000 km left 10 days ago, 4.000 km run since: 45.000 km and 225 days at 200 km a day.
    expect(a.json.prakiraan).toMatchObject({
      km_sejak_periksa: 4000,
      km_sisa: 45_000,
      hari_sisa: 225,
      tanggal_prakiraan: addDays(today(), 225),
      tanggal_hitung: today(),
    })
    // b: 2.000 km left 10 days ago, 4.000 km run since: passed 10 days ago (2.000 km at 200 km a day).
    const b = await api.get(`/api/ban/${await tyreId(api, s.b)}/pemeriksaan`)
    expect(b.json.prakiraan).toMatchObject({ km_sejak_periksa: 4000, km_sisa: 0, hari_sisa: -10, tanggal_prakiraan: daysAgo(10) })
    // On the dashboard's list b, 10 days past, comes before c, at the minimum 2 days ago.
    const warn = await api.get('/api/pemeriksaan-ban/peringatan?limit=100')
    const ours = (warn.json.data as Json[]).filter((w) => w.kendaraan?.id === v)
    expect(ours.map((w) => [w.no_seri, w.prakiraan.hari_sisa, w.prakiraan.tanggal_prakiraan])).toEqual([
      [s.b, -10, daysAgo(10)],
      [s.c, -2, daysAgo(2)],
    ])
    const dates = (warn.json.data as Json[]).map((w) => w.prakiraan.tanggal_prakiraan ?? '9999-12-31')
    expect(dates).toEqual([...dates].sort())
  })

  it('lists the fitted tyres at or near the minimum, soonest first, and the vehicles not inspected for 30 days', async () => {
    // The demo seed's fleet is there too: the fixture's vehicle and tyres are picked out of the lists.
    const { api, v, s } = f
    const never = await api.get('/api/pemeriksaan-ban/belum-diperiksa?limit=100')
    expect(never.status).toBe(200)
    expect(never.json.meta).toMatchObject({ hari: 30, limit: 100 })
    expect(never.json.data.find((k: Json) => k.id === v)).toEqual({
      id: v,
      kode_kendaraan: expect.any(String),
      no_kabin: 'UJI-6',
      no_pol: expect.any(String),
      terakhir_diperiksa: null,
    })
    await twoRounds(f)
    const after = await api.get('/api/pemeriksaan-ban/belum-diperiksa?limit=100')
    expect(after.json.meta.total).toBe(never.json.meta.total - 1)
    expect(after.json.data.map((k: Json) => k.id)).not.toContain(v)

    const ours = (res: { json: Json }) => res.json.data.filter((w: Json) => w.kendaraan?.id === v)
    const warn = await api.get('/api/pemeriksaan-ban/peringatan?limit=100')
    expect(warn.status).toBe(200)
    expect(warn.json.meta).toMatchObject({ tebal_tapak_minimum: 3, km: 5000, hari: 30, limit: 100 })
    // c was at the minimum on its inspection 10 days ago (its forecast date that day), b's forecast is today.
    expect(
      ours(warn).map((w: Json) => [
        w.no_seri,
        w.posisi_ban,
        w.kendaraan.no_kabin,
        w.prakiraan.tebal_tapak_terakhir,
        w.prakiraan.km_sisa,
        w.prakiraan.tanggal_prakiraan,
      ]),
    ).toEqual([
      [s.c, '2A', 'UJI-6', 2.8, 0, daysAgo(10)],
      [s.b, '1B', 'UJI-6', 3.5, 0, daysAgo(0)],
    ])
    // The most overdue first: by forecast date (projected to today), those without one last.
    const rows = warn.json.data as Json[]
    const dates = rows.map((w) => w.prakiraan.tanggal_prakiraan ?? '9999-12-31')
    expect(dates).toEqual([...dates].sort())
    const one = await api.get('/api/pemeriksaan-ban/peringatan?limit=1&offset=1')
    expect(one.json.data).toHaveLength(1)
    expect(one.json.data[0].ban_id).toBe(rows[1]!.ban_id)
    expect(one.json.meta.total).toBe(warn.json.meta.total)

    // A tyre taken off leaves the list.
    await api.post('/api/pelepasan-ban/detail-ban', {
      json: { kendaraan_id: v, posisi_ban: '2A', km_pelepasan: 116_500, alasan: 'Habis', tujuan: 'afkir' },
    })
    expect(ours(await api.get('/api/pemeriksaan-ban/peringatan?limit=100')).map((w: Json) => w.no_seri)).toEqual([s.b])
  })

  it('a posted round cannot change or be deleted; unposted it can, and deleting it takes back the forecast', async () => {
    const { api, v, s } = f
    const { second } = await twoRounds(f)
    expect((await api.post(`/api/pemeriksaan-ban/${second.id}/posting`)).status).toBe(200)
    expect((await api.post(`/api/pemeriksaan-ban/${second.id}/posting`)).status).toBe(409)
    const edit = await api.put(`/api/pemeriksaan-ban/${second.id}`, {
      json: { km: 116_000, detail: [{ posisi_ban: '1A', tebal_tapak: 12 }] },
    })
    expect(edit.status).toBe(422)
    expect(edit.json.errors).toEqual({ pemeriksaan_ban_id: ['Pemeriksaan ban sudah diposting dan tidak dapat diubah.'] })
    const del = await api.del(`/api/pemeriksaan-ban/${second.id}`)
    expect(del.status).toBe(422)
    expect(del.json.errors).toEqual({ pemeriksaan_ban_id: ['Pemeriksaan ban sudah diposting dan tidak dapat dihapus.'] })

    expect((await api.post(`/api/pemeriksaan-ban/${second.id}/unpost`)).status).toBe(200)
    const ok = await api.put(`/api/pemeriksaan-ban/${second.id}`, {
      json: { km: 116_000, tanggal_awal: daysAgo(10), detail: [{ posisi_ban: '1A', tebal_tapak: 12 }] },
    })
    expect(ok.status).toBe(200)
    expect(ok.json.data).toMatchObject({ kendaraan_id: v, km: 116_000, jumlah_ban: 1, detail: [{ posisi_ban: '1A', tebal_tapak: 12 }] })
    const b = await tyreId(api, s.b)
    expect((await api.get(`/api/ban/${b}/pemeriksaan`)).json.prakiraan).toMatchObject({
      tebal_tapak_terakhir: 5,
      keausan_per_1000_km: null,
    })

    expect((await api.del(`/api/pemeriksaan-ban/${second.id}`)).status).toBe(200)
    expect((await api.get(`/api/pemeriksaan-ban/${second.id}`)).status).toBe(404)
    const a = await api.get(`/api/ban/${await tyreId(api, s.a)}/pemeriksaan`)
    // 55.000 km left at its inspection 40 days ago. The vehicle's km per day as of that round is its
    // readings' (the fitting's km is one: 100.000 km 50 days ago → 110.000 km 10 days later, 1.000 km a
    // day), so since then it ran the more of 40 days × 1.000 km and the 6.000 km its records say: 15.000 left.
    expect(a.json.prakiraan).toMatchObject({ tebal_tapak_terakhir: 14, keausan_per_1000_km: 0.2, km_sisa: 15_000, km_per_hari: 1000 })
    const trail = await api.get(`/api/riwayat-dokumen/pemeriksaan_ban/${second.id}`)
    expect(trail.status).toBe(200)
  })

  it('reports every inspection line of a period, whole or paged', async () => {
    const { api, s } = f
    await twoRounds(f)
    const all = await api.get(`/api/laporan-pemeriksaan-ban?tanggal_awal=${daysAgo(15)}&tanggal_akhir=${today()}`)
    expect(all.status).toBe(200)
    // The demo seed's rounds are in the period too: the fixture's vehicle is picked out.
    const ours = all.json.data.filter((l: Json) => l.no_kabin === 'UJI-6')
    expect(ours.map((l: Json) => [l.posisi_ban, l.no_seri, l.tebal_tapak, l.kondisi])).toEqual([
      ['1A', s.a, 12.8, 'Aus tidak rata'],
      ['1B', s.b, 3.5, 'Baik'],
      ['2A', s.c, 2.8, 'Retak'],
    ])
    const page = await api.get(`/api/laporan-pemeriksaan-ban?tanggal_awal=${daysAgo(15)}&tanggal_akhir=${today()}&page=2&per_page=2`)
    expect(page.json.meta).toEqual({ total: all.json.data.length, page: 2, per_page: 2 })
    expect(page.json.data.map((l: Json) => l.id)).toEqual(all.json.data.slice(2, 4).map((l: Json) => l.id))
    const q = await api.get(`/api/laporan-pemeriksaan-ban?page=1&per_page=50&q=UJI-6`)
    expect(q.json.data.map((l: Json) => l.no_kabin)).toEqual(Array(6).fill('UJI-6'))
    expect((await api.get('/api/laporan-pemeriksaan-ban?tanggal_awal=2026-02-30&tanggal_akhir=2026-03-01')).status).toBe(422)
  })

  it('purchase lines keep Tebal Tapak Awal (mm, optional, 0–30 with one decimal)', async () => {
    const { api, m } = f
    const line = { ukuran_id: m.ukuranId, merek_id: m.merekId, typeban_id: m.typebanId, kondisi_ban: 'BARU', harga: 1 }
    const bad = await api.post('/api/pembelian-ban/add', {
      json: { supplier_id: m.supplierId, ban: [{ ...line, no_seri: serial('X'), tebal_tapak_awal: '30,5' }] },
    })
    expect(bad.status).toBe(422)
    expect(bad.json.errors).toEqual({ 'ban.0.tebal_tapak_awal': ['Tebal tapak harus angka 0–30 mm dengan paling banyak satu desimal.'] })
    const ok = await api.post('/api/pembelian-ban/add', {
      json: {
        supplier_id: m.supplierId,
        ban: [
          { ...line, no_seri: serial('X'), tebal_tapak_awal: '15,5' },
          { ...line, no_seri: serial('Y'), tebal_tapak_awal: '' },
        ],
      },
    })
    expect(ok.status).toBe(201)
    expect(ok.json.data.detail_ban.map((b: Json) => b.tebal_tapak_awal)).toEqual([15.5, null])
    const stored = await api.db.q
      .selectFrom('ban')
      .select('tebal_tapak_awal')
      .where('pembelian_ban_id', '=', ok.json.data.id)
      .orderBy('id')
      .execute()
    expect(stored.map((r) => r.tebal_tapak_awal)).toEqual([15.5, null])
  })
})
