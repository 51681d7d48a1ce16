import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation, type MetaFunction } from '@remix-run/react'
import { backTo, documentMenu } from '~/lib/document-menu'
import { requireFeature } from '~/lib/features.server'
import { formatDate, formatNumber } from '~/lib/format'
import { requireScreen } from '~/lib/grants.server'
import { listSearch } from '~/lib/list-query'
import { listScreenData } from '~/lib/list-screen.server'
import { postingAction } from '~/lib/posting.server'
import { listPelepasan, postingPelepasan, unpostPelepasan } from '~/upstream/pelepasan-ban.server'
import { DocStatus } from '~/ui/doc-status'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'
import { rowMenuColumn, useRowMenus } from '~/ui/row-menu'

export const meta: MetaFunction = () => [{ title: 'Pelepasan Ban — Armada' }]

/**
 * Pelepasan Ban (issue 19): the removal documents, 5 a page, search by code or cabin number; the
 * document row menu (Posting, Unpost, Update, Show, Delete) under the fitting list's rules.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireScreen(request)
  await requireFeature(auth.upstream, 'ban-lifecycle')
  return listScreenData(request, listPelepasan, {
    searchIn: (p) => [p.kode_pelepasan, p.kendaraan?.no_kabin ?? ''],
    sortBy: {
      id: (p) => p.id,
      kode_pelepasan: (p) => p.kode_pelepasan,
      no_kabin: (p) => p.kendaraan?.no_kabin ?? '',
      tanggal_awal: (p) => p.tanggal_awal ?? '',
      jumlah_ban: (p) => p.jumlah_ban ?? 0,
      status: (p) => p.status,
    },
    row: (p) => ({
      id: p.id,
      kode: p.kode_pelepasan,
      no_kabin: p.kendaraan?.no_kabin ?? null,
      tanggal: p.tanggal_awal,
      jumlah_ban: p.jumlah_ban,
      status: p.status,
    }),
  })
}

/** Posting / Unpost from the row menu: POST /api/pelepasan-ban/{id}/posting | /unpost. */
export const action = ({ request }: ActionFunctionArgs) =>
  postingAction(request, { posting: postingPelepasan, unpost: unpostPelepasan, extension: 'ban-lifecycle' })

export default function PelepasanList() {
  const list = useLoaderData<typeof loader>()
  const location = useLocation()
  const search = listSearch(list.query)
  const menus = useRowMenus()
  const here = location.pathname + location.search
  return (
    <ListScreen
      title="Pelepasan Ban"
      subtitle="Daftar dokumen pelepasan ban dari kendaraan"
      searchPlaceholder="Cari kode pelepasan atau no kabin..."
      addLabel="Tambah"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(p) => p.id}
      rowProps={(p) => menus.rowProps(p.id)}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_p, i) => i + 1, className: 'w-14' },
        { header: 'Kode Pelepasan', sortKey: 'kode_pelepasan', cell: (p) => p.kode || '-' },
        { header: 'No Kabin', sortKey: 'no_kabin', cell: (p) => p.no_kabin ?? '-' },
        { header: 'Tanggal', sortKey: 'tanggal_awal', cell: (p) => formatDate(p.tanggal) },
        { header: 'Jumlah Ban', sortKey: 'jumlah_ban', cell: (p) => formatNumber(p.jumlah_ban), className: 'text-right tabular-nums' },
        { header: 'Status', sortKey: 'status', cell: (p) => <DocStatus status={p.status} /> },
        rowMenuColumn(menus, (p) =>
          documentMenu(p, list.can, {
            show: `/admin/pelepasan-detail/${p.id}?${backTo(here)}`,
            update: `/admin/pelepasan-ban/edit/${p.id}?${backTo(here)}`,
            delete: `${p.id}/hapus${search}`,
          }),
        ),
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
