import { call, type Upstream } from './client.server'
import { listOf } from './normalize'
import { getPage, type PageRequest } from './paged.server'
import { biayaKendaraanRowSchema } from './schemas/biaya-kendaraan'
import type { KelompokBiaya } from '~/lib/biaya-kendaraan'

// Laporan Biaya per Kendaraan: an extension of the spec, offered with the 'biaya-kendaraan' feature.

export type BiayaKendaraanFilter = { tanggal_awal?: string | null; tanggal_akhir?: string | null; kelompok: KelompokBiaya }

const query = (f: BiayaKendaraanFilter) => ({
  tanggal_awal: f.tanggal_awal || undefined,
  tanggal_akhir: f.tanggal_akhir || undefined,
  kelompok: f.kelompok,
})

/**
 * GET /api/laporan-biaya-kendaraan?period&kelompok&page&per_page&q&sort&dir → one page of the report
 * (meta: total lines, and the sums over every matching line: ban, suku_cadang, jasa, perpanjangan,
 * km_tempuh, total_biaya).
 */
export const listBiayaKendaraanPage = async (up: Upstream, req: PageRequest, f: BiayaKendaraanFilter) =>
  getPage(up, '/api/laporan-biaya-kendaraan', biayaKendaraanRowSchema, query(f), req)

/** GET /api/laporan-biaya-kendaraan?period&kelompok: every line of the report, costliest first. */
export const listBiayaKendaraan = async (up: Upstream, f: BiayaKendaraanFilter) =>
  call(up, 'GET', '/api/laporan-biaya-kendaraan', { schema: listOf(biayaKendaraanRowSchema), query: query(f) })
