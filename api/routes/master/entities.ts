import { z } from 'zod'
import { SIMPLE_ENTITY_LIST } from '../../simple-entities.ts'
import { decimal, foreignId, namaBank, requiredText, text } from './fields.ts'
import { masterPaged, resourceRoutes } from './resource.ts'
import { optionalWholeField, TOTAL_BAN_MAX } from '../../numbers.ts'

const TOTAL_BAN_MESSAGE = 'Total ban harus berupa bilangan bulat lebih dari 0.'

/**
 * Supplier and jenis kendaraan: their fields, required-field messages and calls; the simple masters
 * (ukuran, merek, golongan, type ban …: a code and a required name) made from api/simple-entities.ts.
 */

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
    select: (db) => db.q.selectFrom('supplier as t').selectAll('t'),
    paged: masterPaged('kode_supplier', 'nama_supp'),
    // The purchase form's choice (name, and the address it shows) and Stok Ban's retreaders.
    lookupSelect: (db) =>
      db.q.selectFrom('supplier as t').select(['t.id', 't.kode_supplier', 't.qrcode_supplier', 't.nama_supp', 't.alamat']),
  })

export const jenisKendaraanRoutes = () =>
  resourceRoutes({
    path: 'jenis_kendaraan',
    label: 'Jenis kendaraan',
    table: 'jenis_kendaraan',
    code: { entity: 'jenis_kendaraan', column: 'kode_jenis_kendaraan', qrColumn: 'qrcode_jenis_kendaraan' },
    schema: z.object({
      nama_jenis_kendaraan: requiredText('Nama Jenis kendaraan tidak boleh kosong!'),
      panjang: decimal('Panjang', 'Panjang harus berupa angka.'),
      lebar: decimal('Lebar', 'Lebar harus berupa angka.'),
      tinggi: decimal('Tinggi', 'Tinggi harus berupa angka.'),
      total_ban: optionalWholeField(
        { label: 'Total ban', min: 1, max: TOTAL_BAN_MAX },
        { notNumber: TOTAL_BAN_MESSAGE, belowMin: TOTAL_BAN_MESSAGE, fraction: TOTAL_BAN_MESSAGE },
      ),
    }),
    select: (db) => db.q.selectFrom('jenis_kendaraan as t').selectAll('t'),
    paged: masterPaged('kode_jenis_kendaraan', 'nama_jenis_kendaraan'),
  })

/** The simple masters' calls, one resource each: GET /api/<key>, POST /add, POST /:id/update, DELETE /:id on table <key>. */
export const simpleEntityRoutes = () =>
  SIMPLE_ENTITY_LIST.map(([key, e]) =>
    resourceRoutes({
      path: key,
      label: e.label,
      table: key,
      code: { entity: key, column: e.code, qrColumn: e.qr },
      schema: z.object({ [e.name]: requiredText(e.required) }),
      select: (db) => db.q.selectFrom(`${key} as t` as const).selectAll(),
    }),
  )
