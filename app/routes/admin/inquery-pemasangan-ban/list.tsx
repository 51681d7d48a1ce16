import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { inquiryListData } from '~/server/finance.server'
import { inqueryPemasangan } from '~/server/finance-sources.server'
import { postingAction } from '~/server/posting.server'
import { pemasanganDocument } from '~/routes/admin/pemasangan-ban/list'
import type { LoaderRow } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { inquiryPage } from '~/ui/finance-screen'

export const meta: MetaFunction = () => [{ title: 'Inquery Pemasangan Ban — Armada' }]

/**
 * Inquery Pemasangan Ban: the pemasangan of a period, searched by
 * kode_pemasangan, with the row menu (the inquiry's own posting calls) and the bulk
 * actions. Update is the pemasangan edit screen; Show the pemasangan invoice.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return inquiryListData(request, inqueryPemasangan, (p) => ({
    id: p.id,
    kode: p.kode_pemasangan,
    no_kabin: p.kendaraan?.no_kabin ?? null,
    jenis: p.kendaraan?.jenis_kendaraan?.nama_jenis_kendaraan ?? null,
    status: p.status,
  }))
}

/** postingAction checks the intent's grant (posting / unpost) before calling the upstream. */
export const action = ({ request }: ActionFunctionArgs) => postingAction(request, inqueryPemasangan.posting!)

export default inquiryPage<LoaderRow<typeof loader>>({
  title: 'Inquery Pemasangan Ban',
  subtitle: 'Pemasangan ban per periode: posting, unpost dan faktur',
  searchPlaceholder: 'Cari kode pemasangan...',
  csvPath: '/admin/inquery-pemasangan-ban/csv',
  ...pemasanganDocument,
})

export const ErrorBoundary = GeneralErrorBoundary
