/** The fixed choice lists of the forms (the upstream takes these values as they are). */

/** Colours of a vehicle and of its plate (warna, warna_tnkb). */
export const WARNA = ['Hitam', 'Putih', 'Cokelat', 'Hijau', 'Orange', 'Merah', 'Ungu', 'Kuning', 'Biru', 'Silver'] as const

/** Banks of a supplier's or an employee's account (nama_bank). */
export const NAMA_BANK = [
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
] as const

/** Tyre conditions (kondisi_ban). */
export const KONDISI_BAN = ['BARU', 'BEKAS', 'KANISIR', 'AFKIR', 'PROFIT'] as const
