import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { screenDocumentMenu } from '~/lib/document-menu'
import { documentListData } from '~/server/list-screen.server'
import { PEMERIKSAAN_LIST } from '~/server/pemeriksaan.server'
import { postingAction } from '~/server/posting.server'
import { postingPemeriksaan, unpostPemeriksaan } from '~/upstream/pemeriksaan-ban.server'
import { documentListPage, type LoaderRow, noKabinColumn, numberColumn, tanggalColumn } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Pemeriksaan Ban — Armada' }]

/**
 * Pemeriksaan Ban: the inspection rounds, 5 a page, search by code or cabin number; the document row
 * menu (Posting, Unpost, Update, Show, Riwayat, Cetak, Delete) under the other documents' rules.
 */
export const loader = ({ request }: LoaderFunctionArgs) => documentListData(request, PEMERIKSAAN_LIST.whole, PEMERIKSAAN_LIST.spec)

/** Posting / Unpost from the row menu: POST /api/pemeriksaan-ban/{id}/posting | /unpost. */
export const action = ({ request }: ActionFunctionArgs) =>
  postingAction(request, { posting: postingPemeriksaan, unpost: unpostPemeriksaan })

/** Update is the edit screen, Show the read-only screen, Cetak the round's print page. */
const pemeriksaanMenu = screenDocumentMenu('/admin/pemeriksaan-detail', '/admin/pemeriksaan-ban/edit', '/admin/pemeriksaan-cetak')

export default documentListPage<LoaderRow<typeof loader>>({
  title: 'Pemeriksaan Ban',
  subtitle: 'Daftar pemeriksaan tebal tapak, tekanan dan kondisi ban per kendaraan',
  searchPlaceholder: 'Cari kode pemeriksaan atau no kabin...',
  code: { header: 'Kode Pemeriksaan', sortKey: 'kode_pemeriksaan' },
  columns: [
    noKabinColumn(),
    tanggalColumn(),
    numberColumn('Km', (p) => p.km, 'km'),
    numberColumn('Jumlah Ban', (p) => p.jumlah_ban, 'jumlah_ban'),
  ],
  menu: pemeriksaanMenu,
})

export const ErrorBoundary = GeneralErrorBoundary
