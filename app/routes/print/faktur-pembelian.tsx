import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { backLink } from '~/lib/back-link.server'
import { idParam } from '~/lib/crud.server'
import { formatDateLong, formatNumber, formatRupiah } from '~/lib/format'
import { requireScreen } from '~/lib/grants.server'
import { qrFor } from '~/lib/qr.server'
import { loadOrFail } from '~/lib/route-errors.server'
import { terbilang } from '~/lib/terbilang'
import { getDetailPembelian } from '~/upstream/pembelian-ban.server'
import { PrintErrorBoundary, PrintPage, PrintTable, SignatureBlocks } from '~/ui/print-page'
import { QrCode } from '~/ui/qr-code'

export const meta: MetaFunction = () => [{ title: 'Faktur Pembelian Ban — Armada' }]

/** Faktur Pembelian Ban (spec 001 §2, issue 8.4): a print page without the shell, A4. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'show')
  const id = idParam(params.id)
  const { data: p, detail } = await loadOrFail(() => getDetailPembelian(auth.upstream, id))
  return {
    p,
    lines: detail.map((b) => ({
      id: b.id,
      kode_ban: b.kode_ban,
      no_seri: b.no_seri,
      ukuran: b.ukuran?.nama ?? null,
      merek: b.merek?.nama_merek ?? null,
      tipe: b.typeban?.nama_type ?? null,
      kondisi: b.kondisi_ban,
      harga: b.harga,
    })),
    qr: qrFor(p.kode_pembelian_ban || null),
    backTo: backLink(request, '/admin/pembelian-ban'),
  }
}

export default function FakturPembelian() {
  const { p, lines, qr, backTo } = useLoaderData<typeof loader>()
  const total = p.grand_total ?? lines.reduce((s, l) => s + (l.harga ?? 0), 0)
  return (
    <PrintPage title="Faktur Pembelian Ban" backTo={backTo}>
      <header className="flex items-start justify-between gap-6 border-b-2 border-slate-800 pb-3">
        <div>
          <h1 className="text-xl font-bold uppercase tracking-wide">Faktur Pembelian Ban</h1>
          <p className="mt-1 text-sm">
            Status: <strong>{p.status === 'posting' ? 'Posting' : 'Unpost'}</strong>
          </p>
        </div>
        <QrCode qr={qr} size={90} label={p.kode_pembelian_ban || 'Faktur'} />
      </header>
      <section className="mt-4 grid grid-cols-2 gap-6 text-sm">
        <dl className="grid grid-cols-[8rem_1fr] gap-y-1">
          <dt className="text-slate-600">Supplier</dt>
          <dd className="font-semibold">{p.supplier?.nama_supp ?? '-'}</dd>
          <dt className="text-slate-600">Alamat</dt>
          <dd>{p.supplier?.alamat ?? p.alamat ?? '-'}</dd>
          <dt className="text-slate-600">Telepon</dt>
          <dd>{p.supplier?.telp || 'Nomor telepon tidak tersedia'}</dd>
          <dt className="text-slate-600">Kode Supplier</dt>
          <dd>{p.supplier?.kode_supplier ?? '-'}</dd>
        </dl>
        <dl className="grid grid-cols-[8rem_1fr] gap-y-1">
          <dt className="text-slate-600">No Faktur</dt>
          <dd className="font-semibold">{p.kode_pembelian_ban || '-'}</dd>
          <dt className="text-slate-600">Tanggal</dt>
          <dd>{formatDateLong(p.tanggal_awal)}</dd>
        </dl>
      </section>
      {lines.length === 0 ? (
        <p className="mt-6 rounded border border-slate-300 p-4 text-center text-slate-600">Detail pembelian tidak tersedia</p>
      ) : (
        <PrintTable className="mt-5 text-[12px]">
          <thead>
            <tr>
              <th className="w-10">No</th>
              <th>Kode Ban</th>
              <th>No Seri</th>
              <th>Ukuran</th>
              <th>Merek</th>
              <th>Tipe</th>
              <th>Kondisi</th>
              <th className="text-right">Harga</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => (
              <tr key={l.id}>
                <td>{i + 1}</td>
                <td>{l.kode_ban || '-'}</td>
                <td>{l.no_seri || '-'}</td>
                <td>{l.ukuran ?? '-'}</td>
                <td>{l.merek ?? '-'}</td>
                <td>{l.tipe ?? '-'}</td>
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
      <SignatureBlocks roles={['Gudang', 'Pembelian', 'Accounting']} />
    </PrintPage>
  )
}

export const ErrorBoundary = PrintErrorBoundary
