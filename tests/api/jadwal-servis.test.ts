import { beforeEach, describe, expect, it } from 'vitest'
import { nextCode } from '../../api/codes.ts'
import { NO_MENU_ACCESS, NO_PERMISSION } from '../../api/grants.ts'
import { today } from '../../api/http.ts'
import { ITEM_SERVIS_DEMO } from '../../api/seed/jadwal-servis.ts'
import { insertVehicle, type Api } from './fixtures-transaksi.ts'
import { makeApi, userWithGrants, type Json } from './harness.ts'

/**
 * Jadwal Servis (the extension 'jadwal-servis'; docs/upstream-contract.md "Extensions: service
 * plans"): the item master, the vehicle types' plans, a vehicle's effective plan (its type's merged
 * with its overrides) and opening entries, and the due list computed from them.
 */

const day = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

let unique = 0
/** A prefix of this test's own (names, No Kabin). */
const tag = () => `SV${++unique}${Date.now().toString(36).toUpperCase()}`

async function jenis(api: Api, nama: string) {
  const { id } = await api.db.q
    .insertInto('jenis_kendaraan')
    .values({ kode_jenis_kendaraan: await nextCode(api.db, 'jenis_kendaraan'), nama_jenis_kendaraan: nama })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

async function item(api: Api, nama: string, interval_km: number | null, interval_hari: number | null) {
  const res = await api.post('/api/item-servis', { json: { nama, interval_km, interval_hari } })
  expect(res.status, JSON.stringify(res.json)).toBe(201)
  return res.json.data.id as number
}

async function readings(api: Api, v: number, list: [string, number][]) {
  for (const [tanggal, km] of list) {
    await api.db.q.insertInto('km_kendaraan').values({ kendaraan_id: v, tanggal, km, sumber: 'input' }).execute()
  }
}

const planJenis = (api: Api, id: number, items: unknown, token?: string) =>
  api.put(`/api/jadwal-servis/jenis/${id}`, { json: { items }, token })
const planKendaraan = (api: Api, id: number, items: unknown, token?: string) =>
  api.put(`/api/jadwal-servis/kendaraan/${id}`, { json: { items }, token })

describe('Item Servis: the master', () => {
  let api: Api
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
  })

  it('adds, reads, edits and deletes an item; codes IS + 6 digits; the list by name without case', async () => {
    const t = tag()
    const added = await api.post('/api/item-servis', {
      json: { nama: ` ${t} ganti aki `, interval_km: '', interval_hari: '365', suku_cadang: 'Aki 12V 100Ah' },
    })
    expect(added.status).toBe(201)
    expect(added.json.message).toBe('Item Servis berhasil ditambahkan.')
    const data = added.json.data
    expect(data).toEqual({
      id: expect.any(Number),
      kode_item_servis: expect.stringMatching(/^IS\d{6}$/),
      nama: `${t} ganti aki`,
      interval_km: null,
      interval_hari: 365,
      suku_cadang: 'Aki 12V 100Ah',
    })
    expect((await api.get(`/api/item-servis/${data.id}`)).json).toEqual({ data })
    const edited = await api.put(`/api/item-servis/${data.id}`, {
      json: { nama: `${t} Ganti Aki`, interval_km: 50_000, interval_hari: '', suku_cadang: '' },
    })
    expect(edited.status).toBe(200)
    expect(edited.json).toEqual({
      message: 'Item Servis berhasil diperbarui.',
      data: { ...data, nama: `${t} Ganti Aki`, interval_km: 50_000, interval_hari: null, suku_cadang: null },
    })
    const list = (await api.get('/api/item-servis')).json.data as Json[]
    const names = list.map((i) => i.nama as string)
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    expect(names).toEqual(expect.arrayContaining([...ITEM_SERVIS_DEMO.map((i) => i.nama), `${t} Ganti Aki`]))
    const deleted = await api.del(`/api/item-servis/${data.id}`)
    expect(deleted.json).toEqual({ message: 'Item Servis berhasil dihapus.' })
    const gone = await api.get(`/api/item-servis/${data.id}`)
    expect(gone.status).toBe(404)
    expect(gone.json).toEqual({ message: 'Item Servis tidak ditemukan.' })
    expect((await api.put(`/api/item-servis/${data.id}`, { json: { nama: 'x', interval_km: 1 } })).status).toBe(404)
    expect((await api.del(`/api/item-servis/${data.id}`)).status).toBe(404)
  })

  it('refuses with each message of the rules', async () => {
    const t = tag()
    await item(api, `${t} Oli`, 5000, null)
    const refusal = async (body: Record<string, unknown>) => {
      const res = await api.post('/api/item-servis', { json: body })
      expect(res.status).toBe(422)
      return res.json.errors
    }
    expect(await refusal({ nama: '  ', interval_km: 1 })).toEqual({ nama: ['Nama Item Servis tidak boleh kosong!'] })
    expect(await refusal({ nama: 'x'.repeat(101), interval_km: 1 })).toEqual({ nama: ['Nama Item Servis maksimal 100 karakter.'] })
    expect(await refusal({ nama: `${t} OLI`, interval_km: 1 })).toEqual({ nama: ['Nama Item Servis sudah ada.'] })
    expect(await refusal({ nama: `${t} a`, interval_km: '', interval_hari: null })).toEqual({
      interval_km: ['Isi Interval Km atau Interval Hari.'],
    })
    for (const bad of [0, '0', 'abc', 1.5, 1_000_001, -5]) {
      expect(await refusal({ nama: `${t} b`, interval_km: bad }), String(bad)).toEqual({
        interval_km: ['Interval Km harus bilangan bulat 1 sampai 1.000.000.'],
      })
    }
    for (const bad of [0, 3651, 'x']) {
      expect(await refusal({ nama: `${t} c`, interval_hari: bad }), String(bad)).toEqual({
        interval_hari: ['Interval Hari harus bilangan bulat 1 sampai 3.650.'],
      })
    }
    expect(await refusal({ nama: `${t} d`, interval_km: 1, suku_cadang: 'x'.repeat(256) })).toEqual({
      suku_cadang: ['Suku Cadang maksimal 255 karakter.'],
    })
    // Its own name is no duplicate on edit; another's is.
    const other = await item(api, `${t} Rem`, 30_000, null)
    expect(
      (await api.put(`/api/item-servis/${other}`, { json: { nama: `${t} rem`, interval_km: 1_000_000, interval_hari: 3650 } })).status,
    ).toBe(200)
    const dup = await api.put(`/api/item-servis/${other}`, { json: { nama: `${t} oli`, interval_km: 1 } })
    expect(dup.json.errors).toEqual({ nama: ['Nama Item Servis sudah ada.'] })
  })

  it('refuses to delete an item a plan, an override or an opening entry uses, naming how many (409)', async () => {
    const t = tag()
    const id = await item(api, `${t} Oli`, 10_000, null)
    const j = await jenis(api, `${t} Truk`)
    expect((await planJenis(api, j, [{ item_servis_id: id, interval_km: 10_000 }])).status).toBe(200)
    const v = await insertVehicle(api.db, null, 20_000, `${t}-A`)
    const saved = await planKendaraan(api, v, [
      { item_servis_id: id, aktif: true, interval_km: 8_000, servis_tanggal: day(-1), servis_km: 15_000 },
    ])
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    const refused = await api.del(`/api/item-servis/${id}`)
    expect(refused.status).toBe(409)
    expect(refused.json).toEqual({ message: 'Item Servis dipakai di 3 jadwal servis.' })
    expect((await planJenis(api, j, [])).status).toBe(200)
    expect((await api.del(`/api/item-servis/${id}`)).json).toEqual({ message: 'Item Servis dipakai di 2 jadwal servis.' })
  })
})

describe('Jadwal Servis: the plans of the vehicle types', () => {
  let api: Api
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
  })

  it('lists every type with its counts; a type’s plan has every item, aktif when planned; PUT replaces it whole', async () => {
    const t = tag()
    const j = await jenis(api, `${t} Dump Truck`)
    const empty = await jenis(api, `${t} Tanpa Jadwal`)
    await insertVehicle(api.db, j, 1000, `${t}-A`)
    const oli = await item(api, `${t} Oli`, 10_000, 180)
    const rem = await item(api, `${t} Rem`, 30_000, null)
    const list = (await api.get('/api/jadwal-servis')).json.data as Json[]
    const names = list.map((r) => r.nama_jenis_kendaraan as string)
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    expect(list.find((r) => r.jenis_kendaraan_id === j)).toEqual({
      jenis_kendaraan_id: j,
      nama_jenis_kendaraan: `${t} Dump Truck`,
      jumlah_item: 0,
      jumlah_kendaraan: 1,
    })
    // The demo's types each have the eight demo items.
    expect(list.filter((r) => r.jumlah_item === ITEM_SERVIS_DEMO.length).length).toBeGreaterThan(0)

    const saved = await planJenis(api, j, [
      { item_servis_id: oli, interval_km: '7.500', interval_hari: 90 },
      { item_servis_id: String(rem), interval_km: 30_000, interval_hari: '' },
    ])
    expect(saved.status).toBe(200)
    expect(saved.json.message).toBe(`Jadwal servis ${t} Dump Truck berhasil disimpan.`)
    const read = await api.get(`/api/jadwal-servis/jenis/${j}`)
    expect(read.json).toEqual({ data: saved.json.data })
    const data = read.json.data
    expect(data.jenis_kendaraan).toEqual({ id: j, nama_jenis_kendaraan: `${t} Dump Truck` })
    const total = (await api.get('/api/item-servis')).json.data.length
    expect(data.items).toHaveLength(total)
    const mine = data.items.filter((i: Json) => i.nama.startsWith(t))
    expect(mine).toEqual([
      {
        item_servis_id: oli,
        kode_item_servis: expect.stringMatching(/^IS\d{6}$/),
        nama: `${t} Oli`,
        aktif: true,
        interval_km: 7_500,
        interval_hari: 90,
        default_interval_km: 10_000,
        default_interval_hari: 180,
      },
      {
        item_servis_id: rem,
        kode_item_servis: expect.stringMatching(/^IS\d{6}$/),
        nama: `${t} Rem`,
        aktif: true,
        interval_km: 30_000,
        interval_hari: null,
        default_interval_km: 30_000,
        default_interval_hari: null,
      },
    ])
    expect(data.items.filter((i: Json) => i.aktif).length).toBe(2)
    const counts = (await api.get('/api/jadwal-servis')).json.data.find((r: Json) => r.jenis_kendaraan_id === j)
    expect([counts.jumlah_item, counts.jumlah_kendaraan]).toEqual([2, 1])
    expect((await api.get('/api/jadwal-servis')).json.data.find((r: Json) => r.jenis_kendaraan_id === empty).jumlah_item).toBe(0)

    // Replaced whole: only Rem now, with the item's own intervals shown for Oli again.
    const replaced = await planJenis(api, j, [{ item_servis_id: rem, interval_km: 25_000 }])
    const after = replaced.json.data.items.filter((i: Json) => i.nama.startsWith(t))
    expect(after.map((i: Json) => [i.nama, i.aktif, i.interval_km, i.interval_hari])).toEqual([
      [`${t} Oli`, false, 10_000, 180],
      [`${t} Rem`, true, 25_000, null],
    ])
    // A form post: items[0][…] nested by readBody.
    const form = await api.put(`/api/jadwal-servis/jenis/${j}`, {
      raw: {
        type: 'application/x-www-form-urlencoded',
        body: `items[0][item_servis_id]=${oli}&items[0][interval_km]=10000&items[0][interval_hari]=`,
      },
    })
    expect(form.status, JSON.stringify(form.json)).toBe(200)
    expect(form.json.data.items.filter((i: Json) => i.aktif).map((i: Json) => [i.item_servis_id, i.interval_km, i.interval_hari])).toEqual([
      [oli, 10_000, null],
    ])
    // An empty list empties the plan.
    expect((await planJenis(api, j, [])).json.data.items.filter((i: Json) => i.aktif)).toEqual([])
    const none = await api.get('/api/jadwal-servis/jenis/999999')
    expect(none.status).toBe(404)
    expect(none.json).toEqual({ message: 'Jenis Kendaraan tidak ditemukan.' })
    expect((await planJenis(api, 999999, [])).status).toBe(404)
  })

  it('refuses a plan’s lines with keys items.<i>.<field>; nothing is stored', async () => {
    const t = tag()
    const j = await jenis(api, `${t} Truk`)
    const oli = await item(api, `${t} Oli`, 10_000, 180)
    await planJenis(api, j, [{ item_servis_id: oli, interval_km: 10_000 }])
    const res = await planJenis(api, j, [
      { item_servis_id: 999_999, interval_km: 1 },
      { item_servis_id: oli, interval_km: 5_000 },
      { item_servis_id: oli, interval_km: 5_000 },
      { item_servis_id: '', interval_km: '', interval_hari: '' },
      { item_servis_id: oli, interval_km: 0, interval_hari: 4000 },
    ])
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual({
      'items.0.item_servis_id': ['Item Servis tidak ditemukan.'],
      'items.2.item_servis_id': ['Item Servis ini sudah ada di baris lain.'],
      'items.3.item_servis_id': ['Item Servis tidak ditemukan.'],
      'items.3.interval_km': ['Isi Interval Km atau Interval Hari.'],
      'items.4.item_servis_id': ['Item Servis ini sudah ada di baris lain.'],
      'items.4.interval_km': ['Interval Km harus bilangan bulat 1 sampai 1.000.000.'],
      'items.4.interval_hari': ['Interval Hari harus bilangan bulat 1 sampai 3.650.'],
    })
    // Without `items` nothing changes (an empty list is what empties a plan).
    const noItems = await api.put(`/api/jadwal-servis/jenis/${j}`, { json: {} })
    expect([noItems.status, noItems.json.errors]).toEqual([422, { items: ['Items harus berupa daftar.'] }])
    expect((await planKendaraan(api, 999_999, 'x')).status).toBe(422)
    const kept = (await api.get(`/api/jadwal-servis/jenis/${j}`)).json.data.items.filter((i: Json) => i.aktif)
    expect(kept.map((i: Json) => [i.item_servis_id, i.interval_km])).toEqual([[oli, 10_000]])
  })

  it('deleting a vehicle with overrides and opening entries, and a type with a plan, still works; their rows go', async () => {
    const t = tag()
    const j = await jenis(api, `${t} Hapus`)
    const oli = await item(api, `${t} Oli`, 10_000, null)
    await planJenis(api, j, [{ item_servis_id: oli, interval_km: 10_000 }])
    const v = await insertVehicle(api.db, j, 50_000, `${t}-A`)
    await planKendaraan(api, v, [{ item_servis_id: oli, interval_km: 5_000, servis_tanggal: day(0), servis_km: 45_000 }])
    const count = async (table: 'jadwal_servis' | 'jadwal_servis_kendaraan' | 'servis_awal') =>
      Number(
        (
          await api.db.q
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('item_servis_id', '=', oli)
            .executeTakeFirstOrThrow()
        ).n,
      )
    expect([await count('jadwal_servis'), await count('jadwal_servis_kendaraan'), await count('servis_awal')]).toEqual([1, 1, 1])
    expect((await api.del(`/api/kendaraan/${v}`)).status).toBe(200)
    expect([await count('jadwal_servis_kendaraan'), await count('servis_awal')]).toEqual([0, 0])
    expect((await api.del(`/api/jenis_kendaraan/${j}`)).status).toBe(200)
    expect(await count('jadwal_servis')).toBe(0)
    expect((await api.del(`/api/item-servis/${oli}`)).status).toBe(200)
  })
})

/**
 * A type with three items and three vehicles (today T):
 * - A: km 50.000, readings T-12 47.500 and T-2 50.000 → 250 km a day, km now 50.500. Oli (10.000 km /
 *   180 d) last T-100 at 40.000: 500 km over; Rem (30.000 km) last T-20 at 20.600: 100 km left; Aki
 *   (90 d) last T-100: 10 days over.
 * - B: km 10.000, no readings. Oli last T-170 at 5.000: 10 days left; Rem never; Aki switched off;
 *   Filter (5.000 km) added by an override, never.
 * - C: km 100.000, no readings; every item last T-10 at 99.000: fine.
 */
async function fleet(api: Api) {
  const t = tag()
  const j = await jenis(api, `${t} Jenis`)
  const oli = await item(api, `${t} Oli`, 10_000, 180)
  const rem = await item(api, `${t} Rem`, 30_000, null)
  const aki = await item(api, `${t} Aki`, null, 90)
  const filter = await item(api, `${t} Filter`, 5_000, null)
  expect(
    (
      await planJenis(api, j, [
        { item_servis_id: oli, interval_km: 10_000, interval_hari: 180 },
        { item_servis_id: rem, interval_km: 30_000 },
        { item_servis_id: aki, interval_hari: 90 },
      ])
    ).status,
  ).toBe(200)
  const a = await insertVehicle(api.db, j, 50_000, `${t}-A`)
  const b = await insertVehicle(api.db, j, 10_000, `${t}-B`)
  const c = await insertVehicle(api.db, j, 100_000, `${t}-C`)
  await readings(api, a, [
    [day(-12), 47_500],
    [day(-2), 50_000],
  ])
  const ok = async (res: Promise<{ status: number; json: Json }>) => expect((await res).status, JSON.stringify((await res).json)).toBe(200)
  await ok(
    planKendaraan(api, a, [
      { item_servis_id: oli, aktif: true, interval_km: 10_000, interval_hari: 180, servis_tanggal: day(-100), servis_km: 40_000 },
      { item_servis_id: rem, aktif: true, interval_km: 30_000, servis_tanggal: day(-20), servis_km: '20.600' },
      { item_servis_id: aki, aktif: true, interval_hari: 90, servis_tanggal: day(-100), servis_km: 45_000 },
    ]),
  )
  await ok(
    planKendaraan(api, b, [
      { item_servis_id: oli, aktif: true, interval_km: 10_000, interval_hari: 180, servis_tanggal: day(-170), servis_km: 5_000 },
      { item_servis_id: aki, aktif: false, interval_hari: 90 },
      { item_servis_id: filter, aktif: true, interval_km: 5_000 },
    ]),
  )
  await ok(
    planKendaraan(
      api,
      c,
      [oli, rem, aki].map((id) => ({
        item_servis_id: id,
        interval_km: id === aki ? null : id === oli ? 10_000 : 30_000,
        interval_hari: id === rem ? null : id === oli ? 180 : 90,
        servis_tanggal: day(-10),
        servis_km: 99_000,
      })),
    ),
  )
  return { t, j, oli, rem, aki, filter, a, b, c }
}

describe('Jadwal Servis: a vehicle’s plan', () => {
  let api: Api
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
  })

  it('merges the type’s plan with the overrides (added, switched off, changed) and tells when each falls due', async () => {
    const f = await fleet(api)
    const res = await api.get(`/api/jadwal-servis/kendaraan/${f.b}`)
    expect(res.status).toBe(200)
    const kode = await api.db.q.selectFrom('kendaraan').select(['kode_kendaraan', 'no_pol']).where('id', '=', f.b).executeTakeFirstOrThrow()
    expect(res.json.data.kendaraan).toEqual({
      id: f.b,
      kode_kendaraan: kode.kode_kendaraan,
      no_pol: kode.no_pol,
      no_kabin: `${f.t}-B`,
      jenis_kendaraan_id: f.j,
      nama_jenis_kendaraan: `${f.t} Jenis`,
      km: 10_000,
    })
    expect(res.json.data.km_per_hari).toBeNull()
    const none = {
      jatuh_tempo_km: null,
      jatuh_tempo_tanggal: null,
      sisa_km: null,
      sisa_hari: null,
      tanggal_perkiraan: today(),
      lewat: false,
    }
    expect(res.json.data.items).toEqual([
      {
        item_servis_id: f.aki,
        nama: `${f.t} Aki`,
        aktif: false,
        sumber: 'kendaraan',
        interval_km: null,
        interval_hari: 90,
        jenis_interval_km: null,
        jenis_interval_hari: 90,
        servis_terakhir: null,
        km_sekarang: 10_000,
        ...none,
        belum_ada_riwayat: true,
      },
      {
        item_servis_id: f.filter,
        nama: `${f.t} Filter`,
        aktif: true,
        sumber: 'kendaraan',
        interval_km: 5_000,
        interval_hari: null,
        jenis_interval_km: null,
        jenis_interval_hari: null,
        servis_terakhir: null,
        km_sekarang: 10_000,
        ...none,
        belum_ada_riwayat: true,
      },
      {
        item_servis_id: f.oli,
        nama: `${f.t} Oli`,
        aktif: true,
        sumber: 'jenis',
        interval_km: 10_000,
        interval_hari: 180,
        jenis_interval_km: 10_000,
        jenis_interval_hari: 180,
        servis_terakhir: { tanggal: day(-170), km: 5_000, sumber: 'awal' },
        km_sekarang: 10_000,
        jatuh_tempo_km: 15_000,
        jatuh_tempo_tanggal: day(10),
        sisa_km: 5_000,
        sisa_hari: 10,
        tanggal_perkiraan: day(10),
        lewat: false,
        belum_ada_riwayat: false,
      },
      {
        item_servis_id: f.rem,
        nama: `${f.t} Rem`,
        aktif: true,
        sumber: 'jenis',
        interval_km: 30_000,
        interval_hari: null,
        jenis_interval_km: 30_000,
        jenis_interval_hari: null,
        servis_terakhir: null,
        km_sekarang: 10_000,
        ...none,
        belum_ada_riwayat: true,
      },
    ])
    // Vehicle A: 250 km a day since its reading 2 days ago.
    const a = (await api.get(`/api/jadwal-servis/kendaraan/${f.a}`)).json.data
    expect(a.km_per_hari).toBe(250)
    expect(a.items.map((i: Json) => [i.nama, i.sumber, i.km_sekarang, i.sisa_km, i.sisa_hari, i.tanggal_perkiraan, i.lewat])).toEqual([
      [`${f.t} Aki`, 'jenis', 50_500, null, -10, day(-10), true],
      [`${f.t} Oli`, 'jenis', 50_500, -500, 80, day(-2), true],
      [`${f.t} Rem`, 'jenis', 50_500, 100, null, day(0), false],
    ])

    // A changed interval is an override; the type’s own again removes it; an opening entry blanked goes.
    const changed = await planKendaraan(api, f.c, [{ item_servis_id: f.oli, aktif: true, interval_km: 8_000, interval_hari: 180 }])
    expect(changed.json.message).toBe(`Jadwal servis kendaraan ${f.t}-C berhasil disimpan.`)
    const oliC = changed.json.data.items.find((i: Json) => i.item_servis_id === f.oli)
    expect([oliC.sumber, oliC.interval_km, oliC.jenis_interval_km, oliC.jatuh_tempo_km, oliC.servis_terakhir]).toEqual([
      'kendaraan',
      8_000,
      10_000,
      107_000,
      { tanggal: day(-10), km: 99_000, sumber: 'awal' },
    ])
    const back = await planKendaraan(api, f.c, [
      { item_servis_id: f.oli, aktif: 'true', interval_km: '10000', interval_hari: '180', servis_tanggal: '', servis_km: '' },
    ])
    const oliBack = back.json.data.items.find((i: Json) => i.item_servis_id === f.oli)
    expect([oliBack.sumber, oliBack.interval_km, oliBack.servis_terakhir, oliBack.belum_ada_riwayat]).toEqual(['jenis', 10_000, null, true])
    const overrides = await api.db.q
      .selectFrom('jadwal_servis_kendaraan')
      .select('item_servis_id')
      .where('kendaraan_id', '=', f.c)
      .execute()
    expect(overrides).toEqual([])
    const missing = await api.get('/api/jadwal-servis/kendaraan/999999')
    expect(missing.status).toBe(404)
    expect(missing.json).toEqual({ message: 'Kendaraan tidak ditemukan.' })
  })

  it('refuses an opening entry with a day or a km alone, a day after today, a km above the vehicle’s', async () => {
    const t = tag()
    const oli = await item(api, `${t} Oli`, 10_000, null)
    const v = await insertVehicle(api.db, null, 83_266, `${t}-A`)
    const res = await planKendaraan(api, v, [
      { item_servis_id: oli, interval_km: 10_000, servis_tanggal: day(-1) },
      { item_servis_id: 999_999, interval_km: 10_000, servis_km: 5 },
      { item_servis_id: oli, interval_km: 10_000, servis_tanggal: day(1), servis_km: 83_267 },
      { item_servis_id: oli, aktif: true, interval_km: '', interval_hari: '' },
    ])
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual({
      'items.0.servis_km': ['Isi Tanggal dan Km servis terakhir bersama.'],
      'items.1.item_servis_id': ['Item Servis tidak ditemukan.'],
      'items.1.servis_km': ['Isi Tanggal dan Km servis terakhir bersama.'],
      'items.2.item_servis_id': ['Item Servis ini sudah ada di baris lain.'],
      'items.2.servis_tanggal': ['Tanggal tidak boleh setelah hari ini.'],
      'items.2.servis_km': ['Km servis terakhir tidak boleh lebih besar dari Km Akhir kendaraan: 83.266.'],
      'items.3.item_servis_id': ['Item Servis ini sudah ada di baris lain.'],
      'items.3.interval_km': ['Isi Interval Km atau Interval Hari.'],
    })
    // Its own km and today are allowed.
    const saved = await planKendaraan(api, v, [{ item_servis_id: oli, interval_km: 10_000, servis_tanggal: today(), servis_km: 83_266 }])
    expect(saved.status).toBe(200)
    expect(saved.json.data.items.map((i: Json) => [i.sumber, i.servis_terakhir])).toEqual([
      ['kendaraan', { tanggal: today(), km: 83_266, sumber: 'awal' }],
    ])
    const stored = await api.db.q.selectFrom('servis_awal').select(['user_id']).where('kendaraan_id', '=', v).executeTakeFirstOrThrow()
    expect(stored.user_id).not.toBeNull()
    expect((await planKendaraan(api, 999_999, [])).status).toBe(404)
  })
})

describe('Servis Jatuh Tempo: the due list', () => {
  let api: Api
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
  })

  it('a row per vehicle and active item with the exact figures, by day expected (none last), No Kabin, item', async () => {
    const f = await fleet(api)
    const res = await api.get(`/api/servis-jatuh-tempo?jenis_kendaraan_id=${f.j}&per_page=200`)
    expect(res.status).toBe(200)
    // Nine lines of three vehicles; two lines overdue, both of vehicle A.
    expect(res.json.meta).toEqual({
      page: 1,
      per_page: 200,
      total: 9,
      last_page: 1,
      jumlah_lewat: 2,
      jumlah_kendaraan: 3,
      jumlah_kendaraan_lewat: 1,
    })
    const rows = res.json.data as Json[]
    const brief = (r: Json) => [r.no_kabin.slice(f.t.length + 1), r.nama_item.slice(f.t.length + 1), r.tanggal_perkiraan]
    expect(rows.map(brief)).toEqual([
      ['A', 'Aki', day(-10)],
      ['A', 'Oli', day(-2)],
      ['A', 'Rem', day(0)],
      ['B', 'Filter', day(0)],
      ['B', 'Rem', day(0)],
      ['B', 'Oli', day(10)],
      ['C', 'Aki', day(80)],
      ['C', 'Oli', day(170)],
      ['C', 'Rem', null],
    ])
    const kode = await api.db.q.selectFrom('kendaraan').select(['kode_kendaraan', 'no_pol']).where('id', '=', f.a).executeTakeFirstOrThrow()
    expect(rows[1]).toEqual({
      kendaraan_id: f.a,
      kode_kendaraan: kode.kode_kendaraan,
      no_kabin: `${f.t}-A`,
      no_pol: kode.no_pol,
      jenis_kendaraan_id: f.j,
      nama_jenis_kendaraan: `${f.t} Jenis`,
      item_servis_id: f.oli,
      nama_item: `${f.t} Oli`,
      interval_km: 10_000,
      interval_hari: 180,
      servis_terakhir_tanggal: day(-100),
      servis_terakhir_km: 40_000,
      km: 50_000,
      km_per_hari: 250,
      km_sekarang: 50_500,
      jatuh_tempo_km: 50_000,
      jatuh_tempo_tanggal: day(80),
      sisa_km: -500,
      sisa_hari: 80,
      tanggal_perkiraan: day(-2),
      lewat: true,
      belum_ada_riwayat: false,
    })
    expect(rows.map((r) => [r.sisa_km, r.sisa_hari, r.lewat, r.belum_ada_riwayat])).toEqual([
      [null, -10, true, false],
      [-500, 80, true, false],
      [100, null, false, false],
      [null, null, false, true],
      [null, null, false, true],
      [5_000, 10, false, false],
      [null, 80, false, false],
      [9_000, 170, false, false],
      [29_000, null, false, false],
    ])
  })

  it('filters: status, dalam_km, dalam_hari (either), item, q; pages; 422 on bad parameters', async () => {
    const f = await fleet(api)
    const list = async (query: string) => {
      const res = await api.get(`/api/servis-jatuh-tempo?jenis_kendaraan_id=${f.j}&${query}`)
      expect(res.status, query).toBe(200)
      return res
    }
    const keys = async (query: string) =>
      (await list(query)).json.data.map((r: Json) => `${r.no_kabin.slice(f.t.length + 1)} ${r.nama_item.slice(f.t.length + 1)}`)
    expect(await keys('status=lewat')).toEqual(['A Aki', 'A Oli'])
    expect(await keys('status=semua')).toHaveLength(9)
    expect(await keys('dalam_km=1000')).toEqual(['A Oli', 'A Rem'])
    expect(await keys('dalam_hari=30')).toEqual(['A Aki', 'A Oli', 'A Rem', 'B Filter', 'B Rem', 'B Oli'])
    expect(await keys('dalam_hari=9')).toEqual(['A Aki', 'A Oli', 'A Rem', 'B Filter', 'B Rem'])
    // The vehicles behind the lines a filter keeps: A and B within 9 days.
    expect((await list('dalam_hari=9')).json.meta.jumlah_kendaraan).toBe(2)
    expect(await keys('dalam_km=9000&dalam_hari=0')).toEqual(['A Aki', 'A Oli', 'A Rem', 'B Filter', 'B Rem', 'B Oli', 'C Oli'])
    expect(await keys(`item_servis_id=${f.oli}`)).toEqual(['A Oli', 'B Oli', 'C Oli'])
    expect(await keys(`q=${f.t.toLowerCase()}-b`)).toEqual(['B Filter', 'B Rem', 'B Oli'])
    const paged = await list('per_page=4&page=2')
    expect(paged.json.meta).toEqual({
      page: 2,
      per_page: 4,
      total: 9,
      last_page: 3,
      jumlah_lewat: 2,
      jumlah_kendaraan: 3,
      jumlah_kendaraan_lewat: 1,
    })
    expect(paged.json.data.map((r: Json) => r.nama_item.slice(f.t.length + 1))).toEqual(['Rem', 'Oli', 'Aki', 'Oli'])
    const lewat = await list('status=lewat&item_servis_id=' + f.rem)
    expect([lewat.json.meta.total, lewat.json.meta.jumlah_lewat]).toEqual([0, 0])
    // The default page size is 25.
    expect((await api.get('/api/servis-jatuh-tempo')).json.meta.per_page).toBe(25)

    const bad = await api.get(
      '/api/servis-jatuh-tempo?dalam_km=-1&dalam_hari=x&status=nanti&jenis_kendaraan_id=0&item_servis_id=a&per_page=2001&page=0',
    )
    expect(bad.status).toBe(422)
    expect(bad.json.errors).toEqual({
      jenis_kendaraan_id: ['Jenis kendaraan tidak valid.'],
      item_servis_id: ['Item Servis tidak valid.'],
      status: ['Status tidak valid.'],
      dalam_km: ['Dalam Km harus bilangan bulat 0 atau lebih.'],
      dalam_hari: ['Dalam Hari harus bilangan bulat 0 atau lebih.'],
      page: ['page harus bilangan bulat mulai dari 1.'],
      per_page: ['per_page harus bilangan bulat 1 sampai 2000.'],
    })
  })

  it('the demo seed: every vehicle with a type has its plan; some overdue, some due within 30 days or 1.000 km, most fine', async () => {
    const res = await api.get('/api/servis-jatuh-tempo?per_page=200')
    const total = res.json.meta.total as number
    expect(total).toBeGreaterThan(20)
    expect(res.json.meta.jumlah_lewat).toBeGreaterThan(0)
    expect(res.json.meta.jumlah_lewat).toBeLessThan(total / 3)
    const soon = (await api.get('/api/servis-jatuh-tempo?status=semua&dalam_km=1000&dalam_hari=30&per_page=200')).json.meta.total as number
    expect(soon).toBeGreaterThan(res.json.meta.jumlah_lewat)
    expect(soon).toBeLessThan(total)
    expect(res.json.data.every((r: Json) => !r.belum_ada_riwayat)).toBe(true)
  })
})

describe('Jadwal Servis: grants and the extension switch', () => {
  it('no grant → 403 everywhere; readers read; Create/Update/Delete on their menus', async () => {
    const api = await makeApi()
    await api.login()
    const t = tag()
    const j = await jenis(api, `${t} Truk`)
    const oli = await item(api, `${t} Oli`, 10_000, null)
    const v = await insertVehicle(api.db, j, 1000, `${t}-A`)
    const routes = [
      ['GET', '/api/item-servis'],
      ['GET', `/api/item-servis/${oli}`],
      ['POST', '/api/item-servis'],
      ['PUT', `/api/item-servis/${oli}`],
      ['DELETE', `/api/item-servis/${oli}`],
      ['GET', '/api/jadwal-servis'],
      ['GET', `/api/jadwal-servis/jenis/${j}`],
      ['PUT', `/api/jadwal-servis/jenis/${j}`],
      ['GET', `/api/jadwal-servis/kendaraan/${v}`],
      ['PUT', `/api/jadwal-servis/kendaraan/${v}`],
      ['GET', '/api/servis-jatuh-tempo'],
    ] as const
    const tanpa = await userWithGrants(api, 'tanpaservis')
    for (const [method, path] of routes) {
      const res = await api.request(method, path, { token: tanpa.token, json: method === 'POST' || method === 'PUT' ? {} : undefined })
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(res.json).toEqual({ message: NO_MENU_ACCESS })
    }
    const status = async (token: string, method: string, path: string, json?: unknown) =>
      (await api.request(method, path, { token, json })).status
    const due = await userWithGrants(api, 'bacajatuhtempo', { '/admin/servis-jatuh-tempo': [] })
    for (const path of ['/api/servis-jatuh-tempo', '/api/item-servis', `/api/jadwal-servis/kendaraan/${v}`, '/api/jenis_kendaraan']) {
      expect(await status(due.token, 'GET', path), path).toBe(200)
    }
    expect(await status(due.token, 'GET', '/api/jadwal-servis')).toBe(403)
    const plans = await userWithGrants(api, 'bacajadwal', { '/admin/jadwal-servis': [] })
    for (const path of [
      '/api/jadwal-servis',
      `/api/jadwal-servis/jenis/${j}`,
      '/api/item-servis',
      `/api/item-servis/${oli}`,
      '/api/jenis_kendaraan',
    ]) {
      expect(await status(plans.token, 'GET', path), path).toBe(200)
    }
    expect(await status(plans.token, 'GET', '/api/servis-jatuh-tempo')).toBe(403)
    const refused = await api.put(`/api/jadwal-servis/jenis/${j}`, { token: plans.token, json: { items: [] } })
    expect([refused.status, refused.json]).toEqual([403, { message: NO_PERMISSION }])
    const kendaraan = await userWithGrants(api, 'lihatkendaraan', { '/admin/kendaraan': [] })
    expect(await status(kendaraan.token, 'GET', `/api/jadwal-servis/kendaraan/${v}`)).toBe(200)
    expect(await status(kendaraan.token, 'GET', '/api/item-servis')).toBe(403)
    const planner = await userWithGrants(api, 'penyusunjadwal', { '/admin/jadwal-servis': ['update'] })
    expect(
      await status(planner.token, 'PUT', `/api/jadwal-servis/jenis/${j}`, { items: [{ item_servis_id: oli, interval_km: 5000 }] }),
    ).toBe(200)
    expect(await status(planner.token, 'PUT', `/api/jadwal-servis/kendaraan/${v}`, { items: [] })).toBe(200)
    const itemReader = await userWithGrants(api, 'bacaitem', { '/admin/item-servis': [] })
    expect(await status(itemReader.token, 'GET', '/api/item-servis')).toBe(200)
    expect(await status(itemReader.token, 'POST', '/api/item-servis', { nama: `${t} X`, interval_km: 1 })).toBe(403)
    const maker = await userWithGrants(api, 'buatitem', { '/admin/item-servis': ['create'] })
    expect(await status(maker.token, 'POST', '/api/item-servis', { nama: `${t} X`, interval_km: 1 })).toBe(201)
    expect(await status(maker.token, 'PUT', `/api/item-servis/${oli}`, { nama: `${t} Y`, interval_km: 1 })).toBe(403)
    const editor = await userWithGrants(api, 'ubahitem', { '/admin/item-servis': ['update', 'delete'] })
    expect(await status(editor.token, 'PUT', `/api/item-servis/${oli}`, { nama: `${t} Y`, interval_km: 1 })).toBe(200)
    expect(await status(editor.token, 'DELETE', `/api/item-servis/${oli}`)).toBe(409)
  })

  it('GET /api/fitur lists jadwal-servis; without the extension its calls are 404', async () => {
    const api = await makeApi()
    const token = await api.login()
    expect((await api.get('/api/fitur')).json.data).toContain('jadwal-servis')
    const { createApi } = await import('../../api/app.ts')
    const { EXTENSIONS } = await import('../../api/features.ts')
    const off = await createApi({
      db: api.db,
      uploadsDir: api.uploadsDir,
      extensions: new Set(EXTENSIONS.filter((e) => e !== 'jadwal-servis')),
    })
    const ask = async (path: string) => (await off.request(path, { headers: { Authorization: `Bearer ${token}` } })).status
    expect(await ask('/api/item-servis')).toBe(404)
    expect(await ask('/api/jadwal-servis')).toBe(404)
    expect(await ask('/api/servis-jatuh-tempo')).toBe(404)
  })
})
