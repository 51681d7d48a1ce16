import { z } from 'zod'
import { date, flag, id, nested, numeric, recordOf, text, textOrEmpty } from '../normalize'

/**
 * Jadwal Servis (service plans; the extension 'jadwal-servis', docs/upstream-contract.md "Extensions:
 * service plans"): the service items, the plan of each vehicle type, a vehicle's own plan (the type's
 * with its overrides and opening entries) and what falls due, projected with the km the vehicle runs a day.
 */

/** A service item of the master (Ganti Oli Mesin every 10.000 km or 180 days, …). */
export const itemServisSchema = z.object({
  id,
  kode_item_servis: textOrEmpty,
  nama: textOrEmpty,
  interval_km: numeric,
  interval_hari: numeric,
  suku_cadang: text,
})
export type ItemServis = z.infer<typeof itemServisSchema>

/** GET /api/jadwal-servis: a vehicle type with the size of its plan. */
export const jadwalJenisRowSchema = z.object({
  jenis_kendaraan_id: id,
  nama_jenis_kendaraan: textOrEmpty,
  jumlah_item: numeric,
  jumlah_kendaraan: numeric,
})
export type JadwalJenisRow = z.infer<typeof jadwalJenisRowSchema>

/** GET /api/jadwal-servis/jenis/{id}: every item of the master, `aktif` when in the type's plan. */
export const jadwalJenisSchema = recordOf(
  z.object({
    jenis_kendaraan: z.object({ id, nama_jenis_kendaraan: textOrEmpty }),
    items: z.array(
      z.object({
        item_servis_id: id,
        kode_item_servis: textOrEmpty,
        nama: textOrEmpty,
        aktif: flag,
        interval_km: numeric,
        interval_hari: numeric,
        default_interval_km: numeric,
        default_interval_hari: numeric,
      }),
    ),
  }),
)
export type JadwalJenis = z.infer<typeof jadwalJenisSchema>

/** What falls due of one item on one vehicle (the api's due computation). */
const dueFields = {
  km_sekarang: numeric.optional(),
  jatuh_tempo_km: numeric,
  jatuh_tempo_tanggal: date,
  sisa_km: numeric,
  sisa_hari: numeric,
  tanggal_perkiraan: date,
  lewat: flag,
  belum_ada_riwayat: flag,
}

/** GET /api/jadwal-servis/kendaraan/{id}: the vehicle's own plan, each item with its last service and due. */
export const jadwalKendaraanSchema = recordOf(
  z.object({
    kendaraan: z.object({
      id,
      kode_kendaraan: textOrEmpty,
      no_pol: text,
      no_kabin: textOrEmpty,
      jenis_kendaraan_id: id.nullable(),
      nama_jenis_kendaraan: text,
      km: numeric,
    }),
    km_per_hari: numeric,
    items: z.array(
      z.object({
        item_servis_id: id,
        nama: textOrEmpty,
        aktif: flag,
        sumber: textOrEmpty,
        interval_km: numeric,
        interval_hari: numeric,
        jenis_interval_km: numeric,
        jenis_interval_hari: numeric,
        servis_terakhir: nested(z.object({ tanggal: date, km: numeric, sumber: textOrEmpty })),
        ...dueFields,
      }),
    ),
  }),
)
export type JadwalKendaraan = z.infer<typeof jadwalKendaraanSchema>

/** GET /api/servis-jatuh-tempo: one vehicle and one active item of its plan. */
export const servisJatuhTempoRowSchema = z.object({
  kendaraan_id: id,
  kode_kendaraan: textOrEmpty,
  no_kabin: textOrEmpty,
  no_pol: text,
  jenis_kendaraan_id: id.nullable(),
  nama_jenis_kendaraan: text,
  item_servis_id: id,
  nama_item: textOrEmpty,
  interval_km: numeric,
  interval_hari: numeric,
  servis_terakhir_tanggal: date,
  servis_terakhir_km: numeric,
  km: numeric,
  km_per_hari: numeric,
  ...dueFields,
})
export type ServisJatuhTempoRow = z.infer<typeof servisJatuhTempoRowSchema>
