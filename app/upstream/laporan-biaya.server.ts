import { call, type Upstream } from './client.server'
import { laporanBiayaKeptSchema, laporanBiayaSchema, type LaporanBiaya, type LaporanBiayaFilter } from './schemas/laporan-biaya'

export {
  LAPORAN_BIAYA_GROUPS,
  laporanBiayaSchema,
  type BiayaBan,
  type BiayaGroup,
  type BiayaTotal,
  type LaporanBiaya,
  type LaporanBiayaFilter,
  type LaporanBiayaGroup,
} from './schemas/laporan-biaya'

/**
 * GET /api/laporan-biaya-ban?tanggal_awal&tanggal_akhir&group&urutan&maks_ban&tanpa_ban&kelompok (extension
 * 'ban-lifecycle'): the tyres whose pelepasan is dated in the period, or fitted now, grouped;
 * without dates all time. Kept by the list cache only when asked (`simpan`: the screen's small answers).
 */
export async function getLaporanBiaya(up: Upstream, filter: LaporanBiayaFilter = {}): Promise<LaporanBiaya> {
  const answer = await call(up, 'GET', '/api/laporan-biaya-ban', {
    schema: filter.simpan ? laporanBiayaKeptSchema : laporanBiayaSchema,
    query: {
      tanggal_awal: filter.tanggal_awal,
      tanggal_akhir: filter.tanggal_akhir,
      group: filter.group,
      urutan: filter.urutan,
      maks_ban: filter.maks_ban,
      tanpa_ban: filter.tanpa_ban ? 1 : undefined,
      kelompok: filter.kelompok ? filter.kelompok.join(',') : undefined,
    },
  })
  return answer.data
}
