import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { csvFileName } from '~/lib/csv'
import { csvFailed, csvResponse } from '~/server/csv.server'
import { JATUH_TEMPO_CSV, JATUH_TEMPO_PATH, jatuhTempoRows } from '~/server/jatuh-tempo.server'

/**
 * Jatuh Tempo's 'Unduh CSV': /admin/jatuh-tempo/csv with the list's parameters, the due documents of
 * its window and search, every page, in the list's order. A window that is not valid goes back to the
 * list (which says why); a failing upstream goes back with the reason.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const listUrl = JATUH_TEMPO_PATH + new URL(request.url).search
  const rows = await jatuhTempoRows(request, 'print')
  if (!rows.due.window) return redirect(listUrl)
  if (rows.loadError) return csvFailed(request, listUrl, rows.loadError)
  const w = rows.due.window
  const name = csvFileName(
    JATUH_TEMPO_CSV.name,
    w.kind === 'tanggal' ? w.awal : rows.today,
    w.kind === 'tanggal' ? w.akhir : `${w.hari}hari`,
  )
  return csvResponse(name, JATUH_TEMPO_CSV.header, rows.matching, JATUH_TEMPO_CSV.lines(rows.today))
}
