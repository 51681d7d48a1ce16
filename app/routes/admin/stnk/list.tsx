import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { masterListData } from '~/server/master-list.server'
import { MASTER_SCREENS } from '~/lib/master-screens'
import { listStnk, pageStnk } from '~/upstream/stnk.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

export const meta: MetaFunction = () => [{ title: 'STNK — Armada' }]

/** STNK: search by owner name; id, kode_stnk and nama_pemilik sortable (a click toggles). */
export async function loader({ request }: LoaderFunctionArgs) {
  return masterListData(request, listStnk, MASTER_SCREENS.stnk, {
    kode: (s) => s.kode_stnk,
    nama: (s) => s.nama_pemilik,
    qr: (s) => s.qrcode_stnk,
    paged: pageStnk,
  })
}

export default function StnkList() {
  return <MasterList list={useLoaderData<typeof loader>()} screen={MASTER_SCREENS.stnk} />
}

export const ErrorBoundary = GeneralErrorBoundary
