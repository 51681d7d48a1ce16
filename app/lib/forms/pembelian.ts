import { z } from 'zod'
import { KONDISI_BAN } from './choices'
import { decimalOf, isTebalTapak, TEBAL_TAPAK_SALAH } from '../pemeriksaan'
import { rupiahRule, wholeDigits } from './numbers'

/**
 * The purchase dialog: a supplier, its address (read-only, from the
 * supplier), tyre lines and a read-only Grand Total. One schema for Conform on the client and the
 * action on the server; line names are Conform's (`ban[0].no_seri`), the upstream's multipart
 * (`ban[0][no_seri]`) is made by pembelianFormData.
 */

export const PILIH_SUPPLIER = 'Pilih supplier terlebih dahulu!'
export const MINIMAL_SATU_BAN = 'Tambahkan minimal satu ban.'
export const NO_SERI_WAJIB = 'No Seri wajib diisi.'
export const NO_SERI_GANDA = 'No Seri tidak boleh sama dalam satu pembelian.'

/** "Rp 1.250.000" / "1.250.000" / "1250000" → "1250000"; the input keeps digits only. */
export const priceDigits = (value: string) => value.replace(/\D+/g, '').replace(/^0+(?=\d)/, '')

/**
 * "1250000" → "1.250.000" (what the price input shows). A value with a comma ("1.500.000,50" or
 * "1,500,000") is left as typed: its digits alone would be another price; the schema reads or refuses it.
 */
export function formatPrice(value: string): string {
  if (value.includes(',')) return value
  const d = priceDigits(value)
  return d ? d.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : ''
}

/** Grand Total: the sum of the line prices, a non-numeric price counting as 0. */
export function grandTotal(prices: readonly (string | null | undefined)[]): number {
  return prices.reduce((sum, p) => sum + (Number(priceDigits(p ?? '')) || 0), 0)
}

const optionalRef = (message: string) =>
  z
    .string()
    .regex(/^\d{1,12}$/, message)
    .optional()

export const LineSchema = z.object({
  no_seri: z.string({ error: NO_SERI_WAJIB }).trim().min(1, NO_SERI_WAJIB).max(100, 'No Seri maksimal 100 karakter.'),
  ukuran_id: optionalRef('Ukuran tidak valid.'),
  kondisi_ban: z.enum(KONDISI_BAN, { error: 'Pilih kondisi ban dari daftar.' }).optional(),
  merek_id: optionalRef('Merek tidak valid.'),
  typeban_id: optionalRef('Type ban tidak valid.'),
  /** Whole Rupiah, 0 to 10^12 ('1.500.000', '1,500,000', 'Rp 1.500.000'); a fraction is refused. */
  harga: wholeDigits(rupiahRule('Harga'), { invalid: 'Harga harus berupa angka.' }),
  /** The tread depth when new (mm, optional): "15,5". */
  tebal_tapak_awal: z
    .string()
    .trim()
    .refine((v) => v === '' || isTebalTapak(decimalOf(v) ?? Number.NaN), TEBAL_TAPAK_SALAH)
    .optional(),
})

export const PembelianSchema = z
  .object({
    supplier_id: z.string({ error: PILIH_SUPPLIER }).regex(/^\d{1,12}$/, PILIH_SUPPLIER),
    alamat: z.string().max(1000).optional(),
    ban: z.array(LineSchema, { error: MINIMAL_SATU_BAN }).min(1, MINIMAL_SATU_BAN),
  })
  .superRefine((v, ctx) => {
    const seen = new Map<string, number>()
    v.ban.forEach((line, i) => {
      const key = line.no_seri.trim().toLowerCase()
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['ban', i, 'no_seri'], message: NO_SERI_GANDA })
      else seen.set(key, i)
    })
  })
export type PembelianValue = z.infer<typeof PembelianSchema>

/** The form's value → the upstream's input (Grand Total computed from the lines). */
export function toPembelianInput(v: PembelianValue, alamat: string | null) {
  return {
    supplier_id: v.supplier_id,
    alamat,
    grand_total: grandTotal(v.ban.map((l) => l.harga)),
    ban: v.ban.map((l) => ({
      no_seri: l.no_seri,
      ukuran_id: l.ukuran_id ?? null,
      kondisi_ban: l.kondisi_ban ?? null,
      merek_id: l.merek_id ?? null,
      typeban_id: l.typeban_id ?? null,
      harga: l.harga || '0',
      tebal_tapak_awal: l.tebal_tapak_awal ? l.tebal_tapak_awal.replace(',', '.') : null,
    })),
  }
}

export const EMPTY_LINE = { no_seri: '', ukuran_id: '', kondisi_ban: 'BARU', merek_id: '', typeban_id: '', harga: '', tebal_tapak_awal: '' }
