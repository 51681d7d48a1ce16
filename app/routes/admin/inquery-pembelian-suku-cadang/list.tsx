import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { inquiryListData } from '~/server/finance.server'
import { inqueryPembelianSukuCadang } from '~/server/finance-sources.server'
import { postingAction } from '~/server/posting.server'
import { pembelianSukuCadangDocument } from '~/routes/admin/pembelian-suku-cadang/list'
import type { LoaderRow } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { inquiryPage } from '~/ui/finance-screen'

export const meta: MetaFunction = () => [{ title: 'Inquery Pembelian Suku Cadang — Armada' }]

/**
 * Inquery Pembelian Suku Cadang: the parts' purchases of a period (?tanggal_awal, ?tanggal_akhir,
 * ?status in the URL), searched and sorted by the upstream, with the row menu, Posting semua / Unpost
 * semua and the downloads. Update and Delete are the purchase screen's dialogs mounted under it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return inquiryListData(request, inqueryPembelianSukuCadang, (p) => ({
    id: p.id,
    kode: p.kode_pembelian_suku_cadang,
    tanggal: p.tanggal_awal,
    supplier: p.supplier?.nama_supp ?? null,
    grand_total: p.grand_total,
    status: p.status,
  }))
}

export const action = ({ request }: ActionFunctionArgs) => postingAction(request, inqueryPembelianSukuCadang.posting!)

export default inquiryPage<LoaderRow<typeof loader>>({
  title: 'Inquery Pembelian Suku Cadang',
  subtitle: 'Pembelian suku cadang per periode: posting, unpost dan faktur',
  searchPlaceholder: 'Cari kode pembelian, supplier atau total...',
  csvPath: '/admin/inquery-pembelian-suku-cadang/csv',
  ...pembelianSukuCadangDocument,
})

export const ErrorBoundary = GeneralErrorBoundary
