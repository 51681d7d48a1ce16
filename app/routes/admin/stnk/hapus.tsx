import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { deleteAndReturn, idParam, listUrlOf } from '~/lib/crud.server'
import { requireScreen } from '~/lib/grants.server'
import { findForDialog } from '~/lib/route-errors.server'
import { deleteStnk, listStnk } from '~/upstream/stnk.server'
import { ConfirmDeleteDialog } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const stnk = await findForDialog(request, () => listStnk(auth.upstream), idParam(params.id), 'Stnk tidak ditemukan.')
  return { stnk, closeTo: listUrlOf(request) }
}

/** Spec 001 §8: 'Berhasil!' / 'Stnk berhasil dihapus!'. */
export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const id = idParam(params.id)
  return deleteAndReturn(request, { remove: () => deleteStnk(auth.upstream, id), title: 'Berhasil!', message: 'Stnk berhasil dihapus!' })
}

export default function HapusStnk() {
  const { stnk, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog
      closeTo={closeTo}
      text="Data stnk ini akan dihapus secara permanen!"
      detail={stnk?.kode_stnk ? `${stnk.kode_stnk} — ${stnk.nama_pemilik}` : undefined}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
