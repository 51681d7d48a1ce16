import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deleteStnk, listStnk } from '~/upstream/stnk.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(args, listStnk, {
    notFound: 'Stnk tidak ditemukan.',
    describe: (s) => codeAndName(s.kode_stnk, s.nama_pemilik),
  })

/** Delete: 'Berhasil!' / 'Stnk berhasil dihapus!'. */
export const action = (args: ActionFunctionArgs) =>
  deleteDialogAction(args, deleteStnk, { title: 'Berhasil!', message: 'Stnk berhasil dihapus!' })

export default function HapusStnk() {
  return <ConfirmDeleteRoute text="Data stnk ini akan dihapus secara permanen!" />
}

export const ErrorBoundary = GeneralErrorBoundary
