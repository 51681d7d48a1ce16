import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formData, makeApi, PNG_1x1, pngFile, userWithGrants } from './harness.ts'

/**
 * Uploaded photos are the records' own data: /storage/uploads/{name} needs a token, and Show (or
 * Update: the edit dialog previews the current photo) on the menu of the record that holds the
 * photo; it answers `Cache-Control: private, no-store`, nosniff and `default-src 'none'`.
 */

type Api = Awaited<ReturnType<typeof makeApi>>

async function withPhotos() {
  const api = await makeApi()
  await api.login()
  const k = await api.post('/api/karyawan/add', {
    form: formData({ nama_lengkap: 'Pemilik KTP', gambar: pngFile(), ft_sim: pngFile('sim.png') }),
  })
  expect(k.status, JSON.stringify(k.json)).toBe(201)
  const v = await api.post('/api/kendaraan/add', { form: formData({ no_kabin: 'K-FOTO', gambar_stnk: pngFile() }) })
  expect(v.status, JSON.stringify(v.json)).toBe(201)
  return { api, ktp: k.json.data.gambar as string, sim: k.json.data.ft_sim as string, stnk: v.json.data.gambar_stnk as string }
}

const photo = (api: Api, name: string, token: string | null) =>
  api.app.request(`/storage/uploads/${name}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })

describe('uploaded photos need the grant of the record that holds them', { timeout: 30_000 }, () => {
  it('no token → 401; a revoked or made-up token → 401', async () => {
    const { api, ktp } = await withPhotos()
    const none = await photo(api, ktp, null)
    expect(none.status).toBe(401)
    expect(none.headers.get('content-type')).toContain('application/json')
    expect((await photo(api, ktp, 'bukan-token')).status).toBe(401)
  })

  it("Select on User only → 403 on the KTP and SIM photos, with the api's message", async () => {
    const { api, ktp, sim } = await withPhotos()
    const userOnly = await userWithGrants(api, 'foto-user', { '/admin/user': [] })
    for (const name of [ktp, sim]) {
      const res = await photo(api, name, userOnly.token)
      expect(res.status, name).toBe(403)
      expect(await res.json()).toEqual({ message: 'Anda tidak memiliki akses ke menu ini.' })
    }
  })

  it('Select on Karyawan without Show or Update → 403 "no permission"; Show on Kendaraan does not open a Karyawan photo', async () => {
    const { api, ktp, stnk } = await withPhotos()
    const selectOnly = await userWithGrants(api, 'foto-select', { '/admin/karyawan': [], '/admin/kendaraan': ['show'] })
    const res = await photo(api, ktp, selectOnly.token)
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: 'Anda tidak memiliki izin untuk tindakan ini.' })
    expect((await photo(api, stnk, selectOnly.token)).status).toBe(200)
  })

  it('Select + Show on Karyawan → 200, the bytes, private no-store, nosniff, default-src none', async () => {
    const { api, ktp, sim, stnk } = await withPhotos()
    const shower = await userWithGrants(api, 'foto-show', { '/admin/karyawan': ['show'] })
    for (const name of [ktp, sim]) {
      const res = await photo(api, name, shower.token)
      expect(res.status, name).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'")
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG_1x1)
    }
    // A vehicle's photo is the Kendaraan menu's.
    expect((await photo(api, stnk, shower.token)).status).toBe(403)
  })

  it('Select + Update on Karyawan (the edit dialog shows the current photo) → 200', async () => {
    const { api, ktp } = await withPhotos()
    const editor = await userWithGrants(api, 'foto-edit', { '/admin/karyawan': ['update'] })
    expect((await photo(api, ktp, editor.token)).status).toBe(200)
  })

  it("an STNK document's photo needs Show or Update on STNK", async () => {
    const { api } = await withPhotos()
    const name = '1700000000000-0123456789abcdef.png'
    writeFileSync(join(api.uploadsDir, name), PNG_1x1)
    await api.db.q
      .insertInto('stnk')
      .values({ kode_stnk: 'ST-FOTO', qrcode_stnk: 'ST-FOTO', nama_pemilik: 'PT Foto', gambar: name })
      .execute()
    const karyawanShow = await userWithGrants(api, 'foto-k', { '/admin/karyawan': ['show'] })
    expect((await photo(api, name, karyawanShow.token)).status).toBe(403)
    const stnkShow = await userWithGrants(api, 'foto-s', { '/admin/stnk': ['show'] })
    expect((await photo(api, name, stnkShow.token)).status).toBe(200)
  })

  it('a file no record holds → 404, even for admin and even when it lies in the uploads folder', async () => {
    const { api } = await withPhotos()
    const token = await api.login()
    expect((await photo(api, 'tidak-ada.png', token)).status).toBe(404)
    const stray = '1700000000000-fedcba9876543210.png'
    writeFileSync(join(api.uploadsDir, stray), PNG_1x1)
    const res = await photo(api, stray, token)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'File tidak ditemukan.' })
  })

  it('names that try to leave the uploads folder are refused', async () => {
    const { api } = await withPhotos()
    const token = await api.login()
    for (const name of [
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2fpackage.json',
      '..%5C..%5Cetc%5Cpasswd',
      '%2Fetc%2Fpasswd',
      '..',
      '.hidden.png',
      'a.svg',
      'a.html',
    ]) {
      const res = await photo(api, name, token)
      expect(res.status, name).toBe(404)
      expect(await res.text(), name).not.toContain('root:')
    }
  })
})
