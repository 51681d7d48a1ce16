import { z } from 'zod'
import { wholeNumber } from './pemasangan'
import { decimalWithin, TEBAL_TAPAK_MAX } from './forms/numbers'
import { formatNumber } from './format'

/**
 * Pelepasan Ban (taking tyres off a vehicle): the reasons, the destinations, the default destination of
 * a reason, and the schema of 'Form Pelepasan Ban ({posisi})'. Pure: used by the server and by
 * Conform in the browser.
 */

export const ALASAN = ['Habis', 'Pecah', 'Klaim Garansi', 'Rotasi/Pindah', 'Ke Vulkanisir', 'Afkir'] as const
export type Alasan = (typeof ALASAN)[number]

export const TUJUAN = ['stok', 'vulkanisir', 'afkir'] as const
export type Tujuan = (typeof TUJUAN)[number]
export const TUJUAN_LABEL: Record<Tujuan, string> = { stok: 'Stok', vulkanisir: 'Vulkanisir', afkir: 'Afkir' }

/** 'vulkanisir' → 'Vulkanisir'; an unknown value as it is; nothing → '-'. */
export const tujuanLabel = (value: string | null | undefined) =>
  value ? ((TUJUAN_LABEL as Record<string, string>)[value.toLowerCase()] ?? value) : '-'

/** Where a removed tyre goes by default: Ke Vulkanisir → vulkanisir, Afkir and Pecah → afkir, else back to stock. */
export function defaultTujuan(alasan: string | null | undefined): Tujuan {
  if (alasan === 'Ke Vulkanisir') return 'vulkanisir'
  if (alasan === 'Afkir' || alasan === 'Pecah') return 'afkir'
  return 'stok'
}

/** The notice of a posted pelepasan: its screen opens read-only, its dialogs answer 409. */
export const PELEPASAN_POSTED = 'Pelepasan ban ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.'

export const ALASAN_HARUS_DIPILIH = 'Alasan pelepasan harus dipilih.'
export const TUJUAN_HARUS_DIPILIH = 'Tujuan ban harus dipilih.'
export const TEBAL_TAPAK_SALAH = 'Tebal tapak harus berupa angka 0 sampai 30 (mm) dengan paling banyak satu desimal.'

/** The contract's km rule, the km formatted id-ID: 'Km Pelepasan tidak boleh di bawah Km Pemasangan (12.345).' */
export const kmBelowPemasangan = (kmPemasangan: number) =>
  `Km Pelepasan tidak boleh di bawah Km Pemasangan (${formatNumber(kmPemasangan)}).`

/**
 * 'Form Pelepasan Ban ({posisi})': Km Pelepasan (not below `kmPemasangan` when it is known), Alasan,
 * Tujuan (left empty: the reason's default, so a form without JavaScript gets it too), Tebal Tapak
 * (optional, 0–30 mm) and Keterangan (optional, at most 255 characters).
 */
export function pelepasanFormSchema(kmPemasangan: number | null) {
  return z
    .object({
      km_pelepasan: wholeNumber('Km Pelepasan harus diisi.', 'Km Pelepasan harus berupa angka.', 'Km Pelepasan').refine(
        (km) => kmPemasangan === null || km >= kmPemasangan,
        kmBelowPemasangan(kmPemasangan ?? 0),
      ),
      alasan: z.enum(ALASAN, { error: ALASAN_HARUS_DIPILIH }),
      tujuan: z.enum(TUJUAN, { error: TUJUAN_HARUS_DIPILIH }).optional(),
      // 0–30 mm with at most one decimal, as every tread depth (forms/numbers.ts).
      tebal_tapak: z
        .string()
        .trim()
        .optional()
        .transform((v, ctx) => {
          if (!v) return undefined
          const n = decimalWithin(v, TEBAL_TAPAK_MAX, 1)
          if (n === null) {
            ctx.addIssue({ code: 'custom', message: TEBAL_TAPAK_SALAH })
            return z.NEVER
          }
          return n
        }),
      keterangan: z.string().trim().max(255, 'Keterangan paling banyak 255 karakter.').optional(),
    })
    .transform((v) => ({
      ...v,
      tujuan: v.tujuan ?? defaultTujuan(v.alasan),
      tebal_tapak: v.tebal_tapak ?? null,
      keterangan: v.keterangan || null,
    }))
}
export type PelepasanFormValue = z.infer<ReturnType<typeof pelepasanFormSchema>>

/** Fields of the pelepasan dialog: the upstream's errors on them show beside them, any other above the form. */
export const PELEPASAN_FIELDS = ['km_pelepasan', 'alasan', 'tujuan', 'tebal_tapak', 'keterangan'] as const
