import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deleteKlaim, getKlaim } from '~/upstream/klaim-ban.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

const POSTED = 'Klaim ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(
    args,
    { byId: getKlaim },
    {
      notFound: 'Klaim ban tidak ditemukan.',
      describe: (k) => codeAndName(k.kode_klaim, k.ban?.no_seri),
      refuse: (k) => (k.status === 'posting' ? POSTED : null),
    },
  )

/** 'Dihapus!' / 'Data Klaim Ban telah dihapus.'; a posted claim is refused (here and by the upstream). */
export const action = (args: ActionFunctionArgs) => deleteDialogAction(args, deleteKlaim, { message: 'Data Klaim Ban telah dihapus.' })

export default function HapusKlaim() {
  return <ConfirmDeleteRoute text="Data klaim ban ini akan dihapus secara permanen!" />
}

export const ErrorBoundary = GeneralErrorBoundary
