import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { listSearch } from '~/lib/list-query'
import { listScreenData } from '~/lib/list-screen.server'
import { qrFor } from '~/lib/qr.server'
import { listJenisKendaraan } from '~/upstream/jenis-kendaraan.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'
import { QrCode } from '~/ui/qr-code'
import { RowActions } from '~/ui/row-actions'

export const meta: MetaFunction = () => [{ title: 'Jenis Kendaraan — Armada' }]

/** Jenis Kendaraan (spec 000 §2): the table shows only code, name and QR code. */
export async function loader({ request }: LoaderFunctionArgs) {
  return listScreenData(request, listJenisKendaraan, {
    searchIn: (j) => [j.nama_jenis_kendaraan],
    sortBy: { id: (j) => j.id, kode_jenis_kendaraan: (j) => j.kode_jenis_kendaraan, nama_jenis_kendaraan: (j) => j.nama_jenis_kendaraan },
    row: (j) => ({ id: j.id, kode: j.kode_jenis_kendaraan, nama: j.nama_jenis_kendaraan, qr: qrFor(j.qrcode_jenis_kendaraan) }),
  })
}

export default function JenisKendaraanList() {
  const list = useLoaderData<typeof loader>()
  const search = listSearch(list.query)
  return (
    <ListScreen
      title="Jenis Kendaraan"
      subtitle="Daftar jenis kendaraan yang tersedia di sistem"
      searchPlaceholder="Cari jenis kendaraan..."
      addLabel="Tambah Jenis Kendaraan"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(j) => j.id}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_j, i) => i + 1, className: 'w-14' },
        { header: 'Kode Jenis Kendaraan', sortKey: 'kode_jenis_kendaraan', cell: (j) => j.kode || '-' },
        { header: 'Nama Jenis Kendaraan', sortKey: 'nama_jenis_kendaraan', cell: (j) => j.nama },
        { header: 'QrCode', cell: (j) => <QrCode qr={j.qr} size={50} label={j.kode || j.nama} /> },
        { header: 'Opsi', cell: (j) => <RowActions id={j.id} search={search} edit={list.can.update} remove={list.can.delete} /> },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
