import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { dayText, filterLines } from '~/lib/download-table'
import { listDownload } from '~/server/download.server'
import { financeRows } from '~/server/finance.server'
import {
  financeScreenOf,
  inqueryPembelianSukuCadang,
  inqueryKlaim,
  inqueryPemasangan,
  inqueryPembelian,
  laporanBiaya,
  laporanPembelian,
  laporanBiayaPerpanjangan,
  laporanBiayaKendaraan,
  laporanPemeriksaan,
  perpanjanganScreen,
  perintahKerjaScreen,
  inqueryPerintahKerja,
  type FinanceScreen,
} from '~/server/finance-sources.server'

const STATUS_TEXT: Record<string, string> = { posting: 'Posting', unpost: 'Unpost' }

/**
 * 'Unduh CSV' and 'Unduh Excel' (?format=xlsx) of the three inquiries and the reports (the purchase,
 * tyre cost and inspection reports): the list's own URL plus /csv, the rows of exactly that filter,
 * search and sort (every page), streamed. A filter that is not valid goes back to the list, which
 * shows its message; a failing upstream goes back with the reason.
 */
async function download<T>(request: Request, context: unknown, screen: FinanceScreen<T>) {
  const answer = listDownload(request, context, screen.path)
  const rows = await financeRows(request, screen, 'print', { stream: true })
  if (rows.parsed.problem) return answer.backToList()
  if (rows.loadError) return answer.failed(rows.loadError)
  const { parsed } = rows
  const { tanggal_awal, tanggal_akhir, status } = parsed.filter
  const name = answer.fileName(screen.download.name, parsed.period ? tanggal_awal : undefined, parsed.period ? tanggal_akhir : undefined)
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
  return answer.respond(name, head, screen.download, rows.matching ?? rows.pages())
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const list = new URL(request.url).pathname.replace(/\/csv\/?$/, '')
  const screen = financeScreenOf(list)
  if (screen === inqueryPembelian) return download(request, context, inqueryPembelian)
  if (screen === inqueryPemasangan) return download(request, context, inqueryPemasangan)
  if (screen === inqueryKlaim) return download(request, context, inqueryKlaim)
  if (screen === laporanPembelian) return download(request, context, laporanPembelian)
  if (screen === laporanBiaya) return download(request, context, laporanBiaya)
  if (screen === inqueryPembelianSukuCadang) return download(request, context, inqueryPembelianSukuCadang)
  if (screen === laporanPemeriksaan) return download(request, context, laporanPemeriksaan)
  if (screen === perpanjanganScreen) return download(request, context, perpanjanganScreen)
  if (screen === laporanBiayaPerpanjangan) return download(request, context, laporanBiayaPerpanjangan)
  if (screen === laporanBiayaKendaraan) return download(request, context, laporanBiayaKendaraan)
  if (screen === perintahKerjaScreen) return download(request, context, perintahKerjaScreen)
  if (screen === inqueryPerintahKerja) return download(request, context, inqueryPerintahKerja)
  throw data({ message: 'Halaman tidak ditemukan.' }, { status: 404 })
}
