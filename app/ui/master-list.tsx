import type { Can } from '~/lib/grants'
import { listSearch, type ListPage } from '~/lib/list-query'
import type { QrData } from '~/lib/qr.server'
import { ListScreen } from './list-screen'
import { QrCode } from './qr-code'
import { RowActions } from './row-actions'

export type MasterRow = { id: number; kode: string | null; nama: string; qr: QrData | null }

/**
 * A master list screen (spec 000 §2) from its configuration: No, the code and the name (sortable,
 * with the keys its loader gave app/lib/master-list.server.ts), the QR code (50 px) and Opsi with
 * the row actions the user's grants allow (`detail`: the screen has a detail dialog; `edit: false`:
 * the screen has no edit).
 */
export function MasterList({
  list,
  title,
  subtitle,
  searchPlaceholder,
  addLabel,
  kode,
  nama,
  qrHeader = 'QrCode',
  numberSortable = true,
  detail = false,
  edit = true,
}: {
  list: ListPage<MasterRow> & { can: Can; loadError: string | null }
  title: string
  subtitle: string
  searchPlaceholder: string
  addLabel: string
  kode: { header: string; sortKey: string }
  nama: { header: string; sortKey: string }
  qrHeader?: string
  numberSortable?: boolean
  detail?: boolean
  edit?: boolean
}) {
  const search = listSearch(list.query)
  return (
    <ListScreen
      title={title}
      subtitle={subtitle}
      searchPlaceholder={searchPlaceholder}
      addLabel={addLabel}
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(r) => r.id}
      columns={[
        { header: 'No', ...(numberSortable ? { sortKey: 'id' } : {}), cell: (_r, i) => i + 1, className: 'w-14' },
        { header: kode.header, sortKey: kode.sortKey, cell: (r) => r.kode || '-' },
        { header: nama.header, sortKey: nama.sortKey, cell: (r) => r.nama || '-' },
        { header: qrHeader, cell: (r) => <QrCode qr={r.qr} size={50} label={r.kode || r.nama || String(r.id)} /> },
        {
          header: 'Opsi',
          cell: (r) => (
            <RowActions id={r.id} search={search} detail={detail && list.can.show} edit={edit && list.can.update} remove={list.can.delete} />
          ),
        },
      ]}
    />
  )
}
