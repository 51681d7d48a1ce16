import { col, downloadTable, filterLines } from '~/lib/download-table'
import { formatDate } from '~/lib/format'
import { intervalText } from '~/lib/jadwal-servis'
import { parseListQuery } from '~/lib/list-query'
import { FILTER_KEYS, parseServisFilter, sisaServisText, STATUS_OPTIONS, type ParsedServisFilter } from '~/lib/servis-jatuh-tempo'
import type { Permission } from '~/lib/grants'
import { requireScreen } from './grants.server'
import { loadList } from './route-errors.server'
import {
  listItemServis,
  listServisJatuhTempo,
  type ServisJatuhTempoFilter,
  type ServisJatuhTempoRow,
} from '~/upstream/jadwal-servis.server'
import { listJenisKendaraan } from '~/upstream/jenis-kendaraan.server'
import type { Option } from '~/ui/fields'
import type { Upstream } from '~/upstream/client.server'

/**
 * Servis Jatuh Tempo's list and its download read the same: the screen's grant (`perm`: Print for the
 * download), the URL's search and filter checked against the choices (vehicle types, service items),
 * and the upstream's filter made from it.
 */

export const SERVIS_JATUH_TEMPO_PATH = '/admin/servis-jatuh-tempo'
/** Rows a download reads a call (the upstream computes the whole list for each page: few, large pages). */
export const DOWNLOAD_ROWS_PER_CALL = 2_000

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label, 'id-ID')

export async function servisJatuhTempoRequest(request: Request, perm?: Permission) {
  const auth = await requireScreen(request, perm)
  const params = new URL(request.url).searchParams
  const query = parseListQuery(params, [], [...FILTER_KEYS])
  const [jenisList, itemList] = await Promise.all([
    loadList(() => listJenisKendaraan(auth.upstream)),
    loadList(() => listItemServis(auth.upstream)),
  ])
  const choices = {
    jenis: jenisList.all.map((j) => ({ value: String(j.id), label: j.nama_jenis_kendaraan || `#${j.id}` })).sort(byLabel),
    item: itemList.all.map((i) => ({ value: String(i.id), label: i.nama || `#${i.id}` })).sort(byLabel),
  }
  const parsed = parseServisFilter(params, {
    jenis: jenisList.loadError ? null : choices.jenis,
    item: itemList.loadError ? null : choices.item,
  })
  return { auth, query, choices, parsed }
}

/**
 * What a download's head and the print page say they cover: the day the figures are projected to,
 * then each filter set (its choice's name) and the search.
 */
export function filterDescription(
  { choices, parsed, query }: Pick<Awaited<ReturnType<typeof servisJatuhTempoRequest>>, 'choices' | 'parsed' | 'query'>,
  today: string,
): string[] {
  const f = parsed.filter
  const label = (options: readonly { value: string; label: string }[], value: string) =>
    options.find((o) => o.value === value)?.label ?? value
  return filterLines([
    ['Per tanggal', formatDate(today)],
    ['Status', f.status && label(STATUS_OPTIONS, f.status)],
    ['Jenis Kendaraan', f.jenis_kendaraan_id && label(choices.jenis, f.jenis_kendaraan_id)],
    ['Item Servis', f.item_servis_id && label(choices.item, f.item_servis_id)],
    ['Dalam Km', f.dalam_km],
    ['Dalam Hari', f.dalam_hari],
    ['Pencarian', query.q.trim()],
  ])
}

/** The upstream's filter of a valid URL filter. */
export const upstreamFilterOf = ({ filter: f }: ParsedServisFilter): ServisJatuhTempoFilter => ({
  status: f.status === 'lewat' ? 'lewat' : null,
  jenis_kendaraan_id: f.jenis_kendaraan_id,
  item_servis_id: f.item_servis_id,
  dalam_km: f.dalam_km,
  dalam_hari: f.dalam_hari,
})

/** The download's columns: what the list shows, each figure in a column of its own. */
export const servisDownload = downloadTable<ServisJatuhTempoRow>(
  'servis-jatuh-tempo',
  [
    col('No', 'number'),
    col('No Kabin'),
    col('No Polisi'),
    col('Jenis Kendaraan', 'text', { width: 22 }),
    col('Item Servis', 'text', { width: 22 }),
    col('Interval', 'text', { width: 20 }),
    col('Servis Terakhir', 'date'),
    col('Km Servis Terakhir', 'number'),
    col('Jatuh Tempo Km', 'number'),
    col('Jatuh Tempo Tanggal', 'date'),
    col('Km Sekarang', 'number'),
    col('Sisa Km', 'number'),
    col('Sisa Hari', 'number'),
    col('Perkiraan', 'date'),
    col('Keterangan', 'text', { width: 30 }),
  ],
  (r, i) => [
    [
      i + 1,
      r.no_kabin,
      r.no_pol,
      r.nama_jenis_kendaraan,
      r.nama_item,
      intervalText(r.interval_km, r.interval_hari),
      r.servis_terakhir_tanggal,
      r.servis_terakhir_km,
      r.jatuh_tempo_km,
      r.jatuh_tempo_tanggal,
      r.km_sekarang ?? r.km,
      r.sisa_km,
      r.sisa_hari,
      r.tanggal_perkiraan,
      sisaServisText(r),
    ],
  ],
)

/**
 * Every row of the filter and search, DOWNLOAD_ROWS_PER_CALL a call, in the list's order. The first
 * page is read before the answer starts (`first`), so that a failing upstream goes back to the list
 * with the reason instead of a broken file.
 */
export async function servisPages(up: Upstream, q: string, filter: ServisJatuhTempoFilter) {
  const read = (page: number) =>
    listServisJatuhTempo(up, { page, per_page: DOWNLOAD_ROWS_PER_CALL, q, sort: null, dir: 'asc', once: true }, filter)
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
