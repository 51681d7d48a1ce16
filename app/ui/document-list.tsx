import { useLoaderData, useLocation } from '@remix-run/react'
import type { SerializeFrom } from '@remix-run/node'
import type { Can } from '~/lib/grants'
import { listSearch, type ListPage } from '~/lib/list-query'
import type { Column } from './data-table'
import { DocStatus } from './doc-status'
import { ListScreen } from './list-screen'
import { rowMenuColumn, useRowMenus, type RowMenuItem } from './row-menu'
import { screenDocumentMenu } from '~/lib/document-menu'

export type DocumentRow = { id: number; kode: string; status: string | null }

/** What a document list's loader answers (app/server/list-screen.server.ts documentListData). */
export type DocumentListData<R> = ListPage<R> & { can: Can; loadError: string | null; audit?: boolean }

/** A row of a list loader's answer (`rows`), as the page reads it: `LoaderRow<typeof loader>`. */
export type LoaderRow<L> = SerializeFrom<L> extends { rows: (infer R)[] } ? R : never

type DocumentListProps<R extends DocumentRow> = {
  title: string
  subtitle: string
  searchPlaceholder: string
  list: DocumentListData<R>
  /** The code column: its header and sort key. */
  code: { header: string; sortKey: string }
  columns: Column<R>[]
  /** The row menu of a document; `search` is the list's own parameters, `here` its URL, `audit` whether Riwayat is offered. */
  menu: (row: R, can: Can, search: string, here: string, audit: boolean) => RowMenuItem[]
}

/** A document's code column, its own columns and its row menu: the same on its list and its inquiry. */
export type DocumentColumns<R extends DocumentRow> = Pick<DocumentListProps<R>, 'code' | 'columns' | 'menu'>

/** The vehicle's No Kabin column of a document list (sorted by no_kabin). */
export const noKabinColumn = <R extends { no_kabin: string | null }>(): Column<R> => ({
  header: 'No Kabin',
  sortKey: 'no_kabin',
  cell: (p) => p.no_kabin ?? '-',
})

/**
 * The page of a document list route (its default export): the loader's list in a DocumentList,
 * the route giving only what is its own (title, code, columns, menu).
 */
export function documentListPage<R extends DocumentRow>(screen: Omit<DocumentListProps<R>, 'list'>) {
  return function DocumentListPage() {
    const list = useLoaderData<DocumentListData<R>>() as DocumentListData<R>
    return <DocumentList {...screen} list={list} />
  }
}

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
}: DocumentListProps<R>) {
  const table = useDocumentTable(list, { code, columns, menu }, 'status')
  return (
    <ListScreen
      title={title}
      subtitle={subtitle}
      searchPlaceholder={searchPlaceholder}
      addLabel="Tambah"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      {...table}
    />
  )
}

/**
 * The table of a document's list or inquiry: No, the document's code, its own columns, Status (sorted
 * by `statusSortKey`: the list's, not the inquiry's) and the row menu, with the row props the menu needs.
 */
export function useDocumentTable<R extends DocumentRow>(
  list: DocumentListData<R>,
  { code, columns, menu }: DocumentColumns<R>,
  statusSortKey?: string,
) {
  const location = useLocation()
  const search = listSearch(list.query)
  const menus = useRowMenus()
  const table: Column<R>[] = [
    { header: 'No', sortKey: 'id', cell: (_p, i) => i + 1, className: 'w-14' },
    { header: code.header, sortKey: code.sortKey, cell: (p) => p.kode || '-' },
    ...columns,
    { header: 'Status', sortKey: statusSortKey, cell: (p) => <DocStatus status={p.status} /> },
    rowMenuColumn(menus, (p: R) => menu(p, list.can, search, location.pathname + location.search, list.audit ?? false)),
  ]
  return { rowKey: (p: R) => p.id, rowProps: (p: R) => menus.rowProps(p.id), columns: table }
}

/** A declared list's page as its loader answers it (app/server/document-list.server.ts documentList). */
export type DeclaredListData = DocumentListData<DocumentRow & { cells: string[] }> & {
  screen: {
    title: string
    subtitle: string
    searchPlaceholder: string
    code: { header: string; sortKey: string }
    columns: { header: string; sortKey?: string; numeric: boolean }[]
    links: { show: string; update: string; cetak?: string }
  }
}

/**
 * The page of a declared document list (Pelepasan Ban, Rotasi Ban, Pemeriksaan Ban): everything it
 * shows comes with the loader's data, the cells already as text; the row menu links to Show, the
 * edit screen and, with `cetak`, the print page.
 */
export function DeclaredDocumentList() {
  const list = useLoaderData<DeclaredListData>() as DeclaredListData
  const s = list.screen
  const columns = s.columns.map((c, i): Column<DocumentRow & { cells: string[] }> => ({
    header: c.header,
    sortKey: c.sortKey,
    cell: (r) => r.cells[i],
    ...(c.numeric ? { className: 'text-right tabular-nums' } : {}),
  }))
  return (
    <DocumentList
      title={s.title}
      subtitle={s.subtitle}
      searchPlaceholder={s.searchPlaceholder}
      list={list}
      code={s.code}
      columns={columns}
      menu={screenDocumentMenu(s.links.show, s.links.update, s.links.cetak)}
    />
  )
}
