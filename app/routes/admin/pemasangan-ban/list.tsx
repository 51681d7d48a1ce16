import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation, type MetaFunction } from '@remix-run/react'
import { backTo, documentMenu, riwayatTo } from '~/lib/document-menu'
import { hasFeature } from '~/lib/features.server'
import type { Can } from '~/lib/grants'
import { listSearch } from '~/lib/list-query'
import { listScreenPage } from '~/lib/list-screen.server'
import { postingAction } from '~/lib/posting.server'
import { listPemasangan, postingPemasangan, unpostPemasangan } from '~/upstream/pemasangan-ban.server'
import { DocStatus } from '~/ui/doc-status'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'
import { rowMenuColumn, useRowMenus, type RowMenuItem } from '~/ui/row-menu'

export const meta: MetaFunction = () => [{ title: 'Pemasangan Ban — Armada' }]

/** Pemasangan Ban (spec 001 §2, issue 9.1): search by fitting code or cabin number; a row menu per row. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { page, status, auth } = await listScreenPage(request, listPemasangan, {
    searchIn: (p) => [p.kode_pemasangan, p.kendaraan?.no_kabin ?? ''],
    sortBy: {
      id: (p) => p.id,
      kode_pemasangan: (p) => p.kode_pemasangan,
      no_kabin: (p) => p.kendaraan?.no_kabin ?? '',
      jenis_kendaraan: (p) => p.kendaraan?.jenis_kendaraan?.nama_jenis_kendaraan ?? '',
      status: (p) => p.status,
    },
    row: (p) => ({
      id: p.id,
      kode: p.kode_pemasangan,
      no_kabin: p.kendaraan?.no_kabin ?? null,
      jenis: p.kendaraan?.jenis_kendaraan?.nama_jenis_kendaraan ?? null,
      status: p.status,
    }),
  })
  // The row menu's Riwayat, when the upstream keeps an audit trail (issue 20.3).
  return data({ ...page, audit: await hasFeature(auth.upstream, 'audit') }, { status })
}

/** Posting / Unpost from the row menu (spec 001 §7: the fitting list's inquery-pemasangan-ban spelling). */
export const action = ({ request }: ActionFunctionArgs) => postingAction(request, { posting: postingPemasangan, unpost: unpostPemasangan })

/**
 * The row menu of a fitting (also the fitting inquiry's): Update is the fitting edit screen, Show the
 * fitting invoice, Delete this list's (or the inquiry's) confirmation.
 */
export function pemasanganMenu(
  row: { id: number; status: string | null },
  can: Can,
  search: string,
  here: string,
  audit: boolean,
): RowMenuItem[] {
  return documentMenu(row, can, {
    show: `/admin/pemasangan-detail/${row.id}?${backTo(here)}`,
    update: `/admin/inquery-pemasangan-ban/edit/${row.id}?${backTo(here)}`,
    delete: `${row.id}/hapus${search}`,
    riwayat: riwayatTo(row, search, audit),
  })
}

export default function PemasanganList() {
  const list = useLoaderData<typeof loader>()
  const location = useLocation()
  const search = listSearch(list.query)
  const menus = useRowMenus()
  return (
    <ListScreen
      title="Pemasangan Ban"
      subtitle="Daftar pemasangan ban yang tersedia di sistem"
      searchPlaceholder="Cari kode pemasangan atau no kabin..."
      addLabel="Tambah"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(p) => p.id}
      rowProps={(p) => menus.rowProps(p.id)}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_p, i) => i + 1, className: 'w-14' },
        { header: 'Kode Pemasangan Ban', sortKey: 'kode_pemasangan', cell: (p) => p.kode || '-' },
        { header: 'No Kabin', sortKey: 'no_kabin', cell: (p) => p.no_kabin ?? '-' },
        { header: 'Jenis Kendaraan', sortKey: 'jenis_kendaraan', cell: (p) => p.jenis ?? '-' },
        { header: 'Status', sortKey: 'status', cell: (p) => <DocStatus status={p.status} /> },
        rowMenuColumn(menus, (p) => pemasanganMenu(p, list.can, search, location.pathname + location.search, list.audit)),
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
