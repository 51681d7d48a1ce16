import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { formatNumber } from '~/lib/format'
import { reportPrintRows } from '~/server/finance.server'
import { laporanBiayaPerpanjangan } from '~/server/finance-sources.server'
import { PrintErrorBoundary, PrintTable, ReportPrintPage, ReportPrintTotal } from '~/ui/print-page'
import { WITHOUT_SCRIPTS } from '~/lib/hydration'

export const meta: MetaFunction = () => [{ title: 'Cetak Laporan Biaya Perpanjangan — Armada' }]

/**
 * The renewal cost report's print page: no shell, A4; the period's vehicles (No Kabin, No Pol, STNK,
 * KIR, the count, the sum), the sums per document and the whole. Both dates are required.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { rows, ...page } = await reportPrintRows(request, laporanBiayaPerpanjangan)
  const all = page.warning ? [] : rows.matching
  return {
    ...page,
    rows: all,
    stnk: all.reduce((s, v) => s + v.stnk, 0),
    kir: all.reduce((s, v) => s + v.kir, 0),
    jumlah: all.reduce((s, v) => s + v.jumlah, 0),
    total: all.reduce((s, v) => s + v.total, 0),
  }
}

const money = 'text-right tabular-nums'

export default function CetakLaporanBiayaPerpanjangan() {
  const data = useLoaderData<typeof loader>()
  const { rows } = data
  return (
    <ReportPrintPage title="Laporan Biaya Perpanjangan" page={data} empty={rows.length === 0}>
      <PrintTable className="mt-5 text-[12px]">
        <thead>
          <tr>
            <th className="w-10">No</th>
            <th>No Kabin</th>
            <th>No Pol</th>
            <th className="text-right">Biaya STNK</th>
            <th className="text-right">Biaya KIR</th>
            <th className="text-right">Jumlah</th>
            <th className="text-right">Total Biaya</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((v, i) => (
            <tr key={v.kendaraan_id}>
              <td>{i + 1}</td>
              <td>{v.no_kabin}</td>
              <td>{v.no_pol || '-'}</td>
              <td className={money}>Rp {formatNumber(v.stnk)}</td>
              <td className={money}>Rp {formatNumber(v.kir)}</td>
              <td className={money}>{v.jumlah}</td>
              <td className={money}>Rp {formatNumber(v.total)}</td>
            </tr>
          ))}
        </tbody>
        <ReportPrintTotal label={<>Total ({rows.length} kendaraan)</>} span={3}>
          <td className={`${money} font-bold`}>Rp {formatNumber(data.stnk)}</td>
          <td className={`${money} font-bold`}>Rp {formatNumber(data.kir)}</td>
          <td className={`${money} font-bold`}>{data.jumlah}</td>
          <td className={`${money} font-bold`}>Rp {formatNumber(data.total)}</td>
        </ReportPrintTotal>
      </PrintTable>
    </ReportPrintPage>
  )
}

/** Printed, never changed: no JavaScript, so a long period's rows are sent once. */
export const handle = WITHOUT_SCRIPTS

export const ErrorBoundary = PrintErrorBoundary
