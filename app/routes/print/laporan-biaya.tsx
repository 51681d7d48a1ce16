import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { COMPANY_TIME_ZONE, DATE_PAIR_WARNING, periodLabel } from '~/lib/date-filter'
import { financeRows } from '~/lib/finance.server'
import { laporanBiaya } from '~/lib/finance-sources.server'
import { formatNumber } from '~/lib/format'
import { formatBiayaPerKm, formatKm, GROUP_LABELS, kelompokOf, totalOf, URUTAN_LABELS, urutanOf } from '~/lib/laporan-biaya'
import { PrintErrorBoundary, PrintPage, PrintTable } from '~/ui/print-page'

export const meta: MetaFunction = () => [{ title: 'Cetak Laporan Biaya Ban per Km — Armada' }]

const printedAt = new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeStyle: 'short', timeZone: COMPANY_TIME_ZONE })

/**
 * The tyre cost report's print page (issue 19.5), as the purchase report's: no shell, A4, both dates
 * required; the groups of the period in the chosen order, each with its tyres, and the total in the
 * print table's footer (the shared print block decides how that prints).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const rows = await financeRows(request, laporanBiaya, 'print', { periodWithoutSearch: true })
  const url = new URL(request.url)
  const back = `${laporanBiaya.path}${url.search}`
  const warning = rows.parsed.problem?.message ?? (rows.parsed.period ? null : DATE_PAIR_WARNING)
  return {
    warning,
    loadError: warning ? null : rows.loadError,
    back,
    period: periodLabel(rows.parsed.filter),
    kelompok: kelompokOf(rows.parsed.choices?.group),
    urutan: urutanOf(rows.parsed.choices?.urutan),
    printedAt: printedAt.format(new Date()),
    total: totalOf(rows.matching),
    rows: warning ? [] : rows.matching,
  }
}

export default function CetakLaporanBiaya() {
  const { warning, loadError, back, period, kelompok, urutan, printedAt, total, rows } = useLoaderData<typeof loader>()
  const message = warning ?? loadError ?? (rows.length === 0 ? 'Tidak ada data untuk dicetak' : null)
  const label = GROUP_LABELS[kelompok]
  return (
    <PrintPage title="Laporan Biaya Ban per Km" backTo={back} autoPrint={!message}>
      <header className="border-b-2 border-slate-800 pb-3">
        <h1 className="text-xl font-bold uppercase tracking-wide">Laporan Biaya Ban per Km</h1>
        <p className="mt-1 text-sm">
          Periode pelepasan: <strong>{period}</strong> · Dikelompokkan menurut <strong>{label}</strong> · {URUTAN_LABELS[urutan]}
        </p>
        <p className="text-xs text-slate-600">Dicetak: {printedAt}</p>
      </header>
      {message ? (
        <div
          role={warning || loadError ? 'alert' : 'status'}
          className="mt-6 rounded border border-amber-300 bg-amber-50 p-4 text-center text-amber-900"
        >
          {warning ? <strong className="mr-1">Peringatan</strong> : null}
          {message}
          <p className="no-print mt-2">
            <Link to={back} className="font-semibold text-blue-700 underline">
              Kembali ke laporan
            </Link>
          </p>
        </div>
      ) : (
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
              </tr>
            </thead>
            {rows.map((g, i) => (
              <tbody key={g.key || g.label} className="break-inside-avoid">
                <tr>
                  <td>{i + 1}</td>
                  <td className="font-semibold">{g.label || '-'}</td>
                  <td className="text-right tabular-nums">{formatNumber(g.jumlah_ban)}</td>
                  <td className="text-right tabular-nums">{formatKm(g.km_tempuh)}</td>
                  <td className="text-right tabular-nums">Rp {formatNumber(g.total_biaya)}</td>
                  <td className="text-right tabular-nums">{formatBiayaPerKm(g.biaya_per_km)}</td>
                </tr>
                <tr>
                  <td />
                  <td colSpan={5} className="!py-2">
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
                        </tbody>
                      </table>
                    ) : (
                      <span className="text-slate-600">Rincian ban tidak tersedia.</span>
                    )}
                  </td>
                </tr>
              </tbody>
            ))}
            <tfoot>
              <tr>
                <td colSpan={2} className="text-right font-semibold">
                  Total ({rows.length} kelompok)
                </td>
                <td className="text-right font-bold tabular-nums">{formatNumber(total.jumlah_ban)}</td>
                <td className="text-right font-bold tabular-nums">{formatKm(total.km_tempuh)}</td>
                <td className="text-right font-bold tabular-nums">Rp {formatNumber(total.total_biaya)}</td>
                <td className="text-right font-bold tabular-nums">{formatBiayaPerKm(total.biaya_per_km)}</td>
              </tr>
            </tfoot>
          </PrintTable>
          {rows.some((g) => g.ban.some((b) => b.masih_terpasang)) ? (
            <p className="mt-2 text-[11px] text-slate-600">
              * Ban masih terpasang: km tempuh dihitung sampai saat ini (km kendaraan − km pemasangan).
            </p>
          ) : null}
        </>
      )}
    </PrintPage>
  )
}

export const ErrorBoundary = PrintErrorBoundary
