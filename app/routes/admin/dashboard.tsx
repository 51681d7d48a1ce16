import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, type MetaFunction } from '@remix-run/react'
import type { ReactNode } from 'react'
import { NEAR_TARGET_PERCENT } from '~/lib/ban-target'
import { dashboardPanels, type Panel } from '~/server/dashboard.server'
import { dashboardFigures } from '~/lib/dashboard-figures'
import { SERVIS_PANEL, sisaServisText } from '~/lib/servis-jatuh-tempo'
import { formatMm, HARI_BELUM_DIPERIKSA } from '~/lib/pemeriksaan'
import { backTo } from '~/lib/document-menu'
import { formatDate, formatNumber } from '~/lib/format'
import { canRenew } from '~/server/features.server'
import { requireScreen } from '~/server/grants.server'
import { DEFAULT_HARI } from '~/lib/jatuh-tempo'
import { DueLabel, PerpanjangLink } from '~/ui/due-label'
import { PageHeader } from '~/ui/page-header'
import { HeadRow, type HeadColumn } from '~/ui/head-row'

export const meta: MetaFunction = () => [{ title: 'Dashboard — Armada' }]

/** Where each panel leads: the list showing the same rows (its filter in the URL). */
const DASHBOARD_LINKS = {
  jatuhTempo: `/admin/jatuh-tempo?hari=${DEFAULT_HARI}`,
  pembelian: '/admin/inquery-pembelian-ban?status=unpost',
  pemasangan: '/admin/inquery-pemasangan-ban?status=unpost',
  stokBan: '/admin/ban?status=stok',
  stokUkuran: (ukuranId: number | null) => `/admin/ban?status=stok${ukuranId === null ? '' : `&ukuran=${ukuranId}`}`,
  banTerpasang: '/admin/ban?status=terpasang',
  riwayatBan: (id: number) => `/admin/ban/${id}?${backTo('/admin/dashboard')}`,
  pemeriksaan: '/admin/pemeriksaan-ban',
  periksaKendaraan: (id: number) => `/admin/create-pemeriksaan-ban?kendaraan_id=${id}`,
  servis: `/admin/servis-jatuh-tempo?dalam_hari=${SERVIS_PANEL.hari}&dalam_km=${SERVIS_PANEL.km}`,
  sukuCadangMinimum: '/admin/stok-suku-cadang?bawah_minimum=1',
  kartuStok: (id: number) => `/admin/stok-suku-cadang/${id}`,
}

/**
 * Under the spec's sample cards, what needs attention today: STNK and KIR due, the
 * documents waiting for finance, tyres in stock by size, fitted tyres near their target km (with the
 * upstream's tyre lifecycle) — each panel only with the grant of the menu
 * it links to, each loaded on its own (app/server/dashboard.server.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireScreen(request)
  const [panels, renew] = await Promise.all([dashboardPanels(auth.upstream, auth.grants), canRenew(auth.upstream, auth.grants)])
  return { panels, renew }
}

/**
 * A figure's type size by its length: a month's cost of a large fleet ('Rp 23.016.213.456') does not fit
 * a quarter of a 1280 px screen at the size of a count. A value too long even then wraps after 'Rp',
 * never out of its card.
 */
const figureSize = (value: string) => (value.length <= 11 ? 'text-2xl' : value.length <= 15 ? 'text-xl' : 'text-lg')

export default function Dashboard() {
  const { panels, renew } = useLoaderData<typeof loader>()
  const figures = dashboardFigures(panels)
  const finance = panels.pembelian.shown || panels.pemasangan.shown
  const any =
    panels.jatuhTempo.shown ||
    finance ||
    panels.stokBan.shown ||
    panels.banTarget.shown ||
    panels.banAus.shown ||
    panels.belumDiperiksa.shown ||
    panels.servisJatuhTempo.shown ||
    panels.sukuCadangMinimum.shown
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Ringkasan armada hari ini" />
      {figures.length ? (
        <ul aria-label="Ringkasan armada" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {figures.map((c) => (
            <li key={c.key}>
              <Link
                to={c.to}
                data-testid={`angka-${c.key}`}
                className="block h-full rounded-lg border border-slate-200 bg-white shadow-sm hover:border-blue-300 focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                <div className="p-5">
                  <div className="flex items-center gap-3">
                    <span
                      className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full text-base font-semibold ${c.tone}`}
                      aria-hidden="true"
                    >
                      {c.icon}
                    </span>
                    <p className="text-sm text-slate-600">{c.label}</p>
                  </div>
                  <p className={`mt-3 font-semibold tabular-nums ${figureSize(c.value)} ${c.alert ? 'text-red-700' : 'text-slate-900'}`}>
                    {c.value}
                  </p>
                </div>
                <p className={`border-t border-slate-100 px-5 py-2.5 text-sm ${c.alert ? 'text-red-700' : 'text-slate-600'}`}>
                  {c.caption}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {any ? (
        <section aria-labelledby="perlu-perhatian" className="mt-8">
          <h2 id="perlu-perhatian" className="mb-3 text-lg font-semibold text-slate-900">
            Perlu perhatian
          </h2>
          <div className="grid gap-4 lg:grid-cols-2">
            {panels.jatuhTempo.shown ? (
              <PanelBox title={`STNK & KIR jatuh tempo (${DEFAULT_HARI} hari)`} name="jatuh-tempo" panel={panels.jatuhTempo} wide>
                {(d) => (
                  <>
                    <p className="mb-3 text-sm text-slate-700">
                      <strong data-testid="jatuh-tempo-jumlah">{formatNumber(d.total)}</strong> dokumen jatuh tempo dalam {DEFAULT_HARI}{' '}
                      hari
                      {d.overdue ? (
                        <>
                          , <strong className="text-red-700">{d.overdue} sudah lewat</strong>
                        </>
                      ) : null}
                      .
                    </p>
                    {d.rows.length ? (
                      <PanelTable
                        caption="STNK dan KIR yang paling dekat jatuh tempo"
                        columns={['No Kabin', 'No Pol', 'Dokumen', 'Jatuh Tempo', 'Sisa', renew && { label: 'Aksi', srOnly: true }]}
                      >
                        {d.rows.map((r) => (
                          <tr key={r.key} className="border-b border-slate-100">
                            <td className="py-1.5 pr-3">{r.no_kabin || '-'}</td>
                            <td className="py-1.5 pr-3">{r.no_pol || '-'}</td>
                            <td className="py-1.5 pr-3">{r.dokumen}</td>
                            <td className="py-1.5 pr-3">{formatDate(r.tanggal)}</td>
                            <td className="py-1.5 pr-3">
                              <DueLabel sisa={r.sisa} />
                            </td>
                            {renew ? (
                              <td className="py-1.5">
                                <PerpanjangLink row={r} />
                              </td>
                            ) : null}
                          </tr>
                        ))}
                      </PanelTable>
                    ) : null}
                    <PanelLink to={DASHBOARD_LINKS.jatuhTempo}>Lihat semua jatuh tempo ({formatNumber(d.total)})</PanelLink>
                  </>
                )}
              </PanelBox>
            ) : null}
            {panels.servisJatuhTempo.shown ? (
              <PanelBox
                title={`Servis jatuh tempo (${SERVIS_PANEL.hari} hari atau ${formatNumber(SERVIS_PANEL.km)} km)`}
                titleTo={DASHBOARD_LINKS.servis}
                name="servis-jatuh-tempo"
                panel={panels.servisJatuhTempo}
                wide
              >
                {(d) => (
                  <>
                    <p className="mb-3 text-sm text-slate-700">
                      <strong data-testid="servis-jatuh-tempo-jumlah">{formatNumber(d.total)}</strong> servis jatuh tempo dalam{' '}
                      {SERVIS_PANEL.hari} hari atau {formatNumber(SERVIS_PANEL.km)} km
                      {d.lewat ? (
                        <>
                          , <strong className="text-red-700">{formatNumber(d.lewat)} sudah lewat</strong>
                        </>
                      ) : null}
                      .
                    </p>
                    {d.rows.length ? (
                      <PanelTable caption="Servis yang paling dekat jatuh tempo" columns={['No Kabin', 'No Pol', 'Item Servis', 'Sisa']}>
                        {d.rows.map((r) => (
                          <tr key={`${r.kendaraan_id}-${r.item_servis_id}`} className="border-b border-slate-100">
                            <td className="py-1.5 pr-3">{r.no_kabin || '-'}</td>
                            <td className="py-1.5 pr-3">{r.no_pol || '-'}</td>
                            <td className="py-1.5 pr-3">{r.nama_item}</td>
                            <td className={`py-1.5 pr-3 ${r.lewat ? 'font-semibold text-red-700' : ''}`}>{sisaServisText(r)}</td>
                          </tr>
                        ))}
                      </PanelTable>
                    ) : null}
                    <PanelLink to={DASHBOARD_LINKS.servis}>Lihat semua servis jatuh tempo ({formatNumber(d.total)})</PanelLink>
                  </>
                )}
              </PanelBox>
            ) : null}
            {panels.sukuCadangMinimum.shown ? (
              <PanelBox
                title="Suku Cadang di bawah minimum"
                titleTo={DASHBOARD_LINKS.sukuCadangMinimum}
                name="suku-cadang-minimum"
                panel={panels.sukuCadangMinimum}
              >
                {(d) => (
                  <>
                    <p className="mb-3 text-sm text-slate-700">
                      <strong data-testid="suku-cadang-minimum-jumlah">{formatNumber(d.total)}</strong> suku cadang pada atau di bawah stok
                      minimum.
                    </p>
                    {d.rows.length ? (
                      <PanelTable caption="Suku cadang di bawah minimum" columns={['Suku Cadang', 'Stok', 'Minimum']}>
                        {d.rows.map((r) => (
                          <tr key={r.id} className="border-b border-slate-100">
                            <td className="py-1.5 pr-3">
                              <Link to={DASHBOARD_LINKS.kartuStok(r.id)} className="text-blue-700 hover:underline">
                                {r.nama}
                              </Link>
                            </td>
                            <td className="py-1.5 pr-3 font-semibold tabular-nums text-red-700">
                              {formatNumber(r.stok)} {r.satuan}
                            </td>
                            <td className="py-1.5 pr-3 tabular-nums">{formatNumber(r.stok_minimum)}</td>
                          </tr>
                        ))}
                      </PanelTable>
                    ) : null}
                    <PanelLink to={DASHBOARD_LINKS.sukuCadangMinimum}>Lihat semua ({formatNumber(d.total)})</PanelLink>
                  </>
                )}
              </PanelBox>
            ) : null}
            {finance ? (
              <section
                aria-labelledby="panel-finance"
                className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
                data-testid="panel-finance"
              >
                <h3 id="panel-finance" className="mb-3 font-semibold text-slate-900">
                  Menunggu posting finance
                </h3>
                <ul className="space-y-3">
                  {panels.pembelian.shown ? (
                    <Backlog label="Pembelian Ban" name="pembelian" panel={panels.pembelian} to={DASHBOARD_LINKS.pembelian} />
                  ) : null}
                  {panels.pemasangan.shown ? (
                    <Backlog label="Pemasangan Ban" name="pemasangan" panel={panels.pemasangan} to={DASHBOARD_LINKS.pemasangan} />
                  ) : null}
                </ul>
              </section>
            ) : null}
            {panels.stokBan.shown ? (
              <PanelBox title="Stok ban per ukuran" name="stok-ban" panel={panels.stokBan}>
                {(d) => (
                  <>
                    <p className="mb-2 text-sm text-slate-700">
                      <strong>{formatNumber(d.total)}</strong> ban di stok.
                    </p>
                    <ul className="divide-y divide-slate-100 text-sm">
                      {d.sizes.map((s) => (
                        <li key={String(s.ukuran_id)} className="flex justify-between py-1.5">
                          <Link to={DASHBOARD_LINKS.stokUkuran(s.ukuran_id)} className="text-blue-700 hover:underline">
                            {s.nama}
                          </Link>
                          <span className="tabular-nums">{formatNumber(s.jumlah)}</span>
                        </li>
                      ))}
                    </ul>
                    <PanelLink to={DASHBOARD_LINKS.stokBan}>Lihat stok ban</PanelLink>
                  </>
                )}
              </PanelBox>
            ) : null}
            {panels.banTarget.shown ? (
              <PanelBox title="Ban mendekati target km" titleTo={DASHBOARD_LINKS.banTerpasang} name="ban-target" panel={panels.banTarget}>
                {(d) => (
                  <>
                    <p className="mb-2 text-sm text-slate-700">
                      <strong data-testid="ban-target-jumlah">{formatNumber(d.total)}</strong> ban terpasang sudah mencapai{' '}
                      {NEAR_TARGET_PERCENT}% target km atau lebih.
                    </p>
                    {d.rows.length ? (
                      <PanelTable
                        caption="Ban terpasang yang paling dekat target km, paling aus dahulu"
                        columns={[
                          'Ban',
                          'Kendaraan',
                          { label: 'Km / Target', className: 'text-right' },
                          { label: '%', className: 'text-right' },
                        ]}
                      >
                        {d.rows.map((r) => (
                          <tr key={r.id} className="border-b border-slate-100" data-testid="ban-target-row">
                            <TyreCell tyre={r} />
                            <td className="py-1.5 pr-3">
                              {r.no_kabin || '-'} · {r.posisi_ban || '-'}
                            </td>
                            <td className="py-1.5 pr-3 text-right tabular-nums">
                              {formatNumber(r.km)} / {formatNumber(r.target)}
                            </td>
                            <td
                              className={`py-1.5 text-right font-semibold tabular-nums ${r.persen >= 100 ? 'text-red-700' : 'text-amber-700'}`}
                            >
                              {formatPercent(r.persen)}
                            </td>
                          </tr>
                        ))}
                      </PanelTable>
                    ) : null}
                    {d.total > d.rows.length ? (
                      <p className="mt-2 text-sm text-slate-600" data-testid="ban-target-lainnya">
                        dan {formatNumber(d.total - d.rows.length)} ban lainnya.
                      </p>
                    ) : null}
                    <PanelLink to={DASHBOARD_LINKS.banTerpasang}>Lihat ban terpasang</PanelLink>
                  </>
                )}
              </PanelBox>
            ) : null}
            {panels.banAus.shown ? (
              <PanelBox
                title="Ban mendekati tebal tapak minimum"
                titleTo={DASHBOARD_LINKS.pemeriksaan}
                name="ban-aus"
                panel={panels.banAus}
              >
                {(d) => (
                  <>
                    <p className="mb-2 text-sm text-slate-700">
                      <strong data-testid="ban-aus-jumlah">{formatNumber(d.total)}</strong> ban terpasang sudah di tebal tapak minimum (
                      {formatMm(d.minimum)}) atau diperkirakan mencapainya dalam {formatNumber(d.km)} km atau {d.hari} hari.
                    </p>
                    {d.rows.length ? (
                      <div className="overflow-x-auto">
                        <PanelTable
                          caption="Ban yang paling dekat atau sudah lewat tebal tapak minimum, yang paling lewat dahulu"
                          columns={[
                            'Ban',
                            { label: 'Kendaraan', className: 'hidden sm:table-cell' },
                            { label: 'Tapak / Sisa Km', className: 'text-right' },
                            { label: 'Prakiraan', className: 'text-right' },
                          ]}
                        >
                          {d.rows.map((r) => (
                            <tr key={r.id} className="border-b border-slate-100" data-testid="ban-aus-row">
                              <TyreCell tyre={r}>
                                {/* On a phone the vehicle is a line of the tyre's cell, not a column of its own. */}
                                <span className="block text-xs text-slate-700 sm:hidden">
                                  {r.no_kabin || '-'} · {r.posisi_ban || '-'}
                                </span>
                              </TyreCell>
                              <td className="hidden py-1.5 pr-3 sm:table-cell">
                                {r.no_kabin || '-'} · {r.posisi_ban || '-'}
                              </td>
                              <td className="py-1.5 pr-3 text-right tabular-nums">
                                {formatMm(r.tebal_tapak)} / {r.km_sisa === null ? '-' : `${formatNumber(r.km_sisa)} km`}
                              </td>
                              <td className="py-1.5 text-right tabular-nums" data-testid="ban-aus-prakiraan">
                                {r.tebal_tapak !== null && d.minimum !== null && r.tebal_tapak <= d.minimum ? (
                                  <strong className="font-semibold text-red-700">Ganti sekarang</strong>
                                ) : r.tanggal_prakiraan && r.sisa !== null ? (
                                  <>
                                    <span className="block text-slate-700">{formatDate(r.tanggal_prakiraan)}</span>
                                    <DueLabel sisa={r.sisa} />
                                  </>
                                ) : (
                                  '-'
                                )}
                              </td>
                            </tr>
                          ))}
                        </PanelTable>
                      </div>
                    ) : null}
                    {d.total > d.rows.length ? (
                      <p className="mt-2 text-sm text-slate-600">dan {formatNumber(d.total - d.rows.length)} ban lainnya.</p>
                    ) : null}
                  </>
                )}
              </PanelBox>
            ) : null}
            {panels.belumDiperiksa.shown ? (
              <PanelBox
                title={`Kendaraan belum diperiksa (${HARI_BELUM_DIPERIKSA} hari)`}
                titleTo={DASHBOARD_LINKS.pemeriksaan}
                name="belum-diperiksa"
                panel={panels.belumDiperiksa}
              >
                {(d) => (
                  <>
                    <p className="mb-2 text-sm text-slate-700">
                      <strong data-testid="belum-diperiksa-jumlah">{formatNumber(d.total)}</strong> kendaraan dengan ban terpasang belum
                      diperiksa dalam {d.hari} hari terakhir.
                    </p>
                    {d.rows.length ? (
                      <ul className="divide-y divide-slate-100 text-sm">
                        {d.rows.map((k) => (
                          <li
                            key={k.id}
                            className="flex flex-wrap items-baseline justify-between gap-2 py-1.5"
                            data-testid="belum-diperiksa-row"
                          >
                            <span>
                              <span className="font-medium">{k.no_kabin || k.kode_kendaraan || `Kendaraan #${k.id}`}</span>
                              {k.no_pol ? <span className="text-slate-600"> · {k.no_pol}</span> : null}
                            </span>
                            <span className="text-slate-600">
                              {k.terakhir_diperiksa ? `terakhir ${formatDate(k.terakhir_diperiksa)}` : 'belum pernah'} ·{' '}
                              <Link to={DASHBOARD_LINKS.periksaKendaraan(k.id)} className="font-semibold text-blue-700 hover:underline">
                                Periksa
                              </Link>
                            </span>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {d.total > d.rows.length ? (
                      <p className="mt-2 text-sm text-slate-600">dan {formatNumber(d.total - d.rows.length)} kendaraan lainnya.</p>
                    ) : null}
                    <PanelLink to={DASHBOARD_LINKS.pemeriksaan}>Lihat pemeriksaan ban</PanelLink>
                  </>
                )}
              </PanelBox>
            ) : null}
          </div>
        </section>
      ) : null}
    </>
  )
}

/** A percent with one decimal, Indonesian style (93,0%). */
const formatPercent = (n: number) => `${n.toLocaleString('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`

function PanelBox<T>({
  title,
  titleTo,
  name,
  panel,
  wide = false,
  children,
}: {
  title: string
  /** The heading is a link to the list of the same rows. */
  titleTo?: string
  name: string
  panel: Exclude<Panel<T>, { shown: false }>
  wide?: boolean
  children: (data: T) => ReactNode
}) {
  return (
    <section
      aria-labelledby={`panel-${name}`}
      data-testid={`panel-${name}`}
      className={`min-w-0 overflow-x-auto rounded-lg border border-slate-200 bg-white p-5 shadow-sm wrap-anywhere [&_th]:wrap-normal ${wide ? 'lg:col-span-2' : ''}`}
    >
      <h3 id={`panel-${name}`} className="mb-3 font-semibold text-slate-900">
        {titleTo ? (
          <Link to={titleTo} className="hover:text-blue-700 hover:underline">
            {title}
          </Link>
        ) : (
          title
        )}
      </h3>
      {panel.ok ? children(panel.data) : <PanelFailed message={panel.message} />}
    </section>
  )
}

function PanelFailed({ message }: { message: string }) {
  return <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{message}</p>
}

function PanelLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mt-3 text-sm">
      <Link to={to} className="font-semibold text-blue-700 hover:underline">
        {children} →
      </Link>
    </p>
  )
}

function Backlog({
  label,
  name,
  panel,
  to,
}: {
  label: string
  name: string
  panel: Exclude<Panel<{ count: number; total: number }>, { shown: false }>
  to: string
}) {
  return (
    <li data-testid={`backlog-${name}`}>
      {panel.ok ? (
        <Link to={to} className="flex items-baseline justify-between gap-3 rounded-md px-2 py-1.5 hover:bg-slate-50">
          <span className="whitespace-nowrap font-medium text-blue-700">{label}</span>
          <span className="text-sm text-slate-700">
            <strong className="tabular-nums">{formatNumber(panel.data.count)}</strong> dokumen unpost, Grand Total{' '}
            <strong className="tabular-nums">Rp {formatNumber(panel.data.total)}</strong>
          </span>
        </Link>
      ) : (
        <>
          <p className="px-2 font-medium text-slate-700">{label}</p>
          <PanelFailed message={panel.message} />
        </>
      )}
    </li>
  )
}

/** A panel's table: its caption for screen readers, its header row, its rows (`children`). */
function PanelTable({ caption, columns, children }: { caption: string; columns: readonly (HeadColumn | false)[]; children: ReactNode }) {
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <HeadRow className="border-b border-slate-200 text-slate-600" cell="py-1.5 font-semibold" gap="pr-3" columns={columns} />
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}

/** A tyre's cell in a panel: its code, a link to its history, its serial under it, then `children`. */
function TyreCell({ tyre, children }: { tyre: { id: number; kode_ban: string | null; no_seri: string | null }; children?: ReactNode }) {
  return (
    <td className="py-1.5 pr-3">
      <Link to={DASHBOARD_LINKS.riwayatBan(tyre.id)} className="font-medium text-blue-700 hover:underline">
        {tyre.kode_ban || `Ban #${tyre.id}`}
      </Link>
      <span className="block text-xs text-slate-500">{tyre.no_seri || '-'}</span>
      {children}
    </td>
  )
}
