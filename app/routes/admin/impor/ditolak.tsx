import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { IMPOR_GONE, imporRefusedFileName, imporRefusedTable } from '~/lib/impor'
import { idParam } from '~/server/crud.server'
import { downloadClient } from '~/server/download.server'
import { requireImpor } from '~/server/impor.server'
import { failure } from '~/server/route-errors.server'
import { xlsxResponse } from '~/server/xlsx.server'
import { UpstreamHttpError } from '~/upstream/errors'
import { getImporDitolak } from '~/upstream/impor.server'

/**
 * /admin/{jenis}/impor/{id}/ditolak.xlsx ('Unduh baris ditolak'): the batch's refused rows in the
 * template's columns, as the user sent them, with a column of reasons; header in row 1, so the fixed
 * rows upload again as they are.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { auth, spec } = await requireImpor(request)
  const id = idParam(params.id)
  let rows
  try {
    rows = await getImporDitolak(auth.upstream, spec.jenis, id)
  } catch (error) {
    if (error instanceof UpstreamHttpError && error.status === 404) throw data({ message: IMPOR_GONE }, { status: 404 })
    throw failure(error)
  }
  return xlsxResponse(imporRefusedFileName(spec, id), { sheet: 'Data' }, imporRefusedTable(spec), rows, downloadClient(request, context))
}
