import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { openRemovalScreen } from '~/lib/removal.server'
import { lineDeleteAction, lineDeleteData, type LineDelete } from '~/lib/tyre-screen.server'
import { deleteDetailPelepasan } from '~/upstream/pelepasan-ban.server'
import { ConfirmDeleteDialog } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/**
 * Undo of one removal (DELETE /api/pelepasan-ban/delete-detail-ban/{id}): the tyre goes back on its
 * position. Refused (409) when the document is posted or the tyre or its position was used since.
 */
const spec: LineDelete = {
  open: async (request, params) => {
    const { auth, screen, url } = await openRemovalScreen(request, params, { writable: true })
    return {
      up: auth.upstream,
      lines: screen.lines.map((l) => ({
        id: l.id,
        posisi: l.posisi_ban,
        no_seri: l.ban?.no_seri ?? null,
        kode_ban: l.ban?.kode_ban ?? null,
      })),
      closeTo: url.href,
    }
  },
  remove: deleteDetailPelepasan,
  failure: 'Gagal membatalkan pelepasan ban.',
  success: 'Pelepasan ban dibatalkan; ban kembali terpasang.',
}

export const loader = ({ request, params }: LoaderFunctionArgs) => lineDeleteData(spec, request, params)

export const action = ({ request, params }: ActionFunctionArgs) => lineDeleteAction(spec, request, params)

export default function BatalPelepasan() {
  const { what, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog title="Batalkan pelepasan?" closeTo={closeTo} text="Ban ini akan dipasang kembali pada posisinya." detail={what} />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
