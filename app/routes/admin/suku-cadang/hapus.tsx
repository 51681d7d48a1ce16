import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deleteSukuCadang, getSukuCadang } from '~/upstream/suku-cadang.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/** …/:id/hapus: a part a document or the Kartu Stok names is refused by the upstream (409, its reason shown). */
export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(
    args,
    { byId: getSukuCadang },
    { notFound: 'Suku Cadang tidak ditemukan.', describe: (p) => codeAndName(p.kode_suku_cadang, p.nama) },
  )

export const action = (args: ActionFunctionArgs) => deleteDialogAction(args, deleteSukuCadang, { message: 'Suku Cadang telah dihapus.' })

export default function HapusSukuCadang() {
  return <ConfirmDeleteRoute text="Suku cadang ini akan dihapus secara permanen!" />
}

export const ErrorBoundary = GeneralErrorBoundary
