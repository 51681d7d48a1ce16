import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { COMPANY_TIME_ZONE } from '~/lib/date-filter'
import { formatDate } from '~/lib/format'
import { windowLabel } from '~/lib/jatuh-tempo'
import { JATUH_TEMPO_PATH, jatuhTempoRows, shownRow } from '~/lib/jatuh-tempo.server'
import { DueLabel } from '~/ui/due-label'
import { PrintErrorBoundary, PrintPage, PrintTable } from '~/ui/print-page'

export const meta: MetaFunction = () => [{ title: 'Cetak Jatuh Tempo STNK & KIR — Armada' }]

const printedAt = new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeStyle: 'short', timeZone: COMPANY_TIME_ZONE })

/**
 * The print page of Jatuh Tempo STNK & KIR (issue 20.1): no shell, A4, every row of the list's
 * window and search in the list's order (not only its page), past due marked, the printed date.
 * With JavaScript the print dialog opens by itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const rows = await jatuhTempoRows(request, 'print')
  const url = new URL(request.url)
  url.searchParams.delete('page')
  const warning = rows.due.problem?.message ?? null
  return {
    warning,
    loadError: warning ? null : rows.loadError,
    back: `${JATUH_TEMPO_PATH}${url.search}`,
    period: rows.due.window ? windowLabel(rows.due.window) : '-',
    printedAt: printedAt.format(new Date()),
    rows: warning ? [] : rows.matching.map(shownRow(rows.today)),
  }
}

export default function CetakJatuhTempo() {
  const { warning, loadError, back, period, printedAt, rows } = useLoaderData<typeof loader>()
  const message = warning ?? loadError ?? (rows.length === 0 ? 'Tidak ada data untuk dicetak' : null)
  return (
    <PrintPage title="Jatuh Tempo STNK & KIR" backTo={back} autoPrint={!message}>
      <header className="border-b-2 border-slate-800 pb-3">
        <h1 className="text-xl font-bold uppercase tracking-wide">Jatuh Tempo STNK &amp; KIR</h1>
        <p className="mt-1 text-sm">
          Jangka waktu: <strong>{period}</strong>
        </p>
        <p className="text-xs text-slate-600">Dicetak: {printedAt}</p>
      </header>
      {message ? (
        <div
          role={warning || loadError ? 'alert' : 'status'}
          className="mt-6 rounded border border-amber-300 bg-amber-50 p-4 text-center text-amber-900"
        >
          {warning ? <strong className="mr-1">Peringatan</strong> : null}
          {message}
          <p className="no-print mt-2">
            <Link to={back} className="font-semibold text-blue-700 underline">
              Kembali ke daftar
            </Link>
          </p>
        </div>
      ) : (
        <PrintTable className="mt-5 text-[12px]">
          <thead>
            <tr>
              <th className="w-10">No</th>
              <th>No Kabin</th>
              <th>No Pol</th>
              <th>Dokumen</th>
              <th>Jatuh Tempo</th>
              <th>Sisa</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.key} className="break-inside-avoid">
                <td>{i + 1}</td>
                <td>{r.no_kabin || '-'}</td>
                <td>{r.no_pol || '-'}</td>
                <td>{r.dokumen}</td>
                <td>{formatDate(r.tanggal)}</td>
                <td>
                  <DueLabel sisa={r.sisa} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={6} className="text-right font-semibold">
                {rows.length} dokumen, {rows.filter((r) => r.sisa < 0).length} sudah lewat jatuh tempo
              </td>
            </tr>
          </tfoot>
        </PrintTable>
      )}
    </PrintPage>
  )
}

export const ErrorBoundary = PrintErrorBoundary
