import { z } from 'zod'
import { optionalChoice, optionalDecimal, requiredText } from './fields'

/** The Jenis Kendaraan dialog. Total Ban: the pemasangan diagram knows only these. */
export const TOTAL_BAN = ['6', '10', '18', '22'] as const

export const JENIS_KENDARAAN_FIELDS = ['nama_jenis_kendaraan', 'panjang', 'lebar', 'tinggi', 'total_ban'] as const

export const JenisKendaraanSchema = z.object({
  nama_jenis_kendaraan: requiredText('Nama Jenis kendaraan tidak boleh kosong!', 'Nama Jenis kendaraan'),
  panjang: optionalDecimal('Panjang harus berupa angka.'),
  lebar: optionalDecimal('Lebar harus berupa angka.'),
  tinggi: optionalDecimal('Tinggi harus berupa angka.'),
  total_ban: optionalChoice(TOTAL_BAN, 'Total Ban harus salah satu dari 6, 10, 18 atau 22.'),
})
