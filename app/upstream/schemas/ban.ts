import { z } from 'zod'
import { id, lowerText, money, optionalId, textOrEmpty, upperText } from '../normalize'
import { merekRef, typebanRef, ukuranRef } from './refs'

/** Tyre conditions (spec 001 §5). */
export const KONDISI_BAN = ['BARU', 'BEKAS', 'KANISIR', 'AFKIR', 'PROFIT'] as const

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
})
export type Ban = z.infer<typeof banSchema>

export type BanStatusFilter = 'stok' | 'terpasang'
