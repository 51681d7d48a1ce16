import { describe, expect, it } from 'vitest'
import { DEFAULT_TARGET_KM, targetProgress, tyresNearTarget } from '~/lib/ban-target'

const fitted = (km_tempuh: number | null, km_pemasangan: number | null, km_kendaraan: number | null, target_presentase: number | null) => ({
  km_tempuh,
  lokasi: { km_pemasangan, km_kendaraan, target_presentase },
})

describe('targetProgress', () => {
  it('counts the pelepasan and the current pemasangan: exactly 90% is near', () => {
    // 12.000 behind it + (151.000 − 100.000) = 63.000 of 70.000 = 90,0%.
    expect(targetProgress(fitted(12_000, 100_000, 151_000, 70_000))).toEqual({ km: 63_000, target: 70_000, persen: 90, near: true })
  })

  it('one km short of 90% is not near, though its rounded percent reads 90,0', () => {
    expect(targetProgress(fitted(0, 100_000, 162_999, 70_000))).toEqual({ km: 62_999, target: 70_000, persen: 90, near: false })
    expect(targetProgress(fitted(0, 100_000, 130_000, 60_000))).toEqual({ km: 30_000, target: 60_000, persen: 50, near: false })
  })

  it('a vehicle km below the pemasangan km counts 0 km run, never negative', () => {
    expect(targetProgress(fitted(5_000, 89_080, 88_930, 70_000))).toEqual({ km: 5_000, target: 70_000, persen: 7.1, near: false })
    expect(targetProgress(fitted(-3_000, 100, 50, 70_000))).toMatchObject({ km: 0, persen: 0 })
  })

  it('a missing or zero target is 70.000; missing figures count 0; not fitted is null', () => {
    expect(DEFAULT_TARGET_KM).toBe(70_000)
    expect(targetProgress(fitted(0, 0, 66_500, null))).toEqual({ km: 66_500, target: 70_000, persen: 95, near: true })
    expect(targetProgress(fitted(0, 0, 66_500, 0))).toMatchObject({ target: 70_000, near: true })
    expect(targetProgress({ lokasi: { km_pemasangan: 100 } })).toEqual({ km: 0, target: 70_000, persen: 0, near: false })
    expect(targetProgress({ km_tempuh: 80_000, lokasi: null })).toBeNull()
  })
})

describe('tyresNearTarget', () => {
  it('keeps the tyres at or past 90%, the most worn first', () => {
    const t = (kode_ban: string, km: number, target: number | null) => ({ kode_ban, ...fitted(0, 0, km, target) })
    const rows = tyresNearTarget([
      t('BN1', 63_000, 70_000),
      t('BN2', 80_000, 80_000),
      t('BN3', 10_000, 70_000),
      t('BN4', 57_000, 60_000),
      t('BN0', 72_000, 80_000),
    ])
    expect(rows.map((r) => [r.tyre.kode_ban, r.persen])).toEqual([
      ['BN2', 100],
      ['BN4', 95],
      ['BN0', 90],
      ['BN1', 90],
    ])
  })
})
