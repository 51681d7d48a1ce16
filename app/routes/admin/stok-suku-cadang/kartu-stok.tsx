import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, type MetaFunction } from '@remix-run/react'
import { parseDateFilter, upstreamFilter } from '~/lib/date-filter'
import { formatDate, formatNumber, formatRupiah } from '~/lib/format'
import { parseListQuery } from '~/lib/list-query'
import { idParam } from '~/server/crud.server'
import { requireScreen } from '~/server/grants.server'
import { loadOrFail } from '~/server/route-errors.server'
import { getKartuStok } from '~/upstream/suku-cadang.server'
import { DataTable } from '~/ui/data-table'
import { DateFilterForm } from '~/ui/date-filter'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { PageHeader } from '~/ui/page-header'
import { Pager } from '~/ui/pager'

export const meta: MetaFunction = () => [{ title: 'Kartu Stok — Armada' }]

const PER_PAGE = 50

const JENIS: Record<string, string> = { pembelian: 'Pembelian', perintah_kerja: 'Perintah Kerja', opname: 'Stok Opname' }

/**
 * A part's Kartu Stok (under Stok Suku Cadang): every movement in and out in the order it happened,
 * dated, with its document, and the balance and value after it; the period in the URL (both dates or
 * neither) and the balance before it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request)
  const id = idParam(params.id)
  const search = new URL(request.url).searchParams
  const query = parseListQuery(search, [], ['tanggal_awal', 'tanggal_akhir'])
  const parsed = parseDateFilter(search, { withStatus: false })
  const f = upstreamFilter(parsed)
  const kartu = await loadOrFail(() =>
    getKartuStok(auth.upstream, id, {
      tanggal_awal: parsed.problem ? null : f.tanggal_awal,
      tanggal_akhir: parsed.problem ? null : f.tanggal_akhir,
      page: query.page,
      per_page: PER_PAGE,
    }),
  )
  const pageCount = Math.max(1, Math.ceil(kartu.meta.total / PER_PAGE))
  return data({ kartu, parsed, query, pageCount, offset: (query.page - 1) * PER_PAGE })
}

export default function KartuStok() {
  const { kartu, parsed, query, pageCount, offset } = useLoaderData<typeof loader>()
  const part = kartu.meta.part
  return (
    <div>
      <PageHeader
        title={`Kartu Stok ${part.nama}`}
        subtitle={`${part.kode_suku_cadang} · stok ${formatNumber(part.stok)} ${part.satuan} · nilai ${formatRupiah(part.nilai_stok)} · rata-rata ${formatRupiah(part.harga_rata_rata)}`}
        actions={
          <Link to="/admin/stok-suku-cadang" className="text-sm font-semibold text-blue-700 hover:underline">
            Kembali ke Stok Suku Cadang
          </Link>
        }
      />
      <DateFilterForm parsed={parsed} query={query} withStatus={false} />
      <p className="mb-3 text-sm text-slate-700" data-testid="saldo-awal">
        Saldo awal: <strong className="tabular-nums">{formatNumber(kartu.meta.saldo_awal)}</strong> {part.satuan} · nilai{' '}
        <strong className="tabular-nums">{formatRupiah(kartu.meta.nilai_saldo_awal)}</strong>
      </p>
      <DataTable
        caption={`Kartu stok ${part.nama}`}
        rows={kartu.data}
        offset={offset}
        query={query}
        rowKey={(r) => r.id}
        empty="Tidak ada mutasi pada periode ini."
        columns={[
          { header: 'Tanggal', cell: (r) => formatDate(r.tanggal), className: 'whitespace-nowrap' },
          { header: 'Jenis', cell: (r) => JENIS[r.jenis] ?? r.jenis },
          { header: 'Dokumen', cell: (r) => r.kode_dokumen, className: 'whitespace-nowrap' },
          { header: 'Masuk', cell: (r) => (r.masuk ? formatNumber(r.masuk) : ''), className: 'text-right tabular-nums' },
          { header: 'Keluar', cell: (r) => (r.keluar ? formatNumber(r.keluar) : ''), className: 'text-right tabular-nums' },
          { header: 'Nilai', cell: (r) => formatRupiah(r.nilai), className: 'text-right tabular-nums whitespace-nowrap' },
          { header: 'Saldo', cell: (r) => formatNumber(r.saldo), className: 'text-right tabular-nums' },
          { header: 'Nilai Saldo', cell: (r) => formatRupiah(r.nilai_saldo), className: 'text-right tabular-nums whitespace-nowrap' },
          { header: 'Keterangan', cell: (r) => r.keterangan ?? '' },
        ]}
      />
      <Pager query={query} pageCount={pageCount} />
    </div>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
