import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { deletePerintahKerja, getPerintahKerja } from '~/upstream/perintah-kerja.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

const POSTED = 'Perintah Kerja ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(
    args,
    { byId: getPerintahKerja },
    {
      notFound: 'Perintah Kerja tidak ditemukan.',
      describe: (p) => codeAndName(p.kode_perintah_kerja, [p.kendaraan?.no_kabin, p.kendaraan?.no_pol].filter(Boolean).join(' — ')),
      refuse: (p) => (p.status === 'posting' ? POSTED : null),
    },
  )

/** 'Dihapus!' / 'Data Perintah Kerja telah dihapus.': its parts go back to the store and its km reading goes (the upstream does it). */
export const action = (args: ActionFunctionArgs) =>
  deleteDialogAction(args, deletePerintahKerja, { message: 'Data Perintah Kerja telah dihapus.' })

export default function HapusPerintahKerja() {
  return (
    <ConfirmDeleteRoute text="Data perintah kerja ini akan dihapus secara permanen! Suku cadangnya kembali ke stok dan km-nya dihapus dari riwayat km kendaraan." />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
