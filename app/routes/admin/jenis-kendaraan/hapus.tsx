import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deleteJenisKendaraan, listJenisKendaraan } from '~/upstream/jenis-kendaraan.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(args, listJenisKendaraan, {
    notFound: 'Jenis kendaraan tidak ditemukan.',
    describe: (j) => codeAndName(j.kode_jenis_kendaraan, j.nama_jenis_kendaraan),
  })

export const action = (args: ActionFunctionArgs) =>
  deleteDialogAction(args, deleteJenisKendaraan, { message: 'Data jenis kendaraan telah dihapus.' })

export default function HapusJenisKendaraan() {
  return <ConfirmDeleteRoute text="Data jenis kendaraan ini akan dihapus secara permanen!" />
}

export const ErrorBoundary = GeneralErrorBoundary
