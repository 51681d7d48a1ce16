import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { applyListQuery, listSearch, parseListQuery } from '~/lib/list-query'
import { qrFor } from '~/lib/qr.server'
import { requireScreenList } from '~/lib/grants.server'
import { listDepartemen } from '~/upstream/departemen.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'
import { QrCode } from '~/ui/qr-code'
import { RowActions } from '~/ui/row-actions'

export const meta: MetaFunction = () => [{ title: 'Departemen — Armada' }]

const SORTABLE = ['id', 'kode_departemen', 'nama'] as const

/** Departemen (spec 000 §2); also mounted at /admin/perpanjangan-stnk, which reuses this screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { auth, all, loadError, status } = await requireScreenList(request, listDepartemen)
  const query = parseListQuery(new URL(request.url).searchParams, SORTABLE)
  const list = applyListQuery(all, query, {
    searchIn: (d) => [d.nama],
    sortBy: { id: (d) => d.id, kode_departemen: (d) => d.kode_departemen, nama: (d) => d.nama },
  })
  const rows = list.rows.map((d) => ({ ...d, qr: qrFor(d.qrcode_departemen ?? d.kode_departemen) }))
  return data({ ...list, rows, loadError, can: auth.can }, { status })
}

export default function DepartemenList() {
  const list = useLoaderData<typeof loader>()
  const search = listSearch(list.query)
  return (
    <ListScreen
      title="Departemen"
      subtitle="Daftar departemen yang tersedia di sistem"
      searchPlaceholder="Cari departemen..."
      addLabel="Tambah Departemen"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(d) => d.id}
      columns={[
        { header: 'No', cell: (_d, i) => i + 1, className: 'w-14' },
        { header: 'ID', sortKey: 'kode_departemen', cell: (d) => d.kode_departemen ?? '-' },
        { header: 'Nama', sortKey: 'nama', cell: (d) => d.nama },
        { header: 'QR Code', cell: (d) => <QrCode qr={d.qr} size={50} label={d.kode_departemen ?? d.nama} /> },
        { header: 'Opsi', cell: (d) => <RowActions id={d.id} search={search} edit={list.can.update} remove={list.can.delete} /> },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
