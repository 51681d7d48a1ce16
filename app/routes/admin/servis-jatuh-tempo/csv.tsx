import type { LoaderFunctionArgs } from '@remix-run/node'
import { filterLines } from '~/lib/download-table'
import { STATUS_OPTIONS } from '~/lib/servis-jatuh-tempo'
import { listDownload } from '~/server/download.server'
import {
  SERVIS_JATUH_TEMPO_PATH,
  servisDownload,
  servisJatuhTempoRequest,
  servisPages,
  upstreamFilterOf,
} from '~/server/servis-jatuh-tempo.server'
import { todayInCompany } from '~/lib/date-filter'
import { formatDate } from '~/lib/format'
import { isThrownPage } from '~/server/route-errors.server'
import { userMessage } from '~/upstream/errors'

/**
 * Servis Jatuh Tempo's 'Unduh CSV' and 'Unduh Excel' (?format=xlsx): the list's rows of its filter and
 * search, every page, in the list's order, read from the upstream as the file is written. A filter
 * that is not valid goes back to the list (which says why).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const download = listDownload(request, context, SERVIS_JATUH_TEMPO_PATH)
  const { auth, query, choices, parsed } = await servisJatuhTempoRequest(request, 'print')
  if (parsed.problem) return download.backToList()
  const f = parsed.filter
  // The day the figures are projected to.
  const today = todayInCompany()
  const label = (options: readonly { value: string; label: string }[], value: string) =>
    options.find((o) => o.value === value)?.label ?? value
  const head = {
    title: 'Servis Jatuh Tempo',
    filters: filterLines([
      ['Tanggal', formatDate(today)],
      ['Status', f.status && label(STATUS_OPTIONS, f.status)],
      ['Jenis Kendaraan', f.jenis_kendaraan_id && label(choices.jenis, f.jenis_kendaraan_id)],
      ['Item Servis', f.item_servis_id && label(choices.item, f.item_servis_id)],
      ['Dalam Km', f.dalam_km],
      ['Dalam Hari', f.dalam_hari],
      ['Pencarian', query.q.trim()],
    ]),
  }
  let pages
  try {
    pages = await servisPages(auth.upstream, query.q, upstreamFilterOf(parsed))
  } catch (error) {
    if (isThrownPage(error)) throw error
    return download.failed(userMessage(error))
  }
  return download.respond(download.fileName(servisDownload.name, today, today), head, servisDownload, pages)
}
