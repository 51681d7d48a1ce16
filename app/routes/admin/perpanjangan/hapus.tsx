import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deletePerpanjangan, getPerpanjangan } from '~/upstream/perpanjangan.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

const POSTED = 'Perpanjangan ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(
    args,
    { byId: getPerpanjangan },
    {
      notFound: 'Perpanjangan tidak ditemukan.',
      describe: (p) => codeAndName(p.kode_perpanjangan, [p.kendaraan?.no_kabin, p.jenis_dokumen].filter(Boolean).join(' — ')),
      refuse: (p) => (p.status === 'posting' ? POSTED : null),
    },
  )

/**
 * 'Dihapus!' / 'Data Perpanjangan telah dihapus.': the vehicle's expiry goes back to the date the
 * renewal replaced (the upstream does it); a posted renewal is refused here and by the upstream.
 */
export const action = (args: ActionFunctionArgs) =>
  deleteDialogAction(args, deletePerpanjangan, { message: 'Data Perpanjangan telah dihapus.' })

export default function HapusPerpanjangan() {
  return (
    <ConfirmDeleteRoute text="Data perpanjangan ini akan dihapus secara permanen! Tanggal expired kendaraan kembali ke tanggal sebelum perpanjangan." />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
