import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { reportPrintRows } from '~/server/finance.server'
import { laporanPembelian } from '~/server/finance-sources.server'
import { formatDate, formatNumber } from '~/lib/format'
import { PrintErrorBoundary, PrintTable, ReportPrintPage, ReportPrintRow, ReportPrintTotal } from '~/ui/print-page'

export const meta: MetaFunction = () => [{ title: 'Cetak Laporan Pembelian Ban — Armada' }]

/**
 * The purchase report's print page: no shell, A4; the period's purchases (No, Tanggal, Kode,
 * Nama Supplier, right-aligned Grand Total) each with its tyres (50% wide), the total, the printed
 * date, page numbers (CSS page margin boxes). Both dates are required; with JavaScript the print
 * dialog opens by itself; it stays a normal page that can be printed by hand.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { rows, ...page } = await reportPrintRows(request, laporanPembelian)
  const warning = page.warning
  return {
    ...page,
    total: rows.matching.reduce((s, p) => s + (p.grand_total ?? 0), 0),
    rows: warning
      ? []
      : rows.matching.map((p) => ({
          id: p.id,
          tanggal: p.tanggal_awal,
          kode: p.kode_pembelian_ban,
          supplier: p.supplier?.nama_supp ?? p.supplier?.kode_supplier ?? null,
          grand_total: p.grand_total,
          ban: p.detail_ban.map((b) => ({ id: b.id, no_seri: b.no_seri, kode_ban: b.kode_ban })),
        })),
  }
}

export default function CetakLaporanPembelian() {
  const data = useLoaderData<typeof loader>()
  const { total, rows } = data
  return (
    <ReportPrintPage title="Laporan Pembelian Ban" page={data} empty={rows.length === 0}>
      <>
        <PrintTable className="mt-5 text-[12px]">
          <thead>
            <tr>
              <th className="w-10">No</th>
              <th>Tanggal</th>
              <th>Kode Pembelian Ban</th>
              <th>Nama Supplier</th>
              <th className="text-right">Grand Total</th>
            </tr>
          </thead>
          {rows.map((p, i) => (
            <ReportPrintRow
              key={p.id}
              columns={5}
              none="Detail ban tidak tersedia."
              cells={
                <>
                  <td>{i + 1}</td>
                  <td>{formatDate(p.tanggal)}</td>
                  <td>{p.kode || '-'}</td>
                  <td>{p.supplier ?? '-'}</td>
                  <td className="text-right tabular-nums">Rp {formatNumber(p.grand_total)}</td>
                </>
              }
            >
              {p.ban.length ? (
                <table className="w-1/2 border-collapse text-[11px]" aria-label={`Ban ${p.kode}`}>
                  <thead>
                    <tr>
                      <th className="w-10">No</th>
                      <th>No Seri</th>
                      <th>Kode Ban</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.ban.map((b, j) => (
                      <tr key={b.id}>
                        <td>{j + 1}</td>
                        <td>{b.no_seri || '-'}</td>
                        <td>{b.kode_ban ?? '-'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </ReportPrintRow>
          ))}
          <ReportPrintTotal label={<>Total ({rows.length} pembelian)</>} span={4}>
            <td className="text-right font-bold tabular-nums">Rp {formatNumber(total)}</td>
          </ReportPrintTotal>
        </PrintTable>
      </>
    </ReportPrintPage>
  )
}

export const ErrorBoundary = PrintErrorBoundary
