import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { bersihOf, totalOf } from '~/lib/laporan-biaya'
import { ALASAN_NILAI, KlaimSchema, nilaiKlaim, PILIH_KARYAWAN, PILIH_PELEPASAN, PILIH_SUPPLIER } from '~/lib/klaim'

const form = (fields: Record<string, string>) => {
  const fd = new FormData()
  for (const [k, v] of Object.entries(fields)) fd.set(k, v)
  return fd
}
const base = { detail_pelepasan_ban_id: '7', tanggal_awal: '2026-03-12', jenis: 'Garansi Supplier', supplier_id: '2' }

describe('Klaim Ban: the amount', () => {
  it('is price × (1 − km run / target km), whole Rupiah, never negative', () => {
    expect(nilaiKlaim(2_100_000, 14_000, 70_000)).toBe(1_680_000)
    expect(nilaiKlaim(2_000_000, 20_000, 70_000)).toBe(1_428_571)
    expect(nilaiKlaim(2_000_000, 70_000, 70_000)).toBe(0)
    expect(nilaiKlaim(2_000_000, 90_000, 70_000)).toBe(0)
    expect(nilaiKlaim(2_000_000, 0, 0)).toBe(0)
    expect(nilaiKlaim(null, 10, 100)).toBe(0)
  })
})

describe('Klaim Ban: the form', () => {
  const errors = (fields: Record<string, string>) => {
    const s = parseWithZod(form(fields), { schema: KlaimSchema })
    return s.status === 'success' ? {} : s.error
  }
  it('reads a claim against the supplier; the amount in Rupiah text', () => {
    const s = parseWithZod(form({ ...base, nilai_klaim: 'Rp 1.200.000', nilai_hitung: '1680000', alasan_ubah_nilai: 'Sepakat' }), {
      schema: KlaimSchema,
    })
    expect(s.status).toBe('success')
    expect(s.status === 'success' && s.value.nilai_klaim).toBe('1200000')
  })
  it('asks for the removal line and the party of its kind, in Indonesian', () => {
    expect(errors({ ...base, detail_pelepasan_ban_id: '' })).toMatchObject({ detail_pelepasan_ban_id: [PILIH_PELEPASAN] })
    expect(errors({ ...base, supplier_id: '' })).toMatchObject({ supplier_id: [PILIH_SUPPLIER] })
    expect(errors({ ...base, jenis: 'Karyawan' })).toMatchObject({ karyawan_id: [PILIH_KARYAWAN] })
  })
  it('another amount than the computed one needs a reason', () => {
    expect(errors({ ...base, nilai_klaim: '1.000.000', nilai_hitung: '1680000' })).toMatchObject({ alasan_ubah_nilai: [ALASAN_NILAI] })
    expect(errors({ ...base, nilai_klaim: '1.680.000', nilai_hitung: '1680000' })).toEqual({})
  })
})

describe('Laporan Biaya: the cost net of approved claims', () => {
  it('takes the claims off the cost and the cost per km over the tyres that ran', () => {
    const g = {
      jumlah_ban: 2,
      km_tempuh: 40_000,
      total_biaya: 3_800_000,
      biaya_berjalan: 3_800_000,
      klaim_disetujui: 1_428_571,
      klaim_berjalan: 1_428_571,
    }
    expect(bersihOf(g)).toEqual({ biaya_bersih: 2_371_429, biaya_bersih_per_km: 59 })
    expect(totalOf([g, { ...g, klaim_disetujui: 0, klaim_berjalan: 0 }])).toMatchObject({
      total_biaya: 7_600_000,
      klaim_disetujui: 1_428_571,
      biaya_bersih: 6_171_429,
      biaya_bersih_per_km: 77,
    })
  })
})
