import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { fittingMode, loadFittingScreen, refuseIfPosted, screenUrl } from '~/lib/fitting.server'
import { requireScreen } from '~/lib/grants.server'
import { lineDeleteAction, lineDeleteData, type LineDelete } from '~/lib/tyre-screen.server'
import { deleteDetailBan } from '~/upstream/pemasangan-ban.server'
import { ConfirmDeleteDialog } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/**
 * The delete confirmation of a fitted tyre (spec 001 §8: 'Anda Yakin?' / 'Data ini akan dihapus
 * secara permanen!'): DELETE /api/pemasangan-ban/delete-detail-ban/{id}, the tyre goes back to stock.
 * Back to the screen with 'Detail ban berhasil dihapus.', or 'Gagal menghapus detail ban.' with the reason.
 */
const spec: LineDelete = {
  open: async (request, params) => {
    const auth = await requireScreen(request, params.id === undefined ? 'create' : 'update')
    const mode = fittingMode(request, params)
    const screen = await loadFittingScreen(auth.upstream, mode)
    refuseIfPosted(screen)
    return {
      up: auth.upstream,
      lines: screen.details.map((d) => ({
        id: d.id,
        posisi: d.posisi_ban,
        no_seri: d.ban?.no_seri ?? null,
        kode_ban: d.ban?.kode_ban ?? null,
      })),
      closeTo: screenUrl(request, mode).href,
    }
  },
  remove: deleteDetailBan,
  failure: 'Gagal menghapus detail ban.',
  success: 'Detail ban berhasil dihapus.',
}

export const loader = ({ request, params }: LoaderFunctionArgs) => lineDeleteData(spec, request, params)

export const action = ({ request, params }: ActionFunctionArgs) => lineDeleteAction(spec, request, params)

export default function HapusDetailBan() {
  const { what, closeTo } = useLoaderData<typeof loader>()
  return <ConfirmDeleteDialog title="Anda Yakin?" closeTo={closeTo} text="Data ini akan dihapus secara permanen!" detail={what} />
}

export const ErrorBoundary = GeneralErrorBoundary
