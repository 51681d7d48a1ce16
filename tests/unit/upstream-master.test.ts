import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { listOf, recordOf } from '~/upstream/normalize'
import { banSchema } from '~/upstream/schemas/ban'
import { jenisKendaraanSchema } from '~/upstream/schemas/jenis-kendaraan'
import { karyawanSchema } from '~/upstream/schemas/karyawan'
import { kendaraanSchema } from '~/upstream/schemas/kendaraan'
import { stnkSchema } from '~/upstream/schemas/stnk'
import { supplierSchema } from '~/upstream/schemas/supplier'
import { userSchema } from '~/upstream/schemas/user'
import { SIMPLE_MASTERS } from '~/lib/simple-master'
import { simpleMasterRowSchema } from '~/upstream/simple-master.server'

const ok = <T extends z.ZodType>(s: T, v: unknown) => {
  const r = s.safeParse(v)
  if (!r.success) throw new Error(`expected success: ${r.error.message}`)
  return r.data as z.output<T>
}
const fails = (s: z.ZodType, v: unknown) => expect(s.safeParse(v).success).toBe(false)

describe('karyawan', () => {
  const reference = {
    id: 1,
    kode_karyawan: 'KY000001',
    qrcode_karyawan: 'KY000001',
    nama_lengkap: 'Budi Santoso',
    nama_kecil: 'Budi',
    gender: 'Laki-laki',
    departemen_id: 2,
    departemen: { id: 2, nama: 'Operasional' },
    no_ktp: '3171',
    no_sim: null,
    tanggal_lahir: '1990-05-01',
    tanggal_gabung: '2020-01-02',
    telp: '0812',
    gmail: 'budi@example.com',
    alamat: 'Jl. Mawar',
    atas_nama: 'Budi',
    norek: '123',
    nama_bank: 'BCA',
    gambar: 'a.png',
    ft_sim: null,
    created_at: '2024-01-01 00:00:00',
  }
  it('reads the reference shape and strips unknown fields', () => {
    const k = ok(karyawanSchema, reference)
    expect(k).toMatchObject({ id: 1, nama_lengkap: 'Budi Santoso', departemen: { id: 2, nama: 'Operasional' } })
    expect(k).not.toHaveProperty('created_at')
  })
  it('normalises a Laravel-style row: strings, "", datetimes, storage URLs, no QR text', () => {
    const k = ok(karyawanSchema, {
      ...reference,
      id: '7',
      qrcode_karyawan: '',
      departemen_id: '',
      departemen: null,
      no_ktp: 3171000,
      tanggal_lahir: '1990-05-01 00:00:00',
      tanggal_gabung: '0000-00-00',
      telp: '',
      gambar: 'http://upstream/storage/uploads/x.png',
    })
    expect(k).toMatchObject({
      id: 7,
      qrcode_karyawan: 'KY000001',
      departemen_id: null,
      departemen: null,
      no_ktp: '3171000',
      tanggal_lahir: '1990-05-01',
      tanggal_gabung: null,
      telp: null,
      gambar: 'x.png',
    })
  })
  it('a missing nama_lengkap is ""; a plain-string departemen is its name', () => {
    const k = ok(karyawanSchema, { id: 1, departemen: 'Gudang' })
    expect(k.nama_lengkap).toBe('')
    expect(k.departemen).toEqual({ id: null, nama: 'Gudang' })
  })
  it('fails without an id or with an impossible date', () => {
    fails(karyawanSchema, { ...reference, id: undefined })
    fails(karyawanSchema, { ...reference, tanggal_lahir: '31/12/1990' })
    fails(listOf(karyawanSchema), [reference, { ...reference, id: 'x' }])
  })
})

describe('user', () => {
  it('reads users with nested karyawan and never keeps a password', () => {
    const [u] = ok(listOf(userSchema), [
      {
        id: 1,
        kode_user: 'admin',
        qrcode_user: null,
        karyawan_id: '2',
        nama_user: 'Admin',
        telp: null,
        alamat: '',
        password: '$2y$10$hash',
        karyawan: { id: 2, nama_lengkap: 'Budi' },
      },
    ])
    expect(u).toEqual({
      id: 1,
      kode_user: 'admin',
      qrcode_user: 'admin',
      karyawan_id: 2,
      nama_user: 'Admin',
      telp: null,
      alamat: null,
      karyawan: { id: 2, nama_lengkap: 'Budi' },
    })
  })
  it('reads a list in data', () => {
    expect(ok(listOf(userSchema), { data: [{ id: 1, kode_user: 'x', karyawan: null }] })).toHaveLength(1)
  })
})

describe('supplier', () => {
  const base = { id: 1, kode_supplier: 'SP000001', nama_supp: 'PT Ban Jaya', nama_bank: 'BCA', departemen_id: null }
  it('reads qrcode_supplier', () => {
    expect(ok(supplierSchema, { ...base, qrcode_supplier: 'Q1' }).qrcode_supplier).toBe('Q1')
  })
  it('reads the spelling qrcode_Supplier into qrcode_supplier', () => {
    const s = ok(supplierSchema, { ...base, qrcode_Supplier: 'Q2' })
    expect(s.qrcode_supplier).toBe('Q2')
    expect(s).not.toHaveProperty('qrcode_Supplier')
  })
  it('prefers a non-empty qrcode_supplier; "" falls to qrcode_Supplier; none falls to the code', () => {
    expect(ok(supplierSchema, { ...base, qrcode_supplier: 'A', qrcode_Supplier: 'B' }).qrcode_supplier).toBe('A')
    expect(ok(supplierSchema, { ...base, qrcode_supplier: '', qrcode_Supplier: 'B' }).qrcode_supplier).toBe('B')
    expect(ok(supplierSchema, base).qrcode_supplier).toBe('SP000001')
  })
  it('reads every field, ids as numbers', () => {
    const s = ok(supplierSchema, { ...base, id: '4', departemen_id: '3', telp: 6221555, email: '' })
    expect(s).toMatchObject({ id: 4, departemen_id: 3, telp: '6221555', email: null, nama_person: null })
  })
  it('fails on a bad row', () => {
    fails(listOf(supplierSchema), [base, null])
    fails(supplierSchema, { ...base, departemen_id: 'Gudang' })
  })
})

describe('ukuran, merek, golongan, typeban', () => {
  const ukuranSchema = simpleMasterRowSchema(SIMPLE_MASTERS.ukuran)
  const merekSchema = simpleMasterRowSchema(SIMPLE_MASTERS.merek)
  const golonganSchema = simpleMasterRowSchema(SIMPLE_MASTERS.golongan)
  const typebanSchema = simpleMasterRowSchema(SIMPLE_MASTERS.typban)
  it('read their code, name and QR text', () => {
    expect(ok(ukuranSchema, { id: '1', kode_ukuran_ban: 'UK000001', nama: '11.00-20', qrcode_ukuran: null })).toEqual({
      id: 1,
      kode_ukuran_ban: 'UK000001',
      nama: '11.00-20',
      qrcode_ukuran: 'UK000001',
    })
    expect(ok(merekSchema, { id: 2, kode_merek: 'MB1', nama_merek: 'Bridgestone', qrcode_merek: 'MB1' }).nama_merek).toBe('Bridgestone')
    expect(ok(golonganSchema, { id: 3, kode_golongan: 'GL1', nama_golongan: 'III' }).qrcode_golongan).toBe('GL1')
    expect(ok(typebanSchema, { id: 4, kode_type: 'TB1', nama_type: 'Radial', qrcode_type: '' }).qrcode_type).toBe('TB1')
  })
  it('read lists in data.data', () => {
    expect(ok(listOf(merekSchema), { data: { data: [{ id: 1, nama_merek: 'A' }] } })[0].nama_merek).toBe('A')
  })
})

describe('jenis kendaraan', () => {
  it('reads numbers sent as strings', () => {
    const j = ok(jenisKendaraanSchema, {
      id: 1,
      kode_jenis_kendaraan: 'JK1',
      nama_jenis_kendaraan: 'Tronton',
      panjang: '12.50',
      lebar: 2.5,
      tinggi: '',
      total_ban: '10',
      qrcode_jenis_kendaraan: null,
    })
    expect(j).toMatchObject({ panjang: 12.5, lebar: 2.5, tinggi: null, total_ban: 10, qrcode_jenis_kendaraan: 'JK1' })
  })
  it('fails on an unreadable number', () => {
    fails(jenisKendaraanSchema, { id: 1, nama_jenis_kendaraan: 'X', total_ban: 'sepuluh' })
  })
})

describe('kendaraan', () => {
  const row = {
    id: 1,
    kode_kendaraan: 'KD000001',
    qrcode_kendaraan: 'KD000001',
    gpsid: 'G1',
    list_vehicle_id: 99,
    no_kabin: 'K-01',
    no_pol: 'B 1234 CD',
    no_rangka: 'R',
    no_mesin: 'M',
    jenis_kendaraan_id: 1,
    warna: 'Hitam',
    expired_kir: '2025-01-31',
    expired_stnk: '2026-02-28T00:00:00.000000Z',
    golongan_id: '2',
    user_id: null,
    km: '15000',
    gambar_barcodesolar: null,
    gambar_stnk: 'stnk.jpg',
    jenis_kendaraan: { id: 1, nama_jenis_kendaraan: 'Tronton', total_ban: '10' },
    golongan: { id: 2, nama_golongan: 'III' },
    user: { id: 5, kode_user: 'drv', nama_user: 'Driver', karyawan: { nama_lengkap: 'Joko' } },
  }
  it('reads nested type, golongan and driver', () => {
    const k = ok(kendaraanSchema, row)
    expect(k).toMatchObject({
      id: 1,
      list_vehicle_id: '99',
      golongan_id: 2,
      km: 15000,
      expired_stnk: '2026-02-28',
      jenis_kendaraan: { id: 1, nama_jenis_kendaraan: 'Tronton', total_ban: 10 },
      golongan: { id: 2, nama_golongan: 'III' },
      user: { id: 5, karyawan: { id: null, nama_lengkap: 'Joko' } },
    })
  })
  it('reads GET /api/kendaraan/{id}/show as {data} or bare', () => {
    expect(ok(recordOf(kendaraanSchema), { data: row }).id).toBe(1)
    expect(ok(recordOf(kendaraanSchema), row).id).toBe(1)
  })
  it('nested objects missing → null', () => {
    const k = ok(kendaraanSchema, { id: 2, no_kabin: 'K-02' })
    expect(k).toMatchObject({ jenis_kendaraan: null, golongan: null, user: null, km: null })
  })
  it('fails on a km that is not a number', () => {
    fails(kendaraanSchema, { ...row, km: '15.000 km' })
  })
})

describe('ban', () => {
  it('reads the tyre list', () => {
    const [b] = ok(listOf(banSchema), [
      {
        id: '3',
        kode_ban: 'BN000003',
        no_seri: 'SN-3',
        status: 'Stok',
        harga: '1500000.00',
        kondisi_ban: 'baru',
        pembelian_ban_id: '1',
        ukuran_id: 1,
        merek_id: null,
        typeban_id: '',
        ukuran: { id: 1, nama: '11.00-20' },
        merek: null,
        typeban: 'Radial',
      },
    ])
    expect(b).toEqual({
      id: 3,
      kode_ban: 'BN000003',
      no_seri: 'SN-3',
      status: 'stok',
      harga: 1500000,
      kondisi_ban: 'BARU',
      pembelian_ban_id: 1,
      ukuran_id: 1,
      merek_id: null,
      typeban_id: null,
      ukuran: { id: 1, nama: '11.00-20' },
      merek: null,
      typeban: { id: null, nama_type: 'Radial' },
      tebal_tapak_awal: null,
    })
  })
  it('fails on an unreadable price', () => {
    fails(banSchema, { id: 1, harga: 'Rp 1.500.000' })
  })
})

describe('stnk', () => {
  it('reads the row with nested vehicle and type', () => {
    const s = ok(stnkSchema, {
      id: 1,
      kode_stnk: 'ST000001',
      qrcode_stnk: null,
      nama_pemilik: 'PT Maju',
      kendaraan_id: '3',
      tahun_pembuatan: '2020',
      tahun_registrasi: 2021,
      expired_stnk: '2026-01-01 00:00:00',
      kendaraan: { id: 3, no_kabin: 'K-03', no_pol: 'B 1' },
      jenis_kendaraan: { id: 1, nama_jenis_kendaraan: 'Tronton' },
    })
    expect(s).toMatchObject({
      id: 1,
      qrcode_stnk: 'ST000001',
      kendaraan_id: 3,
      tahun_pembuatan: 2020,
      tahun_registrasi: 2021,
      expired_stnk: '2026-01-01',
      kendaraan: { id: 3, no_kabin: 'K-03', no_pol: 'B 1', no_rangka: null },
      jenis_kendaraan: { nama_jenis_kendaraan: 'Tronton', total_ban: null },
      nama_supp: null,
    })
  })
})
