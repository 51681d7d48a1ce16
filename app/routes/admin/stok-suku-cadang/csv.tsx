import type { LoaderFunctionArgs } from '@remix-run/node'
import { listDownload } from '~/server/download.server'
import {
  STOK_SUKU_CADANG_PATH,
  stokDescription,
  stokDownload,
  stokPages,
  stokRequest,
  upstreamStokFilter,
} from '~/server/suku-cadang.server'
import { todayInCompany } from '~/lib/date-filter'
import { isThrownPage } from '~/server/route-errors.server'
import { userMessage } from '~/upstream/errors'

/** Stok Suku Cadang's 'Unduh CSV' and 'Unduh Excel' (?format=xlsx): every row of its filter and search, in the list's order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const download = listDownload(request, context, STOK_SUKU_CADANG_PATH)
  const { auth, query, filter } = await stokRequest(request, 'print')
  const today = todayInCompany()
  const head = { title: 'Stok Suku Cadang', filters: ['Per tanggal: ' + today, ...stokDescription(filter, query.q)] }
  let pages
  try {
    pages = await stokPages(auth.upstream, query.q, query.sort, query.dir, upstreamStokFilter(filter))
  } catch (error) {
    if (isThrownPage(error)) throw error
    return download.failed(userMessage(error))
  }
  return download.respond(download.fileName(stokDownload.name, today, today), head, stokDownload, pages)
}
