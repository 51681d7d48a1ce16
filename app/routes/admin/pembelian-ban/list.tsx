import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation, type MetaFunction } from '@remix-run/react'
import { backTo, documentMenu, riwayatTo } from '~/lib/document-menu'
import { hasFeature } from '~/lib/features.server'
import { formatNumber } from '~/lib/format'
import type { Can } from '~/lib/grants'
import { listSearch } from '~/lib/list-query'
import { listScreenPage } from '~/lib/list-screen.server'
import { postingAction } from '~/lib/posting.server'
import { listPembelian, postingPembelian, unpostPembelian } from '~/upstream/pembelian-ban.server'
import { DocStatus } from '~/ui/doc-status'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'
import { rowMenuColumn, useRowMenus, type RowMenuItem } from '~/ui/row-menu'

export const meta: MetaFunction = () => [{ title: 'Pembelian Ban — Armada' }]

/** Pembelian Ban (spec 001 §2): search by purchase code; a row menu per row (posting, unpost, update, show, delete). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { page, status, auth } = await listScreenPage(request, listPembelian, {
    searchIn: (p) => [p.kode_pembelian_ban],
    sortBy: {
      id: (p) => p.id,
      kode_pembelian_ban: (p) => p.kode_pembelian_ban,
      nama_supp: (p) => p.supplier?.nama_supp ?? '',
      grand_total: (p) => p.grand_total ?? 0,
      status: (p) => p.status,
    },
    row: (p) => ({
      id: p.id,
      kode: p.kode_pembelian_ban,
      supplier: p.supplier?.nama_supp ?? null,
      grand_total: p.grand_total,
      status: p.status,
    }),
  })
  // The row menu's Riwayat, when the upstream keeps an audit trail (issue 20.3).
  return data({ ...page, audit: await hasFeature(auth.upstream, 'audit') }, { status })
}

/** Posting / Unpost from the row menu (spec 001 §7 inquery-pembelian calls). */
export const action = ({ request }: ActionFunctionArgs) => postingAction(request, { posting: postingPembelian, unpost: unpostPembelian })

/** The row menu of a purchase (also the purchase inquiry's): Update and Delete are this list's dialogs. */
export function pembelianMenu(
  row: { id: number; status: string | null },
  can: Can,
  search: string,
  here: string,
  audit: boolean,
): RowMenuItem[] {
  return documentMenu(row, can, {
    show: `/admin/pembelian-detail/${row.id}?${backTo(here)}`,
    update: `${row.id}/edit${search}`,
    delete: `${row.id}/hapus${search}`,
    riwayat: riwayatTo(row, search, audit),
  })
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
        rowMenuColumn(menus, (p) => pembelianMenu(p, list.can, search, location.pathname + location.search, list.audit)),
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
