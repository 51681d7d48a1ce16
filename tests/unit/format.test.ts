import { describe, expect, it } from 'vitest'
import { digitsOnly, formatDate, formatDateLong, formatNumber, formatRupiah, orTidakAda } from '~/lib/format'

describe('id-ID money and dates', () => {
  it('formats rupiah with id-ID grouping as integers', () => {
    expect(formatRupiah(1500000)).toBe('Rp 1.500.000')
    expect(formatRupiah(150000.4)).toBe('Rp 150.000')
    expect(formatNumber(0)).toBe('0')
    expect(formatRupiah(null)).toBe('-')
    expect(formatNumber(Number.NaN)).toBe('-')
  })
  it('formats dates without shifting the day', () => {
    expect(formatDateLong('2026-11-22')).toBe('22 November 2026')
    expect(formatDate('2026-01-05 10:00:00')).toBe('05/01/2026')
    expect(formatDate('bukan tanggal')).toBe('-')
    expect(formatDateLong(null)).toBe('-')
  })
  it('keeps digits of a price input', () => {
    expect(digitsOnly('Rp 1.500.000,-')).toBe('1500000')
  })
  it("shows 'Tidak ada' for missing values", () => {
    expect(orTidakAda(null)).toBe('Tidak ada')
    expect(orTidakAda('')).toBe('Tidak ada')
    expect(orTidakAda(0)).toBe('0')
  })
})
