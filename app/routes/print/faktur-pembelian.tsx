import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { formatMm } from '~/lib/pemeriksaan'
import { useLoaderData } from '@remix-run/react'
import { invoiceAudit, invoiceHistory } from '~/server/audit.server'
import { backLink } from '~/server/back-link.server'
import { hasFeature } from '~/server/features.server'
import { idParam } from '~/server/crud.server'
import { formatDateLong, formatRupiah } from '~/lib/format'
import { allows } from '~/lib/grants'
import { requireScreen } from '~/server/grants.server'
import { qrFor } from '~/server/qr.server'
import { loadOrFail } from '~/server/route-errors.server'
import { getDetailPembelian } from '~/upstream/pembelian-ban.server'
import { SerialLink } from '~/ui/ban-status'
import { buttonClass } from '~/ui/button'
import { InvoicePage } from '~/ui/invoice'
import { PrintErrorBoundary } from '~/ui/print-page'

export const meta: MetaFunction = () => [{ title: 'Faktur Pembelian Ban — Armada' }]

/** Faktur Pembelian Ban: a print page without the shell, A4. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'show')
  const id = idParam(params.id)
  // Its history (audit trail) beside it: who made it, and who posted it while it is posted.
  const [{ data: p, detail }, lifecycle, history] = await Promise.all([
    loadOrFail(() => getDetailPembelian(auth.upstream, id)),
    hasFeature(auth.upstream, 'ban-lifecycle'),
    invoiceHistory(auth.upstream, 'pembelian_ban', id),
  ])
  const audit = invoiceAudit(history, p.status)
  return {
    p,
    audit,
    lines: detail.map((b) => ({
      id: b.id,
      kode_ban: b.kode_ban,
      no_seri: b.no_seri,
      ukuran: b.ukuran?.nama ?? null,
      merek: b.merek?.nama_merek ?? null,
      tipe: b.typeban?.nama_type ?? null,
      kondisi: b.kondisi_ban,
      harga: b.harga,
      tebal_tapak_awal: b.tebal_tapak_awal,
    })),
    qr: qrFor(p.kode_pembelian_ban || null),
    canPrint: auth.can.print,
    // Serials open the tyre's history; Cetak label prints the tyres' QR labels.
    riwayatLinks: lifecycle && allows(auth.grants, '/admin/ban', 'show'),
    canLabel: lifecycle && allows(auth.grants, '/admin/pembelian-ban', 'print') && detail.length > 0,
    backTo: backLink(request, '/admin/pembelian-ban'),
  }
}

export default function FakturPembelian() {
  const { p, audit, lines, qr, backTo, canPrint, riwayatLinks, canLabel } = useLoaderData<typeof loader>()
  return (
    <InvoicePage
      actions={
        canLabel ? (
          <a href={`/admin/label-ban/${p.id}`} className={buttonClass('secondary')}>
            Cetak label
          </a>
        ) : null
      }
      title="Faktur Pembelian Ban"
      backTo={backTo}
      canPrint={canPrint}
      audit={audit}
      status={p.status}
      qr={qr}
      code={p.kode_pembelian_ban}
      left={[
        { label: 'Supplier', value: p.supplier?.nama_supp ?? '-', strong: true },
        { label: 'Alamat', value: p.supplier?.alamat ?? p.alamat ?? '-' },
        { label: 'Telepon', value: p.supplier?.telp || 'Nomor telepon tidak tersedia' },
        { label: 'Kode Supplier', value: p.supplier?.kode_supplier ?? '-' },
      ]}
      right={[
        { label: 'No Faktur', value: p.kode_pembelian_ban || '-', strong: true },
        { label: 'Tanggal', value: formatDateLong(p.tanggal_awal) },
      ]}
      columns={[
        { header: 'Kode Ban', cell: (l) => l.kode_ban || '-' },
        { header: 'No Seri', cell: (l) => <SerialLink banId={l.id} text={l.no_seri || '-'} linked={riwayatLinks} /> },
        { header: 'Ukuran', cell: (l) => l.ukuran ?? '-' },
        { header: 'Merek', cell: (l) => l.merek ?? '-' },
        { header: 'Tipe', cell: (l) => l.tipe ?? '-' },
        { header: 'Kondisi', cell: (l) => l.kondisi ?? '-' },
        { header: 'Tebal Tapak Awal', cell: (l) => formatMm(l.tebal_tapak_awal), className: 'text-right tabular-nums' },
        { header: 'Harga', cell: (l) => formatRupiah(l.harga), className: 'text-right tabular-nums' },
      ]}
      lines={lines}
      empty="Detail pembelian tidak tersedia"
      total={p.grand_total ?? lines.reduce((s, l) => s + (l.harga ?? 0), 0)}
      roles={['Gudang', 'Pembelian', 'Accounting']}
    />
  )
}

export const ErrorBoundary = PrintErrorBoundary
