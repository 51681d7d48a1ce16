import { z } from 'zod'
import { decimal, foreignId, integer, namaBank, requiredText, text } from './fields.ts'
import { masterPaged, resourceRoutes } from './resource.ts'

/** Supplier, ukuran, merek, golongan, jenis kendaraan and type ban: their fields, required-field messages and calls. */

export const supplierRoutes = () =>
  resourceRoutes({
    path: 'supplier',
    label: 'Supplier',
    table: 'supplier',
    code: { entity: 'supplier', column: 'kode_supplier', qrColumn: 'qrcode_supplier' },
    schema: z.object({
      nama_supp: requiredText('Nama Supplier tidak boleh kosong!'),
      nama_person: text(),
      jabatan: text(),
      telp: text(50),
      fax: text(50),
      hp: text(50),
      gmail: text(),
      email: text(),
      npwp: text(50),
      alamat: text(1000),
      atas_nama: text(),
      norek: text(50),
      nama_bank: namaBank(),
      departemen_id: foreignId('Departemen tidak valid.'),
    }),
    references: [{ field: 'departemen_id', table: 'departemen', message: 'Departemen yang dipilih tidak ditemukan.' }],
    select: 'SELECT t.* FROM supplier t',
    paged: masterPaged('kode_supplier', 'nama_supp'),
    // The purchase form's choice (name, and the address it shows) and Stok Ban's retreaders.
    lookupSelect: 'SELECT t.id, t.kode_supplier, t.qrcode_supplier, t.nama_supp, t.alamat FROM supplier t',
  })

export const ukuranRoutes = () =>
  resourceRoutes({
    path: 'ukuran',
    label: 'Ukuran',
    table: 'ukuran',
    code: { entity: 'ukuran', column: 'kode_ukuran_ban', qrColumn: 'qrcode_ukuran' },
    schema: z.object({ nama: requiredText('Nama Ukuran tidak boleh kosong!') }),
    select: 'SELECT t.* FROM ukuran t',
  })

export const merekRoutes = () =>
  resourceRoutes({
    path: 'merek',
    label: 'Merek',
    table: 'merek',
    code: { entity: 'merek', column: 'kode_merek', qrColumn: 'qrcode_merek' },
    schema: z.object({ nama_merek: requiredText('Nama Merek tidak boleh kosong!') }),
    select: 'SELECT t.* FROM merek t',
  })

export const golonganRoutes = () =>
  resourceRoutes({
    path: 'golongan',
    label: 'Golongan',
    table: 'golongan',
    code: { entity: 'golongan', column: 'kode_golongan', qrColumn: 'qrcode_golongan' },
    schema: z.object({ nama_golongan: requiredText('Nama Golongan tidak boleh kosong!') }),
    select: 'SELECT t.* FROM golongan t',
  })

export const jenisKendaraanRoutes = () =>
  resourceRoutes({
    path: 'jenis_kendaraan',
    label: 'Jenis kendaraan',
    table: 'jenis_kendaraan',
    code: { entity: 'jenis_kendaraan', column: 'kode_jenis_kendaraan', qrColumn: 'qrcode_jenis_kendaraan' },
    schema: z.object({
      nama_jenis_kendaraan: requiredText('Nama Jenis kendaraan tidak boleh kosong!'),
      panjang: decimal('Panjang harus berupa angka.'),
      lebar: decimal('Lebar harus berupa angka.'),
      tinggi: decimal('Tinggi harus berupa angka.'),
      total_ban: integer('Total ban harus berupa bilangan bulat lebih dari 0.', 1),
    }),
    select: 'SELECT t.* FROM jenis_kendaraan t',
    paged: masterPaged('kode_jenis_kendaraan', 'nama_jenis_kendaraan'),
  })

export const typebanRoutes = () =>
  resourceRoutes({
    path: 'typeban',
    label: 'Type ban',
    table: 'typeban',
    code: { entity: 'typeban', column: 'kode_type', qrColumn: 'qrcode_type' },
    schema: z.object({ nama_type: requiredText('Nama Type Ban tidak boleh kosong!') }),
    select: 'SELECT t.* FROM typeban t',
  })
