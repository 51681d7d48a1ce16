import { beforeEach, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { EXTENSIONS } from '../../api/features.ts'
import { NO_MENU_ACCESS, NO_PERMISSION } from '../../api/grants.ts'
import { today } from '../../api/http.ts'
import { notEnoughMessage } from '../../api/stock.ts'
import { insertVehicle, type Api } from './fixtures-transaksi.ts'
import { insertPart, ledgerOf, stockOf } from './fixtures-bengkel.ts'
import { makeApi, userWithGrants, type Json } from './harness.ts'

/**
 * Perintah Kerja (the extension 'perintah-kerja'; docs/upstream-contract.md "Extensions: work
 * orders"): a document on a vehicle whose km is a reading, whose parts leave the store through the
 * ledger at their average cost, whose service lines reset the items' due; posted, it cannot change.
 */

const day = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
const dmy = (d: string) => d.split('-').reverse().join('/')

let unique = 0
const vehicle = (api: Api, km = 10_000) => insertVehicle(api.db, null, km, `PKX-${++unique}-${Date.now().toString(36)}`)

async function item(api: Api, nama: string, interval_km: number | null, interval_hari: number | null) {
  const res = await api.post('/api/item-servis', {
    json: { nama: `${nama} ${++unique}${Date.now().toString(36)}`, interval_km, interval_hari },
  })
  expect(res.status, JSON.stringify(res.json)).toBe(201)
  return res.json.data.id as number
}

async function mechanic(api: Api) {
  const { id } = await api.db.q
    .insertInto('karyawan')
    .values({ kode_karyawan: `KYU${++unique}${Date.now().toString(36)}`, nama_lengkap: 'Slamet Mekanik' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

const create = (api: Api, body: Record<string, unknown>, token?: string) => api.post('/api/perintah-kerja', { json: body, token })

async function readingsOf(api: Api, v: number) {
  const rows = await api.db.q
    .selectFrom('km_kendaraan')
    .select(['tanggal', 'km', 'sumber', 'perintah_kerja_id'])
    .where('kendaraan_id', '=', v)
    .orderBy('tanggal')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ ...r, km: Number(r.km) }))
}
const vehicleKm = async (api: Api, v: number) =>
  Number((await api.db.q.selectFrom('kendaraan').select('km').where('id', '=', v).executeTakeFirstOrThrow()).km)

describe('Perintah Kerja: saving, reading, changing, deleting', () => {
  let api: Api
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
  })

  it('saves a work order: code PK + 6 digits, the lines, parts taken at average cost, totals, the km a reading, the vehicle’s km raised', async () => {
    const v = await vehicle(api, 10_000)
    const oli = await insertPart(api.db, { nama: `Oli Uji ${++unique}`, satuan: 'liter', stok: 10, nilai: 650_000 })
    const filter = await insertPart(api.db, { nama: `Filter Uji ${++unique}`, stok: 3, nilai: 100_000 })
    const gantiOli = await item(api, 'Ganti Oli', 10_000, 180)
    const m = await mechanic(api)
    const res = await create(api, {
      kendaraan_id: v,
      tanggal_awal: today(),
      km: '12.500',
      karyawan_id: m,
      keterangan: ' servis rutin ',
      servis: [{ item_servis_id: gantiOli }],
      parts: [
        { suku_cadang_id: oli, jumlah: 4 },
        { suku_cadang_id: filter, jumlah: '1' },
      ],
      jasa: [{ uraian: 'Jasa ganti oli', biaya: 'Rp 75.000' }],
    })
    expect(res.status, JSON.stringify(res.json)).toBe(201)
    expect(res.json.message).toBe('Perintah Kerja berhasil disimpan.')
    const d = res.json.data
    expect(d).toMatchObject({
      kode_perintah_kerja: expect.stringMatching(/^PK\d{6}$/),
      kendaraan_id: v,
      tanggal_awal: today(),
      km: 12_500,
      karyawan_id: m,
      keterangan: 'servis rutin',
      status: 'unpost',
      // 4 of 10 liters worth 650.000: 260.000; 1 of 3 filters worth 100.000: 33.333.
      total_suku_cadang: 293_333,
      total_jasa: 75_000,
      grand_total: 368_333,
      mekanik: { id: m, nama: 'Slamet Mekanik' },
    })
    expect(d.kendaraan).toMatchObject({ id: v, no_kabin: expect.stringMatching(/^PKX-/), jenis: null })
    expect(d.servis).toEqual([
      {
        id: expect.any(Number),
        item_servis_id: gantiOli,
        kode_item_servis: expect.stringMatching(/^IS/),
        nama: expect.stringMatching(/^Ganti Oli/),
      },
    ])
    expect(d.parts.map((p: Json) => [p.suku_cadang_id, p.satuan, p.jumlah, p.harga, p.subtotal])).toEqual([
      [oli, 'liter', 4, 65_000, 260_000],
      [filter, 'pcs', 1, 33_333, 33_333],
    ])
    expect(d.jasa).toEqual([{ id: expect.any(Number), uraian: 'Jasa ganti oli', biaya: 75_000 }])
    expect((await api.get(`/api/perintah-kerja/${d.id}`)).json).toEqual({ data: d })

    // The stock and its value fell; the ledger names the document.
    expect(await stockOf(api.db, oli)).toEqual({ stok: 6, nilai_stok: 390_000 })
    expect(await stockOf(api.db, filter)).toEqual({ stok: 2, nilai_stok: 66_667 })
    expect((await ledgerOf(api.db, oli)).at(-1)).toMatchObject({
      jenis: 'perintah_kerja',
      keluar: 4,
      nilai: -260_000,
      saldo: 6,
      kode_dokumen: d.kode_perintah_kerja,
    })
    // The km is a reading of the work order; the vehicle's km follows it.
    expect(await readingsOf(api, v)).toEqual([{ tanggal: today(), km: 12_500, sumber: 'perintah_kerja', perintah_kerja_id: d.id }])
    expect(await vehicleKm(api, v)).toBe(12_500)
    // The audit trail.
    const riwayat = await api.get(`/api/riwayat-dokumen/perintah_kerja/${d.id}`)
    expect(riwayat.status).toBe(200)
    expect(riwayat.json.data.map((r: Json) => r.aksi)).toEqual(['dibuat'])
  })

  it('refuses a work order without lines, without vehicle or km, with unknown items, parts, mechanic and bad numbers — every error at once, nothing stored', async () => {
    const none = await create(api, { kendaraan_id: '', km: '' })
    expect(none.status).toBe(422)
    expect(none.json.errors).toEqual({
      baris: ['Tambahkan minimal satu item servis, suku cadang atau jasa.'],
      kendaraan_id: ['Kendaraan harus dipilih.'],
      km: ['Km tidak boleh kosong.'],
    })
    const v = await vehicle(api)
    const bad = await create(api, {
      kendaraan_id: v,
      km: 10_000,
      tanggal_awal: day(1),
      karyawan_id: 999_999,
      servis: [{ item_servis_id: 999_999 }, { item_servis_id: '' }],
      parts: [
        { suku_cadang_id: 999_999, jumlah: 1 },
        { suku_cadang_id: '', jumlah: '0' },
      ],
      jasa: [{ uraian: ' ', biaya: 'abc' }],
    })
    expect(bad.status).toBe(422)
    expect(bad.json.errors).toEqual({
      tanggal_awal: ['Tanggal tidak boleh setelah hari ini.'],
      karyawan_id: ['Mekanik tidak ditemukan.'],
      'servis.0.item_servis_id': ['Item servis tidak ditemukan.'],
      'servis.1.item_servis_id': ['Item servis harus dipilih.'],
      'parts.0.suku_cadang_id': ['Suku cadang tidak ditemukan.'],
      'parts.1.suku_cadang_id': ['Suku cadang harus dipilih.'],
      'parts.1.jumlah': ['Jumlah harus antara 1 dan 1.000.000.'],
      'jasa.0.uraian': ['Uraian jasa tidak boleh kosong.'],
      'jasa.0.biaya': ['Biaya harus berupa angka Rupiah.'],
    })
    expect(await api.db.q.selectFrom('perintah_kerja').select('id').where('kendaraan_id', '=', v).execute()).toEqual([])
    expect(await readingsOf(api, v)).toEqual([])
  })

  it('refuses parts beyond the stock on hand line by line with the stock (two lines of one part count together); nothing taken', async () => {
    const v = await vehicle(api)
    const oli = await insertPart(api.db, { nama: `Oli Sedikit ${++unique}`, satuan: 'liter', stok: 5, nilai: 300_000 })
    const filter = await insertPart(api.db, { nama: `Filter Cukup ${++unique}`, stok: 2, nilai: 80_000 })
    const res = await create(api, {
      kendaraan_id: v,
      km: 10_000,
      parts: [
        { suku_cadang_id: oli, jumlah: 3 },
        { suku_cadang_id: filter, jumlah: 2 },
        { suku_cadang_id: oli, jumlah: 3 },
      ],
    })
    expect(res.status).toBe(422)
    const nama = (await api.db.q.selectFrom('suku_cadang').select('nama').where('id', '=', oli).executeTakeFirstOrThrow()).nama
    expect(res.json.errors).toEqual({
      'parts.0.jumlah': [notEnoughMessage(nama, 5, 'liter', 6)],
      'parts.2.jumlah': [notEnoughMessage(nama, 5, 'liter', 6)],
    })
    expect(res.json.errors['parts.0.jumlah'][0]).toBe(`Stok ${nama} tidak cukup: tersedia 5 liter, diminta 6.`)
    expect(await stockOf(api.db, oli)).toEqual({ stok: 5, nilai_stok: 300_000 })
    expect(await stockOf(api.db, filter)).toEqual({ stok: 2, nilai_stok: 80_000 })
    expect(await readingsOf(api, v)).toEqual([])
  })

  it('the km is held to the vehicle’s readings as Km Kendaraan holds them: below the one before, above the one after, below Km Akhir', async () => {
    const v = await vehicle(api, 0)
    for (const [tanggal, km] of [
      [day(-20), 10_000],
      [day(-10), 12_000],
    ] as const) {
      await api.db.q.insertInto('km_kendaraan').values({ kendaraan_id: v, tanggal, km, sumber: 'input' }).execute()
    }
    await api.db.q.updateTable('kendaraan').set({ km: 12_000 }).where('id', '=', v).execute()
    const jasa = [{ uraian: 'Cek', biaya: 0 }]
    const below = await create(api, { kendaraan_id: v, tanggal_awal: day(-15), km: 9_000, jasa })
    expect(below.status).toBe(422)
    expect(below.json.errors).toEqual({ km: [`Km 9.000 lebih kecil dari km sebelumnya: 10.000 pada ${dmy(day(-20))}.`] })
    const above = await create(api, { kendaraan_id: v, tanggal_awal: day(-15), km: 13_000, jasa })
    expect(above.json.errors).toEqual({ km: [`Km 13.000 lebih besar dari km sesudahnya: 12.000 pada ${dmy(day(-10))}.`] })
    const akhir = await create(api, { kendaraan_id: v, tanggal_awal: today(), km: 11_500, jasa })
    expect(akhir.json.errors.km[0]).toMatch(/^Km 11\.500 lebih kecil dari km sebelumnya: 12\.000/)
    // Between its neighbours: stored; the vehicle's km stays its latest reading's.
    const between = await create(api, { kendaraan_id: v, tanggal_awal: day(-15), km: 11_000, jasa })
    expect(between.status).toBe(201)
    expect(await vehicleKm(api, v)).toBe(12_000)
    const latest = await create(api, { kendaraan_id: v, tanggal_awal: today(), km: 12_700, jasa })
    expect(latest.status).toBe(201)
    expect(await vehicleKm(api, v)).toBe(12_700)
    expect((await readingsOf(api, v)).map((r) => [r.km, r.sumber])).toEqual([
      [10_000, 'input'],
      [11_000, 'perintah_kerja'],
      [12_000, 'input'],
      [12_700, 'perintah_kerja'],
    ])
  })

  it('an edit gives the old parts back (Dokumen diubah) and takes the new; its reading replaced; delete gives them back (Dokumen dihapus), the reading goes, the vehicle’s km back', async () => {
    const v = await vehicle(api, 10_000)
    const oli = await insertPart(api.db, { nama: `Oli Edit ${++unique}`, satuan: 'liter', stok: 10, nilai: 600_000 })
    const created = await create(api, { kendaraan_id: v, km: 11_000, parts: [{ suku_cadang_id: oli, jumlah: 4 }] })
    expect(created.status).toBe(201)
    const id = created.json.data.id
    expect(await stockOf(api.db, oli)).toEqual({ stok: 6, nilai_stok: 360_000 })
    // 10 of 10 is more than the 6 on hand, but the 4 this document took come back first.
    const edited = await api.put(`/api/perintah-kerja/${id}`, {
      json: { kendaraan_id: v, km: 11_200, parts: [{ suku_cadang_id: oli, jumlah: 10 }], jasa: [{ uraian: 'Kuras', biaya: 50_000 }] },
    })
    expect(edited.status, JSON.stringify(edited.json)).toBe(200)
    expect(edited.json.message).toBe('Perintah Kerja berhasil diperbarui.')
    expect(edited.json.data).toMatchObject({ km: 11_200, total_suku_cadang: 600_000, total_jasa: 50_000, grand_total: 650_000 })
    expect(await stockOf(api.db, oli)).toEqual({ stok: 0, nilai_stok: 0 })
    expect((await ledgerOf(api.db, oli)).slice(1).map((l) => [l.masuk, l.keluar, l.nilai, l.saldo, l.keterangan])).toEqual([
      [0, 4, -240_000, 6, null],
      [4, 0, 240_000, 10, 'Dokumen diubah'],
      [0, 10, -600_000, 0, null],
    ])
    expect((await readingsOf(api, v)).map((r) => r.km)).toEqual([11_200])
    expect(await vehicleKm(api, v)).toBe(11_200)
    // An edit refused (beyond the stock) changes nothing.
    const refused = await api.put(`/api/perintah-kerja/${id}`, {
      json: { kendaraan_id: v, km: 11_200, parts: [{ suku_cadang_id: oli, jumlah: 11 }] },
    })
    expect(refused.status).toBe(422)
    expect(refused.json.errors['parts.0.jumlah'][0]).toMatch(/tersedia 10 liter, diminta 11\.$/)
    expect(await stockOf(api.db, oli)).toEqual({ stok: 0, nilai_stok: 0 })

    const deleted = await api.del(`/api/perintah-kerja/${id}`)
    expect(deleted.status).toBe(200)
    expect(deleted.json.message).toBe('Data Perintah Kerja telah dihapus.')
    expect(await stockOf(api.db, oli)).toEqual({ stok: 10, nilai_stok: 600_000 })
    expect((await ledgerOf(api.db, oli)).at(-1)).toMatchObject({ masuk: 10, nilai: 600_000, keterangan: 'Dokumen dihapus' })
    expect(await readingsOf(api, v)).toEqual([])
    // No reading left: the vehicle keeps the km it had.
    expect(await vehicleKm(api, v)).toBe(11_200)
    expect((await api.get(`/api/perintah-kerja/${id}`)).status).toBe(404)
    expect((await api.get(`/api/riwayat-dokumen/perintah_kerja/${id}`)).json.data.map((r: Json) => r.aksi)).toEqual([
      'dibuat',
      'diubah',
      'hapus',
    ])
  })

  it('an edit to another vehicle moves its reading: the first vehicle’s km back to its reading before, the second’s raised', async () => {
    const a = await vehicle(api, 0)
    const b = await vehicle(api, 0)
    await api.db.q
      .insertInto('km_kendaraan')
      .values({ kendaraan_id: a, tanggal: day(-5), km: 5_000, sumber: 'input' })
      .execute()
    await api.db.q.updateTable('kendaraan').set({ km: 5_000 }).where('id', '=', a).execute()
    const created = await create(api, { kendaraan_id: a, km: 5_400, jasa: [{ uraian: 'Cek', biaya: 1 }] })
    expect(await vehicleKm(api, a)).toBe(5_400)
    const moved = await api.put(`/api/perintah-kerja/${created.json.data.id}`, {
      json: { kendaraan_id: b, km: 7_000, jasa: [{ uraian: 'Cek', biaya: 1 }] },
    })
    expect(moved.status, JSON.stringify(moved.json)).toBe(200)
    expect(moved.json.data.kendaraan.id).toBe(b)
    expect((await readingsOf(api, a)).map((r) => [r.km, r.sumber])).toEqual([[5_000, 'input']])
    expect(await vehicleKm(api, a)).toBe(5_000)
    expect((await readingsOf(api, b)).map((r) => [r.km, r.sumber])).toEqual([[7_000, 'perintah_kerja']])
    expect(await vehicleKm(api, b)).toBe(7_000)
  })

  it('posting locks it: no edit, no delete; unpost opens it again; 409 for the same state twice; the trail records both', async () => {
    const v = await vehicle(api)
    const created = await create(api, { kendaraan_id: v, km: 10_000, jasa: [{ uraian: 'Cek rem', biaya: 25_000 }] })
    const id = created.json.data.id
    const posted = await api.post(`/api/perintah-kerja/${id}/posting`)
    expect(posted.status).toBe(200)
    expect(posted.json.message).toBe('Perintah Kerja berhasil diposting.')
    expect(posted.json.data.status).toBe('posting')
    expect((await api.post(`/api/perintah-kerja/${id}/posting`)).json.message).toBe('Perintah Kerja sudah diposting.')
    const edit = await api.put(`/api/perintah-kerja/${id}`, { json: { kendaraan_id: v, km: 10_000, jasa: [{ uraian: 'x', biaya: 1 }] } })
    expect(edit.status).toBe(422)
    expect(edit.json.errors).toEqual({ status: ['Perintah Kerja sudah diposting dan tidak dapat diubah.'] })
    const del = await api.del(`/api/perintah-kerja/${id}`)
    expect(del.json.errors).toEqual({ status: ['Perintah Kerja sudah diposting dan tidak dapat dihapus.'] })
    expect((await api.post(`/api/perintah-kerja/${id}/unpost`)).json.message).toBe('Perintah Kerja berhasil di-unpost.')
    expect((await api.del(`/api/perintah-kerja/${id}`)).status).toBe(200)
    expect((await api.get(`/api/riwayat-dokumen/perintah_kerja/${id}`)).json.data.map((r: Json) => r.aksi)).toEqual([
      'dibuat',
      'posting',
      'unpost',
      'hapus',
    ])
  })

  it('lists one page newest first with the sums; filters by date (both or neither), status, vehicle and q (code, No Pol, No Kabin)', async () => {
    const v = await vehicle(api, 0)
    const w = await vehicle(api, 0)
    await api.db.q
      .updateTable('kendaraan')
      .set({ no_pol: `B ${unique} PKW` })
      .where('id', '=', w)
      .execute()
    const a = (await create(api, { kendaraan_id: v, tanggal_awal: day(-3), km: 100, jasa: [{ uraian: 'a', biaya: 1_000 }] })).json.data
    const b = (await create(api, { kendaraan_id: v, tanggal_awal: day(-1), km: 200, jasa: [{ uraian: 'b', biaya: 2_000 }] })).json.data
    const c = (await create(api, { kendaraan_id: w, tanggal_awal: day(-1), km: 300, jasa: [{ uraian: 'c', biaya: 4_000 }] })).json.data
    await api.post(`/api/perintah-kerja/${c.id}/posting`)
    const mine = (await api.get(`/api/perintah-kerja?kendaraan_id=${v}&page=1&per_page=10`)).json
    expect(mine.data.map((r: Json) => r.kode_perintah_kerja)).toEqual([b.kode_perintah_kerja, a.kode_perintah_kerja])
    expect(mine.meta).toEqual({ total: 2, page: 1, per_page: 10, posting: 0, total_suku_cadang: 0, total_jasa: 3_000, grand_total: 3_000 })
    expect(mine.data[0]).not.toHaveProperty('parts')
    const period = (await api.get(`/api/perintah-kerja?tanggal_awal=${day(-2)}&tanggal_akhir=${day(-1)}&page=1`)).json
    expect(period.data.map((r: Json) => r.id)).toEqual(expect.arrayContaining([b.id, c.id]))
    expect(period.data.map((r: Json) => r.id)).not.toContain(a.id)
    const posted = (await api.get(`/api/perintah-kerja?status=posting&q=${encodeURIComponent(c.kendaraan.no_kabin.toLowerCase())}`)).json
    expect(posted.data.map((r: Json) => r.id)).toEqual([c.id])
    expect(posted.meta.posting).toBe(1)
    const byPol = (await api.get(`/api/perintah-kerja?q=${encodeURIComponent(a.kendaraan.no_pol)}`)).json
    expect(byPol.data.map((r: Json) => r.id)).toEqual([b.id, a.id])
    expect((await api.get(`/api/perintah-kerja?q=${a.kode_perintah_kerja}`)).json.data.map((r: Json) => r.id)).toEqual([a.id])
    const one = await api.get(`/api/perintah-kerja?tanggal_awal=${day(-2)}`)
    expect(one.status).toBe(422)
    expect(one.json.errors).toEqual({ tanggal_akhir: ['Silakan pilih Tanggal Awal dan Tanggal Akhir'] })
    expect((await api.get('/api/perintah-kerja?status=x')).json.errors).toEqual({ status: ['Status harus posting atau unpost.'] })
    expect((await api.get('/api/perintah-kerja?kendaraan_id=abc')).json.errors).toEqual({ kendaraan_id: ['Kendaraan tidak valid.'] })
  })
})

describe('Perintah Kerja: the due list', () => {
  it('a work order’s service line resets the item’s due: the vehicle leaves GET /api/servis-jatuh-tempo?status=lewat', async () => {
    const api = await makeApi()
    await api.login()
    const v = await vehicle(api, 30_000)
    const oli = await item(api, 'Ganti Oli Due', 5_000, null)
    // An opening entry 10.000 km ago: overdue.
    await api.db.q
      .insertInto('servis_awal')
      .values({ kendaraan_id: v, item_servis_id: oli, tanggal: day(-100), km: 20_000 })
      .execute()
    const plan = await api.put(`/api/jadwal-servis/kendaraan/${v}`, {
      json: { items: [{ item_servis_id: oli, aktif: '1', interval_km: 5_000 }] },
    })
    expect(plan.status, JSON.stringify(plan.json)).toBe(200)
    const due = async () =>
      ((await api.get(`/api/servis-jatuh-tempo?status=lewat&item_servis_id=${oli}&per_page=2000`)).json.data as Json[]).filter(
        (r) => r.kendaraan_id === v,
      )
    expect((await due()).map((r) => [r.servis_terakhir_km, r.lewat])).toEqual([[20_000, true]])
    const created = await create(api, { kendaraan_id: v, km: 30_100, servis: [oli] })
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    expect(await due()).toEqual([])
    const all = ((await api.get(`/api/servis-jatuh-tempo?item_servis_id=${oli}&per_page=2000`)).json.data as Json[]).find(
      (r) => r.kendaraan_id === v,
    )
    expect(all).toMatchObject({ servis_terakhir_tanggal: today(), servis_terakhir_km: 30_100, jatuh_tempo_km: 35_100, lewat: false })
    const ofVehicle = (await api.get(`/api/jadwal-servis/kendaraan/${v}`)).json.data
    expect(JSON.stringify(ofVehicle)).toContain('"sumber":"perintah_kerja"')
    // Deleted, the opening entry counts again.
    expect((await api.del(`/api/perintah-kerja/${created.json.data.id}`)).status).toBe(200)
    expect((await due()).map((r) => r.servis_terakhir_km)).toEqual([20_000])
  })
})

describe('Perintah Kerja: the demo seed', () => {
  it('six work orders on vehicles with a plan, the older half posted, each with its reading, service and labour lines', async () => {
    const api = await makeApi()
    await api.login()
    const list = (await api.get('/api/perintah-kerja?page=1&per_page=50')).json
    expect(list.meta.total).toBe(6)
    expect(list.meta.posting).toBe(3)
    for (const row of list.data as Json[]) {
      const d = (await api.get(`/api/perintah-kerja/${row.id}`)).json.data
      expect(d.servis.map((s: Json) => s.nama)).toEqual(expect.arrayContaining(['Ganti Oli Mesin', 'Filter Oli']))
      expect(d.jasa.length).toBeGreaterThan(0)
      expect(d.mekanik).not.toBeNull()
      const reading = await api.db.q.selectFrom('km_kendaraan').select(['tanggal', 'km']).where('perintah_kerja_id', '=', d.id).execute()
      expect(reading.map((r) => [r.tanggal, Number(r.km)])).toEqual([[d.tanggal_awal, d.km]])
    }
  })
})

describe('Perintah Kerja: grants and the extension switch', () => {
  it('Select reads the list; each write needs its permission; the vehicle’s detail reads its work orders; the inquiry posts', async () => {
    const api = await makeApi()
    await api.login()
    const v = await vehicle(api)
    const created = await create(api, { kendaraan_id: v, km: 10_000, jasa: [{ uraian: 'Cek', biaya: 1 }] })
    const id = created.json.data.id
    const tanpa = await userWithGrants(api, 'tanpapk')
    for (const [method, path] of [
      ['GET', '/api/perintah-kerja'],
      ['GET', `/api/perintah-kerja/${id}`],
      ['POST', '/api/perintah-kerja'],
      ['PUT', `/api/perintah-kerja/${id}`],
      ['DELETE', `/api/perintah-kerja/${id}`],
      ['POST', `/api/perintah-kerja/${id}/posting`],
    ] as const) {
      const res = await api.request(method, path, { token: tanpa.token, json: method === 'POST' || method === 'PUT' ? {} : undefined })
      expect(res.status, path).toBe(403)
      expect(res.json).toEqual({ message: NO_MENU_ACCESS })
    }
    const reader = await userWithGrants(api, 'bacapk', { '/admin/perintah-kerja': [] })
    expect((await api.get('/api/perintah-kerja', { token: reader.token })).status).toBe(200)
    for (const path of ['/api/kendaraan', '/api/karyawan', '/api/item-servis']) {
      expect((await api.get(path, { token: reader.token })).status, path).toBe(200)
    }
    for (const [method, path] of [
      ['GET', `/api/perintah-kerja/${id}`],
      ['POST', '/api/perintah-kerja'],
      ['PUT', `/api/perintah-kerja/${id}`],
      ['DELETE', `/api/perintah-kerja/${id}`],
      ['POST', `/api/perintah-kerja/${id}/posting`],
    ] as const) {
      const res = await api.request(method, path, { token: reader.token, json: method === 'POST' || method === 'PUT' ? {} : undefined })
      expect(res.status, path).toBe(403)
      expect(res.json).toEqual({ message: NO_PERMISSION })
    }
    const clerk = await userWithGrants(api, 'jurupk', { '/admin/perintah-kerja': ['create', 'show'] })
    expect((await create(api, { kendaraan_id: v, km: 10_000, jasa: [{ uraian: 'x', biaya: 1 }] }, clerk.token)).status).toBe(201)
    expect((await api.get(`/api/perintah-kerja/${id}`, { token: clerk.token })).status).toBe(200)
    const kendaraan = await userWithGrants(api, 'kendaraanpk', { '/admin/kendaraan': [] })
    expect((await api.get(`/api/perintah-kerja?kendaraan_id=${v}`, { token: kendaraan.token })).json.meta.total).toBe(2)
    const finance = await userWithGrants(api, 'financepk', { '/admin/inquery-perintah-kerja': ['posting_all'] })
    expect((await api.get('/api/perintah-kerja', { token: finance.token })).status).toBe(200)
    expect((await api.post(`/api/perintah-kerja/${id}/posting`, { token: finance.token })).status).toBe(200)
    expect((await api.post(`/api/perintah-kerja/${id}/unpost`, { token: finance.token })).status).toBe(403)
    // The inquiry's Edit and Hapus dialogs: Update and Delete on Inquery Perintah Kerja.
    await api.post(`/api/perintah-kerja/${id}/unpost`)
    const inquiry = await userWithGrants(api, 'inquirypk', { '/admin/inquery-perintah-kerja': ['update', 'delete'] })
    const edited = await api.put(`/api/perintah-kerja/${id}`, {
      json: { kendaraan_id: v, km: 10_000, jasa: [{ uraian: 'Cek ulang', biaya: 2 }] },
      token: inquiry.token,
    })
    expect(edited.status).toBe(200)
    expect((await api.get(`/api/perintah-kerja/${id}`, { token: inquiry.token })).status).toBe(200)
    expect((await api.get('/api/item-servis', { token: inquiry.token })).status).toBe(200)
    expect((await api.del(`/api/perintah-kerja/${id}`, { token: inquiry.token })).status).toBe(200)
  })

  it('GET /api/fitur lists perintah-kerja; without the extension its calls are 404', async () => {
    const api = await makeApi()
    const token = await api.login()
    expect((await api.get('/api/fitur')).json.data).toContain('perintah-kerja')
    const off = await createApi({
      db: api.db,
      uploadsDir: api.uploadsDir,
      extensions: new Set(EXTENSIONS.filter((e) => e !== 'perintah-kerja')),
    })
    const ask = (path: string) => off.request(path, { headers: { Authorization: `Bearer ${token}` } })
    expect(((await (await ask('/api/fitur')).json()) as Json).data).not.toContain('perintah-kerja')
    expect((await ask('/api/perintah-kerja')).status).toBe(404)
  })
})
