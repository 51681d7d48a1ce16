import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { masterListData } from '~/lib/master-list.server'
import { listSupplier } from '~/upstream/supplier.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

export const meta: MetaFunction = () => [{ title: 'Supplier — Armada' }]

/** Supplier (spec 000 §2): search by name; id, kode_supplier and nama_supp sortable (ascending first). */
export async function loader({ request }: LoaderFunctionArgs) {
  return masterListData(request, listSupplier, {
    kode: { key: 'kode_supplier', of: (s) => s.kode_supplier },
    nama: { key: 'nama_supp', of: (s) => s.nama_supp },
    qr: (s) => s.qrcode_supplier,
  })
}

export default function SupplierList() {
  return (
    <MasterList
      list={useLoaderData<typeof loader>()}
      title="Supplier"
      subtitle="list of suppliers available in the system"
      searchPlaceholder="Cari supplier..."
      addLabel="Tambah Supplier"
      kode={{ header: 'Kode Supplier', sortKey: 'kode_supplier' }}
      nama={{ header: 'Nama Supplier', sortKey: 'nama_supp' }}
      detail
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
