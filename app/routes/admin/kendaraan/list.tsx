import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { listSearch } from '~/lib/list-query'
import { listScreenData } from '~/lib/list-screen.server'
import { qrFor } from '~/lib/qr.server'
import { listKendaraan } from '~/upstream/kendaraan.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'
import { QrCode } from '~/ui/qr-code'
import { RowActions } from '~/ui/row-actions'

export const meta: MetaFunction = () => [{ title: 'Kendaraan — Armada' }]

/** Kendaraan (spec 000 §2): search by no_kabin; columns No, Kode Kendaraan, No. Kabin, QrCode, Opsi. */
export async function loader({ request }: LoaderFunctionArgs) {
  return listScreenData(request, listKendaraan, {
    searchIn: (k) => [k.no_kabin],
    sortBy: { id: (k) => k.id, kode_kendaraan: (k) => k.kode_kendaraan, no_kabin: (k) => k.no_kabin },
    row: (k) => ({ id: k.id, kode: k.kode_kendaraan, no_kabin: k.no_kabin, qr: qrFor(k.qrcode_kendaraan) }),
  })
}

export default function KendaraanList() {
  const list = useLoaderData<typeof loader>()
  const search = listSearch(list.query)
  return (
    <ListScreen
      title="Kendaraan"
      subtitle="Daftar kendaraan yang tersedia di sistem"
      searchPlaceholder="Cari no kabin..."
      addLabel="Tambah Kendaraan"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(k) => k.id}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_k, i) => i + 1, className: 'w-14' },
        { header: 'Kode Kendaraan', sortKey: 'kode_kendaraan', cell: (k) => k.kode || '-' },
        { header: 'No. Kabin', sortKey: 'no_kabin', cell: (k) => k.no_kabin },
        { header: 'QrCode', cell: (k) => <QrCode qr={k.qr} size={50} label={k.kode || k.no_kabin} /> },
        {
          header: 'Opsi',
          cell: (k) => <RowActions id={k.id} search={search} detail={list.can.show} edit={list.can.update} remove={list.can.delete} />,
        },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
