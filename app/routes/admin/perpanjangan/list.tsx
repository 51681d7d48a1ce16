import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { formatDate, formatRupiah } from '~/lib/format'
import { perpanjanganMenu } from '~/lib/perpanjangan'
import { inquiryListData } from '~/server/finance.server'
import { perpanjanganScreen } from '~/server/finance-sources.server'
import { postingAction } from '~/server/posting.server'
import type { Perpanjangan } from '~/upstream/perpanjangan.server'
import type { DocumentColumns, LoaderRow } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { inquiryPage } from '~/ui/finance-screen'

export const meta: MetaFunction = () => [{ title: 'Perpanjangan STNK & KIR — Armada' }]

/** A renewal as the list shows it. */
const row = (p: Perpanjangan) => ({
  id: p.id,
  kode: p.kode_perpanjangan,
  status: p.status,
  tanggal_bayar: p.tanggal_bayar,
  no_kabin: p.kendaraan?.no_kabin ?? null,
  no_pol: p.kendaraan?.no_pol ?? null,
  jenis_dokumen: p.jenis_dokumen,
  expired_lama: p.expired_lama,
  expired_baru: p.expired_baru,
  biaya: p.biaya,
})

/**
 * Perpanjangan STNK & KIR: the renewals of a payment period (the URL's date filter and posting
 * state), searched by code, cabin, number plate or document; Tambah, the row menu (Posting / Unpost,
 * Update, Show, Riwayat, Delete, Cetak), Posting semua / Unpost semua and the CSV.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return inquiryListData(request, perpanjanganScreen, row)
}

/** postingAction checks the intent's grant (posting / unpost) before calling the upstream. */
export const action = ({ request }: ActionFunctionArgs) => postingAction(request, { ...perpanjanganScreen.posting! })

type Row = LoaderRow<typeof loader>

const perpanjanganDocument: DocumentColumns<Row> = {
  code: { header: 'Kode', sortKey: 'kode_perpanjangan' },
  columns: [
    { header: 'Tanggal Bayar', sortKey: 'tanggal_bayar', cell: (p) => formatDate(p.tanggal_bayar) },
    { header: 'No Kabin', sortKey: 'no_kabin', cell: (p) => p.no_kabin || '-' },
    { header: 'Dokumen', sortKey: 'jenis_dokumen', cell: (p) => p.jenis_dokumen },
    { header: 'Expired Baru', sortKey: 'expired_baru', cell: (p) => formatDate(p.expired_baru) },
    { header: 'Biaya', sortKey: 'biaya', cell: (p) => formatRupiah(p.biaya), className: 'whitespace-nowrap text-right tabular-nums' },
  ],
  menu: (r, can, search, here, audit) => perpanjanganMenu(r, can, search, here, audit),
}

export default inquiryPage<Row>({
  title: 'Perpanjangan STNK & KIR',
  subtitle: 'Perpanjangan STNK dan KIR kendaraan: biaya, tanggal expired baru, posting dan bukti',
  searchPlaceholder: 'Cari kode, no kabin, no pol atau dokumen...',
  csvPath: '/admin/perpanjangan-stnk/csv',
  addable: true,
  ...perpanjanganDocument,
})

export const ErrorBoundary = GeneralErrorBoundary
