import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import type { FilterChoice } from '~/lib/date-filter'
import { formatDate, formatNumber, formatRupiah } from '~/lib/format'
import { perintahKerjaMenu } from '~/lib/perintah-kerja'
import { perintahKerjaScreen } from '~/server/finance-sources.server'
import { perintahKerjaListData } from '~/server/perintah-kerja.server'
import { postingAction } from '~/server/posting.server'
import { useDocumentTable, type DocumentColumns, type LoaderRow } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FinanceScreen, type InquiryList } from '~/ui/finance-screen'

export const meta: MetaFunction = () => [{ title: 'Perintah Kerja — Armada' }]

/**
 * The work orders of a period (the URL's date filter and posting state), one vehicle's with
 * ?kendaraan_id= (the vehicle's detail), searched by code, No Pol or No Kabin; Tambah, the row menu
 * (Posting / Unpost, Update, Show, Riwayat, Delete, Cetak), Posting semua / Unpost semua, CSV and Excel.
 */
export const loader = ({ request }: LoaderFunctionArgs) => perintahKerjaListData(request, perintahKerjaScreen)

/** postingAction checks the intent's grant (posting / unpost) before calling the upstream. */
export const action = ({ request }: ActionFunctionArgs) => postingAction(request, perintahKerjaScreen.posting!)

type Row = LoaderRow<typeof loader>

export const perintahKerjaDocument: DocumentColumns<Row> = {
  code: { header: 'Kode', sortKey: 'kode_perintah_kerja' },
  columns: [
    { header: 'Tanggal', sortKey: 'tanggal_awal', cell: (p) => formatDate(p.tanggal_awal) },
    { header: 'No Kabin', sortKey: 'no_kabin', cell: (p) => p.no_kabin || '-' },
    { header: 'No Pol', sortKey: 'no_pol', cell: (p) => p.no_pol || '-' },
    { header: 'Km', sortKey: 'km', cell: (p) => formatNumber(p.km), className: 'whitespace-nowrap text-right tabular-nums' },
    { header: 'Mekanik', cell: (p) => p.mekanik || '-' },
    {
      header: 'Grand Total',
      sortKey: 'grand_total',
      cell: (p) => formatRupiah(p.grand_total),
      className: 'whitespace-nowrap text-right tabular-nums',
    },
  ],
  menu: (r, can, search, here, audit) => perintahKerjaMenu(r, can, search, here, audit),
}

/** The page of the work orders' list and of its inquiry: a finance screen with the vehicle's choice when the URL names one. */
export function perintahKerjaPage(screen: { title: string; subtitle: string; csvPath: string; addable: boolean }) {
  return function PerintahKerjaPage() {
    const list = useLoaderData<typeof loader>() as unknown as InquiryList<Row> & { choices: FilterChoice[] }
    const table = useDocumentTable(list, perintahKerjaDocument)
    return (
      <FinanceScreen
        title={screen.title}
        subtitle={screen.subtitle}
        searchPlaceholder="Cari kode, no pol atau no kabin..."
        csvPath={screen.csvPath}
        list={list}
        withStatus
        choices={list.choices}
        canAdd={screen.addable && list.can.create}
        {...table}
      />
    )
  }
}

export default perintahKerjaPage({
  title: 'Perintah Kerja',
  subtitle: 'Perintah kerja bengkel per kendaraan: item servis, suku cadang, jasa, posting dan cetak',
  csvPath: '/admin/perintah-kerja/csv',
  addable: true,
})

export const ErrorBoundary = GeneralErrorBoundary
