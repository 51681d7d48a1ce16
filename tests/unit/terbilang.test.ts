import { describe, expect, it } from 'vitest'
import { terbilang, terbilangKata } from '~/lib/terbilang'

describe('terbilang', () => {
  it.each([
    [0, 'nol'],
    [1, 'satu'],
    [10, 'sepuluh'],
    [11, 'sebelas'],
    [12, 'dua belas'],
    [19, 'sembilan belas'],
    [20, 'dua puluh'],
    [21, 'dua puluh satu'],
    [100, 'seratus'],
    [101, 'seratus satu'],
    [111, 'seratus sebelas'],
    [999, 'sembilan ratus sembilan puluh sembilan'],
    [1000, 'seribu'],
    [1001, 'seribu satu'],
    [1100, 'seribu seratus'],
    [2000, 'dua ribu'],
    [11000, 'sebelas ribu'],
    [100000, 'seratus ribu'],
    [101000, 'seratus satu ribu'],
    [1000000, 'satu juta'],
    [1001000, 'satu juta seribu'],
    [1250000, 'satu juta dua ratus lima puluh ribu'],
    [21500750, 'dua puluh satu juta lima ratus ribu tujuh ratus lima puluh'],
    [1000000000, 'satu miliar'],
    [3000000001, 'tiga miliar satu'],
    [1000000000000, 'satu triliun'],
    [
      999999999999999,
      'sembilan ratus sembilan puluh sembilan triliun sembilan ratus sembilan puluh sembilan miliar sembilan ratus sembilan puluh sembilan juta sembilan ratus sembilan puluh sembilan ribu sembilan ratus sembilan puluh sembilan',
    ],
  ])('%d → %s', (n, words) => {
    expect(terbilangKata(n)).toBe(words)
  })

  it('capitalises and adds rupiah, as printed on an invoice', () => {
    expect(terbilang(1250000)).toBe('Satu juta dua ratus lima puluh ribu rupiah')
    expect(terbilang(1000)).toBe('Seribu rupiah')
  })

  it('rounds fractions (grand totals are shown as integers) and names negative amounts', () => {
    expect(terbilang(1500.6)).toBe('Seribu lima ratus satu rupiah')
    expect(terbilangKata(-2000)).toBe('minus dua ribu')
  })

  it('gives null instead of crashing for no amount, NaN or amounts past the trillions', () => {
    expect(terbilang(null)).toBeNull()
    expect(terbilang(Number.NaN)).toBeNull()
    expect(terbilang(1e15)).toBeNull()
  })
})
