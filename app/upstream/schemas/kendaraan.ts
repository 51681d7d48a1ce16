import { z } from 'zod'
import { date, fileName, id, numeric, optionalId, text, textOrEmpty } from '../normalize'
import { golonganRef, jenisKendaraanRef, userRef } from './refs'

/** Kendaraan with its nested jenis_kendaraan, golongan and driver (user). */
export const kendaraanSchema = z
  .object({
    id,
    kode_kendaraan: textOrEmpty,
    qrcode_kendaraan: text,
    gpsid: text,
    list_vehicle_id: text,
    no_kabin: textOrEmpty,
    no_pol: text,
    no_rangka: text,
    no_mesin: text,
    jenis_kendaraan_id: optionalId,
    warna: text,
    expired_kir: date,
    expired_stnk: date,
    golongan_id: optionalId,
    user_id: optionalId,
    km: numeric,
    gambar_barcodesolar: fileName,
    gambar_stnk: fileName,
    jenis_kendaraan: jenisKendaraanRef,
    golongan: golonganRef,
    user: userRef,
  })
  .transform((r) => ({ ...r, qrcode_kendaraan: r.qrcode_kendaraan ?? (r.kode_kendaraan || null) }))
export type Kendaraan = z.infer<typeof kendaraanSchema>

export type KendaraanInput = {
  no_kabin: string
  gpsid?: string | null
  list_vehicle_id?: string | null
  no_pol?: string | null
  no_rangka?: string | null
  no_mesin?: string | null
  jenis_kendaraan_id?: number | string | null
  warna?: string | null
  expired_kir?: string | null
  expired_stnk?: string | null
  golongan_id?: number | string | null
  user_id?: number | string | null
  km?: number | string | null
  gambar_barcodesolar?: Blob | null
  gambar_stnk?: Blob | null
}
