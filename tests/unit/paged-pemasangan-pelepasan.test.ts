import { describe, expect, it } from 'vitest'
import { fakeUpstream } from './fake-upstream'
import { ListCache } from '~/upstream/list-cache.server'
import { inqueryPemasangan } from '~/server/finance-sources.server'
import { PEMASANGAN_LIST } from '~/server/pemasangan.server'
import { PELEPASAN } from '~/server/documents/pelepasan-ban.server'
import { documentListSpec } from '~/server/document-list.server'
import { parseListQuery } from '~/lib/list-query'
import { loadListPage, ROWS_PER_CALL } from '~/server/paged-list.server'

/**
 * Pemasangan Ban, Pelepasan Ban and Inquery Pemasangan Ban against an upstream offering
 * 'paged-lists': each asks its own list for the page the URL shows (search, sort, the inquiry's
 * period and posting state as parameters), never the whole list, and reads every row a page at a time.
 */

const kendaraan = { id: 2, kode_kendaraan: 'KD000002', no_kabin: 'K-02', no_pol: 'B 2 X', km: 10, jenis_kendaraan: null }
const pemasangan = (id: number) => ({
  id,
  kode_pemasangan: `PM${String(id).padStart(6, '0')}`,
  kendaraan_id: 2,
  supplier_id: null,
  km: 10,
  grand_total: 0,
  status: 'unpost',
  tanggal_awal: '2024-01-01',
  kendaraan,
})
const pelepasan = (id: number) => ({
  id,
  kode_pelepasan: `PL${String(id).padStart(6, '0')}`,
  kendaraan_id: 2,
  km: 10,
  status: 'posting',
  tanggal_awal: '2024-01-01',
  jumlah_ban: 2,
  kendaraan,
})
const TOTAL = 4567

/** How many asks were answered 304 (unchanged). */
let unchanged = 0

const fake = fakeUpstream(
  () => ['paged-lists', 'ban-lifecycle'],
  (url, req, res) => {
    const page = Number(url.searchParams.get('page'))
    const per = Number(url.searchParams.get('per_page'))
    // A whole list is never what these screens ask a paging upstream for.
    if (!page) return res.writeHead(500).end('{}')
    const ids = Array.from({ length: Math.max(0, Math.min(per, TOTAL - (page - 1) * per)) }, (_, i) => (page - 1) * per + i + 1)
    const meta = { total: TOTAL, page, per_page: per, posting: 34 }
    if (url.pathname === '/api/pemasangan-ban') {
      // A version of the list: a page asked again with it is unchanged (304, no body).
      res.setHeader('ETag', '"v1"')
      if (req.headers['if-none-match'] === '"v1"') {
        unchanged++
        return res.writeHead(304).end()
      }
      return res.end(JSON.stringify({ data: ids.map(pemasangan), meta }))
    }
    if (url.pathname === '/api/inquery-pemasangan-ban') return res.end(JSON.stringify({ data: { data: ids.map(pemasangan) }, meta }))
    if (url.pathname === '/api/pelepasan-ban') return res.end(JSON.stringify({ data: ids.map(pelepasan), meta }))
    res.writeHead(404).end('{}')
  },
)

const callsTo = (path: string) => fake.asked.filter((u) => u.pathname === path)

describe('the pemasangan and pelepasan lists ask one page', () => {
  it('Pemasangan Ban asks /api/pemasangan-ban for the page with its search and sort', async () => {
    const { whole, spec } = PEMASANGAN_LIST
    const query = parseListQuery(new URLSearchParams('q=K-02&sort=no_kabin&dir=desc&page=3'), Object.keys(spec.sortBy))
    const loaded = await loadListPage(fake.up, query, 5, { paged: spec.paged, whole, spec })
    expect(loaded.loadError).toBeNull()
    expect(loaded.page).toMatchObject({ total: TOTAL, page: 3, offset: 10 })
    expect(loaded.page.rows.map(spec.row).map((r) => r.kode)).toEqual(['PM000011', 'PM000012', 'PM000013', 'PM000014', 'PM000015'])
    const calls = callsTo('/api/pemasangan-ban')
    expect(calls.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { page: '3', per_page: '5', q: 'K-02', sort: 'no_kabin', dir: 'desc' },
    ])
  })

  it('a page asked again is revalidated (If-None-Match) and kept on 304', async () => {
    const { whole, spec } = PEMASANGAN_LIST
    unchanged = 0
    const kept = { ...fake.up, cache: new ListCache({ maxBytes: 1_000_000, ttlMs: 5_000 }) }
    const query = parseListQuery(new URLSearchParams('page=2'), Object.keys(spec.sortBy))
    const first = await loadListPage(kept, query, 5, { paged: spec.paged, whole, spec })
    const again = await loadListPage(kept, query, 5, { paged: spec.paged, whole, spec })
    expect(again.page.rows.map((p) => p.id)).toEqual([6, 7, 8, 9, 10])
    expect(again.page.rows).toEqual(first.page.rows)
    expect(callsTo('/api/pemasangan-ban')).toHaveLength(2)
    expect(unchanged).toBe(1)
  })

  it('Pelepasan Ban asks /api/pelepasan-ban for the page, sorted by jumlah_ban', async () => {
    const whole = PELEPASAN.list.whole
    const spec = documentListSpec(PELEPASAN.list)
    const query = parseListQuery(new URLSearchParams('sort=jumlah_ban&dir=asc&page=2'), Object.keys(spec.sortBy))
    const loaded = await loadListPage(fake.up, query, 5, { paged: spec.paged, whole, spec })
    // No Kabin, Tanggal, Jumlah Ban
    expect(loaded.page.rows.map(spec.row)[0]).toMatchObject({ kode: 'PL000006', cells: ['K-02', expect.any(String), '2'] })
    expect(callsTo('/api/pelepasan-ban').map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { page: '2', per_page: '5', sort: 'jumlah_ban', dir: 'asc' },
    ])
  })

  it('Inquery Pemasangan Ban asks for the page of its period and posting state; every row a page at a time', async () => {
    const filter = { tanggal_awal: '2024-01-01', tanggal_akhir: '2024-01-31', status: 'unpost' as const }
    const query = parseListQuery(new URLSearchParams('q=PM00&sort=kode_pemasangan&dir=desc&page=2'), inqueryPemasangan.sortable)
    const loaded = await loadListPage(fake.up, query, 10, {
      paged: (u, req) => inqueryPemasangan.paged!(u, filter, req),
      whole: (u) => inqueryPemasangan.list(u, filter, 'screen'),
      spec: inqueryPemasangan.spec,
    })
    expect(loaded.loadError).toBeNull()
    expect(loaded.answer).toMatchObject({ total: TOTAL, posting: 34 })
    expect(loaded.page.rows[0]!.kode_pemasangan).toBe('PM000011')
    expect(callsTo('/api/inquery-pemasangan-ban').map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { ...filter, page: '2', per_page: '10', q: 'PM00', sort: 'kode_pemasangan', dir: 'desc' },
    ])
    fake.asked.length = 0
    const sizes: number[] = []
    for await (const rows of loaded.pages()) sizes.push(rows.length)
    expect(sizes).toEqual([ROWS_PER_CALL, ROWS_PER_CALL, TOTAL - 2 * ROWS_PER_CALL])
    expect(callsTo('/api/inquery-pemasangan-ban').every((u) => u.searchParams.get('per_page') === String(ROWS_PER_CALL))).toBe(true)
  })
})
