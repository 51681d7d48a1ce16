import { beforeEach, describe, expect, it } from 'vitest'
import { NO_MENU_ACCESS, NO_PERMISSION } from '../../api/grants.ts'
import { today } from '../../api/http.ts'
import { readingDate, readingKm } from '../../api/routes/impor.ts'
import { insertVehicle, type Api } from './fixtures-transaksi.ts'
import { makeApi, userWithGrants, type Json } from './harness.ts'

/**
 * Km Kendaraan's import of a GPS provider's export (POST /api/impor/km-kendaraan; docs/upstream-contract.md
 * "Extensions: import from Excel"): one row a reading (No Pol or No Kabin, Tanggal, Km), many rows a
 * vehicle, checked by the order rule of typed readings against the stored ones and the file's other
 * days; saved as readings with sumber 'impor', the vehicle's km following its latest.
 */

const day = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
const dmy = (d: string) => d.split('-').reverse().join('/')

let unique = 0
/** A vehicle of its own: its No Kabin and No Pol unique to this run. */
async function vehicle(api: Api, km = 1000) {
  const t = `${++unique}${Date.now().toString(36).slice(-5)}`.toUpperCase()
  const id = await insertVehicle(api.db, null, km, `GPS-${t}`)
  const no_pol = `B ${t} GP`
  await api.db.q.updateTable('kendaraan').set({ no_pol }).where('id', '=', id).execute()
  return { id, no_kabin: `GPS-${t}`, no_pol }
}

async function stored(api: Api, v: number) {
  const readings = await api.db.q
    .selectFrom('km_kendaraan')
    .select(['tanggal', 'km', 'sumber', 'user_id'])
    .where('kendaraan_id', '=', v)
    .orderBy('tanggal')
    .orderBy('id')
    .execute()
  const { km } = await api.db.q.selectFrom('kendaraan').select('km').where('id', '=', v).executeTakeFirstOrThrow()
  return {
    readings: readings.map((r) => [r.tanggal, Number(r.km), r.sumber] as const),
    km: Number(km),
    users: readings.map((r) => r.user_id),
  }
}

async function seedReadings(api: Api, v: number, readings: [string, number][]) {
  for (const [tanggal, km] of readings) {
    await api.db.q.insertInto('km_kendaraan').values({ kendaraan_id: v, tanggal, km, sumber: 'input' }).execute()
  }
}

const stage = (api: Api, rows: Record<string, unknown>[], token?: string) =>
  api.post('/api/impor/km-kendaraan', { json: { nama_file: 'gps.csv', rows: rows.map((r, i) => ({ baris: i + 2, ...r })) }, token })
const simpan = (api: Api, id: number, token?: string) => api.post(`/api/impor/km-kendaraan/${id}/simpan`, { json: {}, token })

describe('Km Kendaraan: import of a GPS export', () => {
  let api: Api
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
  })

  it('a good export with several rows a vehicle (any order, plates written loosely, date-times, thousands) is staged then saved as readings with sumber impor; the km follows the latest', async () => {
    const a = await vehicle(api, 10_000)
    const b = await vehicle(api, 500)
    await seedReadings(api, a.id, [[day(-10), 11_000]])
    const staged = await stage(api, [
      { no_pol: a.no_pol.toLowerCase().replace(/ /g, ''), tanggal: `${day(-2)} 17:45:00`, km: '12.500' },
      { no_pol: a.no_pol, tanggal: dmy(day(-4)), km: '12,000.7' },
      { no_kabin: b.no_kabin, tanggal: day(-3), km: 600 },
      { no_kabin: ` ${b.no_kabin.toLowerCase()} `, no_pol: b.no_pol, tanggal: `${dmy(day(-1))} 08:00`, km: 700 },
      // Two of one vehicle and day: the highest km counts, the other is skipped (not refused).
      { no_pol: a.no_pol, tanggal: `${day(-2)} 08:10:00`, km: 12_100 },
    ])
    expect(staged.status, JSON.stringify(staged.json)).toBe(201)
    expect(staged.json.data).toMatchObject({ jenis: 'km-kendaraan', total: 5, siap: 4, dilewati: 1, ditolak: [], disimpan: false })
    // Nothing saved before 'Simpan semua'.
    expect((await stored(api, a.id)).readings).toHaveLength(1)

    const saved = await simpan(api, staged.json.data.id)
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    expect(saved.json.message).toBe('4 data berhasil diimpor.')
    expect(saved.json.data.disimpan).toBe(true)
    const sa = await stored(api, a.id)
    expect(sa.readings).toEqual([
      [day(-10), 11_000, 'input'],
      [day(-4), 12_000, 'impor'],
      [day(-2), 12_500, 'impor'],
    ])
    expect(sa.km).toBe(12_500)
    const sb = await stored(api, b.id)
    expect(sb.readings).toEqual([
      [day(-3), 600, 'impor'],
      [day(-1), 700, 'impor'],
    ])
    expect(sb.km).toBe(700)
    const admin = await api.db.q.selectFrom('users').select('id').where('kode_user', '=', 'admin').executeTakeFirstOrThrow()
    expect(sb.users).toEqual([admin.id, admin.id])
    // Through the calls: the vehicle's readings, newest first.
    expect((await api.get(`/api/kendaraan/${a.id}/km`)).json.data.map((r: Json) => [r.km, r.sumber])).toEqual([
      [12_500, 'impor'],
      [12_000, 'impor'],
      [11_000, 'input'],
    ])

    // The same export again: every reading already stored is skipped, nothing to save.
    const again = await stage(api, [
      { no_pol: a.no_pol, tanggal: day(-2), km: 12_500 },
      { no_kabin: b.no_kabin, tanggal: day(-1), km: 700 },
    ])
    expect(again.json.data).toMatchObject({ total: 2, siap: 0, dilewati: 2, ditolak: [] })
  })

  it('refuses by row and column: unknown plate or cabin, none, two vehicles, bad or empty or future date, bad or empty km; nothing saved', async () => {
    const a = await vehicle(api, 100)
    const b = await vehicle(api, 100)
    const staged = await stage(api, [
      { no_pol: 'Z 9999 ZZZ', tanggal: day(-1), km: 200 },
      { no_kabin: 'TIDAK-ADA', tanggal: day(-1), km: 200 },
      { tanggal: day(-1), km: 200 },
      { no_kabin: a.no_kabin, no_pol: b.no_pol, tanggal: day(-1), km: 200 },
      { no_pol: a.no_pol, tanggal: '31/02/2026', km: 200 },
      { no_pol: a.no_pol, tanggal: '', km: 200 },
      { no_pol: a.no_pol, tanggal: `${day(1)} 07:00:00`, km: 200 },
      { no_pol: a.no_pol, tanggal: day(-1), km: 'abc' },
      { no_pol: a.no_pol, tanggal: day(-1), km: -5 },
      { no_pol: a.no_pol, tanggal: day(-1), km: '' },
      { no_pol: a.no_pol, tanggal: day(-1), km: 20_000_000 },
      { no_pol: b.no_pol, tanggal: day(-1), km: 300 },
    ])
    expect(staged.status).toBe(201)
    expect(staged.json.data).toMatchObject({ total: 12, siap: 1, dilewati: 0 })
    expect(staged.json.data.ditolak).toEqual([
      { baris: 2, kolom: 'No Pol', pesan: 'Kendaraan dengan No Pol "Z 9999 ZZZ" tidak dikenal.' },
      { baris: 3, kolom: 'No Kabin', pesan: 'Kendaraan dengan No Kabin "TIDAK-ADA" tidak dikenal.' },
      { baris: 4, kolom: 'No Pol', pesan: 'No Pol atau No Kabin wajib diisi.' },
      { baris: 5, kolom: 'No Kabin', pesan: `No Kabin ${a.no_kabin} dan No Pol ${b.no_pol} bukan kendaraan yang sama.` },
      { baris: 6, kolom: 'Tanggal', pesan: 'Tanggal tidak valid (isi: 31/02/2026); tulis dd/mm/yyyy atau yyyy-mm-dd.' },
      { baris: 7, kolom: 'Tanggal', pesan: 'Tanggal wajib diisi.' },
      { baris: 8, kolom: 'Tanggal', pesan: `Tanggal tidak boleh setelah hari ini (isi: ${dmy(day(1))}).` },
      { baris: 9, kolom: 'Km', pesan: 'Km harus berupa bilangan bulat 0 atau lebih (isi: abc).' },
      { baris: 10, kolom: 'Km', pesan: 'Km harus antara 0 dan 10.000.000 (isi: -5).' },
      { baris: 11, kolom: 'Km', pesan: 'Km tidak boleh kosong.' },
      { baris: 12, kolom: 'Km', pesan: 'Km harus antara 0 dan 10.000.000 (isi: 20000000).' },
    ])
    const refused = await simpan(api, staged.json.data.id)
    expect(refused.status).toBe(422)
    expect((await stored(api, b.id)).readings).toEqual([])
    // The refused rows as sent, with their reasons ('Unduh baris ditolak').
    const rows = (await api.get(`/api/impor/km-kendaraan/${staged.json.data.id}/ditolak`)).json.data
    expect(rows).toHaveLength(11)
    expect(rows[0]).toEqual({
      baris: 2,
      cells: { no_pol: 'Z 9999 ZZZ', tanggal: day(-1), km: 200 },
      alasan: ['No Pol: Kendaraan dengan No Pol "Z 9999 ZZZ" tidak dikenal.'],
    })
  })

  it('the order rule: against the stored readings (before and after) and the file’s other days of the vehicle, with both figures', async () => {
    const a = await vehicle(api, 1000)
    const b = await vehicle(api, 1000)
    const c = await vehicle(api, 50_000)
    await seedReadings(api, a.id, [
      [day(-20), 15_000],
      [day(-5), 80_000],
    ])
    const staged = await stage(api, [
      // Below the stored reading before it; above the stored one after it.
      { no_pol: a.no_pol, tanggal: day(-10), km: 12_000 },
      { no_pol: a.no_pol, tanggal: day(-8), km: '90.000' },
      // In the file: day -3 then day -6 written first; day -2 below day -3's km.
      { no_kabin: b.no_kabin, tanggal: day(-3), km: 5_000 },
      { no_kabin: b.no_kabin, tanggal: day(-6), km: 4_000 },
      { no_kabin: b.no_kabin, tanggal: day(-2), km: 4_500 },
      // The newest may not take the vehicle's Km Akhir down.
      { no_kabin: c.no_kabin, tanggal: day(-1), km: 49_000 },
    ])
    expect(staged.json.data).toMatchObject({ total: 6, siap: 2 })
    expect(staged.json.data.ditolak).toEqual([
      { baris: 2, kolom: 'Km', pesan: `Km 12.000 lebih kecil dari km sebelumnya: 15.000 pada ${dmy(day(-20))}.` },
      { baris: 3, kolom: 'Km', pesan: `Km 90.000 lebih besar dari km sesudahnya: 80.000 pada ${dmy(day(-5))}.` },
      { baris: 6, kolom: 'Km', pesan: `Km 4.500 lebih kecil dari km sebelumnya: 5.000 pada ${dmy(day(-3))} (baris 4).` },
      {
        baris: 7,
        kolom: 'Km',
        pesan: 'Km 49.000 lebih kecil dari Km Akhir kendaraan: 50.000. Gunakan Koreksi bila odometer diganti.',
      },
    ])
    // The good rows of vehicle b alone pass, in date order whatever their order in the file.
    const ok = await stage(api, [
      { no_kabin: b.no_kabin, tanggal: day(-3), km: 5_000 },
      { no_kabin: b.no_kabin, tanggal: day(-6), km: 4_000 },
      { no_kabin: b.no_kabin, tanggal: day(-2), km: 5_500 },
    ])
    expect(ok.json.data).toMatchObject({ siap: 3, ditolak: [] })
    // A reading typed meanwhile makes the batch's row out of order: 'Simpan semua' checks again, nothing saved.
    const typed = await api.post('/api/km-kendaraan', { json: { tanggal: day(-4), bacaan: [{ kendaraan_id: b.id, km: 6_000 }] } })
    expect(typed.status).toBe(201)
    const late = await simpan(api, ok.json.data.id)
    expect(late.status).toBe(422)
    expect(Object.values(late.json.errors).flat()).toEqual([
      `Km: Km 5.000 lebih kecil dari km sebelumnya: 6.000 pada ${dmy(day(-4))}.`,
      `Km: Km 5.500 lebih kecil dari km sebelumnya: 6.000 pada ${dmy(day(-4))}.`,
    ])
    expect((await stored(api, b.id)).readings).toEqual([[day(-4), 6_000, 'input']])
  })

  it('Create on Km Kendaraan is the grant: none → 403 menu, Select alone → 403 permission; a clerk with Create imports', async () => {
    const a = await vehicle(api, 0)
    const rows = [{ no_pol: a.no_pol, tanggal: day(-1), km: 10 }]
    const tanpa = await userWithGrants(api, `tanpagps${unique}`)
    const none = await stage(api, rows, tanpa.token)
    expect(none.status).toBe(403)
    expect(none.json).toEqual({ message: NO_MENU_ACCESS })
    const reader = await userWithGrants(api, `bacagps${unique}`, { '/admin/km-kendaraan': [] })
    const select = await stage(api, rows, reader.token)
    expect(select.status).toBe(403)
    expect(select.json).toEqual({ message: NO_PERMISSION })
    const kendaraan = await userWithGrants(api, `kendgps${unique}`, { '/admin/kendaraan': ['create'] })
    expect((await stage(api, rows, kendaraan.token)).status).toBe(403)
    const clerk = await userWithGrants(api, `jurugps${unique}`, { '/admin/km-kendaraan': ['create'] })
    const staged = await stage(api, rows, clerk.token)
    expect(staged.status).toBe(201)
    // Another user's batch is not theirs to read or save.
    expect((await api.get(`/api/impor/km-kendaraan/${staged.json.data.id}`)).status).toBe(404)
    expect((await simpan(api, staged.json.data.id, clerk.token)).status).toBe(200)
    expect(await stored(api, a.id)).toMatchObject({ readings: [[day(-1), 10, 'impor']], km: 10, users: [clerk.id] })
  })
})

describe('Km Kendaraan: a GPS export of 10,000 rows', () => {
  it('20 vehicles × 500 days, shuffled: checked and saved in one go, each vehicle’s km its last day’s', async () => {
    const api = await makeApi()
    await api.login()
    const list = []
    for (let i = 0; i < 20; i++) list.push(await vehicle(api, 0))
    const rows: Record<string, unknown>[] = []
    for (const [v, k] of list.entries()) {
      for (let d = 0; d < 500; d++) rows.push({ no_pol: k.no_pol, tanggal: day(d - 500), km: 1_000 * v + 100 * d })
    }
    // A GPS export need not be sorted: the rows of a vehicle are taken by date.
    rows.reverse()
    const staged = await stage(api, rows)
    expect(staged.status).toBe(201)
    expect(staged.json.data).toMatchObject({ total: 10_000, siap: 10_000, dilewati: 0, ditolak: [] })
    const saved = await simpan(api, staged.json.data.id)
    expect(saved.status, JSON.stringify(saved.json).slice(0, 300)).toBe(200)
    const last = await stored(api, list[19]!.id)
    expect(last.readings).toHaveLength(500)
    expect(last.km).toBe(19_000 + 100 * 499)
    expect(last.readings.at(-1)).toEqual([day(-1), 19_000 + 100 * 499, 'impor'])
  })
})

describe('Km Kendaraan import: the cells of a GPS export', () => {
  it('dates: Excel days (a moment: its day), YYYY-MM-DD, DD/MM/YYYY, each with a time; nonsense null', () => {
    expect(readingDate(46346)).toBe('2026-11-20')
    expect(readingDate(46346.74)).toBe('2026-11-20')
    expect(readingDate('2026-11-20')).toBe('2026-11-20')
    expect(readingDate('2026-11-20 17:45:00')).toBe('2026-11-20')
    expect(readingDate('2026-11-20T17:45:00+07:00')).toBe('2026-11-20')
    expect(readingDate('20/11/2026')).toBe('2026-11-20')
    expect(readingDate('20/11/2026 17:45')).toBe('2026-11-20')
    expect(readingDate('20-11-2026 17.45 WIB')).toBe('2026-11-20')
    expect(readingDate('2026-11-20 kemarin')).toBeNull()
    expect(readingDate('11/20/2026')).toBeNull()
  })
  it('km: thousands as the api reads them; a fraction rounded down; not a number or out of bounds refused', () => {
    expect(readingKm('123.456')).toEqual({ km: 123_456 })
    expect(readingKm('123,456')).toEqual({ km: 123_456 })
    expect(readingKm('123,456.7')).toEqual({ km: 123_456 })
    expect(readingKm('123.456,9')).toEqual({ km: 123_456 })
    expect(readingKm(1234.99)).toEqual({ km: 1234 })
    expect(readingKm('12 km')).toEqual({ pesan: 'Km harus berupa bilangan bulat 0 atau lebih (isi: 12 km).' })
  })
})
