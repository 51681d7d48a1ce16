import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deleteDepartemen, listDepartemen } from '~/upstream/departemen.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(args, listDepartemen, {
    notFound: 'Departemen tidak ditemukan.',
    describe: (d) => codeAndName(d.kode_departemen, d.nama),
  })

export const action = (args: ActionFunctionArgs) =>
  deleteDialogAction(args, deleteDepartemen, { message: 'Data departemen telah dihapus.' })

export default function HapusDepartemen() {
  return <ConfirmDeleteRoute text="Data departemen ini akan dihapus secara permanen!" />
}

export const ErrorBoundary = GeneralErrorBoundary
