import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { listSearch } from '~/lib/list-query'
import { listScreenData } from '~/lib/list-screen.server'
import { qrFor } from '~/lib/qr.server'
import { listStnk } from '~/upstream/stnk.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'
import { QrCode } from '~/ui/qr-code'
import { RowActions } from '~/ui/row-actions'

export const meta: MetaFunction = () => [{ title: 'STNK — Armada' }]

/** STNK (spec 001 §2): search by owner name; id, kode_stnk and nama_pemilik sortable (a click toggles). */
export async function loader({ request }: LoaderFunctionArgs) {
  return listScreenData(request, listStnk, {
    searchIn: (s) => [s.nama_pemilik],
    sortBy: { id: (s) => s.id, kode_stnk: (s) => s.kode_stnk, nama_pemilik: (s) => s.nama_pemilik },
    row: (s) => ({ id: s.id, kode_stnk: s.kode_stnk, nama_pemilik: s.nama_pemilik, qr: qrFor(s.qrcode_stnk) }),
  })
}

export default function StnkList() {
  const list = useLoaderData<typeof loader>()
  const search = listSearch(list.query)
  return (
    <ListScreen
      title="STNK"
      subtitle="Daftar stnk yang tersedia di sistem"
      searchPlaceholder="Cari nama pemilik..."
      addLabel="Tambah STNK"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(s) => s.id}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_s, i) => i + 1, className: 'w-14' },
        { header: 'Kode Stnk', sortKey: 'kode_stnk', cell: (s) => s.kode_stnk || '-' },
        { header: 'Nama Pemilik', sortKey: 'nama_pemilik', cell: (s) => s.nama_pemilik },
        { header: 'QrCode', cell: (s) => <QrCode qr={s.qr} size={50} label={s.kode_stnk || s.nama_pemilik} /> },
        {
          header: 'Opsi',
          cell: (s) => <RowActions id={s.id} search={search} detail={list.can.show} edit={list.can.update} remove={list.can.delete} />,
        },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
