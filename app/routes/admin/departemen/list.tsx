import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { masterListData } from '~/lib/master-list.server'
import { listDepartemen } from '~/upstream/departemen.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

export const meta: MetaFunction = () => [{ title: 'Departemen — Armada' }]

/** Departemen (spec 000 §2); also mounted at /admin/perpanjangan-stnk, which reuses this screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  return masterListData(request, listDepartemen, {
    kode: { key: 'kode_departemen', of: (d) => d.kode_departemen },
    nama: { key: 'nama', of: (d) => d.nama },
    qr: (d) => d.qrcode_departemen ?? d.kode_departemen,
  })
}

export default function DepartemenList() {
  return (
    <MasterList
      list={useLoaderData<typeof loader>()}
      title="Departemen"
      subtitle="Daftar departemen yang tersedia di sistem"
      searchPlaceholder="Cari departemen..."
      addLabel="Tambah Departemen"
      kode={{ header: 'ID', sortKey: 'kode_departemen' }}
      nama={{ header: 'Nama', sortKey: 'nama' }}
      qrHeader="QR Code"
      numberSortable={false}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
