import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { openRotasiScreen, rotasiBackTo, rotasiScreenData } from '~/server/rotasi.server'
import { submitTyreScreen } from '~/server/tyre-screen.server'
import { addRotasi } from '~/upstream/rotasi-ban.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { BELUM_ADA_BAN_DIPINDAH, RotasiScreenView } from './rotasi-view'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Rotasi Ban'} — Armada` }]

/**
 * Form Rotasi Ban (/admin/create-rotasi-ban?kendaraan_id={id}) and Update Rotasi Ban
 * (/admin/rotasi-ban/edit/{id}): the vehicle, the axle diagram of the positions now (a fitted
 * position opens 'Pindahkan Ban ({posisi})'), the moves with an undo each, and Simpan (create) /
 * Selesai (edit: every move is saved into the document at once). A posted document opens read-only.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { mode, screen, url } = await openRotasiScreen(request, params)
  return rotasiScreenData(screen, url, {
    kind: mode.kind,
    backTo: mode.kind === 'create' ? '/admin/rotasi-ban' : rotasiBackTo(request),
  })
}

/**
 * Simpan (create): POST /api/rotasi-ban/add-rotasi/{kendaraanId}, then the rotation list with its
 * banner; nothing staged is refused with a message. Selesai (edit): the moves are in the document
 * already; back where the user came from.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { auth, mode, screen } = await openRotasiScreen(request, params, { writable: true })
  return submitTyreScreen(request, {
    check: async () => {
      if (mode.kind === 'edit') return null
      if (screen.linesError) return { error: screen.linesError, status: 502 }
      return screen.lines.length === 0 ? { error: BELUM_ADA_BAN_DIPINDAH, status: 400 } : null
    },
    save: async () => {
      if (mode.kind === 'create') await addRotasi(auth.upstream, mode.kendaraanId)
    },
    to: mode.kind === 'create' ? '/admin/rotasi-ban' : rotasiBackTo(request),
    message: mode.kind === 'create' ? 'Data rotasi ban berhasil disimpan.' : 'Data rotasi ban berhasil diperbarui.',
  })
}

export default function RotasiScreen() {
  const s = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <RotasiScreenView s={s} error={actionData?.error} />
}

export const ErrorBoundary = GeneralErrorBoundary
