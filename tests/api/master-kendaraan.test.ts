import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { formData, makeApi, PNG_1x1, pngFile, type Json } from './harness.ts'

const textNamedPng = () => new File([new TextEncoder().encode('GIF? PNG? bukan, ini teks biasa.')], 'foto.png', { type: 'image/png' })
const oversizedPng = () => {
  const bytes = new Uint8Array(2 * 1024 * 1024 + 1)
  bytes.set(PNG_1x1)
  return new File([bytes], 'stnk.png', { type: 'image/png' })
}

describe('/api/kendaraan', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  let jenis: Json[]
  let golongan: Json[]
  let driver: Json
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
    jenis = (await api.get('/api/jenis_kendaraan')).json
    golongan = (await api.get('/api/golongan')).json
    driver = ((await api.get('/api/user')).json as Json[]).find((u) => u.kode_user === 'agus.driver')
  })

  const list = async () => (await api.get('/api/kendaraan')).json as Json[]
  const tronton = () => jenis.find((j) => j.total_ban === 10)
  const fields = () => ({
    no_kabin: 'K-777',
    no_pol: 'G 7777 XY',
    no_rangka: 'MJEFM8JNLKJ777777',
    no_mesin: 'J08EUFJ77777',
    gpsid: '860999000777',
    list_vehicle_id: '20777',
    jenis_kendaraan_id: tronton().id,
    warna: 'Hijau',
    expired_kir: '2026-06-30',
    expired_stnk: '2027-01-15',
    golongan_id: golongan.find((g) => g.nama_golongan === 'Golongan III').id,
    user_id: driver.id,
    km: 123456,
  })

  it('lists vehicles with jenis_kendaraan, golongan and the driver user nested', async () => {
    const res = await api.get('/api/kendaraan')
    expect(res.status).toBe(200)
    expect(res.json.length).toBeGreaterThanOrEqual(14)
    const withDriver = res.json.find((v: Json) => v.user_id === driver.id)
    expect(withDriver.user).toEqual({
      id: driver.id,
      kode_user: 'agus.driver',
      nama_user: 'Agus Setiawan',
      karyawan: { nama_lengkap: 'Agus Setiawan' },
    })
    const j = jenis.find((x) => x.id === withDriver.jenis_kendaraan_id)
    expect(withDriver.jenis_kendaraan).toEqual({ id: j.id, nama_jenis_kendaraan: j.nama_jenis_kendaraan, total_ban: j.total_ban })
    expect(withDriver.golongan).toEqual({ id: withDriver.golongan_id, nama_golongan: expect.stringMatching(/^Golongan /) })
    const without = res.json.find((v: Json) => v.user_id === null)
    expect(without.user).toBeNull()
    expect(typeof without.km).toBe('number')
  })

  it('adds with every field and both images; list and show answer the stored row', async () => {
    const res = await api.post('/api/kendaraan/add', {
      form: formData({ ...fields(), gambar_barcodesolar: pngFile('solar.png'), gambar_stnk: pngFile('stnk.png') }),
    })
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('Kendaraan berhasil ditambahkan.')
    const data = res.json.data
    expect(data).toMatchObject(fields())
    expect(data.kode_kendaraan).toMatch(/^KD\d{6}$/)
    expect(data.qrcode_kendaraan).toBe(data.kode_kendaraan)
    expect(data.jenis_kendaraan).toEqual({ id: tronton().id, nama_jenis_kendaraan: tronton().nama_jenis_kendaraan, total_ban: 10 })
    expect(data.golongan).toEqual({ id: fields().golongan_id, nama_golongan: 'Golongan III' })
    expect(data.user.karyawan).toEqual({ nama_lengkap: 'Agus Setiawan' })
    expect(data.gambar_barcodesolar).toMatch(/\.png$/)
    expect(data.gambar_stnk).toMatch(/\.png$/)
    expect((await list()).find((v) => v.id === data.id)).toEqual(data)
    const show = await api.get(`/api/kendaraan/${data.id}/show`)
    expect(show.status).toBe(200)
    expect(show.json).toEqual({ data })
    const token = await api.login()
    const image = await api.app.request(`/storage/uploads/${data.gambar_stnk}`, { headers: { Authorization: `Bearer ${token}` } })
    expect(image.status).toBe(200)
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG_1x1)
  })

  it('a vehicle with only no_kabin: km 0, everything else null', async () => {
    const res = await api.post('/api/kendaraan/add', { json: { no_kabin: 'K-1' } })
    expect(res.status).toBe(201)
    expect(res.json.data).toMatchObject({
      no_kabin: 'K-1',
      km: 0,
      warna: null,
      jenis_kendaraan: null,
      golongan: null,
      user: null,
      expired_kir: null,
    })
  })

  it('refuses an empty no_kabin with the spec message', async () => {
    const res = await api.post('/api/kendaraan/add', { form: formData({ ...fields(), no_kabin: '' }) })
    expect(res.status).toBe(422)
    expect(res.json.message).toBe('No Kabin Kendaraan tidak boleh kosong!')
    expect(res.json.errors).toEqual({ no_kabin: ['No Kabin Kendaraan tidak boleh kosong!'] })
  })

  it('refuses a colour outside the list, bad dates and km, unknown type/golongan/driver', async () => {
    const bad = await api.post('/api/kendaraan/add', {
      form: formData({ no_kabin: 'K-9', warna: 'Pink', expired_kir: '30-06-2026', km: '12.5km' }),
    })
    expect(bad.status).toBe(422)
    expect(bad.json.errors).toEqual({
      warna: ['Warna harus salah satu dari: Hitam, Putih, Cokelat, Hijau, Orange, Merah, Ungu, Kuning, Biru, Silver.'],
      expired_kir: ['Expired KIR harus berupa tanggal (YYYY-MM-DD).'],
      km: ['Km harus berupa bilangan bulat 0 atau lebih.'],
    })
    const refs = await api.post('/api/kendaraan/add', {
      json: { no_kabin: 'K-9', jenis_kendaraan_id: 9999, golongan_id: 9999, user_id: 9999 },
    })
    expect(refs.status).toBe(422)
    expect(refs.json.errors).toEqual({
      jenis_kendaraan_id: ['Jenis kendaraan yang dipilih tidak ditemukan.'],
      golongan_id: ['Golongan yang dipilih tidak ditemukan.'],
      user_id: ['Driver (user) yang dipilih tidak ditemukan.'],
    })
    const lower = await api.post('/api/kendaraan/add', { json: { no_kabin: 'K-9', warna: 'silver' } })
    expect(lower.json.data.warna).toBe('Silver')
    expect((await list()).filter((v) => v.no_kabin === 'K-9').length).toBe(1)
  })

  it('refuses a text file named foto.png and an image over 2 MB', async () => {
    const before = (await list()).length
    const text = await api.post('/api/kendaraan/add', { form: formData({ no_kabin: 'K-8', gambar_barcodesolar: textNamedPng() }) })
    expect(text.status).toBe(422)
    expect(text.json.errors.gambar_barcodesolar).toEqual(['File harus berupa gambar (PNG, JPG, GIF atau WebP).'])
    const big = await api.post('/api/kendaraan/add', { form: formData({ no_kabin: 'K-8', gambar_stnk: oversizedPng() }) })
    expect(big.status).toBe(422)
    expect(big.json.errors.gambar_stnk).toEqual(['Ukuran file maksimal 2 MB.'])
    expect((await list()).length).toBe(before)
    expect(existsSync(api.uploadsDir) ? readdirSync(api.uploadsDir) : []).toEqual([])
  })

  it('updates: files and km are kept when not sent, a new file replaces the old one', async () => {
    const created = (
      await api.post('/api/kendaraan/add', { form: formData({ ...fields(), gambar_barcodesolar: pngFile(), gambar_stnk: pngFile() }) })
    ).json.data
    const { km: _km, ...withoutKm } = fields()
    const res = await api.post(`/api/kendaraan/${created.id}/update`, {
      form: formData({ ...withoutKm, no_kabin: 'K-778', warna: 'Merah', user_id: '' }),
    })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Kendaraan berhasil diperbarui.')
    expect(res.json.data).toMatchObject({
      id: created.id,
      kode_kendaraan: created.kode_kendaraan,
      no_kabin: 'K-778',
      warna: 'Merah',
      user_id: null,
      user: null,
      km: 123456,
      gambar_barcodesolar: created.gambar_barcodesolar,
      gambar_stnk: created.gambar_stnk,
    })
    expect((await list()).find((v) => v.id === created.id)).toEqual(res.json.data)

    const replaced = await api.post(`/api/kendaraan/${created.id}/update`, { form: formData({ ...fields(), gambar_stnk: pngFile() }) })
    expect(replaced.status).toBe(200)
    expect(replaced.json.data.gambar_stnk).not.toBe(created.gambar_stnk)
    expect(replaced.json.data.gambar_barcodesolar).toBe(created.gambar_barcodesolar)
    expect(existsSync(join(api.uploadsDir, created.gambar_stnk))).toBe(false)
    expect((await api.get(`/storage/uploads/${replaced.json.data.gambar_stnk}`)).status).toBe(200)
  })

  it('update: 404 for an unknown id, 422 for an empty no_kabin', async () => {
    expect((await api.post('/api/kendaraan/999999/update', { json: { no_kabin: 'X' } })).status).toBe(404)
    expect((await api.post('/api/kendaraan/k-101/update', { json: { no_kabin: 'X' } })).status).toBe(404)
    const id = (await list())[0].id
    const res = await api.post(`/api/kendaraan/${id}/update`, { json: { no_kabin: ' ' } })
    expect(res.status).toBe(422)
    expect(res.json.errors.no_kabin).toEqual(['No Kabin Kendaraan tidak boleh kosong!'])
  })

  it('the vehicle type cannot change while tyres are fitted', async () => {
    const v = (await api.post('/api/kendaraan/add', { json: { ...fields(), no_kabin: 'K-600' } })).json.data
    const ban = await api.db.q
      .insertInto('ban')
      .values({ kode_ban: 'BNUJI001', no_seri: 'SN-UJI-1', harga: 2500000, status: 'terpasang' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await api.db.q
      .insertInto('detail_pemasangan_ban')
      .values({ kendaraan_id: v.id, ban_id: ban.id, posisi_ban: '1A', km_pemasangan: 123456 })
      .execute()
    const other = jenis.find((j) => j.total_ban === 6)
    const res = await api.post(`/api/kendaraan/${v.id}/update`, { json: { ...fields(), no_kabin: 'K-600', jenis_kendaraan_id: other.id } })
    expect(res.status).toBe(422)
    expect(res.json.errors.jenis_kendaraan_id).toEqual([
      'Jenis kendaraan tidak dapat diubah selama masih ada ban terpasang pada kendaraan ini.',
    ])
    const same = await api.post(`/api/kendaraan/${v.id}/update`, { json: { ...fields(), no_kabin: 'K-600', km: 130000 } })
    expect(same.status).toBe(200)
    expect(same.json.data.km).toBe(130000)
    // a vehicle with fitted tyres cannot be deleted either
    const del = await api.del(`/api/kendaraan/${v.id}`)
    expect(del.status).toBe(409)
    expect(del.json.message).toBe('Kendaraan tidak dapat dihapus karena masih digunakan oleh data pemasangan ban.')
  })

  it('show: {data}; unknown or non-numeric id is 404', async () => {
    const first = (await list())[0]
    expect((await api.get(`/api/kendaraan/${first.id}/show`)).json.data).toEqual(first)
    const missing = await api.get('/api/kendaraan/999999/show')
    expect(missing.status).toBe(404)
    expect(missing.json.message).toBe('Kendaraan tidak ditemukan.')
    expect((await api.get('/api/kendaraan/abc/show')).status).toBe(404)
  })

  it('deletes a vehicle and its images; one with an STNK is 409; unknown is 404', async () => {
    const created = (await api.post('/api/kendaraan/add', { form: formData({ no_kabin: 'K-555', gambar_stnk: pngFile() }) })).json.data
    const res = await api.del(`/api/kendaraan/${created.id}`)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: 'Kendaraan berhasil dihapus.' })
    expect((await list()).some((v) => v.id === created.id)).toBe(false)
    expect(existsSync(join(api.uploadsDir, created.gambar_stnk))).toBe(false)
    expect((await api.del(`/api/kendaraan/${created.id}`)).status).toBe(404)

    const withStnk = (await api.post('/api/kendaraan/add', { json: { no_kabin: 'K-556' } })).json.data
    await api.db.q.insertInto('stnk').values({ kode_stnk: 'STUJI001', nama_pemilik: 'PT Armada Uji', kendaraan_id: withStnk.id }).execute()
    const blocked = await api.del(`/api/kendaraan/${withStnk.id}`)
    expect(blocked.status).toBe(409)
    expect(blocked.json).toEqual({ message: 'Kendaraan tidak dapat dihapus karena masih digunakan oleh data STNK.' })
    expect((await api.get(`/api/kendaraan/${withStnk.id}/show`)).status).toBe(200)
  })

  it('gives unique codes to concurrent saves', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.post('/api/kendaraan/add', { json: { no_kabin: `K-P${i}` } })),
    )
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201))
    expect(new Set(results.map((r) => r.json.data.kode_kendaraan)).size).toBe(12)
  })

  it('needs a token on every call', async () => {
    for (const [method, path] of [
      ['GET', '/api/kendaraan'],
      ['GET', '/api/kendaraan/1/show'],
      ['POST', '/api/kendaraan/add'],
      ['POST', '/api/kendaraan/1/update'],
      ['DELETE', '/api/kendaraan/1'],
    ]) {
      const form = method === 'POST' ? formData({ no_kabin: 'K-TOKEN' }) : undefined
      const res = await api.request(method, path, { token: null, form })
      expect(res.status, `${method} ${path}`).toBe(401)
    }
    const rows = await list()
    expect(rows.some((v) => v.no_kabin === 'K-TOKEN')).toBe(false)
    expect(rows.some((v) => v.id === 1)).toBe(true)
  })
})
