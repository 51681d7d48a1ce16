import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { deleteAndReturn, idParam, listUrlOf } from '~/lib/crud.server'
import { loadForDialog, notFound } from '~/lib/route-errors.server'
import { requireScreen } from '~/lib/grants.server'
import { deleteUser, listUsers } from '~/upstream/user.server'
import { ConfirmDeleteDialog } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const id = idParam(params.id)
  const all = await loadForDialog(request, () => listUsers(auth.upstream))
  const user = all ? all.find((u) => u.id === id) : { id, kode_user: '' }
  if (!user) throw notFound('User tidak ditemukan.')
  return { kode: user.kode_user, closeTo: listUrlOf(request) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const id = idParam(params.id)
  return deleteAndReturn(request, {
    remove: () => deleteUser(auth.upstream, id),
    message: 'Data user telah dihapus.',
  })
}

export default function HapusUser() {
  const { kode, closeTo } = useLoaderData<typeof loader>()
  return <ConfirmDeleteDialog closeTo={closeTo} text="Data user ini akan dihapus secara permanen!" detail={kode || undefined} />
}

export const ErrorBoundary = GeneralErrorBoundary
