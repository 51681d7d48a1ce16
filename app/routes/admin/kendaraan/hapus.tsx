import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deleteKendaraan, getKendaraan } from '~/upstream/kendaraan.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(
    args,
    { byId: getKendaraan },
    {
      notFound: 'Kendaraan tidak ditemukan.',
      describe: (k) => codeAndName(k.kode_kendaraan, k.no_kabin),
    },
  )

export const action = (args: ActionFunctionArgs) => deleteDialogAction(args, deleteKendaraan, { message: 'Data kendaraan telah dihapus.' })

export default function HapusKendaraan() {
  return <ConfirmDeleteRoute text="Data kendaraan ini akan dihapus secara permanen!" />
}

export const ErrorBoundary = GeneralErrorBoundary
