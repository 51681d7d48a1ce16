import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { formatDate, formatRupiah } from '~/lib/format'
import { klaimMenu } from '~/lib/klaim'
import { KLAIM_DECISIONS, KLAIM_LIST, klaimRow } from '~/server/klaim.server'
import { documentListData } from '~/server/list-screen.server'
import { postingAction } from '~/server/posting.server'
import { postingKlaim, unpostKlaim } from '~/upstream/klaim-ban.server'
import { documentListPage, type DocumentColumns, type LoaderRow } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { StatusKlaimBadge } from './status-klaim'

export const meta: MetaFunction = () => [{ title: 'Klaim Ban — Armada' }]

/**
 * Klaim Ban: the claims on tyres removed early, 5 a page, searched by claim code, serial, cabin or
 * party; the row menu: Setujui / Tolak while Diajukan, the document menu, Cetak.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  documentListData(request, KLAIM_LIST.whole, { ...KLAIM_LIST.spec, paged: KLAIM_LIST.paged, row: klaimRow })

/** Posting / Unpost / Setujui / Tolak from the row menu, each under its grant. */
export const action = ({ request }: ActionFunctionArgs) =>
  postingAction(request, { posting: postingKlaim, unpost: unpostKlaim, more: KLAIM_DECISIONS })

type Row = LoaderRow<typeof loader>

/** A claim's code, columns and row menu: on this list and on the claim inquiry. */
export const klaimDocument: DocumentColumns<Row> = {
  code: { header: 'Kode Klaim', sortKey: 'kode_klaim' },
  columns: [
    { header: 'Tanggal', sortKey: 'tanggal_awal', cell: (k) => formatDate(k.tanggal) },
    { header: 'No Seri Ban', sortKey: 'no_seri', cell: (k) => k.no_seri ?? '-' },
    { header: 'Pihak', sortKey: 'pihak', cell: (k) => (k.pihak ? `${k.pihak} (${k.jenis})` : '-') },
    { header: 'Nilai Klaim', sortKey: 'nilai_klaim', cell: (k) => formatRupiah(k.nilai_klaim), className: 'text-right tabular-nums' },
    { header: 'Status Klaim', sortKey: 'status_klaim', cell: (k) => <StatusKlaimBadge status={k.status_klaim} /> },
  ],
  menu: (row, can, search, here, audit) => klaimMenu(row, can, search, here, audit),
}

export default documentListPage<Row>({
  title: 'Klaim Ban',
  subtitle: 'Klaim ban yang rusak sebelum target km, kepada supplier (garansi) atau karyawan',
  searchPlaceholder: 'Cari kode klaim, no seri, no kabin atau pihak...',
  ...klaimDocument,
})

export const ErrorBoundary = GeneralErrorBoundary
