import type { Can } from '~/lib/grants'
import { listSearch, type ListPage } from '~/lib/list-query'
import type { MasterScreen } from '~/lib/master-screens'
import type { QrData } from '~/server/qr.server'
import { ImporActions } from './impor-actions'
import { ListScreen } from './list-screen'
import { QrCode } from './qr-code'
import { RowActions } from './row-actions'

export type MasterRow = { id: number; kode: string | null; nama: string; qr: QrData | null }

/**
 * A master list screen from its configuration (app/lib/master-screens.ts): No, the
 * code and the name (sortable), the QR code (50 px) and Opsi with the row actions the user's grants
 * allow; 'Unduh template' and 'Impor' when the master has an import the user may use.
 */
export function MasterList({
  list,
  screen,
}: {
  list: ListPage<MasterRow> & { can: Can; loadError: string | null; impor?: { upload: string; template: string } | null }
  screen: MasterScreen
}) {
  const search = listSearch(list.query)
  const { kode, nama, detail = false, edit = true } = screen
  return (
    <ListScreen
      title={screen.title}
      subtitle={screen.subtitle}
      searchPlaceholder={screen.searchPlaceholder}
      addLabel={screen.addLabel}
      canAdd={list.can.create}
      headerActions={list.impor ? <ImporActions impor={list.impor} /> : undefined}
      list={list}
      loadError={list.loadError}
      rowKey={(r) => r.id}
      columns={[
        { header: 'No', ...(screen.numberSortable === false ? {} : { sortKey: 'id' }), cell: (_r, i) => i + 1, className: 'w-14' },
        { header: kode.header, sortKey: kode.key, cell: (r) => r.kode || '-' },
        { header: nama.header, sortKey: nama.key, cell: (r) => r.nama || '-' },
        { header: screen.qrHeader ?? 'QrCode', cell: (r) => <QrCode qr={r.qr} size={50} label={r.kode || r.nama || String(r.id)} /> },
        {
          header: 'Opsi',
          cell: (r) => (
            <RowActions
              id={r.id}
              search={search}
              detail={detail && list.can.show}
              edit={edit && list.can.update}
              remove={list.can.delete}
            />
          ),
        },
      ]}
    />
  )
}
