import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { deleteAndReturn, idParam, listUrlOf } from '~/lib/crud.server'
import { loadForDialog, notFound } from '~/lib/route-errors.server'
import { requireScreen } from '~/lib/grants.server'
import { deleteDepartemen, listDepartemen } from '~/upstream/departemen.server'
import { ConfirmDeleteDialog } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const id = idParam(params.id)
  const all = await loadForDialog(request, () => listDepartemen(auth.upstream))
  const departemen = all ? all.find((d) => d.id === id) : { id, nama: '', kode_departemen: null, qrcode_departemen: null }
  if (!departemen) throw notFound('Departemen tidak ditemukan.')
  return { departemen, closeTo: listUrlOf(request) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
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
      detail={departemen.kode_departemen ? `${departemen.kode_departemen} — ${departemen.nama}` : undefined}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
