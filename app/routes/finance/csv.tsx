import { randomUUID } from 'node:crypto'
import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { csvFileName } from '~/lib/csv'
import { csvResponse } from '~/lib/csv.server'
import { financeRows } from '~/lib/finance.server'
import {
  financeScreenOf,
  inqueryPemasangan,
  inqueryPembelian,
  laporanBiaya,
  laporanPembelian,
  type FinanceScreen,
} from '~/lib/finance-sources.server'
import { redirectWithToast } from '~/session.server'

/**
 * 'Unduh CSV' of the two inquiries and the reports (issue 10.7; the tyre cost report, issue 19.5): the list's own URL plus /csv, the
 * rows of exactly that filter, search and sort (every page), streamed. A filter that is not valid
 * goes back to the list, which shows its message; a failing upstream goes back with the reason.
 */
async function download<T>(request: Request, screen: FinanceScreen<T>) {
  const url = new URL(request.url)
  const listUrl = screen.path + url.search
  const rows = await financeRows(request, screen, 'print')
  if (rows.parsed.problem) return redirect(listUrl)
  if (rows.loadError) {
    return redirectWithToast(request, listUrl, {
      kind: 'error',
      title: 'Error!',
      message: `CSV tidak dapat dibuat. ${rows.loadError}`,
      ms: 0,
      id: randomUUID(),
    })
  }
  const { tanggal_awal, tanggal_akhir } = rows.parsed.filter
  const name = csvFileName(screen.csv.name, rows.parsed.period ? tanggal_awal : undefined, rows.parsed.period ? tanggal_akhir : undefined)
  return csvResponse(name, screen.csv.header, rows.matching, screen.csv.lines)
}

export async function loader({ request }: LoaderFunctionArgs) {
  const screen = financeScreenOf(new URL(request.url).pathname.replace(/\/csv\/?$/, ''))
  if (screen === inqueryPembelian) return download(request, inqueryPembelian)
  if (screen === inqueryPemasangan) return download(request, inqueryPemasangan)
  if (screen === laporanPembelian) return download(request, laporanPembelian)
  if (screen === laporanBiaya) return download(request, laporanBiaya)
  throw data({ message: 'Halaman tidak ditemukan.' }, { status: 404 })
}
