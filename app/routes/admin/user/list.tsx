import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { masterListData } from '~/lib/master-list.server'
import { listUsers } from '~/upstream/user.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

export const meta: MetaFunction = () => [{ title: 'User — Armada' }]

const namaOf = (u: { nama_user: string | null; karyawan: { nama_lengkap: string | null } | null }) =>
  u.nama_user || u.karyawan?.nama_lengkap || ''

/** User (spec 000 §2): search on kode_user; every column sortable; the only row action is delete. */
export async function loader({ request }: LoaderFunctionArgs) {
  return masterListData(request, listUsers, {
    kode: { key: 'kode_user', of: (u) => u.kode_user },
    nama: { key: 'nama_user', of: namaOf },
    qr: (u) => u.qrcode_user,
    searchIn: 'kode',
  })
}

export default function UserList() {
  return (
    <MasterList
      list={useLoaderData<typeof loader>()}
      title="User"
      subtitle="Daftar user yang dapat masuk ke sistem"
      searchPlaceholder="Cari user..."
      addLabel="Tambah User"
      kode={{ header: 'Kode User', sortKey: 'kode_user' }}
      nama={{ header: 'Nama User', sortKey: 'nama_user' }}
      edit={false}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
