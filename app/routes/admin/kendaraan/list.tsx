import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { masterListData } from '~/lib/master-list.server'
import { listKendaraan } from '~/upstream/kendaraan.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

export const meta: MetaFunction = () => [{ title: 'Kendaraan — Armada' }]

/** Kendaraan (spec 000 §2): search by no_kabin; columns No, Kode Kendaraan, No. Kabin, QrCode, Opsi. */
export async function loader({ request }: LoaderFunctionArgs) {
  return masterListData(request, listKendaraan, {
    kode: { key: 'kode_kendaraan', of: (k) => k.kode_kendaraan },
    nama: { key: 'no_kabin', of: (k) => k.no_kabin },
    qr: (k) => k.qrcode_kendaraan,
  })
}

export default function KendaraanList() {
  return (
    <MasterList
      list={useLoaderData<typeof loader>()}
      title="Kendaraan"
      subtitle="Daftar kendaraan yang tersedia di sistem"
      searchPlaceholder="Cari no kabin..."
      addLabel="Tambah Kendaraan"
      kode={{ header: 'Kode Kendaraan', sortKey: 'kode_kendaraan' }}
      nama={{ header: 'No. Kabin', sortKey: 'no_kabin' }}
      detail
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
