import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { backLink } from '~/server/back-link.server'
import { idParam } from '~/server/crud.server'
import { requireScreen } from '~/server/grants.server'
import { qrFor } from '~/server/qr.server'
import { riwayatUrl } from '~/server/riwayat-link.server'
import { loadOrFail } from '~/server/route-errors.server'
import { getDetailPembelian } from '~/upstream/pembelian-ban.server'
import { PrintErrorBoundary, PrintPage } from '~/ui/print-page'
import { QrCode } from '~/ui/qr-code'

export const meta: MetaFunction = () => [{ title: 'Label Ban — Armada' }]

/**
 * Cetak label: the QR labels of a purchase's tyres, one per tyre — its Riwayat Ban address
 * as a QR code, kode ban, no seri, ukuran / merek — laid out for A4 sticker sheets of 3 × 8 labels
 * (70 × 37 mm, no page margin). Printing on Pembelian Ban.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request)
  const id = idParam(params.id)
  const { data: p, detail } = await loadOrFail(() => getDetailPembelian(auth.upstream, id))
  return {
    kode: p.kode_pembelian_ban,
    labels: detail.map((b) => ({
      id: b.id,
      kode_ban: b.kode_ban,
      no_seri: b.no_seri,
      jenis: [b.ukuran?.nama, b.merek?.nama_merek].filter(Boolean).join(' / '),
      url: riwayatUrl(b.id),
      qr: qrFor(riwayatUrl(b.id)),
    })),
    backTo: backLink(request, `/admin/pembelian-detail/${id}`),
  }
}

/** The sheet: A4 without margins, 3 columns of 70 mm, rows of 37 mm (8 a page). */
const SHEET_CSS = `
@page label-ban { size: A4; margin: 0; }
@media print {
  .label-sheet { page: label-ban; }
}
`

export default function LabelBan() {
  const { kode, labels, backTo } = useLoaderData<typeof loader>()
  return (
    <PrintPage title={`Label Ban ${kode}`} backTo={backTo}>
      <style>{SHEET_CSS}</style>
      <h1 className="mb-3 text-lg font-bold print:hidden">
        Label Ban {kode || ''} <span className="text-sm font-normal text-slate-600">({labels.length} label)</span>
      </h1>
      {labels.length === 0 ? (
        <p className="rounded border border-slate-300 p-4 text-center text-slate-600">Pembelian ini tidak memiliki ban.</p>
      ) : (
        <ul className="label-sheet grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 sm:grid-cols-3 print:grid-cols-[repeat(3,70mm)] print:auto-rows-[37mm] print:gap-0">
          {labels.map((l) => (
            <li
              key={l.id}
              data-label-ban={l.id}
              data-qr-url={l.url}
              className="flex min-w-0 break-inside-avoid items-center gap-2 rounded border border-dashed border-slate-300 p-2 print:rounded-none print:border-0 print:p-[3mm]"
            >
              <QrCode qr={l.qr} size={96} label={`Riwayat ban ${l.no_seri || l.kode_ban}`} />
              <div className="min-w-0 text-[11px] leading-tight">
                <p className="break-words text-[13px] font-bold">{l.kode_ban || '—'}</p>
                <p className="break-words">
                  No Seri: <strong>{l.no_seri || '—'}</strong>
                </p>
                <p className="break-words text-slate-700">{l.jenis || '—'}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </PrintPage>
  )
}

export const ErrorBoundary = PrintErrorBoundary
