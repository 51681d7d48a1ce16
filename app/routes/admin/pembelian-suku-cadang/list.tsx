import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { backTo, documentMenu, riwayatTo } from '~/lib/document-menu'
import { formatNumber } from '~/lib/format'
import type { Can } from '~/lib/grants'
import { documentListData } from '~/server/list-screen.server'
import { postingAction } from '~/server/posting.server'
import {
  listPembelianSukuCadang,
  pagePembelianSukuCadang,
  postingPembelianSukuCadang,
  unpostPembelianSukuCadang,
} from '~/upstream/suku-cadang.server'
import { documentListPage, type DocumentColumns, type DocumentRow, type LoaderRow } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import type { RowMenuItem } from '~/ui/row-menu'

export const meta: MetaFunction = () => [{ title: 'Pembelian Suku Cadang — Armada' }]

/**
 * Pembelian Suku Cadang (extension 'suku-cadang'): the purchases of parts, newest first, paged and
 * searched by the upstream (code, supplier, total); a row menu per row (posting, unpost, update,
 * faktur, delete, riwayat). Its lines are in stock from Simpan.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return documentListData(request, (up) => listPembelianSukuCadang(up), {
    paged: (up, req) => pagePembelianSukuCadang(up, req),
    searchIn: (p) => [p.kode_pembelian_suku_cadang, p.supplier?.nama_supp ?? ''],
    sortBy: {
      kode_pembelian_suku_cadang: (p) => p.kode_pembelian_suku_cadang,
      nama_supp: (p) => p.supplier?.nama_supp ?? '',
      grand_total: (p) => p.grand_total,
      status: (p) => p.status,
      tanggal: (p) => p.tanggal_awal ?? '',
    },
    row: (p) => ({
      id: p.id,
      kode: p.kode_pembelian_suku_cadang,
      tanggal: p.tanggal_awal,
      supplier: p.supplier?.nama_supp ?? null,
      grand_total: p.grand_total,
      status: p.status,
    }),
  })
}

export const action = ({ request }: ActionFunctionArgs) =>
  postingAction(request, { posting: postingPembelianSukuCadang, unpost: unpostPembelianSukuCadang })

/** The row menu of a purchase of parts (also the inquiry's): Update and Delete are the list's dialogs. */
export function pembelianSukuCadangMenu(
  row: { id: number; status: string | null },
  can: Can,
  search: string,
  here: string,
  audit = false,
): RowMenuItem[] {
  return documentMenu(row, can, {
    show: `/admin/faktur-pembelian-suku-cadang/${row.id}?${backTo(here)}`,
    update: `${row.id}/edit${search}`,
    delete: `${row.id}/hapus${search}`,
    riwayat: riwayatTo(row, search, audit),
  })
}

type Row = DocumentRow & { tanggal: string | null; supplier: string | null; grand_total: number | null }

export const pembelianSukuCadangDocument: DocumentColumns<Row> = {
  code: { header: 'Kode Pembelian', sortKey: 'kode_pembelian_suku_cadang' },
  columns: [
    { header: 'Tanggal', sortKey: 'tanggal', cell: (p) => p.tanggal ?? '-', className: 'whitespace-nowrap' },
    { header: 'Nama Supplier', sortKey: 'nama_supp', cell: (p) => p.supplier ?? '-' },
    { header: 'Grand Total', sortKey: 'grand_total', cell: (p) => formatNumber(p.grand_total), className: 'text-right tabular-nums' },
  ],
  menu: pembelianSukuCadangMenu,
}

export default documentListPage<LoaderRow<typeof loader>>({
  title: 'Pembelian Suku Cadang',
  subtitle: 'Pembelian suku cadang: masuk stok saat disimpan',
  searchPlaceholder: 'Cari kode, supplier atau total...',
  ...pembelianSukuCadangDocument,
})

export const ErrorBoundary = GeneralErrorBoundary
