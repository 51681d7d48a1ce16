import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { deleteAndReturn, idParam, listUrlOf } from '~/lib/crud.server'
import { loadForDialog, notFound } from '~/lib/route-errors.server'
import { requireScreen } from '~/lib/grants.server'
import { deleteKaryawan, listKaryawan } from '~/upstream/karyawan.server'
import { ConfirmDeleteDialog } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const id = idParam(params.id)
  const all = await loadForDialog(request, () => listKaryawan(auth.upstream))
  const karyawan = all ? all.find((k) => k.id === id) : { id, nama_lengkap: '', kode_karyawan: '' }
  if (!karyawan) throw notFound('Karyawan tidak ditemukan.')
  return { karyawan: { kode: karyawan.kode_karyawan, nama: karyawan.nama_lengkap }, closeTo: listUrlOf(request) }
}

/** Delete (spec 000 §8): 'Berhasil!' / 'Karyawan berhasil dihapus!' for 1 s. */
export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'delete')
  const id = idParam(params.id)
  return deleteAndReturn(request, {
    remove: () => deleteKaryawan(auth.upstream, id),
    title: 'Berhasil!',
    message: 'Karyawan berhasil dihapus!',
  })
}

export default function HapusKaryawan() {
  const { karyawan, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog
      closeTo={closeTo}
      text="Data karyawan ini akan dihapus secara permanen!"
      detail={karyawan.kode ? `${karyawan.kode} — ${karyawan.nama}` : undefined}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
