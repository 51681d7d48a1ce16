import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deleteUser, listUsers } from '~/upstream/user.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(args, listUsers, {
    notFound: 'User tidak ditemukan.',
    describe: (u) => u.kode_user || null,
  })

export const action = (args: ActionFunctionArgs) => deleteDialogAction(args, deleteUser, { message: 'Data user telah dihapus.' })

export default function HapusUser() {
  return <ConfirmDeleteRoute text="Data user ini akan dihapus secara permanen!" />
}

export const ErrorBoundary = GeneralErrorBoundary
