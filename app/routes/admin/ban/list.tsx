import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation, type MetaFunction } from '@remix-run/react'
import { backTo } from '~/lib/document-menu'
import type { Can } from '~/lib/grants'
import { IMPOR_SPECS, imporPaths } from '~/lib/impor'
import { listSearch, type ListQuery } from '~/lib/list-query'
import { STATUS_BAN, STATUS_LABEL, type ParsedStokFilter, type StokFilterField } from '~/lib/stok-ban'
import { stokBanRow, stokBanRows, type StokBanRow } from '~/routes/admin/ban/stok-ban.server'
import { hasFeature } from '~/server/features.server'
import { BanStatusBadge } from '~/ui/ban-status'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import type { Option } from '~/ui/fields'
import { FinanceActions } from '~/ui/finance-screen'
import { ImporActions } from '~/ui/impor-actions'
import { ListScreen } from '~/ui/list-screen'
import { rowMenuColumn, useRowMenus, type RowMenuItem } from '~/ui/row-menu'

export const meta: MetaFunction = () => [{ title: 'Stok Ban — Armada' }]

/**
 * Stok Ban: every tyre with its state and where it is, 5 a page; ?status, ?ukuran, ?merek
 * filter it, ?q searches serial or code. Row menu: Riwayat (show), and for a tyre at the retreader
 * Terima dari vulkanisir (update). Unduh CSV: the same rows (print).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const rows = await stokBanRows(request)
  const page = rows.page
  return data(
    {
      ...page,
      rows: page.rows.map(stokBanRow),
      loadError: rows.loadError,
      can: rows.auth.can,
      parsed: rows.parsed,
      choices: rows.choices,
      // Import from Excel: Create on Stok Ban and an upstream with the extension 'impor'.
      impor: rows.auth.can.create && (await hasFeature(rows.auth.upstream, 'impor')),
    },
    { status: rows.status },
  )
}

/** The row menu of a tyre. */
export function banMenu(row: { id: number; status: string | null }, can: Can, search: string, here: string): RowMenuItem[] {
  return [
    ...(can.show ? [{ kind: 'link', label: 'Riwayat', to: `/admin/ban/${row.id}?${backTo(here)}` } as const] : []),
    ...(can.update && row.status === 'vulkanisir'
      ? [{ kind: 'link', label: 'Terima dari vulkanisir', to: `${row.id}/terima-vulkanisir${search}` } as const]
      : []),
  ]
}

export default function StokBan() {
  const list = useLoaderData<typeof loader>()
  const location = useLocation()
  const search = listSearch(list.query)
  const menus = useRowMenus()
  const here = location.pathname + location.search
  return (
    <ListScreen
      title="Stok Ban"
      subtitle="Semua ban: status, kondisi dan lokasinya sekarang"
      searchPlaceholder="Cari no seri atau kode ban..."
      canAdd={false}
      list={list}
      loadError={list.loadError}
      filters={<StokFilterForm parsed={list.parsed} query={list.query} choices={list.choices} />}
      headerActions={
        <>
          <ImporActions impor={list.impor ? imporPaths(IMPOR_SPECS.ban) : null} />
          <FinanceActions can={list.can} query={list.query} bulk={null} csvPath="/admin/ban/csv" />
        </>
      }
      rowKey={(b) => b.id}
      rowProps={(b) => menus.rowProps(b.id)}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_b, i) => i + 1, className: 'w-14' },
        { header: 'Kode Ban', sortKey: 'kode_ban', cell: (b) => b.kode_ban || '—' },
        {
          header: 'No Seri',
          sortKey: 'no_seri',
          cell: (b: StokBanRow) =>
            list.can.show ? (
              <Link to={`/admin/ban/${b.id}?${backTo(here)}`} className="font-medium text-blue-700 hover:underline">
                {b.no_seri || '—'}
              </Link>
            ) : (
              b.no_seri || '—'
            ),
        },
        { header: 'Ukuran', sortKey: 'ukuran', cell: (b) => b.ukuran ?? '—' },
        { header: 'Merek', sortKey: 'merek', cell: (b) => b.merek ?? '—' },
        { header: 'Kondisi', sortKey: 'kondisi', cell: (b) => b.kondisi ?? '—' },
        { header: 'Status', sortKey: 'status', cell: (b) => <BanStatusBadge status={b.status} /> },
        { header: 'Lokasi', sortKey: 'lokasi', cell: (b) => b.lokasi },
        rowMenuColumn(menus, (b) => banMenu(b, list.can, search, here)),
      ]}
      empty={list.parsed.problem ? 'Perbaiki filter untuk menampilkan data.' : 'Tidak ada ban.'}
    />
  )
}

const control =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20 aria-[invalid=true]:border-red-500'

/**
 * The filter of Stok Ban: a GET form (every view has a URL; works without JavaScript) that keeps the
 * search and the sort and starts at page 1. A value that is not valid stays selected, with its message.
 */
function StokFilterForm({
  parsed,
  query,
  choices,
}: {
  parsed: ParsedStokFilter
  query: ListQuery
  choices: { ukuran: Option[]; merek: Option[] }
}) {
  const location = useLocation()
  const { filter, problem } = parsed
  const statusOptions: Option[] = STATUS_BAN.map((s) => ({ value: s, label: STATUS_LABEL[s] }))
  const select = (name: StokFilterField, label: string, all: string, options: Option[]) => {
    const value = filter[name]
    // A value sent that is not a choice stays in the form (so the user sees what was wrong).
    const shown = value && !options.some((o) => o.value === value) ? [...options, { value, label: `${value} (tidak valid)` }] : options
    const invalid = problem?.field === name
    return (
      <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-700">
        {label}
        <select
          name={name}
          defaultValue={value}
          key={`${name}-${value}-${location.key}`}
          className={control}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? 'stok-filter-problem' : undefined}
        >
          <option value="">{all}</option>
          {shown.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    )
  }
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter stok ban"
      preventScrollReset
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.sort ? <input type="hidden" name="dir" value={query.dir} /> : null}
      <div className="flex flex-wrap items-end gap-3">
        {select('status', 'Status', 'Semua status', statusOptions)}
        {select('ukuran', 'Ukuran', 'Semua ukuran', choices.ukuran)}
        {select('merek', 'Merek', 'Semua merek', choices.merek)}
        <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">
          Filter
        </button>
        {filter.status || filter.ukuran || filter.merek ? (
          <Link
            to={location.pathname + listSearch({ ...query, keep: [] }, { page: 1 })}
            className="py-2 text-sm font-semibold text-blue-700 hover:underline"
          >
            Hapus filter
          </Link>
        ) : null}
      </div>
      {problem ? (
        <div
          id="stok-filter-problem"
          role="alert"
          className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
        >
          <strong className="mr-1">Peringatan</strong>
          {problem.message}
        </div>
      ) : null}
    </Form>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
