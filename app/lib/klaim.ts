import { z } from 'zod'
import { isCalendarDate } from '~/lib/date-filter'
import { rupiahRule, wholeDigits } from '~/lib/forms/numbers'
import { backTo, documentMenu, riwayatTo } from '~/lib/document-menu'
import type { Can } from '~/lib/grants'
import type { RowMenuItem } from '~/ui/row-menu'

/**
 * Klaim Ban's form and figures, for the browser and the server alike. The amount of a claim is what
 * the tyre had left to run: price × (1 − km run / target km), in whole Rupiah, never negative (the
 * api computes the same and keeps it; this is what the form shows before it is saved).
 */
export function nilaiKlaim(harga: number | null, kmTempuh: number | null, targetKm: number | null): number {
  if (harga === null || kmTempuh === null || targetKm === null || targetKm <= 0 || kmTempuh >= targetKm) return 0
  return Math.max(0, Math.round((harga * (targetKm - kmTempuh)) / targetKm))
}

export const JENIS_KLAIM = ['Garansi Supplier', 'Karyawan'] as const
export type JenisKlaim = (typeof JENIS_KLAIM)[number]

export const PILIH_PELEPASAN = 'Pilih pelepasan ban yang diklaim terlebih dahulu!'
export const PILIH_JENIS = 'Pilih pihak yang diklaim!'
export const PILIH_SUPPLIER = 'Pilih supplier untuk klaim garansi!'
export const PILIH_KARYAWAN = 'Pilih karyawan yang bertanggung jawab!'
export const TANGGAL = 'Tanggal harus tanggal yang valid.'
export const NILAI_ANGKA = 'Nilai klaim harus berupa angka Rupiah.'
export const ALASAN_NILAI = 'Alasan perubahan nilai klaim harus diisi.'

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional()

/**
 * The claim's fields. `nilai_klaim` and `alasan_ubah_nilai` are the edit form's (a user with Update):
 * an amount other than the computed one (`nilai_hitung`, sent back by the form) needs a reason.
 */
export const KlaimSchema = z
  .object({
    detail_pelepasan_ban_id: z.string({ error: PILIH_PELEPASAN }).regex(/^\d{1,12}$/, PILIH_PELEPASAN),
    tanggal_awal: z.string({ error: TANGGAL }).trim().refine(isCalendarDate, TANGGAL),
    jenis: z.enum(JENIS_KLAIM, { error: PILIH_JENIS }),
    supplier_id: z
      .string()
      .regex(/^\d{1,12}$/, PILIH_SUPPLIER)
      .optional(),
    karyawan_id: z
      .string()
      .regex(/^\d{1,12}$/, PILIH_KARYAWAN)
      .optional(),
    // Whole Rupiah, 0 to 10^12 (forms/numbers.ts).
    nilai_klaim: wholeDigits(rupiahRule('Nilai klaim'), { invalid: NILAI_ANGKA, belowMin: 'Nilai klaim tidak boleh negatif.' }),
    nilai_hitung: z
      .string()
      .regex(/^\d{1,12}$/)
      .optional(),
    alasan_ubah_nilai: optionalText(255, 'Alasan perubahan nilai paling banyak 255 karakter.'),
    keterangan: optionalText(255, 'Keterangan paling banyak 255 karakter.'),
  })
  .superRefine((v, ctx) => {
    if (v.jenis === 'Garansi Supplier' && !v.supplier_id) ctx.addIssue({ code: 'custom', path: ['supplier_id'], message: PILIH_SUPPLIER })
    if (v.jenis === 'Karyawan' && !v.karyawan_id) ctx.addIssue({ code: 'custom', path: ['karyawan_id'], message: PILIH_KARYAWAN })
    const changed = v.nilai_klaim !== undefined && v.nilai_hitung !== undefined && v.nilai_klaim !== v.nilai_hitung
    if (changed && !v.alasan_ubah_nilai) ctx.addIssue({ code: 'custom', path: ['alasan_ubah_nilai'], message: ALASAN_NILAI })
  })
export type KlaimValue = z.infer<typeof KlaimSchema>

/** The claim's status as a badge's tone. */
export const statusKlaimTone = (s: string) => (s === 'Disetujui' ? 'green' : s === 'Ditolak' ? 'red' : 'amber')

/**
 * The row menu of a claim, on its list and its inquiry: the document menu (Posting / Unpost, Update,
 * Show, Riwayat, Delete), then Setujui and Tolak while it is Diajukan and not posted (Update), and
 * Cetak, the Surat Klaim Ban (Print).
 */
export function klaimMenu(
  row: { id: number; status: string | null; status_klaim: string },
  can: Pick<Can, 'posting' | 'unpost' | 'update' | 'show' | 'delete' | 'print'>,
  search: string,
  here: string,
  audit = false,
): RowMenuItem[] {
  const items = documentMenu(row, can, {
    show: `${row.id}${search}`,
    update: `${row.id}/edit${search}`,
    delete: `${row.id}/hapus${search}`,
    riwayat: riwayatTo(row, search, audit),
  })
  const decide: RowMenuItem[] =
    row.status !== 'posting' && row.status_klaim === 'Diajukan' && can.update
      ? [
          { kind: 'post', label: 'Setujui', intent: 'setujui', id: row.id },
          { kind: 'post', label: 'Tolak', intent: 'tolak', id: row.id, tone: 'danger' },
        ]
      : []
  const cetak: RowMenuItem[] = can.print ? [{ kind: 'link', label: 'Cetak', to: `/admin/klaim-cetak/${row.id}?${backTo(here)}` }] : []
  return [...decide, ...items, ...cetak]
}
