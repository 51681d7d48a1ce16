import { beforeEach, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { EXTENSIONS } from '../../api/features.ts'
import { NO_MENU_ACCESS } from '../../api/grants.ts'
import { API_GRANTS } from '../../api/routes/grants.ts'
import { insertVehicle, type Api } from './fixtures-transaksi.ts'
import { formData, makeApi, pngFile, userWithGrants, type Json } from './harness.ts'
import { biayaPerpanjangan } from '../../app/lib/perpanjangan.ts'

/**
 * Registration renewals (the extension 'perpanjangan'; docs/upstream-contract.md "Extensions:
 * registration renewals"): a vehicle's STNK or KIR renewed moves its expiry at once; the rules that
 * guard a renewal; deleting an unposted one puts the old dates back.
 */

type Fixture = { api: Api; v: number; stnkId: number }

/** A vehicle whose STNK expires 2026-01-10 and KIR 2026-02-01, with one STNK record of the same date. */
async function fixture(): Promise<Fixture> {
  const api = await makeApi()
  await api.login()
  const v = await insertVehicle(api.db, null, 1000)
  await api.db.q.updateTable('kendaraan').set({ expired_stnk: '2026-01-10', expired_kir: '2026-02-01' }).where('id', '=', v).execute()
  const { id: stnkId } = await api.db.q
    .insertInto('stnk')
    .values({ kode_stnk: `STU-${v}-${Date.now().toString(36)}`, nama_pemilik: 'PT Uji', kendaraan_id: v, expired_stnk: '2026-01-10' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { api, v, stnkId }
}

const renew = (api: Api, body: Record<string, unknown>, token?: string) =>
  api.post('/api/perpanjangan', { json: { tanggal_bayar: '2026-01-05', biaya: 350_000, ...body }, token })

const expiries = async (api: Api, v: number) =>
  await api.db.q.selectFrom('kendaraan').select(['expired_stnk', 'expired_kir']).where('id', '=', v).executeTakeFirstOrThrow()
const stnkExpiry = async (api: Api, id: number) =>
  (await api.db.q.selectFrom('stnk').select('expired_stnk').where('id', '=', id).executeTakeFirstOrThrow()).expired_stnk

describe('registration renewals (Perpanjangan STNK & KIR)', () => {
  let f: Fixture
  beforeEach(async () => {
    f = await fixture()
  })

  it('shows the old expiry, saves the renewal and moves the vehicle and its STNK record to the new date at once', async () => {
    const { api, v, stnkId } = f
    const before = await api.get(`/api/perpanjangan/sebelumnya?kendaraan_id=${v}&jenis_dokumen=STNK`)
    expect(before.status).toBe(200)
    expect(before.json.data).toMatchObject({ jenis_dokumen: 'STNK', expired_lama: '2026-01-10', kendaraan: { id: v } })

    const res = await renew(api, { kendaraan_id: v, jenis_dokumen: 'stnk', expired_baru: '2027-01-10', keterangan: 'Samsat' })
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('Perpanjangan berhasil disimpan.')
    expect(res.json.data).toMatchObject({
      kendaraan_id: v,
      jenis_dokumen: 'STNK',
      expired_lama: '2026-01-10',
      expired_baru: '2027-01-10',
      biaya: 350_000,
      tanggal_bayar: '2026-01-05',
      keterangan: 'Samsat',
      status: 'unpost',
    })
    expect(res.json.data.kode_perpanjangan).toMatch(/^PJ\d{6}$/)
    expect(await expiries(api, v)).toEqual({ expired_stnk: '2027-01-10', expired_kir: '2026-02-01' })
    expect(await stnkExpiry(api, stnkId)).toBe('2027-01-10')

    const kir = await renew(api, { kendaraan_id: v, jenis_dokumen: 'KIR', expired_baru: '2026-08-01', biaya: '125.000' })
    expect(kir.status).toBe(201)
    expect(kir.json.data).toMatchObject({ expired_lama: '2026-02-01', biaya: 125_000 })
    expect(await expiries(api, v)).toEqual({ expired_stnk: '2027-01-10', expired_kir: '2026-08-01' })
    expect(await stnkExpiry(api, stnkId)).toBe('2027-01-10')

    const list = (await api.get(`/api/perpanjangan?kendaraan_id=${v}`)).json.data as Json[]
    expect(list.map((d) => [d.jenis_dokumen, d.expired_baru])).toEqual([
      ['STNK', '2027-01-10'],
      ['KIR', '2026-08-01'],
    ])
    const audit = (await api.get(`/api/riwayat-dokumen/perpanjangan/${res.json.data.id}`)).json.data as Json[]
    expect(audit.map((a) => a.aksi)).toEqual(['dibuat'])
  })

  it('refuses a new expiry not after the old one, a cost of 0 or less, another document kind and an unknown vehicle (422)', async () => {
    const { api, v } = f
    const same = await renew(api, { kendaraan_id: v, jenis_dokumen: 'STNK', expired_baru: '2026-01-10' })
    expect(same.status).toBe(422)
    expect(same.json.errors.expired_baru).toEqual(['Tanggal expired baru harus setelah tanggal expired lama (10/01/2026).'])
    const zero = await renew(api, { kendaraan_id: v, jenis_dokumen: 'STNK', expired_baru: '2027-01-10', biaya: 0 })
    expect(zero.status).toBe(422)
    expect(zero.json.errors.biaya).toEqual(['Biaya harus lebih dari 0.'])
    const minus = await renew(api, { kendaraan_id: v, jenis_dokumen: 'STNK', expired_baru: '2027-01-10', biaya: '-5' })
    expect(minus.status).toBe(422)
    expect(minus.json.errors.biaya).toEqual(['Biaya harus lebih dari 0.'])
    const bpkb = await renew(api, { kendaraan_id: v, jenis_dokumen: 'BPKB', expired_baru: '2027-01-10' })
    expect(bpkb.status).toBe(422)
    expect(bpkb.json.errors.jenis_dokumen).toEqual(['Dokumen harus STNK atau KIR.'])
    const nobody = await renew(api, { kendaraan_id: 99_999_999, jenis_dokumen: 'KIR', expired_baru: '2027-01-10' })
    expect(nobody.status).toBe(422)
    expect(nobody.json.errors.kendaraan_id).toEqual(['Kendaraan tidak ditemukan.'])
    // Nothing was stored and nothing moved.
    expect((await api.get(`/api/perpanjangan?kendaraan_id=${v}`)).json.data).toEqual([])
    expect(await expiries(api, v)).toEqual({ expired_stnk: '2026-01-10', expired_kir: '2026-02-01' })
  })

  it('a posted renewal cannot be changed or deleted (422) until it is unposted; posting is in its history', async () => {
    const { api, v } = f
    const id = (await renew(api, { kendaraan_id: v, jenis_dokumen: 'KIR', expired_baru: '2026-08-01' })).json.data.id as number
    const posted = await api.post(`/api/perpanjangan/${id}/posting`)
    expect(posted.status).toBe(200)
    expect(posted.json.data.status).toBe('posting')
    expect((await api.post(`/api/perpanjangan/${id}/posting`)).status).toBe(409)
    const change = await api.post(`/api/perpanjangan/${id}/update`, { json: { expired_baru: '2026-09-01', biaya: 1 } })
    expect(change.status).toBe(422)
    expect(change.json.errors.status).toEqual(['Perpanjangan sudah diposting dan tidak dapat diubah.'])
    const del = await api.del(`/api/perpanjangan/${id}`)
    expect(del.status).toBe(422)
    expect(del.json.errors.status).toEqual(['Perpanjangan sudah diposting dan tidak dapat dihapus.'])
    expect(await expiries(api, v)).toMatchObject({ expired_kir: '2026-08-01' })

    expect((await api.post(`/api/perpanjangan/${id}/unpost`)).status).toBe(200)
    const changed = await api.post(`/api/perpanjangan/${id}/update`, { json: { expired_baru: '2026-09-01', biaya: '200000' } })
    expect(changed.status).toBe(200)
    expect(changed.json.data).toMatchObject({ expired_baru: '2026-09-01', biaya: 200_000, expired_lama: '2026-02-01' })
    expect(await expiries(api, v)).toMatchObject({ expired_kir: '2026-09-01' })
    const audit = (await api.get(`/api/riwayat-dokumen/perpanjangan/${id}`)).json.data as Json[]
    expect(audit.map((a) => a.aksi)).toEqual(['dibuat', 'posting', 'unpost', 'diubah'])
  })

  it('deleting an unposted renewal restores the old expiry of the vehicle and its STNK record; only the latest may go', async () => {
    const { api, v, stnkId } = f
    const first = (await renew(api, { kendaraan_id: v, jenis_dokumen: 'STNK', expired_baru: '2027-01-10' })).json.data.id as number
    const second = (await renew(api, { kendaraan_id: v, jenis_dokumen: 'STNK', expired_baru: '2028-01-10' })).json.data
    expect(second.expired_lama).toBe('2027-01-10')
    const older = await api.del(`/api/perpanjangan/${first}`)
    expect(older.status).toBe(422)
    expect(older.json.errors.status).toEqual(['Hanya perpanjangan terakhir kendaraan ini untuk dokumen yang sama yang dapat dihapus.'])

    expect((await api.del(`/api/perpanjangan/${second.id}`)).status).toBe(200)
    expect(await expiries(api, v)).toEqual({ expired_stnk: '2027-01-10', expired_kir: '2026-02-01' })
    expect(await stnkExpiry(api, stnkId)).toBe('2027-01-10')
    const gone = await api.del(`/api/perpanjangan/${first}`)
    expect(gone.status).toBe(200)
    expect(gone.json.message).toBe('Data Perpanjangan telah dihapus.')
    expect(await expiries(api, v)).toEqual({ expired_stnk: '2026-01-10', expired_kir: '2026-02-01' })
    expect(await stnkExpiry(api, stnkId)).toBe('2026-01-10')
    expect((await api.get(`/api/perpanjangan/${first}`)).status).toBe(404)
  })

  it('takes the receipt photo as a multipart upload and serves it to the menu holding the renewal', async () => {
    const { api, v } = f
    const res = await api.post('/api/perpanjangan', {
      form: formData({
        kendaraan_id: v,
        jenis_dokumen: 'KIR',
        expired_baru: '2026-08-01',
        biaya: '125000',
        tanggal_bayar: '2026-01-20',
        gambar: pngFile('kwitansi.png'),
      }),
    })
    expect(res.status).toBe(201)
    const name = res.json.data.gambar as string
    expect(name).toMatch(/\.png$/)
    const photo = await api.request('GET', `/storage/uploads/${name}`)
    expect(photo.status).toBe(200)
    const bad = await api.post('/api/perpanjangan', {
      form: formData({
        kendaraan_id: v,
        jenis_dokumen: 'KIR',
        expired_baru: '2026-09-01',
        biaya: '125000',
        gambar: new File(['bukan gambar'], 'x.png', { type: 'image/png' }),
      }),
    })
    expect(bad.status).toBe(422)
    expect(bad.json.errors.gambar).toEqual(['File harus berupa gambar (PNG, JPG, GIF atau WebP).'])
  })

  it('filters by payment date (both dates or neither) and by document', async () => {
    const { api, v } = f
    await renew(api, { kendaraan_id: v, jenis_dokumen: 'STNK', expired_baru: '2027-01-10', tanggal_bayar: '2026-01-05' })
    await renew(api, { kendaraan_id: v, jenis_dokumen: 'KIR', expired_baru: '2026-08-01', tanggal_bayar: '2026-03-01' })
    const jan = (await api.get(`/api/perpanjangan?kendaraan_id=${v}&tanggal_awal=2026-01-01&tanggal_akhir=2026-01-31`)).json.data as Json[]
    expect(jan.map((d) => d.jenis_dokumen)).toEqual(['STNK'])
    const kir = (await api.get(`/api/perpanjangan?kendaraan_id=${v}&jenis_dokumen=KIR`)).json.data as Json[]
    expect(kir.map((d) => d.tanggal_bayar)).toEqual(['2026-03-01'])
    const half = await api.get('/api/perpanjangan?tanggal_awal=2026-01-01')
    expect(half.status).toBe(422)
    expect(half.json.errors.tanggal_akhir).toEqual(['Silakan pilih Tanggal Awal dan Tanggal Akhir'])
  })
})

describe('registration renewals: grants, the demo seed and the extension switch', () => {
  it('403 without the grant on every call; Create saves but does not post', async () => {
    const { api, v } = await fixture()
    const NEW = Object.keys(API_GRANTS).filter((k) => k.includes('perpanjangan'))
    expect(NEW.length).toBe(10)
    const tanpa = await userWithGrants(api, 'tanpaperpanjangan')
    for (const key of NEW) {
      const [method, pattern] = key.split(' ')
      const res = await api.request(method, pattern.replace(/:id/g, '1'), { token: tanpa.token, json: method === 'POST' ? {} : undefined })
      expect(res.status, key).toBe(403)
      expect(res.json, key).toEqual({ message: NO_MENU_ACCESS })
    }
    const clerk = await userWithGrants(api, 'juruperpanjangan', { '/admin/perpanjangan-stnk': ['create'] })
    const res = await renew(api, { kendaraan_id: v, jenis_dokumen: 'KIR', expired_baru: '2026-08-01' }, clerk.token)
    expect(res.status).toBe(201)
    expect((await api.post(`/api/perpanjangan/${res.json.data.id}/posting`, { token: clerk.token })).status).toBe(403)
    // The Departemen calls are Departemen's alone now.
    expect((await api.get('/api/departemen', { token: clerk.token })).status).toBe(403)
  })

  it('GET /api/fitur lists perpanjangan; the demo seed has renewals, some posted; without the extension the calls are 404', async () => {
    const api = await makeApi()
    await api.login()
    expect((await api.get('/api/fitur')).json.data).toContain('perpanjangan')
    const docs = (await api.get('/api/perpanjangan')).json.data as Json[]
    expect(docs.length).toBeGreaterThanOrEqual(3)
    expect(docs.some((d) => d.status === 'posting')).toBe(true)
    expect(docs.some((d) => d.status === 'unpost')).toBe(true)
    for (const d of docs) {
      expect(d.biaya).toBeGreaterThan(0)
      if (d.expired_lama) expect(d.expired_baru > d.expired_lama).toBe(true)
    }

    const off = await createApi({
      db: api.db,
      uploadsDir: api.uploadsDir,
      extensions: new Set(EXTENSIONS.filter((e) => e !== 'perpanjangan')),
    })
    const token = await api.login()
    const ask = (path: string) => off.request(path, { headers: { Authorization: `Bearer ${token}` } })
    expect(((await (await ask('/api/fitur')).json()) as Json).data).not.toContain('perpanjangan')
    expect((await ask('/api/perpanjangan')).status).toBe(404)
  })
})

/**
 * Three vehicles and five renewals paid in March and April 2019 (a period the demo seed has none in):
 * PJA's STNK and KIR, PJB's STNK (and its KIR in April), PJC's KIR (posted).
 */
async function pagedFixture() {
  const api = await makeApi()
  await api.login()
  const tag = Date.now().toString(36).toUpperCase()
  const v1 = await insertVehicle(api.db, null, 1000, `PJA-${tag}`)
  const v2 = await insertVehicle(api.db, null, 1000, `PJB-${tag}`)
  const v3 = await insertVehicle(api.db, null, 1000, `PJC-${tag}`)
  for (const [i, id] of [v1, v2, v3].entries())
    await api.db.q
      .updateTable('kendaraan')
      .set({ no_pol: `H ${71 + i} PJ` })
      .where('id', '=', id)
      .execute()
  const save = async (kendaraan_id: number, jenis_dokumen: string, tanggal_bayar: string, biaya: number, keterangan?: string) => {
    const res = await api.post('/api/perpanjangan', {
      json: {
        kendaraan_id,
        jenis_dokumen,
        tanggal_bayar,
        biaya,
        keterangan,
        expired_baru: `${Number(tanggal_bayar.slice(0, 4)) + 1}-01-01`,
      },
    })
    expect(res.status, JSON.stringify(res.json)).toBe(201)
    return res.json.data as Json
  }
  const r1 = await save(v1, 'STNK', '2019-03-01', 1_000_000, 'Samsat Tegal')
  const r2 = await save(v1, 'KIR', '2019-03-05', 150_000)
  const r3 = await save(v2, 'STNK', '2019-03-10', 2_000_000)
  const r4 = await save(v3, 'KIR', '2019-03-15', 100_000)
  const r5 = await save(v2, 'KIR', '2019-04-02', 120_000)
  expect((await api.post(`/api/perpanjangan/${r4.id}/posting`)).status).toBe(200)
  return { api, tag, v: [v1, v2, v3], r: [r1, r2, r3, r4, r5] }
}

const MARCH = 'tanggal_awal=2019-03-01&tanggal_akhir=2019-03-31'

describe('registration renewals paged (the extension paged-lists)', () => {
  let f: Awaited<ReturnType<typeof pagedFixture>>
  beforeEach(async () => {
    f = await pagedFixture()
  })
  const kodes = (res: { json: Json }) => (res.json.data as Json[]).map((d) => d.kode_perpanjangan)

  it('answers one page with the rows of the whole list, and meta: total, posted count and the sum of the costs', async () => {
    const { api, r } = f
    const res = await api.get(`/api/perpanjangan?page=1&per_page=2&${MARCH}`)
    expect(res.status).toBe(200)
    expect(res.json.meta).toEqual({ total: 4, page: 1, per_page: 2, posting: 1, grand_total: 3_250_000 })
    const whole = (await api.get(`/api/perpanjangan?${MARCH}`)).json
    expect(whole.meta).toBeUndefined()
    expect(whole.data).toHaveLength(4)
    // The same rows, in the same shape, as the whole list (by id without a sort).
    expect(res.json.data).toEqual(whole.data.slice(0, 2))
    expect(kodes(await api.get(`/api/perpanjangan?page=2&per_page=2&${MARCH}`))).toEqual([r[2].kode_perpanjangan, r[3].kode_perpanjangan])
    const past = await api.get(`/api/perpanjangan?page=9&per_page=2&${MARCH}`)
    expect(past.json).toEqual({ data: [], meta: { total: 4, page: 9, per_page: 2, posting: 1, grand_total: 3_250_000 } })
  })

  it('sorts by the screen keys (ties by id) and searches code, cabin, plate, document and note without case', async () => {
    const { api, r, tag } = f
    const k = r.map((d) => d.kode_perpanjangan)
    expect(kodes(await api.get(`/api/perpanjangan?page=1&per_page=10&${MARCH}&sort=biaya&dir=desc`))).toEqual([k[2], k[0], k[1], k[3]])
    expect(kodes(await api.get(`/api/perpanjangan?page=1&per_page=10&${MARCH}&sort=no_kabin&dir=desc`))).toEqual([k[3], k[2], k[0], k[1]])
    expect(kodes(await api.get(`/api/perpanjangan?page=1&per_page=10&${MARCH}&sort=jenis_dokumen`))).toEqual([k[1], k[3], k[0], k[2]])
    expect(kodes(await api.get(`/api/perpanjangan?page=1&per_page=10&${MARCH}&sort=status&dir=desc`))).toEqual([k[0], k[1], k[2], k[3]])
    expect(kodes(await api.get(`/api/perpanjangan?page=1&per_page=10&${MARCH}&sort=tanggal_bayar&dir=desc`))).toEqual([
      k[3],
      k[2],
      k[1],
      k[0],
    ])

    const search = async (q: string) => kodes(await api.get(`/api/perpanjangan?page=1&per_page=10&${MARCH}&q=${encodeURIComponent(q)}`))
    expect(await search('samsat tegal')).toEqual([k[0]])
    expect(await search(`pjb-${tag}`)).toEqual([k[2]])
    expect(await search('kir')).toEqual([k[1], k[3]])
    expect(await search(k[3].toLowerCase())).toEqual([k[3]])
    expect(await search('H 73 PJ')).toEqual([k[3]])
    expect(await search('%')).toEqual([])
    const searched = await api.get(`/api/perpanjangan?page=1&${MARCH}&q=kir`)
    expect(searched.json.meta).toEqual({ total: 2, page: 1, per_page: 10, posting: 1, grand_total: 250_000 })
  })

  it('keeps its filters (period, status, vehicle, document) when paged; what is not valid is 422', async () => {
    const { api, v, r } = f
    const meta = async (query: string) => (await api.get(`/api/perpanjangan?page=1&${query}`)).json.meta
    expect(await meta(`${MARCH}&status=posting`)).toMatchObject({ total: 1, grand_total: 100_000 })
    expect(await meta(`${MARCH}&jenis_dokumen=KIR`)).toMatchObject({ total: 2, posting: 1 })
    expect(await meta(`kendaraan_id=${v[1]}`)).toMatchObject({ total: 2, grand_total: 2_120_000 })
    expect(await meta(`tanggal_awal=2019-03-01&tanggal_akhir=2019-04-30&kendaraan_id=${v[1]}&jenis_dokumen=KIR`)).toMatchObject({
      total: 1,
      grand_total: r[4].biaya,
    })
    const sort = await api.get('/api/perpanjangan?page=1&sort=keterangan')
    expect(sort.status).toBe(422)
    expect(sort.json.errors.sort[0]).toMatch(/^sort harus salah satu dari: id, kode_perpanjangan, tanggal_bayar/)
    expect((await api.get('/api/perpanjangan?page=0')).status).toBe(422)
    const half = await api.get('/api/perpanjangan?page=1&tanggal_awal=2019-03-01')
    expect(half.status).toBe(422)
    expect(half.json.errors.tanggal_akhir).toEqual(['Silakan pilih Tanggal Awal dan Tanggal Akhir'])
  })

  it('the cost report sums per vehicle in the database: STNK, KIR, count, total; costliest first; the sums in meta', async () => {
    const { api, v, tag } = f
    const march = await api.get(`/api/perpanjangan/biaya?${MARCH}`)
    expect(march.status).toBe(200)
    expect(march.json).toEqual({
      data: [
        { kendaraan_id: v[1], no_kabin: `PJB-${tag}`, no_pol: 'H 72 PJ', stnk: 2_000_000, kir: 0, jumlah: 1, total: 2_000_000 },
        { kendaraan_id: v[0], no_kabin: `PJA-${tag}`, no_pol: 'H 71 PJ', stnk: 1_000_000, kir: 150_000, jumlah: 2, total: 1_150_000 },
        { kendaraan_id: v[2], no_kabin: `PJC-${tag}`, no_pol: 'H 73 PJ', stnk: 0, kir: 100_000, jumlah: 1, total: 100_000 },
      ],
      meta: { total: 3, stnk: 3_000_000, kir: 250_000, jumlah: 4, grand_total: 3_250_000 },
    })
    // The period is the payment date's: April adds PJB's KIR.
    const spring = (await api.get('/api/perpanjangan/biaya?tanggal_awal=2019-03-01&tanggal_akhir=2019-04-30')).json
    expect(spring.data[0]).toMatchObject({ kendaraan_id: v[1], kir: 120_000, jumlah: 2, total: 2_120_000 })
    expect(spring.meta).toEqual({ total: 3, stnk: 3_000_000, kir: 370_000, jumlah: 5, grand_total: 3_370_000 })
    expect((await api.get('/api/perpanjangan/biaya?tanggal_awal=2019-05-01&tanggal_akhir=2019-05-31')).json).toEqual({
      data: [],
      meta: { total: 0, stnk: 0, kir: 0, jumlah: 0, grand_total: 0 },
    })
    const half = await api.get('/api/perpanjangan/biaya?tanggal_akhir=2019-03-31')
    expect(half.status).toBe(422)
    expect(half.json.errors.tanggal_awal).toEqual(['Silakan pilih Tanggal Awal dan Tanggal Akhir'])
  })

  it('the cost report paged: one page of vehicles, searched by cabin or plate, sorted; the sums over every match', async () => {
    const { api, v, tag } = f
    const ids = (res: { json: Json }) => (res.json.data as Json[]).map((d) => d.kendaraan_id)
    const first = await api.get(`/api/perpanjangan/biaya?page=1&per_page=2&${MARCH}`)
    expect(ids(first)).toEqual([v[1], v[0]])
    expect(first.json.meta).toEqual({ total: 3, page: 1, per_page: 2, stnk: 3_000_000, kir: 250_000, jumlah: 4, grand_total: 3_250_000 })
    expect(ids(await api.get(`/api/perpanjangan/biaya?page=2&per_page=2&${MARCH}`))).toEqual([v[2]])
    expect(ids(await api.get(`/api/perpanjangan/biaya?page=1&${MARCH}&sort=no_kabin`))).toEqual([v[0], v[1], v[2]])
    expect(ids(await api.get(`/api/perpanjangan/biaya?page=1&${MARCH}&sort=kir&dir=desc`))).toEqual([v[0], v[2], v[1]])
    expect(ids(await api.get(`/api/perpanjangan/biaya?page=1&${MARCH}&sort=jumlah&dir=desc`))).toEqual([v[0], v[1], v[2]])
    expect(ids(await api.get(`/api/perpanjangan/biaya?page=1&${MARCH}&sort=total`))).toEqual([v[2], v[0], v[1]])
    const byKabin = await api.get(`/api/perpanjangan/biaya?page=1&${MARCH}&q=pja-${tag.toLowerCase()}`)
    expect(ids(byKabin)).toEqual([v[0]])
    expect(byKabin.json.meta).toEqual({ total: 1, page: 1, per_page: 10, stnk: 1_000_000, kir: 150_000, jumlah: 2, grand_total: 1_150_000 })
    expect(ids(await api.get(`/api/perpanjangan/biaya?page=1&${MARCH}&q=${encodeURIComponent('h 73 pj')}`))).toEqual([v[2]])
    const bad = await api.get('/api/perpanjangan/biaya?page=1&sort=no_pol')
    expect(bad.status).toBe(422)
    expect(bad.json.errors.sort).toEqual(['sort harus salah satu dari: no_kabin, stnk, kir, jumlah, total.'])
  })

  it("the cost report gives what the app's own sum of the whole list gives (every date, the demo's renewals too)", async () => {
    const { api } = f
    const whole = (await api.get('/api/perpanjangan')).json.data as Json[]
    const own = biayaPerpanjangan(whole)
    const report = (await api.get('/api/perpanjangan/biaya')).json
    const byId = (rows: Json[]) => [...rows].sort((a, b) => a.kendaraan_id - b.kendaraan_id)
    expect(byId(report.data)).toEqual(byId(own.kendaraan))
    expect(report.data.map((d: Json) => d.total)).toEqual(own.kendaraan.map((d) => d.total))
    expect(report.meta).toEqual({
      total: own.kendaraan.length,
      stnk: own.dokumen[0].total,
      kir: own.dokumen[1].total,
      jumlah: own.jumlah,
      grand_total: own.total,
    })
  })
})

describe('the cost report: its grant and the extension switch', () => {
  it('needs Select on Laporan Biaya Perpanjangan (Perpanjangan STNK alone is not enough); without paged-lists it answers every line', async () => {
    const { api } = await pagedFixture()
    const report = await userWithGrants(api, 'laporanperpanjangan', { '/admin/laporan-biaya-perpanjangan': [] })
    const clerk = await userWithGrants(api, 'listperpanjangan', { '/admin/perpanjangan-stnk': [] })
    expect((await api.get(`/api/perpanjangan/biaya?${MARCH}`, { token: report.token })).status).toBe(200)
    expect((await api.get(`/api/perpanjangan/biaya?${MARCH}`, { token: clerk.token })).status).toBe(403)
    expect((await api.get(`/api/perpanjangan?page=1&${MARCH}`, { token: clerk.token })).status).toBe(200)

    const off = await createApi({
      db: api.db,
      uploadsDir: api.uploadsDir,
      extensions: new Set(EXTENSIONS.filter((e) => e !== 'paged-lists')),
    })
    const token = await api.login()
    const ask = async (path: string) => (await (await off.request(path, { headers: { Authorization: `Bearer ${token}` } })).json()) as Json
    const list = await ask(`/api/perpanjangan?page=1&per_page=1&${MARCH}`)
    expect(list.meta).toBeUndefined()
    expect(list.data).toHaveLength(4)
    const sums = await ask(`/api/perpanjangan/biaya?page=1&per_page=1&${MARCH}`)
    expect(sums.data).toHaveLength(3)
    expect(sums.meta).toEqual({ total: 3, stnk: 3_000_000, kir: 250_000, jumlah: 4, grand_total: 3_250_000 })
  })
})
