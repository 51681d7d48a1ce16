import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { codeAndName, deleteDialogAction, deleteDialogData } from '~/server/delete-route.server'
import { PEMERIKSAAN_TIDAK_DITEMUKAN } from '~/server/pemeriksaan.server'
import { deletePemeriksaan, getPemeriksaan } from '~/upstream/pemeriksaan-ban.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

const POSTED = 'Pemeriksaan ban ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.'

export const loader = (args: LoaderFunctionArgs) =>
  deleteDialogData(
    args,
    { byId: getPemeriksaan },
    {
      notFound: PEMERIKSAAN_TIDAK_DITEMUKAN,
      describe: (p) => codeAndName(p.kode_pemeriksaan, p.kendaraan?.no_kabin),
      refuse: (p) => (p.status === 'posting' ? POSTED : null),
    },
  )

/** DELETE /api/pemeriksaan-ban/{id}: the round and its lines (the tyres' forecasts go back to their other inspections); a posted one is refused. */
export const action = (args: ActionFunctionArgs) =>
  deleteDialogAction(args, deletePemeriksaan, { message: 'Data pemeriksaan ban telah dihapus.' })

export default function HapusPemeriksaan() {
  return <ConfirmDeleteRoute text="Data pemeriksaan ban ini akan dihapus beserta hasil ukurnya." />
}

export const ErrorBoundary = GeneralErrorBoundary
