import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deletePemasangan, getPemasangan } from '~/upstream/pemasangan-ban.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

const POSTED = 'Pemasangan ban ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(
    args,
    { byId: getPemasangan },
    {
      notFound: 'Pemasangan ban tidak ditemukan.',
      describe: (p) => codeAndName(p.kode_pemasangan, p.kendaraan?.no_kabin),
      refuse: (p) => (p.status === 'posting' ? POSTED : null),
    },
  )

/** 'Dihapus!' / 'Data Pemasangan telah dihapus.'; the pemasangan's tyres go back to stock (upstream); a posted one is refused. */
export const action = (args: ActionFunctionArgs) =>
  deleteDialogAction(args, deletePemasangan, { message: 'Data Pemasangan telah dihapus.' })

export default function HapusPemasangan() {
  return <ConfirmDeleteRoute text="Data pemasangan ban ini akan dihapus secara permanen!" />
}

export const ErrorBoundary = GeneralErrorBoundary
