import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { invoiceAudit, invoiceHistory } from '~/server/audit.server'
import { backLink } from '~/server/back-link.server'
import { idParam } from '~/server/crud.server'
import { formatDateLong, formatNumber, formatRupiah } from '~/lib/format'
import { requireScreen } from '~/server/grants.server'
import { qrFor } from '~/server/qr.server'
import { loadOrFail } from '~/server/route-errors.server'
import { getPembelianSukuCadang } from '~/upstream/suku-cadang.server'
import { InvoicePage } from '~/ui/invoice'
import { PrintErrorBoundary } from '~/ui/print-page'

export const meta: MetaFunction = () => [{ title: 'Faktur Pembelian Suku Cadang — Armada' }]

/** Faktur Pembelian Suku Cadang: a print page without the shell, A4, with the total in words (the invoice block's). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'show')
  const id = idParam(params.id)
  const [p, history] = await Promise.all([
    loadOrFail(() => getPembelianSukuCadang(auth.upstream, id)),
    invoiceHistory(auth.upstream, 'pembelian_suku_cadang', id),
  ])
  return {
    p,
    audit: invoiceAudit(history, p.status),
    lines: p.detail.map((l, i) => ({ ...l, id: l.id ?? i + 1 })),
    qr: qrFor(p.kode_pembelian_suku_cadang || null),
    canPrint: auth.can.print,
    backTo: backLink(request, '/admin/pembelian-suku-cadang'),
  }
}

export default function FakturPembelianSukuCadang() {
  const { p, audit, lines, qr, backTo, canPrint } = useLoaderData<typeof loader>()
  return (
    <InvoicePage
      title="Faktur Pembelian Suku Cadang"
      backTo={backTo}
      canPrint={canPrint}
      audit={audit}
      status={p.status}
      qr={qr}
      code={p.kode_pembelian_suku_cadang}
      left={[
        { label: 'Supplier', value: p.supplier?.nama_supp ?? '-', strong: true },
        { label: 'Alamat', value: p.supplier?.alamat ?? '-' },
        { label: 'Telepon', value: p.supplier?.telp || 'Nomor telepon tidak tersedia' },
        { label: 'Kode Supplier', value: p.supplier?.kode_supplier ?? '-' },
      ]}
      right={[
        { label: 'No Faktur', value: p.kode_pembelian_suku_cadang || '-', strong: true },
        { label: 'Tanggal', value: formatDateLong(p.tanggal_awal) },
        { label: 'Keterangan', value: p.keterangan ?? '-' },
      ]}
      columns={[
        { header: 'Kode', cell: (l) => l.kode_suku_cadang || '-' },
        { header: 'Nama Suku Cadang', cell: (l) => l.nama || '-' },
        { header: 'Jumlah', cell: (l) => `${formatNumber(l.jumlah)} ${l.satuan}`, className: 'text-right tabular-nums' },
        { header: 'Harga', cell: (l) => formatRupiah(l.harga), className: 'text-right tabular-nums' },
        { header: 'Subtotal', cell: (l) => formatRupiah(l.subtotal), className: 'text-right tabular-nums' },
      ]}
      lines={lines}
      empty="Detail pembelian tidak tersedia"
      total={p.grand_total}
      roles={['Gudang', 'Pembelian', 'Accounting']}
    />
  )
}

export const ErrorBoundary = PrintErrorBoundary
