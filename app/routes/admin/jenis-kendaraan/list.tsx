import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { masterListData } from '~/lib/master-list.server'
import { listJenisKendaraan } from '~/upstream/jenis-kendaraan.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

export const meta: MetaFunction = () => [{ title: 'Jenis Kendaraan — Armada' }]

/** Jenis Kendaraan (spec 000 §2): the table shows only code, name and QR code. */
export async function loader({ request }: LoaderFunctionArgs) {
  return masterListData(request, listJenisKendaraan, {
    kode: { key: 'kode_jenis_kendaraan', of: (j) => j.kode_jenis_kendaraan },
    nama: { key: 'nama_jenis_kendaraan', of: (j) => j.nama_jenis_kendaraan },
    qr: (j) => j.qrcode_jenis_kendaraan,
  })
}

export default function JenisKendaraanList() {
  return (
    <MasterList
      list={useLoaderData<typeof loader>()}
      title="Jenis Kendaraan"
      subtitle="Daftar jenis kendaraan yang tersedia di sistem"
      searchPlaceholder="Cari jenis kendaraan..."
      addLabel="Tambah Jenis Kendaraan"
      kode={{ header: 'Kode Jenis Kendaraan', sortKey: 'kode_jenis_kendaraan' }}
      nama={{ header: 'Nama Jenis Kendaraan', sortKey: 'nama_jenis_kendaraan' }}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
