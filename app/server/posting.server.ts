import { randomUUID } from 'node:crypto'
import { data } from '@remix-run/node'
import { redirectWithToast } from '~/session.server'
import type { Upstream } from '~/upstream/client.server'
import { UpstreamHttpError, userMessage } from '~/upstream/errors'
import type { Extension } from '~/upstream/features.server'
import { requireFeature } from './features.server'
import { readForm } from './form.server'
import { requireScreen } from './grants.server'

/**
 * The action of a list with row menus (purchases, pemasangan, both inquiries): Posting and Unpost are
 * POST forms with `intent` and the row `id` (app/ui/row-menu.tsx). Checks the grant of that intent,
 * calls the upstream, and goes back to the same list URL (filter, page, sort) with a banner; a
 * refusal shows the upstream's message in red (the original screen only logged it).
 */
export async function postingAction(
  request: Request,
  calls: {
    posting: (up: Upstream, id: number) => Promise<unknown>
    unpost: (up: Upstream, id: number) => Promise<unknown>
    /** A list built on an extension of the spec: without it, the 'Fitur tidak tersedia' page. */
    extension?: Extension
  },
) {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  const back = url.pathname + url.search
  const fail = (message: string) => redirectWithToast(request, back, { kind: 'error', title: 'Gagal', message, ms: 0, id: randomUUID() })
  const read = await readForm(request)
  // A body that is not a form: the list's error page with the reason (400/415), as every form route.
  if (!read.ok) throw data({ message: read.message }, { status: read.status })
  const intent = String(read.formData.get('intent') ?? '')
  const idText = String(read.formData.get('id') ?? '')
  if (intent !== 'posting' && intent !== 'unpost') return fail('Aksi tidak dikenal.')
  const auth = await requireScreen(request, intent)
  if (calls.extension) await requireFeature(auth.upstream, calls.extension)
  if (!/^\d{1,12}$/.test(idText) || Number(idText) < 1) return fail('Data tidak ditemukan.')
  try {
    await calls[intent](auth.upstream, Number(idText))
  } catch (error) {
    if (error instanceof Response) throw error
    const reason = error instanceof UpstreamHttpError ? error.serverMessage : userMessage(error)
    return fail(`${intent === 'posting' ? 'Gagal posting' : 'Gagal unpost'}${reason ? `: ${reason}` : '.'}`)
  }
  return redirectWithToast(request, back, {
    kind: 'success',
    message: intent === 'posting' ? 'Dokumen berhasil diposting.' : 'Dokumen berhasil di-unpost.',
    ms: 3000,
    id: randomUUID(),
  })
}
