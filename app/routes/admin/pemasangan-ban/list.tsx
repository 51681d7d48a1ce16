import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { screenDocumentMenu } from '~/lib/document-menu'
import { PEMASANGAN_LIST } from '~/server/pemasangan.server'
import { documentListData } from '~/server/list-screen.server'
import { postingAction } from '~/server/posting.server'
import { postingPemasangan, unpostPemasangan } from '~/upstream/pemasangan-ban.server'
import { documentListPage, type DocumentColumns, type DocumentRow, type LoaderRow, noKabinColumn } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Pemasangan Ban — Armada' }]

/**
 * Pemasangan Ban: the pemasangan, searched by pemasangan code or cabin number; a row menu per row.
 * One page asked of the upstream when it pages lists (the same search and sort keys there).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return documentListData(request, PEMASANGAN_LIST.whole, PEMASANGAN_LIST.spec)
}

/** Posting / Unpost from the row menu (the pemasangan list's calls are spelled inquery-pemasangan-ban). */
export const action = ({ request }: ActionFunctionArgs) => postingAction(request, { posting: postingPemasangan, unpost: unpostPemasangan })

/**
 * The row menu of a pemasangan (also the pemasangan inquiry's): Update is the pemasangan edit screen, Show the
 * pemasangan invoice, Delete this list's (or the inquiry's) confirmation.
 */
export const pemasanganMenu = screenDocumentMenu('/admin/pemasangan-detail', '/admin/inquery-pemasangan-ban/edit')

/** A pemasangan as its list and the pemasangan inquiry show it (their loaders' rows). */
type PemasanganRow = DocumentRow & { no_kabin: string | null; jenis: string | null }

/** A pemasangan's code, columns and row menu: on this list and on the pemasangan inquiry. */
export const pemasanganDocument: DocumentColumns<PemasanganRow> = {
  code: { header: 'Kode Pemasangan Ban', sortKey: 'kode_pemasangan' },
  columns: [noKabinColumn(), { header: 'Jenis Kendaraan', sortKey: 'jenis_kendaraan', cell: (p) => p.jenis ?? '-' }],
  menu: pemasanganMenu,
}

export default documentListPage<LoaderRow<typeof loader>>({
  title: 'Pemasangan Ban',
  subtitle: 'Daftar pemasangan ban yang tersedia di sistem',
  searchPlaceholder: 'Cari kode pemasangan atau no kabin...',
  ...pemasanganDocument,
})

export const ErrorBoundary = GeneralErrorBoundary
