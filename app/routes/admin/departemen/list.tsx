import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { masterListData } from '~/server/master-list.server'
import { MASTER_SCREENS } from '~/lib/master-screens'
import { listDepartemen, pageDepartemen } from '~/upstream/departemen.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

export const meta: MetaFunction = () => [{ title: 'Departemen — Armada' }]

/** Departemen. */
export async function loader({ request }: LoaderFunctionArgs) {
  return masterListData(request, listDepartemen, MASTER_SCREENS.departemen, {
    kode: (d) => d.kode_departemen,
    nama: (d) => d.nama,
    qr: (d) => d.qrcode_departemen ?? d.kode_departemen,
    paged: pageDepartemen,
  })
}

export default function DepartemenList() {
  return <MasterList list={useLoaderData<typeof loader>()} screen={MASTER_SCREENS.departemen} />
}

export const ErrorBoundary = GeneralErrorBoundary
