import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { screenDocumentMenu } from '~/lib/document-menu'
import { PELEPASAN_LIST } from '~/server/pemasangan-pelepasan-lists.server'
import { documentListData } from '~/server/list-screen.server'
import { postingAction } from '~/server/posting.server'
import { postingPelepasan, unpostPelepasan } from '~/upstream/pelepasan-ban.server'
import { documentListPage, type LoaderRow, noKabinColumn, numberColumn, tanggalColumn } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Pelepasan Ban — Armada' }]

/**
 * Pelepasan Ban: the pelepasan documents, 5 a page, search by code or cabin number; the
 * document row menu (Posting, Unpost, Update, Show, Delete) under the pemasangan list's rules. One page
 * asked of the upstream when it pages lists (the same search and sort keys there).
 */
export const loader = ({ request }: LoaderFunctionArgs) => documentListData(request, PELEPASAN_LIST.whole, PELEPASAN_LIST.spec)

/** Posting / Unpost from the row menu: POST /api/pelepasan-ban/{id}/posting | /unpost. */
export const action = ({ request }: ActionFunctionArgs) => postingAction(request, { posting: postingPelepasan, unpost: unpostPelepasan })

/** The row menu of a pelepasan: Update is the pelepasan edit screen, Show the print page, Delete this list's confirmation. */
const pelepasanMenu = screenDocumentMenu('/admin/pelepasan-detail', '/admin/pelepasan-ban/edit')

export default documentListPage<LoaderRow<typeof loader>>({
  title: 'Pelepasan Ban',
  subtitle: 'Daftar dokumen pelepasan ban dari kendaraan',
  searchPlaceholder: 'Cari kode pelepasan atau no kabin...',
  code: { header: 'Kode Pelepasan', sortKey: 'kode_pelepasan' },
  columns: [noKabinColumn(), tanggalColumn(), numberColumn('Jumlah Ban', (p) => p.jumlah_ban, 'jumlah_ban')],
  menu: pelepasanMenu,
})

export const ErrorBoundary = GeneralErrorBoundary
