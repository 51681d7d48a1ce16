import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation, type MetaFunction } from '@remix-run/react'
import { financeListData, financeRows } from '~/lib/finance.server'
import { inqueryPemasangan } from '~/lib/finance-sources.server'
import type { Can } from '~/lib/grants'
import { listSearch } from '~/lib/list-query'
import { postingAction } from '~/lib/posting.server'
import { DateFilterForm } from '~/ui/date-filter'
import { DocStatus } from '~/ui/doc-status'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FinanceActions, SearchIgnored } from '~/ui/finance-actions'
import { ListScreen } from '~/ui/list-screen'
import { RowMenu, useRowMenus, type RowMenuItem } from '~/ui/row-menu'

export const meta: MetaFunction = () => [{ title: 'Inquery Pemasangan Ban — Armada' }]

/**
 * Inquery Pemasangan Ban (spec 001 §2, issue 10.3): the fittings of a period, searched by
 * kode_pemasangan, with the row menu (the inquiry's own posting calls, spec 001 §7) and the bulk
 * actions. Update is the fitting edit screen; Show the fitting invoice.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const rows = await financeRows(request, inqueryPemasangan)
  return data(
    financeListData(rows, (p) => ({
      id: p.id,
      kode: p.kode_pemasangan,
      no_kabin: p.kendaraan?.no_kabin ?? null,
      jenis: p.kendaraan?.jenis_kendaraan?.nama_jenis_kendaraan ?? null,
      status: p.status,
    })),
    { status: rows.status },
  )
}

export const action = ({ request }: ActionFunctionArgs) => postingAction(request, inqueryPemasangan.posting!)

/** Posted: Unpost, Show; unposted: Posting, Update, Show, Delete (spec 001 §2). */
function menu(row: { id: number; status: string | null }, can: Can, search: string, here: string): RowMenuItem[] {
  const back = new URLSearchParams({ back: here })
  const show: RowMenuItem = { kind: 'link', label: 'Show', to: `/admin/pemasangan-detail/${row.id}?${back}` }
  if (row.status === 'posting') {
    return [...(can.unpost ? [{ kind: 'post', label: 'Unpost', intent: 'unpost', id: row.id } as const] : []), ...(can.show ? [show] : [])]
  }
  return [
    ...(can.posting ? [{ kind: 'post', label: 'Posting', intent: 'posting', id: row.id } as const] : []),
    ...(can.update ? [{ kind: 'link', label: 'Update', to: `/admin/inquery-pemasangan-ban/edit/${row.id}?${back}` } as const] : []),
    ...(can.show ? [show] : []),
    ...(can.delete ? [{ kind: 'link', label: 'Delete', to: `${row.id}/hapus${search}`, tone: 'danger' } as const] : []),
  ]
}

export default function InqueryPemasangan() {
  const list = useLoaderData<typeof loader>()
  const location = useLocation()
  const search = listSearch(list.query)
  const menus = useRowMenus()
  return (
    <ListScreen
      title="Inquery Pemasangan Ban"
      subtitle="Pemasangan ban per periode: posting, unpost dan faktur"
      searchPlaceholder="Cari kode pemasangan..."
      canAdd={false}
      searchable={list.can.search}
      list={list}
      loadError={list.loadError}
      filters={
        <>
          <SearchIgnored shown={list.searchIgnored} />
          {list.can.search ? <DateFilterForm parsed={list.parsed} query={list.query} withStatus /> : null}
        </>
      }
      headerActions={<FinanceActions can={list.can} query={list.query} bulk={list.bulk} csvPath="/admin/inquery-pemasangan-ban/csv" />}
      rowKey={(p) => p.id}
      rowProps={(p) => menus.rowProps(p.id)}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_p, i) => i + 1, className: 'w-14' },
        { header: 'Kode Pemasangan Ban', sortKey: 'kode_pemasangan', cell: (p) => p.kode || '-' },
        { header: 'No Kabin', sortKey: 'no_kabin', cell: (p) => p.no_kabin ?? '-' },
        { header: 'Jenis Kendaraan', sortKey: 'jenis_kendaraan', cell: (p) => p.jenis ?? '-' },
        { header: 'Status', cell: (p) => <DocStatus status={p.status} /> },
        {
          header: 'Opsi',
          cell: (p) => {
            const items = menu(p, list.can, search, location.pathname + location.search)
            return items.length ? <RowMenu items={items} label="Aksi" {...menus.menuProps(p.id)} /> : null
          },
        },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
