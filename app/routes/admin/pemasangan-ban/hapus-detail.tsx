import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { pemasanganMode, loadPemasanganScreen, refuseIfPosted, screenUrl } from '~/server/pemasangan.server'
import { requireScreen } from '~/server/grants.server'
import { lineDeleteAction, lineDeleteData, screenLine, type LineDelete } from '~/server/tyre-screen.server'
import { deleteDetailBan } from '~/upstream/pemasangan-ban.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/**
 * The delete confirmation of a fitted tyre ('Anda Yakin?' / 'Data ini akan dihapus
 * secara permanen!'): DELETE /api/pemasangan-ban/delete-detail-ban/{id}, the tyre goes back to stock.
 * Back to the screen with 'Detail ban berhasil dihapus.', or 'Gagal menghapus detail ban.' with the reason.
 */
const spec: LineDelete = {
  open: async (request, params) => {
    const auth = await requireScreen(request, params.id === undefined ? 'create' : 'update')
    const mode = pemasanganMode(request, params)
    const screen = await loadPemasanganScreen(auth.upstream, mode)
    refuseIfPosted(screen)
    return {
      up: auth.upstream,
      lines: screen.details.map(screenLine),
      closeTo: screenUrl(request, mode).href,
    }
  },
  remove: deleteDetailBan,
  failure: 'Gagal menghapus detail ban.',
  title: 'Anda Yakin?',
  text: 'Data ini akan dihapus secara permanen!',
  success: 'Detail ban berhasil dihapus.',
}

export const loader = (args: LoaderFunctionArgs) => lineDeleteData(spec, args)

export const action = (args: ActionFunctionArgs) => lineDeleteAction(spec, args)

export { LineDeleteConfirm as default } from '~/ui/tyre-screen'

export const ErrorBoundary = GeneralErrorBoundary
