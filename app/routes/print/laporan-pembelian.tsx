import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { reportPrintRows } from '~/server/finance.server'
import { laporanPembelian } from '~/server/finance-sources.server'
import { formatDate, formatNumber } from '~/lib/format'
import { PrintErrorBoundary, PrintTable, ReportPrintPage, ReportPrintRow, ReportPrintTotal } from '~/ui/print-page'
import { WITHOUT_SCRIPTS } from '~/lib/hydration'

export const meta: MetaFunction = () => [{ title: 'Cetak Laporan Pembelian Ban — Armada' }]

/**
 * The purchase report's print page: no shell, A4; the period's purchases (No, Tanggal, Kode,
 * Nama Supplier, right-aligned Grand Total) each with its tyres (50% wide), the total, the printed
 * date, page numbers (CSS page margin boxes). Both dates are required; with JavaScript the print
 * dialog opens by itself; it stays a normal page that can be printed by hand.
 *
 * A month of a big fleet is thousands of purchases with tens of thousands of tyres: each purchase is
 * kept as what the page shows while the period is read, its tyre table as finished HTML (React
 * renders it here, escaping included), so the page's render holds one element per purchase, not
 * one per cell.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { rows, ...page } = await reportPrintRows(request, laporanPembelian, (p) => ({
    id: p.id,
    tanggal: p.tanggal_awal,
    kode: p.kode_pembelian_ban,
    supplier: p.supplier?.nama_supp ?? p.supplier?.kode_supplier ?? null,
    grand_total: p.grand_total,
    ban: p.detail_ban.length ? renderToStaticMarkup(<TyreLines kode={p.kode_pembelian_ban} ban={p.detail_ban} />) : null,
  }))
  const shown = page.warning ? [] : rows.matching
  return { ...page, total: shown.reduce((s, p) => s + (p.grand_total ?? 0), 0), rows: shown }
}

function TyreLines({ kode, ban }: { kode: string; ban: readonly { id: number; no_seri: string; kode_ban: string | null }[] }) {
  return (
    <table className="w-1/2 border-collapse text-[11px]" aria-label={`Ban ${kode}`}>
      <thead>
        <tr>
          <th className="w-10">No</th>
          <th>No Seri</th>
          <th>Kode Ban</th>
        </tr>
      </thead>
      <tbody>
        {ban.map((b, j) => (
          <tr key={b.id}>
            <td>{j + 1}</td>
            <td>{b.no_seri || '-'}</td>
            <td>{b.kode_ban ?? '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
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
              {p.ban ? <div dangerouslySetInnerHTML={{ __html: p.ban }} /> : null}
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

/** Printed, never changed: no JavaScript, so a long period's rows are sent once. */
export const handle = WITHOUT_SCRIPTS

export const ErrorBoundary = PrintErrorBoundary
