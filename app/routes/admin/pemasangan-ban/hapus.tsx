import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { deleteAndReturn, idParam, listUrlOf } from '~/lib/crud.server'
import { requireScreen } from '~/lib/grants.server'
import { findForDialog } from '~/lib/route-errors.server'
import { deletePemasangan, listPemasangan } from '~/upstream/pemasangan-ban.server'
import { ConfirmDeleteDialog } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

const POSTED = 'Pemasangan ban ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const p = await findForDialog(request, () => listPemasangan(auth.upstream), idParam(params.id), 'Pemasangan ban tidak ditemukan.')
  if (p?.status === 'posting') throw data({ message: POSTED }, { status: 409 })
  return { kode: p?.kode_pemasangan ?? null, kabin: p?.kendaraan?.no_kabin ?? null, closeTo: listUrlOf(request) }
}

/** Spec 001 §8: 'Dihapus!' / 'Data Pemasangan telah dihapus.'; the fitting's tyres go back to stock (upstream). */
export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const id = idParam(params.id)
  return deleteAndReturn(request, { remove: () => deletePemasangan(auth.upstream, id), message: 'Data Pemasangan telah dihapus.' })
}

export default function HapusPemasangan() {
  const { kode, kabin, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog
      closeTo={closeTo}
      text="Data pemasangan ban ini akan dihapus secara permanen!"
      detail={kode ? [kode, kabin].filter(Boolean).join(' — ') : undefined}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
