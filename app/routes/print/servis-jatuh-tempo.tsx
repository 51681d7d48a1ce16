import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { COMPANY_TIME_ZONE, todayInCompany } from '~/lib/date-filter'
import { formatDate, formatNumber } from '~/lib/format'
import { WITHOUT_SCRIPTS } from '~/lib/hydration'
import { intervalText } from '~/lib/jadwal-servis'
import { PRINT_ROWS_MAX, sisaServisText } from '~/lib/servis-jatuh-tempo'
import { isThrownPage } from '~/server/route-errors.server'
import { filterDescription, SERVIS_JATUH_TEMPO_PATH, servisJatuhTempoRequest, upstreamFilterOf } from '~/server/servis-jatuh-tempo.server'
import { userMessage } from '~/upstream/errors'
import { listServisJatuhTempo, type ServisJatuhTempoRow } from '~/upstream/jadwal-servis.server'
import { PrintErrorBoundary, PrintTable, ReportPrintPage } from '~/ui/print-page'

export const meta: MetaFunction = () => [{ title: 'Cetak Servis Jatuh Tempo — Armada' }]

const printedAt = new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeStyle: 'short', timeZone: COMPANY_TIME_ZONE })

/**
 * The print page of Servis Jatuh Tempo (Print): no shell, every row of the list's filter and search
 * in the list's order, overdue marked, the filter and the day the figures are projected to. A filter
 * that is not valid, or more than PRINT_ROWS_MAX rows, is a message in place of the report.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { auth, query, choices, parsed } = await servisJatuhTempoRequest(request, 'print')
  const url = new URL(request.url)
  url.searchParams.delete('page')
  const today = todayInCompany()
  const page = {
    back: `${SERVIS_JATUH_TEMPO_PATH}${url.search}`,
    printedAt: printedAt.format(new Date()),
    covers: filterDescription({ choices, parsed, query }, today).join(' · '),
  }
  if (parsed.problem) return { ...page, warning: parsed.problem.message, loadError: null, rows: [] as ServisJatuhTempoRow[] }
  try {
    const answer = await listServisJatuhTempo(
      auth.upstream,
      { page: 1, per_page: PRINT_ROWS_MAX, q: query.q, sort: null, dir: 'asc', once: true },
      upstreamFilterOf(parsed),
    )
    if (answer.total > PRINT_ROWS_MAX) {
      const warning = `Terlalu banyak untuk dicetak: ${formatNumber(answer.total)} baris (paling banyak ${formatNumber(PRINT_ROWS_MAX)}). Persempit filter, misalnya Dalam Hari atau Status lewat.`
      return { ...page, warning, loadError: null, rows: [] as ServisJatuhTempoRow[] }
    }
    return { ...page, warning: null, loadError: null, rows: answer.rows }
  } catch (error) {
    if (isThrownPage(error)) throw error
    return { ...page, warning: null, loadError: `Data tidak dapat dimuat. ${userMessage(error)}`, rows: [] as ServisJatuhTempoRow[] }
  }
}

export default function CetakServisJatuhTempo() {
  const data = useLoaderData<typeof loader>()
  const { rows } = data
  return (
    <ReportPrintPage title="Servis Jatuh Tempo" covers={data.covers} page={data} backLabel="Kembali ke daftar" empty={rows.length === 0}>
      <PrintTable className="mt-5 text-[11px]">
        <thead>
          <tr>
            <th className="w-8">No</th>
            <th>No Kabin</th>
            <th>No Polisi</th>
            <th>Item Servis</th>
            <th>Servis Terakhir</th>
            <th>Jatuh Tempo</th>
            <th>Sisa</th>
            <th>Perkiraan</th>
            <th className="w-24">Paraf</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${r.kendaraan_id}-${r.item_servis_id}`} className="break-inside-avoid">
              <td>{i + 1}</td>
              <td>{r.no_kabin || '-'}</td>
              <td>{r.no_pol || '-'}</td>
              <td>
                {r.nama_item}
                <span className="block text-[10px]">{intervalText(r.interval_km, r.interval_hari)}</span>
              </td>
              <td>
                {r.servis_terakhir_tanggal ? `${formatDate(r.servis_terakhir_tanggal)}, ${formatNumber(r.servis_terakhir_km)} km` : '-'}
              </td>
              <td>
                {[
                  r.jatuh_tempo_km === null ? null : `${formatNumber(r.jatuh_tempo_km)} km`,
                  r.jatuh_tempo_tanggal ? formatDate(r.jatuh_tempo_tanggal) : null,
                ]
                  .filter(Boolean)
                  .join(', ') || '-'}
              </td>
              <td className={r.lewat ? 'font-bold' : undefined}>{sisaServisText(r)}</td>
              <td>{r.tanggal_perkiraan ? formatDate(r.tanggal_perkiraan) : '-'}</td>
              <td />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={9} className="text-right font-semibold">
              {formatNumber(rows.length)} servis, {formatNumber(rows.filter((r) => r.lewat).length)} sudah lewat jatuh tempo
            </td>
          </tr>
        </tfoot>
      </PrintTable>
    </ReportPrintPage>
  )
}

/** Printed, never changed: no JavaScript, so the rows are sent once. */
export const handle = WITHOUT_SCRIPTS

export const ErrorBoundary = PrintErrorBoundary
