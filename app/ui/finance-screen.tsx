import { Link, useLoaderData } from '@remix-run/react'
import type { ComponentProps } from 'react'
import type { FilterChoice, ParsedDateFilter } from '~/lib/date-filter'
import type { Can } from '~/lib/grants'
import { listSearch, type ListPage, type ListQuery } from '~/lib/list-query'
import { buttonClass } from './button'
import { useDocumentTable, type DocumentColumns, type DocumentRow } from './document-list'
import { DateFilterForm, type FilterExit } from './date-filter'
import { ListScreen } from './list-screen'

/** What a finance screen's loader returns (app/server/finance.server.ts financeListData). */
export type FinanceList<T> = ListPage<T> & {
  parsed: ParsedDateFilter
  loadError: string | null
  can: Can
  searchIgnored: boolean
  bulk: { posting: number; unpost: number }
}

/**
 * A finance screen (both inquiries and the report): the list screen with the date filter
 * above the search, the bulk actions (inquiries) and Unduh CSV in the header, no add button unless
 * `canAdd` (a document list kept as an inquiry: Perpanjangan STNK & KIR). The
 * filter and the search box need the search grant; `exits` (the report's Cetak) the print grant.
 */
export function FinanceScreen<T>({
  list,
  withStatus,
  csvPath,
  exits = [],
  bulkActions = true,
  choices,
  canAdd = false,
  ...rest
}: Omit<ComponentProps<typeof ListScreen<T>>, 'list' | 'filters' | 'headerActions' | 'searchable' | 'loadError'> & {
  list: FinanceList<T>
  withStatus: boolean
  csvPath: string
  exits?: FilterExit[]
  bulkActions?: boolean
  /** A report's choices beside the dates (see DateFilterForm). */
  choices?: readonly FilterChoice[]
}) {
  const usableExits = list.can.print ? exits : []
  return (
    <ListScreen
      {...rest}
      list={list}
      canAdd={canAdd}
      searchable={list.can.search}
      loadError={list.loadError}
      filters={
        <>
          <SearchIgnored shown={list.searchIgnored} />
          {list.can.search || usableExits.length ? (
            <DateFilterForm parsed={list.parsed} query={list.query} withStatus={withStatus} exits={usableExits} choices={choices} />
          ) : null}
        </>
      }
      headerActions={<FinanceActions can={list.can} query={list.query} bulk={bulkActions ? list.bulk : null} csvPath={csvPath} />}
    />
  )
}

/**
 * A report (Laporan …): a finance screen without the status filter and the bulk actions, with its
 * downloads at `{path}/csv` and Cetak opening `{path}/cetak` for the chosen period.
 */
export function ReportScreen<T>({
  path,
  ...rest
}: Omit<ComponentProps<typeof FinanceScreen<T>>, 'withStatus' | 'bulkActions' | 'csvPath' | 'exits'> & { path: string }) {
  return (
    <FinanceScreen
      {...rest}
      withStatus={false}
      bulkActions={false}
      csvPath={`${path}/csv`}
      exits={[{ label: 'Cetak', action: `${path}/cetak`, kind: 'print' }]}
    />
  )
}

/** What an inquiry's loader answers (app/server/finance.server.ts inquiryListData). */
export type InquiryList<R> = FinanceList<R> & { audit: boolean }

/**
 * The page of an inquiry route (Inquery Pembelian Ban, Inquery Pemasangan Ban; its default export):
 * the loader's documents of a period on a finance screen with the status filter: No, the document's code,
 * `columns`, Status and the document's row menu (`menu`, the one of its document list), the bulk actions.
 */
export function inquiryPage<R extends DocumentRow>({
  code,
  columns,
  menu,
  addable = false,
  ...screen
}: DocumentColumns<R> & { title: string; subtitle: string; searchPlaceholder: string; csvPath: string; addable?: boolean }) {
  return function InquiryPage() {
    const list = useLoaderData<InquiryList<R>>() as InquiryList<R>
    const table = useDocumentTable(list, { code, columns, menu })
    return <FinanceScreen {...screen} list={list} withStatus canAdd={addable && list.can.create} {...table} />
  }
}

/**
 * The buttons over a finance list: Posting semua and Unpost semua (with their grants;
 * each opens a confirmation that names how many documents), Unduh CSV and Unduh Excel (the print
 * grant; exactly the rows of the current URL's filter, search and sort; the same route, ?format=xlsx
 * for the workbook).
 */
export function FinanceActions({
  can,
  query,
  bulk,
  csvPath,
}: {
  can: Can
  query: ListQuery
  /** How many documents each bulk action would change; null: the screen has none (the report). */
  bulk: { posting: number; unpost: number } | null
  csvPath: string
}) {
  const search = listSearch(query, { page: 1 })
  return (
    <>
      {bulk && can.posting_all ? (
        <Link to={`posting-semua${search}`} preventScrollReset className={buttonClass('success')}>
          Posting semua ({bulk.posting})
        </Link>
      ) : null}
      {bulk && can.unpost_all ? (
        <Link to={`unpost-semua${search}`} preventScrollReset className={buttonClass('secondary')}>
          Unpost semua ({bulk.unpost})
        </Link>
      ) : null}
      {can.print ? (
        <>
          <a href={`${csvPath}${search}`} download className={buttonClass('secondary')}>
            Unduh CSV
          </a>
          <a href={`${csvPath}${search ? `${search}&` : '?'}format=xlsx`} download className={buttonClass('secondary')}>
            Unduh Excel
          </a>
        </>
      ) : null}
    </>
  )
}

/** The note when URL filters were ignored because the user has no search grant. */
export function SearchIgnored({ shown }: { shown: boolean }) {
  if (!shown) return null
  return (
    <p role="status" className="mb-4 rounded-md border border-slate-300 bg-slate-50 px-4 py-2 text-sm text-slate-700">
      Anda tidak memiliki izin pencarian di menu ini: filter pada alamat halaman diabaikan.
    </p>
  )
}
