import { Link } from '@remix-run/react'
import { Fragment, type HTMLAttributes, type ReactNode } from 'react'
import { sortSearch, type ListQuery } from '~/lib/list-query'

export type Column<T> = {
  header: string
  /** A sort key of the list: the header becomes a link that sorts (asc first, then toggles). */
  sortKey?: string
  cell: (row: T, index: number) => ReactNode
  className?: string
}

/**
 * The list table of every screen: headers (sortable ones as links carrying the list state), rows,
 * and an empty state. `index` passed to cells is the row number on the whole list (for No).
 *
 * Below Tailwind's `md` (phones) the same table shows each row as a card, by CSS alone
 * (`.data-table` in app/tailwind.css): every cell a 'Label: value' line, the label being the column's
 * header from the cell's `data-label` (generated content with empty alternative text, so screen
 * readers do not read it twice: they still get the header from the table). The sortable headers stay
 * as a row of sort links above the cards. One DOM for both layouts: no row rendered twice.
 */
export function DataTable<T>({
  columns,
  rows,
  offset,
  query,
  rowKey,
  empty = 'Tidak ada data.',
  caption,
  rowProps,
  rowDetail,
}: {
  columns: Column<T>[]
  rows: T[]
  offset: number
  query: ListQuery
  rowKey: (row: T) => string | number
  empty?: string
  caption: string
  /** Extra attributes of a row (row menus: click to select, right-click to open the menu). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement>
  /** A second row under each row, spanning the table (the report's tyres in a <details>). */
  rowDetail?: (row: T) => ReactNode
}) {
  return (
    <div className="data-table-wrap overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="data-table min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((col) => {
              const active = col.sortKey && query.sort === col.sortKey
              const ariaSort = active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined
              return (
                <th
                  key={col.header}
                  scope="col"
                  aria-sort={ariaSort}
                  className={`px-4 py-3 text-left font-semibold text-slate-700 ${col.className ?? ''}`}
                >
                  {col.sortKey ? (
                    <Link
                      to={sortSearch(query, col.sortKey)}
                      preventScrollReset
                      className="inline-flex items-center gap-1 hover:text-blue-700"
                      title={`Urutkan menurut ${col.header}`}
                    >
                      {col.header}
                      <span aria-hidden="true" className={active ? 'text-blue-700' : 'text-slate-400'}>
                        {active ? (query.dir === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </Link>
                  ) : (
                    col.header
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, i) => {
              const extra = rowProps?.(row) ?? {}
              const main = (
                <tr key={rowKey(row)} {...extra} className={`hover:bg-slate-50 ${extra.className ?? ''}`}>
                  {columns.map((col) => (
                    <td
                      key={col.header}
                      data-label={col.header}
                      className={`px-4 py-2.5 align-middle text-slate-800 ${col.className ?? ''}`}
                    >
                      {col.cell(row, offset + i)}
                    </td>
                  ))}
                </tr>
              )
              if (!rowDetail) return main
              return (
                <Fragment key={rowKey(row)}>
                  {main}
                  <tr className="border-t-0" data-row-detail="">
                    <td colSpan={columns.length} className="px-4 pb-2.5 pt-0">
                      {rowDetail(row)}
                    </td>
                  </tr>
                </Fragment>
              )
            })
          )}
        </tbody>
      </table>
    </div>
  )
}
