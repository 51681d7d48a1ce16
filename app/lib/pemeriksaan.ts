import { z } from 'zod'
import { formatDate, formatNumber } from './format'
import { daysBetween } from './jatuh-tempo'
import { wholeNumber } from './pemasangan'

/**
 * Pemeriksaan Ban (tyre inspection rounds): the round's form schema, its texts, and how the figures
 * of a tyre's forecast are written. Pure: used by the server and by Conform in the browser.
 */

/** The dashboard lists a vehicle with fitted tyres not inspected for this many days. */
export const HARI_BELUM_DIPERIKSA = 30

export const KONDISI_PEMERIKSAAN = ['Baik', 'Aus tidak rata', 'Retak', 'Benjol', 'Tertusuk', 'Lainnya'] as const

/** The notice of a posted round: its screen opens read-only, its action answers 409. */
export const PEMERIKSAAN_POSTED = 'Pemeriksaan ban ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.'
export const TEBAL_TAPAK_WAJIB = 'Tebal tapak harus diisi.'
export const TEBAL_TAPAK_SALAH = 'Tebal tapak harus angka 0–30 mm dengan paling banyak satu desimal.'
export const TEKANAN_SALAH = 'Tekanan harus angka 0–200 psi.'
export const KONDISI_SALAH = 'Pilih kondisi dari daftar.'
export const TANGGAL_WAJIB = 'Tanggal harus diisi.'
export const TIDAK_ADA_BAN_TERPASANG = 'Kendaraan ini belum memiliki ban terpasang untuk diperiksa.'

/** The contract's km rule, the km formatted id-ID. */
export const kmBelowVehicle = (km: number) => `Km kendaraan tidak boleh di bawah km terakhir kendaraan (${formatNumber(km)}).`

/** The contract's date rule: a round is not dated after today (the company's, DD/MM/YYYY). */
export const tanggalAfterToday = (today: string) => `Tanggal pemeriksaan tidak boleh setelah hari ini (${formatDate(today)}).`

/** "7,5" / "7.5" → 7.5; null when blank; NaN when not a number. */
export function decimalOf(value: string | null | undefined): number | null {
  const s = (value ?? '').trim().replace(',', '.')
  if (s === '') return null
  return /^\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN
}

/** A tread depth in mm: 0–30 with at most one decimal. */
export const isTebalTapak = (n: number) => Number.isFinite(n) && n >= 0 && n <= 30 && Math.abs(n * 10 - Math.round(n * 10)) < 1e-9

/** Required; one message at a time (blank, or not a depth). */
const tebalTapak = z
  .string({ error: TEBAL_TAPAK_WAJIB })
  .trim()
  .superRefine((v, ctx) => {
    if (v === '') ctx.addIssue({ code: 'custom', message: TEBAL_TAPAK_WAJIB })
    else if (!isTebalTapak(decimalOf(v) ?? Number.NaN)) ctx.addIssue({ code: 'custom', message: TEBAL_TAPAK_SALAH })
  })

const LineSchema = z.object({
  posisi_ban: z.string().trim().min(1).max(3),
  tebal_tapak: tebalTapak,
  tekanan: z
    .string()
    .trim()
    .refine((v) => {
      const n = decimalOf(v)
      return n === null || (Number.isFinite(n) && n >= 0 && n <= 200)
    }, TEKANAN_SALAH)
    .optional(),
  kondisi: z.enum(KONDISI_PEMERIKSAAN, { error: KONDISI_SALAH }),
  keterangan: z.string().trim().max(255, 'Keterangan paling banyak 255 karakter.').optional(),
})

/**
 * The round's form: Tanggal (not after `today`, the company's), Km Kendaraan and a line per fitted
 * position (Conform's names: `detail[0].tebal_tapak`). A round dated today is not below `kmMin`, the
 * vehicle's km now (when known); a round dated earlier (a late paper round) is checked by the upstream
 * against the vehicle's records around its date, as is each tread against the tyre's rounds before
 * and after it: its 422s are put beside their fields.
 */
export function pemeriksaanFormSchema(kmMin: number | null, today: string) {
  return z
    .object({
      tanggal_awal: z.iso.date({ error: TANGGAL_WAJIB }).refine((d) => d <= today, tanggalAfterToday(today)),
      km: wholeNumber('Km kendaraan harus diisi.', 'Km kendaraan harus berupa angka.'),
      detail: z.array(LineSchema).min(1, TIDAK_ADA_BAN_TERPASANG),
    })
    .refine((v) => kmMin === null || v.tanggal_awal !== today || typeof v.km !== 'number' || v.km >= kmMin, {
      // On the field itself, and said together with the lines' errors (`when`: also when they have some).
      path: ['km'],
      message: kmBelowVehicle(kmMin ?? 0),
      when: () => true,
    })
}
export type PemeriksaanFormValue = z.infer<ReturnType<typeof pemeriksaanFormSchema>>

/** The upstream's field keys (`detail.0.tebal_tapak`) as the form's names (`detail[0].tebal_tapak`). */
export function pemeriksaanFieldErrors(errors: Record<string, string[]>): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  for (const [key, messages] of Object.entries(errors)) {
    const line = /^detail\.(\d+)\.(\w+)$/.exec(key)
    if (line) fieldErrors[`detail[${line[1]}].${line[2]}`] = messages
    else if (key === 'km' || key === 'tanggal_awal') fieldErrors[key] = messages
    else formErrors.push(...messages)
  }
  return { fieldErrors, formErrors }
}

/**
 * Days from `today` to a tyre's forecast date (the upstream's, projected to today): negative once it
 * has passed, what DueLabel says as 'lewat N hari' in red, as for an STNK. Null: no forecast date.
 */
export const sisaHariPrakiraan = (tanggalPrakiraan: string | null | undefined, today: string): number | null =>
  tanggalPrakiraan ? daysBetween(today, tanggalPrakiraan) : null

/** 7.5 → "7,5 mm"; null → "-". */
export const formatMm = (n: number | null | undefined) => (n === null || n === undefined ? '-' : `${String(n).replace('.', ',')} mm`)

/** 0.2 → "0,2 mm / 1.000 km"; null → "-". */
export const formatKeausan = (n: number | null | undefined) =>
  n === null || n === undefined ? '-' : `${n.toLocaleString('id-ID', { maximumFractionDigits: 3 })} mm / 1.000 km`

/** 200 → "200 km/hari"; null → "-". */
export const formatKmPerHari = (n: number | null | undefined) =>
  n === null || n === undefined ? '-' : `${n.toLocaleString('id-ID', { maximumFractionDigits: 1 })} km/hari`
