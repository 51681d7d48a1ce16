import type { Upstream } from '~/upstream/client.server'
import { getLaporanBiaya, type BiayaGroup } from '~/upstream/laporan-biaya.server'
import type { UpstreamFilter } from '~/server/finance.server'
import { byCostPerKm, inCostOrder, kelompokOf, TYRES_SHOWN, urutanOf } from '~/lib/laporan-biaya'
import { loadList } from '~/server/route-errors.server'

/** A group of the screen: its tyres are not there (the api sent the groups only) though it has some. */
const lacksTyres = (g: BiayaGroup) => g.ban.length === 0 && g.jumlah_ban > 0

/**
 * The tyres of the groups on the screen's page (Laporan Biaya Ban per Km): the list is read without
 * tyres (`tanpa_ban`), so the page's groups — at most a page of them — get theirs with one more call
 * (`kelompok`, TYRES_SHOWN each, kept and revalidated like the groups). Groups that came with tyres
 * (an api without `tanpa_ban`) are left as they are. When the call fails, the groups stay without
 * tyres (their row says 'Rincian ban tidak tersedia.') and the message is returned for the page.
 */
export async function withPageTyres(
  up: Upstream,
  filter: UpstreamFilter,
  groups: readonly BiayaGroup[],
): Promise<{ groups: BiayaGroup[]; loadError: string | null }> {
  const wanted = groups.filter(lacksTyres).map((g) => g.key)
  if (!wanted.length) return { groups: [...groups], loadError: null }
  const urutan = urutanOf(filter.choices?.urutan)
  const loaded = await loadList(async () => {
    const report = await getLaporanBiaya(up, {
      tanggal_awal: filter.tanggal_awal,
      tanggal_akhir: filter.tanggal_akhir,
      group: kelompokOf(filter.choices?.group),
      urutan,
      maks_ban: TYRES_SHOWN,
      kelompok: wanted,
      simpan: true,
    })
    return report.rows
  })
  // By key: an api that ignores kelompok sends every group, and only the page's are taken.
  const byKey = new Map(loaded.all.map((g) => [g.key, g.ban]))
  return {
    groups: groups.map((g) => {
      const ban = lacksTyres(g) ? byKey.get(g.key) : undefined
      return ban ? { ...g, ban: inCostOrder(ban, urutan) ? ban : byCostPerKm(ban, urutan) } : g
    }),
    loadError: loaded.loadError,
  }
}
