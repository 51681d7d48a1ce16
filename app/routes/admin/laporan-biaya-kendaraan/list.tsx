import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, type MetaFunction } from '@remix-run/react'
import { formatNumber } from '~/lib/format'
import { KELOMPOK_CHOICE, kelompokBiayaOf, sumBiaya, sumsFromMeta } from '~/lib/biaya-kendaraan'
import { financeListData, financeRows } from '~/server/finance.server'
import { laporanBiayaKendaraan } from '~/server/finance-sources.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ReportScreen } from '~/ui/finance-screen'
import { ReportTotals } from '~/ui/report-totals'

export const meta: MetaFunction = () => [{ title: 'Laporan Biaya per Kendaraan — Armada' }]

/**
 * Laporan Biaya per Kendaraan: a period's costs (the URL's dates; every date without them) per vehicle
 * or per vehicle type (`kelompok`) — tyres net of claims, work orders' parts and labour, renewals — with
 * the km run and the cost per km, costliest first; the sums under the table; Cetak, CSV and Excel of the
 * same period and grouping.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const rows = await financeRows(request, laporanBiayaKendaraan)
  return data(
    {
      ...financeListData(rows, (v) => ({ ...v, id: v.key })),
      kelompok: kelompokBiayaOf(rows.parsed.choices?.kelompok),
      sums: rows.sums ? sumsFromMeta(rows.sums) : sumBiaya(rows.matching ?? []),
    },
    { status: rows.status },
  )
}

const money = 'text-right tabular-nums'
const rp = (n: number) => formatNumber(n)

export default function LaporanBiayaKendaraan() {
  const list = useLoaderData<typeof loader>()
  const { sums, kelompok } = list
  const perVehicle = kelompok === 'kendaraan'
  return (
    <ReportScreen
      path="/admin/laporan-biaya-kendaraan"
      title="Laporan Biaya per Kendaraan"
      subtitle="Biaya ban, suku cadang, jasa dan perpanjangan per kendaraan dalam satu periode, dengan km tempuh dan biaya per km"
      searchPlaceholder={perVehicle ? 'Cari no kabin, no pol atau jenis...' : 'Cari jenis kendaraan...'}
      list={list}
      choices={[KELOMPOK_CHOICE]}
      rowKey={(v) => v.id}
      footer={
        <ReportTotals
          testId="laporan-biaya-kendaraan-total"
          className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:flex sm:flex-wrap sm:justify-end"
          itemClassName="flex justify-between gap-2"
          items={[
            { label: 'Ban:', value: `Rp ${rp(sums.ban)}` },
            { label: 'Suku cadang:', value: `Rp ${rp(sums.suku_cadang)}` },
            { label: 'Jasa:', value: `Rp ${rp(sums.jasa)}` },
            { label: 'Perpanjangan:', value: `Rp ${rp(sums.perpanjangan)}` },
            { label: 'Km tempuh:', value: formatNumber(sums.km_tempuh) },
            { label: 'Total biaya:', value: `Rp ${rp(sums.total)}`, bold: true },
            { label: 'Biaya per km:', value: sums.biaya_per_km === null ? '-' : `Rp ${rp(sums.biaya_per_km)}`, bold: true },
          ]}
        />
      }
      columns={[
        { header: 'No', cell: (_v, i) => i + 1, className: 'w-14' },
        ...(perVehicle
          ? [
              {
                header: 'No Kabin',
                sortKey: 'no_kabin',
                cell: (v: (typeof list.rows)[number]) =>
                  v.kendaraan_id !== null ? (
                    <Link className="text-blue-700 underline" to={`/admin/kendaraan/${v.kendaraan_id}`}>
                      {v.label}
                    </Link>
                  ) : (
                    v.label
                  ),
              },
              { header: 'No Pol', cell: (v: (typeof list.rows)[number]) => v.no_pol || '-', className: 'whitespace-nowrap' },
              { header: 'Jenis', sortKey: 'jenis', cell: (v: (typeof list.rows)[number]) => v.jenis },
            ]
          : [
              { header: 'Jenis Kendaraan', sortKey: 'jenis', cell: (v: (typeof list.rows)[number]) => v.label },
              { header: 'Kendaraan', cell: (v: (typeof list.rows)[number]) => formatNumber(v.jumlah_kendaraan), className: money },
            ]),
        { header: 'Ban', sortKey: 'ban', cell: (v) => rp(v.ban), className: money },
        { header: 'Suku Cadang', sortKey: 'suku_cadang', cell: (v) => rp(v.suku_cadang), className: money },
        { header: 'Jasa', sortKey: 'jasa', cell: (v) => rp(v.jasa), className: money },
        { header: 'Perpanjangan', sortKey: 'perpanjangan', cell: (v) => rp(v.perpanjangan), className: money },
        { header: 'Total Biaya', sortKey: 'total', cell: (v) => rp(v.total), className: `${money} font-semibold` },
        { header: 'Km Tempuh', sortKey: 'km_tempuh', cell: (v) => formatNumber(v.km_tempuh), className: money },
        {
          header: 'Biaya/Km',
          sortKey: 'biaya_per_km',
          cell: (v) => (v.biaya_per_km === null ? '-' : rp(v.biaya_per_km)),
          className: money,
        },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
