import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, Outlet, useActionData, useLoaderData, useParams, type MetaFunction } from '@remix-run/react'
import { randomUUID } from 'node:crypto'
import { editBackTo, fittingMode, loadFittingScreen, refuseIfPosted, screenUrl } from '~/lib/fitting.server'
import { formatNumber } from '~/lib/format'
import { readForm } from '~/lib/form.server'
import { requireScreen } from '~/lib/grants.server'
import { riwayatLinksShown } from '~/lib/riwayat-link.server'
import { redirectWithToast } from '~/session.server'
import { UpstreamHttpError, UpstreamValidation, userMessage } from '~/upstream/errors'
import { addPemasangan, updateInqueryPemasangan } from '~/upstream/pemasangan-ban.server'
import { AxleDiagram } from '~/ui/axle-diagram'
import { SerialLink } from '~/ui/ban-status'
import { SubmitButton } from '~/ui/button'
import { DocStatus } from '~/ui/doc-status'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FormErrors } from '~/ui/fields'
import { TrashIcon } from '~/ui/icons'
import { PageHeader } from '~/ui/page-header'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Pemasangan Ban'} — Armada` }]

export const BELUM_ADA_BAN = 'Belum ada ban yang dipasang. Pilih posisi pada diagram dan simpan ban terlebih dahulu.'

/** The create form needs Create; the edit screen (with a fitting id) Update. */
const permOf = (params: LoaderFunctionArgs['params']) => (params.id === undefined ? 'create' : 'update')

/**
 * Form Pemasangan Ban (/admin/create-pemasangan-ban?kendaraan_id={id}) and Update Pemasangan Ban
 * (/admin/inquery-pemasangan-ban/edit/{id}) — spec 001 §2, issue 9.3–9.5 and 9.7: the vehicle
 * summary, the axle diagram (positions from total_ban; each a link to its dialog route), the table
 * 'Detail Ban Terpasang', and the final Simpan / Update. A posted fitting opens read-only.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, permOf(params))
  const mode = fittingMode(request, params)
  const [screen, riwayatLinks] = await Promise.all([loadFittingScreen(auth.upstream, mode), riwayatLinksShown(auth)])
  const url = screenUrl(request, mode)
  const k = screen.kendaraan
  return {
    kind: mode.kind,
    title: mode.kind === 'create' ? 'Form Pemasangan Ban' : 'Update Pemasangan Ban',
    kendaraan: {
      id: k.id,
      kode: k.kode_kendaraan,
      no_kabin: k.no_kabin,
      no_pol: k.no_pol,
      jenis: k.jenis_kendaraan?.nama_jenis_kendaraan ?? null,
      total_ban: k.jenis_kendaraan?.total_ban ?? null,
      km: k.km,
    },
    fitting: screen.fitting ? { id: screen.fitting.id, kode: screen.fitting.kode_pemasangan, status: screen.fitting.status } : null,
    layout: screen.layout,
    tyres: Object.fromEntries([
      ...screen.elsewhere.map((e) => [e.posisi, e.no_seri ?? e.kode_ban ?? '?']),
      ...screen.details.map((d) => [d.posisi_ban ?? '', d.ban?.no_seri ?? d.ban?.kode_ban ?? '?']),
    ]),
    others: Object.fromEntries(screen.elsewhere.map((e) => [e.posisi, e.pemasangan.kode || `#${e.pemasangan.id}`])),
    details: screen.details.map((d) => ({
      id: d.id,
      posisi: d.posisi_ban,
      ban_id: d.ban_id ?? d.ban?.id ?? null,
      kode: d.ban?.kode_ban ?? null,
      no_seri: d.ban?.no_seri ?? null,
      ukuran: d.ban?.ukuran?.nama ?? null,
      merek: d.ban?.merek?.nama_merek ?? null,
      kondisi: d.ban?.kondisi_ban ?? null,
    })),
    detailsError: screen.detailsError,
    // A serial opens the tyre's history (issue 19) when the user holds Stok Ban and the upstream offers it.
    riwayatLinks,
    readOnly: screen.readOnly,
    screen: url,
    backTo: mode.kind === 'create' ? '/admin/pemasangan-ban' : editBackTo(request),
  }
}

/**
 * Simpan (create): POST /api/pemasangan-ban/add-pemasangan/{kendaraanId}, then the fitting list with
 * its banner. Update (edit): POST /api/inquery-pemasangan-ban/{id}/update with kendaraan_id, then
 * back where the user came from. With no tyre on the vehicle it refuses with a message.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, permOf(params))
  const mode = fittingMode(request, params)
  const read = await readForm(request)
  if (!read.ok) return data({ error: read.message }, { status: read.status })
  const screen = await loadFittingScreen(auth.upstream, mode)
  refuseIfPosted(screen)
  if (screen.detailsError) return data({ error: screen.detailsError }, { status: 502 })
  if (screen.details.length === 0) return data({ error: BELUM_ADA_BAN }, { status: 400 })
  try {
    if (mode.kind === 'create') await addPemasangan(auth.upstream, mode.kendaraanId)
    else await updateInqueryPemasangan(auth.upstream, mode.pemasanganId, { kendaraan_id: screen.kendaraan.id })
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof UpstreamValidation) return data({ error: error.serverMessage }, { status: 422 })
    const status = error instanceof UpstreamHttpError && error.status < 500 ? error.status : 502
    const reason = error instanceof UpstreamHttpError ? (error.serverMessage ?? userMessage(error)) : userMessage(error)
    return data({ error: `Gagal: ${reason}` }, { status })
  }
  const to = mode.kind === 'create' ? '/admin/pemasangan-ban' : editBackTo(request)
  return redirectWithToast(request, to, {
    kind: 'success',
    message: mode.kind === 'create' ? 'Data pemasangan ban berhasil disimpan.' : 'Data pemasangan ban berhasil diperbarui.',
    ms: 2000,
    id: randomUUID(),
  })
}

function Summary({ items }: { items: [string, string | number | null][] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className="mt-0.5 font-semibold text-slate-900">{value === null || value === '' ? '-' : value}</dd>
        </div>
      ))}
    </dl>
  )
}

// The tyre table may scroll sideways (long serials, a narrow window): its Opsi column stays in view
// at the right edge, so a staged tyre's delete button is never scrolled away.
const OPSI_CELL = 'sticky right-0 bg-white px-1'

export default function FittingScreen() {
  const s = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const params = useParams()
  const current = params.posisi ? params.posisi.toUpperCase() : null
  const dialogHref = (position: string) => `${s.screen.path}/posisi/${position}${s.screen.search}`
  const k = s.kendaraan
  return (
    <section>
      <PageHeader
        title={s.title}
        subtitle={s.fitting ? `Kode Pemasangan ${s.fitting.kode || '-'}` : 'Pilih posisi pada diagram untuk memasang ban'}
        actions={
          <Link to={s.backTo} className="text-sm font-semibold text-blue-700 hover:underline">
            ← Kembali
          </Link>
        }
      />
      {s.readOnly ? (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Pemasangan ban ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.
        </p>
      ) : null}
      {/* Phone: vehicle, diagram, tyres. Wide screens: vehicle and tyres on the left, the diagram on the right. */}
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_23rem] lg:grid-rows-[auto_1fr]">
        <section
          aria-labelledby="kendaraan-title"
          className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:col-start-1 lg:row-start-1"
        >
          <h2 id="kendaraan-title" className="mb-3 font-semibold text-slate-800">
            Kendaraan
          </h2>
          <Summary
            items={[
              ['Kode Kendaraan', k.kode],
              ['No Kabin', k.no_kabin],
              ['No Pol', k.no_pol],
              ['Jenis Kendaraan', k.jenis],
              ['Total Ban', k.total_ban],
              ['Km Kendaraan', k.km === null ? null : formatNumber(k.km)],
            ]}
          />
          {s.fitting ? (
            <p className="mt-3 text-sm">
              Status: <DocStatus status={s.fitting.status} />
            </p>
          ) : null}
        </section>
        <section
          aria-labelledby="diagram-title"
          className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <h2 id="diagram-title" className="mb-2 font-semibold text-slate-800">
            Posisi Ban
          </h2>
          <AxleDiagram layout={s.layout} tyres={s.tyres} others={s.others} hrefFor={s.readOnly ? null : dialogHref} current={current} />
        </section>
        <section
          aria-labelledby="detail-title"
          className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:col-start-1 lg:row-start-2"
        >
          <h2 id="detail-title" className="mb-3 font-semibold text-slate-800">
            Detail Ban Terpasang
          </h2>
          {s.detailsError ? (
            <p role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
              {s.detailsError}
            </p>
          ) : null}
          {/* Focusable: it scrolls sideways on narrow screens (keyboard users can scroll it too). */}
          <div className="overflow-x-auto" tabIndex={0} role="group" aria-labelledby="detail-title">
            <table className="min-w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-600">
                  {['No', 'Posisi', 'Kode', 'No Seri', 'Ukuran', 'Merek', 'Kondisi', 'Opsi'].map((h) => (
                    <th
                      key={h}
                      scope="col"
                      className={h === 'Opsi' ? `${OPSI_CELL} py-2 font-medium` : 'whitespace-nowrap px-1 py-2 font-medium'}
                    >
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {s.details.length === 0 ? (
                  <tr>
                    <td colSpan={8} className="px-2 py-4 text-center text-slate-600">
                      Belum ada ban yang dipasang.
                    </td>
                  </tr>
                ) : (
                  s.details.map((d, i) => (
                    <tr key={d.id} className="border-b border-slate-100">
                      <td className="whitespace-nowrap px-1 py-2">{i + 1}</td>
                      <td className="whitespace-nowrap px-1 py-2 font-semibold">{d.posisi ?? '-'}</td>
                      <td className="whitespace-nowrap px-1 py-2">{d.kode ?? '-'}</td>
                      <td className="whitespace-nowrap px-1 py-2">
                        <SerialLink banId={d.ban_id} text={d.no_seri ?? '-'} linked={s.riwayatLinks} />
                      </td>
                      <td className="whitespace-nowrap px-1 py-2">{d.ukuran ?? '-'}</td>
                      <td className="px-1 py-2">{d.merek ?? '-'}</td>
                      <td className="whitespace-nowrap px-1 py-2">{d.kondisi ?? '-'}</td>
                      <td className={`${OPSI_CELL} py-1`}>
                        {s.readOnly ? null : (
                          <Link
                            to={`${s.screen.path}/detail/${d.id}/hapus${s.screen.search}`}
                            preventScrollReset
                            aria-label={`Hapus ban posisi ${d.posisi ?? ''}`}
                            title="Hapus"
                            className="inline-flex size-8 items-center justify-center rounded-md text-red-700 hover:bg-red-50"
                          >
                            <TrashIcon className="size-4" />
                          </Link>
                        )}
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          {s.readOnly ? null : (
            <Form method="post" action={s.screen.href} className="mt-4 flex flex-wrap items-center justify-end gap-3">
              <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />
              <SubmitButton name="intent" value="simpan" pendingText="Menyimpan...">
                {s.kind === 'create' ? 'Simpan' : 'Update'}
              </SubmitButton>
            </Form>
          )}
        </section>
      </div>
      <Outlet />
    </section>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
