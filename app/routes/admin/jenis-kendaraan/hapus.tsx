import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { deleteAndReturn, idParam, listUrlOf } from '~/lib/crud.server'
import { requireScreen } from '~/lib/grants.server'
import { findForDialog } from '~/lib/route-errors.server'
import { deleteJenisKendaraan, listJenisKendaraan } from '~/upstream/jenis-kendaraan.server'
import { ConfirmDeleteDialog } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const jenis = await findForDialog(request, () => listJenisKendaraan(auth.upstream), idParam(params.id), 'Jenis kendaraan tidak ditemukan.')
  return { jenis, closeTo: listUrlOf(request) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const id = idParam(params.id)
  return deleteAndReturn(request, { remove: () => deleteJenisKendaraan(auth.upstream, id), message: 'Data jenis kendaraan telah dihapus.' })
}

export default function HapusJenisKendaraan() {
  const { jenis, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog
      closeTo={closeTo}
      text="Data jenis kendaraan ini akan dihapus secara permanen!"
      detail={jenis?.kode_jenis_kendaraan ? `${jenis.kode_jenis_kendaraan} — ${jenis.nama_jenis_kendaraan}` : undefined}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
