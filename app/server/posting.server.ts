import { randomUUID } from 'node:crypto'
import { data } from '@remix-run/node'
import { redirectWithToast } from '~/session.server'
import type { Upstream } from '~/upstream/client.server'
import { UpstreamHttpError, userMessage } from '~/upstream/errors'
import { readForm } from './form.server'
import { requireScreen } from './grants.server'
import type { Permission } from '~/lib/grants'

/** A row-menu action besides Posting / Unpost (a claim's Setujui, Tolak): its grant, its call and its banners. */
export type RowAction = { perm: Permission; call: (up: Upstream, id: number) => Promise<unknown>; done: string; failed: string }

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
    /** Other row-menu actions by intent, each under its own grant. */
    more?: Readonly<Record<string, RowAction>>
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
  const action: RowAction | null =
    intent === 'posting' || intent === 'unpost'
      ? {
          perm: intent,
          call: calls[intent],
          done: intent === 'posting' ? 'Dokumen berhasil diposting.' : 'Dokumen berhasil di-unpost.',
          failed: intent === 'posting' ? 'Gagal posting' : 'Gagal unpost',
        }
      : calls.more && Object.hasOwn(calls.more, intent)
        ? calls.more[intent]!
        : null
  if (!action) return fail('Aksi tidak dikenal.')
  const auth = await requireScreen(request, action.perm)
  if (!/^\d{1,12}$/.test(idText) || Number(idText) < 1) return fail('Data tidak ditemukan.')
  try {
    await action.call(auth.upstream, Number(idText))
  } catch (error) {
    if (error instanceof Response) throw error
    const reason = error instanceof UpstreamHttpError ? error.serverMessage : userMessage(error)
    return fail(`${action.failed}${reason ? `: ${reason}` : '.'}`)
  }
  return redirectWithToast(request, back, {
    kind: 'success',
    message: action.done,
    ms: 3000,
    id: randomUUID(),
  })
}
