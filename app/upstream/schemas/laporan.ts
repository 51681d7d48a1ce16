import { z } from 'zod'
import { pembelianSchema } from './pembelian-ban'

/**
 * A row of the purchase report (GET /api/laporan-pembelian-ban): a purchase, its supplier normalised
 * from the four forms (nested object, nama_supplier, kode_supplier, plain string) into
 * `supplier: {nama_supp, kode_supplier, …}`, and its tyres in `detail_ban` ([] when absent).
 */
export const laporanPembelianSchema = pembelianSchema
export type LaporanPembelianRow = z.infer<typeof laporanPembelianSchema>
