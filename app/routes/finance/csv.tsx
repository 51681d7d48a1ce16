import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { csvFileName } from '~/lib/csv'
import { csvFailed, csvPagesResponse, csvResponse } from '~/server/csv.server'
import { financeRows } from '~/server/finance.server'
import {
  financeScreenOf,
  inqueryKlaim,
  inqueryPemasangan,
  inqueryPembelian,
  laporanBiaya,
  laporanPembelian,
  laporanBiayaPerpanjangan,
  laporanPemeriksaan,
  perpanjanganScreen,
  type FinanceScreen,
} from '~/server/finance-sources.server'

/**
 * 'Unduh CSV' of the two inquiries and the reports (the purchase, tyre cost and inspection reports):
 * the list's own URL plus /csv, the rows of exactly that filter, search and sort (every page), streamed. A filter that is not valid
 * goes back to the list, which shows its message; a failing upstream goes back with the reason.
 */
async function download<T>(request: Request, screen: FinanceScreen<T>) {
  const url = new URL(request.url)
  const listUrl = screen.path + url.search
  const rows = await financeRows(request, screen, 'print', { stream: true })
  if (rows.parsed.problem) return redirect(listUrl)
  if (rows.loadError) return csvFailed(request, listUrl, rows.loadError)
  const { tanggal_awal, tanggal_akhir } = rows.parsed.filter
  const name = csvFileName(screen.csv.name, rows.parsed.period ? tanggal_awal : undefined, rows.parsed.period ? tanggal_akhir : undefined)
  // Rows read whole are in memory already; from a paging upstream they come a page at a time as the client reads.
  if (rows.matching) return csvResponse(name, screen.csv.header, rows.matching, screen.csv.lines)
  return csvPagesResponse(name, screen.csv.header, rows.pages(), screen.csv.lines)
}

export async function loader({ request }: LoaderFunctionArgs) {
  const list = new URL(request.url).pathname.replace(/\/csv\/?$/, '')
  const screen = financeScreenOf(list)
  if (screen === inqueryPembelian) return download(request, inqueryPembelian)
  if (screen === inqueryPemasangan) return download(request, inqueryPemasangan)
  if (screen === inqueryKlaim) return download(request, inqueryKlaim)
  if (screen === laporanPembelian) return download(request, laporanPembelian)
  if (screen === laporanBiaya) return download(request, laporanBiaya)
  if (screen === laporanPemeriksaan) return download(request, laporanPemeriksaan)
  if (screen === perpanjanganScreen) return download(request, perpanjanganScreen)
  if (screen === laporanBiayaPerpanjangan) return download(request, laporanBiayaPerpanjangan)
  throw data({ message: 'Halaman tidak ditemukan.' }, { status: 404 })
}
