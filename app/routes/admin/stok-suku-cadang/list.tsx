import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useLocation, type MetaFunction } from '@remix-run/react'
import { formatNumber, formatRupiah } from '~/lib/format'
import type { ListPage } from '~/lib/list-query'
import { STOK_PER_PAGE, stokRequest, upstreamStokFilter } from '~/server/suku-cadang.server'
import { loadList } from '~/server/route-errors.server'
import { pageStokSukuCadang, type SukuCadang } from '~/upstream/suku-cadang.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FilterForm } from '~/ui/filter-form'
import { FinanceActions } from '~/ui/finance-screen'
import { ListScreen } from '~/ui/list-screen'

export const meta: MetaFunction = () => [{ title: 'Stok Suku Cadang — Armada' }]

const PROBLEM_ID = 'stok-filter-problem'

/**
 * Stok Suku Cadang: every part's stock on hand, its average cost and value (moving average, whole
 * Rupiah), paged, searched and filtered by the upstream (Kategori, Di bawah minimum; in the URL); the
 * filter's total value; CSV and Excel. A row opens the part's Kartu Stok.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { auth, query, filter } = await stokRequest(request)
  let list: ListPage<SukuCadang> = { rows: [], offset: 0, total: 0, page: 1, pageCount: 1, query }
  let sums: Record<string, number> = {}
  const loaded = await loadList(async () => {
    const page = await pageStokSukuCadang(
      auth.upstream,
      { page: query.page, per_page: STOK_PER_PAGE, q: query.q, sort: query.sort, dir: query.dir },
      upstreamStokFilter(filter),
    )
    const pageCount = Math.max(1, Math.ceil(page.total / STOK_PER_PAGE))
    list = { rows: page.rows, offset: (query.page - 1) * STOK_PER_PAGE, total: page.total, page: query.page, pageCount, query }
    sums = { ...page.sums }
    return page.rows
  })
  return data(
    {
      list,
      loadError: loaded.loadError,
      filter,
      jumlahNilai: sums.jumlah_nilai ?? null,
      jumlahBawah: sums.jumlah_bawah_minimum ?? null,
      can: auth.can,
    },
    { status: loaded.status },
  )
}

export default function StokSukuCadang() {
  const { list, loadError, filter, jumlahNilai, jumlahBawah, can } = useLoaderData<typeof loader>()
  const location = useLocation()
  const active = filter.kategori !== '' || filter.bawah_minimum !== ''
  return (
    <ListScreen
      title="Stok Suku Cadang"
      subtitle="Stok setiap suku cadang dengan harga rata-rata bergerak dan nilainya"
      searchPlaceholder="Cari kode atau nama..."
      canAdd={false}
      headerActions={<FinanceActions can={can} query={list.query} bulk={null} csvPath="/admin/stok-suku-cadang/csv" />}
      list={list}
      loadError={loadError}
      filters={
        <>
          <FilterForm label="Filter stok suku cadang" query={list.query} active={active} problem={null} problemId={PROBLEM_ID}>
            <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-700">
              Kategori
              <input
                name="kategori"
                defaultValue={filter.kategori}
                key={`kategori-${filter.kategori}-${location.key}`}
                maxLength={100}
                className="w-40 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
              />
            </label>
            <label className="flex items-center gap-2 py-2 text-sm font-medium text-slate-700">
              <input
                type="checkbox"
                name="bawah_minimum"
                value="1"
                defaultChecked={filter.bawah_minimum === '1'}
                key={`bawah-${filter.bawah_minimum}-${location.key}`}
              />
              Di bawah minimum
            </label>
          </FilterForm>
          <p className="mb-3 text-sm text-slate-700" data-testid="jumlah-nilai">
            Nilai stok: <strong className="tabular-nums">{formatRupiah(jumlahNilai ?? 0)}</strong>
            {jumlahBawah ? (
              <span className="ml-3 font-semibold text-red-700">{formatNumber(jumlahBawah)} suku cadang di bawah minimum.</span>
            ) : null}
          </p>
        </>
      }
      rowKey={(r) => r.id}
      rowProps={(r) => (r.stok_minimum > 0 && r.stok <= r.stok_minimum ? { className: 'bg-red-50/60' } : {})}
      empty="Tidak ada suku cadang."
      columns={[
        { header: 'Kode', sortKey: 'kode_suku_cadang', cell: (r) => r.kode_suku_cadang, className: 'whitespace-nowrap' },
        {
          header: 'Nama Suku Cadang',
          sortKey: 'nama',
          cell: (r) => (
            <Link to={`/admin/stok-suku-cadang/${r.id}`} className="text-blue-700 hover:underline" aria-label={`Kartu stok ${r.nama}`}>
              {r.nama}
            </Link>
          ),
        },
        { header: 'Kategori', sortKey: 'kategori', cell: (r) => r.kategori || '—' },
        { header: 'Stok', sortKey: 'stok', cell: (r) => formatNumber(r.stok), className: 'text-right tabular-nums' },
        { header: 'Satuan', cell: (r) => r.satuan },
        { header: 'Minimum', cell: (r) => formatNumber(r.stok_minimum), className: 'text-right tabular-nums' },
        { header: 'Harga Rata-rata', cell: (r) => formatRupiah(r.harga_rata_rata), className: 'text-right tabular-nums whitespace-nowrap' },
        {
          header: 'Nilai Stok',
          sortKey: 'nilai_stok',
          cell: (r) => formatRupiah(r.nilai_stok),
          className: 'text-right tabular-nums whitespace-nowrap',
        },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
