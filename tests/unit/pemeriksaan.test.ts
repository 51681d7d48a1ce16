import { describe, expect, it } from 'vitest'
import { formatKeausan, formatKmPerHari, formatMm, pemeriksaanFieldErrors, pemeriksaanFormSchema } from '~/lib/pemeriksaan'

const issues = (kmMin: number | null, v: unknown) => {
  const r = pemeriksaanFormSchema(kmMin).safeParse(v)
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}
const line = (over: Record<string, string> = {}) => ({ posisi_ban: '1A', tebal_tapak: '7,5', kondisi: 'Baik', ...over })

describe('the inspection round form', () => {
  it('takes a round with "7,5" mm, dotted km and an optional pressure', () => {
    const v = pemeriksaanFormSchema(100_000).parse({ tanggal_awal: '2026-11-01', km: '105.000', detail: [line({ tekanan: '' })] })
    expect(v.km).toBe(105_000)
    expect(v.detail[0]).toMatchObject({ posisi_ban: '1A', tebal_tapak: '7,5', kondisi: 'Baik' })
  })

  it('refuses, in Indonesian: tread missing or outside 0–30 with one decimal, pressure, condition, km below the vehicle', () => {
    expect(
      issues(100_000, {
        tanggal_awal: '2026-11-01',
        km: '99.999',
        detail: [line({ tebal_tapak: '' }), line({ posisi_ban: '1B', tebal_tapak: '30,5', tekanan: '250', kondisi: 'Gundul' })],
      }),
    ).toEqual([
      'km: Km kendaraan tidak boleh di bawah km terakhir kendaraan (100.000).',
      'detail.0.tebal_tapak: Tebal tapak harus diisi.',
      'detail.1.tebal_tapak: Tebal tapak harus angka 0–30 mm dengan paling banyak satu desimal.',
      'detail.1.tekanan: Tekanan harus angka 0–200 psi.',
      'detail.1.kondisi: Pilih kondisi dari daftar.',
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
})
