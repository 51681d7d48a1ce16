import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation, type MetaFunction } from '@remix-run/react'
import { hasFeature } from '~/server/features.server'
import { financeListData, financeRows } from '~/server/finance.server'
import { inqueryPembelian } from '~/server/finance-sources.server'
import { formatNumber } from '~/lib/format'
import { listSearch } from '~/lib/list-query'
import { postingAction } from '~/server/posting.server'
import { pembelianMenu } from '~/routes/admin/pembelian-ban/list'
import { DocStatus } from '~/ui/doc-status'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FinanceScreen } from '~/ui/finance-screen'
import { rowMenuColumn, useRowMenus } from '~/ui/row-menu'

export const meta: MetaFunction = () => [{ title: 'Inquery Pembelian Ban — Armada' }]

/**
 * Inquery Pembelian Ban: the purchases of a period (?tanggal_awal,
 * ?tanggal_akhir, ?status in the URL), searched and sorted, with the row menu and the bulk actions.
 * Update and Delete are the purchase screen's dialogs mounted under this list (app/routes.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const rows = await financeRows(request, inqueryPembelian)
  // The row menu's Riwayat, when the upstream keeps an audit trail.
  const audit = await hasFeature(rows.auth.upstream, 'audit')
  return data(
    {
      audit,
      ...financeListData(rows, (p) => ({
        id: p.id,
        kode: p.kode_pembelian_ban,
        supplier: p.supplier?.nama_supp ?? null,
        grand_total: p.grand_total,
        status: p.status,
      })),
    },
    { status: rows.status },
  )
}

/**
 * Posting / Unpost from the row menu: back to the same filter, page and sort. postingAction checks the
 * intent's grant (posting / unpost) before calling the upstream.
 */
export const action = ({ request }: ActionFunctionArgs) => postingAction(request, inqueryPembelian.posting!)

export default function InqueryPembelian() {
  const list = useLoaderData<typeof loader>()
  const location = useLocation()
  const search = listSearch(list.query)
  const menus = useRowMenus()
  return (
    <FinanceScreen
      title="Inquery Pembelian Ban"
      subtitle="Pembelian ban per periode: posting, unpost dan faktur"
      searchPlaceholder="Cari kode pembelian, supplier atau total..."
      list={list}
      withStatus
      csvPath="/admin/inquery-pembelian-ban/csv"
      rowKey={(p) => p.id}
      rowProps={(p) => menus.rowProps(p.id)}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_p, i) => i + 1, className: 'w-14' },
        { header: 'Kode Pembelian Ban', sortKey: 'kode_pembelian_ban', cell: (p) => p.kode || '-' },
        { header: 'Nama Supplier', sortKey: 'nama_supp', cell: (p) => p.supplier ?? '-' },
        { header: 'Grand Total', sortKey: 'grand_total', cell: (p) => formatNumber(p.grand_total), className: 'text-right tabular-nums' },
        { header: 'Status', cell: (p) => <DocStatus status={p.status} /> },
        rowMenuColumn(menus, (p) => pembelianMenu(p, list.can, search, location.pathname + location.search, list.audit)),
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
