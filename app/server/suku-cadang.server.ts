import { col, downloadTable, filterLines } from '~/lib/download-table'
import { parseListQuery } from '~/lib/list-query'
import type { Permission } from '~/lib/grants'
import { requireScreen } from './grants.server'
import { pageStokSukuCadang, type PartFilter, type SukuCadang } from '~/upstream/suku-cadang.server'
import type { Upstream } from '~/upstream/client.server'

/**
 * Stok Suku Cadang's list and its download read the same: the screen's grant (`perm`: Print for the
 * download), the URL's search and filter (kategori, bawah_minimum=1) and the upstream's filter made
 * from it.
 */

export const STOK_SUKU_CADANG_PATH = '/admin/stok-suku-cadang'
export const STOK_PER_PAGE = 25
export const STOK_FILTER_KEYS = ['kategori', 'bawah_minimum'] as const
const DOWNLOAD_ROWS_PER_CALL = 2_000

export async function stokRequest(request: Request, perm?: Permission) {
  const auth = await requireScreen(request, perm)
  const params = new URL(request.url).searchParams
  const query = parseListQuery(params, ['kode_suku_cadang', 'nama', 'kategori', 'stok', 'nilai_stok'], [...STOK_FILTER_KEYS])
  const filter = {
    kategori: (params.get('kategori') ?? '').trim().slice(0, 100),
    bawah_minimum: params.get('bawah_minimum') === '1' ? '1' : '',
  }
  return { auth, query, filter }
}

export const upstreamStokFilter = (f: { kategori: string; bawah_minimum: string }): PartFilter => ({
  kategori: f.kategori || null,
  bawah_minimum: f.bawah_minimum === '1',
})

export const stokDescription = (f: { kategori: string; bawah_minimum: string }, q: string) =>
  filterLines([
    ['Kategori', f.kategori],
    ['Stok', f.bawah_minimum === '1' ? 'Di bawah minimum' : ''],
    ['Pencarian', q.trim()],
  ])

/** The download's columns: what the list shows, each figure in a column of its own. */
export const stokDownload = downloadTable<SukuCadang>(
  'stok-suku-cadang',
  [
    col('No', 'number'),
    col('Kode'),
    col('Nama Suku Cadang', 'text', { width: 28 }),
    col('Kategori', 'text', { width: 16 }),
    col('Stok', 'number'),
    col('Satuan'),
    col('Stok Minimum', 'number'),
    col('Harga Rata-rata', 'rupiah'),
    col('Nilai Stok', 'rupiah'),
  ],
  (p, i) => [[i + 1, p.kode_suku_cadang, p.nama, p.kategori, p.stok, p.satuan, p.stok_minimum, p.harga_rata_rata, p.nilai_stok]],
)

/** Every row of the filter and search, in pages; the first read before the answer starts. */
export async function stokPages(up: Upstream, q: string, sort: string | null, dir: 'asc' | 'desc', filter: PartFilter) {
  const read = (page: number) => pageStokSukuCadang(up, { page, per_page: DOWNLOAD_ROWS_PER_CALL, q, sort, dir, once: true }, filter)
  const first = await read(1)
  async function* pages() {
    yield first.rows
    for (let page = 2; (page - 1) * DOWNLOAD_ROWS_PER_CALL < first.total; page++) {
      const answer = await read(page)
      if (answer.rows.length === 0) return
      yield answer.rows
    }
  }
  return pages()
}
