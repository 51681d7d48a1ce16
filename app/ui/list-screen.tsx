import { Link, Outlet, useLocation, useNavigation } from '@remix-run/react'
import type { HTMLAttributes, ReactNode } from 'react'
import { listSearch, type ListPage } from '~/lib/list-query'
import { formatNumber } from '~/lib/format'
import { LinkButton } from './button'
import { DataTable, type Column } from './data-table'
import { PlusIcon, SpinnerIcon } from './icons'
import { PageHeader } from './page-header'
import { Pager } from './pager'
import { SearchForm } from './search-form'

/**
 * A master-data list screen: title and subtitle, the add
 * button, the search box, the table with sortable headers, the pager, 'Memuat data, harap
 * tunggu...' while a search/sort/page is loading, and the dialog routes (<Outlet/>) over it.
 */
export function ListScreen<T>({
  title,
  subtitle,
  searchPlaceholder,
  list,
  columns,
  rowKey,
  addLabel = 'Tambah',
  canAdd = true,
  toolbar,
  loadError,
  rowProps,
  rowDetail,
  filters,
  searchable = true,
  headerActions,
  footer,
  empty,
}: {
  title: string
  subtitle?: string
  searchPlaceholder: string
  list: ListPage<T>
  columns: Column<T>[]
  rowKey: (row: T) => string | number
  addLabel?: string
  canAdd?: boolean
  toolbar?: ReactNode
  /** Why the list could not be loaded (shown above an empty table). */
  loadError?: string | null
  /** Extra attributes of a row (see DataTable). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement>
  /** A row's expansion (see DataTable). */
  rowDetail?: (row: T) => ReactNode
  /** Above the search row: the finance screens' date filter. */
  filters?: ReactNode
  /** The search box (false: the user has no search grant). */
  searchable?: boolean
  /** More buttons beside the add button (Posting semua, Unduh CSV …). */
  headerActions?: ReactNode
  /** Under the table, above the pager (the report's total). */
  footer?: ReactNode
  /** The empty table's text. */
  empty?: string
}) {
  const location = useLocation()
  const navigation = useNavigation()
  const reloading = navigation.state === 'loading' && navigation.location.pathname === location.pathname
  return (
    <section>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          canAdd || headerActions ? (
            <>
              {headerActions}
              {canAdd ? (
                <LinkButton to={`tambah${listSearch(list.query)}`} preventScrollReset>
                  <PlusIcon /> {addLabel}
                </LinkButton>
              ) : null}
            </>
          ) : null
        }
      />
      {filters}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {searchable ? <SearchForm query={list.query} placeholder={searchPlaceholder} /> : null}
        {toolbar}
        <p className="text-sm text-slate-600" aria-live="polite">
          {formatNumber(list.total)} data
        </p>
      </div>
      {loadError ? (
        <div
          role="alert"
          className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <span>{loadError}</span>
          <Link to={location.pathname + location.search} reloadDocument className="font-semibold text-red-900 underline">
            Muat ulang
          </Link>
        </div>
      ) : null}
      <div className="relative">
        {reloading ? (
          <div role="status" className="absolute inset-0 z-10 flex items-center justify-center gap-3 bg-white/70 text-slate-700">
            <SpinnerIcon className="size-6 text-blue-700" />
            Memuat data, harap tunggu...
          </div>
        ) : null}
        <DataTable
          columns={columns}
          rows={list.rows}
          offset={list.offset}
          query={list.query}
          rowKey={rowKey}
          caption={title}
          rowProps={rowProps}
          rowDetail={rowDetail}
          empty={loadError ? 'Data tidak dapat dimuat.' : (empty ?? 'Tidak ada data.')}
        />
      </div>
      {footer}
      <Pager query={list.query} pageCount={list.pageCount} />
      <Outlet />
    </section>
  )
}
