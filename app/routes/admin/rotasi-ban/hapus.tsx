import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { ROTASI_TIDAK_DITEMUKAN } from '~/server/rotasi.server'
import { deleteRotasi, getRotasi } from '~/upstream/rotasi-ban.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

const POSTED = 'Rotasi ban ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(
    args,
    { byId: getRotasi },
    {
      notFound: ROTASI_TIDAK_DITEMUKAN,
      describe: (p) => codeAndName(p.kode_rotasi, p.kendaraan?.no_kabin),
      refuse: (p) => (p.status === 'posting' ? POSTED : null),
    },
  )

/** DELETE /api/rotasi-ban/{id}: every move undone (the tyres back where they were); a posted one is refused. */
export const action = (args: ActionFunctionArgs) => deleteDialogAction(args, deleteRotasi, { message: 'Data rotasi ban telah dihapus.' })

export default function HapusRotasi() {
  return <ConfirmDeleteRoute text="Data rotasi ban ini akan dihapus; ban-bannya kembali ke posisi semula." />
}

export const ErrorBoundary = GeneralErrorBoundary
