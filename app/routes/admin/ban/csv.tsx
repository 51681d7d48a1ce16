import type { LoaderFunctionArgs } from '@remix-run/node'
import { filterLines } from '~/lib/download-table'
import { statusLabel } from '~/lib/stok-ban'
import { listDownload } from '~/server/download.server'
import { STOK_BAN_DOWNLOAD, stokBanRows } from '~/routes/admin/ban/stok-ban.server'

/**
 * Stok Ban's 'Unduh CSV' and 'Unduh Excel' (?format=xlsx), like the finance lists: /admin/ban/csv
 * with the list's own parameters, every row of that filter, search and sort. A filter that is not
 * valid goes back to the list (which says why); a failing upstream goes back with the reason.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const download = listDownload(request, context, '/admin/ban')
  const rows = await stokBanRows(request)
  if (rows.parsed.problem) return download.backToList()
  if (rows.loadError) return download.failed(rows.loadError)
  const { status, ukuran, merek } = rows.parsed.filter
  const nameOf = (options: { value: string; label: string }[], id: string) => options.find((o) => o.value === id)?.label ?? id
  const head = {
    title: 'Stok Ban',
    filters: filterLines([
      ['Status', status && statusLabel(status)],
      ['Ukuran', ukuran && nameOf(rows.choices.ukuran, ukuran)],
      ['Merek', merek && nameOf(rows.choices.merek, merek)],
      ['Pencarian', rows.query.q.trim()],
    ]),
  }
  // Streamed a page at a time (a paging upstream: ROWS_PER_CALL tyres a call; never the whole list in memory).
  return download.respond(download.fileName(status ? `stok-ban_${status}` : 'stok-ban'), head, STOK_BAN_DOWNLOAD, rows.pages())
}
