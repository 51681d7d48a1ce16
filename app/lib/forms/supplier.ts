import { z } from 'zod'
import { NAMA_BANK } from './choices'
import { optionalChoice, optionalId, optionalText, requiredText } from './fields'

/** The Supplier dialog ('Nama Supplier tidak boleh kosong!' when the name is blank). */
export const SUPPLIER_FIELDS = [
  'nama_supp',
  'nama_person',
  'jabatan',
  'telp',
  'fax',
  'hp',
  'gmail',
  'email',
  'npwp',
  'alamat',
  'atas_nama',
  'norek',
  'nama_bank',
  'departemen_id',
] as const

export const SupplierSchema = z.object({
  nama_supp: requiredText('Nama Supplier tidak boleh kosong!', 'Nama Supplier'),
  nama_person: optionalText('Nama Person'),
  jabatan: optionalText('Jabatan'),
  telp: optionalText('Telepon', 50),
  fax: optionalText('Fax', 50),
  hp: optionalText('HP', 50),
  gmail: optionalText('Email'),
  email: optionalText('Email Alternatif'),
  npwp: optionalText('NPWP', 50),
  alamat: optionalText('Alamat', 1000),
  atas_nama: optionalText('Atas Nama'),
  norek: optionalText('No. Rekening', 50),
  nama_bank: optionalChoice(NAMA_BANK, 'Pilih nama bank dari daftar.'),
  departemen_id: optionalId('Pilih departemen dari daftar.'),
})
export type SupplierForm = z.infer<typeof SupplierSchema>
