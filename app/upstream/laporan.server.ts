import { call, type Upstream } from './client.server'
import { getPage, type PageRequest } from './paged.server'
import { listOf } from './normalize'
import { laporanPembelianSchema, type LaporanFilter } from './schemas/laporan'

export { laporanPembelianSchema, type LaporanFilter, type LaporanPembelianRow } from './schemas/laporan'

/**
 * GET /api/laporan-pembelian-ban?tanggal_awal&tanggal_akhir[&status] (list in data.data; any list
 * form accepted). Each row's supplier is normalised to {nama_supp, kode_supplier, …}.
 */
export const listLaporanPembelian = async (up: Upstream, filter: LaporanFilter = {}) =>
  call(up, 'GET', '/api/laporan-pembelian-ban', {
    schema: listOf(laporanPembelianSchema),
    query: { tanggal_awal: filter.tanggal_awal, tanggal_akhir: filter.tanggal_akhir, status: filter.status },
  })

/** GET /api/laporan-pembelian-ban with page&per_page&q&sort&dir (extension 'paged-lists') → one page. */
export const listLaporanPembelianPage = async (up: Upstream, req: PageRequest, filter: LaporanFilter = {}) =>
  getPage(
    up,
    '/api/laporan-pembelian-ban',
    laporanPembelianSchema,
    { tanggal_awal: filter.tanggal_awal, tanggal_akhir: filter.tanggal_akhir, status: filter.status },
    req,
  )
