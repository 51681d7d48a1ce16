import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { COMPANY_TIME_ZONE } from '~/lib/date-filter'
import { formatDate } from '~/lib/format'
import { windowLabel } from '~/lib/jatuh-tempo'
import { JATUH_TEMPO_PATH, jatuhTempoRows, shownRow } from '~/server/jatuh-tempo.server'
import { DueLabel } from '~/ui/due-label'
import { PrintErrorBoundary, PrintTable, ReportPrintPage } from '~/ui/print-page'
import { WITHOUT_SCRIPTS } from '~/lib/hydration'

export const meta: MetaFunction = () => [{ title: 'Cetak Jatuh Tempo STNK & KIR — Armada' }]

const printedAt = new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeStyle: 'short', timeZone: COMPANY_TIME_ZONE })

/**
 * The print page of Jatuh Tempo STNK & KIR: no shell, A4, every row of the list's
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
  const data = useLoaderData<typeof loader>()
  const { period, rows } = data
  return (
    <ReportPrintPage
      title="Jatuh Tempo STNK & KIR"
      covers={
        <>
          Jangka waktu: <strong>{period}</strong>
        </>
      }
      page={data}
      backLabel="Kembali ke daftar"
      empty={rows.length === 0}
    >
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
    </ReportPrintPage>
  )
}

/** Printed, never changed: no JavaScript, so a long period's rows are sent once. */
export const handle = WITHOUT_SCRIPTS

export const ErrorBoundary = PrintErrorBoundary
