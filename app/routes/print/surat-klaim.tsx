import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { formatDateLong, formatNumber, formatRupiah } from '~/lib/format'
import { invoiceAudit, invoiceHistory } from '~/server/audit.server'
import { backLink } from '~/server/back-link.server'
import { idParam } from '~/server/crud.server'
import { requireScreen } from '~/server/grants.server'
import { pihakOf } from '~/server/klaim.server'
import { qrFor } from '~/server/qr.server'
import { loadOrFail } from '~/server/route-errors.server'
import { getKlaim } from '~/upstream/klaim-ban.server'
import { InvoicePage } from '~/ui/invoice'
import { PrintErrorBoundary } from '~/ui/print-page'

export const meta: MetaFunction = () => [{ title: 'Surat Klaim Ban — Armada' }]

/**
 * Surat Klaim Ban: the claim as a letter to the party (the supplier under warranty, or the employee),
 * A4 without the shell: the tyre, the pelepasan, the figures, the amount with its words, the signatures.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'print')
  const id = idParam(params.id)
  const [k, history] = await Promise.all([loadOrFail(() => getKlaim(auth.upstream, id)), invoiceHistory(auth.upstream, 'klaim_ban', id)])
  return {
    k,
    pihak: pihakOf(k),
    audit: invoiceAudit(history, k.status),
    lines: [
      {
        id: k.id,
        ban: [k.ban?.kode_ban, k.ban?.no_seri].filter(Boolean).join(' / ') || '-',
        ukuran: [k.ban?.ukuran?.nama, k.ban?.merek?.nama_merek].filter(Boolean).join(' — ') || '-',
        harga: k.harga,
        km_tempuh: k.km_tempuh,
        target_km: k.target_km,
        nilai_klaim: k.nilai_klaim,
      },
    ],
    qr: qrFor(k.kode_klaim || null),
    canPrint: auth.can.print,
    backTo: backLink(request, '/admin/klaim-ban'),
  }
}

const num = 'text-right tabular-nums'

export default function SuratKlaim() {
  const { k, pihak, audit, lines, qr, backTo, canPrint } = useLoaderData<typeof loader>()
  const garansi = k.jenis !== 'Karyawan'
  return (
    <InvoicePage
      title="Surat Klaim Ban"
      backTo={backTo}
      canPrint={canPrint}
      status={k.status}
      qr={qr}
      code={k.kode_klaim}
      intro={
        <p className="mt-1 text-sm">
          Klaim {garansi ? 'garansi kepada supplier' : 'kepada karyawan'} atas ban yang rusak ({k.pelepasan?.alasan ?? '-'}) sebelum
          mencapai target km. Status klaim: <strong>{k.status_klaim}</strong>.
        </p>
      }
      left={[
        { label: garansi ? 'Supplier' : 'Karyawan', value: pihak || '-', strong: true },
        ...(garansi && k.supplier?.alamat ? [{ label: 'Alamat', value: k.supplier.alamat }] : []),
        { label: 'Kendaraan', value: [k.kendaraan?.no_kabin, k.kendaraan?.no_pol].filter(Boolean).join(' / ') || '-' },
        { label: 'Pelepasan', value: [k.pelepasan?.kode_pelepasan, k.pelepasan?.posisi_ban].filter(Boolean).join(' — ') || '-' },
      ]}
      right={[
        { label: 'No Klaim', value: k.kode_klaim || '-', strong: true },
        { label: 'Tanggal', value: formatDateLong(k.tanggal_awal) },
        { label: 'Tanggal Pelepasan', value: formatDateLong(k.pelepasan?.tanggal_pelepasan) },
        ...(k.nilai_klaim !== k.nilai_hitung ? [{ label: 'Nilai Dihitung', value: formatRupiah(k.nilai_hitung) }] : []),
        ...(k.alasan_ubah_nilai ? [{ label: 'Alasan Perubahan Nilai', value: k.alasan_ubah_nilai }] : []),
      ]}
      columns={[
        { header: 'Kode / No Seri', cell: (l) => l.ban },
        { header: 'Ukuran — Merek', cell: (l) => l.ukuran },
        { header: 'Harga Ban', cell: (l) => formatNumber(l.harga), className: num },
        { header: 'Km Tempuh', cell: (l) => formatNumber(l.km_tempuh), className: num },
        { header: 'Target Km', cell: (l) => formatNumber(l.target_km), className: num },
        { header: 'Nilai Klaim', cell: (l) => formatNumber(l.nilai_klaim), className: num },
      ]}
      lines={lines}
      empty="Detail klaim tidak tersedia"
      total={k.nilai_klaim ?? 0}
      roles={garansi ? ['Dibuat oleh', 'Disetujui oleh', 'Supplier'] : ['Dibuat oleh', 'Disetujui oleh', 'Karyawan']}
      audit={audit}
    />
  )
}

export const ErrorBoundary = PrintErrorBoundary
