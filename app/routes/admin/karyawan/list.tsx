import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { masterListData } from '~/lib/master-list.server'
import { listKaryawan } from '~/upstream/karyawan.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

export const meta: MetaFunction = () => [{ title: 'Karyawan — Armada' }]

/** Karyawan (spec 000 §2): search on nama_lengkap; No, Kode Karyawan and Nama Karyawan sortable. */
export async function loader({ request }: LoaderFunctionArgs) {
  return masterListData(request, listKaryawan, {
    kode: { key: 'kode_karyawan', of: (k) => k.kode_karyawan },
    nama: { key: 'nama_lengkap', of: (k) => k.nama_lengkap },
    qr: (k) => k.qrcode_karyawan,
  })
}

export default function KaryawanList() {
  return (
    <MasterList
      list={useLoaderData<typeof loader>()}
      title="Karyawan"
      subtitle="Daftar karyawan yang tersedia di sistem"
      searchPlaceholder="Cari karyawan..."
      addLabel="Tambah Karyawan"
      kode={{ header: 'Kode Karyawan', sortKey: 'kode_karyawan' }}
      nama={{ header: 'Nama Karyawan', sortKey: 'nama_lengkap' }}
      detail
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
