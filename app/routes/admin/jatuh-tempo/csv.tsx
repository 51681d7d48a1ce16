import type { LoaderFunctionArgs } from '@remix-run/node'
import { filterLines } from '~/lib/download-table'
import { windowLabel } from '~/lib/jatuh-tempo'
import { listDownload } from '~/server/download.server'
import { jatuhTempoDownload, JATUH_TEMPO_PATH, jatuhTempoRows } from '~/server/jatuh-tempo.server'

/**
 * Jatuh Tempo's 'Unduh CSV' and 'Unduh Excel' (?format=xlsx): /admin/jatuh-tempo/csv with the list's
 * parameters, the due documents of its window and search, every page, in the list's order. A window
 * that is not valid goes back to the list (which says why); a failing upstream goes back with the reason.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const download = listDownload(request, context, JATUH_TEMPO_PATH)
  const rows = await jatuhTempoRows(request, 'print')
  if (!rows.due.window) return download.backToList()
  if (rows.loadError) return download.failed(rows.loadError)
  const w = rows.due.window
  const table = jatuhTempoDownload(rows.today)
  const name = download.fileName(table.name, w.kind === 'tanggal' ? w.awal : rows.today, w.kind === 'tanggal' ? w.akhir : `${w.hari}hari`)
  const head = {
    title: 'Jatuh Tempo STNK & KIR',
    filters: filterLines([
      ['Periode', windowLabel(w)],
      ['Pencarian', rows.page.query.q.trim()],
    ]),
  }
  return download.respond(name, head, table, rows.matching)
}
