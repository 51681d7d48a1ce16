import { beforeEach, describe, expect, it } from 'vitest'
import { NO_MENU_ACCESS } from '../../api/grants.ts'
import { today } from '../../api/http.ts'
import { buyTyres, insertMasters, insertVehicle, makeFitting, serial, type Api, type Masters } from './fixtures-transaksi.ts'
import { makeApi, userWithGrants } from './harness.ts'

/**
 * Laporan Biaya per Kendaraan (the extension 'biaya-kendaraan'; docs/upstream-contract.md "Extensions:
 * cost per vehicle"): a period's tyres (first fittings, net of claims), work orders' parts and labour,
 * renewals, the km run from the readings and the cost per km, per vehicle or per vehicle type.
 */

const day = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

const report = (api: Api, query: Record<string, string>) => api.get(`/api/laporan-biaya-kendaraan?${new URLSearchParams(query).toString()}`)

async function reading(api: Api, kendaraan_id: number, tanggal: string, km: number, sumber: 'input' | 'koreksi' = 'input') {
  await api.db.q
    .insertInto('km_kendaraan')
    .values({ kendaraan_id, tanggal, km, sumber, alasan: sumber === 'koreksi' ? 'Odometer diganti' : null })
    .execute()
}

async function workOrder(api: Api, kendaraan_id: number, tanggal_awal: string, parts: number, jasa: number) {
  await api.db.q
    .insertInto('perintah_kerja')
    .values({
      kode_perintah_kerja: serial('PK'),
      kendaraan_id,
      tanggal_awal,
      km: 0,
      total_suku_cadang: parts,
      total_jasa: jasa,
      grand_total: parts + jasa,
    })
    .execute()
}

async function renewal(api: Api, kendaraan_id: number, tanggal_bayar: string, biaya: number) {
  await api.db.q
    .insertInto('perpanjangan')
    .values({ kode_perpanjangan: serial('PJ'), kendaraan_id, jenis_dokumen: 'STNK', expired_baru: day(365), biaya, tanggal_bayar })
    .execute()
}

describe('Laporan Biaya per Kendaraan', () => {
  let api: Api
  let m: Masters
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
    m = await insertMasters(api.db)
  })

  it('sums a period’s tyres, work orders and renewals per vehicle, with the km run and the cost per km', async () => {
    const noKabin = serial('BKV')
    const v = await insertVehicle(api.db, m.jenis[6], 100_000, noKabin)
    const [s1, s2] = [serial('BK'), serial('BK')]
    await buyTyres(api, m, [s1, s2], { harga: 2_000_000 })
    await makeFitting(api, v, [
      { no_seri: s1, posisi_ban: '1A' },
      { no_seri: s2, posisi_ban: '1B' },
    ])
    await reading(api, v, day(-40), 100_000)
    await reading(api, v, day(-5), 101_000)
    await reading(api, v, day(-1), 101_500)
    await workOrder(api, v, day(-2), 500_000, 150_000)
    await workOrder(api, v, day(-60), 900_000, 0) // before the period
    await renewal(api, v, day(-3), 300_000)

    const res = await report(api, { tanggal_awal: day(-10), tanggal_akhir: day(0), page: '1', per_page: '10', q: noKabin })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    expect(res.json.data).toEqual([
      {
        kendaraan_id: v,
        no_kabin: noKabin,
        no_pol: expect.any(String),
        jenis: 'Jenis Uji 6 Ban',
        ban: 4_000_000,
        suku_cadang: 500_000,
        jasa: 150_000,
        perpanjangan: 300_000,
        km_tempuh: 1_500,
        total: 4_950_000,
        biaya_per_km: 3_300,
      },
    ])
    expect(res.json.meta).toEqual({
      total: 1,
      page: 1,
      per_page: 10,
      kelompok: 'kendaraan',
      jumlah_kendaraan: 1,
      ban: 4_000_000,
      suku_cadang: 500_000,
      jasa: 150_000,
      perpanjangan: 300_000,
      km_tempuh: 1_500,
      total_biaya: 4_950_000,
      biaya_per_km: 3_300,
    })

    // Every date: the older work order and the rise from the first reading count too.
    const all = await report(api, { q: noKabin, page: '1' })
    expect(all.json.data[0]).toMatchObject({ suku_cadang: 1_400_000, km_tempuh: 1_500, total: 5_850_000 })

    // A period with nothing of this vehicle: it is not in the report.
    const empty = await report(api, { tanggal_awal: day(-200), tanggal_akhir: day(-100), q: noKabin, page: '1' })
    expect(empty.json.data).toEqual([])
  })

  it('counts a tyre at its first fitting only; a correction of the odometer adds no km, a document’s km counts as a reading', async () => {
    const a = await insertVehicle(api.db, m.jenis[6], 50_000, serial('BKA'))
    const b = await insertVehicle(api.db, m.jenis[6], 0, serial('BKB'))
    const s = serial('BK')
    await buyTyres(api, m, [s], { harga: 1_250_000 })
    await makeFitting(api, a, [{ no_seri: s, posisi_ban: '2A' }])
    // The tyre moved to b: the report does not charge b its price again.
    await api.db.q.updateTable('detail_pemasangan_ban').set({ dilepas: 1 }).where('kendaraan_id', '=', a).execute()
    await api.db.q.updateTable('ban').set({ status: 'stok' }).where('no_seri', '=', s).execute()
    // Fitted on b today at km 800: the fitting's km is a reading too (after the 700 two days ago).
    await makeFitting(api, b, [{ no_seri: s, posisi_ban: '2A', km: 800 }])
    await reading(api, b, day(-8), 10_000)
    await reading(api, b, day(-6), 10_400)
    await reading(api, b, day(-4), 200, 'koreksi')
    await reading(api, b, day(-2), 700)

    const res = await report(api, { tanggal_awal: day(-10), tanggal_akhir: day(0), per_page: '10', page: '1', q: 'BK' })
    const byId = new Map(res.json.data.map((r: { kendaraan_id: number }) => [r.kendaraan_id, r]))
    expect(byId.get(a)).toMatchObject({ ban: 1_250_000, km_tempuh: 0, biaya_per_km: null })
    expect(byId.get(b)).toMatchObject({ ban: 0, km_tempuh: 400 + 500 + 100, total: 0, biaya_per_km: 0 })
  })

  it('sums per vehicle type with kelompok=jenis; refuses a bad kelompok or period; needs its menu', async () => {
    const v10 = m.kendaraan[10]
    await workOrder(api, v10, day(-1), 100_000, 50_000)
    await workOrder(api, m.kendaraan[18], day(-1), 10_000, 0)
    const res = await report(api, {
      tanggal_awal: day(-3),
      tanggal_akhir: day(0),
      kelompok: 'jenis',
      page: '1',
      per_page: '50',
      q: 'jenis uji',
    })
    expect(res.status).toBe(200)
    const jenis10 = res.json.data.find((r: { jenis: string }) => r.jenis === 'Jenis Uji 10 Ban')
    expect(jenis10).toMatchObject({
      jenis_kendaraan_id: m.jenis[10],
      jumlah_kendaraan: 1,
      suku_cadang: 100_000,
      jasa: 50_000,
      total: 150_000,
    })
    expect(res.json.data.map((r: { jenis: string }) => r.jenis)).toEqual(['Jenis Uji 10 Ban', 'Jenis Uji 18 Ban'])

    const bad = await report(api, { kelompok: 'supplier' })
    expect(bad.status).toBe(422)
    expect(bad.json.errors).toEqual({ kelompok: ['Kelompok harus kendaraan atau jenis.'] })
    const half = await report(api, { tanggal_awal: day(-3) })
    expect(half.status).toBe(422)
    expect(half.json.errors.tanggal_akhir).toEqual(['Silakan pilih Tanggal Awal dan Tanggal Akhir'])

    const tanpa = await userWithGrants(api, 'tanpabiaya')
    const refused = await api.get('/api/laporan-biaya-kendaraan', { token: tanpa.token })
    expect(refused.status).toBe(403)
    expect(refused.json).toEqual({ message: NO_MENU_ACCESS })
    const pembaca = await userWithGrants(api, 'bacabiaya', { '/admin/laporan-biaya-kendaraan': [] })
    expect((await api.get('/api/laporan-biaya-kendaraan', { token: pembaca.token })).status).toBe(200)
  })
})
