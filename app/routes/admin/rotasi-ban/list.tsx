import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { screenDocumentMenu } from '~/lib/document-menu'
import { documentListData } from '~/server/list-screen.server'
import { postingAction } from '~/server/posting.server'
import { ROTASI_LIST } from '~/server/rotasi.server'
import { postingRotasi, unpostRotasi } from '~/upstream/rotasi-ban.server'
import { documentListPage, type LoaderRow, noKabinColumn, numberColumn, tanggalColumn } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Rotasi Ban — Armada' }]

/**
 * Rotasi Ban: the rotation documents, 5 a page, search by code or cabin number; the document row
 * menu (Posting, Unpost, Update, Show, Delete) under the pemasangan list's rules.
 */
export const loader = ({ request }: LoaderFunctionArgs) => documentListData(request, ROTASI_LIST.whole, ROTASI_LIST.spec)

/** Posting / Unpost from the row menu: POST /api/rotasi-ban/{id}/posting | /unpost. */
export const action = ({ request }: ActionFunctionArgs) => postingAction(request, { posting: postingRotasi, unpost: unpostRotasi })

/** The row menu of a rotation: Update is its edit screen, Show its read-only page, Delete this list's confirmation. */
const rotasiMenu = screenDocumentMenu('/admin/rotasi-detail', '/admin/rotasi-ban/edit')

export default documentListPage<LoaderRow<typeof loader>>({
  title: 'Rotasi Ban',
  subtitle: 'Daftar dokumen rotasi (pindah posisi) ban pada kendaraan',
  searchPlaceholder: 'Cari kode rotasi atau no kabin...',
  code: { header: 'Kode Rotasi', sortKey: 'kode_rotasi' },
  columns: [
    noKabinColumn(),
    tanggalColumn(),
    numberColumn('Km', (p) => p.km),
    numberColumn('Jumlah Pindah', (p) => p.jumlah_rotasi, 'jumlah_rotasi'),
  ],
  menu: rotasiMenu,
})

export const ErrorBoundary = GeneralErrorBoundary
