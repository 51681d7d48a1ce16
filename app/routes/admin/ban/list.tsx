import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useLocation, type MetaFunction } from '@remix-run/react'
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
import { FilterForm, FilterSelect } from '~/ui/filter-form'
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

const PROBLEM_ID = 'stok-filter-problem'

/** The filter of Stok Ban (FilterForm: keeps the search and the sort, starts at page 1); a value not valid stays selected with its message. */
function StokFilterForm({
  parsed,
  query,
  choices,
}: {
  parsed: ParsedStokFilter
  query: ListQuery
  choices: { ukuran: Option[]; merek: Option[] }
}) {
  const { filter, problem } = parsed
  const statusOptions: Option[] = STATUS_BAN.map((s) => ({ value: s, label: STATUS_LABEL[s] }))
  const select = (name: StokFilterField, label: string, all: string, options: Option[]) => (
    <FilterSelect
      name={name}
      label={label}
      all={all}
      options={options}
      value={filter[name]}
      problemId={problem?.field === name ? PROBLEM_ID : null}
    />
  )
  return (
    <FilterForm
      label="Filter stok ban"
      query={query}
      active={!!(filter.status || filter.ukuran || filter.merek)}
      problem={problem?.message ?? null}
      problemId={PROBLEM_ID}
    >
      {select('status', 'Status', 'Semua status', statusOptions)}
      {select('ukuran', 'Ukuran', 'Semua ukuran', choices.ukuran)}
      {select('merek', 'Merek', 'Semua merek', choices.merek)}
    </FilterForm>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
