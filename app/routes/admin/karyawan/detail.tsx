import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { idParam, listUrlOf } from '~/lib/crud.server'
import { formatDateLong, orTidakAda } from '~/lib/format'
import { qrFor } from '~/lib/qr.server'
import { loadOrFail, notFound } from '~/lib/route-errors.server'
import { requireScreen } from '~/lib/grants.server'
import { listKaryawan } from '~/upstream/karyawan.server'
import { RouteDialog } from '~/ui/dialog'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { QrCode } from '~/ui/qr-code'

/** The read-only 'Detail Karyawan' dialog (spec 000 §2): QR 150 px, ID-card photo, the fields; 'Tidak ada' when missing. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'show')
  const id = idParam(params.id)
  const all = await loadOrFail(() => listKaryawan(auth.upstream))
  const k = all.find((x) => x.id === id)
  if (!k) throw notFound('Karyawan tidak ditemukan.')
  return {
    closeTo: listUrlOf(request),
    qr: qrFor(k.qrcode_karyawan),
    kode: k.kode_karyawan,
    foto: k.gambar ? `/uploads/${encodeURIComponent(k.gambar)}` : null,
    rows: [
      ['Kode Karyawan', k.kode_karyawan],
      ['Nama Lengkap', k.nama_lengkap],
      ['Departemen', k.departemen?.nama],
      ['No KTP', k.no_ktp],
      ['No SIM', k.no_sim],
      ['Tanggal Lahir', k.tanggal_lahir ? formatDateLong(k.tanggal_lahir) : null],
      ['Tanggal Gabung', k.tanggal_gabung ? formatDateLong(k.tanggal_gabung) : null],
      ['Telepon', k.telp],
      ['Email', k.gmail],
      ['Alamat', k.alamat],
    ].map(([label, value]) => ({ label: label as string, value: orTidakAda(value) })),
  }
}

export default function KaryawanDetail() {
  const { closeTo, qr, kode, foto, rows } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title="Detail Karyawan" closeTo={closeTo} size="lg">
      <div className="flex flex-wrap items-start gap-6">
        <div className="flex flex-col items-center gap-3">
          <QrCode qr={qr} size={150} label={kode || 'karyawan'} />
          {foto ? (
            <img src={foto} alt="Foto KTP" className="max-h-[150px] rounded border border-slate-200 object-contain" />
          ) : (
            <p className="text-sm text-slate-500">Foto KTP: Tidak ada</p>
          )}
        </div>
        <dl className="grid min-w-64 flex-1 grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map((r) => (
            <div key={r.label} className="contents">
              <dt className="font-medium text-slate-600">{r.label}</dt>
              <dd className="text-slate-900">{r.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="mt-6 flex justify-end">
        <Link to={closeTo} preventScrollReset className="rounded-md px-3.5 py-2 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
          Tutup
        </Link>
      </div>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
