import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { randomUUID } from 'node:crypto'
import { idParam } from '~/lib/crud.server'
import { fittingMode, loadFittingScreen, refuseIfPosted, screenUrl } from '~/lib/fitting.server'
import { requireScreen } from '~/lib/grants.server'
import { redirectWithToast } from '~/session.server'
import { UpstreamHttpError, userMessage } from '~/upstream/errors'
import { deleteDetailBan } from '~/upstream/pemasangan-ban.server'
import { ConfirmDeleteDialog } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

const permOf = (params: LoaderFunctionArgs['params']) => (params.id === undefined ? 'create' : 'update')
const GAGAL = 'Gagal menghapus detail ban.'

/** The delete confirmation of a fitted tyre (spec 001 §8: 'Anda Yakin?' / 'Data ini akan dihapus secara permanen!'). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, permOf(params))
  const mode = fittingMode(request, params)
  const detailId = idParam(params.detailId)
  const screen = await loadFittingScreen(auth.upstream, mode)
  refuseIfPosted(screen)
  const detail = screen.details.find((d) => d.id === detailId)
  if (!detail) throw data({ message: 'Detail ban tidak ditemukan.' }, { status: 404 })
  return {
    what: [`Posisi ${detail.posisi_ban ?? '-'}`, detail.ban?.no_seri, detail.ban?.kode_ban].filter(Boolean).join(' — '),
    closeTo: screenUrl(request, mode).href,
  }
}

/**
 * DELETE /api/pemasangan-ban/delete-detail-ban/{id}: the tyre goes back to stock. Back to the screen
 * with 'Detail ban berhasil dihapus.', or 'Gagal menghapus detail ban.' with the reason.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, permOf(params))
  const mode = fittingMode(request, params)
  const detailId = idParam(params.detailId)
  const to = screenUrl(request, mode).href
  const fail = (reason: string | null) =>
    redirectWithToast(request, to, {
      kind: 'error',
      title: 'Gagal',
      message: reason ? `${GAGAL} ${reason}` : GAGAL,
      ms: 0,
      id: randomUUID(),
    })
  const screen = await loadFittingScreen(auth.upstream, mode)
  refuseIfPosted(screen)
  if (!screen.details.some((d) => d.id === detailId)) return fail('Detail ban tidak ditemukan.')
  try {
    await deleteDetailBan(auth.upstream, detailId)
  } catch (error) {
    if (error instanceof Response) throw error
    return fail(error instanceof UpstreamHttpError ? (error.serverMessage ?? userMessage(error)) : userMessage(error))
  }
  return redirectWithToast(request, to, { kind: 'success', message: 'Detail ban berhasil dihapus.', ms: 3000, id: randomUUID() })
}

export default function HapusDetailBan() {
  const { what, closeTo } = useLoaderData<typeof loader>()
  return <ConfirmDeleteDialog title="Anda Yakin?" closeTo={closeTo} text="Data ini akan dihapus secara permanen!" detail={what} />
}

export const ErrorBoundary = GeneralErrorBoundary
