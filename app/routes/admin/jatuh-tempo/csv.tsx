import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { filterLines } from '~/lib/download-table'
import { windowLabel } from '~/lib/jatuh-tempo'
import {
  downloadClient,
  downloadFailed,
  downloadFileName,
  downloadFormatOf,
  downloadResponse,
  listSearchOf,
} from '~/server/download.server'
import { jatuhTempoDownload, JATUH_TEMPO_PATH, jatuhTempoRows } from '~/server/jatuh-tempo.server'

/**
 * Jatuh Tempo's 'Unduh CSV' and 'Unduh Excel' (?format=xlsx): /admin/jatuh-tempo/csv with the list's
 * parameters, the due documents of its window and search, every page, in the list's order. A window
 * that is not valid goes back to the list (which says why); a failing upstream goes back with the reason.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const format = downloadFormatOf(url)
  const listUrl = JATUH_TEMPO_PATH + listSearchOf(url)
  const rows = await jatuhTempoRows(request, 'print')
  if (!rows.due.window) return redirect(listUrl)
  if (rows.loadError) return downloadFailed(request, listUrl, rows.loadError, format)
  const w = rows.due.window
  const table = jatuhTempoDownload(rows.today)
  const name = downloadFileName(
    format,
    table.name,
    w.kind === 'tanggal' ? w.awal : rows.today,
    w.kind === 'tanggal' ? w.akhir : `${w.hari}hari`,
  )
  const head = {
    title: 'Jatuh Tempo STNK & KIR',
    filters: filterLines([
      ['Periode', windowLabel(w)],
      ['Pencarian', rows.page.query.q.trim()],
    ]),
  }
  return downloadResponse(format, name, head, table, rows.matching, downloadClient(request, context))
}
