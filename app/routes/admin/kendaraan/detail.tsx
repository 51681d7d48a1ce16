import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { detailDialogData } from '~/server/detail-dialog.server'
import { hasFeature } from '~/server/features.server'
import { allows } from '~/lib/grants'
import { requireScreen } from '~/server/grants.server'
import { formatDate, formatDateLong, formatNumber, formatRupiah } from '~/lib/format'
import { uploadSrc } from '~/lib/images'
import { getKendaraan } from '~/upstream/kendaraan.server'
import { kmKendaraanOf } from '~/upstream/km-kendaraan.server'
import { listPerpanjangan } from '~/upstream/perpanjangan.server'
import { listPerintahKerjaPage } from '~/upstream/perintah-kerja.server'
import { PERINTAH_KERJA_PATH, perintahKerjaOfVehicleHref } from '~/lib/perintah-kerja'
import { DetailDialog } from '~/ui/detail-dialog'
import { DetailPhoto } from '~/ui/detail-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { HeadRow } from '~/ui/head-row'
import { KmReadingsTable } from '~/ui/km-readings'

/**
 * 'Detail Kendaraan': QR code, the vehicle's numbers, expiries, golongan, Km Akhir, both photos and,
 * when the upstream keeps renewals (extension 'perpanjangan'), the vehicle's STNK and KIR renewals
 * (a list that cannot be read says so; the rest of the dialog stays) and, when it keeps odometer
 * readings (extension 'km-kendaraan'), its latest readings and km per day.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const detail = await detailDialogData(
    request,
    params,
    { byId: getKendaraan },
    { notFound: 'Kendaraan tidak ditemukan.', qr: (k) => k.qrcode_kendaraan },
  )
  const { upstream, grants } = await requireScreen(request, 'show')
  let perpanjangan: { rows: Awaited<ReturnType<typeof listPerpanjangan>>; error: string | null } | null = null
  if (await hasFeature(upstream, 'perpanjangan')) {
    try {
      perpanjangan = { rows: await listPerpanjangan(upstream, { kendaraan_id: detail.item.id }), error: null }
    } catch (error) {
      if (error instanceof Response) throw error
      perpanjangan = { rows: [], error: 'Riwayat perpanjangan tidak dapat dimuat.' }
    }
  }
  let km: {
    rows: Awaited<ReturnType<typeof kmKendaraanOf>>['rows']
    total: number
    kmPerHari: number | null
    error: string | null
    /** The menus whose documents' pages the readings may link to (their Show granted). */
    dokumenMenus: string[]
  } | null = null
  if (await hasFeature(upstream, 'km-kendaraan')) {
    const dokumenMenus = ['/admin/pemeriksaan-ban'].filter((m) => allows(grants, m, 'show'))
    try {
      const riwayat = await kmKendaraanOf(upstream, detail.item.id, 1, KM_SHOWN)
      km = { rows: riwayat.rows, total: riwayat.total, kmPerHari: riwayat.kmPerHari, error: null, dokumenMenus }
    } catch (error) {
      if (error instanceof Response) throw error
      km = { rows: [], total: 0, kmPerHari: null, error: 'Riwayat km tidak dapat dimuat.', dokumenMenus }
    }
  }
  // Its service plan (its last services, what falls due), with the extension and Jadwal Servis.
  const jadwal = allows(grants, '/admin/jadwal-servis') && (await hasFeature(upstream, 'jadwal-servis'))
  // Its latest work orders (extension 'perintah-kerja'), newest first; the whole list with Perintah Kerja's grant.
  let perintahKerja: {
    rows: Awaited<ReturnType<typeof listPerintahKerjaPage>>['rows']
    total: number
    error: string | null
    lihat: boolean
  } | null = null
  if (await hasFeature(upstream, 'perintah-kerja')) {
    const lihat = allows(grants, PERINTAH_KERJA_PATH)
    try {
      const page = await listPerintahKerjaPage(
        upstream,
        { page: 1, per_page: PK_SHOWN, q: '', sort: 'tanggal_awal', dir: 'desc' },
        { kendaraan_id: detail.item.id },
      )
      perintahKerja = { rows: page.rows, total: page.total, error: null, lihat }
    } catch (error) {
      if (error instanceof Response) throw error
      perintahKerja = { rows: [], total: 0, error: 'Riwayat perintah kerja tidak dapat dimuat.', lihat }
    }
  }
  return { ...detail, perpanjangan, km, jadwal, perintahKerja }
}

/** The latest readings the dialog lists. */
const KM_SHOWN = 10
/** The latest work orders the dialog lists. */
const PK_SHOWN = 5

const dateOrNull = (v: string | null) => (v ? formatDateLong(v) : null)

export default function KendaraanDetail() {
  const { item: k, qr, closeTo, perpanjangan, km, jadwal, perintahKerja } = useLoaderData<typeof loader>()
  return (
    <DetailDialog
      title="Detail Kendaraan"
      closeTo={closeTo}
      qr={qr}
      qrLabel={k.kode_kendaraan || k.no_kabin}
      items={[
        ['Kode Kendaraan', k.kode_kendaraan],
        ['No. Kabin', k.no_kabin],
        ['Jenis Kendaraan', k.jenis_kendaraan?.nama_jenis_kendaraan],
        ['No. Polisi', k.no_pol],
        ['No. Mesin', k.no_mesin],
        ['No. Rangka', k.no_rangka],
        ['Expired KIR', dateOrNull(k.expired_kir)],
        ['Expired STNK', dateOrNull(k.expired_stnk)],
        ['Golongan', k.golongan?.nama_golongan],
        ['Km Akhir', k.km === null ? null : formatNumber(k.km)],
      ]}
    >
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <DetailPhoto label="Gambar Barcode Solar" src={uploadSrc(k.gambar_barcodesolar)} />
        <DetailPhoto label="Gambar STNK" src={uploadSrc(k.gambar_stnk)} />
      </div>
      {perpanjangan ? (
        <section aria-labelledby="riwayat-perpanjangan" className="mt-5">
          <h3 id="riwayat-perpanjangan" className="text-sm font-semibold text-slate-800">
            Riwayat Perpanjangan STNK &amp; KIR
          </h3>
          {perpanjangan.error ? (
            <p className="mt-1 text-sm text-amber-800">{perpanjangan.error}</p>
          ) : perpanjangan.rows.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">Belum ada perpanjangan.</p>
          ) : (
            // The box scrolls sideways at 375 px: it takes the keyboard's focus so it can be scrolled without a mouse.
            // A name of its own: the section around it is already the region "Riwayat Perpanjangan STNK & KIR".
            <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Tabel perpanjangan (geser ke samping)">
              <table className="w-full border-collapse text-left text-sm">
                <thead>
                  <HeadRow
                    className="bg-slate-50 text-slate-700"
                    cell="border border-slate-200 px-2 py-1 font-semibold"
                    columns={['Tanggal Bayar', 'Dokumen', 'Expired Baru', { label: 'Biaya', className: 'text-right' }]}
                  />
                </thead>
                <tbody>
                  {perpanjangan.rows.map((p) => (
                    <tr key={p.id}>
                      <td className="border border-slate-200 px-2 py-1">{formatDate(p.tanggal_bayar)}</td>
                      <td className="border border-slate-200 px-2 py-1">{p.jenis_dokumen}</td>
                      <td className="border border-slate-200 px-2 py-1">{formatDate(p.expired_baru)}</td>
                      <td className="border border-slate-200 px-2 py-1 text-right tabular-nums">{formatRupiah(p.biaya)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
      {km ? (
        <section aria-labelledby="riwayat-km" className="mt-5">
          <h3 id="riwayat-km" className="text-sm font-semibold text-slate-800">
            Riwayat Km
          </h3>
          {km.error ? (
            <p className="mt-1 text-sm text-amber-800">{km.error}</p>
          ) : km.rows.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">Belum ada pembacaan km.</p>
          ) : (
            <>
              <p className="mt-1 text-sm text-slate-600">
                {km.kmPerHari === null
                  ? 'Km per hari belum dapat dihitung (perlu dua pembacaan dalam 30 hari).'
                  : `Rata-rata ${formatNumber(km.kmPerHari)} km per hari (30 hari terakhir).`}
                {km.total > km.rows.length ? ` ${formatNumber(km.rows.length)} pembacaan terakhir dari ${formatNumber(km.total)}.` : ''}
              </p>
              <KmReadingsTable rows={km.rows} label="Tabel riwayat km (geser ke samping)" dokumenMenus={km.dokumenMenus} />
            </>
          )}
        </section>
      ) : null}
      {perintahKerja ? (
        <section aria-labelledby="riwayat-perintah-kerja" className="mt-5">
          <h3 id="riwayat-perintah-kerja" className="text-sm font-semibold text-slate-800">
            Riwayat Perintah Kerja
          </h3>
          {perintahKerja.error ? (
            <p className="mt-1 text-sm text-amber-800">{perintahKerja.error}</p>
          ) : perintahKerja.rows.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">Belum ada perintah kerja.</p>
          ) : (
            <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Tabel perintah kerja (geser ke samping)">
              <table className="w-full border-collapse text-left text-sm">
                <thead>
                  <HeadRow
                    className="bg-slate-50 text-slate-700"
                    cell="border border-slate-200 px-2 py-1 font-semibold"
                    columns={[
                      'Tanggal',
                      'Kode',
                      { label: 'Km', className: 'text-right' },
                      'Status',
                      { label: 'Grand Total', className: 'text-right' },
                    ]}
                  />
                </thead>
                <tbody>
                  {perintahKerja.rows.map((p) => (
                    <tr key={p.id}>
                      <td className="border border-slate-200 px-2 py-1">{formatDate(p.tanggal_awal)}</td>
                      <td className="border border-slate-200 px-2 py-1">{p.kode_perintah_kerja}</td>
                      <td className="border border-slate-200 px-2 py-1 text-right tabular-nums">{formatNumber(p.km)}</td>
                      <td className="border border-slate-200 px-2 py-1">{p.status === 'posting' ? 'Posting' : 'Unpost'}</td>
                      <td className="border border-slate-200 px-2 py-1 text-right tabular-nums">{formatRupiah(p.grand_total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {perintahKerja.lihat && perintahKerja.total > 0 ? (
            <p className="mt-1 text-sm">
              <Link to={perintahKerjaOfVehicleHref(k.id)} className="font-semibold text-blue-700 hover:underline">
                Lihat semua perintah kerja kendaraan ini ({formatNumber(perintahKerja.total)})
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}
      {jadwal ? (
        <p className="mt-5 text-sm">
          <Link to={`/admin/jadwal-servis/kendaraan/${k.id}`} className="font-semibold text-blue-700 hover:underline">
            Jadwal servis kendaraan ini
          </Link>
        </p>
      ) : null}
    </DetailDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
