import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deleteKaryawan, listKaryawan } from '~/upstream/karyawan.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(args, listKaryawan, {
    notFound: 'Karyawan tidak ditemukan.',
    describe: (k) => codeAndName(k.kode_karyawan, k.nama_lengkap),
  })

/** Delete: 'Berhasil!' / 'Karyawan berhasil dihapus!' for 1 s. */
export const action = (args: ActionFunctionArgs) =>
  deleteDialogAction(args, deleteKaryawan, { title: 'Berhasil!', message: 'Karyawan berhasil dihapus!' })

export default function HapusKaryawan() {
  return <ConfirmDeleteRoute text="Data karyawan ini akan dihapus secara permanen!" />
}

export const ErrorBoundary = GeneralErrorBoundary
