import { describe, expect, it } from 'vitest'
import {
  KM_BUKAN_ANGKA,
  kmField,
  readKmEntry,
  TANGGAL_KOSONG,
  TANGGAL_NANTI,
  TANGGAL_TIDAK_VALID,
  TIDAK_ADA_KM,
  upstreamKmErrors,
} from '~/lib/km-kendaraan'
import { KoreksiKmSchema } from '~/lib/forms/koreksi-km'

const form = (fields: [string, string][]) => {
  const f = new FormData()
  for (const [k, v] of fields) f.append(k, v)
  return f
}
const TODAY = '2026-11-29'

describe('Km Kendaraan entry form', () => {
  it('every filled km field is a line ("125.000" read as 125000); blanks are no reading', () => {
    const e = readKmEntry(
      form([
        ['tanggal', '2026-11-28'],
        [kmField(7), '125.000'],
        [kmField(8), '  '],
        [kmField(9), '98000'],
        ['intent', 'x'],
      ]),
      TODAY,
    )
    expect(e).toEqual({
      tanggal: '2026-11-28',
      typed: { '7': '125.000', '9': '98000' },
      lines: [
        { kendaraan_id: 7, km: 125000 },
        { kendaraan_id: 9, km: 98000 },
      ],
      errors: {},
      formError: null,
    })
  })
  it('a km that is not a whole number stays typed with its message; nothing filled says so', () => {
    const e = readKmEntry(
      form([
        ['tanggal', TODAY],
        [kmField(7), 'seratus'],
        [kmField(8), '12,5'],
        [kmField(9), '-5'],
      ]),
      TODAY,
    )
    expect(e.typed).toEqual({ '7': 'seratus', '8': '12,5', '9': '-5' })
    expect(e.errors['7']).toBe(KM_BUKAN_ANGKA)
    expect(e.errors['8']).toBe('Km harus bilangan bulat, tanpa desimal.')
    expect(e.errors['9']).toBe('Km harus antara 0 dan 10.000.000.')
    expect(e.lines).toEqual([])
    expect(readKmEntry(form([['tanggal', TODAY]]), TODAY).formError).toBe(TIDAK_ADA_KM)
  })
  it('the date: required, a real day, not after today', () => {
    const errorOf = (tanggal: string) =>
      readKmEntry(
        form([
          ['tanggal', tanggal],
          [kmField(1), '5'],
        ]),
        TODAY,
      ).errors.tanggal
    expect(errorOf('')).toBe(TANGGAL_KOSONG)
    expect(errorOf('2026-02-30')).toBe(TANGGAL_TIDAK_VALID)
    expect(errorOf('2026-11-30')).toBe(TANGGAL_NANTI)
    expect(errorOf(TODAY)).toBeUndefined()
  })
  it("the upstream's refusal of line i goes beside that line's vehicle; the rest is said apart", () => {
    const lines = [
      { kendaraan_id: 7, km: 1 },
      { kendaraan_id: 9, km: 2 },
    ]
    expect(
      upstreamKmErrors(
        {
          'bacaan.1.km': ['Km 2 lebih kecil dari km sebelumnya: 15.000 pada 10/11/2026.'],
          tanggal: ['Tanggal tidak boleh setelah hari ini.'],
          'bacaan.5.km': ['?'],
          lain: ['Sesuatu.'],
        },
        lines,
      ),
    ).toEqual({
      errors: { '9': 'Km 2 lebih kecil dari km sebelumnya: 15.000 pada 10/11/2026.', tanggal: 'Tanggal tidak boleh setelah hari ini.' },
      rest: ['?', 'Sesuatu.'],
    })
  })
})

describe('Koreksi km form', () => {
  it('needs a reason, a km and a date not after today', () => {
    const r = KoreksiKmSchema.safeParse({ tanggal: '2999-01-01', km: 'abc', alasan: '  ' })
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))
    expect(messages).toEqual({ tanggal: TANGGAL_NANTI, km: KM_BUKAN_ANGKA, alasan: 'Alasan koreksi tidak boleh kosong.' })
    expect(KoreksiKmSchema.parse({ tanggal: '2026-01-02', km: '1.500', alasan: ' Odometer diganti ' })).toEqual({
      tanggal: '2026-01-02',
      km: '1500',
      alasan: 'Odometer diganti',
    })
  })
})
