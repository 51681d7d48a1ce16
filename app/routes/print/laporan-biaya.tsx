import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { reportPrintRows } from '~/server/finance.server'
import { laporanBiaya } from '~/server/finance-sources.server'
import { hasFeature } from '~/server/features.server'
import { formatNumber } from '~/lib/format'
import {
  belumBerjalanText,
  formatBiayaPerKm,
  formatKm,
  GROUP_LABELS,
  kelompokOf,
  bersihOf,
  totalOf,
  URUTAN_LABELS,
  urutanOf,
} from '~/lib/laporan-biaya'
import { PrintErrorBoundary, PrintTable, ReportPrintPage, ReportPrintRow, ReportPrintTotal } from '~/ui/print-page'
import { WITHOUT_SCRIPTS } from '~/lib/hydration'

export const meta: MetaFunction = () => [{ title: 'Cetak Laporan Biaya Ban per Km — Armada' }]

/**
 * The tyre cost report's print page, as the purchase report's: no shell, A4, both dates
 * required; the groups of the period in the chosen order, each with its first TYRES_PRINTED tyres in
 * that order (the others counted: all are in the CSV), and the total in the print table's footer
 * (the shared print block decides how that prints).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { rows, ...page } = await reportPrintRows(request, laporanBiaya)
  const warning = page.warning
  return {
    ...page,
    kelompok: kelompokOf(rows.parsed.choices?.group),
    urutan: urutanOf(rows.parsed.choices?.urutan),
    total: totalOf(rows.matching),
    rows: warning ? [] : rows.matching,
    // The cost net of approved claims beside the gross, when the upstream keeps claims.
    klaim: await hasFeature(rows.auth.upstream, 'klaim-ban'),
  }
}

export default function CetakLaporanBiaya() {
  const data = useLoaderData<typeof loader>()
  const { period, kelompok, urutan, total, rows, klaim } = data
  const label = GROUP_LABELS[kelompok]
  return (
    <ReportPrintPage
      title="Laporan Biaya Ban per Km"
      covers={
        <>
          Periode pelepasan: <strong>{period}</strong> · Dikelompokkan menurut <strong>{label}</strong> · {URUTAN_LABELS[urutan]}
        </>
      }
      page={data}
      empty={rows.length === 0}
    >
      <>
        <PrintTable className="mt-5 text-[12px]">
          <thead>
            <tr>
              <th className="w-10">No</th>
              <th>{label}</th>
              <th className="text-right">Jumlah Ban</th>
              <th className="text-right">Km Tempuh</th>
              <th className="text-right">Total Biaya</th>
              <th className="text-right">Biaya per Km</th>
              {klaim ? (
                <>
                  <th className="text-right">Biaya Bersih (setelah klaim)</th>
                  <th className="text-right">Bersih per Km</th>
                </>
              ) : null}
            </tr>
          </thead>
          {rows.map((g, i) => (
            <ReportPrintRow
              key={g.key || g.label}
              columns={klaim ? 8 : 6}
              none="Rincian ban tidak tersedia."
              cells={
                <>
                  <td>{i + 1}</td>
                  <td className="font-semibold">{g.label || '-'}</td>
                  <td className="text-right tabular-nums">{formatNumber(g.jumlah_ban)}</td>
                  <td className="text-right tabular-nums">{formatKm(g.km_tempuh)}</td>
                  <td className="text-right tabular-nums">Rp {formatNumber(g.total_biaya)}</td>
                  <td className="text-right tabular-nums">{formatBiayaPerKm(g.biaya_per_km)}</td>
                  {klaim ? (
                    <>
                      <td className="text-right tabular-nums">Rp {formatNumber(bersihOf(g).biaya_bersih)}</td>
                      <td className="text-right tabular-nums">{formatBiayaPerKm(bersihOf(g).biaya_bersih_per_km)}</td>
                    </>
                  ) : null}
                </>
              }
            >
              {g.ban.length ? (
                <table className="w-full border-collapse text-[11px]" aria-label={`Ban ${g.label}`}>
                  <thead>
                    <tr>
                      <th>Kode Ban</th>
                      <th>No Seri</th>
                      <th>Kendaraan</th>
                      <th className="text-right">Km Tempuh</th>
                      <th className="text-right">Total Biaya</th>
                      <th className="text-right">Biaya per Km</th>
                    </tr>
                  </thead>
                  <tbody>
                    {g.ban.map((b) => (
                      <tr key={b.id}>
                        <td>{b.kode_ban || '-'}</td>
                        <td>{b.no_seri || '-'}</td>
                        <td>
                          {b.no_kabin ?? '-'}
                          {b.masih_terpasang ? ' (masih terpasang*)' : ''}
                        </td>
                        <td className="text-right tabular-nums">{formatKm(b.km_tempuh)}</td>
                        <td className="text-right tabular-nums">Rp {formatNumber(b.total_biaya)}</td>
                        <td className="text-right tabular-nums">{formatBiayaPerKm(b.biaya_per_km)}</td>
                      </tr>
                    ))}
                    {g.jumlah_ban > g.ban.length ? (
                      <tr>
                        <td colSpan={6} className="italic text-slate-600">
                          … dan {formatNumber(g.jumlah_ban - g.ban.length)} ban lainnya (semua ban ada di Unduh CSV)
                        </td>
                      </tr>
                    ) : null}
                  </tbody>
                </table>
              ) : null}
            </ReportPrintRow>
          ))}
          <ReportPrintTotal label={<>Total ({rows.length} kelompok)</>} span={2}>
            <td className="text-right font-bold tabular-nums">{formatNumber(total.jumlah_ban)}</td>
            <td className="text-right font-bold tabular-nums">{formatKm(total.km_tempuh)}</td>
            <td className="text-right font-bold tabular-nums">Rp {formatNumber(total.total_biaya)}</td>
            <td className="text-right font-bold tabular-nums">{formatBiayaPerKm(total.biaya_per_km)}</td>
            {klaim ? (
              <>
                <td className="text-right font-bold tabular-nums">Rp {formatNumber(total.biaya_bersih)}</td>
                <td className="text-right font-bold tabular-nums">{formatBiayaPerKm(total.biaya_bersih_per_km)}</td>
              </>
            ) : null}
          </ReportPrintTotal>
        </PrintTable>
        {klaim && total.klaim_disetujui ? (
          <p className="mt-2 text-[11px] text-slate-600">
            Biaya bersih: total biaya dikurangi klaim ban yang disetujui (Rp {formatNumber(total.klaim_disetujui)}).
          </p>
        ) : null}
        {belumBerjalanText(total) ? <p className="mt-2 text-[11px] text-slate-600">{belumBerjalanText(total)}</p> : null}
        {rows.some((g) => g.ban.some((b) => b.masih_terpasang)) ? (
          <p className="mt-2 text-[11px] text-slate-600">
            * Ban masih terpasang: km tempuh dihitung sampai saat ini (km kendaraan − km pemasangan).
          </p>
        ) : null}
      </>
    </ReportPrintPage>
  )
}

/** Printed, never changed: no JavaScript, so a long period's rows are sent once. */
export const handle = WITHOUT_SCRIPTS

export const ErrorBoundary = PrintErrorBoundary
