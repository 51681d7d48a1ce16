import { z } from 'zod'
import { WARNA } from './choices'
import { optionalChoice, optionalDate, optionalId, optionalText, requiredText } from './fields'

/** STNK dialog: one schema for Conform on the client and the action on the server. */

export const YEARS = Array.from({ length: 21 }, (_, i) => String(2010 + i))

export const NAMA_STNK_KOSONG = 'Nama Stnk tidak boleh kosong!'

export const StnkSchema = z.object({
  kendaraan_id: optionalId('Kendaraan tidak valid.'),
  no_pol: optionalText('No Registrasi', 50),
  no_rangka: optionalText('No Rangka', 100),
  no_mesin: optionalText('No Mesin', 100),
  nama_pemilik: requiredText(NAMA_STNK_KOSONG, 'Nama Pemilik'),
  alamat: optionalText('Alamat', 1000),
  merek: optionalText('Merek'),
  type: optionalText('Type'),
  model: optionalText('Model'),
  jenis_kendaraan_id: optionalId('Jenis kendaraan tidak valid.'),
  tahun_pembuatan: optionalChoice(YEARS as unknown as readonly [string, ...string[]], 'Tahun Pembuatan harus antara 2010 dan 2030.'),
  warna: optionalChoice(WARNA, 'Pilih warna dari daftar.'),
  warna_tnkb: optionalChoice(WARNA, 'Pilih warna TNKB dari daftar.'),
  tahun_registrasi: optionalChoice(YEARS as unknown as readonly [string, ...string[]], 'Tahun Registrasi harus antara 2010 dan 2030.'),
  nomor_bpkb: optionalText('No BPKB', 100),
  expired_stnk: optionalDate('Expired STNK harus berupa tanggal.'),
})
export type StnkValue = z.infer<typeof StnkSchema>

export const STNK_FIELDS = [
  'kendaraan_id',
  'no_pol',
  'no_rangka',
  'no_mesin',
  'nama_pemilik',
  'alamat',
  'merek',
  'type',
  'model',
  'jenis_kendaraan_id',
  'tahun_pembuatan',
  'warna',
  'warna_tnkb',
  'tahun_registrasi',
  'nomor_bpkb',
  'expired_stnk',
] as const

export type VehicleNumbers = { no_pol: string; no_rangka: string; no_mesin: string }
type VehicleLike = { id: number; no_pol: string | null; no_rangka: string | null; no_mesin: string | null }

/**
 * The read-only numbers of the chosen vehicle (choosing a vehicle fills registration,
 * frame and engine numbers; clearing it empties them). Unknown vehicle → empty.
 */
export function vehicleNumbers(vehicles: readonly VehicleLike[] | null, kendaraanId: string | number | null | undefined): VehicleNumbers {
  const v = kendaraanId ? vehicles?.find((k) => String(k.id) === String(kendaraanId)) : undefined
  return { no_pol: v?.no_pol ?? '', no_rangka: v?.no_rangka ?? '', no_mesin: v?.no_mesin ?? '' }
}
