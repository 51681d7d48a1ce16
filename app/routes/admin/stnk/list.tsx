import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { masterListData } from '~/lib/master-list.server'
import { listStnk } from '~/upstream/stnk.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

export const meta: MetaFunction = () => [{ title: 'STNK — Armada' }]

/** STNK (spec 001 §2): search by owner name; id, kode_stnk and nama_pemilik sortable (a click toggles). */
export async function loader({ request }: LoaderFunctionArgs) {
  return masterListData(request, listStnk, {
    kode: { key: 'kode_stnk', of: (s) => s.kode_stnk },
    nama: { key: 'nama_pemilik', of: (s) => s.nama_pemilik },
    qr: (s) => s.qrcode_stnk,
  })
}

export default function StnkList() {
  return (
    <MasterList
      list={useLoaderData<typeof loader>()}
      title="STNK"
      subtitle="Daftar stnk yang tersedia di sistem"
      searchPlaceholder="Cari nama pemilik..."
      addLabel="Tambah STNK"
      kode={{ header: 'Kode Stnk', sortKey: 'kode_stnk' }}
      nama={{ header: 'Nama Pemilik', sortKey: 'nama_pemilik' }}
      detail
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
