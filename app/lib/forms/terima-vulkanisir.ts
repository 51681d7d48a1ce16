import { z } from 'zod'
import { isCalendarDate } from '~/lib/date-filter'
import { requiredWholeDigits, rupiahRule } from './numbers'

/** 'Terima dari vulkanisir' (POST /api/ban/{id}/terima-vulkanisir): the retreader, the cost and the day it came back. */
export const PILIH_VULKANISIR = 'Pilih vulkanisir terlebih dahulu!'
export const BIAYA_ANGKA = 'Biaya vulkanisir harus berupa angka.'
export const TANGGAL_TERIMA = 'Tanggal Terima harus tanggal yang valid.'

export const TerimaVulkanisirSchema = z.object({
  supplier_id: z.string({ error: PILIH_VULKANISIR }).regex(/^\d{1,12}$/, PILIH_VULKANISIR),
  // 'Rp 150.000' is read as 150000: whole Rupiah, 0 to 10^12 (forms/numbers.ts).
  biaya: requiredWholeDigits(rupiahRule('Biaya vulkanisir'), { invalid: BIAYA_ANGKA, required: 'Biaya vulkanisir harus diisi.' }),
  tanggal: z.string({ error: TANGGAL_TERIMA }).trim().refine(isCalendarDate, TANGGAL_TERIMA),
})
export type TerimaVulkanisirValue = z.infer<typeof TerimaVulkanisirSchema>
