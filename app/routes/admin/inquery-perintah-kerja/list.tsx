import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { inqueryPerintahKerja } from '~/server/finance-sources.server'
import { postingAction } from '~/server/posting.server'
import { perintahKerjaListData } from '~/server/perintah-kerja.server'
import { perintahKerjaPage } from '~/routes/admin/perintah-kerja/list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Inquery Perintah Kerja — Armada' }]

/**
 * Inquery Perintah Kerja: the work orders of a period (?tanggal_awal, ?tanggal_akhir, ?status), searched
 * and sorted, with the row menu (Update and Delete are the work order screen's dialogs mounted under
 * this list), Posting semua / Unpost semua, CSV and Excel.
 */
export const loader = ({ request }: LoaderFunctionArgs) => perintahKerjaListData(request, inqueryPerintahKerja)

export const action = ({ request }: ActionFunctionArgs) => postingAction(request, inqueryPerintahKerja.posting!)

export default perintahKerjaPage({
  title: 'Inquery Perintah Kerja',
  subtitle: 'Perintah kerja per periode: posting, unpost, unduh CSV dan Excel',
  csvPath: '/admin/inquery-perintah-kerja/csv',
  addable: false,
})

export const ErrorBoundary = GeneralErrorBoundary
