import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { formatDate, formatNumber, formatRupiah } from '~/lib/format'
import { detailDialogData } from '~/server/detail-dialog.server'
import { getPerintahKerja } from '~/upstream/perintah-kerja.server'
import { DetailDialog } from '~/ui/detail-dialog'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/** 'Detail Perintah Kerja': the vehicle, km, mechanic, the service items, the parts, the labour and the totals. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return detailDialogData(
    request,
    params,
    { byId: getPerintahKerja },
    { notFound: 'Perintah Kerja tidak ditemukan.', qr: (p) => p.kode_perintah_kerja || null },
  )
}

const cell = 'border-b border-slate-200 px-2 py-1.5'
const num = `${cell} text-right tabular-nums whitespace-nowrap`

export default function PerintahKerjaDetail() {
  const { item: p, qr, closeTo } = useLoaderData<typeof loader>()
  const servis = p.servis ?? []
  const parts = p.parts ?? []
  const jasa = p.jasa ?? []
  return (
    <DetailDialog
      title="Detail Perintah Kerja"
      closeTo={closeTo}
      qr={qr}
      qrLabel={p.kode_perintah_kerja}
      closeButton
      items={[
        ['Kode Perintah Kerja', p.kode_perintah_kerja],
        ['Status', p.status === 'posting' ? 'Posting' : 'Unpost'],
        ['Tanggal', formatDate(p.tanggal_awal)],
        ['No Kabin', p.kendaraan?.no_kabin],
        ['No Pol', p.kendaraan?.no_pol],
        ['Jenis Kendaraan', p.kendaraan?.jenis],
        ['Km', formatNumber(p.km)],
        ['Mekanik', p.mekanik?.nama],
        ['Keterangan', p.keterangan],
      ]}
    >
      <div className="mt-5 space-y-4 text-sm">
        <section>
          <h3 className="mb-1 font-semibold text-slate-800">Item Servis</h3>
          {servis.length ? (
            <ul className="list-inside list-disc text-slate-700">
              {servis.map((s) => (
                <li key={s.id}>{s.nama}</li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-500">Tidak ada item servis.</p>
          )}
        </section>
        <section className="overflow-x-auto">
          <h3 className="mb-1 font-semibold text-slate-800">Suku Cadang</h3>
          {parts.length ? (
            <table className="min-w-full">
              <thead>
                <tr className="text-left text-slate-600">
                  <th className={cell}>Suku Cadang</th>
                  <th className={num}>Jumlah</th>
                  <th className={num}>Harga</th>
                  <th className={num}>Subtotal</th>
                </tr>
              </thead>
              <tbody>
                {parts.map((l) => (
                  <tr key={l.id}>
                    <td className={cell}>{[l.kode_suku_cadang, l.nama].filter(Boolean).join(' — ')}</td>
                    <td className={num}>
                      {formatNumber(l.jumlah)} {l.satuan}
                    </td>
                    <td className={num}>{formatRupiah(l.harga)}</td>
                    <td className={num}>{formatRupiah(l.subtotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-slate-500">Tidak ada suku cadang.</p>
          )}
        </section>
        <section className="overflow-x-auto">
          <h3 className="mb-1 font-semibold text-slate-800">Jasa</h3>
          {jasa.length ? (
            <table className="min-w-full">
              <tbody>
                {jasa.map((l) => (
                  <tr key={l.id}>
                    <td className={cell}>{l.uraian}</td>
                    <td className={num}>{formatRupiah(l.biaya)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-slate-500">Tidak ada jasa.</p>
          )}
        </section>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 justify-self-end text-right">
          <dt className="text-slate-600">Total Suku Cadang</dt>
          <dd className="tabular-nums">{formatRupiah(p.total_suku_cadang)}</dd>
          <dt className="text-slate-600">Total Jasa</dt>
          <dd className="tabular-nums">{formatRupiah(p.total_jasa)}</dd>
          <dt className="font-semibold text-slate-800">Grand Total</dt>
          <dd className="font-semibold tabular-nums">{formatRupiah(p.grand_total)}</dd>
        </dl>
      </div>
    </DetailDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
