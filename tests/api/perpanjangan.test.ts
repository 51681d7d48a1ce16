import { beforeEach, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { EXTENSIONS } from '../../api/features.ts'
import { NO_MENU_ACCESS } from '../../api/grants.ts'
import { API_GRANTS } from '../../api/routes/grants.ts'
import { insertVehicle, type Api } from './fixtures-transaksi.ts'
import { formData, makeApi, pngFile, userWithGrants, type Json } from './harness.ts'

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
  await api.db.prepare("UPDATE kendaraan SET expired_stnk = '2026-01-10', expired_kir = '2026-02-01' WHERE id = ?").run(v)
  const stnkId = await api.db
    .prepare("INSERT INTO stnk (kode_stnk, nama_pemilik, kendaraan_id, expired_stnk) VALUES (?, 'PT Uji', ?, '2026-01-10')")
    .insert(`STU-${v}-${Date.now().toString(36)}`, v)
  return { api, v, stnkId }
}

const renew = (api: Api, body: Record<string, unknown>, token?: string) =>
  api.post('/api/perpanjangan', { json: { tanggal_bayar: '2026-01-05', biaya: 350_000, ...body }, token })

const expiries = async (api: Api, v: number) =>
  (await api.db.prepare('SELECT expired_stnk, expired_kir FROM kendaraan WHERE id = ?').get(v)) as {
    expired_stnk: string | null
    expired_kir: string | null
  }
const stnkExpiry = async (api: Api, id: number) =>
  (await api.db.prepare('SELECT expired_stnk FROM stnk WHERE id = ?').pluck().get(id)) as string | null

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
    expect(minus.json.errors.biaya).toEqual(['Biaya harus berupa angka Rupiah.'])
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
    expect(NEW.length).toBe(9)
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
