import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { formData, makeApi, pngFile, type Json } from './harness.ts'
import { buyTyres, insertMasters, serial, stageTyre, type Masters } from './fixtures-transaksi.ts'

const uploads = (dir: string) => (existsSync(dir) ? readdirSync(dir) : [])

describe('/api/stnk', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  let m: Masters
  beforeEach(async () => {
    api = await makeApi()
    m = await insertMasters(api.db)
    await api.login()
  })

  const fullForm = (extra: Record<string, string | number | File | null | undefined> = {}) =>
    formData({
      id: 999, // ignored on add
      nama_pemilik: 'PT Armada Uji',
      alamat: 'Jl. Uji No. 9\nTegal',
      merek: 'Hino',
      type: 'FM 260 JD',
      model: 'Truck',
      kendaraan_id: m.kendaraan[10],
      no_pol: 'DIABAIKAN',
      no_rangka: 'DIABAIKAN',
      no_mesin: 'DIABAIKAN',
      jenis_kendaraan_id: m.jenis[10],
      tahun_pembuatan: '2019',
      warna: 'Hijau',
      warna_tnkb: 'Kuning',
      tahun_registrasi: 2020,
      nomor_bpkb: 'P-0012345',
      expired_stnk: '2027-05-31',
      ...extra,
    })

  it('needs a token for every call', async () => {
    expect((await api.get('/api/stnk', { token: null })).status).toBe(401)
    expect((await api.post('/api/stnk/add', { token: null, form: fullForm() })).json).toEqual({ message: 'Unauthenticated.' })
    expect((await api.post('/api/stnk/1/update', { token: null, form: fullForm() })).status).toBe(401)
    expect((await api.del('/api/stnk/1', { token: null })).status).toBe(401)
    expect((await api.get('/api/ban', { token: null })).status).toBe(401)
  })

  it('adds from a multipart form: server code, vehicle numbers copied from the vehicle, image stored', async () => {
    const before = (await api.get('/api/stnk')).json.length
    const res = await api.post('/api/stnk/add', { form: fullForm({ gambar: pngFile() }) })
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('Stnk berhasil ditambahkan!')
    const d = res.json.data
    expect(d.id).not.toBe(999)
    expect(d.kode_stnk).toMatch(/^ST\d{6}$/)
    expect(d.qrcode_stnk).toBe(d.kode_stnk)
    expect(d).toMatchObject({
      nama_pemilik: 'PT Armada Uji',
      alamat: 'Jl. Uji No. 9\r\nTegal', // multipart sends line breaks as CRLF
      merek: 'Hino',
      type: 'FM 260 JD',
      model: 'Truck',
      kendaraan_id: m.kendaraan[10],
      no_rangka: 'RANGKA-UJI-10',
      no_mesin: 'MESIN-UJI-10',
      jenis_kendaraan_id: m.jenis[10],
      tahun_pembuatan: 2019,
      warna: 'Hijau',
      warna_tnkb: 'Kuning',
      tahun_registrasi: 2020,
      nomor_bpkb: 'P-0012345',
      expired_stnk: '2027-05-31',
      kendaraan: { id: m.kendaraan[10], no_kabin: 'UJI-10' },
      jenis_kendaraan: { id: m.jenis[10], nama_jenis_kendaraan: 'Jenis Uji 10 Ban' },
    })
    const vehicle = await api.db.q.selectFrom('kendaraan').select('no_pol').where('id', '=', m.kendaraan[10]!).executeTakeFirstOrThrow()
    expect(vehicle.no_pol).toMatch(/^G \d+ UJ$/)
    expect(d.no_pol).toBe(vehicle.no_pol) // the vehicle's, not the typed 'DIABAIKAN'
    expect(d.kendaraan.no_pol).toBe(vehicle.no_pol)
    // The image is stored under a generated name and served.
    expect(d.gambar).toMatch(/^[\w-]+\.png$/)
    expect(existsSync(join(api.uploadsDir, d.gambar))).toBe(true)
    expect((await api.get(`/storage/uploads/${d.gambar}`)).status).toBe(200)
    // Read back.
    const list = await api.get('/api/stnk')
    expect(list.status).toBe(200)
    expect(Array.isArray(list.json)).toBe(true)
    expect(list.json).toHaveLength(before + 1)
    expect(list.json.find((s: Json) => s.id === d.id)).toEqual(d)
    expect(list.json.map((s: Json) => s.id)).toEqual([...list.json.map((s: Json) => s.id)].sort((a, b) => a - b))
  })

  it('keeps the typed vehicle numbers when no vehicle is chosen; empty fields are null', async () => {
    const res = await api.post('/api/stnk/add', {
      form: formData({ nama_pemilik: 'Budi', no_pol: 'G 9 X', no_rangka: 'R1', no_mesin: '', merek: '  ' }),
    })
    expect(res.status).toBe(201)
    expect(res.json.data).toMatchObject({
      nama_pemilik: 'Budi',
      no_pol: 'G 9 X',
      no_rangka: 'R1',
      no_mesin: null,
      merek: null,
      kendaraan_id: null,
      kendaraan: null,
      jenis_kendaraan: null,
      gambar: null,
      expired_stnk: null,
    })
  })

  it('refuses an empty nama_pemilik with the spec message', async () => {
    const res = await api.post('/api/stnk/add', { form: fullForm({ nama_pemilik: '   ' }) })
    expect(res.status).toBe(422)
    expect(res.json.message).toBe('Nama Stnk tidak boleh kosong!')
    expect(res.json.errors).toEqual({ nama_pemilik: ['Nama Stnk tidak boleh kosong!'] })
    const missing = await api.post('/api/stnk/add', { json: {} })
    expect(missing.json.errors.nama_pemilik).toEqual(['Nama Stnk tidak boleh kosong!'])
  })

  it('refuses unknown ids, colours, years and dates with field errors', async () => {
    const res = await api.post('/api/stnk/add', {
      form: fullForm({ warna: 'Ungu muda', tahun_pembuatan: '2009', tahun_registrasi: '20x0', expired_stnk: '2027-02-30' }),
    })
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual({
      warna: ['Warna harus salah satu dari: Hitam, Putih, Cokelat, Hijau, Orange, Merah, Ungu, Kuning, Biru, Silver.'],
      tahun_pembuatan: ['Tahun pembuatan harus tahun antara 2010 dan 2030.'],
      tahun_registrasi: ['Tahun registrasi harus tahun antara 2010 dan 2030.'],
      expired_stnk: ['Expired STNK harus berupa tanggal (YYYY-MM-DD).'],
    })
    const ids = await api.post('/api/stnk/add', { form: fullForm({ kendaraan_id: 987654, jenis_kendaraan_id: 987654 }) })
    expect(ids.status).toBe(422)
    expect(ids.json.errors).toEqual({
      kendaraan_id: ['Kendaraan tidak ditemukan.'],
      jenis_kendaraan_id: ['Jenis kendaraan tidak ditemukan.'],
    })
  })

  it('accepts colours in any case and answers them in the spec spelling', async () => {
    const res = await api.post('/api/stnk/add', { form: fullForm({ warna: 'silver', warna_tnkb: 'KUNING' }) })
    expect(res.status).toBe(201)
    expect(res.json.data.warna).toBe('Silver')
    expect(res.json.data.warna_tnkb).toBe('Kuning')
  })

  it('refuses a file that is not an image and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await api.db.q
            .selectFrom('stnk')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    const fake = new File([new TextEncoder().encode('<html><script>alert(1)</script></html>')], 'foto.png', { type: 'image/png' })
    const res = await api.post('/api/stnk/add', { form: fullForm({ gambar: fake }) })
    expect(res.status).toBe(422)
    expect(res.json.errors.gambar).toEqual(['File harus berupa gambar (PNG, JPG, GIF atau WebP).'])
    expect(await count()).toBe(before)
    expect(uploads(api.uploadsDir)).toEqual([])
  })

  it('updates every field; an absent image keeps the stored one, a new one replaces it', async () => {
    const { json } = await api.post('/api/stnk/add', { form: fullForm({ gambar: pngFile() }) })
    const id = json.data.id
    const first = json.data.gambar
    const res = await api.post(`/api/stnk/${id}/update`, {
      form: formData({ nama_pemilik: 'CV Baru', kendaraan_id: m.kendaraan[6], warna: 'Biru', tahun_pembuatan: 2021 }),
    })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Stnk berhasil diperbarui!')
    expect(res.json.data).toMatchObject({
      id,
      kode_stnk: json.data.kode_stnk,
      nama_pemilik: 'CV Baru',
      kendaraan_id: m.kendaraan[6],
      no_rangka: 'RANGKA-UJI-6',
      no_mesin: 'MESIN-UJI-6',
      warna: 'Biru',
      tahun_pembuatan: 2021,
      merek: null, // fields not sent are cleared (the form sends every field)
      gambar: first,
    })
    const second = await api.post(`/api/stnk/${id}/update`, { form: formData({ nama_pemilik: 'CV Baru', gambar: pngFile('lain.png') }) })
    expect(second.status).toBe(200)
    expect(second.json.data.gambar).not.toBe(first)
    expect(uploads(api.uploadsDir)).toEqual([second.json.data.gambar])
    const stored = (await api.get('/api/stnk')).json.find((s: Json) => s.id === id)
    expect(stored.nama_pemilik).toBe('CV Baru')
    expect(stored.kendaraan).toBeNull()
  })

  it('validates updates and answers 404 for unknown ids', async () => {
    const { json } = await api.post('/api/stnk/add', { form: fullForm() })
    const bad = await api.post(`/api/stnk/${json.data.id}/update`, { form: formData({ nama_pemilik: '' }) })
    expect(bad.status).toBe(422)
    expect(bad.json.errors.nama_pemilik).toEqual(['Nama Stnk tidak boleh kosong!'])
    expect((await api.post('/api/stnk/987654/update', { form: fullForm() })).json).toEqual({ message: 'Stnk tidak ditemukan.' })
    expect((await api.post('/api/stnk/abc/update', { form: fullForm() })).status).toBe(404)
    expect((await api.del('/api/stnk/987654')).status).toBe(404)
  })

  it('deletes with the spec message and removes its image', async () => {
    const { json } = await api.post('/api/stnk/add', { form: fullForm({ gambar: pngFile() }) })
    const res = await api.del(`/api/stnk/${json.data.id}`)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: 'Stnk berhasil dihapus!' })
    expect((await api.get('/api/stnk')).json.some((s: Json) => s.id === json.data.id)).toBe(false)
    expect(uploads(api.uploadsDir)).toEqual([])
    expect((await api.del(`/api/stnk/${json.data.id}`)).status).toBe(404)
  })
})

describe('GET /api/ban', () => {
  it('lists every tyre with nested size, brand and type; ?status filters', async () => {
    const api = await makeApi()
    const m = await insertMasters(api.db)
    await api.login()
    const [a, b] = [serial('BAN'), serial('BAN')]
    const purchase = await buyTyres(api, m, [a, b], { harga: 1_750_000 })
    expect((await stageTyre(api, { kendaraan_id: m.kendaraan[6], no_seri: b, posisi_ban: '1A' })).status).toBe(201)

    const all = await api.get('/api/ban')
    expect(all.status).toBe(200)
    expect(Array.isArray(all.json)).toBe(true)
    const rowA = all.json.find((t: Json) => t.no_seri === a)
    expect(rowA).toEqual({
      id: expect.any(Number),
      kode_ban: expect.stringMatching(/^BN\d{6}$/),
      no_seri: a,
      status: 'stok',
      harga: 1_750_000,
      kondisi_ban: 'BARU',
      pembelian_ban_id: purchase.id,
      tebal_tapak_awal: null,
      ukuran_id: m.ukuranId,
      merek_id: m.merekId,
      typeban_id: m.typebanId,
      ukuran: { id: m.ukuranId, nama: 'UJI 11.00-20' },
      merek: { id: m.merekId, nama_merek: 'Merek Uji' },
      typeban: { id: m.typebanId, nama_type: 'Type Uji' },
      jumlah_vulkanisir: 0,
      km_tempuh: 0,
      lokasi: null,
    })
    expect(all.json.find((t: Json) => t.no_seri === b).status).toBe('terpasang')

    const stok = await api.get('/api/ban?status=stok')
    expect(stok.json.every((t: Json) => t.status === 'stok')).toBe(true)
    expect(stok.json.some((t: Json) => t.no_seri === a)).toBe(true)
    expect(stok.json.some((t: Json) => t.no_seri === b)).toBe(false)
    const terpasang = await api.get('/api/ban?status=terpasang')
    expect(terpasang.json.some((t: Json) => t.no_seri === b)).toBe(true)
    // With the other states of the tyre's whole life, the four statuses cover the list.
    const vulkanisir = await api.get('/api/ban?status=vulkanisir')
    const afkir = await api.get('/api/ban?status=afkir')
    expect(stok.json.length + terpasang.json.length + vulkanisir.json.length + afkir.json.length).toBe(all.json.length)

    const bad = await api.get('/api/ban?status=hilang')
    expect(bad.status).toBe(422)
    expect(bad.json.errors).toEqual({ status: ['Status ban harus stok, terpasang, vulkanisir atau afkir.'] })
  })
})
