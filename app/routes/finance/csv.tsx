import { randomUUID } from 'node:crypto'
import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { csvFileName } from '~/lib/csv'
import { csvPagesResponse, csvResponse } from '~/lib/csv.server'
import { financeRows } from '~/lib/finance.server'
import {
  financeScreenOf,
  inqueryPemasangan,
  inqueryPembelian,
  laporanBiaya,
  laporanPembelian,
  type FinanceScreen,
} from '~/lib/finance-sources.server'
import { JATUH_TEMPO_CSV, JATUH_TEMPO_PATH, jatuhTempoRows } from '~/lib/jatuh-tempo.server'
import { redirectWithToast } from '~/session.server'

/** Back to the list with the reason the CSV could not be made. */
const csvFailed = (request: Request, listUrl: string, loadError: string) =>
  redirectWithToast(request, listUrl, {
    kind: 'error',
    title: 'Error!',
    message: `CSV tidak dapat dibuat. ${loadError}`,
    ms: 0,
    id: randomUUID(),
  })

/**
 * 'Unduh CSV' of the two inquiries and the reports (the purchase report and the tyre cost report), and of Jatuh Tempo STNK & KIR:
 * the list's own URL plus /csv, the
 * rows of exactly that filter, search and sort (every page), streamed. A filter that is not valid
 * goes back to the list, which shows its message; a failing upstream goes back with the reason.
 */
async function download<T>(request: Request, screen: FinanceScreen<T>) {
  const url = new URL(request.url)
  const listUrl = screen.path + url.search
  const rows = await financeRows(request, screen, 'print')
  if (rows.parsed.problem) return redirect(listUrl)
  if (rows.loadError) return csvFailed(request, listUrl, rows.loadError)
  const { tanggal_awal, tanggal_akhir } = rows.parsed.filter
  const name = csvFileName(screen.csv.name, rows.parsed.period ? tanggal_awal : undefined, rows.parsed.period ? tanggal_akhir : undefined)
  // Rows read whole are in memory already; from a paging upstream they come a page at a time as the client reads.
  if (rows.matching) return csvResponse(name, screen.csv.header, rows.matching, screen.csv.lines)
  return csvPagesResponse(name, screen.csv.header, rows.pages(), screen.csv.lines)
}

/** The due documents of the list's window and search, every page, in the list's order. */
async function downloadJatuhTempo(request: Request) {
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

export async function loader({ request }: LoaderFunctionArgs) {
  const list = new URL(request.url).pathname.replace(/\/csv\/?$/, '')
  if (list === JATUH_TEMPO_PATH) return downloadJatuhTempo(request)
  const screen = financeScreenOf(list)
  if (screen === inqueryPembelian) return download(request, inqueryPembelian)
  if (screen === inqueryPemasangan) return download(request, inqueryPemasangan)
  if (screen === laporanPembelian) return download(request, laporanPembelian)
  if (screen === laporanBiaya) return download(request, laporanBiaya)
  throw data({ message: 'Halaman tidak ditemukan.' }, { status: 404 })
}
