import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csvLine } from '~/lib/csv'
import { parseDateFilter, upstreamFilter } from '~/lib/date-filter'
import { laporanBiaya } from '~/server/finance-sources.server'
import { parseListQuery, listSearch } from '~/lib/list-query'
import {
  belumBerjalanText,
  biayaPerKm,
  byCostPerKm,
  formatBiayaPerKm,
  formatKm,
  groupBatches,
  inCostOrder,
  kelompokOf,
  LAPORAN_BIAYA_CHOICES,
  totalOf,
  TYRES_PRINTED,
  urutanOf,
} from '~/lib/laporan-biaya'
import { withPageTyres } from '~/routes/admin/laporan-biaya-ban/laporan-biaya.server'
import type { Upstream } from '~/upstream/client.server'
import { ListCache } from '~/upstream/list-cache.server'
import { getLaporanBiaya, laporanBiayaSchema } from '~/upstream/laporan-biaya.server'
import { biayaGroupSchema } from '~/upstream/schemas/laporan-biaya'

/** Laporan Biaya Ban per Km: the answer's schema, the call, the choices in the URL, the order, the total, the CSV. */

const tyre = (over: Record<string, unknown> = {}) => ({
  id: 1,
  kode_ban: 'BN000001',
  no_seri: 'S1',
  merek: 'GT',
  ukuran: '1000-20',
  supplier: 'PT A',
  no_kabin: 'K1',
  km_tempuh: 20000,
  total_biaya: 2500000,
  biaya_per_km: 125,
  masih_terpasang: false,
  ...over,
})
const group = (over: Record<string, unknown> = {}) => ({
  key: 1,
  label: 'GT',
  jumlah_ban: 1,
  km_tempuh: 20000,
  total_biaya: 2500000,
  biaya_per_km: 125,
  ban: [tyre()],
  ...over,
})

describe('the answer', () => {
  it('reads numbers sent as text, flags as 0/1, a missing tyre list, a null key', () => {
    const parsed = laporanBiayaSchema.parse({
      data: {
        group: 'merek',
        rows: [
          group({ key: null, km_tempuh: '20000', total_biaya: '2500000.00', ban: [tyre({ masih_terpasang: 1, biaya_per_km: null })] }),
          group({ key: 'x', ban: undefined }),
        ],
        total: { jumlah_ban: 2, km_tempuh: 40000, total_biaya: 5000000, biaya_per_km: 125 },
      },
    }).data
    expect(parsed.rows[0]).toMatchObject({ key: '', km_tempuh: 20000, total_biaya: 2500000 })
    expect(parsed.rows[0]!.ban[0]).toMatchObject({ masih_terpasang: true, biaya_per_km: null })
    expect(parsed.rows[1]!.ban).toEqual([])
  })
  it('refuses an unknown group and unreadable money', () => {
    expect(laporanBiayaSchema.safeParse({ data: { group: 'warna', rows: [] } }).success).toBe(false)
    expect(laporanBiayaSchema.safeParse({ data: { group: 'merek', rows: [group({ total_biaya: 'Rp 5' })] } }).success).toBe(false)
  })
})

describe('getLaporanBiaya', () => {
  let server: Server
  let up: Upstream
  const urls: string[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      urls.push(req.url ?? '')
      res.writeHead(200, { 'Content-Type': 'application/json' })
      // Like an older api that ignores urutan and maks_ban: every tyre, cheapest first.
      const ban = [tyre({ id: 1, biaya_per_km: 100 }), tyre({ id: 2, biaya_per_km: 200 }), tyre({ id: 3, biaya_per_km: null })]
      const rows = [group({ key: 1, label: 'A', biaya_per_km: 100, ban }), group({ key: 2, label: 'B', biaya_per_km: 300, ban: [] })]
      res.end(JSON.stringify({ data: { group: 'ukuran', rows, total: null } }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    up = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't', timeoutMs: 3000 }
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  it('sends the period and the group; without dates only the group', async () => {
    const report = await getLaporanBiaya(up, { tanggal_awal: '2026-01-01', tanggal_akhir: '2026-01-31', group: 'ukuran' })
    expect(urls.at(-1)).toBe('/api/laporan-biaya-ban?tanggal_awal=2026-01-01&tanggal_akhir=2026-01-31&group=ukuran')
    expect(report.group).toBe('ukuran')
    expect(report.rows[0]!.ban[0]!.kode_ban).toBe('BN000001')
    await getLaporanBiaya(up, { tanggal_awal: null, tanggal_akhir: null, group: 'merek' })
    expect(urls.at(-1)).toBe('/api/laporan-biaya-ban?group=merek')
  })
  it("the screen source orders the groups and their tyres by the URL's urutan", async () => {
    const parsed = parseDateFilter(new URLSearchParams('group=ukuran&urutan=terburuk'), {
      withStatus: false,
      choices: laporanBiaya.choices,
    })
    const rows = await laporanBiaya.list(up, upstreamFilter(parsed), 'screen')
    // The screen asks for the groups without tyres (else the few it shows), in its order; an api that
    // ignores all three is ordered here.
    expect(urls.at(-1)).toBe('/api/laporan-biaya-ban?group=ukuran&urutan=terburuk&maks_ban=10&tanpa_ban=1')
    expect(rows.map((g) => g.label)).toEqual(['B', 'A'])
    expect(rows[1]!.ban.map((t) => t.id)).toEqual([2, 1, 3])
  })
  it('every detail asks for every tyre; an answer already in order is kept as it came', async () => {
    const parsed = parseDateFilter(new URLSearchParams('group=ukuran'), { withStatus: false, choices: laporanBiaya.choices })
    const rows = await laporanBiaya.list(up, upstreamFilter(parsed), 'all')
    expect(urls.at(-1)).toBe('/api/laporan-biaya-ban?group=ukuran&urutan=terbaik')
    expect(rows.map((g) => g.label)).toEqual(['A', 'B'])
    expect(rows[0]!.ban.map((t) => t.id)).toEqual([1, 2, 3])
  })
  it('the print page asks for TYRES_PRINTED tyres a group', async () => {
    const parsed = parseDateFilter(new URLSearchParams('group=ukuran'), { withStatus: false, choices: laporanBiaya.choices })
    await laporanBiaya.list(up, upstreamFilter(parsed), 'print')
    expect(urls.at(-1)).toBe(`/api/laporan-biaya-ban?group=ukuran&urutan=terbaik&maks_ban=${TYRES_PRINTED}`)
  })
  it("the CSV reads the groups' tyres a batch of groups at a time, each group once, in the groups' order", async () => {
    const parsed = parseDateFilter(new URLSearchParams('group=ukuran'), { withStatus: false, choices: laporanBiaya.choices })
    const groups = [group({ key: 2, label: 'B', jumlah_ban: 4000, ban: [] }), group({ key: 1, label: 'A', jumlah_ban: 3000, ban: [] })].map(
      (g) => biayaGroupSchema.parse(g),
    )
    const before = urls.length
    const seen: string[][] = []
    for await (const batch of laporanBiaya.detailBatches!(up, upstreamFilter(parsed), groups))
      seen.push(batch.map((g) => `${g.label}:${g.ban.length}`))
    // 4,000 + 3,000 tyres are more than one call's: two calls, one group each, tyres from the answer.
    expect(urls.slice(before)).toEqual([
      '/api/laporan-biaya-ban?group=ukuran&urutan=terbaik&kelompok=2',
      '/api/laporan-biaya-ban?group=ukuran&urutan=terbaik&kelompok=1',
    ])
    expect(seen).toEqual([['B:0'], ['A:3']])
  })
})

describe('groupBatches', () => {
  const g = (jumlah_ban: number) => ({ jumlah_ban })
  it('fills a batch up to the tyre bound; a larger group is a batch of its own', () => {
    expect(groupBatches([g(2), g(2), g(1), g(9), g(3)], 5).map((b) => b.map((x) => x.jumlah_ban))).toEqual([[2, 2, 1], [9], [3]])
  })
  it('keeps at most maxGroups groups a batch, and nothing for no groups', () => {
    expect(groupBatches([g(0), g(0), g(0)], 5, 2).map((b) => b.length)).toEqual([2, 1])
    expect(groupBatches([], 5)).toEqual([])
  })
})

describe("withPageTyres: the tyres of the page's groups", () => {
  let server: Server
  let up: Upstream
  const urls: string[] = []
  beforeAll(async () => {
    // Like this api: tanpa_ban sends the groups bare, kelompok only the groups asked for (cheapest first).
    server = createServer((req, res) => {
      urls.push(req.url ?? '')
      const q = new URL(req.url ?? '', 'http://x').searchParams
      const all = [
        group({ key: 1, label: 'A', jumlah_ban: 2, ban: [tyre({ id: 11, biaya_per_km: 90 }), tyre({ id: 12, biaya_per_km: 110 })] }),
        group({ key: 2, label: 'B', ban: [tyre({ id: 21 })] }),
        group({ key: 3, label: 'C', ban: [tyre({ id: 31 })] }),
      ]
      const keys = q.get('kelompok')?.split(',')
      const rows = all.filter((g) => !keys || keys.includes(String(g.key))).map((g) => (q.get('tanpa_ban') === '1' ? { ...g, ban: [] } : g))
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ data: { group: 'merek', rows, total: null } }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const cache = new ListCache({ maxBytes: 1024 * 1024, ttlMs: 0 })
    up = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't', timeoutMs: 3000, cache }
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  const filter = (s: string) =>
    upstreamFilter(parseDateFilter(new URLSearchParams(s), { withStatus: false, choices: laporanBiaya.choices }))

  it('reads every group bare, then the tyres of the page only, in the URL’s urutan', async () => {
    const groups = await laporanBiaya.list(up, filter('urutan=terburuk'), 'screen')
    expect(groups.map((g) => [g.label, g.ban.length])).toEqual([
      ['A', 0],
      ['B', 0],
      ['C', 0],
    ])
    const { groups: page, loadError } = await withPageTyres(up, filter('urutan=terburuk'), groups.slice(0, 2))
    expect(loadError).toBeNull()
    expect(urls.at(-1)).toBe('/api/laporan-biaya-ban?group=merek&urutan=terburuk&maks_ban=10&kelompok=1%2C2')
    // Dearest first although the api sent them cheapest first.
    expect(page.map((g) => [g.label, g.ban.map((t) => t.id)])).toEqual([
      ['A', [12, 11]],
      ['B', [21]],
    ])
  })
  it('groups that came with their tyres (an api without tanpa_ban) make no call', async () => {
    const before = urls.length
    const withTyres = laporanBiayaSchema.parse({ data: { group: 'merek', rows: [group({ key: 5 })] } }).data.rows
    const { groups } = await withPageTyres(up, filter(''), withTyres)
    expect(urls.length).toBe(before)
    expect(groups).toEqual(withTyres)
  })
  it('a failing call leaves the groups without tyres and says why', async () => {
    const down: Upstream = { ...up, baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 }
    const bare = laporanBiayaSchema.parse({ data: { group: 'merek', rows: [group({ key: 1, ban: [] })] } }).data.rows
    const { groups, loadError } = await withPageTyres(down, filter(''), bare)
    expect(groups[0]!.ban).toEqual([])
    expect(loadError).toMatch(/\S/)
  })
})

describe('the choices in the URL (group, urutan)', () => {
  const parse = (s: string) => parseDateFilter(new URLSearchParams(s), { withStatus: false, choices: LAPORAN_BIAYA_CHOICES })
  it('default to merek and cheapest first', () => {
    const p = parse('')
    expect(p.problem).toBeNull()
    expect(p.choices).toEqual({ group: 'merek', urutan: 'terbaik' })
    expect(upstreamFilter(p)).toEqual({
      tanggal_awal: null,
      tanggal_akhir: null,
      status: null,
      choices: { group: 'merek', urutan: 'terbaik' },
    })
  })
  it('an unknown group or order is a clear message on that field; the dates typed are kept', () => {
    const p = parse('tanggal_awal=2026-01-01&tanggal_akhir=2026-01-31&group=warna')
    expect(p.problem).toEqual({
      title: 'Peringatan',
      message: 'Pengelompokan harus Merek, Ukuran, Supplier atau Kendaraan.',
      field: 'group',
    })
    expect(p.filter).toMatchObject({ tanggal_awal: '2026-01-01', tanggal_akhir: '2026-01-31' })
    expect(parse('urutan=acak').problem?.field).toBe('urutan')
    expect(parse('group=__proto__').problem?.field).toBe('group')
  })
  it('a date problem comes first, the choices are still read', () => {
    const p = parse('tanggal_awal=2026-02-30&tanggal_akhir=2026-03-01&group=kendaraan')
    expect(p.problem?.field).toBe('tanggal_awal')
    expect(p.choices?.group).toBe('kendaraan')
  })
  it('screens without choices are unchanged', () => {
    expect(parseDateFilter(new URLSearchParams('group=x')).choices).toBeUndefined()
  })
  it('the list links keep them (pager, search, CSV)', () => {
    const q = parseListQuery(
      new URLSearchParams('group=supplier&urutan=terburuk&page=2'),
      [],
      ['tanggal_awal', 'tanggal_akhir', 'group', 'urutan'],
    )
    expect(listSearch(q, { page: 1 })).toBe('?group=supplier&urutan=terburuk')
  })
  it('kelompokOf / urutanOf fall back to the defaults', () => {
    expect(kelompokOf('kendaraan')).toBe('kendaraan')
    expect(kelompokOf('toString')).toBe('merek')
    expect(kelompokOf(undefined)).toBe('merek')
    expect(urutanOf('terburuk')).toBe('terburuk')
    expect(urutanOf('x')).toBe('terbaik')
  })
})

describe('order, total and formatting', () => {
  const rows = [
    { label: 'B', biaya_per_km: 200 },
    { label: 'Tanpa km', biaya_per_km: null },
    { label: 'A', biaya_per_km: 100 },
    { label: 'C', biaya_per_km: 200 },
  ]
  it('cheapest first; dearest first; no km last either way; ties by label', () => {
    expect(byCostPerKm(rows, 'terbaik').map((r) => r.label)).toEqual(['A', 'B', 'C', 'Tanpa km'])
    expect(byCostPerKm(rows, 'terburuk').map((r) => r.label)).toEqual(['B', 'C', 'A', 'Tanpa km'])
    expect(
      byCostPerKm(
        [
          { kode_ban: 'BN2', biaya_per_km: 5 },
          { kode_ban: 'BN1', biaya_per_km: 5 },
        ],
        'terbaik',
      ).map((r) => r.kode_ban),
    ).toEqual(['BN1', 'BN2'])
  })
  it('does not change the list it was given (cached answers are frozen)', () => {
    const frozen = Object.freeze([...rows])
    expect(() => byCostPerKm(frozen, 'terburuk')).not.toThrow()
    expect(frozen[0]!.label).toBe('B')
  })
  it('cost per km: whole rupiah, rounded; null without km', () => {
    expect(biayaPerKm(2_500_000, 20_000)).toBe(125)
    expect(biayaPerKm(1_000_000, 3)).toBe(333_333)
    expect(biayaPerKm(1_000_001, 2)).toBe(500_001)
    expect(biayaPerKm(1_000_000, 0)).toBeNull()
  })
  it('the total row: sums and the cost per km of the sums (not the mean of the rows)', () => {
    const t = totalOf([
      { jumlah_ban: 2, km_tempuh: 10_000, total_biaya: 3_000_000 },
      { jumlah_ban: 1, km_tempuh: 30_000, total_biaya: 1_000_000 },
    ])
    // An api that does not say which tyres ran: every tyre's cost is over the km.
    expect(t).toMatchObject({ jumlah_ban: 3, km_tempuh: 40_000, total_biaya: 4_000_000, ban_belum_berjalan: 0, biaya_per_km: 100 })
    expect(totalOf([])).toMatchObject({ jumlah_ban: 0, km_tempuh: 0, total_biaya: 0, biaya_per_km: null })
  })
  it('the total row: the cost per km over the tyres that ran; those that have not run are summed apart', () => {
    const t = totalOf([
      {
        jumlah_ban: 2,
        km_tempuh: 10_000,
        total_biaya: 3_000_000,
        biaya_berjalan: 1_000_000,
        ban_belum_berjalan: 1,
        biaya_belum_berjalan: 2_000_000,
      },
      { jumlah_ban: 1, km_tempuh: 0, total_biaya: 5_000_000, biaya_berjalan: 0, ban_belum_berjalan: 1, biaya_belum_berjalan: 5_000_000 },
    ])
    expect(t).toEqual({
      jumlah_ban: 3,
      km_tempuh: 10_000,
      total_biaya: 8_000_000,
      biaya_berjalan: 1_000_000,
      ban_belum_berjalan: 2,
      biaya_belum_berjalan: 7_000_000,
      biaya_per_km: 100,
      // No claim: the net equals the gross.
      klaim_disetujui: 0,
      klaim_berjalan: 0,
      biaya_bersih: 8_000_000,
      biaya_bersih_per_km: 100,
    })
    expect(belumBerjalanText(t)).toBe('Belum berjalan: 2 ban, Rp 7.000.000 (di luar biaya per km)')
    expect(belumBerjalanText({ ban_belum_berjalan: 0 })).toBeNull()
  })
  it('km and cost per km in id-ID; a dash when there is no km', () => {
    expect(formatKm(123_456)).toBe('123.456')
    expect(formatBiayaPerKm(1_250)).toBe('Rp 1.250')
    expect(formatBiayaPerKm(null)).toBe('—')
  })
})

describe('the CSV: one line per tyre with its group columns', () => {
  it('tyres of a group, and a group without tyres as one line', () => {
    const g = laporanBiayaSchema.parse({
      data: {
        group: 'merek',
        rows: [
          group({ ban: [tyre(), tyre({ id: 2, kode_ban: 'BN000002', no_seri: 'S2', masih_terpasang: true, biaya_per_km: null })] }),
          group({ label: 'Kosong', ban: [] }),
        ],
      },
    }).data.rows
    const lines = laporanBiaya.download.lines(g[0]!, 0).map(csvLine)
    expect(laporanBiaya.download.header).toHaveLength(23)
    // An answer without claims: klaim 0, the net columns equal the gross.
    expect(lines).toEqual([
      '1;GT;1;20000;2500000;0;0;125;0;2500000;125;BN000001;S1;GT;1000-20;PT A;K1;20000;2500000;125;0;2500000;Tidak\r\n',
      '1;GT;1;20000;2500000;0;0;125;0;2500000;125;BN000002;S2;GT;1000-20;PT A;K1;20000;2500000;;0;2500000;Ya\r\n',
    ])
    const empty = laporanBiaya.download.lines(g[1]!, 1)
    expect(empty).toHaveLength(1)
    expect(empty[0]).toHaveLength(23)
  })
})

describe('the tyres a group shows on the screen', () => {
  it('at most TYRES_SHOWN, in order, and how many more', async () => {
    const { withTyresShown, TYRES_SHOWN } = await import('~/lib/laporan-biaya')
    const ban = Array.from({ length: TYRES_SHOWN + 3 }, (_, i) => i)
    const shown = withTyresShown({ label: 'GT', ban })
    expect(shown.ban).toEqual(ban.slice(0, TYRES_SHOWN))
    expect(shown.lainnya).toBe(3)
    expect(withTyresShown({ ban: [1, 2] })).toEqual({ ban: [1, 2], lainnya: 0 })
    // The api cut the tyres already (maks_ban): the rest are counted from jumlah_ban.
    expect(withTyresShown({ ban: [1, 2], jumlah_ban: 30 })).toEqual({ ban: [1, 2], jumlah_ban: 30, lainnya: 28 })
    expect(withTyresShown({ ban: ban, jumlah_ban: TYRES_SHOWN + 3 }).lainnya).toBe(3)
  })
})

describe('inCostOrder', () => {
  const rows = (...v: (number | null)[]) => v.map((biaya_per_km) => ({ biaya_per_km }))
  it('is true for rows in the urutan with null last, false otherwise', () => {
    expect(inCostOrder(rows(1, 1, 5, null, null), 'terbaik')).toBe(true)
    expect(inCostOrder(rows(5, 1, null), 'terburuk')).toBe(true)
    expect(inCostOrder(rows(), 'terbaik')).toBe(true)
    expect(inCostOrder(rows(5, 1), 'terbaik')).toBe(false)
    expect(inCostOrder(rows(1, 5), 'terburuk')).toBe(false)
    expect(inCostOrder(rows(null, 1), 'terbaik')).toBe(false)
    expect(inCostOrder(rows(null, 1), 'terburuk')).toBe(false)
  })
})
