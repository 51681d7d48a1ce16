import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deleteSupplier, listSupplier } from '~/upstream/supplier.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(args, listSupplier, {
    notFound: 'Supplier tidak ditemukan.',
    describe: (s) => codeAndName(s.kode_supplier, s.nama_supp),
  })

export const action = (args: ActionFunctionArgs) => deleteDialogAction(args, deleteSupplier, { message: 'Data supplier telah dihapus.' })

export default function HapusSupplier() {
  return <ConfirmDeleteRoute text="Data supplier ini akan dihapus secara permanen!" />
}

export const ErrorBoundary = GeneralErrorBoundary
