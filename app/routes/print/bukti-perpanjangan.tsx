import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { formatDateLong, formatNumber } from '~/lib/format'
import { PERPANJANGAN_PATH } from '~/lib/perpanjangan'
import { invoiceAudit, invoiceHistory } from '~/server/audit.server'
import { backLink } from '~/server/back-link.server'
import { idParam } from '~/server/crud.server'
import { requireScreen } from '~/server/grants.server'
import { qrFor } from '~/server/qr.server'
import { loadOrFail } from '~/server/route-errors.server'
import { getPerpanjangan } from '~/upstream/perpanjangan.server'
import { InvoicePage } from '~/ui/invoice'
import { PrintErrorBoundary } from '~/ui/print-page'

export const meta: MetaFunction = () => [{ title: 'Bukti Perpanjangan — Armada' }]

/**
 * Bukti Perpanjangan: a renewal of a vehicle's STNK or KIR as a receipt, A4 without the shell: the
 * vehicle, the document, the old and new expiry, the cost with its words, the signatures.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'print')
  const id = idParam(params.id)
  const [p, history] = await Promise.all([
    loadOrFail(() => getPerpanjangan(auth.upstream, id)),
    invoiceHistory(auth.upstream, 'perpanjangan', id),
  ])
  return {
    p,
    audit: invoiceAudit(history, p.status),
    lines: [
      {
        id: p.id,
        dokumen: p.jenis_dokumen,
        lama: p.expired_lama ? formatDateLong(p.expired_lama) : '-',
        baru: formatDateLong(p.expired_baru),
        biaya: p.biaya,
      },
    ],
    qr: qrFor(p.kode_perpanjangan || null),
    canPrint: auth.can.print,
    backTo: backLink(request, PERPANJANGAN_PATH),
  }
}

export default function BuktiPerpanjangan() {
  const { p, audit, lines, qr, backTo, canPrint } = useLoaderData<typeof loader>()
  return (
    <InvoicePage
      title="Bukti Perpanjangan"
      backTo={backTo}
      canPrint={canPrint}
      status={p.status}
      qr={qr}
      code={p.kode_perpanjangan}
      intro={
        <p className="mt-1 text-sm">
          Perpanjangan {p.jenis_dokumen} kendaraan {p.kendaraan?.no_kabin ?? '-'}: masa berlaku diperpanjang sampai{' '}
          <strong>{formatDateLong(p.expired_baru)}</strong>.
        </p>
      }
      left={[
        { label: 'No Kabin', value: p.kendaraan?.no_kabin ?? '-', strong: true },
        { label: 'No Pol', value: p.kendaraan?.no_pol ?? '-' },
        ...(p.keterangan ? [{ label: 'Keterangan', value: p.keterangan }] : []),
      ]}
      right={[
        { label: 'No Perpanjangan', value: p.kode_perpanjangan || '-', strong: true },
        { label: 'Tanggal Bayar', value: formatDateLong(p.tanggal_bayar) },
      ]}
      columns={[
        { header: 'Dokumen', cell: (l) => l.dokumen },
        { header: 'Expired Lama', cell: (l) => l.lama },
        { header: 'Expired Baru', cell: (l) => l.baru },
        { header: 'Biaya', cell: (l) => formatNumber(l.biaya), className: 'text-right tabular-nums' },
      ]}
      lines={lines}
      empty="Detail perpanjangan tidak tersedia"
      total={p.biaya ?? 0}
      roles={['Dibuat oleh', 'Diperiksa oleh', 'Disetujui oleh']}
      audit={audit}
    />
  )
}

export const ErrorBoundary = PrintErrorBoundary
