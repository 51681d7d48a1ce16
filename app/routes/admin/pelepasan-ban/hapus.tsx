import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { PELEPASAN_TIDAK_DITEMUKAN } from '~/server/pelepasan.server'
import { deletePelepasan, getPelepasan } from '~/upstream/pelepasan-ban.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

const POSTED = 'Pelepasan ban ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(
    args,
    { byId: getPelepasan },
    {
      notFound: PELEPASAN_TIDAK_DITEMUKAN,
      describe: (p) => codeAndName(p.kode_pelepasan, p.kendaraan?.no_kabin),
      refuse: (p) => (p.status === 'posting' ? POSTED : null),
    },
  )

/** DELETE /api/pelepasan-ban/{id}: every pelepasan undone (the tyres back on their positions); a posted one is refused (409). */
export const action = (args: ActionFunctionArgs) =>
  deleteDialogAction(args, deletePelepasan, { message: 'Data pelepasan ban telah dihapus.' })

export default function HapusPelepasan() {
  return <ConfirmDeleteRoute text="Data pelepasan ban ini akan dihapus; ban-bannya kembali terpasang pada posisinya." />
}

export const ErrorBoundary = GeneralErrorBoundary
