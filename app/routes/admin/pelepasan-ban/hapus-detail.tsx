import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { openPelepasanScreen } from '~/server/pelepasan.server'
import { lineDeleteAction, lineDeleteData, screenLine, type LineDelete } from '~/server/tyre-screen.server'
import { deleteDetailPelepasan } from '~/upstream/pelepasan-ban.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/**
 * Undo of one pelepasan (DELETE /api/pelepasan-ban/delete-detail-ban/{id}): the tyre goes back on its
 * position. Refused (409) when the document is posted or the tyre or its position was used since.
 */
const spec: LineDelete = {
  open: async (request, params) => {
    const { auth, screen, url } = await openPelepasanScreen(request, params, { writable: true })
    return {
      up: auth.upstream,
      lines: screen.lines.map(screenLine),
      closeTo: url.href,
    }
  },
  remove: deleteDetailPelepasan,
  failure: 'Gagal membatalkan pelepasan ban.',
  title: 'Batalkan pelepasan?',
  text: 'Ban ini akan dipasang kembali pada posisinya.',
  success: 'Pelepasan ban dibatalkan; ban kembali terpasang.',
}

export const loader = (args: LoaderFunctionArgs) => lineDeleteData(spec, args)

export const action = (args: ActionFunctionArgs) => lineDeleteAction(spec, args)

export { LineDeleteConfirm as default } from '~/ui/tyre-screen'

export const ErrorBoundary = GeneralErrorBoundary
