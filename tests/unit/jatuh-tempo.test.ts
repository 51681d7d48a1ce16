import { describe, expect, it } from 'vitest'
import { todayInCompany } from '~/lib/date-filter'
import {
  addDays,
  daysBetween,
  dueRows,
  HARI_MESSAGE,
  inWindow,
  parseDueWindow,
  sisaLabel,
  windowLabel,
  windowParams,
} from '~/lib/jatuh-tempo'
import { dueRowsOf, jatuhTempoDownload } from '~/server/jatuh-tempo.server'

const vehicle = (id: number, no_kabin: string, expired_stnk: string | null, expired_kir: string | null) => ({
  id,
  no_kabin,
  no_pol: `G ${id} AB`,
  expired_stnk,
  expired_kir,
})
const stnk = (id: number, kendaraan_id: number | null, expired_stnk: string | null, no_kabin: string | null = null) => ({
  id,
  kendaraan_id,
  no_pol: `H ${id} XY`,
  expired_stnk,
  kendaraan: kendaraan_id === null ? null : { id: kendaraan_id, no_kabin, no_pol: null },
})

describe('days left', () => {
  it('counts calendar days, negative when past, across months and leap days', () => {
    expect(daysBetween('2026-11-24', '2026-11-24')).toBe(0)
    expect(daysBetween('2026-11-24', '2026-12-24')).toBe(30)
    expect(daysBetween('2026-11-24', '2026-11-15')).toBe(-9)
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2)
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1)
    expect(addDays('2026-11-24', 30)).toBe('2026-12-24')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
  })

  it("says 'N hari lagi', 'hari ini' or 'lewat N hari'", () => {
    expect(sisaLabel(12)).toBe('12 hari lagi')
    expect(sisaLabel(0)).toBe('hari ini')
    expect(sisaLabel(-3)).toBe('lewat 3 hari')
  })

  it("today is Jakarta's: at 23:30 UTC it is already the next day", () => {
    // 2026-11-24 23:30 UTC = 2026-11-25 06:30 WIB.
    const today = todayInCompany(new Date('2026-11-24T23:30:00Z'))
    expect(today).toBe('2026-11-25')
    expect(daysBetween(today, '2026-11-25')).toBe(0)
    expect(daysBetween(today, '2026-11-24')).toBe(-1)
    // 16:59 UTC is still 23:59 the same day in Jakarta.
    expect(todayInCompany(new Date('2026-11-24T16:59:00Z'))).toBe('2026-11-24')
  })
})

describe('dueRows', () => {
  it('lists STNK and KIR of vehicles and STNK records, soonest first, skipping undated ones', () => {
    const rows = dueRows(
      [vehicle(1, 'K-1', '2026-12-20', '2026-11-20'), vehicle(2, 'K-2', null, '2027-01-05'), vehicle(3, 'K-3', null, null)],
      [stnk(10, null, '2026-11-30'), stnk(11, 2, '2026-12-01', 'K-2'), stnk(12, null, null)],
    )
    expect(rows.map((r) => [r.no_kabin, r.dokumen, r.tanggal, r.sumber])).toEqual([
      ['K-1', 'KIR', '2026-11-20', 'kendaraan'],
      [null, 'STNK', '2026-11-30', 'stnk'],
      ['K-2', 'STNK', '2026-12-01', 'stnk'],
      ['K-1', 'STNK', '2026-12-20', 'kendaraan'],
      ['K-2', 'KIR', '2027-01-05', 'kendaraan'],
    ])
    expect(rows[1]!.no_pol).toBe('H 10 XY')
  })

  it("counts an STNK record once when it is the vehicle's own STNK (same vehicle, same day)", () => {
    const rows = dueRows([vehicle(1, 'K-1', '2026-12-20', null)], [stnk(10, 1, '2026-12-20', 'K-1'), stnk(11, 1, '2027-12-20', 'K-1')])
    expect(rows.map((r) => r.key)).toEqual(['k1-STNK', 's11-STNK'])
  })

  it('is worked out once per version of the cached lists', () => {
    const k = Object.freeze([vehicle(1, 'K-1', '2026-12-20', null)])
    const s = Object.freeze([stnk(10, null, '2026-11-30')])
    const first = dueRowsOf(k, s)
    expect(dueRowsOf(k, s)).toBe(first)
    expect(dueRowsOf(k, Object.freeze([...s]))).not.toBe(first)
  })
})

describe('window', () => {
  const rows = dueRows(
    [vehicle(1, 'K-1', '2026-11-10', '2026-11-24'), vehicle(2, 'K-2', '2026-12-24', '2026-12-25'), vehicle(3, 'K-3', '2027-02-22', null)],
    [],
  )
  const today = '2026-11-24'

  it('hari=N: everything past due plus the next N days (the Nth included)', () => {
    expect(inWindow(rows, { kind: 'hari', hari: 30 }, today).map((r) => r.tanggal)).toEqual(['2026-11-10', '2026-11-24', '2026-12-24'])
    expect(inWindow(rows, { kind: 'hari', hari: 90 }, today)).toHaveLength(5)
  })

  it('a date range: the rows inside it only', () => {
    expect(inWindow(rows, { kind: 'tanggal', awal: '2026-11-24', akhir: '2026-12-24' }, today).map((r) => r.tanggal)).toEqual([
      '2026-11-24',
      '2026-12-24',
    ])
  })

  it('reads ?hari and the date range from the URL; a range wins; without either 30 days', () => {
    const p = (s: string) => parseDueWindow(new URLSearchParams(s))
    expect(p('').window).toEqual({ kind: 'hari', hari: 30 })
    expect(p('hari=60').window).toEqual({ kind: 'hari', hari: 60 })
    expect(p('hari=90&tanggal_awal=2026-01-01&tanggal_akhir=2026-01-31').window).toEqual({
      kind: 'tanggal',
      awal: '2026-01-01',
      akhir: '2026-01-31',
    })
  })

  it('a bad window is a clear message and what was typed is kept', () => {
    const bad = parseDueWindow(new URLSearchParams('hari=45'))
    expect(bad.window).toBeNull()
    expect(bad.problem?.message).toBe(HARI_MESSAGE)
    expect(bad.hari).toBe('45')
    for (const s of ['hari=abc', 'hari=30.0', 'hari=-30', 'hari=1e2'])
      expect(parseDueWindow(new URLSearchParams(s)).problem?.field).toBe('hari')
    const reversed = parseDueWindow(new URLSearchParams('tanggal_awal=2026-12-01&tanggal_akhir=2026-01-01'))
    expect(reversed.window).toBeNull()
    expect(reversed.problem?.message).toBe('Tanggal Akhir tidak boleh sebelum Tanggal Awal.')
    expect(reversed.filter).toMatchObject({ tanggal_awal: '2026-12-01', tanggal_akhir: '2026-01-01' })
    expect(parseDueWindow(new URLSearchParams('tanggal_awal=2026-02-30&tanggal_akhir=2026-03-01')).problem?.field).toBe('tanggal_awal')
  })

  it('writes the window back for links and headings', () => {
    expect(windowParams({ kind: 'hari', hari: 30 })).toEqual([['hari', '30']])
    expect(windowLabel({ kind: 'tanggal', awal: '2026-11-01', akhir: '2026-11-30' })).toBe('01/11/2026 s.d. 30/11/2026')
  })

  it('the CSV line has the date as id-ID Excel reads it and the days left', () => {
    const line = jatuhTempoDownload(today).lines
    expect(line(rows[0]!, 0)).toEqual([[1, 'K-1', 'G 1 AB', 'STNK', '10/11/2026', -14, 'lewat 14 hari']])
  })
})
