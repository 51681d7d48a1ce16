import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deleteItemServis, listItemServis } from '~/upstream/jadwal-servis.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/** …/:id/hapus: an item a plan, an override or an opening entry uses is refused by the upstream (409, its reason shown). */
export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(args, listItemServis, {
    notFound: 'Item Servis tidak ditemukan.',
    describe: (i) => codeAndName(i.kode_item_servis, i.nama),
  })

export const action = (args: ActionFunctionArgs) => deleteDialogAction(args, deleteItemServis, { message: 'Item Servis telah dihapus.' })

export default function HapusItemServis() {
  return <ConfirmDeleteRoute text="Item servis ini akan dihapus secara permanen!" />
}

export const ErrorBoundary = GeneralErrorBoundary
