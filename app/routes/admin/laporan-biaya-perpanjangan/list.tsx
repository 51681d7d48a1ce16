import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { formatNumber } from '~/lib/format'
import { financeListData, financeRows } from '~/server/finance.server'
import { laporanBiayaPerpanjangan } from '~/server/finance-sources.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ReportScreen } from '~/ui/finance-screen'
import { ReportTotals } from '~/ui/report-totals'

export const meta: MetaFunction = () => [{ title: 'Laporan Biaya Perpanjangan — Armada' }]

/** The sums per document kind over every vehicle of the filter and the search. */
const perDokumen = (rows: readonly { stnk: number; kir: number; jumlah: number; total: number }[]) => ({
  stnk: rows.reduce((s, v) => s + v.stnk, 0),
  kir: rows.reduce((s, v) => s + v.kir, 0),
  jumlah: rows.reduce((s, v) => s + v.jumlah, 0),
  total: rows.reduce((s, v) => s + v.total, 0),
})

/** The same sums as a paging upstream gave them in its meta (over every matching vehicle, not the page). */
const fromMeta = (sums: Readonly<Record<string, number>>, grandTotal: number) => ({
  stnk: sums.stnk ?? 0,
  kir: sums.kir ?? 0,
  jumlah: sums.jumlah ?? 0,
  total: grandTotal,
})

/**
 * Laporan Biaya Perpanjangan: the renewal costs of a payment period (the URL's dates; every date
 * without them) per vehicle — STNK, KIR, how many renewals, the sum — costliest first, searched by
 * No Kabin or No Pol; the sums per document under the table; Cetak and CSV of the same period.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const rows = await financeRows(request, laporanBiayaPerpanjangan)
  return data(
    {
      ...financeListData(rows, (v) => ({ ...v, id: v.kendaraan_id })),
      sums: rows.sums ? fromMeta(rows.sums, rows.grandTotal) : perDokumen(rows.matching ?? []),
    },
    { status: rows.status },
  )
}

const money = 'text-right tabular-nums'

export default function LaporanBiayaPerpanjangan() {
  const list = useLoaderData<typeof loader>()
  const { sums } = list
  return (
    <ReportScreen
      path="/admin/laporan-biaya-perpanjangan"
      title="Laporan Biaya Perpanjangan"
      subtitle="Biaya perpanjangan STNK dan KIR per kendaraan dan per dokumen dalam satu periode"
      searchPlaceholder="Cari no kabin atau no pol..."
      list={list}
      rowKey={(v) => v.id}
      footer={
        <ReportTotals
          testId="laporan-perpanjangan-total"
          className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:flex sm:justify-end"
          itemClassName="flex justify-between gap-2"
          items={[
            { label: 'Total STNK:', value: `Rp ${formatNumber(sums.stnk)}` },
            { label: 'Total KIR:', value: `Rp ${formatNumber(sums.kir)}` },
            { label: `Total (${sums.jumlah} perpanjangan):`, value: `Rp ${formatNumber(sums.total)}`, bold: true },
          ]}
        />
      }
      columns={[
        { header: 'No', cell: (_v, i) => i + 1, className: 'w-14' },
        { header: 'No Kabin', sortKey: 'no_kabin', cell: (v) => v.no_kabin },
        { header: 'No Pol', cell: (v) => v.no_pol || '-' },
        { header: 'Biaya STNK', sortKey: 'stnk', cell: (v) => formatNumber(v.stnk), className: money },
        { header: 'Biaya KIR', sortKey: 'kir', cell: (v) => formatNumber(v.kir), className: money },
        { header: 'Jumlah', sortKey: 'jumlah', cell: (v) => v.jumlah, className: money },
        { header: 'Total Biaya', sortKey: 'total', cell: (v) => formatNumber(v.total), className: money },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
