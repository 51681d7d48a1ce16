import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { formData, makeApi, PNG_1x1, pngFile, type Json } from './harness.ts'

const textNamedPng = () =>
  new File([new TextEncoder().encode('ini hanya teks, bukan gambar sama sekali')], 'foto.png', { type: 'image/png' })
const oversizedPng = () => {
  const bytes = new Uint8Array(2 * 1024 * 1024 + 512)
  bytes.set(PNG_1x1)
  return new File([bytes], 'besar.png', { type: 'image/png' })
}

const fullKaryawan = (departemenId: number) => ({
  nama_lengkap: 'Rahmat Hidayat',
  nama_kecil: 'Rahmat',
  gender: 'Laki-laki',
  departemen_id: departemenId,
  no_ktp: '3328010101900001',
  no_sim: '900101280001',
  tanggal_lahir: '1990-01-01',
  tanggal_gabung: '2024-03-04',
  telp: '081234567890',
  gmail: 'rahmat@gmail.com',
  alamat: 'Jl. Pancasila No. 3, Tegal',
  atas_nama: 'Rahmat Hidayat',
  norek: '1234567890',
  nama_bank: 'BCA',
})

describe('/api/karyawan', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  let depId: number
  let depNama: string
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
    const deps = (await api.get('/api/departemen')).json
    depId = deps[1].id
    depNama = deps[1].nama
  })

  const list = async () => (await api.get('/api/karyawan')).json as Json[]

  it('lists karyawan as a plain array by id with departemen {id, nama}', async () => {
    const res = await api.get('/api/karyawan')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.json)).toBe(true)
    expect(res.json.length).toBeGreaterThanOrEqual(13)
    const ids = res.json.map((k: Json) => k.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    const admin = res.json.find((k: Json) => k.nama_lengkap === 'Administrator Sistem')
    expect(admin.departemen).toEqual({ id: admin.departemen_id, nama: 'IT' })
    expect(admin.kode_karyawan).toMatch(/^KY\d{6}$/)
    expect(admin.qrcode_karyawan).toBe(admin.kode_karyawan)
  })

  it('adds from multipart with every field and both photos; the row is stored as answered', async () => {
    const form = formData({ ...fullKaryawan(depId), id: 999, gambar: pngFile('ktp.png'), ft_sim: pngFile('sim.png') })
    const res = await api.post('/api/karyawan/add', { form })
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('Karyawan berhasil ditambahkan.')
    const data = res.json.data
    expect(data.id).not.toBe(999)
    expect(data).toMatchObject({ ...fullKaryawan(depId), departemen: { id: depId, nama: depNama } })
    expect(data.kode_karyawan).toMatch(/^KY\d{6}$/)
    expect(data.qrcode_karyawan).toBe(data.kode_karyawan)
    expect(data.gambar).toMatch(/^[\w-]+\.png$/)
    expect(data.ft_sim).toMatch(/^[\w-]+\.png$/)
    expect(data.gambar).not.toBe(data.ft_sim)
    const stored = (await list()).find((k) => k.id === data.id)
    expect(stored).toEqual(data)
  })

  it('serves an uploaded photo at /storage/uploads/{name} to a token holding Show on Karyawan', async () => {
    const res = await api.post('/api/karyawan/add', { form: formData({ nama_lengkap: 'Foto', gambar: pngFile() }) })
    const token = await api.login()
    const file = await api.app.request(`/storage/uploads/${res.json.data.gambar}`, { headers: { Authorization: `Bearer ${token}` } })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_1x1)
  })

  it('accepts JSON too; empty strings are null; gender and bank are matched without case', async () => {
    const res = await api.post('/api/karyawan/add', {
      json: { nama_lengkap: '  Siti Aminah ', nama_kecil: '', gender: 'perempuan', nama_bank: 'mandiri', departemen_id: '' },
    })
    expect(res.status).toBe(201)
    expect(res.json.data).toMatchObject({
      nama_lengkap: 'Siti Aminah',
      nama_kecil: null,
      gender: 'Perempuan',
      nama_bank: 'MANDIRI',
      departemen_id: null,
      departemen: null,
      gambar: null,
    })
  })

  it('refuses an empty nama_lengkap with the spec message', async () => {
    const res = await api.post('/api/karyawan/add', { form: formData({ nama_lengkap: '   ', telp: '0812' }) })
    expect(res.status).toBe(422)
    expect(res.json.message).toBe('Nama Karyawan tidak boleh kosong!')
    expect(res.json.errors).toEqual({ nama_lengkap: ['Nama Karyawan tidak boleh kosong!'] })
  })

  it('refuses a bad gender, bank, date and an unknown departemen with 422 field errors', async () => {
    const bad = await api.post('/api/karyawan/add', {
      form: formData({ nama_lengkap: 'X', gender: 'Pria', nama_bank: 'BANK ANTAH', tanggal_lahir: '1990-02-30' }),
    })
    expect(bad.status).toBe(422)
    expect(bad.json.errors.gender).toEqual(['Gender harus Laki-laki atau Perempuan.'])
    expect(bad.json.errors.nama_bank[0]).toMatch(/^Nama bank harus salah satu dari: BRI, MANDIRI/)
    expect(bad.json.errors.tanggal_lahir).toEqual(['Tanggal lahir harus berupa tanggal (YYYY-MM-DD).'])
    const dep = await api.post('/api/karyawan/add', { form: formData({ nama_lengkap: 'X', departemen_id: 99999 }) })
    expect(dep.status).toBe(422)
    expect(dep.json.errors).toEqual({ departemen_id: ['Departemen yang dipilih tidak ditemukan.'] })
    expect((await list()).some((k) => k.nama_lengkap === 'X')).toBe(false)
  })

  it('refuses a text file named foto.png and a file over 2 MB, storing nothing', async () => {
    const before = (await list()).length
    const text = await api.post('/api/karyawan/add', { form: formData({ nama_lengkap: 'A', gambar: textNamedPng() }) })
    expect(text.status).toBe(422)
    expect(text.json.errors.gambar).toEqual(['File harus berupa gambar (PNG, JPG, GIF atau WebP).'])
    const big = await api.post('/api/karyawan/add', { form: formData({ nama_lengkap: 'A', gambar: pngFile(), ft_sim: oversizedPng() }) })
    expect(big.status).toBe(422)
    expect(big.json.errors.ft_sim).toEqual(['Ukuran file maksimal 2 MB.'])
    expect((await list()).length).toBe(before)
    // the valid gambar of the refused save is not left behind
    expect(existsSync(api.uploadsDir) ? readdirSync(api.uploadsDir) : []).toEqual([])
  })

  it('updates every field, keeps the photos when no new file is sent, replaces one when sent', async () => {
    const created = (
      await api.post('/api/karyawan/add', { form: formData({ nama_lengkap: 'Lama', gambar: pngFile(), ft_sim: pngFile() }) })
    ).json.data
    const upd = await api.post(`/api/karyawan/${created.id}/update`, {
      form: formData({ ...fullKaryawan(depId), nama_lengkap: 'Baru', gambar: created.gambar, ft_sim: new File([], '') }),
    })
    expect(upd.status).toBe(200)
    expect(upd.json.message).toBe('Karyawan berhasil diperbarui.')
    expect(upd.json.data).toMatchObject({ ...fullKaryawan(depId), nama_lengkap: 'Baru', gambar: created.gambar, ft_sim: created.ft_sim })
    expect(upd.json.data.kode_karyawan).toBe(created.kode_karyawan)
    const stored = (await list()).find((k) => k.id === created.id)
    expect(stored.nama_lengkap).toBe('Baru')
    expect(stored.gambar).toBe(created.gambar)

    const replaced = await api.post(`/api/karyawan/${created.id}/update`, { form: formData({ nama_lengkap: 'Baru', gambar: pngFile() }) })
    expect(replaced.status).toBe(200)
    expect(replaced.json.data.gambar).not.toBe(created.gambar)
    expect(replaced.json.data.ft_sim).toBe(created.ft_sim)
    // the whole form is sent: a field left out is cleared
    expect(replaced.json.data.telp).toBeNull()
    expect(existsSync(join(api.uploadsDir, created.gambar))).toBe(false)
    expect((await api.get(`/storage/uploads/${replaced.json.data.gambar}`)).status).toBe(200)
  })

  it('update: 404 for unknown or non-numeric id, 422 for empty name', async () => {
    expect((await api.post('/api/karyawan/999999/update', { form: formData({ nama_lengkap: 'X' }) })).status).toBe(404)
    const nan = await api.post('/api/karyawan/abc/update', { form: formData({ nama_lengkap: 'X' }) })
    expect(nan.status).toBe(404)
    expect(nan.json.message).toBe('Karyawan tidak ditemukan.')
    const id = (await list())[1].id
    const res = await api.post(`/api/karyawan/${id}/update`, { form: formData({ nama_lengkap: '' }) })
    expect(res.status).toBe(422)
    expect(res.json.errors.nama_lengkap).toEqual(['Nama Karyawan tidak boleh kosong!'])
  })

  it('deletes (200 {message}) and its photos; unknown id is 404', async () => {
    const created = (await api.post('/api/karyawan/add', { form: formData({ nama_lengkap: 'Hapus Saya', gambar: pngFile() }) })).json.data
    const res = await api.del(`/api/karyawan/${created.id}`)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: 'Karyawan berhasil dihapus.' })
    expect((await list()).some((k) => k.id === created.id)).toBe(false)
    expect(existsSync(join(api.uploadsDir, created.gambar))).toBe(false)
    expect((await api.del(`/api/karyawan/${created.id}`)).status).toBe(404)
    expect((await api.del('/api/karyawan/x1')).status).toBe(404)
  })

  it('refuses (409, naming the user) to delete a karyawan a user belongs to, instead of unlinking it', async () => {
    const created = (await api.post('/api/karyawan/add', { form: formData({ nama_lengkap: 'Punya Akun', gambar: pngFile() }) })).json.data
    const user = (await api.post('/api/user/add', { json: { karyawan_id: created.id, kode_user: 'punya.akun' } })).json.data
    const res = await api.del(`/api/karyawan/${created.id}`)
    expect(res.status).toBe(409)
    expect(res.json).toEqual({ message: 'Karyawan tidak dapat dihapus karena masih digunakan oleh 1 user.' })
    expect((await list()).some((k) => k.id === created.id)).toBe(true)
    expect(existsSync(join(api.uploadsDir, created.gambar))).toBe(true)
    const users = (await api.get('/api/user')).json as Json[]
    expect(users.find((u) => u.id === user.id)).toMatchObject({ karyawan_id: created.id, karyawan: { nama_lengkap: 'Punya Akun' } })
    // Once the user is gone, the karyawan may go.
    expect((await api.del(`/api/user/${user.id}`)).status).toBe(200)
    expect((await api.del(`/api/karyawan/${created.id}`)).status).toBe(200)
  })

  it('gives unique codes to concurrent saves', async () => {
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => api.post('/api/karyawan/add', { form: formData({ nama_lengkap: `K${i}` }) })),
    )
    expect(results.every((r) => r.status === 201)).toBe(true)
    expect(new Set(results.map((r) => r.json.data.kode_karyawan)).size).toBe(15)
  })

  it('needs a token on every call', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/karyawan'],
      ['POST', '/api/karyawan/add'],
      ['POST', '/api/karyawan/1/update'],
      ['DELETE', '/api/karyawan/1'],
    ]
    for (const [method, path] of calls) {
      const form = method === 'POST' ? formData({ nama_lengkap: 'X' }) : undefined
      const res = await api.request(method, path, { token: null, form })
      expect(res.status, `${method} ${path}`).toBe(401)
      expect(res.json).toEqual({ message: 'Unauthenticated.' })
    }
    expect((await list()).some((k) => k.nama_lengkap === 'X')).toBe(false)
  })
})
