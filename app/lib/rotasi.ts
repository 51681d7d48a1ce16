import { z } from 'zod'
import { wholeNumber } from './pemasangan'
import { formatNumber } from './format'

/**
 * Rotasi Ban (moving fitted tyres between positions of one vehicle): the schema of 'Pindahkan Ban
 * ({posisi})' and the screen's texts. Pure: used by the server and by Conform in the browser.
 */

/** The notice of a posted rotation: its screen opens read-only, its dialogs answer 409. */
export const ROTASI_POSTED = 'Rotasi ban ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.'

export const POSISI_TUJUAN_HARUS_DIPILIH = 'Posisi tujuan harus dipilih.'

/** The contract's km rule, the km formatted id-ID: 'Km Rotasi tidak boleh di bawah km terakhir ban (12.345).' */
export const kmBelowLast = (kmTerakhir: number) => `Km Rotasi tidak boleh di bawah km terakhir ban (${formatNumber(kmTerakhir)}).`

/**
 * 'Pindahkan Ban ({posisi})': Pindahkan ke (another position of the vehicle, one of `targets`) and Km
 * Rotasi, not below `kmTerakhir` (the tyre's last km; of a swap, the higher of the two tyres') when
 * it is known. The upstream checks the same and answers 422.
 */
export function rotasiFormSchema(targets: readonly { posisi: string; kmTerakhir: number | null }[], kmTerakhir: number | null) {
  const positions = targets.map((t) => t.posisi)
  return z
    .object({
      posisi_tujuan: z
        .string({ error: POSISI_TUJUAN_HARUS_DIPILIH })
        .trim()
        .refine((p) => positions.includes(p), POSISI_TUJUAN_HARUS_DIPILIH),
      km: wholeNumber('Km Rotasi harus diisi.', 'Km Rotasi harus berupa angka.', 'Km Rotasi'),
    })
    .superRefine((v, ctx) => {
      const other = targets.find((t) => t.posisi === v.posisi_tujuan)?.kmTerakhir ?? null
      const floor = Math.max(kmTerakhir ?? 0, other ?? 0)
      if ((kmTerakhir !== null || other !== null) && v.km < floor) {
        ctx.addIssue({ code: 'custom', path: ['km'], message: kmBelowLast(floor) })
      }
    })
}
export type RotasiFormValue = z.infer<ReturnType<typeof rotasiFormSchema>>

/** Fields of the move dialog: the upstream's errors on them show beside them, any other above the form. */
export const ROTASI_FIELDS = ['posisi_tujuan', 'km'] as const
