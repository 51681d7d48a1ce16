import { beforeEach, describe, expect, it } from 'vitest'
import { fakeUpstream } from './fake-upstream'
import { forgetUpstreamFeatures } from '~/upstream/features.server'
import { ListCache } from '~/upstream/list-cache.server'
import { parseListQuery } from '~/lib/list-query'
import { loadListPage, ROWS_PER_CALL } from '~/server/paged-list.server'
import { TOO_LARGE_MESSAGE } from '~/server/route-errors.server'
import { PRINT_ROWS_MAX, printFirstRead } from '~/server/finance.server'
import { listLaporanPembelianPage } from '~/upstream/laporan.server'
import type { Upstream } from '~/upstream/client.server'
import type { PageRequest } from '~/upstream/paged.server'
import { listPembelian, listPembelianPage, type Pembelian } from '~/upstream/pembelian-ban.server'
import { STOK_BAN_SPEC } from '~/routes/admin/ban/stok-ban.server'
import { STOK_FILTER_PARAMS } from '~/lib/stok-ban'
import { listStokBan, pageStokBan } from '~/upstream/ban.server'

/**
 * The shared list block: against an upstream offering 'paged-lists' one page is asked (search, sort
 * and page sent as parameters); against one without it the whole list is read and paged here, and a
 * whole list too long to read is the narrowing message with status 200, never a 502.
 */

const purchase = (id: number) => ({
  id,
  kode_pembelian_ban: `PB${String(id).padStart(6, '0')}`,
  supplier_id: 1,
  grand_total: id * 1000,
  status: id % 2 ? 'unpost' : 'posting',
  tanggal_awal: '2024-01-01',
  supplier: { id: 1, kode_supplier: 'SP000001', nama_supp: 'PT Satu' },
  detail_ban: [],
})
const TYRE = {
  id: 7,
  kode_ban: 'BN000007',
  no_seri: 'SR-7',
  status: 'terpasang',
  harga: 2_000_000,
  kondisi_ban: 'BARU',
  pembelian_ban_id: 1,
  ukuran_id: 3,
  merek_id: 4,
  typeban_id: 5,
  ukuran: { id: 3, nama: '11.00-20' },
  merek: { id: 4, nama_merek: 'Bridgestone' },
  typeban: { id: 5, nama_type: 'Radial' },
  jumlah_vulkanisir: 0,
  km_tempuh: 0,
  lokasi: {
    kendaraan_id: 2,
    no_kabin: 'K-01',
    no_pol: 'B 1 X',
    posisi_ban: 'D1',
    km_pemasangan: 0,
    km_kendaraan: 10,
    target_presentase: 80000,
  },
}
const ALL = Array.from({ length: 4567 }, (_, i) => purchase(i + 1))

let features: string[] = []
let wholeBody: () => string = () => JSON.stringify(ALL)
let reportTotal = 0

const fake = fakeUpstream(
  () => features,
  (url, _req, res) => {
    if (url.pathname === '/api/ban') {
      const per = Number(url.searchParams.get('per_page'))
      return res.end(JSON.stringify({ data: [TYRE], meta: { total: 41, page: Number(url.searchParams.get('page')), per_page: per } }))
    }
    if (url.pathname === '/api/laporan-pembelian-ban') {
      return res.end(
        JSON.stringify({ data: [], meta: { total: reportTotal, page: 1, per_page: Number(url.searchParams.get('per_page')) } }),
      )
    }
    if (url.pathname !== '/api/pembelian-ban') return res.writeHead(404).end('{}')
    const page = url.searchParams.get('page')
    if (!page || !features.includes('paged-lists')) return res.end(wholeBody())
    const per = Number(url.searchParams.get('per_page'))
    const rows = ALL.slice((Number(page) - 1) * per, Number(page) * per)
    res.end(JSON.stringify({ data: rows, meta: { total: ALL.length, page: Number(page), per_page: per } }))
  },
)
beforeEach(() => {
  wholeBody = () => JSON.stringify(ALL)
})

const SORTS = ['id', 'kode_pembelian_ban']
const source = {
  paged: listPembelianPage,
  whole: listPembelian,
  spec: { searchIn: (p: Pembelian) => [p.kode_pembelian_ban], sortBy: { id: (p: Pembelian) => p.id } },
}
const listCalls = () => fake.asked.filter((u) => u.pathname === '/api/pembelian-ban')

describe('loadListPage', () => {
  it('asks a paging upstream for the page the URL shows, with its search and sort', async () => {
    features = ['paged-lists']
    const query = parseListQuery(new URLSearchParams('q=PB0001&sort=id&dir=desc&page=3'), SORTS)
    const loaded = await loadListPage(fake.up, query, 10, source)
    expect(loaded.loadError).toBeNull()
    expect(loaded.matching).toBeNull()
    expect(loaded.page).toMatchObject({ total: 4567, page: 3, pageCount: 457, offset: 20 })
    expect(loaded.page.rows.map((p) => p.id)).toEqual(ALL.slice(20, 30).map((p) => p.id))
    const [call] = listCalls()
    expect(Object.fromEntries(call!.searchParams)).toEqual({ page: '3', per_page: '10', q: 'PB0001', sort: 'id', dir: 'desc' })
    expect(listCalls()).toHaveLength(1)
  })

  it("asks for Stok Ban's page with its filters, search and sort as parameters", async () => {
    features = ['paged-lists']
    const params = new URLSearchParams('status=terpasang&ukuran=3&q=sr-&sort=lokasi&dir=desc&page=2')
    const query = parseListQuery(params, Object.keys(STOK_BAN_SPEC.sortBy), STOK_FILTER_PARAMS)
    const filter = { status: 'terpasang', ukuran: '3', merek: '' }
    const loaded = await loadListPage(fake.up, query, 5, {
      paged: (u, req) => pageStokBan(u, filter, req),
      whole: listStokBan,
      spec: STOK_BAN_SPEC,
    })
    expect(loaded.loadError).toBeNull()
    expect(loaded.page).toMatchObject({ total: 41, page: 2, pageCount: 9, offset: 5 })
    expect(loaded.page.rows.map((b) => b.lokasi?.no_kabin)).toEqual(['K-01'])
    const calls = fake.asked.filter((u) => u.pathname === '/api/ban')
    expect(calls).toHaveLength(1)
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      status: 'terpasang',
      ukuran: '3',
      page: '2',
      per_page: '5',
      q: 'sr-',
      sort: 'lokasi',
      dir: 'desc',
    })
  })

  it('a page past the last goes back to page 1', async () => {
    features = ['paged-lists']
    const loaded = await loadListPage(fake.up, parseListQuery(new URLSearchParams('page=999'), SORTS), 10, source)
    expect(loaded.page.page).toBe(1)
    expect(loaded.page.rows[0]!.id).toBe(1)
  })

  it('reads every row a page at a time, never the whole list', async () => {
    features = ['paged-lists']
    const loaded = await loadListPage(fake.up, parseListQuery(new URLSearchParams(''), SORTS), 10, source)
    fake.asked.length = 0
    const sizes: number[] = []
    for await (const rows of loaded.pages()) sizes.push(rows.length)
    expect(sizes).toEqual([ROWS_PER_CALL, ROWS_PER_CALL, 4567 - 2 * ROWS_PER_CALL])
    expect(listCalls().every((u) => u.searchParams.get('per_page') === String(ROWS_PER_CALL))).toBe(true)
  })

  it('reads fewer rows per call for a source whose rows carry their lines (a print)', async () => {
    features = ['paged-lists']
    const loaded = await loadListPage(fake.up, parseListQuery(new URLSearchParams(''), SORTS), 10, { ...source, rowsPerCall: 1000 })
    fake.asked.length = 0
    const sizes: number[] = []
    for await (const rows of loaded.pages()) sizes.push(rows.length)
    expect(sizes).toEqual([1000, 1000, 1000, 1000, 567])
    expect(listCalls().map((u) => u.searchParams.get('per_page'))).toEqual(['1000', '1000', '1000', '1000', '1000'])
  })

  it("keeps the screen's page, but reads a CSV's pages once without keeping them", async () => {
    features = ['paged-lists']
    fake.up = { ...fake.up, cache: new ListCache({ maxBytes: 64 * 1024 * 1024, ttlMs: 60_000 }) }
    const query = parseListQuery(new URLSearchParams(''), SORTS)
    await loadListPage(fake.up, query, 10, source)
    const loaded = await loadListPage(fake.up, query, 10, source)
    expect(listCalls()).toHaveLength(1)
    fake.asked.length = 0
    for (let run = 0; run < 2; run++) for await (const rows of loaded.pages()) expect(rows.length).toBeGreaterThan(0)
    // Three pages a run, asked again the second time: none was kept.
    expect(listCalls()).toHaveLength(6)
  })

  it('without the extension reads the whole list and pages it here', async () => {
    features = []
    const query = parseListQuery(new URLSearchParams('q=PB00012&sort=id&dir=desc&page=1'), SORTS)
    const loaded = await loadListPage(fake.up, query, 5, source)
    expect(listCalls().map((u) => u.search)).toEqual([''])
    // PB000120…PB000129, newest first.
    expect(loaded.page.total).toBe(10)
    expect(loaded.page.rows.map((p) => p.id)).toEqual([129, 128, 127, 126, 125])
    expect(loaded.matching).toHaveLength(10)
  })

  it('without the extension a whole list over the limit shows what to narrow, not a 502', async () => {
    features = []
    // 21 MB: over UPSTREAM_MAX_RESPONSE_MB (20).
    const big = JSON.stringify([{ ...purchase(1), alamat: 'x'.repeat(21 * 1024 * 1024) }])
    wholeBody = () => big
    const loaded = await loadListPage(fake.up, parseListQuery(new URLSearchParams(''), SORTS), 5, source)
    expect(loaded.loadError).toBe(TOO_LARGE_MESSAGE)
    expect(loaded.status).toBe(200)
    expect(loaded.page.rows).toEqual([])
  }, 30_000)
})

describe("a report's print: a period too long to print", () => {
  const period = { tanggal_awal: '2026-01-01', tanggal_akhir: '2026-12-31' }
  const report = {
    paged: (up: Upstream, req: PageRequest) => listLaporanPembelianPage(up, req, period),
    whole: async () => [],
    spec: { searchIn: () => [], sortBy: {} },
  }
  const query = parseListQuery(new URLSearchParams(), [])
  const reportCalls = () => fake.asked.filter((u) => u.pathname === '/api/laporan-pembelian-ban')

  it('is refused at once with its count, from one row asked', async () => {
    features = ['paged-lists']
    reportTotal = 20_043
    fake.asked.length = 0
    const { tooMany } = await printFirstRead(fake.up, query, report)
    expect(tooMany).toBe('Periode ini memuat 20.043 dokumen; yang dapat dicetak sekaligus paling banyak 5.000. Persempit periode tanggal.')
    expect(reportCalls().map((u) => u.searchParams.get('per_page'))).toEqual(['1'])
    // A report whose rows are not documents names what it counts.
    expect((await printFirstRead(fake.up, query, report, 'kendaraan')).tooMany).toMatch(/^Periode ini memuat 20\.043 kendaraan; /)
  })

  it('up to PRINT_ROWS_MAX is printed, read 200 rows a call after the first; an upstream without paging is read whole', async () => {
    features = ['paged-lists']
    reportTotal = PRINT_ROWS_MAX
    fake.asked.length = 0
    const { loaded, tooMany } = await printFirstRead(fake.up, query, report)
    expect(tooMany).toBeNull()
    for await (const rows of loaded.pages()) void rows
    expect(reportCalls().map((u) => u.searchParams.get('per_page'))).toEqual(['1', '200'])
    features = []
    forgetUpstreamFeatures()
    fake.asked.length = 0
    reportTotal = 99_999
    expect((await printFirstRead(fake.up, query, report)).tooMany).toBeNull()
    expect(reportCalls().map((u) => u.searchParams.get('per_page'))).toEqual([])
  })
})
