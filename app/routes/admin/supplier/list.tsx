import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { listSearch } from '~/lib/list-query'
import { listScreenData } from '~/lib/list-screen.server'
import { qrFor } from '~/lib/qr.server'
import { listSupplier } from '~/upstream/supplier.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'
import { QrCode } from '~/ui/qr-code'
import { RowActions } from '~/ui/row-actions'

export const meta: MetaFunction = () => [{ title: 'Supplier — Armada' }]

/** Supplier (spec 000 §2): search by name; id, kode_supplier and nama_supp sortable (ascending first). */
export async function loader({ request }: LoaderFunctionArgs) {
  return listScreenData(request, listSupplier, {
    searchIn: (s) => [s.nama_supp],
    sortBy: { id: (s) => s.id, kode_supplier: (s) => s.kode_supplier, nama_supp: (s) => s.nama_supp },
    row: (s) => ({ id: s.id, kode_supplier: s.kode_supplier, nama_supp: s.nama_supp, qr: qrFor(s.qrcode_supplier) }),
  })
}

export default function SupplierList() {
  const list = useLoaderData<typeof loader>()
  const search = listSearch(list.query)
  return (
    <ListScreen
      title="Supplier"
      subtitle="list of suppliers available in the system"
      searchPlaceholder="Cari supplier..."
      addLabel="Tambah Supplier"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(s) => s.id}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_s, i) => i + 1, className: 'w-14' },
        { header: 'Kode Supplier', sortKey: 'kode_supplier', cell: (s) => s.kode_supplier || '-' },
        { header: 'Nama Supplier', sortKey: 'nama_supp', cell: (s) => s.nama_supp },
        { header: 'QrCode', cell: (s) => <QrCode qr={s.qr} size={50} label={s.kode_supplier || s.nama_supp} /> },
        {
          header: 'Opsi',
          cell: (s) => <RowActions id={s.id} search={search} detail={list.can.show} edit={list.can.update} remove={list.can.delete} />,
        },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
