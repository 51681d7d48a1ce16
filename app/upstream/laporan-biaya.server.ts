import { call, type Upstream } from './client.server'
import { laporanBiayaSchema, type LaporanBiaya, type LaporanBiayaFilter } from './schemas/laporan-biaya'

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
 * GET /api/laporan-biaya-ban?tanggal_awal&tanggal_akhir&group&urutan&maks_ban (extension 'ban-lifecycle', contract
 * §6): the tyres whose removal is dated in the period, or fitted now, grouped; without dates all time.
 * Not a list answer (one object per filter), so it is not kept by the list cache.
 */
export async function getLaporanBiaya(up: Upstream, filter: LaporanBiayaFilter = {}): Promise<LaporanBiaya> {
  const answer = await call(up, 'GET', '/api/laporan-biaya-ban', {
    schema: laporanBiayaSchema,
    query: {
      tanggal_awal: filter.tanggal_awal,
      tanggal_akhir: filter.tanggal_akhir,
      group: filter.group,
      urutan: filter.urutan,
      maks_ban: filter.maks_ban,
    },
  })
  return answer.data
}
