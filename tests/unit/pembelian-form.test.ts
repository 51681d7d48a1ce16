import { describe, expect, it } from 'vitest'
import { formatPrice, grandTotal, PembelianSchema, priceDigits, toPembelianInput } from '~/lib/forms/pembelian'

describe('purchase form', () => {
  it('price input keeps digits and shows id-ID thousands separators', () => {
    expect(priceDigits('Rp 1.250.000')).toBe('1250000')
    expect(priceDigits('abc')).toBe('')
    expect(priceDigits('0075')).toBe('75')
    expect(formatPrice('1250000')).toBe('1.250.000')
    expect(formatPrice('1.250.000x')).toBe('1.250.000')
    expect(formatPrice('999')).toBe('999')
    expect(formatPrice('')).toBe('')
  })

  it('Grand Total is the sum of the prices, non-numeric counting as 0', () => {
    expect(grandTotal(['1.250.000', '750000', 'abc', '', null])).toBe(2_000_000)
    expect(grandTotal([])).toBe(0)
  })

  it('needs a supplier and at least one line, each with a no_seri unique within the purchase', () => {
    const errors = (v: unknown) => {
      const r = PembelianSchema.safeParse(v)
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    }
    expect(errors({ ban: [{ no_seri: 'A' }] })).toContain('supplier_id: Pilih supplier terlebih dahulu!')
    expect(errors({ supplier_id: '1', ban: [] })).toContain('ban: Tambahkan minimal satu ban.')
    expect(errors({ supplier_id: '1', ban: [{ no_seri: ' ' }] })).toContain('ban.0.no_seri: No Seri wajib diisi.')
    expect(errors({ supplier_id: '1', ban: [{ no_seri: 'BN1' }, { no_seri: 'bn1 ' }] })).toEqual([
      'ban.1.no_seri: No Seri tidak boleh sama dalam satu pembelian.',
    ])
    expect(errors({ supplier_id: '1', ban: [{ no_seri: 'A', kondisi_ban: 'RUSAK' }] })).toContain(
      'ban.0.kondisi_ban: Pilih kondisi ban dari daftar.',
    )
  })

  it('the upstream input carries the lines, digits-only prices and the computed total', () => {
    const v = PembelianSchema.parse({
      supplier_id: '3',
      ban: [{ no_seri: 'A', harga: '1.000.000', kondisi_ban: 'BARU', tebal_tapak_awal: '15,5' }, { no_seri: 'B' }],
    })
    expect(toPembelianInput(v, 'Jl. X')).toEqual({
      supplier_id: '3',
      alamat: 'Jl. X',
      grand_total: 1_000_000,
      ban: [
        {
          no_seri: 'A',
          ukuran_id: null,
          kondisi_ban: 'BARU',
          merek_id: null,
          typeban_id: null,
          harga: '1000000',
          tebal_tapak_awal: '15.5',
        },
        { no_seri: 'B', ukuran_id: null, kondisi_ban: null, merek_id: null, typeban_id: null, harga: '0', tebal_tapak_awal: null },
      ],
    })
  })

  it('Tebal Tapak Awal is optional, 0–30 mm with at most one decimal', () => {
    const errors = (v: unknown) => {
      const r = PembelianSchema.safeParse(v)
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    }
    const line = (tebal_tapak_awal: string) => ({ supplier_id: '1', ban: [{ no_seri: 'A', tebal_tapak_awal }] })
    expect(errors(line(''))).toEqual([])
    expect(errors(line('30'))).toEqual([])
    for (const bad of ['30,5', '7,25', 'tebal']) {
      expect(errors(line(bad))).toEqual(['ban.0.tebal_tapak_awal: Tebal tapak harus angka 0–30 mm dengan paling banyak satu desimal.'])
    }
  })
})
