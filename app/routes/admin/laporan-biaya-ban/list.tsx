import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, type MetaFunction } from '@remix-run/react'
import { upstreamFilter } from '~/lib/date-filter'
import { financeListData, financeRows } from '~/server/finance.server'
import { laporanBiaya } from '~/server/finance-sources.server'
import { formatNumber } from '~/lib/format'
import { allows } from '~/lib/grants'
import { hasFeature } from '~/server/features.server'
import {
  belumBerjalanDetail,
  bersihOf,
  formatBiayaPerKm,
  formatKm,
  GROUP_LABELS,
  kelompokOf,
  LAPORAN_BIAYA_CHOICES,
  totalOf,
  withTyresShown,
} from '~/lib/laporan-biaya'
import { withPageTyres } from '~/routes/admin/laporan-biaya-ban/laporan-biaya.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ReportScreen } from '~/ui/finance-screen'
import { HeadRow } from '~/ui/head-row'
import { ReportTotals } from '~/ui/report-totals'

export const meta: MetaFunction = () => [{ title: 'Laporan Biaya Ban per Km — Armada' }]

/**
 * Laporan Biaya Ban per Km: for the URL's period (of the pelepasan; all time without
 * dates), the tyres grouped by merek, ukuran, supplier or kendaraan (`group`), cheapest or dearest per
 * km first (`urutan`): each group's tyres, km run, total cost and cost per km, expandable to its tyres
 * (a <details>, no JavaScript needed); the total under the table. Cetak and Unduh CSV take the same
 * URL. Built on the 'ban-lifecycle' extension: without it the one 'Fitur tidak tersedia' page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const all = await financeRows(request, laporanBiaya)
  // Every group is read without its tyres (search, paging and the total over all of them); the page's
  // groups get theirs here, TYRES_SHOWN each.
  const page = await withPageTyres(all.auth.upstream, upstreamFilter(all.parsed), all.page.rows)
  const rows = { ...all, page: { ...all.page, rows: page.groups }, loadError: all.loadError ?? page.loadError }
  return data(
    {
      // What a tyre's line shows, no more (the page carries its data once more for the browser).
      ...financeListData(rows, (g) => {
        const shown = withTyresShown(g)
        return { ...shown, ban: shown.ban.map(({ merek: _m, ukuran: _u, supplier: _s, ...b }) => b) }
      }),
      kelompok: kelompokOf(rows.parsed.choices?.group),
      // This report has no paged call: its whole list is always read.
      totalRow: totalOf(rows.matching ?? []),
      // The tyre's code opens its history (Riwayat Ban) when the user may open it.
      riwayat: allows(rows.auth.grants, '/admin/ban', 'show'),
      // The cost net of approved claims beside the gross, when the upstream keeps claims.
      klaim: await hasFeature(rows.auth.upstream, 'klaim-ban'),
    },
    { status: rows.status },
  )
}

const th = 'border border-slate-200 px-3 py-1.5 font-semibold'
const td = 'border border-slate-200 px-3 py-1.5'
const num = 'text-right tabular-nums'

export default function LaporanBiaya() {
  const list = useLoaderData<typeof loader>()
  const kelompok = GROUP_LABELS[list.kelompok]
  const t = list.totalRow
  return (
    <ReportScreen
      path="/admin/laporan-biaya-ban"
      title="Laporan Biaya Ban per Km"
      subtitle="Km tempuh, biaya dan biaya per km ban, per kelompok"
      searchPlaceholder={`Cari ${kelompok.toLowerCase()}...`}
      list={list}
      choices={LAPORAN_BIAYA_CHOICES}
      empty="Tidak ada ban yang dilepas pada periode ini atau masih terpasang."
      rowKey={(g) => g.key || g.label}
      rowDetail={(g) => (
        <details className="text-sm">
          <summary className="cursor-pointer select-none text-blue-700 hover:underline">
            Rincian ban {g.label} ({g.jumlah_ban})
          </summary>
          {g.ban.length ? (
            <div className="mt-2 overflow-x-auto">
              <table className="w-full border-collapse text-left text-sm">
                <caption className="sr-only">Ban {g.label}</caption>
                <thead>
                  <HeadRow
                    className="bg-slate-50 text-slate-700"
                    cell={th}
                    columns={[
                      'Kode Ban',
                      'No Seri',
                      'Kendaraan',
                      { label: 'Km Tempuh', className: 'text-right' },
                      { label: 'Total Biaya', className: 'text-right' },
                      { label: 'Biaya per Km', className: 'text-right' },
                      list.klaim && { label: 'Biaya Bersih', className: 'text-right' },
                    ]}
                  />
                </thead>
                <tbody>
                  {g.ban.map((b) => (
                    <tr key={b.id} data-ban={b.no_seri}>
                      <td className={td}>
                        {list.riwayat ? (
                          <Link to={`/admin/ban/${b.id}`} className="font-medium text-blue-700 hover:underline">
                            {b.kode_ban || `#${b.id}`}
                          </Link>
                        ) : (
                          b.kode_ban || '-'
                        )}
                      </td>
                      <td className={td}>{b.no_seri || '-'}</td>
                      <td className={td}>
                        {b.no_kabin ?? '-'}
                        {b.masih_terpasang ? (
                          <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                            Masih terpasang
                          </span>
                        ) : null}
                      </td>
                      <td className={`${td} ${num}`}>{formatKm(b.km_tempuh)}</td>
                      <td className={`${td} ${num}`}>Rp {formatNumber(b.total_biaya)}</td>
                      <td className={`${td} ${num}`}>{formatBiayaPerKm(b.biaya_per_km)}</td>
                      {list.klaim ? <td className={`${td} ${num}`}>Rp {formatNumber(b.total_biaya - b.klaim_disetujui)}</td> : null}
                    </tr>
                  ))}
                </tbody>
              </table>
              {g.lainnya ? (
                <p className="mt-1 text-xs text-slate-600">
                  Ditampilkan {g.ban.length} ban pertama; {formatNumber(g.lainnya)} ban lainnya ada di Cetak dan Unduh CSV.
                </p>
              ) : null}
              {g.ban.some((b) => b.masih_terpasang) ? (
                <p className="mt-1 text-xs text-slate-600">
                  Ban yang masih terpasang dihitung dengan km tempuh sampai saat ini (km kendaraan − km pemasangan).
                </p>
              ) : null}
            </div>
          ) : (
            <p className="mt-2 text-slate-600">Rincian ban tidak tersedia.</p>
          )}
        </details>
      )}
      footer={
        <ReportTotals
          label="Total"
          testId="laporan-biaya-total"
          className="mt-3 flex flex-wrap justify-end gap-x-6 gap-y-1 rounded-md bg-slate-50 px-4 py-2 text-sm"
          items={[
            { label: `Total (${list.total} kelompok) Jumlah Ban`, value: formatNumber(t.jumlah_ban), testId: 'total-jumlah-ban' },
            { label: 'Km Tempuh', value: formatKm(t.km_tempuh), testId: 'total-km' },
            { label: 'Total Biaya', value: `Rp ${formatNumber(t.total_biaya)}`, testId: 'total-biaya' },
            { label: 'Biaya per Km', value: formatBiayaPerKm(t.biaya_per_km), testId: 'total-biaya-per-km', bold: true },
            list.klaim && { label: 'Klaim Disetujui', value: `Rp ${formatNumber(t.klaim_disetujui)}`, testId: 'total-klaim' },
            list.klaim && { label: 'Biaya Bersih', value: `Rp ${formatNumber(t.biaya_bersih)}`, testId: 'total-biaya-bersih' },
            list.klaim && {
              label: 'Bersih per Km',
              value: formatBiayaPerKm(t.biaya_bersih_per_km),
              testId: 'total-bersih-per-km',
              bold: true,
            },
            !!belumBerjalanDetail(t) && {
              label: 'Belum berjalan',
              value: belumBerjalanDetail(t),
              testId: 'total-belum-berjalan',
              wide: true,
            },
          ]}
        />
      }
      columns={[
        { header: 'No', cell: (_g, i) => i + 1, className: 'w-14' },
        { header: kelompok, cell: (g) => g.label || '-' },
        { header: 'Jumlah Ban', cell: (g) => formatNumber(g.jumlah_ban), className: num },
        { header: 'Km Tempuh', cell: (g) => formatKm(g.km_tempuh), className: num },
        {
          header: 'Total Biaya',
          // One block: on a phone the cell is a card line (label beside value), so the two lines stay one value.
          cell: (g) => (
            <div>
              <div className="whitespace-nowrap">Rp {formatNumber(g.total_biaya)}</div>
              {g.ban_belum_berjalan ? (
                <div className="text-xs text-slate-500">
                  Rp {formatNumber(g.biaya_belum_berjalan)} belum berjalan ({formatNumber(g.ban_belum_berjalan)} ban)
                </div>
              ) : null}
            </div>
          ),
          className: num,
        },
        { header: 'Biaya per Km', cell: (g) => formatBiayaPerKm(g.biaya_per_km), className: num },
        ...(list.klaim
          ? [
              {
                header: 'Biaya Bersih (setelah klaim)',
                cell: (g: (typeof list.rows)[number]) => (
                  <div>
                    <div className="whitespace-nowrap">Rp {formatNumber(bersihOf(g).biaya_bersih)}</div>
                    {g.klaim_disetujui ? (
                      <div className="text-xs text-slate-500">klaim disetujui Rp {formatNumber(g.klaim_disetujui)}</div>
                    ) : null}
                  </div>
                ),
                className: num,
              },
              {
                header: 'Bersih per Km',
                cell: (g: (typeof list.rows)[number]) => formatBiayaPerKm(bersihOf(g).biaya_bersih_per_km),
                className: num,
              },
            ]
          : []),
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
