import { describe, expect, it } from 'vitest'
import { fakeUpstream } from './fake-upstream'
import { parseListQuery } from '~/lib/list-query'
import { laporanBiayaPerpanjangan, perpanjanganScreen } from '~/server/finance-sources.server'
import { loadListPage } from '~/server/paged-list.server'
import type { PageRequest } from '~/upstream/paged.server'

/**
 * Perpanjangan STNK & KIR and its cost report against an upstream that pages lists: one page asked
 * with the filter, the search and the sort; the report's lines and sums come from
 * GET /api/perpanjangan/biaya. Against one without paging the whole renewal list is read and summed
 * here, as before.
 */

const renewal = (id: number, kendaraan_id: number, jenis_dokumen: 'STNK' | 'KIR', biaya: number) => ({
  id,
  kode_perpanjangan: `PJ${String(id).padStart(6, '0')}`,
  kendaraan_id,
  jenis_dokumen,
  expired_lama: null,
  expired_baru: '2027-01-10',
  biaya,
  tanggal_bayar: '2026-03-01',
  gambar: null,
  keterangan: null,
  status: id === 3 ? 'posting' : 'unpost',
  kendaraan: { id: kendaraan_id, kode_kendaraan: `KD${kendaraan_id}`, no_kabin: `K-0${kendaraan_id}`, no_pol: `B ${kendaraan_id}` },
})
const RENEWALS = [renewal(1, 1, 'STNK', 1_850_000), renewal(2, 2, 'KIR', 150_000), renewal(3, 1, 'KIR', 125_000)]
const LINES = [
  { kendaraan_id: 1, no_kabin: 'K-01', no_pol: 'B 1', stnk: 1_850_000, kir: 125_000, jumlah: 2, total: 1_975_000 },
  // A vehicle without a cabin number or plate, its sums as text (PostgreSQL's numeric).
  { kendaraan_id: 2, no_kabin: null, no_pol: null, stnk: '0', kir: '150000', jumlah: '1', total: '150000' },
]
const SUMS = { stnk: 1_850_000, kir: 275_000, jumlah: 3, grand_total: 2_125_000 }

let features: string[] = []

const fake = fakeUpstream(
  () => features,
  (url, _req, res) => {
    const page = url.searchParams.get('page')
    const paging = page !== null && features.includes('paged-lists')
    const meta = (total: number) => (paging ? { total, page: Number(page), per_page: Number(url.searchParams.get('per_page')) } : {})
    if (url.pathname === '/api/perpanjangan') {
      if (!paging) return res.end(JSON.stringify({ data: RENEWALS }))
      return res.end(JSON.stringify({ data: RENEWALS.slice(0, 1), meta: { ...meta(3), posting: 1, grand_total: 2_125_000 } }))
    }
    if (url.pathname === '/api/perpanjangan/biaya') {
      // A meta value that is not a number is not a sum.
      return res.end(JSON.stringify({ data: LINES, meta: { ...meta(2), ...SUMS, catatan: 'bukan angka' } }))
    }
    return res.writeHead(404).end('{}')
  },
)

const YEAR = { tanggal_awal: '2026-01-01', tanggal_akhir: '2026-12-31', status: null }
const REQ: PageRequest = { page: 2, per_page: 10, q: 'k-0', sort: 'total', dir: 'desc' }
const calls = (path: string) => fake.asked.filter((u) => u.pathname === path).map((u) => Object.fromEntries(u.searchParams))

describe('Laporan Biaya Perpanjangan against an upstream that pages lists', () => {
  it('asks the summed report for one page, with the period, search and sort; the sums over every vehicle come from meta', async () => {
    features = ['paged-lists', 'perpanjangan']
    const page = await laporanBiayaPerpanjangan.paged!(fake.up, YEAR, REQ)
    expect(calls('/api/perpanjangan/biaya')).toEqual([
      { tanggal_awal: '2026-01-01', tanggal_akhir: '2026-12-31', page: '2', per_page: '10', q: 'k-0', sort: 'total', dir: 'desc' },
    ])
    expect(calls('/api/perpanjangan')).toEqual([])
    expect(page.total).toBe(2)
    expect(page.grandTotal).toBe(2_125_000)
    expect(page.sums).toEqual({ stnk: 1_850_000, kir: 275_000, jumlah: 3 })
    expect(page.rows[1]).toEqual({ kendaraan_id: 2, no_kabin: '#2', no_pol: '', stnk: 0, kir: 150_000, jumlah: 1, total: 150_000 })
  })

  it("the list block hands the page's sums on; the print page reads every line of the summed report", async () => {
    features = ['paged-lists', 'perpanjangan']
    const query = parseListQuery(new URLSearchParams('q=K-0&sort=kir&dir=asc'), laporanBiayaPerpanjangan.sortable)
    const loaded = await loadListPage(fake.up, query, 10, {
      paged: (u, req) => laporanBiayaPerpanjangan.paged!(u, YEAR, req),
      whole: (u) => laporanBiayaPerpanjangan.list(u, YEAR, 'screen'),
      spec: laporanBiayaPerpanjangan.spec,
    })
    expect(loaded.matching).toBeNull()
    expect(loaded.answer?.sums).toEqual({ stnk: 1_850_000, kir: 275_000, jumlah: 3 })
    fake.asked.length = 0
    const lines = await laporanBiayaPerpanjangan.list(fake.up, YEAR, 'print')
    expect(calls('/api/perpanjangan/biaya')).toEqual([{ tanggal_awal: '2026-01-01', tanggal_akhir: '2026-12-31' }])
    expect(calls('/api/perpanjangan')).toEqual([])
    expect(lines.map((l) => [l.no_kabin, l.total])).toEqual([
      ['K-01', 1_975_000],
      ['#2', 150_000],
    ])
  })

  it('Perpanjangan STNK & KIR asks one page with its filter, search and sort; meta gives the bulk counts', async () => {
    features = ['paged-lists', 'perpanjangan']
    const page = await perpanjanganScreen.paged!(fake.up, { ...YEAR, status: 'unpost' }, { ...REQ, sort: 'tanggal_bayar' })
    expect(calls('/api/perpanjangan')).toEqual([
      {
        tanggal_awal: '2026-01-01',
        tanggal_akhir: '2026-12-31',
        status: 'unpost',
        page: '2',
        per_page: '10',
        q: 'k-0',
        sort: 'tanggal_bayar',
        dir: 'desc',
      },
    ])
    expect(page).toMatchObject({ total: 3, posting: 1, grandTotal: 2_125_000, sums: {} })
    expect(page.rows.map((p) => p.kode_perpanjangan)).toEqual(['PJ000001'])
  })
})

describe('Laporan Biaya Perpanjangan against an upstream without paging', () => {
  it("reads the period's whole renewal list and sums it here; the summed report is not asked", async () => {
    features = ['perpanjangan']
    const lines = await laporanBiayaPerpanjangan.list(fake.up, YEAR, 'screen')
    expect(calls('/api/perpanjangan')).toEqual([{ tanggal_awal: '2026-01-01', tanggal_akhir: '2026-12-31' }])
    expect(calls('/api/perpanjangan/biaya')).toEqual([])
    expect(lines).toEqual([
      { kendaraan_id: 1, no_kabin: 'K-01', no_pol: 'B 1', stnk: 1_850_000, kir: 125_000, jumlah: 2, total: 1_975_000 },
      { kendaraan_id: 2, no_kabin: 'K-02', no_pol: 'B 2', stnk: 0, kir: 150_000, jumlah: 1, total: 150_000 },
    ])
  })
})
