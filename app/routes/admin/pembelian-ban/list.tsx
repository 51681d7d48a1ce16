import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { backTo, documentMenu, riwayatTo } from '~/lib/document-menu'
import { formatNumber } from '~/lib/format'
import type { Can } from '~/lib/grants'
import { documentListData } from '~/server/list-screen.server'
import { postingAction } from '~/server/posting.server'
import { listPembelian, listPembelianPage, postingPembelian, unpostPembelian } from '~/upstream/pembelian-ban.server'
import { documentListPage, type DocumentColumns, type DocumentRow, type LoaderRow } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import type { RowMenuItem } from '~/ui/row-menu'

export const meta: MetaFunction = () => [{ title: 'Pembelian Ban — Armada' }]

/**
 * Pembelian Ban: search by purchase code; a row menu per row (posting, unpost, update,
 * show, delete). One page asked of the upstream when it pages lists (the same keys sort there).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return documentListData(request, listPembelian, {
    paged: listPembelianPage,
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
}

/** Posting / Unpost from the row menu (the upstream's inquery-pembelian calls). */
export const action = ({ request }: ActionFunctionArgs) => postingAction(request, { posting: postingPembelian, unpost: unpostPembelian })

/** The row menu of a purchase (also the purchase inquiry's): Update and Delete are this list's dialogs. */
export function pembelianMenu(
  row: { id: number; status: string | null },
  can: Can,
  search: string,
  here: string,
  audit = false,
): RowMenuItem[] {
  return documentMenu(row, can, {
    show: `/admin/pembelian-detail/${row.id}?${backTo(here)}`,
    update: `${row.id}/edit${search}`,
    delete: `${row.id}/hapus${search}`,
    riwayat: riwayatTo(row, search, audit),
  })
}

/** A purchase as its list and the purchase inquiry show it (their loaders' rows). */
type PembelianRow = DocumentRow & { supplier: string | null; grand_total: number | null }

/** A purchase's code, columns and row menu: on this list and on the purchase inquiry. */
export const pembelianDocument: DocumentColumns<PembelianRow> = {
  code: { header: 'Kode Pembelian Ban', sortKey: 'kode_pembelian_ban' },
  columns: [
    { header: 'Nama Supplier', sortKey: 'nama_supp', cell: (p) => p.supplier ?? '-' },
    { header: 'Grand Total', sortKey: 'grand_total', cell: (p) => formatNumber(p.grand_total), className: 'text-right tabular-nums' },
  ],
  menu: pembelianMenu,
}

export default documentListPage<LoaderRow<typeof loader>>({
  title: 'Pembelian Ban',
  subtitle: 'Daftar pembelian ban yang tersedia di sistem',
  searchPlaceholder: 'Cari pembelian ban...',
  ...pembelianDocument,
})

export const ErrorBoundary = GeneralErrorBoundary
