import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { deleteAndReturn, idParam, listUrlOf } from '~/lib/crud.server'
import { requireScreen } from '~/lib/grants.server'
import { findForDialog } from '~/lib/route-errors.server'
import { deleteSupplier, listSupplier } from '~/upstream/supplier.server'
import { ConfirmDeleteDialog } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const supplier = await findForDialog(request, () => listSupplier(auth.upstream), idParam(params.id), 'Supplier tidak ditemukan.')
  return { supplier, closeTo: listUrlOf(request) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const id = idParam(params.id)
  return deleteAndReturn(request, { remove: () => deleteSupplier(auth.upstream, id), message: 'Data supplier telah dihapus.' })
}

export default function HapusSupplier() {
  const { supplier, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog
      closeTo={closeTo}
      text="Data supplier ini akan dihapus secara permanen!"
      detail={supplier?.kode_supplier ? `${supplier.kode_supplier} — ${supplier.nama_supp}` : undefined}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
