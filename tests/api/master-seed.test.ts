import { beforeAll, describe, expect, it } from 'vitest'
import { makeApi, type Json } from './harness.ts'

const NAMA_BANK = [
  'BRI',
  'MANDIRI',
  'BNI',
  'BTN',
  'DANAMON',
  'BCA',
  'PERMATA',
  'PAN',
  'CIMB NIAGA',
  'UOB',
  'ARTHA GRAHA',
  'BUMI ARTHA',
  'MEGA',
  'SYARIAH',
  'MEGA SYARIAH',
]
const WARNA = ['Hitam', 'Putih', 'Cokelat', 'Hijau', 'Orange', 'Merah', 'Ungu', 'Kuning', 'Biru', 'Silver']

describe('master demo seed', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  const get = async (path: string) => (await api.get(path)).json as Json[]
  beforeAll(async () => {
    api = await makeApi()
    await api.login()
  })

  it('has ~12 karyawan besides the admin, across departments, with valid choices and no photos', async () => {
    const karyawan = await get('/api/karyawan')
    expect(karyawan.length).toBeGreaterThanOrEqual(13)
    expect(new Set(karyawan.map((k) => k.departemen?.nama)).size).toBeGreaterThanOrEqual(6)
    expect(new Set(karyawan.map((k) => k.gender))).toEqual(new Set(['Laki-laki', 'Perempuan']))
    for (const k of karyawan) {
      expect(k.kode_karyawan).toMatch(/^KY\d{6}$/)
      if (k.nama_bank !== null) expect(NAMA_BANK).toContain(k.nama_bank)
      expect(k.gambar).toBeNull()
      expect(k.ft_sim).toBeNull()
    }
    expect(new Set(karyawan.map((k) => k.kode_karyawan)).size).toBe(karyawan.length)
  })

  it('has users linked to karyawan; two of them log in with demo12345, the others cannot', async () => {
    const users = await get('/api/user')
    expect(users.length).toBeGreaterThanOrEqual(6)
    expect(users.every((u) => u.karyawan !== null)).toBe(true)
    for (const kode_user of ['sri.keuangan', 'hendra.gudang']) {
      const res = await api.post('/api/login', { json: { kode_user, password: 'demo12345' }, token: null })
      expect(res.status, kode_user).toBe(200)
    }
    const driver = await api.post('/api/login', { json: { kode_user: 'budi.driver', password: 'demo12345' }, token: null })
    expect(driver.status).toBe(401)
  })

  it('grants some features to some users', async () => {
    const users = await get('/api/user')
    const granted = await Promise.all(
      users
        .filter((u) => u.kode_user !== 'admin')
        .map(async (u) => Object.keys((await api.get(`/api/akses/${u.id}/edit`)).json.userMenu).length),
    )
    expect(granted.filter((n) => n > 0).length).toBeGreaterThanOrEqual(2)
    expect(granted.some((n) => n === 0)).toBe(true)
  })

  it('has 6 suppliers with Indonesian contacts, NPWP and banks from the list', async () => {
    const suppliers = await get('/api/supplier')
    expect(suppliers.length).toBeGreaterThanOrEqual(6)
    for (const s of suppliers.slice(0, 6)) {
      expect(s.nama_supp).toMatch(/^(PT|CV|UD) /)
      expect(s.npwp).toMatch(/^\d{2}\.\d{3}\.\d{3}\.\d-\d{3}\.\d{3}$/)
      expect(NAMA_BANK).toContain(s.nama_bank)
      expect(s.alamat).toBeTruthy()
    }
  })

  it('has the tyre sizes, brands, types and golongan', async () => {
    const ukuran = (await get('/api/ukuran')).map((u) => u.nama)
    expect(ukuran).toEqual(expect.arrayContaining(['1000-20', '11R22.5', '295/80R22.5', '275/70R22.5', '7.50-16', '215/75R17.5']))
    const merek = (await get('/api/merek')).map((m) => m.nama_merek)
    expect(merek).toEqual(expect.arrayContaining(['Bridgestone', 'GT Radial', 'Dunlop', 'Michelin', 'Goodyear', 'Swallow']))
    const typeban = (await get('/api/typeban')).map((t) => t.nama_type)
    expect(typeban).toEqual(expect.arrayContaining(['Radial', 'Bias', 'Tubeless', 'Tube Type']))
    const golongan = (await get('/api/golongan')).map((g) => g.nama_golongan)
    expect(golongan).toEqual(expect.arrayContaining(['Golongan II', 'Golongan III', 'Golongan IV', 'Golongan V']))
  })

  it('has vehicle types of 6, 10, 18 and 22 tyres with dimensions in metres', async () => {
    const jenis = await get('/api/jenis_kendaraan')
    expect(jenis.map((j) => j.total_ban)).toEqual(expect.arrayContaining([6, 10, 18, 22]))
    for (const j of jenis) {
      expect(j.panjang).toBeGreaterThan(3)
      expect(j.panjang).toBeLessThan(25)
      expect(j.lebar).toBeGreaterThan(1.5)
      expect(j.lebar).toBeLessThanOrEqual(2.6)
      expect(j.tinggi).toBeGreaterThan(1.5)
    }
  })

  it('has at least 14 vehicles covering every type, some with a driver, papers expiring within a year', async () => {
    const kendaraan = await get('/api/kendaraan')
    const jenis = await get('/api/jenis_kendaraan')
    expect(kendaraan.length).toBeGreaterThanOrEqual(14)
    const seeded = kendaraan.filter((v) => /^K-\d{3}$/.test(v.no_kabin))
    expect(seeded.length).toBeGreaterThanOrEqual(14)
    for (const j of jenis)
      expect(
        seeded.some((v) => v.jenis_kendaraan_id === j.id),
        j.nama_jenis_kendaraan,
      ).toBe(true)
    expect(seeded.filter((v) => v.user !== null).length).toBeGreaterThanOrEqual(3)
    const today = new Date().toISOString().slice(0, 10)
    const aMonthAgo = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10)
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
    const inAYear = new Date(Date.now() + 366 * 86_400_000).toISOString().slice(0, 10)
    // Some documents past due and some due within 30 days (the dashboard shows them).
    const dates = seeded.flatMap((v) => [v.expired_kir, v.expired_stnk])
    expect(dates.filter((d) => d < today).length).toBeGreaterThanOrEqual(2)
    expect(dates.filter((d) => d >= today && d <= inAMonth).length).toBeGreaterThanOrEqual(2)
    for (const v of seeded) {
      expect(v.no_pol).toMatch(/^[A-Z]{1,2} \d{1,4} [A-Z]{1,3}$/)
      expect(WARNA).toContain(v.warna)
      expect(v.km).toBeGreaterThan(50_000)
      expect(v.jenis_kendaraan.total_ban).toBeGreaterThan(0)
      expect(v.golongan).not.toBeNull()
      for (const d of [v.expired_kir, v.expired_stnk]) {
        expect(d >= aMonthAgo && d <= inAYear, `${v.no_kabin} ${d}`).toBe(true)
      }
    }
    expect(new Set(seeded.map((v) => v.no_kabin)).size).toBe(seeded.length)
  })
})
