import { z } from 'zod'
import { choice, date, foreignId, GENDER, namaBank, requiredText, text } from './fields.ts'
import { masterPaged, resourceRoutes } from './resource.ts'
import type { DB } from '../../types.ts'

/** Karyawan: list with departemen {id, nama}; photos gambar (ID card) and ft_sim. */
export const karyawanSelect = (db: DB) =>
  db.q
    .selectFrom('karyawan as t')
    .leftJoin('departemen as d', 'd.id', 't.departemen_id')
    .selectAll('t')
    .select(['d.id as departemen__id', 'd.nama as departemen__nama'])

export const karyawanRoutes = () =>
  resourceRoutes({
    path: 'karyawan',
    label: 'Karyawan',
    table: 'karyawan',
    code: { entity: 'karyawan', column: 'kode_karyawan', qrColumn: 'qrcode_karyawan' },
    // An `id` in the add body (the app sends it when editing) is not a field: zod drops it.
    schema: z.object({
      nama_lengkap: requiredText('Nama Karyawan tidak boleh kosong!'),
      nama_kecil: text(),
      gender: choice(GENDER, 'Gender harus Laki-laki atau Perempuan.'),
      departemen_id: foreignId('Departemen tidak valid.'),
      no_ktp: text(50),
      no_sim: text(50),
      tanggal_lahir: date('Tanggal lahir harus berupa tanggal (YYYY-MM-DD).'),
      tanggal_gabung: date('Tanggal gabung harus berupa tanggal (YYYY-MM-DD).'),
      telp: text(50),
      gmail: text(),
      alamat: text(1000),
      atas_nama: text(),
      norek: text(50),
      nama_bank: namaBank(),
    }),
    files: ['gambar', 'ft_sim'],
    references: [{ field: 'departemen_id', table: 'departemen', message: 'Departemen yang dipilih tidak ditemukan.' }],
    // users.karyawan_id is ON DELETE SET NULL: a delete would unlink the login silently.
    usedBy: [
      { table: 'users', column: 'karyawan_id', label: 'user' },
      { table: 'klaim_ban', column: 'karyawan_id', label: 'klaim ban' },
    ],
    select: karyawanSelect,
    paged: masterPaged('kode_karyawan', 'nama_lengkap'),
    // The User form's choice: who, and the contact it copies into the new user.
    lookupSelect: (db) =>
      db.q.selectFrom('karyawan as t').select(['t.id', 't.kode_karyawan', 't.qrcode_karyawan', 't.nama_lengkap', 't.telp', 't.alamat']),
  })
