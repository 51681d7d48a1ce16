import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { backLink } from '~/lib/back-link.server'
import { ID_PEMASANGAN_TIDAK_TERSEDIA } from '~/lib/fitting.server'
import { formatDateLong, formatNumber, formatRupiah } from '~/lib/format'
import { requireScreen } from '~/lib/grants.server'
import { qrFor } from '~/lib/qr.server'
import { loadOrFail } from '~/lib/route-errors.server'
import { terbilang } from '~/lib/terbilang'
import { getDetailPemasangan } from '~/upstream/pemasangan-ban.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { PrintPage, PrintTable, SignatureBlocks } from '~/ui/print-page'
import { QrCode } from '~/ui/qr-code'

export const meta: MetaFunction = () => [{ title: 'Faktur Pemasangan Ban — Armada' }]

/** Faktur Pemasangan Ban (spec 001 §2, issue 9.6): the purchase invoice's print page for a fitting. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'show')
  if (!params.id || !/^\d{1,12}$/.test(params.id) || Number(params.id) < 1) {
    throw data({ message: ID_PEMASANGAN_TIDAK_TERSEDIA }, { status: 404 })
  }
  const { data: p, detail } = await loadOrFail(() => getDetailPemasangan(auth.upstream, Number(params.id)))
  return {
    p,
    lines: detail.map((d) => ({
      id: d.id,
      posisi: d.posisi_ban,
      kode_ban: d.ban?.kode_ban ?? null,
      no_seri: d.ban?.no_seri ?? null,
      ukuran: d.ban?.ukuran?.nama ?? null,
      merek: d.ban?.merek?.nama_merek ?? null,
      kondisi: d.ban?.kondisi_ban ?? null,
      harga: d.ban?.harga ?? null,
    })),
    qr: qrFor(p.kode_pemasangan || null),
    backTo: backLink(request, '/admin/pemasangan-ban'),
  }
}

export default function FakturPemasangan() {
  const { p, lines, qr, backTo } = useLoaderData<typeof loader>()
  const total = p.grand_total ?? lines.reduce((s, l) => s + (l.harga ?? 0), 0)
  const k = p.kendaraan
  return (
    <PrintPage title="Faktur Pemasangan Ban" backTo={backTo}>
      <header className="flex items-start justify-between gap-6 border-b-2 border-slate-800 pb-3">
        <div>
          <h1 className="text-xl font-bold uppercase tracking-wide">Faktur Pemasangan Ban</h1>
          <p className="mt-1 text-sm">
            Kode Pemasangan: <strong>{p.kode_pemasangan || '-'}</strong>
          </p>
          <p className="text-sm">
            Status: <strong>{p.status === 'posting' ? 'Posting' : 'Unpost'}</strong>
          </p>
        </div>
        <QrCode qr={qr} size={90} label={p.kode_pemasangan || 'Faktur'} />
      </header>
      <section className="mt-4 grid grid-cols-2 gap-6 text-sm">
        <dl className="grid grid-cols-[8rem_1fr] content-start gap-y-1">
          <dt className="text-slate-600">Kendaraan</dt>
          <dd className="font-semibold">{[k?.no_kabin, k?.no_pol].filter(Boolean).join(' / ') || '-'}</dd>
          <dt className="text-slate-600">Jenis Kendaraan</dt>
          <dd>{k?.jenis_kendaraan?.nama_jenis_kendaraan ?? '-'}</dd>
          <dt className="text-slate-600">Supplier</dt>
          <dd>{p.supplier?.nama_supp ?? '-'}</dd>
          <dt className="text-slate-600">Alamat</dt>
          <dd>{p.supplier?.alamat ?? '-'}</dd>
          <dt className="text-slate-600">Telepon</dt>
          <dd>{p.supplier?.telp || 'Nomor telepon tidak tersedia'}</dd>
          <dt className="text-slate-600">Kode Supplier</dt>
          <dd>{p.supplier?.kode_supplier ?? '-'}</dd>
        </dl>
        <dl className="grid grid-cols-[8rem_1fr] content-start gap-y-1">
          <dt className="text-slate-600">No Faktur</dt>
          <dd className="font-semibold">{p.kode_pemasangan || '-'}</dd>
          <dt className="text-slate-600">Tanggal</dt>
          <dd>{formatDateLong(p.tanggal_awal)}</dd>
          <dt className="text-slate-600">Km</dt>
          <dd>{p.km === null ? '-' : formatNumber(p.km)}</dd>
        </dl>
      </section>
      {lines.length === 0 ? (
        <p className="mt-6 rounded border border-slate-300 p-4 text-center text-slate-600">Detail pemasangan tidak tersedia</p>
      ) : (
        <PrintTable className="mt-5 text-[12px]">
          <thead>
            <tr>
              <th className="w-10">No</th>
              <th>Posisi</th>
              <th>Kode Ban</th>
              <th>No Seri</th>
              <th>Ukuran</th>
              <th>Merek</th>
              <th>Kondisi</th>
              <th className="text-right">Harga</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => (
              <tr key={l.id}>
                <td>{i + 1}</td>
                <td>{l.posisi ?? '-'}</td>
                <td>{l.kode_ban || '-'}</td>
                <td>{l.no_seri || '-'}</td>
                <td>{l.ukuran ?? '-'}</td>
                <td>{l.merek ?? '-'}</td>
                <td>{l.kondisi ?? '-'}</td>
                <td className="text-right tabular-nums">{formatRupiah(l.harga)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={7} className="text-right font-semibold">
                Grand Total
              </td>
              <td className="text-right font-bold tabular-nums">Rp {formatNumber(total)}</td>
            </tr>
          </tfoot>
        </PrintTable>
      )}
      {terbilang(total) ? (
        <p className="mt-2 text-sm italic">
          Terbilang: <span className="font-medium">{terbilang(total)}</span>
        </p>
      ) : null}
      <SignatureBlocks roles={['Gudang', 'Pemasangan', 'Accounting']} />
    </PrintPage>
  )
}

export function ErrorBoundary() {
  return (
    <main className="p-6">
      <GeneralErrorBoundary />
    </main>
  )
}
