import { z } from 'zod'
import { optionalText, requiredText } from './fields'
import { readWhole, wholeDigits, type WholeRule } from './numbers'

/**
 * The Item Servis dialog (the master of service items, extension 'jadwal-servis'): a name, how often
 * it falls due — every so many km, every so many days, or both, whichever comes first — and the parts
 * it usually takes (free text). The same bounds as the upstream's, so a refusal shows before the call.
 */

export const ITEM_SERVIS_FIELDS = ['nama', 'interval_km', 'interval_hari', 'suku_cadang'] as const

export const INTERVAL_KM: WholeRule = { label: 'Interval Km', min: 1, max: 1_000_000 }
export const INTERVAL_HARI: WholeRule = { label: 'Interval Hari', min: 1, max: 3_650 }
export const INTERVAL_KM_BUKAN_ANGKA = 'Interval Km harus berupa angka, misalnya 10.000.'
export const INTERVAL_HARI_BUKAN_ANGKA = 'Interval Hari harus berupa angka, misalnya 180.'
export const ISI_INTERVAL = 'Isi Interval Km atau Interval Hari.'

export const ItemServisSchema = z
  .object({
    nama: requiredText('Nama Item Servis tidak boleh kosong!', 'Nama Item Servis', 100),
    interval_km: wholeDigits(INTERVAL_KM, { invalid: INTERVAL_KM_BUKAN_ANGKA }),
    interval_hari: wholeDigits(INTERVAL_HARI, { invalid: INTERVAL_HARI_BUKAN_ANGKA }),
    suku_cadang: optionalText('Suku Cadang'),
  })
  // Also when the name is missing (both messages at once), not when an interval itself is refused.
  .refine((v) => v.interval_km !== undefined || v.interval_hari !== undefined, {
    path: ['interval_km'],
    message: ISI_INTERVAL,
    when: (p) => !p.issues.some((i) => i.path?.[0] === 'interval_km' || i.path?.[0] === 'interval_hari'),
  })

/** The upstream's body from the parsed dialog: blanks are null. */
export const itemServisBody = (v: z.infer<typeof ItemServisSchema>) => ({
  nama: v.nama,
  interval_km: v.interval_km === undefined ? null : Number(v.interval_km),
  interval_hari: v.interval_hari === undefined ? null : Number(v.interval_hari),
  suku_cadang: v.suku_cadang ? v.suku_cadang : null,
})

/** A typed interval of a plan's line: blank → null; else the number or why not. */
export function readInterval(text: string, rule: WholeRule, invalid: string): { value: number | null } | { error: string } {
  if (text.trim() === '') return { value: null }
  return readWhole(text, rule, { invalid })
}
