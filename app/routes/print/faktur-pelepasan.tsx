import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { backLink } from '~/server/back-link.server'
import { formatDateLong, formatNumber } from '~/lib/format'
import { requireScreen } from '~/server/grants.server'
import { qrFor } from '~/server/qr.server'
import { tujuanLabel } from '~/lib/pelepasan'
import { ID_PELEPASAN_TIDAK_TERSEDIA } from '~/server/documents/pelepasan-ban.server'
import { loadOrFail } from '~/server/route-errors.server'
import { getDetailPelepasan } from '~/upstream/pelepasan-ban.server'
import { InvoicePage, vehicleFields } from '~/ui/invoice'
import { PrintErrorBoundary } from '~/ui/print-page'

export const meta: MetaFunction = () => [{ title: 'Faktur Pelepasan Ban — Armada' }]

/** Show of a pelepasan: the pemasangan invoice's print page for a pelepasan document and its lines. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'show')
  if (!params.id || !/^\d{1,12}$/.test(params.id) || Number(params.id) < 1) {
    throw data({ message: ID_PELEPASAN_TIDAK_TERSEDIA }, { status: 404 })
  }
  const { data: p, detail } = await loadOrFail(() => getDetailPelepasan(auth.upstream, Number(params.id)))
  return {
    p,
    lines: detail.map((d) => ({
      id: d.id,
      posisi: d.posisi_ban,
      kode_seri: [d.ban?.kode_ban, d.ban?.no_seri].filter(Boolean).join(' / ') || null,
      km_pemasangan: d.km_pemasangan,
      km_pelepasan: d.km_pelepasan,
      km_tempuh: d.km_tempuh,
      alasan: d.alasan,
      tujuan: d.tujuan,
      tebal_tapak: d.tebal_tapak,
    })),
    qr: qrFor(p.kode_pelepasan || null),
    canPrint: auth.can.print,
    backTo: backLink(request, '/admin/pelepasan-ban'),
  }
}

const km = 'text-right tabular-nums'

export default function FakturPelepasan() {
  const { p, lines, qr, backTo, canPrint } = useLoaderData<typeof loader>()
  const k = p.kendaraan
  return (
    <InvoicePage
      title="Faktur Pelepasan Ban"
      backTo={backTo}
      canPrint={canPrint}
      status={p.status}
      qr={qr}
      code={p.kode_pelepasan}
      intro={
        <p className="mt-1 text-sm">
          Kode Pelepasan: <strong>{p.kode_pelepasan || '-'}</strong>
        </p>
      }
      left={vehicleFields(k)}
      right={[
        { label: 'No Dokumen', value: p.kode_pelepasan || '-', strong: true },
        { label: 'Tanggal', value: formatDateLong(p.tanggal_awal) },
        { label: 'Km', value: p.km === null ? '-' : formatNumber(p.km) },
        { label: 'Jumlah Ban', value: formatNumber(p.jumlah_ban ?? lines.length) },
      ]}
      columns={[
        { header: 'Posisi', cell: (l) => l.posisi ?? '-' },
        { header: 'Kode / No Seri', cell: (l) => l.kode_seri ?? '-' },
        { header: 'Km Pemasangan', cell: (l) => formatNumber(l.km_pemasangan), className: km },
        { header: 'Km Pelepasan', cell: (l) => formatNumber(l.km_pelepasan), className: km },
        { header: 'Km Tempuh', cell: (l) => formatNumber(l.km_tempuh), className: km },
        { header: 'Alasan', cell: (l) => l.alasan ?? '-' },
        { header: 'Tujuan', cell: (l) => tujuanLabel(l.tujuan) },
        {
          header: 'Tebal Tapak (mm)',
          cell: (l) => (l.tebal_tapak === null ? '-' : String(l.tebal_tapak).replace('.', ',')),
          className: km,
        },
      ]}
      lines={lines}
      empty="Detail pelepasan tidak tersedia"
      roles={['Gudang', 'Mekanik', 'Kepala Bengkel']}
    />
  )
}

export const ErrorBoundary = PrintErrorBoundary
