import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { inquiryListData } from '~/server/finance.server'
import { inqueryKlaim } from '~/server/finance-sources.server'
import { KLAIM_DECISIONS, klaimRow } from '~/server/klaim.server'
import { postingAction } from '~/server/posting.server'
import { klaimDocument } from '~/routes/admin/klaim-ban/list'
import type { LoaderRow } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { inquiryPage } from '~/ui/finance-screen'

export const meta: MetaFunction = () => [{ title: 'Inquery Klaim Ban — Armada' }]

/**
 * Inquery Klaim Ban: the claims of a period (the URL's date filter and posting state), searched by
 * claim code, serial, cabin or party, with the claim's row menu, Posting semua / Unpost semua and the
 * CSV. Update and Delete are the claim list's dialogs; Cetak its Surat Klaim Ban.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return inquiryListData(request, inqueryKlaim, klaimRow)
}

/** postingAction checks the intent's grant (posting / unpost, Setujui / Tolak: update) before calling the upstream. */
export const action = ({ request }: ActionFunctionArgs) => postingAction(request, { ...inqueryKlaim.posting!, more: KLAIM_DECISIONS })

export default inquiryPage<LoaderRow<typeof loader>>({
  title: 'Inquery Klaim Ban',
  subtitle: 'Klaim ban per periode: posting, unpost, surat klaim dan CSV',
  searchPlaceholder: 'Cari kode klaim, no seri, no kabin atau pihak...',
  csvPath: '/admin/inquery-klaim-ban/csv',
  ...klaimDocument,
})

export const ErrorBoundary = GeneralErrorBoundary
