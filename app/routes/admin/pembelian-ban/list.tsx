import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation, type MetaFunction } from '@remix-run/react'
import { formatNumber } from '~/lib/format'
import { requireScreen } from '~/lib/grants.server'
import { applyListQuery, listSearch, parseListQuery } from '~/lib/list-query'
import { postingAction } from '~/lib/posting.server'
import { loadList } from '~/lib/route-errors.server'
import { listPembelian, postingPembelian, unpostPembelian } from '~/upstream/pembelian-ban.server'
import { DocStatus } from '~/ui/doc-status'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'
import { RowMenu, useRowMenus, type RowMenuItem } from '~/ui/row-menu'

export const meta: MetaFunction = () => [{ title: 'Pembelian Ban — Armada' }]

const SORTABLE = ['id', 'kode_pembelian_ban', 'nama_supp', 'grand_total', 'status'] as const

/** Pembelian Ban (spec 001 §2): search by purchase code; a row menu per row (posting, unpost, update, show, delete). */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireScreen(request)
  const { all, loadError, status } = await loadList(() => listPembelian(auth.upstream))
  const list = applyListQuery(all, parseListQuery(new URL(request.url).searchParams, SORTABLE), {
    searchIn: (p) => [p.kode_pembelian_ban],
    sortBy: {
      id: (p) => p.id,
      kode_pembelian_ban: (p) => p.kode_pembelian_ban,
      nama_supp: (p) => p.supplier?.nama_supp ?? '',
      grand_total: (p) => p.grand_total ?? 0,
      status: (p) => p.status,
    },
  })
  const rows = list.rows.map((p) => ({
    id: p.id,
    kode: p.kode_pembelian_ban,
    supplier: p.supplier?.nama_supp ?? null,
    grand_total: p.grand_total,
    status: p.status,
  }))
  return data({ ...list, rows, loadError, can: auth.can }, { status })
}

/** Posting / Unpost from the row menu (spec 001 §7 inquery-pembelian calls). */
export const action = ({ request }: ActionFunctionArgs) => postingAction(request, { posting: postingPembelian, unpost: unpostPembelian })

type Can = Record<'posting' | 'unpost' | 'update' | 'show' | 'delete', boolean>

/** The row menu of a purchase: unposted Posting, Update, Show, Delete; posted Unpost, Show (spec 001 §4). */
export function pembelianMenu(row: { id: number; status: string | null }, can: Can, search: string, here: string): RowMenuItem[] {
  const show: RowMenuItem = { kind: 'link', label: 'Show', to: `/admin/pembelian-detail/${row.id}?${new URLSearchParams({ back: here })}` }
  if (row.status === 'posting') {
    return [...(can.unpost ? [{ kind: 'post', label: 'Unpost', intent: 'unpost', id: row.id } as const] : []), ...(can.show ? [show] : [])]
  }
  return [
    ...(can.posting ? [{ kind: 'post', label: 'Posting', intent: 'posting', id: row.id } as const] : []),
    ...(can.update ? [{ kind: 'link', label: 'Update', to: `${row.id}/edit${search}` } as const] : []),
    ...(can.show ? [show] : []),
    ...(can.delete ? [{ kind: 'link', label: 'Delete', to: `${row.id}/hapus${search}`, tone: 'danger' } as const] : []),
  ]
}

export default function PembelianList() {
  const list = useLoaderData<typeof loader>()
  const location = useLocation()
  const search = listSearch(list.query)
  const menus = useRowMenus()
  return (
    <ListScreen
      title="Pembelian Ban"
      subtitle="Daftar pembelian ban yang tersedia di sistem"
      searchPlaceholder="Cari pembelian ban..."
      addLabel="Tambah"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(p) => p.id}
      rowProps={(p) => menus.rowProps(p.id)}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_p, i) => i + 1, className: 'w-14' },
        { header: 'Kode Pembelian Ban', sortKey: 'kode_pembelian_ban', cell: (p) => p.kode || '-' },
        { header: 'Nama Supplier', sortKey: 'nama_supp', cell: (p) => p.supplier ?? '-' },
        { header: 'Grand Total', sortKey: 'grand_total', cell: (p) => formatNumber(p.grand_total), className: 'text-right tabular-nums' },
        { header: 'Status', sortKey: 'status', cell: (p) => <DocStatus status={p.status} /> },
        {
          header: 'Opsi',
          cell: (p) => {
            const items = pembelianMenu(p, list.can, search, location.pathname + location.search)
            return items.length ? <RowMenu items={items} label="Aksi" {...menus.menuProps(p.id)} /> : null
          },
        },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
