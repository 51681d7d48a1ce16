import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { moveText, openRotasiScreen } from '~/server/rotasi.server'
import { lineDeleteAction, lineDeleteData, type LineDelete } from '~/server/tyre-screen.server'
import { deleteDetailRotasi } from '~/upstream/rotasi-ban.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/**
 * Undo of one move (DELETE /api/rotasi-ban/delete-detail-ban/{id}): the tyres go back where they
 * were. Refused when the document is posted or a tyre has moved or left since.
 */
const spec: LineDelete = {
  open: async (request, params) => {
    const { auth, screen, url } = await openRotasiScreen(request, params, { writable: true })
    return {
      up: auth.upstream,
      lines: screen.lines.map((l) => ({
        id: l.id,
        posisi: moveText(l),
        no_seri: l.ban?.no_seri ?? null,
        kode_ban: l.ban?.kode_ban ?? null,
      })),
      closeTo: url.href,
    }
  },
  remove: deleteDetailRotasi,
  failure: 'Gagal membatalkan rotasi ban.',
  title: 'Batalkan pemindahan?',
  text: 'Ban akan dikembalikan ke posisi semula.',
  success: 'Rotasi ban dibatalkan; ban kembali ke posisi semula.',
}

export const loader = (args: LoaderFunctionArgs) => lineDeleteData(spec, args)

export const action = (args: ActionFunctionArgs) => lineDeleteAction(spec, args)

export { LineDeleteConfirm as default } from '~/ui/tyre-screen'

export const ErrorBoundary = GeneralErrorBoundary
