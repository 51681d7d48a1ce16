import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { inquiryListData } from '~/server/finance.server'
import { inqueryPembelian } from '~/server/finance-sources.server'
import { postingAction } from '~/server/posting.server'
import { pembelianDocument } from '~/routes/admin/pembelian-ban/list'
import type { LoaderRow } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { inquiryPage } from '~/ui/finance-screen'

export const meta: MetaFunction = () => [{ title: 'Inquery Pembelian Ban — Armada' }]

/**
 * Inquery Pembelian Ban: the purchases of a period (?tanggal_awal,
 * ?tanggal_akhir, ?status in the URL), searched and sorted, with the row menu and the bulk actions.
 * Update and Delete are the purchase screen's dialogs mounted under this list (app/routes.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return inquiryListData(request, inqueryPembelian, (p) => ({
    id: p.id,
    kode: p.kode_pembelian_ban,
    supplier: p.supplier?.nama_supp ?? null,
    grand_total: p.grand_total,
    status: p.status,
  }))
}

/**
 * Posting / Unpost from the row menu: back to the same filter, page and sort. postingAction checks the
 * intent's grant (posting / unpost) before calling the upstream.
 */
export const action = ({ request }: ActionFunctionArgs) => postingAction(request, inqueryPembelian.posting!)

export default inquiryPage<LoaderRow<typeof loader>>({
  title: 'Inquery Pembelian Ban',
  subtitle: 'Pembelian ban per periode: posting, unpost dan faktur',
  searchPlaceholder: 'Cari kode pembelian, supplier atau total...',
  csvPath: '/admin/inquery-pembelian-ban/csv',
  ...pembelianDocument,
})

export const ErrorBoundary = GeneralErrorBoundary
