import { z } from 'zod'
import { isCalendarDate } from '~/lib/date-filter'
import { priceDigits } from './pembelian'

/** 'Terima dari vulkanisir' (POST /api/ban/{id}/terima-vulkanisir): the retreader, the cost and the day it came back. */
export const PILIH_VULKANISIR = 'Pilih vulkanisir terlebih dahulu!'
export const BIAYA_ANGKA = 'Biaya vulkanisir harus berupa angka.'
export const TANGGAL_TERIMA = 'Tanggal Terima harus tanggal yang valid.'

export const TerimaVulkanisirSchema = z.object({
  supplier_id: z.string({ error: PILIH_VULKANISIR }).regex(/^\d{1,12}$/, PILIH_VULKANISIR),
  // 'Rp 150.000' is read as 150000; anything without a digit is refused.
  biaya: z
    .string({ error: 'Biaya vulkanisir harus diisi.' })
    .refine((v) => /^\s*(Rp\.?\s*)?[\d.\s]+$/i.test(v) && /\d/.test(v), BIAYA_ANGKA)
    .transform(priceDigits)
    .pipe(z.string().max(12, 'Biaya vulkanisir terlalu besar.')),
  tanggal: z.string({ error: TANGGAL_TERIMA }).trim().refine(isCalendarDate, TANGGAL_TERIMA),
})
export type TerimaVulkanisirValue = z.infer<typeof TerimaVulkanisirSchema>
