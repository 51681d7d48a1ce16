import { z } from 'zod'
import { TANGGAL_KOSONG, TANGGAL_NANTI, TANGGAL_TIDAK_VALID, KM_BUKAN_ANGKA } from '~/lib/km-kendaraan'
import { isCalendarDate, todayInCompany } from '~/lib/date-filter'
import { kmRule, requiredWholeDigits } from './numbers'

/**
 * Koreksi km (POST /api/km-kendaraan/koreksi): a vehicle's km on a date with the reason (an odometer
 * replaced, a reading typed wrong); it starts the vehicle's readings anew, so it is not held to the
 * readings before it.
 */
export const ALASAN_KOSONG = 'Alasan koreksi tidak boleh kosong.'
export const ALASAN_PANJANG = 'Alasan koreksi maksimal 255 karakter.'

export const KoreksiKmSchema = z.object({
  tanggal: z
    .string({ error: TANGGAL_KOSONG })
    .trim()
    .min(1, TANGGAL_KOSONG)
    .refine(isCalendarDate, TANGGAL_TIDAK_VALID)
    .refine((v) => v <= todayInCompany(), TANGGAL_NANTI),
  km: requiredWholeDigits(kmRule('Km'), { invalid: KM_BUKAN_ANGKA, required: 'Km tidak boleh kosong.' }),
  alasan: z.string({ error: ALASAN_KOSONG }).trim().min(1, ALASAN_KOSONG).max(255, ALASAN_PANJANG),
})
export type KoreksiKmValue = z.infer<typeof KoreksiKmSchema>
