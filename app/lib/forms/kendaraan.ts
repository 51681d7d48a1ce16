import { z } from 'zod'
import { imageFile } from '~/lib/images'
import { WARNA } from './choices'
import { optionalChoice, optionalDate, optionalId, optionalText, optionalKm, requiredText } from './fields'

/** The Kendaraan dialog: every vehicle field ('No Kabin Kendaraan tidak boleh kosong!' when No Kabin is blank). */
export const KENDARAAN_FIELDS = [
  'no_kabin',
  'no_pol',
  'no_rangka',
  'no_mesin',
  'gpsid',
  'list_vehicle_id',
  'jenis_kendaraan_id',
  'golongan_id',
  'user_id',
  'warna',
  'expired_kir',
  'expired_stnk',
  'km',
  'gambar_barcodesolar',
  'gambar_stnk',
] as const

export const KENDARAAN_PHOTOS = { gambar_barcodesolar: 'Gambar Barcode Solar', gambar_stnk: 'Gambar STNK' } as const

export const KendaraanSchema = z.object({
  no_kabin: requiredText('No Kabin Kendaraan tidak boleh kosong!', 'No Kabin'),
  no_pol: optionalText('No. Polisi', 50),
  no_rangka: optionalText('No. Rangka', 100),
  no_mesin: optionalText('No. Mesin', 100),
  gpsid: optionalText('GPS ID'),
  list_vehicle_id: optionalText('List Vehicle ID'),
  jenis_kendaraan_id: optionalId('Pilih jenis kendaraan dari daftar.'),
  golongan_id: optionalId('Pilih golongan dari daftar.'),
  user_id: optionalId('Pilih driver dari daftar.'),
  warna: optionalChoice(WARNA, 'Pilih warna dari daftar.'),
  expired_kir: optionalDate('Expired KIR harus berupa tanggal.'),
  expired_stnk: optionalDate('Expired STNK harus berupa tanggal.'),
  km: optionalKm('Km harus berupa bilangan bulat 0 atau lebih.'),
  gambar_barcodesolar: imageFile(KENDARAAN_PHOTOS.gambar_barcodesolar).optional(),
  gambar_stnk: imageFile(KENDARAAN_PHOTOS.gambar_stnk).optional(),
})

/** The driver's label: the user's employee full name, else 'Nama tidak tersedia'. */
export const driverLabel = (user: { karyawan?: { nama_lengkap?: string | null } | null } | null | undefined) =>
  user?.karyawan?.nama_lengkap?.trim() || 'Nama tidak tersedia'
