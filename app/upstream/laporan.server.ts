import { periodList } from './paged.server'
import { laporanPembelianSchema } from './schemas/laporan'

export { laporanPembelianSchema, type LaporanPembelianRow } from './schemas/laporan'

const laporanPembelian = periodList('/api/laporan-pembelian-ban', laporanPembelianSchema)

/**
 * GET /api/laporan-pembelian-ban?tanggal_awal&tanggal_akhir[&status]: the purchase report's rows, each
 * row's supplier normalised to {nama_supp, kode_supplier, …}; one page with the 'paged-lists' extension.
 */
export const listLaporanPembelian = laporanPembelian.whole
export const listLaporanPembelianPage = laporanPembelian.page
