import type { LoaderFunctionArgs } from '@remix-run/node'
import { attachmentHeaders } from '~/server/attachment.server'
import { imporLists, imporTemplate } from '~/server/impor-template.server'
import { requireImpor } from '~/server/impor.server'
import { loadOrFail } from '~/server/route-errors.server'
import { XLSX_TYPE } from '~/server/xlsx.server'

/** /admin/{jenis}/impor/template: the master's import template (.xlsx) with its choice lists as they are now. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { auth, spec } = await requireImpor(request)
  const lists = await loadOrFail(() => imporLists(auth.upstream, spec))
  const bytes = await imporTemplate(spec, lists)
  return new Response(new Uint8Array(bytes), { headers: attachmentHeaders(spec.fileName, XLSX_TYPE) })
}
