import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { requireScreen } from '~/server/grants.server'
import { backInApp, tyreScreenMode } from '~/server/pemasangan.server'
import { ID_ROTASI_TIDAK_TERSEDIA, loadRotasiScreen, rotasiScreenData, rotasiUrl } from '~/server/rotasi.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { RotasiScreenView } from './rotasi-view'

export const meta: MetaFunction = () => [{ title: 'Rotasi Ban — Armada' }]

/** Show of a rotation (/admin/rotasi-detail/{id}, the row menu's Show): the screen, read-only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request)
  const mode = tyreScreenMode(request, params, ID_ROTASI_TIDAK_TERSEDIA)
  const screen = await loadRotasiScreen(auth.upstream, mode)
  return rotasiScreenData(screen, rotasiUrl(request, mode), { kind: 'show', backTo: backInApp(request, '/admin/rotasi-ban') })
}

export default function LihatRotasi() {
  const s = useLoaderData<typeof loader>()
  return <RotasiScreenView s={s} />
}

export const ErrorBoundary = GeneralErrorBoundary
