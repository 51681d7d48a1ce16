import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { listSearch } from '~/lib/list-query'
import { listScreenData } from '~/lib/list-screen.server'
import { qrFor } from '~/lib/qr.server'
import { listDepartemen } from '~/upstream/departemen.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'
import { QrCode } from '~/ui/qr-code'
import { RowActions } from '~/ui/row-actions'

export const meta: MetaFunction = () => [{ title: 'Departemen — Armada' }]

/** Departemen (spec 000 §2); also mounted at /admin/perpanjangan-stnk, which reuses this screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  return listScreenData(request, listDepartemen, {
    searchIn: (d) => [d.nama],
    sortBy: { id: (d) => d.id, kode_departemen: (d) => d.kode_departemen, nama: (d) => d.nama },
    row: (d) => ({ ...d, qr: qrFor(d.qrcode_departemen ?? d.kode_departemen) }),
  })
}

export default function DepartemenList() {
  const list = useLoaderData<typeof loader>()
  const search = listSearch(list.query)
  return (
    <ListScreen
      title="Departemen"
      subtitle="Daftar departemen yang tersedia di sistem"
      searchPlaceholder="Cari departemen..."
      addLabel="Tambah Departemen"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(d) => d.id}
      columns={[
        { header: 'No', cell: (_d, i) => i + 1, className: 'w-14' },
        { header: 'ID', sortKey: 'kode_departemen', cell: (d) => d.kode_departemen ?? '-' },
        { header: 'Nama', sortKey: 'nama', cell: (d) => d.nama },
        { header: 'QR Code', cell: (d) => <QrCode qr={d.qr} size={50} label={d.kode_departemen ?? d.nama} /> },
        { header: 'Opsi', cell: (d) => <RowActions id={d.id} search={search} edit={list.can.update} remove={list.can.delete} /> },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
