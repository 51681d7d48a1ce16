import { z } from 'zod'
import { flag, id, keptAnswer, numeric, text, textOrEmpty } from '../normalize'

/**
 * The tyre cost report (GET /api/laporan-biaya-ban, an extension of the spec). Figures
 * are a tyre's life to date: km run (pelepasan plus, while fitted, the km so far), cost (purchase
 * price plus retreads), cost per km in whole rupiah (null when it has run no km).
 */
export const LAPORAN_BIAYA_GROUPS = ['merek', 'ukuran', 'supplier', 'kendaraan'] as const
export type LaporanBiayaGroup = (typeof LAPORAN_BIAYA_GROUPS)[number]

/** Counts and sums: a number (or numeric text); missing is 0. */
const amount = numeric.transform((v) => v ?? 0)

export const biayaBanSchema = z.object({
  id,
  kode_ban: textOrEmpty,
  no_seri: textOrEmpty,
  merek: text,
  ukuran: text,
  supplier: text,
  no_kabin: text,
  km_tempuh: amount,
  total_biaya: amount,
  /** The approved claims on the tyre (extension 'klaim-ban'; 0 without it). */
  klaim_disetujui: amount,
  biaya_per_km: numeric,
  masih_terpasang: flag,
})
export type BiayaBan = z.infer<typeof biayaBanSchema>

/**
 * A group's (or the total's) figures. The cost per km is over the tyres that ran: `biaya_berjalan` is
 * their cost, and the tyres that have run no km yet are counted apart (`ban_belum_berjalan`,
 * `biaya_belum_berjalan`). An api without those fields counted every tyre's cost: then nothing is apart.
 */
const costFigures = {
  jumlah_ban: amount,
  km_tempuh: amount,
  total_biaya: amount,
  biaya_berjalan: numeric,
  ban_belum_berjalan: amount,
  biaya_belum_berjalan: amount,
  biaya_per_km: numeric,
  /** The approved claims on its tyres, and those on the tyres that ran (extension 'klaim-ban'; 0 without it). */
  klaim_disetujui: amount,
  klaim_berjalan: amount,
}

export const biayaGroupSchema = z.object({
  key: z
    .union([z.string(), z.number()])
    .nullable()
    .transform((v) => (v === null ? '' : String(v))),
  label: textOrEmpty,
  ...costFigures,
  ban: z
    .array(biayaBanSchema)
    .nullish()
    .transform((v) => v ?? []),
})
export type BiayaGroup = z.infer<typeof biayaGroupSchema>

export const biayaTotalSchema = z.object(costFigures)
export type BiayaTotal = z.infer<typeof biayaTotalSchema>

export const laporanBiayaSchema = z.object({
  data: z.object({
    group: z.enum(LAPORAN_BIAYA_GROUPS),
    rows: z.array(biayaGroupSchema),
    total: biayaTotalSchema.nullish(),
  }),
})
export type LaporanBiaya = z.infer<typeof laporanBiayaSchema>['data']

/**
 * The same answer, kept by the client like a list (keptAnswer): revalidated with its ETag, so an
 * unchanged database answers 304 and nothing is parsed again. For the screen's small answers only
 * (groups without tyres, a page's tyres): print and CSV read every tyre (megabytes) with the plain schema.
 */
export const laporanBiayaKeptSchema = keptAnswer(laporanBiayaSchema.transform((answer) => answer))

export type LaporanBiayaFilter = {
  tanggal_awal?: string | null
  tanggal_akhir?: string | null
  group?: LaporanBiayaGroup | null
  /** terbaik (cheapest per km first, the api's default) or terburuk; the api orders rows and tyres. */
  urutan?: 'terbaik' | 'terburuk' | null
  /** Each group's tyres cut to this many (its figures still over all of them). Without it: every tyre. */
  maks_ban?: number | null
  /** The rows without their tyres (ban: []): figures still over all of them. An older api ignores it. */
  tanpa_ban?: boolean
  /** Only the groups with these keys. An older api ignores it (every group comes back). */
  kelompok?: readonly string[] | null
  /** Kept and revalidated (a small answer read on every request of the screen). */
  simpan?: boolean
}
