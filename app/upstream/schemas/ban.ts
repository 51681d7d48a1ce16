import { z } from 'zod'
import { arrayOf, date, id, keptAnswer, lowerText, money, nested, numeric, optionalId, text, textOrEmpty, upperText } from '../normalize'
import { merekRef, typebanRef, ukuranRef } from './refs'

/**
 * A tyre (GET /api/ban, the purchase detail). status is lower-cased text ('stok' | 'terpasang' in
 * the reference api; a real upstream may know more states, kept as they are); kondisi_ban upper-cased.
 */
export const banSchema = z.object({
  id,
  kode_ban: textOrEmpty,
  no_seri: textOrEmpty,
  status: lowerText,
  harga: money,
  kondisi_ban: upperText,
  pembelian_ban_id: optionalId,
  ukuran_id: optionalId,
  merek_id: optionalId,
  typeban_id: optionalId,
  ukuran: ukuranRef,
  merek: merekRef,
  typeban: typebanRef,
  /** The tread depth when new (mm; extension 'pemeriksaan-ban', null when not given or not offered). */
  tebal_tapak_awal: numeric,
})
export type Ban = z.infer<typeof banSchema>

export type BanStatusFilter = 'stok' | 'terpasang'

/** The tyre states of the lifecycle extension: ban.status. */
export const BAN_STATUSES = ['stok', 'terpasang', 'vulkanisir', 'afkir'] as const
export type BanStatus = (typeof BAN_STATUSES)[number]

/** Where a fitted tyre is (GET /api/ban of the extension): null when it is not on a vehicle. */
export const lokasiSchema = nested(
  z.object({
    kendaraan_id: optionalId,
    no_kabin: text,
    no_pol: text,
    posisi_ban: text,
    km_pemasangan: numeric,
    /** The vehicle's km now and the pemasangan's target (extension fields; null when not sent). */
    km_kendaraan: numeric,
    target_presentase: numeric,
  }),
)

/**
 * A tyre of the stock list: the spec's tyre plus jumlah_vulkanisir, km_tempuh (Σ of
 * its pelepasan) and lokasi, all optional (a spec-only upstream sends none: 0, 0 and null).
 */
export const banStokSchema = banSchema.extend({
  jumlah_vulkanisir: numeric.transform((v) => v ?? 0),
  km_tempuh: numeric.transform((v) => v ?? 0),
  lokasi: lokasiSchema.optional().transform((v) => v ?? null),
})
export type BanStok = z.infer<typeof banStokSchema>
export type Lokasi = NonNullable<BanStok['lokasi']>

const supplierRef = nested(z.object({ id: optionalId, nama_supp: text }))

/** Kinds of history rows: jenis. */
export const RIWAYAT_JENIS = [
  'beli',
  'pasang',
  'batal_pasang',
  'lepas',
  'batal_lepas',
  'terima_vulkanisir',
  'rotasi',
  'batal_rotasi',
] as const

export const riwayatRowSchema = z.object({
  id,
  jenis: lowerText,
  tanggal: date,
  created_at: text,
  user: nested(z.object({ id: optionalId, nama_user: text })),
  dokumen: nested(z.object({ jenis: lowerText, id: optionalId, kode: text })),
  kendaraan: nested(z.object({ id: optionalId, no_kabin: text })),
  posisi_ban: text,
  /** A move's target position (posisi_ban: where the tyre came from); absent on other kinds. */
  posisi_tujuan: text.optional().transform((v) => v ?? null),
  km: numeric,
  km_tempuh: numeric,
  biaya: money,
  alasan: text,
  tujuan: lowerText,
  tebal_tapak: numeric,
  keterangan: text,
  supplier: supplierRef,
})
export type RiwayatRow = z.infer<typeof riwayatRowSchema>

export const ringkasanSchema = z.object({
  harga_beli: money,
  biaya_vulkanisir: money,
  total_biaya: money,
  km_tempuh: numeric,
  km_berjalan: numeric,
  total_km: numeric,
  biaya_per_km: numeric,
  target_km: numeric,
  persen_target: numeric,
})
export type Ringkasan = z.infer<typeof ringkasanSchema>

/** GET /api/ban/{id}/riwayat → {data: {ban, riwayat, ringkasan}}. */
export const riwayatBanSchema = z
  .object({
    data: z.object({
      ban: banStokSchema.extend({
        pembelian: nested(z.object({ id: optionalId, kode_pembelian_ban: text, tanggal_awal: date, supplier: supplierRef }))
          .optional()
          .transform((v) => v ?? null),
      }),
      riwayat: arrayOf(riwayatRowSchema),
      ringkasan: ringkasanSchema,
    }),
  })
  .transform((v) => v.data)
export type RiwayatBan = z.infer<typeof riwayatBanSchema>

/** POST /api/ban/{id}/terima-vulkanisir body. */
export type TerimaVulkanisirInput = { supplier_id: number; biaya: number; tanggal: string }

/** A fitted tyre near its target km, as GET /api/ban/ringkasan lists it. */
const banMendekatiTargetSchema = z.object({
  id,
  kode_ban: text,
  no_seri: text,
  no_kabin: text,
  posisi_ban: upperText,
  km_tempuh_total: z.number().nonnegative(),
  target_km: z.number().positive(),
  persen: z.number().nonnegative(),
})

/**
 * GET /api/ban/ringkasan → {data: {stok_per_ukuran, mendekati_target: {jumlah, ban}}} (the dashboard's
 * tyre panels in one call, extension 'ban-lifecycle'). Kept like a list
 * (keptAnswer): revalidated with its ETag, so an unchanged database answers 304 without counting again.
 */
export const banRingkasanSchema = keptAnswer(
  z
    .object({
      data: z.object({
        stok_per_ukuran: arrayOf(z.object({ ukuran_id: optionalId, nama: text, jumlah: z.number().int().nonnegative() })),
        mendekati_target: z.object({ jumlah: z.number().int().nonnegative(), ban: arrayOf(banMendekatiTargetSchema) }),
      }),
    })
    .transform((v) => v.data),
)
export type BanRingkasan = z.infer<typeof banRingkasanSchema>
