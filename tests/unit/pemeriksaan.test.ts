import { describe, expect, it } from 'vitest'
import { forecastFrom } from '../../api/routes/transaksi/pemeriksaan'
import { sisaLabel } from '~/lib/jatuh-tempo'
import {
  formatKeausan,
  formatKmPerHari,
  formatMm,
  pemeriksaanFieldErrors,
  pemeriksaanFormSchema,
  sisaHariPrakiraan,
} from '~/lib/pemeriksaan'

const TODAY = '2026-11-01'
const issues = (kmMin: number | null, v: unknown, today = TODAY) => {
  const r = pemeriksaanFormSchema(kmMin, today).safeParse(v)
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}
const line = (over: Record<string, string> = {}) => ({ posisi_ban: '1A', tebal_tapak: '7,5', kondisi: 'Baik', ...over })

describe('the inspection round form', () => {
  it('takes a round with "7,5" mm, dotted km and an optional pressure', () => {
    const v = pemeriksaanFormSchema(100_000, TODAY).parse({ tanggal_awal: '2026-11-01', km: '105.000', detail: [line({ tekanan: '' })] })
    expect(v.km).toBe(105_000)
    expect(v.detail[0]).toMatchObject({ posisi_ban: '1A', tebal_tapak: '7,5', kondisi: 'Baik' })
  })

  it('refuses, in Indonesian: tread missing or outside 0–30 with one decimal, pressure, condition, km below the vehicle', () => {
    expect(
      issues(100_000, {
        tanggal_awal: TODAY,
        km: '99.999',
        detail: [line({ tebal_tapak: '' }), line({ posisi_ban: '1B', tebal_tapak: '30,5', tekanan: '250', kondisi: 'Gundul' })],
      }),
    ).toEqual([
      'detail.0.tebal_tapak: Tebal tapak harus diisi.',
      'detail.1.tebal_tapak: Tebal tapak harus angka 0–30 mm dengan paling banyak satu desimal.',
      'detail.1.tekanan: Tekanan harus angka 0–200 psi.',
      'detail.1.kondisi: Pilih kondisi dari daftar.',
      'km: Km kendaraan tidak boleh di bawah km terakhir kendaraan (100.000).',
    ])
    expect(issues(null, { tanggal_awal: '', km: '', detail: [] })).toEqual([
      'tanggal_awal: Tanggal harus diisi.',
      'km: Km kendaraan harus diisi.',
      'detail: Kendaraan ini belum memiliki ban terpasang untuk diperiksa.',
    ])
    expect(issues(null, { tanggal_awal: '2026-11-01', km: '1', detail: [line({ tebal_tapak: '7,25' })] })).toEqual([
      'detail.0.tebal_tapak: Tebal tapak harus angka 0–30 mm dengan paling banyak satu desimal.',
    ])
  })

  it('refuses a date after today; checks the km against the vehicle only on a round dated today (a late paper round may be lower)', () => {
    const round = (tanggal_awal: string, km: string) => ({ tanggal_awal, km, detail: [line()] })
    expect(issues(100_000, round('2026-11-02', '105.000'))).toEqual([
      'tanggal_awal: Tanggal pemeriksaan tidak boleh setelah hari ini (01/11/2026).',
    ])
    expect(issues(100_000, round('2027-03-01', '105.000'))).toEqual([
      'tanggal_awal: Tanggal pemeriksaan tidak boleh setelah hari ini (01/11/2026).',
    ])
    expect(issues(100_000, round('2026-10-20', '95.000'))).toEqual([])
    expect(issues(100_000, round(TODAY, '95.000'))).toEqual(['km: Km kendaraan tidak boleh di bawah km terakhir kendaraan (100.000).'])
  })

  it("puts the upstream's line errors beside the form's fields, the rest above the form", () => {
    expect(
      pemeriksaanFieldErrors({
        'detail.1.tebal_tapak': ['Tebal tapak tidak boleh di atas pemeriksaan sebelumnya.'],
        km: ['Km kendaraan tidak boleh di bawah km terakhir kendaraan (100.000).'],
        pemeriksaan_ban_id: ['Pemeriksaan ban sudah diposting dan tidak dapat diubah.'],
      }),
    ).toEqual({
      fieldErrors: {
        'detail[1].tebal_tapak': ['Tebal tapak tidak boleh di atas pemeriksaan sebelumnya.'],
        km: ['Km kendaraan tidak boleh di bawah km terakhir kendaraan (100.000).'],
      },
      formErrors: ['Pemeriksaan ban sudah diposting dan tidak dapat diubah.'],
    })
  })

  it('writes the forecast figures the Indonesian way', () => {
    expect(formatMm(7.5)).toBe('7,5 mm')
    expect(formatMm(null)).toBe('-')
    expect(formatKeausan(0.25)).toBe('0,25 mm / 1.000 km')
    expect(formatKmPerHari(1250)).toBe('1.250 km/hari')
  })

  it("a forecast date that has passed reads 'lewat N hari', as an STNK's", () => {
    expect(sisaHariPrakiraan('2026-11-23', '2026-11-28')).toBe(-5)
    expect(sisaLabel(sisaHariPrakiraan('2026-11-23', '2026-11-28')!)).toBe('lewat 5 hari')
    expect(sisaLabel(sisaHariPrakiraan('2026-11-28', '2026-11-28')!)).toBe('hari ini')
    expect(sisaLabel(sisaHariPrakiraan('2026-12-03', '2026-11-28')!)).toBe('5 hari lagi')
    expect(sisaHariPrakiraan(null, '2026-11-28')).toBeNull()
  })
})

describe("a tyre's forecast, projected from its last inspection to today", () => {
  // 4,5 mm on 13/11, 0,375 mm per 1.000 km: 4.000 km above the 3 mm minimum; the vehicle runs 400 km a day.
  const dasar = { tebal_tapak: 4.5, keausan_per_1000_km: 0.375, km_per_hari: 400, tanggal_periksa: '2026-11-13' }

  it('without later records, by the km per day: the same date as on the inspection day, the km and days left counted down', () => {
    const then = forecastFrom(dasar, 3, { hari_ini: '2026-11-13', km_tercatat: 0, berjalan: true })
    expect(then).toMatchObject({ km_sisa: 4000, hari_sisa: 10, tanggal_prakiraan: '2026-11-23', km_sejak_periksa: 0 })
    const now = forecastFrom(dasar, 3, { hari_ini: '2026-11-20', km_tercatat: 0, berjalan: true })
    expect(now).toMatchObject({
      km_sisa: 1200,
      hari_sisa: 3,
      tanggal_prakiraan: '2026-11-23',
      km_sejak_periksa: 2800,
      tanggal_hitung: '2026-11-20',
    })
  })

  it('past its date: no km left, days left negative, the date stays; read as lewat N hari', () => {
    const p = forecastFrom(dasar, 3, { hari_ini: '2026-11-28', km_tercatat: 0, berjalan: true })
    expect(p).toMatchObject({ km_sisa: 0, hari_sisa: -5, tanggal_prakiraan: '2026-11-23', km_sejak_periksa: 6000 })
    expect(sisaLabel(p.hari_sisa!)).toBe('lewat 5 hari')
  })

  it("the vehicle's later records say it ran more than its km per day: the date comes earlier", () => {
    const p = forecastFrom(dasar, 3, { hari_ini: '2026-11-15', km_tercatat: 3000, berjalan: true })
    expect(p).toMatchObject({ km_sejak_periksa: 3000, km_sisa: 1000, hari_sisa: 3, tanggal_prakiraan: '2026-11-18' })
  })

  it('a tyre off its vehicle is not running: only its recorded km count, no date', () => {
    const p = forecastFrom(dasar, 3, { hari_ini: '2026-11-28', km_tercatat: 1000, berjalan: false })
    expect(p).toMatchObject({ km_sisa: 3000, hari_sisa: null, tanggal_prakiraan: null, km_sejak_periksa: 1000 })
  })

  it('at the minimum on its inspection: its date is that day, past since', () => {
    const p = forecastFrom({ ...dasar, tebal_tapak: 3, km_per_hari: null }, 3, { hari_ini: '2026-11-28', km_tercatat: 0, berjalan: true })
    expect(p).toMatchObject({ km_sisa: 0, hari_sisa: -15, tanggal_prakiraan: '2026-11-13' })
  })
})
