import { describe, expect, it } from 'vitest'
import { servisDue, type DueInput } from '../../api/routes/jadwal-servis.ts'

/**
 * When a service item falls due (api/routes/jadwal-servis.ts `servisDue`; docs/upstream-contract.md
 * "Extensions: service plans"), on plain inputs: the km now from the km per day since the latest
 * reading, the km and the day due from the last service, what is left, and the day expected.
 */
const base: DueInput = {
  today: '2026-11-29',
  km: 50_000,
  tanggalBacaan: '2026-11-26',
  kmPerHari: 250,
  intervalKm: 10_000,
  intervalHari: 180,
  terakhir: null,
}

describe('servisDue', () => {
  it('without a last service: no due figures, expected today, not overdue; km now from the km per day', () => {
    expect(servisDue(base)).toEqual({
      km_sekarang: 50_750,
      jatuh_tempo_km: null,
      jatuh_tempo_tanggal: null,
      sisa_km: null,
      sisa_hari: null,
      tanggal_perkiraan: '2026-11-29',
      lewat: false,
      belum_ada_riwayat: true,
    })
  })

  it('overdue by km: the day by km (3 days ago at 250 km a day) is earlier than the day by days', () => {
    expect(servisDue({ ...base, terakhir: { tanggal: '2026-10-01', km: 40_000 } })).toEqual({
      km_sekarang: 50_750,
      jatuh_tempo_km: 50_000,
      jatuh_tempo_tanggal: '2027-03-30',
      sisa_km: -750,
      sisa_hari: 121,
      tanggal_perkiraan: '2026-11-26',
      lewat: true,
      belum_ada_riwayat: false,
    })
  })

  it('overdue by days, no interval in km: the due day is the day expected', () => {
    expect(servisDue({ ...base, intervalKm: null, intervalHari: 30, terakhir: { tanggal: '2026-10-20', km: 45_000 } })).toEqual({
      km_sekarang: 50_750,
      jatuh_tempo_km: null,
      jatuh_tempo_tanggal: '2026-11-19',
      sisa_km: null,
      sisa_hari: -10,
      tanggal_perkiraan: '2026-11-19',
      lewat: true,
      belum_ada_riwayat: false,
    })
  })

  it('due soon by km: 1.249 km left at 250 km a day is 4 whole days (floor)', () => {
    const due = servisDue({ ...base, intervalHari: null, terakhir: { tanggal: '2026-11-01', km: 41_999 } })
    expect([due.sisa_km, due.tanggal_perkiraan, due.lewat]).toEqual([1_249, '2026-12-03', false])
  })

  it('without km per day: km now is the vehicle’s km; past the km → today; within the km → no day expected', () => {
    const noRate = { ...base, kmPerHari: null, intervalHari: null }
    const past = servisDue({ ...noRate, terakhir: { tanggal: '2026-01-01', km: 39_000 } })
    expect([past.km_sekarang, past.sisa_km, past.tanggal_perkiraan, past.lewat]).toEqual([50_000, -1_000, '2026-11-29', true])
    const within = servisDue({ ...noRate, terakhir: { tanggal: '2026-11-01', km: 45_000 } })
    expect([within.sisa_km, within.tanggal_perkiraan, within.lewat]).toEqual([5_000, null, false])
    // No reading at all: the km per day is not applied either.
    expect(servisDue({ ...base, tanggalBacaan: null }).km_sekarang).toBe(50_000)
  })

  it('0 km a day gives no day by km; the day by days stays', () => {
    const due = servisDue({ ...base, kmPerHari: 0, terakhir: { tanggal: '2026-11-01', km: 45_000 } })
    expect([due.km_sekarang, due.sisa_km, due.jatuh_tempo_tanggal, due.tanggal_perkiraan]).toEqual([
      50_000,
      5_000,
      '2027-04-30',
      '2027-04-30',
    ])
  })
})
