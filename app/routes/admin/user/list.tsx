import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { masterListData } from '~/server/master-list.server'
import { MASTER_SCREENS } from '~/lib/master-screens'
import { listUsers } from '~/upstream/user.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

export const meta: MetaFunction = () => [{ title: 'User — Armada' }]

const namaOf = (u: { nama_user: string | null; karyawan: { nama_lengkap: string | null } | null }) =>
  u.nama_user || u.karyawan?.nama_lengkap || ''

/** User: search on kode_user; every column sortable; the only row action is delete. */
export async function loader({ request }: LoaderFunctionArgs) {
  return masterListData(request, listUsers, MASTER_SCREENS.user, {
    kode: (u) => u.kode_user,
    nama: (u) => namaOf(u),
    qr: (u) => u.qrcode_user,
  })
}

export default function UserList() {
  return <MasterList list={useLoaderData<typeof loader>()} screen={MASTER_SCREENS.user} />
}

export const ErrorBoundary = GeneralErrorBoundary
