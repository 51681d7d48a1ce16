import { useLocation } from '@remix-run/react'
import type { Can } from '~/lib/grants'
import { listSearch, type ListPage } from '~/lib/list-query'
import type { Column } from './data-table'
import { DocStatus } from './doc-status'
import { ListScreen } from './list-screen'
import { rowMenuColumn, useRowMenus, type RowMenuItem } from './row-menu'

export type DocumentRow = { id: number; kode: string; status: string | null }

/**
 * The list of a tyre document (Pemasangan Ban, Pelepasan Ban): No, the document's code, `columns`,
 * Status and the document row menu (`menu`: app/lib/document-menu.ts), on the shared list block,
 * with Tambah when the user may create.
 */
export function DocumentList<R extends DocumentRow>({
  title,
  subtitle,
  searchPlaceholder,
  list,
  code,
  columns,
  menu,
}: {
  title: string
  subtitle: string
  searchPlaceholder: string
  list: ListPage<R> & { can: Can; loadError: string | null; audit?: boolean }
  /** The code column: its header and sort key. */
  code: { header: string; sortKey: string }
  columns: Column<R>[]
  /** The row menu of a document; `search` is the list's own parameters, `here` its URL, `audit` whether Riwayat is offered. */
  menu: (row: R, can: Can, search: string, here: string, audit: boolean) => RowMenuItem[]
}) {
  const location = useLocation()
  const search = listSearch(list.query)
  const menus = useRowMenus()
  return (
    <ListScreen
      title={title}
      subtitle={subtitle}
      searchPlaceholder={searchPlaceholder}
      addLabel="Tambah"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(p) => p.id}
      rowProps={(p) => menus.rowProps(p.id)}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_p, i) => i + 1, className: 'w-14' },
        { header: code.header, sortKey: code.sortKey, cell: (p) => p.kode || '-' },
        ...columns,
        { header: 'Status', sortKey: 'status', cell: (p) => <DocStatus status={p.status} /> },
        rowMenuColumn(menus, (p: R) => menu(p, list.can, search, location.pathname + location.search, list.audit ?? false)),
      ]}
    />
  )
}
