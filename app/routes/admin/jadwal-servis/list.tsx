import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, type MetaFunction } from '@remix-run/react'
import { formatNumber } from '~/lib/format'
import { listScreenData } from '~/server/list-screen.server'
import { listJadwalServis, type JadwalJenisRow } from '~/upstream/jadwal-servis.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'

export const meta: MetaFunction = () => [{ title: 'Jadwal Servis — Armada' }]

/**
 * Jadwal Servis: every vehicle type with how many service items its plan has and how many vehicles
 * follow it; a row opens the type's plan (…/jenis/{id}: edited with Update). A vehicle's own plan
 * (its overrides and last services) opens from Servis Jatuh Tempo and Detail Kendaraan.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return listScreenData(request, listJadwalServis, {
    searchIn: (j: JadwalJenisRow) => [j.nama_jenis_kendaraan],
    sortBy: {
      nama_jenis_kendaraan: (j) => j.nama_jenis_kendaraan,
      jumlah_item: (j) => j.jumlah_item ?? 0,
      jumlah_kendaraan: (j) => j.jumlah_kendaraan ?? 0,
    },
    row: (j) => j,
  })
}

export default function JadwalServis() {
  const list = useLoaderData<typeof loader>()
  return (
    <ListScreen
      title="Jadwal Servis"
      subtitle="Item servis berkala setiap jenis kendaraan; atur per kendaraan dari Servis Jatuh Tempo atau Detail Kendaraan"
      searchPlaceholder="Cari jenis kendaraan..."
      canAdd={false}
      list={list}
      loadError={list.loadError}
      rowKey={(r) => r.jenis_kendaraan_id}
      empty="Belum ada jenis kendaraan."
      columns={[
        { header: 'No', cell: (_r, i) => i + 1, className: 'w-14' },
        { header: 'Jenis Kendaraan', sortKey: 'nama_jenis_kendaraan', cell: (r) => r.nama_jenis_kendaraan || `#${r.jenis_kendaraan_id}` },
        {
          header: 'Item Servis',
          sortKey: 'jumlah_item',
          className: 'text-right tabular-nums',
          cell: (r) => (r.jumlah_item ? formatNumber(r.jumlah_item) : 'Belum diatur'),
        },
        {
          header: 'Kendaraan',
          sortKey: 'jumlah_kendaraan',
          className: 'text-right tabular-nums',
          cell: (r) => formatNumber(r.jumlah_kendaraan ?? 0),
        },
        {
          header: 'Opsi',
          cell: (r) => (
            <Link
              to={`/admin/jadwal-servis/jenis/${r.jenis_kendaraan_id}`}
              className="font-semibold text-blue-700 hover:underline"
              aria-label={`${list.can.update ? 'Atur jadwal' : 'Lihat jadwal'} ${r.nama_jenis_kendaraan}`}
            >
              {list.can.update ? 'Atur Jadwal' : 'Lihat'}
            </Link>
          ),
        },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
