import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deletePembelian, getPembelian } from '~/upstream/pembelian-ban.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

const POSTED = 'Pembelian ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(
    args,
    { byId: getPembelian },
    {
      notFound: 'Pembelian ban tidak ditemukan.',
      describe: (p) => codeAndName(p.kode_pembelian_ban, p.supplier?.nama_supp),
      refuse: (p) => (p.status === 'posting' ? POSTED : null),
    },
  )

/** 'Dihapus!' / 'Data Pembelian telah dihapus.'; a posted purchase is refused (409, here and by the upstream). */
export const action = (args: ActionFunctionArgs) => deleteDialogAction(args, deletePembelian, { message: 'Data Pembelian telah dihapus.' })

export default function HapusPembelian() {
  return <ConfirmDeleteRoute text="Data pembelian ban ini akan dihapus secara permanen!" />
}

export const ErrorBoundary = GeneralErrorBoundary
