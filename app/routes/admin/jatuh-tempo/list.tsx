import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, type MetaFunction } from '@remix-run/react'
import { formatDate } from '~/lib/format'
import { HARI_CHOICES, windowLabel } from '~/lib/jatuh-tempo'
import { canRenew } from '~/server/features.server'
import { jatuhTempoRows, shownRow } from '~/server/jatuh-tempo.server'
import { listSearch } from '~/lib/list-query'
import { buttonClass } from '~/ui/button'
import { DateFilterForm } from '~/ui/date-filter'
import { DueLabel, PerpanjangLink } from '~/ui/due-label'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FinanceActions } from '~/ui/finance-screen'
import { ListScreen } from '~/ui/list-screen'

export const meta: MetaFunction = () => [{ title: 'Jatuh Tempo STNK & KIR — Armada' }]

/**
 * Jatuh Tempo STNK & KIR (group Laporan): the vehicles' STNK and KIR and the STNK
 * records that expire within the URL's window (?hari=30|60|90, past due included, or
 * ?tanggal_awal=&tanggal_akhir=), soonest first, 5 a page; Cetak (print page) and Unduh CSV of
 * the same rows with the print grant. A window that is not valid is a message; nothing is read.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const rows = await jatuhTempoRows(request)
  const { page, due, today } = rows
  return data(
    {
      ...page,
      rows: page.rows.map(shownRow(today)),
      loadError: rows.loadError,
      can: rows.auth.can,
      parsed: due.parsed,
      hariTyped: due.hari,
      problem: due.problem?.field === 'hari' ? due.problem.message : null,
      window: due.window,
      label: due.window ? windowLabel(due.window) : null,
      overdue: rows.matching.filter((r) => r.tanggal < today).length,
      renew: await canRenew(rows.auth.upstream, rows.auth.grants),
    },
    { status: rows.status },
  )
}

export default function JatuhTempo() {
  const list = useLoaderData<typeof loader>()
  const search = listSearch(list.query, { page: 1 })
  const hari = list.window?.kind === 'hari' ? list.window.hari : null
  const q = list.query.q ? `&q=${encodeURIComponent(list.query.q)}` : ''
  return (
    <ListScreen
      title="Jatuh Tempo STNK & KIR"
      subtitle={list.label ? `STNK dan KIR yang jatuh tempo: ${list.label}` : 'STNK dan KIR yang jatuh tempo'}
      searchPlaceholder="Cari no kabin, no pol atau dokumen..."
      list={list}
      canAdd={false}
      searchable={list.can.search}
      loadError={list.loadError}
      empty={list.window ? 'Tidak ada STNK atau KIR yang jatuh tempo pada jangka waktu ini.' : 'Perbaiki jangka waktu di atas.'}
      filters={
        <>
          <nav aria-label="Jangka waktu" className="mb-3 flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium text-slate-700">Jangka waktu:</span>
            {HARI_CHOICES.map((n) => (
              <Link
                key={n}
                to={`?hari=${n}${q}`}
                aria-current={hari === n ? 'page' : undefined}
                className={hari === n ? buttonClass('primary') : buttonClass('secondary')}
              >
                {n} hari
              </Link>
            ))}
          </nav>
          {list.problem ? (
            <div role="alert" className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
              <strong className="mr-1">Peringatan</strong>
              {list.problem} (tertulis: “{list.hariTyped}”)
            </div>
          ) : null}
          <DateFilterForm parsed={list.parsed} query={list.query} withStatus={false} />
          {list.overdue ? (
            <p className="mb-3 text-sm text-red-700" data-testid="jumlah-lewat">
              {list.overdue} dokumen sudah lewat jatuh tempo.
            </p>
          ) : null}
        </>
      }
      headerActions={
        <>
          {list.can.print && list.window ? (
            <a href={`/admin/jatuh-tempo/cetak${search}`} target="_blank" rel="noreferrer" className={buttonClass('secondary')}>
              Cetak
            </a>
          ) : null}
          {list.window ? <FinanceActions can={list.can} query={list.query} bulk={null} csvPath="/admin/jatuh-tempo/csv" /> : null}
        </>
      }
      rowKey={(r) => r.key}
      rowProps={(r) => (r.sisa < 0 ? { className: 'bg-red-50/60' } : {})}
      columns={[
        { header: 'No', cell: (_r, i) => i + 1, className: 'w-14' },
        { header: 'No Kabin', sortKey: 'no_kabin', cell: (r) => r.no_kabin || '-' },
        { header: 'No Pol', sortKey: 'no_pol', cell: (r) => r.no_pol || '-' },
        { header: 'Dokumen', sortKey: 'dokumen', cell: (r) => r.dokumen },
        { header: 'Jatuh Tempo', sortKey: 'tanggal', cell: (r) => formatDate(r.tanggal) },
        { header: 'Sisa', cell: (r) => <DueLabel sisa={r.sisa} /> },
        ...(list.renew ? [{ header: 'Aksi', cell: (r: (typeof list.rows)[number]) => <PerpanjangLink row={r} /> }] : []),
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
