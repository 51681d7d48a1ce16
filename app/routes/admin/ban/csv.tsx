import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { csvFileName } from '~/lib/csv'
import { csvFailed, csvPagesResponse } from '~/server/csv.server'
import { stokBanRow, stokBanRows } from '~/routes/admin/ban/stok-ban.server'

const HEADER = ['No', 'Kode Ban', 'No Seri', 'Ukuran', 'Merek', 'Type', 'Kondisi', 'Status', 'Lokasi', 'Jumlah Vulkanisir', 'Harga']

/**
 * Stok Ban's 'Unduh CSV' (like the finance lists): /admin/ban/csv with the list's own
 * parameters, every row of that filter, search and sort. A filter that is not valid goes back to the
 * list (which says why); a failing upstream goes back with the reason.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const listUrl = `/admin/ban${url.search}`
  const rows = await stokBanRows(request)
  if (rows.parsed.problem) return redirect(listUrl)
  if (rows.loadError) return csvFailed(request, listUrl, rows.loadError)
  // Streamed a page at a time (a paging upstream: ROWS_PER_CALL tyres a call; never the whole list in memory).
  return csvPagesResponse(
    csvFileName(rows.parsed.filter.status ? `stok-ban_${rows.parsed.filter.status}` : 'stok-ban'),
    HEADER,
    rows.pages(),
    (b, i) => {
      const r = stokBanRow(b)
      return [
        [i + 1, r.kode_ban, r.no_seri, r.ukuran, r.merek, r.typeban, r.kondisi, r.statusLabel, r.lokasi, r.jumlah_vulkanisir, r.harga],
      ]
    },
  )
}
