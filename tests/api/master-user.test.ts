import { beforeEach, describe, expect, it } from 'vitest'
import { formData, makeApi, type Json } from './harness.ts'

describe('/api/user', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  let karyawan: Json[]
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
    karyawan = (await api.get('/api/karyawan')).json
  })

  const list = async () => (await api.get('/api/user')).json as Json[]
  const karyawanNamed = (nama: string) => karyawan.find((k) => k.nama_lengkap === nama)

  it('lists users with karyawan {id, nama_lengkap} and never a password hash', async () => {
    const res = await api.get('/api/user')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.json)).toBe(true)
    const admin = res.json.find((u: Json) => u.kode_user === 'admin')
    expect(admin).toMatchObject({ nama_user: 'Administrator', qrcode_user: expect.stringMatching(/^US\d{6}$/) })
    expect(admin.karyawan).toEqual({ id: admin.karyawan_id, nama_lengkap: 'Administrator Sistem' })
    expect(Object.keys(admin)).toEqual(
      expect.arrayContaining(['id', 'kode_user', 'qrcode_user', 'karyawan_id', 'nama_user', 'telp', 'alamat', 'karyawan']),
    )
    expect(JSON.stringify(res.json)).not.toMatch(/password|\$2[aby]\$/)
  })

  it('adds a user linked to a karyawan; with a password the account can log in', async () => {
    const k = karyawanNamed('Rina Marlina')
    const res = await api.post('/api/user/add', {
      form: formData({
        karyawan_id: k.id,
        nama_user: 'Rina',
        kode_user: 'rina.keu',
        telp: '0896',
        alamat: 'Tegal',
        password: 'rahasia123',
      }),
    })
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('User berhasil ditambahkan.')
    expect(res.json.data).toMatchObject({
      kode_user: 'rina.keu',
      nama_user: 'Rina',
      telp: '0896',
      alamat: 'Tegal',
      karyawan_id: k.id,
      karyawan: { id: k.id, nama_lengkap: 'Rina Marlina' },
    })
    expect(res.json.data.qrcode_user).toMatch(/^US\d{6}$/)
    expect(JSON.stringify(res.json)).not.toContain('password')
    expect((await list()).find((u) => u.id === res.json.data.id)).toEqual(res.json.data)
    const login = await api.post('/api/login', { json: { kode_user: 'rina.keu', password: 'rahasia123' }, token: null })
    expect(login.status).toBe(200)
    expect(login.json.user.karyawan.nama_lengkap).toBe('Rina Marlina')
  })

  it('without a password the account exists but cannot log in', async () => {
    const res = await api.post('/api/user/add', { json: { karyawan_id: karyawanNamed('Eko Saputra').id, kode_user: 'eko' } })
    expect(res.status).toBe(201)
    expect(res.json.data.nama_user).toBeNull()
    const login = await api.post('/api/login', { json: { kode_user: 'eko', password: 'apa saja' }, token: null })
    expect(login.status).toBe(401)
  })

  it('refuses a missing karyawan, an unknown karyawan, a missing or taken kode_user', async () => {
    const none = await api.post('/api/user/add', { json: { kode_user: 'baru', nama_user: 'Baru' } })
    expect(none.status).toBe(422)
    expect(none.json.errors.karyawan_id).toEqual(['Silakan pilih karyawan terlebih dahulu!'])
    expect(none.json.message).toBe('Silakan pilih karyawan terlebih dahulu!')
    const unknown = await api.post('/api/user/add', { json: { karyawan_id: 99999, kode_user: 'baru' } })
    expect(unknown.status).toBe(422)
    expect(unknown.json.errors).toEqual({ karyawan_id: ['Karyawan yang dipilih tidak ditemukan.'] })
    const noKode = await api.post('/api/user/add', { json: { karyawan_id: karyawan[0].id, kode_user: ' ' } })
    expect(noKode.status).toBe(422)
    expect(noKode.json.errors.kode_user).toEqual(['Kode user wajib diisi.'])
    const taken = await api.post('/api/user/add', { json: { karyawan_id: karyawan[0].id, kode_user: 'ADMIN' } })
    expect(taken.status).toBe(422)
    expect(taken.json.errors).toEqual({ kode_user: ['Kode user sudah digunakan.'] })
    const short = await api.post('/api/user/add', { json: { karyawan_id: karyawan[0].id, kode_user: 'pendek', password: '123' } })
    expect(short.status).toBe(422)
    expect(short.json.errors.password).toEqual(['Password minimal 8 karakter.'])
    expect((await list()).some((u) => u.kode_user === 'baru' || u.kode_user === 'pendek')).toBe(false)
  })

  it('a password needs 8 characters after trimming, counted as characters: 123456, eight spaces and four emoji are refused', async () => {
    for (const password of ['123456', '1234567', ' '.repeat(8), '  1234567  ', '😀😀😀😀', '\u00e9'.repeat(7)]) {
      const res = await api.post('/api/user/add', { json: { karyawan_id: karyawan[0].id, kode_user: 'aturan', password } })
      expect(res.status, JSON.stringify(password)).toBe(422)
      expect(res.json.errors, JSON.stringify(password)).toEqual({ password: ['Password minimal 8 karakter.'] })
    }
    expect((await list()).some((u) => u.kode_user === 'aturan')).toBe(false)
    // Eight emoji are eight characters: taken, and the password logs in as typed.
    const ok = await api.post('/api/user/add', { json: { karyawan_id: karyawan[0].id, kode_user: 'aturan', password: '😀'.repeat(8) } })
    expect(ok.status).toBe(201)
    expect((await api.post('/api/login', { json: { kode_user: 'aturan', password: '😀'.repeat(8) }, token: null })).status).toBe(200)
  })

  it('older form: POST /api/user {kode_user} creates a user with only kode_user', async () => {
    const res = await api.post('/api/user', { json: { kode_user: 'lama.form' } })
    expect(res.status).toBe(201)
    expect(res.json.data).toMatchObject({ kode_user: 'lama.form', karyawan_id: null, karyawan: null, nama_user: null })
    expect((await list()).some((u) => u.kode_user === 'lama.form')).toBe(true)
    const empty = await api.post('/api/user', { json: { kode_user: '' } })
    expect(empty.status).toBe(422)
    expect(empty.json.errors.kode_user).toEqual(['Nama User tidak boleh kosong!'])
    const taken = await api.post('/api/user', { json: { kode_user: 'lama.form' } })
    expect(taken.status).toBe(422)
    expect(taken.json.errors.kode_user).toEqual(['Kode user sudah digunakan.'])
  })

  it('older form: PUT /api/user/{id} {kode_user} renames; empty is 422; taken is 422; unknown is 404', async () => {
    const created = (await api.post('/api/user', { json: { kode_user: 'nama.lama' } })).json.data
    const res = await api.put(`/api/user/${created.id}`, { json: { kode_user: 'nama.baru' } })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('User berhasil diperbarui.')
    expect(res.json.data).toMatchObject({ id: created.id, kode_user: 'nama.baru', qrcode_user: created.qrcode_user })
    expect((await list()).find((u) => u.id === created.id).kode_user).toBe('nama.baru')
    // renaming to its own name is not a clash
    expect((await api.put(`/api/user/${created.id}`, { json: { kode_user: 'nama.baru' } })).status).toBe(200)
    const empty = await api.put(`/api/user/${created.id}`, { form: formData({ kode_user: '  ' }) })
    expect(empty.status).toBe(422)
    expect(empty.json.errors.kode_user).toEqual(['Nama User tidak boleh kosong!'])
    const taken = await api.put(`/api/user/${created.id}`, { json: { kode_user: 'admin' } })
    expect(taken.status).toBe(422)
    expect(taken.json.errors.kode_user).toEqual(['Kode user sudah digunakan.'])
    expect((await api.put('/api/user/999999', { json: { kode_user: 'x' } })).status).toBe(404)
    expect((await api.put('/api/user/abc', { json: { kode_user: 'x' } })).status).toBe(404)
  })

  it('deletes a user (its vehicles lose the driver); deleting yourself is 409; unknown is 404', async () => {
    const users = await list()
    const driver = users.find((u) => u.kode_user === 'budi.driver')
    const vehiclesBefore = ((await api.get('/api/kendaraan')).json as Json[]).filter((v) => v.user_id === driver.id)
    expect(vehiclesBefore.length).toBeGreaterThan(0)
    const res = await api.del(`/api/user/${driver.id}`)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: 'User berhasil dihapus.' })
    expect((await list()).some((u) => u.id === driver.id)).toBe(false)
    const vehicle = ((await api.get('/api/kendaraan')).json as Json[]).find((v) => v.id === vehiclesBefore[0].id)
    expect(vehicle).toMatchObject({ user_id: null, user: null })
    expect((await api.del(`/api/user/${driver.id}`)).status).toBe(404)

    const admin = users.find((u) => u.kode_user === 'admin')
    const self = await api.del(`/api/user/${admin.id}`)
    expect(self.status).toBe(409)
    expect(self.json.message).toBe('Anda tidak dapat menghapus akun Anda sendiri.')
    expect((await list()).some((u) => u.id === admin.id)).toBe(true)
  })

  it('needs a token on every call', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/user'],
      ['POST', '/api/user/add'],
      ['POST', '/api/user'],
      ['PUT', '/api/user/1'],
      ['DELETE', '/api/user/2'],
    ]
    for (const [method, path] of calls) {
      const json = method === 'GET' || method === 'DELETE' ? undefined : { kode_user: 'tanpa.token', karyawan_id: 1 }
      const res = await api.request(method, path, { token: null, json })
      expect(res.status, `${method} ${path}`).toBe(401)
    }
    expect((await list()).some((u) => u.kode_user === 'tanpa.token')).toBe(false)
  })
})
