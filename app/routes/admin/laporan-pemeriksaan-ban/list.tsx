import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, type MetaFunction } from '@remix-run/react'
import { formatDate, formatNumber } from '~/lib/format'
import { allows } from '~/lib/grants'
import { formatMm } from '~/lib/pemeriksaan'
import { financeListData, financeRows } from '~/server/finance.server'
import { laporanPemeriksaan } from '~/server/finance-sources.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ReportScreen } from '~/ui/finance-screen'

export const meta: MetaFunction = () => [{ title: 'Laporan Pemeriksaan Ban — Armada' }]

/**
 * Laporan Pemeriksaan Ban: every inspection line of a period (the URL's dates; all dates without
 * them), searched by round code, cabin number or serial; Cetak and Unduh CSV take the same URL. Built
 * on the 'pemeriksaan-ban' extension: without it the one 'Fitur tidak tersedia' page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const rows = await financeRows(request, laporanPemeriksaan)
  return data(
    {
      ...financeListData(rows, (l) => ({
        id: l.id,
        tanggal: l.tanggal_awal,
        kode: l.kode_pemeriksaan,
        no_kabin: l.no_kabin,
        km: l.km,
        posisi: l.posisi_ban,
        ban_id: l.ban_id,
        no_seri: l.no_seri ?? l.kode_ban,
        tebal_tapak: l.tebal_tapak,
        tekanan: l.tekanan,
        kondisi: l.kondisi,
        keterangan: l.keterangan,
      })),
      // The serial opens the tyre's history (Riwayat Ban) when the user may open it.
      riwayat: allows(rows.auth.grants, '/admin/ban', 'show'),
    },
    { status: rows.status },
  )
}

const num = 'text-right tabular-nums'

export default function LaporanPemeriksaan() {
  const list = useLoaderData<typeof loader>()
  return (
    <ReportScreen
      path="/admin/laporan-pemeriksaan-ban"
      title="Laporan Pemeriksaan Ban"
      subtitle="Hasil ukur tebal tapak, tekanan dan kondisi ban per periode"
      searchPlaceholder="Cari kode pemeriksaan, no kabin atau no seri..."
      list={list}
      rowKey={(l) => l.id}
      columns={[
        { header: 'No', cell: (_l, i) => i + 1, className: 'w-14' },
        { header: 'Tanggal', sortKey: 'tanggal_awal', cell: (l) => formatDate(l.tanggal) },
        { header: 'Kode Pemeriksaan', cell: (l) => l.kode || '-' },
        { header: 'No Kabin', cell: (l) => l.no_kabin ?? '-' },
        { header: 'Km', cell: (l) => formatNumber(l.km), className: num },
        { header: 'Posisi', cell: (l) => l.posisi ?? '-' },
        {
          header: 'No Seri',
          cell: (l) =>
            list.riwayat && l.ban_id !== null ? (
              <Link to={`/admin/ban/${l.ban_id}`} className="text-blue-700 hover:underline">
                {l.no_seri ?? '-'}
              </Link>
            ) : (
              (l.no_seri ?? '-')
            ),
        },
        { header: 'Tebal Tapak', sortKey: 'tebal_tapak', cell: (l) => formatMm(l.tebal_tapak), className: num },
        { header: 'Tekanan (psi)', cell: (l) => (l.tekanan === null ? '-' : String(l.tekanan).replace('.', ',')), className: num },
        { header: 'Kondisi', cell: (l) => l.kondisi ?? '-' },
        { header: 'Keterangan', cell: (l) => l.keterangan ?? '-' },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
