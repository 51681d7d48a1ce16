import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { listSearch } from '~/lib/list-query'
import { listScreenData } from '~/lib/list-screen.server'
import { qrFor } from '~/lib/qr.server'
import { listKaryawan } from '~/upstream/karyawan.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'
import { QrCode } from '~/ui/qr-code'
import { RowActions } from '~/ui/row-actions'

export const meta: MetaFunction = () => [{ title: 'Karyawan — Armada' }]

/** Karyawan (spec 000 §2): search on nama_lengkap; No, Kode Karyawan and Nama Karyawan sortable. */
export async function loader({ request }: LoaderFunctionArgs) {
  return listScreenData(request, listKaryawan, {
    searchIn: (k) => [k.nama_lengkap],
    sortBy: { id: (k) => k.id, kode_karyawan: (k) => k.kode_karyawan, nama_lengkap: (k) => k.nama_lengkap },
    row: (k) => ({ id: k.id, kode_karyawan: k.kode_karyawan, nama_lengkap: k.nama_lengkap, qr: qrFor(k.qrcode_karyawan) }),
  })
}

export default function KaryawanList() {
  const list = useLoaderData<typeof loader>()
  const search = listSearch(list.query)
  return (
    <ListScreen
      title="Karyawan"
      subtitle="Daftar karyawan yang tersedia di sistem"
      searchPlaceholder="Cari karyawan..."
      addLabel="Tambah Karyawan"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(k) => k.id}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_k, i) => i + 1, className: 'w-14' },
        { header: 'Kode Karyawan', sortKey: 'kode_karyawan', cell: (k) => k.kode_karyawan || '-' },
        { header: 'Nama Karyawan', sortKey: 'nama_lengkap', cell: (k) => k.nama_lengkap },
        { header: 'QrCode', cell: (k) => <QrCode qr={k.qr} size={50} label={k.kode_karyawan || k.nama_lengkap} /> },
        {
          header: 'Opsi',
          cell: (k) => <RowActions id={k.id} search={search} detail={list.can.show} edit={list.can.update} remove={list.can.delete} />,
        },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
