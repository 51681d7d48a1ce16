import type { LoaderFunctionArgs } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useLoaderData, type MetaFunction } from '@remix-run/react'
import { Fragment, type ReactNode } from 'react'
import { backLink } from '~/server/back-link.server'
import { idParam } from '~/server/crud.server'
import { hasFeature } from '~/server/features.server'
import { formatDate, formatRupiah } from '~/lib/format'
import { allows } from '~/lib/grants'
import { requireScreen } from '~/server/grants.server'
import { qrFor } from '~/server/qr.server'
import { riwayatUrl } from '~/server/riwayat-link.server'
import { failure } from '~/server/route-errors.server'
import { formatBiayaPerKm, formatKm, jenisLabel, lokasiText, tanggalKirimVulkanisir, targetProgress, TUJUAN_LABEL } from '~/lib/stok-ban'
import { banRiwayat } from '~/upstream/ban.server'
import { getRiwayatPemeriksaan, type RiwayatPemeriksaan } from '~/upstream/pemeriksaan-ban.server'
import { UpstreamHttpError } from '~/upstream/errors'
import { BanStatusBadge } from '~/ui/ban-status'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { PageHeader } from '~/ui/page-header'
import { PemeriksaanBanSection } from '~/ui/prakiraan-ban'
import { todayInCompany } from '~/lib/date-filter'
import { QrCode } from '~/ui/qr-code'

export const meta: MetaFunction = () => [{ title: 'Riwayat Ban — Armada' }]

const BAN_TIDAK_DITEMUKAN = 'Ban tidak ditemukan.'
const PEMERIKSAAN_TIDAK_DAPAT_DIMUAT = 'Tidak dapat memuat pemeriksaan ban ini.'

/** The tyre's inspections and forecast (extension 'pemeriksaan-ban'): null without it; a failure says so without taking the page down. */
async function inspectionsOf(
  up: Parameters<typeof banRiwayat>[0],
  id: number,
): Promise<{ r: RiwayatPemeriksaan | null; error: string | null } | null> {
  if (!(await hasFeature(up, 'pemeriksaan-ban'))) return null
  try {
    return { r: await getRiwayatPemeriksaan(up, id), error: null }
  } catch (error) {
    if (error instanceof Response) throw error
    console.error('[riwayat-ban]', PEMERIKSAAN_TIDAK_DAPAT_DIMUAT, error instanceof Error ? error.message : error)
    return { r: null, error: PEMERIKSAAN_TIDAK_DAPAT_DIMUAT }
  }
}

/**
 * Riwayat Ban (/admin/ban/:id): the tyre's card with a QR code of this page's address
 * (a phone's scan opens it, after the login if needed), its history newest first and its cost per km;
 * with the upstream's inspections, its inspections and its forecast with the figures it came from.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'show')
  const id = idParam(params.id)
  const [r, inspections] = await Promise.all([
    banRiwayat(auth.upstream, id).catch((error: unknown) => {
      if (error instanceof Response) throw error // a lost session: the redirect to the login
      if (error instanceof UpstreamHttpError && error.status === 404) throw data({ message: BAN_TIDAK_DITEMUKAN }, { status: 404 })
      throw failure(error)
    }),
    inspectionsOf(auth.upstream, id),
  ])
  const kirim = tanggalKirimVulkanisir(r.riwayat)
  const mayShow = (...menus: string[]) => menus.some((m) => allows(auth.grants, m, 'show'))
  return {
    ban: r.ban,
    lokasi: lokasiText(r.ban.status, r.ban.lokasi),
    riwayat: r.riwayat.map((row, i) => ({ ...row, tanggal_kirim: kirim[i] ?? null })),
    ringkasan: r.ringkasan,
    qr: qrFor(riwayatUrl(id)),
    url: riwayatUrl(id),
    links: {
      pembelian: mayShow('/admin/pembelian-ban', '/admin/inquery-pembelian-ban'),
      pemasangan: mayShow('/admin/pemasangan-ban', '/admin/inquery-pemasangan-ban'),
    },
    backTo: backLink(request, '/admin/ban'),
    pemeriksaan: inspections
      ? {
          prakiraan: inspections.r?.prakiraan ?? null,
          inspections: inspections.r?.data ?? [],
          minimum: inspections.r?.meta.tebal_tapak_minimum ?? null,
          awal: inspections.r?.meta.tebal_tapak_awal ?? null,
          error: inspections.error,
          today: todayInCompany(),
        }
      : null,
  }
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>
type Row = Loaded['riwayat'][number]

function Fields({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
      {items.map(([k, v]) => (
        <Fragment key={k}>
          <dt className="text-slate-600">{k}</dt>
          <dd className="min-w-0 break-words font-medium text-slate-900">{v}</dd>
        </Fragment>
      ))}
    </dl>
  )
}

/** The document of a history row: a link to its invoice when the user may open it. */
function Dokumen({ row, links }: { row: Row; links: Loaded['links'] }) {
  const d = row.dokumen
  if (!d) return <>—</>
  const label = d.kode || `#${d.id ?? ''}`
  const to =
    d.id && d.jenis === 'pembelian' && links.pembelian
      ? `/admin/pembelian-detail/${d.id}`
      : d.id && d.jenis === 'pemasangan' && links.pemasangan
        ? `/admin/pemasangan-detail/${d.id}`
        : null
  return to ? (
    <Link to={to} className="text-blue-700 underline-offset-2 hover:underline">
      {label}
    </Link>
  ) : (
    <>{label}</>
  )
}

/** The purchase the tyre came from: its code (a link to the invoice when the user may open it), supplier and date. */
function Pembelian({ pembelian, mayOpen }: { pembelian: Loaded['ban']['pembelian']; mayOpen: boolean }) {
  if (!pembelian) return <>—</>
  const kode = pembelian.kode_pembelian_ban || `#${pembelian.id ?? ''}`
  return (
    <>
      {mayOpen && pembelian.id ? (
        <Link to={`/admin/pembelian-detail/${pembelian.id}`} className="text-blue-700 underline underline-offset-2">
          {kode}
        </Link>
      ) : (
        kode
      )}
      {pembelian.supplier?.nama_supp ? ` · ${pembelian.supplier.nama_supp}` : null}
      {pembelian.tanggal_awal ? ` · ${formatDate(pembelian.tanggal_awal)}` : null}
    </>
  )
}

/** The facts of one history row, by its kind. */
function rowFacts(row: Row, links: Loaded['links'], harga: number | null): [string, ReactNode][] {
  const doc: [string, ReactNode] = ['Dokumen', <Dokumen key="d" row={row} links={links} />]
  const kendaraan: [string, ReactNode] = ['Kendaraan', [row.kendaraan?.no_kabin, row.posisi_ban].filter(Boolean).join(' · ') || '—']
  switch (row.jenis) {
    case 'beli':
      return [['Supplier', row.supplier?.nama_supp ?? '—'], doc, ['Harga', formatRupiah(row.biaya ?? harga)]]
    case 'pasang':
    case 'batal_pasang':
      return [kendaraan, ['Km Pemasangan', formatKm(row.km)], doc]
    case 'lepas':
    case 'batal_lepas':
      return [
        kendaraan,
        ['Km Pelepasan', formatKm(row.km)],
        ['Km Tempuh', formatKm(row.km_tempuh)],
        ['Alasan', row.alasan ?? '—'],
        ['Tujuan', (row.tujuan && TUJUAN_LABEL[row.tujuan]) || row.tujuan || '—'],
        ...(row.tebal_tapak !== null ? ([['Tebal Tapak', `${row.tebal_tapak} mm`]] as [string, ReactNode][]) : []),
        doc,
      ]
    case 'rotasi':
    case 'batal_rotasi':
      return [
        ['Kendaraan', row.kendaraan?.no_kabin ?? '—'],
        ['Dari Posisi', row.posisi_ban ?? '—'],
        ['Ke Posisi', row.posisi_tujuan ?? '—'],
        ['Km Rotasi', formatKm(row.km)],
        doc,
      ]
    case 'terima_vulkanisir':
      return [
        ['Vulkanisir', row.supplier?.nama_supp ?? '—'],
        ['Biaya', formatRupiah(row.biaya)],
        ['Tanggal Kirim', formatDate(row.tanggal_kirim)],
        ['Tanggal Terima', formatDate(row.tanggal)],
      ]
    default:
      return [doc]
  }
}

export default function RiwayatBan() {
  const { ban, lokasi, riwayat, ringkasan, qr, url, links, backTo, pemeriksaan } = useLoaderData<typeof loader>()
  const progress = targetProgress(ringkasan.persen_target, ringkasan.total_km, ringkasan.target_km)
  return (
    <section>
      <PageHeader
        title="Riwayat Ban"
        subtitle={`${ban.kode_ban || '—'} · No Seri ${ban.no_seri || '—'}`}
        actions={
          <Link to={backTo} className="text-sm font-semibold text-blue-700 hover:underline">
            ← Kembali
          </Link>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <article aria-labelledby="kartu-ban" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="kartu-ban" className="mb-3 text-base font-semibold text-slate-900">
            Kartu Ban
          </h2>
          <div className="flex flex-wrap gap-4">
            <figure className="shrink-0">
              <QrCode qr={qr} size={150} label={`Riwayat Ban ${ban.no_seri || ban.kode_ban}`} />
              <figcaption className="mt-1 max-w-[150px] break-all text-[11px] text-slate-500" data-qr-url={url}>
                {url}
              </figcaption>
            </figure>
            <div className="min-w-0 flex-1 basis-60">
              <Fields
                items={[
                  ['Kode Ban', ban.kode_ban || '—'],
                  ['No Seri', ban.no_seri || '—'],
                  ['Ukuran', ban.ukuran?.nama ?? '—'],
                  ['Merek', ban.merek?.nama_merek ?? '—'],
                  ['Type', ban.typeban?.nama_type ?? '—'],
                  ['Kondisi', ban.kondisi_ban ?? '—'],
                  ['Status', <BanStatusBadge key="s" status={ban.status} />],
                  ['Jumlah Vulkanisir', String(ban.jumlah_vulkanisir)],
                  ['Lokasi', lokasi],
                  ['Pembelian', <Pembelian key="p" pembelian={ban.pembelian} mayOpen={links.pembelian} />],
                ]}
              />
            </div>
          </div>
        </article>
        <article aria-labelledby="ringkasan-ban" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="ringkasan-ban" className="mb-3 text-base font-semibold text-slate-900">
            Ringkasan Biaya
          </h2>
          <Fields
            items={[
              ['Harga Beli', formatRupiah(ringkasan.harga_beli)],
              ['Biaya Vulkanisir', formatRupiah(ringkasan.biaya_vulkanisir)],
              ['Total Biaya', formatRupiah(ringkasan.total_biaya)],
              [
                'Total Km',
                ringkasan.km_berjalan
                  ? `${formatKm(ringkasan.total_km)} (termasuk ${formatKm(ringkasan.km_berjalan)} berjalan)`
                  : formatKm(ringkasan.total_km),
              ],
              ['Biaya per Km', <strong key="bpk">{formatBiayaPerKm(ringkasan.biaya_per_km)}</strong>],
              ['Target Km', formatKm(ringkasan.target_km)],
            ]}
          />
          <div className="mt-4">
            <p id="target-label" className="mb-1 flex justify-between text-sm text-slate-700">
              <span>Progres menuju target</span>
              <span className="font-semibold tabular-nums">{progress.text}</span>
            </p>
            <div
              role="progressbar"
              aria-labelledby="target-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress.width)}
              aria-valuetext={`${progress.text} dari target ${formatKm(ringkasan.target_km)}`}
              className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-blue-700" style={{ width: `${progress.width}%` }} />
            </div>
          </div>
        </article>
      </div>
      {pemeriksaan ? <PemeriksaanBanSection {...pemeriksaan} /> : null}
      <section aria-labelledby="timeline-ban" className="mt-6">
        <h2 id="timeline-ban" className="mb-3 text-base font-semibold text-slate-900">
          Riwayat (terbaru di atas)
        </h2>
        {riwayat.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">Belum ada riwayat untuk ban ini.</p>
        ) : (
          <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
            {riwayat.map((row) => {
              const batal = row.jenis === 'batal_pasang' || row.jenis === 'batal_lepas' || row.jenis === 'batal_rotasi'
              return (
                <li
                  key={row.id}
                  className={`relative rounded-lg border bg-white p-4 ${batal ? 'border-dashed border-slate-300 text-slate-600' : 'border-slate-200'}`}
                >
                  <span aria-hidden="true" className="absolute -left-[1.4rem] top-5 size-3 rounded-full bg-blue-700 ring-4 ring-white" />
                  <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                    <h3 className="font-semibold text-slate-900">
                      {jenisLabel(row.jenis, row.tujuan)}
                      {batal ? (
                        <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">Dibatalkan</span>
                      ) : null}
                    </h3>
                    <p className="text-sm text-slate-600">
                      <time dateTime={row.tanggal ?? undefined}>{formatDate(row.tanggal)}</time>
                      {row.user?.nama_user ? ` · oleh ${row.user.nama_user}` : null}
                    </p>
                  </div>
                  <Fields items={rowFacts(row, links, ban.harga)} />
                  {row.keterangan ? <p className="mt-2 text-sm text-slate-700">Keterangan: {row.keterangan}</p> : null}
                </li>
              )
            })}
          </ol>
        )}
      </section>
    </section>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
