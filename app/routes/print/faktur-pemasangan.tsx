import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { invoiceAudit, invoiceHistory } from '~/server/audit.server'
import { backLink } from '~/server/back-link.server'
import { ID_PEMASANGAN_TIDAK_TERSEDIA } from '~/server/pemasangan.server'
import { formatDateLong, formatNumber, formatRupiah } from '~/lib/format'
import { requireScreen } from '~/server/grants.server'
import { qrFor } from '~/server/qr.server'
import { riwayatLinksShown } from '~/server/riwayat-link.server'
import { loadOrFail } from '~/server/route-errors.server'
import { getDetailPemasangan } from '~/upstream/pemasangan-ban.server'
import { SerialLink } from '~/ui/ban-status'
import { InvoicePage, vehicleFields } from '~/ui/invoice'
import { PrintErrorBoundary } from '~/ui/print-page'

export const meta: MetaFunction = () => [{ title: 'Faktur Pemasangan Ban — Armada' }]

/** Faktur Pemasangan Ban: the purchase invoice's print page for a pemasangan. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'show')
  if (!params.id || !/^\d{1,12}$/.test(params.id) || Number(params.id) < 1) {
    throw data({ message: ID_PEMASANGAN_TIDAK_TERSEDIA }, { status: 404 })
  }
  // Its history (audit trail) beside it: who made it, and who posted it while it is posted.
  const [{ data: p, detail }, riwayatLinks, history] = await Promise.all([
    loadOrFail(() => getDetailPemasangan(auth.upstream, Number(params.id))),
    riwayatLinksShown(auth),
    invoiceHistory(auth.upstream, 'pemasangan_ban', Number(params.id)),
  ])
  const audit = invoiceAudit(history, p.status)
  return {
    p,
    audit,
    lines: detail.map((d) => ({
      id: d.id,
      posisi: d.posisi_ban,
      ban_id: d.ban_id ?? d.ban?.id ?? null,
      kode_ban: d.ban?.kode_ban ?? null,
      no_seri: d.ban?.no_seri ?? null,
      ukuran: d.ban?.ukuran?.nama ?? null,
      merek: d.ban?.merek?.nama_merek ?? null,
      kondisi: d.ban?.kondisi_ban ?? null,
      harga: d.ban?.harga ?? null,
    })),
    qr: qrFor(p.kode_pemasangan || null),
    canPrint: auth.can.print,
    // A serial opens the tyre's history when the user holds Stok Ban and the upstream offers it.
    riwayatLinks,
    backTo: backLink(request, '/admin/pemasangan-ban'),
  }
}

export default function FakturPemasangan() {
  const { p, audit, lines, qr, backTo, canPrint, riwayatLinks } = useLoaderData<typeof loader>()
  const k = p.kendaraan
  return (
    <InvoicePage
      title="Faktur Pemasangan Ban"
      backTo={backTo}
      canPrint={canPrint}
      audit={audit}
      status={p.status}
      qr={qr}
      code={p.kode_pemasangan}
      intro={
        <p className="mt-1 text-sm">
          Kode Pemasangan: <strong>{p.kode_pemasangan || '-'}</strong>
        </p>
      }
      left={[
        ...vehicleFields(k, { withCode: false }),
        { label: 'Supplier', value: p.supplier?.nama_supp ?? '-' },
        { label: 'Alamat', value: p.supplier?.alamat ?? '-' },
        { label: 'Telepon', value: p.supplier?.telp || 'Nomor telepon tidak tersedia' },
        { label: 'Kode Supplier', value: p.supplier?.kode_supplier ?? '-' },
      ]}
      right={[
        { label: 'No Faktur', value: p.kode_pemasangan || '-', strong: true },
        { label: 'Tanggal', value: formatDateLong(p.tanggal_awal) },
        { label: 'Km', value: p.km === null ? '-' : formatNumber(p.km) },
      ]}
      columns={[
        { header: 'Posisi', cell: (l) => l.posisi ?? '-' },
        { header: 'Kode Ban', cell: (l) => l.kode_ban || '-' },
        { header: 'No Seri', cell: (l) => <SerialLink banId={l.ban_id} text={l.no_seri || '-'} linked={riwayatLinks} /> },
        { header: 'Ukuran', cell: (l) => l.ukuran ?? '-' },
        { header: 'Merek', cell: (l) => l.merek ?? '-' },
        { header: 'Kondisi', cell: (l) => l.kondisi ?? '-' },
        { header: 'Harga', cell: (l) => formatRupiah(l.harga), className: 'text-right tabular-nums' },
      ]}
      lines={lines}
      empty="Detail pemasangan tidak tersedia"
      total={p.grand_total ?? lines.reduce((s, l) => s + (l.harga ?? 0), 0)}
      roles={['Gudang', 'Pemasangan', 'Accounting']}
    />
  )
}

export const ErrorBoundary = PrintErrorBoundary
