import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import type { MouseEvent } from 'react'
import { financeListData, financeRows } from '~/server/finance.server'
import { laporanPembelian } from '~/server/finance-sources.server'
import { formatDate, formatNumber } from '~/lib/format'
import { DocStatus } from '~/ui/doc-status'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ReportScreen } from '~/ui/finance-screen'
import { HeadRow } from '~/ui/head-row'

export const meta: MetaFunction = () => [{ title: 'Laporan Pembelian Ban — Armada' }]

/**
 * Laporan Pembelian Ban: the purchases of a period (the URL's dates; all
 * dates without them), searched by purchase code or grand total, each expandable to its tyres, the
 * total of the grand totals under the table; Cetak opens the print page of the same period.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const rows = await financeRows(request, laporanPembelian)
  // Over every row of the filter and the search (from the upstream's page answer when it pages).
  const total = rows.grandTotal
  return data(
    {
      ...financeListData(rows, (p) => ({
        id: p.id,
        tanggal: p.tanggal_awal,
        kode: p.kode_pembelian_ban,
        supplier: p.supplier?.nama_supp ?? p.supplier?.kode_supplier ?? null,
        grand_total: p.grand_total,
        status: p.status,
        ban: p.detail_ban.map((b) => ({ id: b.id, no_seri: b.no_seri, kode_ban: b.kode_ban })),
      })),
      totalAmount: total,
    },
    { status: rows.status },
  )
}

/** A click on a row opens or closes its tyres (the <details> under it works without JavaScript). */
function toggleTyres(e: MouseEvent<HTMLTableRowElement>) {
  if ((e.target as HTMLElement).closest('a, button, summary, input')) return
  const details = e.currentTarget.nextElementSibling?.querySelector('details')
  if (details) details.open = !details.open
}

export default function LaporanPembelian() {
  const list = useLoaderData<typeof loader>()
  return (
    <ReportScreen
      path="/admin/laporan-pembelian-ban"
      title="Laporan Pembelian Ban"
      subtitle="Pembelian ban per periode, dengan rincian ban"
      searchPlaceholder="Cari kode pembelian atau grand total..."
      list={list}
      rowKey={(p) => p.id}
      rowProps={() => ({ onClick: toggleTyres, className: 'cursor-pointer' })}
      rowDetail={(p) => (
        <details className="group text-sm">
          <summary className="cursor-pointer select-none text-blue-700 hover:underline">Detail ban ({p.ban.length})</summary>
          {p.ban.length ? (
            <table className="mt-2 w-full max-w-xl border-collapse text-left text-sm">
              <thead>
                <HeadRow
                  className="bg-slate-50 text-slate-700"
                  cell="border border-slate-200 px-3 py-1.5 font-semibold"
                  columns={['No', 'No Seri Ban', 'Kode Ban']}
                />
              </thead>
              <tbody>
                {p.ban.map((b, i) => (
                  <tr key={b.id}>
                    <td className="border border-slate-200 px-3 py-1.5">{i + 1}</td>
                    <td className="border border-slate-200 px-3 py-1.5">{b.no_seri || '-'}</td>
                    <td className="border border-slate-200 px-3 py-1.5">{b.kode_ban ?? '-'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="mt-2 text-slate-600">Detail ban tidak tersedia.</p>
          )}
        </details>
      )}
      footer={
        <p className="mt-3 flex justify-end gap-3 text-sm">
          <span className="text-slate-600">Total grand total ({list.total} pembelian):</span>
          <strong className="tabular-nums" data-testid="laporan-total">
            Rp {formatNumber(list.total ? list.totalAmount : 0)}
          </strong>
        </p>
      }
      columns={[
        { header: 'No', cell: (_p, i) => i + 1, className: 'w-14' },
        { header: 'Tanggal', sortKey: 'tanggal', cell: (p) => formatDate(p.tanggal) },
        { header: 'Kode Pembelian Ban', sortKey: 'kode_pembelian_ban', cell: (p) => p.kode || '-' },
        { header: 'Nama Supplier', sortKey: 'nama_supp', cell: (p) => p.supplier ?? '-' },
        { header: 'Grand Total', sortKey: 'grand_total', cell: (p) => formatNumber(p.grand_total), className: 'text-right tabular-nums' },
        { header: 'Status', cell: (p) => <DocStatus status={p.status} /> },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
