import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { formatNumber } from '~/lib/format'
import { listSearch } from '~/lib/list-query'
import { listScreenData } from '~/server/list-screen.server'
import { listItemServis, type ItemServis } from '~/upstream/jadwal-servis.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'
import { RowActions } from '~/ui/row-actions'

export const meta: MetaFunction = () => [{ title: 'Item Servis — Armada' }]

/**
 * Item Servis (the master of service items, extension 'jadwal-servis'): code, name, its intervals
 * (km, days: whichever comes first) and the parts it usually takes; search on the name; add, edit and
 * delete dialogs by the user's grants.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return listScreenData(request, listItemServis, {
    searchIn: (i: ItemServis) => [i.nama, i.kode_item_servis],
    sortBy: { id: (i) => i.id, kode_item_servis: (i) => i.kode_item_servis, nama: (i) => i.nama },
    row: (i) => i,
  })
}

export default function ItemServisList() {
  const list = useLoaderData<typeof loader>()
  const search = listSearch(list.query)
  return (
    <ListScreen
      title="Item Servis"
      subtitle="Pekerjaan servis berkala dan intervalnya: mana yang lebih dulu, km atau hari"
      searchPlaceholder="Cari item servis..."
      addLabel="Tambah Item Servis"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(r) => r.id}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_r, i) => i + 1, className: 'w-14' },
        { header: 'Kode', sortKey: 'kode_item_servis', cell: (r) => r.kode_item_servis || '-', className: 'whitespace-nowrap' },
        { header: 'Nama Item Servis', sortKey: 'nama', cell: (r) => r.nama || '-' },
        {
          header: 'Interval Km',
          className: 'text-right tabular-nums',
          cell: (r) => (r.interval_km === null ? '—' : formatNumber(r.interval_km)),
        },
        {
          header: 'Interval Hari',
          className: 'text-right tabular-nums',
          cell: (r) => (r.interval_hari === null ? '—' : formatNumber(r.interval_hari)),
        },
        { header: 'Suku Cadang', cell: (r) => r.suku_cadang || '—' },
        {
          header: 'Opsi',
          cell: (r) => <RowActions id={r.id} search={search} detail={false} edit={list.can.update} remove={list.can.delete} />,
        },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
