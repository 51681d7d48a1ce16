import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { deleteAndReturn, idParam, listUrlOf } from '~/lib/crud.server'
import { loadOrFail, notFound } from '~/lib/route-errors.server'
import { requireAuth } from '~/session.server'
import { deleteDepartemen, listDepartemen } from '~/upstream/departemen.server'
import { ConfirmDeleteDialog } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request)
  const id = idParam(params.id)
  const departemen = (await loadOrFail(() => listDepartemen(auth.upstream))).find((d) => d.id === id)
  if (!departemen) throw notFound('Departemen tidak ditemukan.')
  return { departemen, closeTo: listUrlOf(request) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request)
  const id = idParam(params.id)
  return deleteAndReturn(request, {
    remove: () => deleteDepartemen(auth.upstream, id),
    message: 'Data departemen telah dihapus.',
  })
}

export default function HapusDepartemen() {
  const { departemen, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog
      closeTo={closeTo}
      text="Data departemen ini akan dihapus secara permanen!"
      detail={`${departemen.kode_departemen ?? ''} — ${departemen.nama}`}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
