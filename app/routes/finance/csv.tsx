import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { dayText, filterLines, type DownloadClient } from '~/lib/download-table'
import {
  downloadClient,
  downloadFailed,
  downloadFileName,
  downloadFormatOf,
  downloadResponse,
  listSearchOf,
} from '~/server/download.server'
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

const STATUS_TEXT: Record<string, string> = { posting: 'Posting', unpost: 'Unpost' }

/**
 * 'Unduh CSV' and 'Unduh Excel' (?format=xlsx) of the three inquiries and the reports (the purchase,
 * tyre cost and inspection reports): the list's own URL plus /csv, the rows of exactly that filter,
 * search and sort (every page), streamed. A filter that is not valid goes back to the list, which
 * shows its message; a failing upstream goes back with the reason.
 */
async function download<T>(request: Request, screen: FinanceScreen<T>, client: DownloadClient) {
  const url = new URL(request.url)
  const format = downloadFormatOf(url)
  const listUrl = screen.path + listSearchOf(url)
  const rows = await financeRows(request, screen, 'print', { stream: true })
  if (rows.parsed.problem) return redirect(listUrl)
  if (rows.loadError) return downloadFailed(request, listUrl, rows.loadError, format)
  const { parsed } = rows
  const { tanggal_awal, tanggal_akhir, status } = parsed.filter
  const name = downloadFileName(
    format,
    screen.download.name,
    parsed.period ? tanggal_awal : undefined,
    parsed.period ? tanggal_akhir : undefined,
  )
  const head = {
    title: screen.title,
    filters: filterLines([
      ['Periode', parsed.period ? `${dayText(tanggal_awal)} – ${dayText(tanggal_akhir)}` : 'Semua tanggal'],
      ['Status', screen.withStatus && status && (STATUS_TEXT[status] ?? status)],
      ...(screen.choices ?? []).map((c): [string, string | undefined] => {
        const chosen = parsed.choices?.[c.name]
        return [c.label, c.options.find((o) => o.value === chosen)?.label ?? chosen]
      }),
      ['Pencarian', rows.page.query.q.trim()],
    ]),
  }
  // Rows read whole are in memory already; from a paging upstream they come a page at a time as the client reads.
  return downloadResponse(format, name, head, screen.download, rows.matching ?? rows.pages(), client)
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const client = downloadClient(request, context)
  const list = new URL(request.url).pathname.replace(/\/csv\/?$/, '')
  const screen = financeScreenOf(list)
  if (screen === inqueryPembelian) return download(request, inqueryPembelian, client)
  if (screen === inqueryPemasangan) return download(request, inqueryPemasangan, client)
  if (screen === inqueryKlaim) return download(request, inqueryKlaim, client)
  if (screen === laporanPembelian) return download(request, laporanPembelian, client)
  if (screen === laporanBiaya) return download(request, laporanBiaya, client)
  if (screen === laporanPemeriksaan) return download(request, laporanPemeriksaan, client)
  if (screen === perpanjanganScreen) return download(request, perpanjanganScreen, client)
  if (screen === laporanBiayaPerpanjangan) return download(request, laporanBiayaPerpanjangan, client)
  throw data({ message: 'Halaman tidak ditemukan.' }, { status: 404 })
}
