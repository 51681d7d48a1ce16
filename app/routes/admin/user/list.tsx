import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { listSearch } from '~/lib/list-query'
import { listScreenData } from '~/lib/list-screen.server'
import { qrFor } from '~/lib/qr.server'
import { listUsers } from '~/upstream/user.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'
import { QrCode } from '~/ui/qr-code'
import { RowActions } from '~/ui/row-actions'

export const meta: MetaFunction = () => [{ title: 'User — Armada' }]

const namaOf = (u: { nama_user: string | null; karyawan: { nama_lengkap: string | null } | null }) =>
  u.nama_user || u.karyawan?.nama_lengkap || ''

/** User (spec 000 §2): search on kode_user; every column sortable; the only row action is delete. */
export async function loader({ request }: LoaderFunctionArgs) {
  return listScreenData(request, listUsers, {
    searchIn: (u) => [u.kode_user],
    sortBy: { id: (u) => u.id, kode_user: (u) => u.kode_user, nama_user: namaOf },
    row: (u) => ({ id: u.id, kode_user: u.kode_user, nama_user: namaOf(u), qr: qrFor(u.qrcode_user) }),
  })
}

export default function UserList() {
  const list = useLoaderData<typeof loader>()
  const search = listSearch(list.query)
  return (
    <ListScreen
      title="User"
      subtitle="Daftar user yang dapat masuk ke sistem"
      searchPlaceholder="Cari user..."
      addLabel="Tambah User"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(u) => u.id}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_u, i) => i + 1, className: 'w-14' },
        { header: 'Kode User', sortKey: 'kode_user', cell: (u) => u.kode_user || '-' },
        { header: 'Nama User', sortKey: 'nama_user', cell: (u) => u.nama_user || '-' },
        { header: 'QrCode', cell: (u) => <QrCode qr={u.qr} size={50} label={u.kode_user || String(u.id)} /> },
        { header: 'Opsi', cell: (u) => <RowActions id={u.id} search={search} edit={false} remove={list.can.delete} /> },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
