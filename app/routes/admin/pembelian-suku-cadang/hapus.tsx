import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deletePembelianSukuCadang, getPembelianSukuCadang } from '~/upstream/suku-cadang.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

const POSTED = 'Pembelian ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.'

/** …/:id/hapus: its lines leave the stock; refused when posted, or when work orders already took them (the upstream's message). */
export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(
    args,
    { byId: getPembelianSukuCadang },
    {
      notFound: 'Pembelian suku cadang tidak ditemukan.',
      describe: (p) => codeAndName(p.kode_pembelian_suku_cadang, p.supplier?.nama_supp),
      refuse: (p) => (p.status === 'posting' ? POSTED : null),
    },
  )

export const action = (args: ActionFunctionArgs) =>
  deleteDialogAction(args, deletePembelianSukuCadang, { message: 'Pembelian suku cadang telah dihapus.' })

export default function HapusPembelianSukuCadang() {
  return <ConfirmDeleteRoute text="Pembelian suku cadang ini akan dihapus dan barangnya keluar dari stok!" />
}

export const ErrorBoundary = GeneralErrorBoundary
