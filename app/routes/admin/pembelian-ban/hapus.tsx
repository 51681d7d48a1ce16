import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { deleteAndReturn, idParam, listUrlOf } from '~/lib/crud.server'
import { requireScreen } from '~/lib/grants.server'
import { findForDialog } from '~/lib/route-errors.server'
import { deletePembelian, listPembelian } from '~/upstream/pembelian-ban.server'
import { ConfirmDeleteDialog } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

const POSTED = 'Pembelian ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const p = await findForDialog(request, () => listPembelian(auth.upstream), idParam(params.id), 'Pembelian ban tidak ditemukan.')
  if (p?.status === 'posting') throw data({ message: POSTED }, { status: 409 })
  return { kode: p?.kode_pembelian_ban ?? null, supplier: p?.supplier?.nama_supp ?? null, closeTo: listUrlOf(request) }
}

/** Spec 001 §8: 'Dihapus!' / 'Data Pembelian telah dihapus.'; a posted purchase is refused by the upstream (409). */
export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const id = idParam(params.id)
  return deleteAndReturn(request, { remove: () => deletePembelian(auth.upstream, id), message: 'Data Pembelian telah dihapus.' })
}

export default function HapusPembelian() {
  const { kode, supplier, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog
      closeTo={closeTo}
      text="Data pembelian ban ini akan dihapus secara permanen!"
      detail={kode ? [kode, supplier].filter(Boolean).join(' — ') : undefined}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
