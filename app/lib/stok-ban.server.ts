import { requireFeature } from './features.server'
import { requireScreenList } from './grants.server'
import { matchingRows, parseListQuery, type ListSpec } from './list-query'
import { lokasiText, matchesStokFilter, parseStokFilter, statusLabel, STOK_FILTER_PARAMS } from './stok-ban'
import type { Option } from '~/ui/fields'
import { listStokBan, type BanStok } from '~/upstream/ban.server'

/** Stok Ban's search (serial or code) and sort keys. */
export const STOK_BAN_SPEC: ListSpec<BanStok> = {
  searchIn: (b) => [b.kode_ban, b.no_seri],
  sortBy: {
    id: (b) => b.id,
    kode_ban: (b) => b.kode_ban,
    no_seri: (b) => b.no_seri,
    ukuran: (b) => b.ukuran?.nama ?? '',
    merek: (b) => b.merek?.nama_merek ?? '',
    kondisi: (b) => b.kondisi_ban ?? '',
    status: (b) => b.status ?? '',
    lokasi: (b) => lokasiText(b.status, b.lokasi),
  },
}

/** The distinct sizes and brands of the tyres, for the filter's choices (sorted by name). */
function choicesOf(all: readonly BanStok[]) {
  const ukuran = new Map<string, string>()
  const merek = new Map<string, string>()
  for (const b of all) {
    const u = b.ukuran_id ?? b.ukuran?.id
    if (u) ukuran.set(String(u), b.ukuran?.nama ?? `#${u}`)
    const m = b.merek_id ?? b.merek?.id
    if (m) merek.set(String(m), b.merek?.nama_merek ?? `#${m}`)
  }
  const sorted = (map: Map<string, string>): Option[] =>
    [...map].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'id-ID'))
  return { ukuran: sorted(ukuran), merek: sorted(merek) }
}

/**
 * The tyres of Stok Ban's URL (its filter, search and sort; every page): the list screen's page and
 * its CSV. The guard first, then the extension (501 without it). A filter that is not valid gives no
 * rows and its message; the form shows what was sent.
 */
export async function stokBanRows(request: Request) {
  const { auth, all, loadError, status } = await requireScreenList(request, listStokBan)
  await requireFeature(auth.upstream, 'ban-lifecycle')
  const params = new URL(request.url).searchParams
  const choices = choicesOf(all)
  const parsed = parseStokFilter(params, {
    ukuran: new Set(choices.ukuran.map((o) => o.value)),
    merek: new Set(choices.merek.map((o) => o.value)),
  })
  const query = parseListQuery(params, Object.keys(STOK_BAN_SPEC.sortBy), STOK_FILTER_PARAMS)
  const filtered = parsed.problem || loadError ? [] : all.filter((b) => matchesStokFilter(b, parsed.filter))
  return {
    auth,
    loadError,
    status: parsed.problem && !loadError ? 200 : status,
    parsed,
    query,
    choices,
    matching: matchingRows(filtered, query, STOK_BAN_SPEC),
  }
}

/** A tyre as Stok Ban shows it (a row and a CSV line). */
export const stokBanRow = (b: BanStok) => ({
  id: b.id,
  kode_ban: b.kode_ban,
  no_seri: b.no_seri,
  ukuran: b.ukuran?.nama ?? null,
  merek: b.merek?.nama_merek ?? null,
  typeban: b.typeban?.nama_type ?? null,
  kondisi: b.kondisi_ban,
  status: b.status,
  statusLabel: statusLabel(b.status),
  lokasi: lokasiText(b.status, b.lokasi),
  jumlah_vulkanisir: b.jumlah_vulkanisir,
  harga: b.harga,
})
export type StokBanRow = ReturnType<typeof stokBanRow>
