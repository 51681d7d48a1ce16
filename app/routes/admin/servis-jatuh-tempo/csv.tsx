import type { LoaderFunctionArgs } from '@remix-run/node'
import { listDownload } from '~/server/download.server'
import {
  filterDescription,
  SERVIS_JATUH_TEMPO_PATH,
  servisDownload,
  servisJatuhTempoRequest,
  servisPages,
  upstreamFilterOf,
} from '~/server/servis-jatuh-tempo.server'
import { todayInCompany } from '~/lib/date-filter'
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
  // The day the figures are projected to.
  const today = todayInCompany()
  const head = { title: 'Servis Jatuh Tempo', filters: filterDescription({ choices, parsed, query }, today) }
  let pages
  try {
    pages = await servisPages(auth.upstream, query.q, upstreamFilterOf(parsed))
  } catch (error) {
    if (isThrownPage(error)) throw error
    return download.failed(userMessage(error))
  }
  return download.respond(download.fileName(servisDownload.name, today, today), head, servisDownload, pages)
}
