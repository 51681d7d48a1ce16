import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation, type MetaFunction } from '@remix-run/react'
import { hasFeature } from '~/server/features.server'
import { financeListData, financeRows } from '~/server/finance.server'
import { inqueryPemasangan } from '~/server/finance-sources.server'
import { listSearch } from '~/lib/list-query'
import { postingAction } from '~/server/posting.server'
import { pemasanganMenu } from '~/routes/admin/pemasangan-ban/list'
import { DocStatus } from '~/ui/doc-status'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FinanceScreen } from '~/ui/finance-screen'
import { rowMenuColumn, useRowMenus } from '~/ui/row-menu'

export const meta: MetaFunction = () => [{ title: 'Inquery Pemasangan Ban — Armada' }]

/**
 * Inquery Pemasangan Ban: the pemasangan of a period, searched by
 * kode_pemasangan, with the row menu (the inquiry's own posting calls) and the bulk
 * actions. Update is the pemasangan edit screen; Show the pemasangan invoice.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const rows = await financeRows(request, inqueryPemasangan)
  // The row menu's Riwayat, when the upstream keeps an audit trail.
  const audit = await hasFeature(rows.auth.upstream, 'audit')
  return data(
    {
      audit,
      ...financeListData(rows, (p) => ({
        id: p.id,
        kode: p.kode_pemasangan,
        no_kabin: p.kendaraan?.no_kabin ?? null,
        jenis: p.kendaraan?.jenis_kendaraan?.nama_jenis_kendaraan ?? null,
        status: p.status,
      })),
    },
    { status: rows.status },
  )
}

/** postingAction checks the intent's grant (posting / unpost) before calling the upstream. */
export const action = ({ request }: ActionFunctionArgs) => postingAction(request, inqueryPemasangan.posting!)

export default function InqueryPemasangan() {
  const list = useLoaderData<typeof loader>()
  const location = useLocation()
  const search = listSearch(list.query)
  const menus = useRowMenus()
  return (
    <FinanceScreen
      title="Inquery Pemasangan Ban"
      subtitle="Pemasangan ban per periode: posting, unpost dan faktur"
      searchPlaceholder="Cari kode pemasangan..."
      list={list}
      withStatus
      csvPath="/admin/inquery-pemasangan-ban/csv"
      rowKey={(p) => p.id}
      rowProps={(p) => menus.rowProps(p.id)}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_p, i) => i + 1, className: 'w-14' },
        { header: 'Kode Pemasangan Ban', sortKey: 'kode_pemasangan', cell: (p) => p.kode || '-' },
        { header: 'No Kabin', sortKey: 'no_kabin', cell: (p) => p.no_kabin ?? '-' },
        { header: 'Jenis Kendaraan', sortKey: 'jenis_kendaraan', cell: (p) => p.jenis ?? '-' },
        { header: 'Status', cell: (p) => <DocStatus status={p.status} /> },
        rowMenuColumn(menus, (p) => pemasanganMenu(p, list.can, search, location.pathname + location.search, list.audit)),
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
