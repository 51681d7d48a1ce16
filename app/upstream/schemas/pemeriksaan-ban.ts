import { z } from 'zod'
import {
  date,
  docStatus,
  id,
  invoiceAnswerOf,
  isRecord,
  keptAnswer,
  nested,
  numeric,
  optionalId,
  text,
  textOrEmpty,
  upperText,
} from '../normalize'
import { detailBanShape, detailPemasanganSchema, liftKendaraan, pemasanganKendaraanSchema } from './pemasangan-ban'

/**
 * Pemeriksaan Ban (tyre inspection rounds; the extension 'pemeriksaan-ban'). A round (code PR + 6
 * digits) of one vehicle at a date and km; its lines are the measured positions. A tyre's forecast
 * (wear per 1,000 km, km left to the minimum tread, the vehicle's km per day, the date) is the api's.
 */
export const pemeriksaanSchema = z.preprocess(
  (v) => (isRecord(v) ? liftKendaraan(v) : v),
  z.object({
    id,
    kode_pemeriksaan: textOrEmpty,
    kendaraan_id: optionalId,
    km: numeric,
    status: docStatus,
    tanggal_awal: date,
    jumlah_ban: numeric,
    kendaraan: pemasanganKendaraanSchema,
  }),
)
export type Pemeriksaan = z.infer<typeof pemeriksaanSchema>

/** A measured position: the tyre there when the round was saved, its tread, pressure, condition, note and km run then. */
export const detailPemeriksaanSchema = z.object({
  id,
  pemeriksaan_ban_id: optionalId,
  ban_id: optionalId,
  posisi_ban: upperText,
  tebal_tapak: numeric,
  tekanan: numeric,
  kondisi: text,
  keterangan: text,
  km_ban: numeric,
  ban: nested(z.object({ ...detailBanShape, tebal_tapak_awal: numeric })),
})
export type DetailPemeriksaan = z.infer<typeof detailPemeriksaanSchema>

/** GET /api/pemeriksaan-ban/{id}: `{data: {…round, detail: [line]}}`. */
export const detailPemeriksaanAnswerSchema = invoiceAnswerOf(pemeriksaanSchema, detailPemeriksaanSchema, ['detail', 'details'])

/** A tyre on the vehicle now (GET /api/pemeriksaan-ban/terpasang/{kendaraanId}), with its last inspection's tread. */
export const terpasangPemeriksaanSchema = detailPemasanganSchema.extend({
  kode_pemasangan: text,
  tebal_tapak_awal: numeric,
  tebal_tapak_terakhir: numeric,
})
export type TerpasangPemeriksaan = z.infer<typeof terpasangPemeriksaanSchema>

/** A tyre's forecast and the figures it came from. */
export const prakiraanSchema = z.object({
  tebal_tapak_minimum: numeric,
  tebal_tapak_terakhir: numeric,
  tanggal_periksa_terakhir: date,
  keausan_per_1000_km: numeric,
  km_sisa: numeric,
  km_per_hari: numeric,
  hari_sisa: numeric,
  tanggal_prakiraan: date,
  /** The km run since the last inspection the forecast was projected to today with (absent: an upstream that does not project). */
  km_sejak_periksa: numeric.optional(),
  tanggal_hitung: date.optional(),
  titik: z.array(z.object({ km_ban: numeric, tebal_tapak: numeric, tanggal: date })).optional(),
})
export type Prakiraan = z.infer<typeof prakiraanSchema>

/** One inspection of a tyre (its history). */
export const pemeriksaanBanSchema = z.object({
  id,
  pemeriksaan_ban_id: optionalId,
  kode_pemeriksaan: textOrEmpty,
  tanggal_awal: date,
  status: docStatus,
  km: numeric,
  kendaraan_id: optionalId,
  no_kabin: text,
  posisi_ban: upperText,
  tebal_tapak: numeric,
  tekanan: numeric,
  kondisi: text,
  keterangan: text,
  km_ban: numeric,
})
export type PemeriksaanBan = z.infer<typeof pemeriksaanBanSchema>

/** GET /api/ban/{id}/pemeriksaan. */
export const riwayatPemeriksaanSchema = z.object({
  data: z.array(pemeriksaanBanSchema),
  prakiraan: prakiraanSchema.nullable(),
  meta: z.object({ tebal_tapak_minimum: numeric, tebal_tapak_awal: numeric }),
})
export type RiwayatPemeriksaan = z.infer<typeof riwayatPemeriksaanSchema>

/** GET /api/pemeriksaan-ban/peringatan: a fitted tyre at or near the minimum tread. */
export const peringatanSchema = keptAnswer(
  z.object({
    data: z.array(
      z.object({
        ban_id: id,
        kode_ban: text,
        no_seri: text,
        merek: text,
        posisi_ban: upperText,
        kendaraan: z.object({ id, no_kabin: text, no_pol: text }).nullable(),
        prakiraan: prakiraanSchema,
      }),
    ),
    meta: z.object({ total: numeric, tebal_tapak_minimum: numeric, km: numeric, hari: numeric }),
  }),
)
export type Peringatan = z.infer<typeof peringatanSchema>

/** GET /api/pemeriksaan-ban/belum-diperiksa: the vehicles not inspected for `hari` days. */
export const belumDiperiksaSchema = keptAnswer(
  z.object({
    data: z.array(z.object({ id, kode_kendaraan: text, no_kabin: text, no_pol: text, terakhir_diperiksa: date })),
    meta: z.object({ total: numeric, hari: numeric }),
  }),
)
export type BelumDiperiksa = z.infer<typeof belumDiperiksaSchema>

/** GET /api/laporan-pemeriksaan-ban: one inspection line of the period. */
export const laporanPemeriksaanSchema = z.object({
  id,
  pemeriksaan_ban_id: optionalId,
  kode_pemeriksaan: textOrEmpty,
  tanggal_awal: date,
  status: docStatus,
  km: numeric,
  no_kabin: text,
  no_pol: text,
  posisi_ban: upperText,
  ban_id: optionalId,
  kode_ban: text,
  no_seri: text,
  nama_merek: text,
  tebal_tapak: numeric,
  tekanan: numeric,
  kondisi: text,
  keterangan: text,
  km_ban: numeric,
})
export type LaporanPemeriksaan = z.infer<typeof laporanPemeriksaanSchema>

/** POST /api/pemeriksaan-ban · PUT /api/pemeriksaan-ban/{id}. */
export type PemeriksaanInput = {
  kendaraan_id: number
  tanggal_awal: string | null
  km: string
  detail: { posisi_ban: string; tebal_tapak: string; tekanan: string | null; kondisi: string; keterangan: string | null }[]
}
