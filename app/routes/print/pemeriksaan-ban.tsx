import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { formatDateLong, formatNumber } from '~/lib/format'
import { formatMm } from '~/lib/pemeriksaan'
import { backLink } from '~/server/back-link.server'
import { requireScreen } from '~/server/grants.server'
import { ID_PEMERIKSAAN_TIDAK_TERSEDIA } from '~/server/pemeriksaan.server'
import { qrFor } from '~/server/qr.server'
import { loadOrFail } from '~/server/route-errors.server'
import { getDetailPemeriksaan } from '~/upstream/pemeriksaan-ban.server'
import { InvoicePage, vehicleFields } from '~/ui/invoice'
import { PrintErrorBoundary } from '~/ui/print-page'

export const meta: MetaFunction = () => [{ title: 'Lembar Pemeriksaan Ban — Armada' }]

/** Cetak of a round (/admin/pemeriksaan-cetak/{id}): the round and its measured positions, with signatures. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'print')
  if (!params.id || !/^\d{1,12}$/.test(params.id) || Number(params.id) < 1) {
    throw data({ message: ID_PEMERIKSAAN_TIDAK_TERSEDIA }, { status: 404 })
  }
  const { data: p, detail } = await loadOrFail(() => getDetailPemeriksaan(auth.upstream, Number(params.id)))
  return {
    p,
    lines: detail.map((d) => ({
      id: d.id,
      posisi: d.posisi_ban,
      kode_seri: [d.ban?.kode_ban, d.ban?.no_seri].filter(Boolean).join(' / ') || null,
      tebal_tapak: d.tebal_tapak,
      tekanan: d.tekanan,
      kondisi: d.kondisi,
      keterangan: d.keterangan,
      km_ban: d.km_ban,
    })),
    qr: qrFor(p.kode_pemeriksaan || null),
    canPrint: auth.can.print,
    backTo: backLink(request, '/admin/pemeriksaan-ban'),
  }
}

const num = 'text-right tabular-nums'

export default function CetakPemeriksaan() {
  const { p, lines, qr, backTo, canPrint } = useLoaderData<typeof loader>()
  const k = p.kendaraan
  return (
    <InvoicePage
      title="Lembar Pemeriksaan Ban"
      backTo={backTo}
      canPrint={canPrint}
      status={p.status}
      qr={qr}
      code={p.kode_pemeriksaan}
      intro={
        <p className="mt-1 text-sm">
          Kode Pemeriksaan: <strong>{p.kode_pemeriksaan || '-'}</strong>
        </p>
      }
      left={vehicleFields(k)}
      right={[
        { label: 'No Dokumen', value: p.kode_pemeriksaan || '-', strong: true },
        { label: 'Tanggal', value: formatDateLong(p.tanggal_awal) },
        { label: 'Km Kendaraan', value: p.km === null ? '-' : formatNumber(p.km) },
        { label: 'Jumlah Ban', value: formatNumber(p.jumlah_ban ?? lines.length) },
      ]}
      columns={[
        { header: 'Posisi', cell: (l) => l.posisi ?? '-' },
        { header: 'Kode / No Seri', cell: (l) => l.kode_seri ?? '-' },
        { header: 'Tebal Tapak', cell: (l) => formatMm(l.tebal_tapak), className: num },
        { header: 'Tekanan (psi)', cell: (l) => (l.tekanan === null ? '-' : String(l.tekanan).replace('.', ',')), className: num },
        { header: 'Kondisi', cell: (l) => l.kondisi ?? '-' },
        { header: 'Km Ban', cell: (l) => formatNumber(l.km_ban), className: num },
        { header: 'Keterangan', cell: (l) => l.keterangan ?? '-' },
      ]}
      lines={lines}
      empty="Detail pemeriksaan tidak tersedia"
      roles={['Mekanik', 'Kepala Bengkel']}
    />
  )
}

export const ErrorBoundary = PrintErrorBoundary
