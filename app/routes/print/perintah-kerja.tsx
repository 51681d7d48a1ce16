import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { formatDateLong, formatNumber } from '~/lib/format'
import { PERINTAH_KERJA_PATH } from '~/lib/perintah-kerja'
import { invoiceAudit, invoiceHistory } from '~/server/audit.server'
import { backLink } from '~/server/back-link.server'
import { idParam } from '~/server/crud.server'
import { requireScreen } from '~/server/grants.server'
import { qrFor } from '~/server/qr.server'
import { loadOrFail } from '~/server/route-errors.server'
import { getPerintahKerja } from '~/upstream/perintah-kerja.server'
import { InvoicePage } from '~/ui/invoice'
import { PrintErrorBoundary } from '~/ui/print-page'

export const meta: MetaFunction = () => [{ title: 'Perintah Kerja — Armada' }]

/** The signatures under a work order. */
export const TANDA_TANGAN = ['Mekanik', 'Kepala Bengkel', 'Admin']

/**
 * Perintah Kerja as a document to print, A4 without the shell: the header, the vehicle, its km, the
 * mechanic, one table of the service items, the parts (quantity, price, subtotal) and the labour lines,
 * the totals with the Grand Total in words, the signatures of the mechanic, the head of the workshop and
 * the administration.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'print')
  const id = idParam(params.id)
  const [p, history] = await Promise.all([
    loadOrFail(() => getPerintahKerja(auth.upstream, id)),
    invoiceHistory(auth.upstream, 'perintah_kerja', id),
  ])
  const lines = [
    ...(p.servis ?? []).map((s) => ({ id: s.id, jenis: 'Servis', uraian: s.nama, jumlah: '', harga: null, subtotal: null })),
    ...(p.parts ?? []).map((l) => ({
      id: 1_000_000_000 + l.id,
      jenis: 'Suku Cadang',
      uraian: [l.kode_suku_cadang, l.nama].filter(Boolean).join(' — '),
      jumlah: `${formatNumber(l.jumlah)} ${l.satuan}`,
      harga: l.harga,
      subtotal: l.subtotal,
    })),
    ...(p.jasa ?? []).map((l) => ({
      id: 2_000_000_000 + l.id,
      jenis: 'Jasa',
      uraian: l.uraian,
      jumlah: '',
      harga: null,
      subtotal: l.biaya,
    })),
  ]
  return {
    p,
    lines,
    audit: invoiceAudit(history, p.status),
    qr: qrFor(p.kode_perintah_kerja || null),
    canPrint: auth.can.print,
    backTo: backLink(request, PERINTAH_KERJA_PATH),
  }
}

const money = (v: number | null) => (v === null ? '' : formatNumber(v))

export default function CetakPerintahKerja() {
  const { p, lines, audit, qr, backTo, canPrint } = useLoaderData<typeof loader>()
  return (
    <InvoicePage
      title="Perintah Kerja"
      backTo={backTo}
      canPrint={canPrint}
      status={p.status}
      qr={qr}
      code={p.kode_perintah_kerja}
      left={[
        { label: 'No Kabin', value: p.kendaraan?.no_kabin ?? '-', strong: true },
        { label: 'No Pol', value: p.kendaraan?.no_pol ?? '-' },
        { label: 'Jenis Kendaraan', value: p.kendaraan?.jenis ?? '-' },
        { label: 'Km', value: formatNumber(p.km) },
        { label: 'Mekanik', value: p.mekanik?.nama ?? '-' },
        ...(p.keterangan ? [{ label: 'Keterangan', value: p.keterangan }] : []),
      ]}
      right={[
        { label: 'No Perintah Kerja', value: p.kode_perintah_kerja || '-', strong: true },
        { label: 'Tanggal', value: formatDateLong(p.tanggal_awal) },
        { label: 'Total Suku Cadang', value: `Rp ${formatNumber(p.total_suku_cadang)}` },
        { label: 'Total Jasa', value: `Rp ${formatNumber(p.total_jasa)}` },
      ]}
      columns={[
        { header: 'Jenis', cell: (l) => l.jenis },
        { header: 'Uraian', cell: (l) => l.uraian },
        { header: 'Jumlah', cell: (l) => l.jumlah, className: 'text-right tabular-nums whitespace-nowrap' },
        { header: 'Harga', cell: (l) => money(l.harga), className: 'text-right tabular-nums' },
        { header: 'Subtotal', cell: (l) => money(l.subtotal), className: 'text-right tabular-nums' },
      ]}
      lines={lines}
      empty="Detail perintah kerja tidak tersedia"
      total={p.grand_total}
      roles={TANDA_TANGAN}
      audit={audit}
    />
  )
}

export const ErrorBoundary = PrintErrorBoundary
