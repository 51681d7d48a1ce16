import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { formBody } from '~/lib/forms/fields'
import { JenisKendaraanSchema } from '~/lib/forms/jenis-kendaraan'
import { driverLabel, KENDARAAN_FIELDS, KendaraanSchema } from '~/lib/forms/kendaraan'
import { SUPPLIER_FIELDS, SupplierSchema } from '~/lib/forms/supplier'
import { SIMPLE_MASTERS, simpleMasterOf, simpleMasterSchema, simpleMasterTexts } from '~/lib/simple-master'

/** The dialog schemas as Conform uses them (FormData in; '' is "not given"). */
const parse = <S extends Parameters<typeof parseWithZod>[1]['schema']>(schema: S, fields: Record<string, string | File>) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  return parseWithZod(form, { schema })
}
const errorsOf = (r: ReturnType<typeof parse>) => (r.status === 'success' ? {} : (r.reply().error ?? {}))

describe('simple master screens (Ukuran Ban, Merek Ban, Golongan, Type Ban)', () => {
  it.each([
    ['ukuran', 'nama', 'Nama Ukuran tidak boleh kosong!', 'Ukuran berhasil ditambahkan!', 'Data ukuran ini akan dihapus secara permanen!'],
    [
      'merek',
      'nama_merek',
      'Nama Merek tidak boleh kosong!',
      'Merek berhasil ditambahkan!',
      'Data merek ini akan dihapus secara permanen!',
    ],
    [
      'golongan',
      'nama_golongan',
      'Nama Golongan tidak boleh kosong!',
      'Golongan berhasil ditambahkan!',
      'Data golongan ini akan dihapus secara permanen!',
    ],
    [
      'typban',
      'nama_type',
      'Nama Type Ban tidak boleh kosong!',
      'Type Ban berhasil ditambahkan!',
      'Data type ban ini akan dihapus secara permanen!',
    ],
  ] as const)('%s: the name field %s is required with the message of the spec', (key, field, empty, added, confirm) => {
    const m = SIMPLE_MASTERS[key]
    expect(m.nameKey).toBe(field)
    expect(errorsOf(parse(simpleMasterSchema(m), { [field]: '   ' }))).toEqual({ [field]: [empty] })
    expect(errorsOf(parse(simpleMasterSchema(m), {}))).toEqual({ [field]: [empty] })
    const ok = parse(simpleMasterSchema(m), { [field]: '  11R22.5 ' })
    expect(ok.status === 'success' && ok.value).toEqual({ [field]: '11R22.5' })
    expect(simpleMasterTexts(m).added).toBe(added)
    expect(simpleMasterTexts(m).confirm).toBe(confirm)
  })

  it('has the titles, code columns, name labels and upstream lists of the spec', () => {
    const seen = Object.values(SIMPLE_MASTERS).map((m) => [m.path, m.title, m.codeHeader, m.codeKey, m.qrKey, m.nameLabel, m.api])
    expect(seen).toEqual([
      ['golongan', 'Golongan', 'Kode Golongan', 'kode_golongan', 'qrcode_golongan', 'Nama Golongan', 'golongan'],
      ['ukuran', 'Ukuran Ban', 'Kode Ukuran', 'kode_ukuran_ban', 'qrcode_ukuran', 'Nama Ukuran', 'ukuran'],
      ['merek', 'Merek Ban', 'Kode Merek', 'kode_merek', 'qrcode_merek', 'Nama Merek', 'merek'],
      ['typban', 'Type Ban', 'Kode Type Ban', 'kode_type', 'qrcode_type', 'Nama Type Ban', 'typeban'],
    ])
  })

  it('picks the screen by the path under /admin', () => {
    expect(simpleMasterOf('/admin/merek')).toBe('merek')
    expect(simpleMasterOf('/admin/typban/3/edit')).toBe('typban')
    expect(simpleMasterOf('/admin/departemen')).toBeNull()
    expect(simpleMasterOf('/admin/toString')).toBeNull()
  })
})

describe('Supplier dialog', () => {
  it('needs nama_supp; nama_bank only from the bank list; departemen an id', () => {
    expect(errorsOf(parse(SupplierSchema, { nama_supp: '', telp: '021' }))).toEqual({ nama_supp: ['Nama Supplier tidak boleh kosong!'] })
    expect(errorsOf(parse(SupplierSchema, { nama_supp: 'PT A', nama_bank: 'BANK X', departemen_id: 'x' }))).toEqual({
      nama_bank: ['Pilih nama bank dari daftar.'],
      departemen_id: ['Pilih departemen dari daftar.'],
    })
    const ok = parse(SupplierSchema, { nama_supp: ' PT Ban ', nama_bank: 'CIMB NIAGA', gmail: 'a@b.id', departemen_id: '2' })
    expect(ok.status === 'success' && ok.value).toEqual({
      nama_supp: 'PT Ban',
      nama_bank: 'CIMB NIAGA',
      gmail: 'a@b.id',
      departemen_id: '2',
    })
  })

  it('an update sends every field (cleared ones empty); a create only the filled ones', () => {
    const value = { nama_supp: 'PT Ban', telp: '021' }
    const update = formBody(SUPPLIER_FIELDS, value, true)
    expect([...update.keys()]).toEqual([...SUPPLIER_FIELDS])
    expect(update.get('alamat')).toBe('')
    expect([...formBody(SUPPLIER_FIELDS, value, false).entries()]).toEqual([
      ['nama_supp', 'PT Ban'],
      ['telp', '021'],
    ])
  })
})

describe('Jenis Kendaraan dialog', () => {
  it('needs the name; sizes are numbers (comma allowed); Total Ban is 6, 10, 18 or 22', () => {
    expect(errorsOf(parse(JenisKendaraanSchema, { panjang: 'abc', total_ban: '8' }))).toEqual({
      nama_jenis_kendaraan: ['Nama Jenis kendaraan tidak boleh kosong!'],
      panjang: ['Panjang harus berupa angka.'],
      total_ban: ['Total Ban harus salah satu dari 6, 10, 18 atau 22.'],
    })
    const ok = parse(JenisKendaraanSchema, { nama_jenis_kendaraan: 'Tronton', panjang: '11,8', lebar: '2.5', total_ban: '10' })
    expect(ok.status === 'success' && ok.value).toEqual({ nama_jenis_kendaraan: 'Tronton', panjang: '11.8', lebar: '2.5', total_ban: '10' })
  })
})

describe('Kendaraan dialog', () => {
  it('needs no_kabin; warna from the list; dates, km and ids checked', () => {
    expect(errorsOf(parse(KendaraanSchema, { no_kabin: ' ', warna: 'Pink', expired_kir: '2026-02-30', km: '-5', user_id: 'abc' }))).toEqual(
      {
        no_kabin: ['No Kabin Kendaraan tidak boleh kosong!'],
        warna: ['Pilih warna dari daftar.'],
        expired_kir: ['Expired KIR harus berupa tanggal.'],
        km: ['Km harus berupa bilangan bulat 0 atau lebih.'],
        user_id: ['Pilih driver dari daftar.'],
      },
    )
    const ok = parse(KendaraanSchema, { no_kabin: 'K-9', warna: 'Hitam', expired_stnk: '2027-04-12', km: '12.500', golongan_id: '3' })
    expect(ok.status === 'success' && ok.value).toEqual({
      no_kabin: 'K-9',
      warna: 'Hitam',
      expired_stnk: '2027-04-12',
      km: '12500',
      golongan_id: '3',
    })
  })

  it('photos: images only, an empty file input is "no change"', () => {
    const notImage = new File(['MZ'], 'x.exe', { type: 'application/x-msdownload' })
    expect(errorsOf(parse(KendaraanSchema, { no_kabin: 'K', gambar_stnk: notImage }))).toEqual({
      gambar_stnk: ['Gambar STNK harus berupa gambar (JPG, PNG, GIF atau WEBP).'],
    })
    const ok = parse(KendaraanSchema, { no_kabin: 'K', gambar_stnk: new File([], '', { type: 'application/octet-stream' }) })
    expect(ok.status).toBe('success')
    const body = formBody(KENDARAAN_FIELDS, (ok.status === 'success' ? ok.value : {}) as Record<string, unknown>, true, [
      'gambar_barcodesolar',
      'gambar_stnk',
    ])
    expect(body.has('gambar_stnk')).toBe(false)
    expect(body.get('no_pol')).toBe('')
  })

  it("labels a driver by the user's employee full name, else 'Nama tidak tersedia'", () => {
    expect(driverLabel({ karyawan: { nama_lengkap: 'Budi Santoso' } })).toBe('Budi Santoso')
    expect(driverLabel({ karyawan: null })).toBe('Nama tidak tersedia')
    expect(driverLabel({ karyawan: { nama_lengkap: '  ' } })).toBe('Nama tidak tersedia')
  })
})
