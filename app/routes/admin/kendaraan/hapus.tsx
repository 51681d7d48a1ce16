import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { deleteAndReturn, idParam, listUrlOf } from '~/lib/crud.server'
import { requireScreen } from '~/lib/grants.server'
import { findForDialog } from '~/lib/route-errors.server'
import { deleteKendaraan, listKendaraan } from '~/upstream/kendaraan.server'
import { ConfirmDeleteDialog } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const kendaraan = await findForDialog(request, () => listKendaraan(auth.upstream), idParam(params.id), 'Kendaraan tidak ditemukan.')
  return { kendaraan, closeTo: listUrlOf(request) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const id = idParam(params.id)
  return deleteAndReturn(request, { remove: () => deleteKendaraan(auth.upstream, id), message: 'Data kendaraan telah dihapus.' })
}

export default function HapusKendaraan() {
  const { kendaraan, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog
      closeTo={closeTo}
      text="Data kendaraan ini akan dihapus secara permanen!"
      detail={kendaraan?.kode_kendaraan ? `${kendaraan.kode_kendaraan} — ${kendaraan.no_kabin}` : undefined}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
