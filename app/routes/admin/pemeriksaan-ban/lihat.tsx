import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { todayInCompany } from '~/lib/date-filter'
import { requireScreen } from '~/server/grants.server'
import { backInApp, tyreScreenMode } from '~/server/pemasangan.server'
import { ID_PEMERIKSAAN_TIDAK_TERSEDIA, loadPemeriksaanScreen, pemeriksaanScreenData, pemeriksaanUrl } from '~/server/pemeriksaan.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { PemeriksaanScreenView } from './pemeriksaan-view'

export const meta: MetaFunction = () => [{ title: 'Pemeriksaan Ban — Armada' }]

/** Show of a round (/admin/pemeriksaan-detail/{id}, the row menu's Show): the screen, read-only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request)
  const mode = tyreScreenMode(request, params, ID_PEMERIKSAAN_TIDAK_TERSEDIA)
  const screen = await loadPemeriksaanScreen(auth.upstream, mode)
  return pemeriksaanScreenData(screen, pemeriksaanUrl(request, mode), {
    kind: 'show',
    backTo: backInApp(request, '/admin/pemeriksaan-ban'),
    today: todayInCompany(),
  })
}

export default function LihatPemeriksaan() {
  const s = useLoaderData<typeof loader>()
  return <PemeriksaanScreenView s={s} />
}

export const ErrorBoundary = GeneralErrorBoundary
