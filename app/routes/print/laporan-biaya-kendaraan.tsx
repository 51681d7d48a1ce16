import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { formatNumber } from '~/lib/format'
import { KELOMPOK_LABELS, kelompokBiayaOf, sumBiaya } from '~/lib/biaya-kendaraan'
import { reportPrintRows } from '~/server/finance.server'
import { laporanBiayaKendaraan } from '~/server/finance-sources.server'
import { PrintErrorBoundary, PrintTable, ReportPrintPage, ReportPrintTotal } from '~/ui/print-page'
import { WITHOUT_SCRIPTS } from '~/lib/hydration'

export const meta: MetaFunction = () => [{ title: 'Cetak Laporan Biaya per Kendaraan — Armada' }]

/**
 * The cost-per-vehicle report's print page: no shell, A4; the period's lines (per vehicle or per vehicle
 * type), each cost, the km and the cost per km, and the sums. Both dates are required.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { rows, ...page } = await reportPrintRows(request, laporanBiayaKendaraan)
  const all = page.warning ? [] : rows.matching
  return { ...page, rows: all, kelompok: kelompokBiayaOf(rows.parsed.choices?.kelompok), sums: sumBiaya(all) }
}

const money = 'text-right tabular-nums'

export default function CetakLaporanBiayaKendaraan() {
  const data = useLoaderData<typeof loader>()
  const { rows, sums } = data
  const perVehicle = data.kelompok === 'kendaraan'
  return (
    <ReportPrintPage title={`Laporan Biaya per ${KELOMPOK_LABELS[data.kelompok]}`} page={data} empty={rows.length === 0}>
      <PrintTable className="mt-5 text-[11px]">
        <thead>
          <tr>
            <th className="w-8">No</th>
            <th>{perVehicle ? 'No Kabin' : 'Jenis Kendaraan'}</th>
            <th>{perVehicle ? 'No Pol' : 'Kendaraan'}</th>
            <th className="text-right">Ban</th>
            <th className="text-right">Suku Cadang</th>
            <th className="text-right">Jasa</th>
            <th className="text-right">Perpanjangan</th>
            <th className="text-right">Total Biaya</th>
            <th className="text-right">Km Tempuh</th>
            <th className="text-right">Biaya/Km</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((v, i) => (
            <tr key={v.key}>
              <td>{i + 1}</td>
              <td>{v.label}</td>
              <td className="whitespace-nowrap">{perVehicle ? v.no_pol || '-' : formatNumber(v.jumlah_kendaraan)}</td>
              <td className={money}>{formatNumber(v.ban)}</td>
              <td className={money}>{formatNumber(v.suku_cadang)}</td>
              <td className={money}>{formatNumber(v.jasa)}</td>
              <td className={money}>{formatNumber(v.perpanjangan)}</td>
              <td className={money}>{formatNumber(v.total)}</td>
              <td className={money}>{formatNumber(v.km_tempuh)}</td>
              <td className={money}>{v.biaya_per_km === null ? '-' : formatNumber(v.biaya_per_km)}</td>
            </tr>
          ))}
        </tbody>
        <ReportPrintTotal label={<>Total ({rows.length} baris, Rupiah)</>} span={3}>
          <td className={`${money} font-bold`}>{formatNumber(sums.ban)}</td>
          <td className={`${money} font-bold`}>{formatNumber(sums.suku_cadang)}</td>
          <td className={`${money} font-bold`}>{formatNumber(sums.jasa)}</td>
          <td className={`${money} font-bold`}>{formatNumber(sums.perpanjangan)}</td>
          <td className={`${money} font-bold`}>{formatNumber(sums.total)}</td>
          <td className={`${money} font-bold`}>{formatNumber(sums.km_tempuh)}</td>
          <td className={`${money} font-bold`}>{sums.biaya_per_km === null ? '-' : formatNumber(sums.biaya_per_km)}</td>
        </ReportPrintTotal>
      </PrintTable>
    </ReportPrintPage>
  )
}

/** Printed, never changed: no JavaScript, so a long period's rows are sent once. */
export const handle = WITHOUT_SCRIPTS

export const ErrorBoundary = PrintErrorBoundary
