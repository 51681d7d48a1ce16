import { describe, expect, it } from 'vitest'
import { CSV_BOM, csvDate, csvField, csvFileName, csvLine } from '~/lib/csv'
import { csvResponse } from '~/server/csv.server'
import {
  DATE_PAIR_WARNING,
  endAfterStartChange,
  filterEntries,
  isCalendarDate,
  parseDateFilter,
  periodLabel,
  todayInCompany,
  upstreamFilter,
} from '~/lib/date-filter'
import { bulkSummary, bulkTargets, inBatches } from '~/server/finance.server'
import { listSearch, parseListQuery } from '~/lib/list-query'

const parse = (s: string, withStatus = true) => parseDateFilter(new URLSearchParams(s), { withStatus })

describe('isCalendarDate', () => {
  it('takes real days written YYYY-MM-DD only', () => {
    expect(isCalendarDate('2026-11-23')).toBe(true)
    expect(isCalendarDate('2028-02-29')).toBe(true)
    expect(isCalendarDate('2026-02-29')).toBe(false)
    expect(isCalendarDate('2026-09-31')).toBe(false)
    expect(isCalendarDate('2026-13-01')).toBe(false)
    expect(isCalendarDate('23/11/2026')).toBe(false)
    expect(isCalendarDate('2026-11-23T00:00')).toBe(false)
    expect(isCalendarDate('')).toBe(false)
  })
})

describe('parseDateFilter (the URL of the finance screens)', () => {
  it('without dates: no period, no problem (the full list)', () => {
    expect(parse('')).toEqual({ filter: { tanggal_awal: '', tanggal_akhir: '', status: '' }, period: false, problem: null })
  })
  it('both dates and a status: a period, passed on to the upstream', () => {
    const p = parse('tanggal_awal=2026-11-01&tanggal_akhir=2026-11-30&status=unpost')
    expect(p.problem).toBeNull()
    expect(p.period).toBe(true)
    expect(upstreamFilter(p)).toEqual({ tanggal_awal: '2026-11-01', tanggal_akhir: '2026-11-30', status: 'unpost' })
  })
  it('status alone filters without a period', () => {
    expect(upstreamFilter(parse('status=posting'))).toEqual({ tanggal_awal: null, tanggal_akhir: null, status: 'posting' })
  })
  it('one date alone is the spec warning, keeping what was typed', () => {
    const p = parse('tanggal_awal=2026-11-01')
    expect(p.problem).toEqual({ title: 'Peringatan', message: DATE_PAIR_WARNING, field: 'tanggal_akhir' })
    expect(p.filter.tanggal_awal).toBe('2026-11-01')
    expect(parse('tanggal_akhir=2026-11-01').problem?.field).toBe('tanggal_awal')
  })
  it('an end before the start, or a date that is not a date: a clear message', () => {
    expect(parse('tanggal_awal=2026-11-02&tanggal_akhir=2026-11-01').problem?.message).toBe(
      'Tanggal Akhir tidak boleh sebelum Tanggal Awal.',
    )
    expect(parse('tanggal_awal=2026-02-30&tanggal_akhir=2026-03-01').problem?.field).toBe('tanggal_awal')
    expect(parse('tanggal_awal=2026-02-01&tanggal_akhir=besok').problem?.field).toBe('tanggal_akhir')
    expect(parse('tanggal_awal=x&tanggal_akhir=y').filter).toMatchObject({ tanggal_awal: 'x', tanggal_akhir: 'y' })
  })
  it('an unknown status is refused on the inquiries and ignored on the report', () => {
    expect(parse('status=__proto__').problem?.field).toBe('status')
    expect(parse('status=__proto__', false).problem).toBeNull()
  })
  it('the same day as start and end is a valid period; long values are cut', () => {
    expect(parse('tanggal_awal=2026-11-01&tanggal_akhir=2026-11-01').period).toBe(true)
    expect(parse(`tanggal_awal=${'9'.repeat(5000)}`).filter.tanggal_awal.length).toBe(40)
  })
  it('writes back only what is set', () => {
    expect(filterEntries({ tanggal_awal: '2026-11-01', tanggal_akhir: '2026-11-30', status: '' })).toEqual([
      ['tanggal_awal', '2026-11-01'],
      ['tanggal_akhir', '2026-11-30'],
    ])
    expect(periodLabel({ tanggal_awal: '2026-11-01', tanggal_akhir: '2026-11-30', status: '' })).toBe('01/11/2026 s.d. 30/11/2026')
    expect(periodLabel({ tanggal_awal: '', tanggal_akhir: '', status: '' })).toBe('Semua tanggal')
  })
})

describe('the date rules of the filter form', () => {
  it('a start fills an empty end with today', () => {
    expect(endAfterStartChange('2026-11-01', '', '2026-11-23')).toBe('2026-11-23')
  })
  it('a start after today fills the end with the start (an end before it is never proposed)', () => {
    expect(endAfterStartChange('2026-12-05', '', '2026-11-23')).toBe('2026-12-05')
  })
  it('a start later than the end clears the end; an end after the start stays', () => {
    expect(endAfterStartChange('2026-11-10', '2026-11-05', '2026-11-23')).toBe('')
    expect(endAfterStartChange('2026-11-01', '2026-11-05', '2026-11-23')).toBe('2026-11-05')
  })
  it('today is the company day in Asia/Jakarta, not UTC', () => {
    // 23:30 UTC on 22 November is 06:30 on 23 November in Jakarta (UTC+7).
    expect(todayInCompany(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23')
    expect(todayInCompany(new Date('2026-11-23T16:59:00Z'))).toBe('2026-11-23')
    expect(todayInCompany(new Date('2026-11-23T17:00:00Z'))).toBe('2026-11-24')
  })
})

describe('list links carry the filter', () => {
  it('sort, page and search links keep the date filter', () => {
    const query = parseListQuery(
      new URLSearchParams('tanggal_awal=2026-11-01&tanggal_akhir=2026-11-30&status=&q=PB&page=2'),
      ['id'],
      ['tanggal_awal', 'tanggal_akhir', 'status'],
    )
    expect(query.keep).toEqual([
      ['tanggal_awal', '2026-11-01'],
      ['tanggal_akhir', '2026-11-30'],
    ])
    expect(listSearch(query, { page: 3 })).toBe('?tanggal_awal=2026-11-01&tanggal_akhir=2026-11-30&q=PB&page=3')
  })
})

describe('CSV for Excel in an Indonesian locale', () => {
  it('quotes the separator, quotes and line breaks; doubles quotes', () => {
    expect(csvField('PT "Maju"; Jaya')).toBe('"PT ""Maju""; Jaya"')
    expect(csvField('baris\r\nbaru')).toBe('"baris\nbaru"')
    expect(csvField(' spasi')).toBe('" spasi"')
    expect(csvField('biasa')).toBe('biasa')
    expect(csvField(null)).toBe('')
  })
  it('numbers as Excel reads them: whole numbers plain, decimals with a comma', () => {
    expect(csvField(1500000)).toBe('1500000')
    expect(csvField(12.5)).toBe('12,50')
    expect(csvField(Number.NaN)).toBe('')
  })
  it('text that Excel would run as a formula stays text', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
    expect(csvField('+62 21')).toBe("'+62 21")
    expect(csvField('-5')).toBe("'-5")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
  })
  it('dates DD/MM/YYYY, lines with ; and CRLF', () => {
    expect(csvDate('2026-11-23')).toBe('23/11/2026')
    expect(csvDate('2026-11-23 10:00:00')).toBe('23/11/2026')
    expect(csvDate('kemarin')).toBe('')
    expect(csvLine(['a', 1, null])).toBe('a;1;\r\n')
    expect(csvFileName('laporan-pembelian-ban', '2026-11-01', '2026-11-30')).toBe('laporan-pembelian-ban_2026-11-01_2026-11-30.csv')
  })
  it('streams a BOM, the header and every row, in chunks', async () => {
    const rows = Array.from({ length: 1234 }, (_, i) => ({ kode: `PB${i}`, total: i * 1000 }))
    const res = csvResponse('x.csv', ['Kode', 'Total'], rows, (r) => [[r.kode, r.total]])
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="x.csv"')
    const reader = res.body!.getReader()
    let chunks = 0
    let bytes: number[] = []
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks++
      bytes = bytes.concat(Array.from(value))
    }
    expect(chunks).toBeGreaterThan(2)
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(bytes))
    expect(text.startsWith(CSV_BOM + 'Kode;Total\r\n')).toBe(true)
    const lines = text.slice(1).trimEnd().split('\r\n')
    expect(lines).toHaveLength(1235)
    expect(lines[1234]).toBe('PB1233;1233000')
  })
})

describe('Posting semua / Unpost semua', () => {
  it('targets the documents not yet in the wanted state', () => {
    const rows = [{ status: 'posting' }, { status: 'unpost' }, { status: 'unpost' }]
    expect(bulkTargets(rows, 'posting')).toHaveLength(2)
    expect(bulkTargets(rows, 'unpost')).toHaveLength(1)
  })
  it('runs a few at a time, never all at once, and keeps every result in order', async () => {
    let running = 0
    let peak = 0
    const out = await inBatches(
      Array.from({ length: 10 }, (_, i) => i),
      3,
      async (i) => {
        running++
        peak = Math.max(peak, running)
        await new Promise((r) => setTimeout(r, 5 + (i % 3)))
        running--
        return i * 2
      },
    )
    expect(peak).toBe(3)
    expect(out).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18])
  })
  it('says how many succeeded and lists the refused ones with their reason', () => {
    expect(
      bulkSummary('posting', [
        { kode: 'PB1', error: null },
        { kode: 'PB2', error: null },
      ]),
    ).toEqual({
      ok: true,
      message: '2 dari 2 dokumen berhasil diposting.',
    })
    const s = bulkSummary('unpost', [
      { kode: 'PB1', error: null },
      { kode: 'PB2', error: 'Dokumen sudah unpost.' },
    ])
    expect(s.ok).toBe(false)
    expect(s.message).toBe('1 dari 2 dokumen berhasil di-unpost. Ditolak (1): PB2: Dokumen sudah unpost.')
  })
  it('lists at most eight refusals', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ kode: `PB${i}`, error: 'x' }))
    expect(bulkSummary('posting', many).message).toMatch(/PB7: x dan 4 lainnya\.$/)
  })
})
