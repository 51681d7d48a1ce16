import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { formatDate, formatNumber } from '~/lib/format'
import { formatMm } from '~/lib/pemeriksaan'
import { reportPrintRows } from '~/server/finance.server'
import { laporanPemeriksaan } from '~/server/finance-sources.server'
import { PrintErrorBoundary, PrintTable, ReportPrintPage, ReportPrintTotal } from '~/ui/print-page'
import { WITHOUT_SCRIPTS } from '~/lib/hydration'

export const meta: MetaFunction = () => [{ title: 'Cetak Laporan Pemeriksaan Ban — Armada' }]

/**
 * The inspection report's print page: no shell, A4; the period's inspection lines (Tanggal, Kode,
 * No Kabin, Posisi, No Seri, Tebal Tapak, Tekanan, Kondisi), their count, the printed date. Both dates
 * are required; with JavaScript the print dialog opens by itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { rows, ...page } = await reportPrintRows(request, laporanPemeriksaan)
  return {
    ...page,
    rows: page.warning
      ? []
      : rows.matching.map((l) => ({
          id: l.id,
          tanggal: l.tanggal_awal,
          kode: l.kode_pemeriksaan,
          no_kabin: l.no_kabin,
          km: l.km,
          posisi: l.posisi_ban,
          no_seri: l.no_seri ?? l.kode_ban,
          tebal_tapak: l.tebal_tapak,
          tekanan: l.tekanan,
          kondisi: l.kondisi,
        })),
  }
}

export default function CetakLaporanPemeriksaan() {
  const data = useLoaderData<typeof loader>()
  const { rows } = data
  return (
    <ReportPrintPage title="Laporan Pemeriksaan Ban" page={data} empty={rows.length === 0}>
      <PrintTable className="mt-5 text-[12px]">
        <thead>
          <tr>
            <th className="w-10">No</th>
            <th>Tanggal</th>
            <th>Kode Pemeriksaan</th>
            <th>No Kabin</th>
            <th className="text-right">Km</th>
            <th>Posisi</th>
            <th>No Seri</th>
            <th className="text-right">Tebal Tapak</th>
            <th className="text-right">Tekanan (psi)</th>
            <th>Kondisi</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((l, i) => (
            <tr key={l.id}>
              <td>{i + 1}</td>
              <td>{formatDate(l.tanggal)}</td>
              <td>{l.kode || '-'}</td>
              <td>{l.no_kabin ?? '-'}</td>
              <td className="text-right tabular-nums">{formatNumber(l.km)}</td>
              <td>{l.posisi ?? '-'}</td>
              <td>{l.no_seri ?? '-'}</td>
              <td className="text-right tabular-nums">{formatMm(l.tebal_tapak)}</td>
              <td className="text-right tabular-nums">{l.tekanan === null ? '-' : String(l.tekanan).replace('.', ',')}</td>
              <td>{l.kondisi ?? '-'}</td>
            </tr>
          ))}
        </tbody>
        <ReportPrintTotal label="Jumlah hasil ukur" span={9}>
          <td className="font-bold tabular-nums">{formatNumber(rows.length)}</td>
        </ReportPrintTotal>
      </PrintTable>
    </ReportPrintPage>
  )
}

/** Printed, never changed: no JavaScript, so a long period's rows are sent once. */
export const handle = WITHOUT_SCRIPTS

export const ErrorBoundary = PrintErrorBoundary
