import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { POSTED_READ_ONLY } from '~/lib/pemasangan'
import { editBackTo, pemasanganMode, loadPemasanganScreen, refuseIfPosted, screenUrl } from '~/server/pemasangan.server'
import { requireScreen } from '~/server/grants.server'
import { riwayatLinksShown } from '~/server/riwayat-link.server'
import { fittedTyreOf, submitTyreScreen, vehicleSummary } from '~/server/tyre-screen.server'
import { addPemasangan, updateInqueryPemasangan } from '~/upstream/pemasangan-ban.server'
import { AxleDiagram } from '~/ui/axle-diagram'
import { SerialLink } from '~/ui/ban-status'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { TyreLinesTable, TyreScreenLayout, TyreScreenSubmit, useCurrentPosition } from '~/ui/tyre-screen'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Pemasangan Ban'} — Armada` }]

export const BELUM_ADA_BAN = 'Belum ada ban yang dipasang. Pilih posisi pada diagram dan simpan ban terlebih dahulu.'

/** The create form needs Create; the edit screen (with a pemasangan id) Update. */
const permOf = (params: LoaderFunctionArgs['params']) => (params.id === undefined ? 'create' : 'update')

/**
 * Form Pemasangan Ban (/admin/create-pemasangan-ban?kendaraan_id={id}) and Update Pemasangan Ban
 * (/admin/inquery-pemasangan-ban/edit/{id}): the vehicle
 * summary, the axle diagram (positions from total_ban; each a link to its dialog route), the table
 * 'Detail Ban Terpasang', and the final Simpan / Update. A posted pemasangan opens read-only.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, permOf(params))
  const mode = pemasanganMode(request, params)
  const [screen, riwayatLinks] = await Promise.all([loadPemasanganScreen(auth.upstream, mode), riwayatLinksShown(auth)])
  const url = screenUrl(request, mode)
  return {
    kind: mode.kind,
    title: mode.kind === 'create' ? 'Form Pemasangan Ban' : 'Update Pemasangan Ban',
    kendaraan: vehicleSummary(screen.kendaraan),
    pemasangan: screen.pemasangan
      ? { id: screen.pemasangan.id, kode: screen.pemasangan.kode_pemasangan, status: screen.pemasangan.status }
      : null,
    layout: screen.layout,
    // The diagram draws who holds each position now: this screen's lines not taken off, else another
    // pemasangan's tyre; a position freed by a pelepasan is free (kosong) and takes a new tyre.
    tyres: Object.fromEntries([
      ...screen.elsewhere.map((e) => [e.posisi, e.no_seri ?? e.kode_ban ?? '?']),
      ...screen.fitted.map((d) => [d.posisi_ban ?? '', d.ban?.no_seri ?? d.ban?.kode_ban ?? '?']),
    ]),
    others: Object.fromEntries(screen.elsewhere.map((e) => [e.posisi, e.pemasangan.kode || `#${e.pemasangan.id}`])),
    details: screen.details.map((d) => ({ id: d.id, posisi: d.posisi_ban, dilepas: d.dilepas, ...fittedTyreOf(d) })),
    detailsError: screen.detailsError,
    readOnly: screen.readOnly,
    // A serial opens the tyre's Riwayat when the user may see it.
    riwayatLinks,
    screen: url,
    backTo: mode.kind === 'create' ? '/admin/pemasangan-ban' : editBackTo(request),
  }
}

/**
 * Simpan (create): POST /api/pemasangan-ban/add-pemasangan/{kendaraanId}, then the pemasangan list with
 * its banner. Update (edit): POST /api/inquery-pemasangan-ban/{id}/update with kendaraan_id, then
 * back where the user came from. With no tyre on the vehicle it refuses with a message.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, permOf(params))
  const mode = pemasanganMode(request, params)
  let kendaraanId = 0
  return submitTyreScreen(request, {
    check: async () => {
      const screen = await loadPemasanganScreen(auth.upstream, mode)
      refuseIfPosted(screen)
      kendaraanId = screen.kendaraan.id
      if (screen.detailsError) return { error: screen.detailsError, status: 502 }
      return screen.details.length === 0 ? { error: BELUM_ADA_BAN, status: 400 } : null
    },
    save: async () => {
      if (mode.kind === 'create') await addPemasangan(auth.upstream, mode.kendaraanId)
      else await updateInqueryPemasangan(auth.upstream, mode.pemasanganId, { kendaraan_id: kendaraanId })
    },
    to: mode.kind === 'create' ? '/admin/pemasangan-ban' : editBackTo(request),
    message: mode.kind === 'create' ? 'Data pemasangan ban berhasil disimpan.' : 'Data pemasangan ban berhasil diperbarui.',
  })
}

export default function PemasanganScreen() {
  const s = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const current = useCurrentPosition()
  const dialogHref = (position: string) => `${s.screen.path}/posisi/${position}${s.screen.search}`
  return (
    <TyreScreenLayout
      page={s}
      subtitle={s.pemasangan ? `Kode Pemasangan ${s.pemasangan.kode || '-'}` : 'Pilih posisi pada diagram untuk memasang ban'}
      posted={s.readOnly ? POSTED_READ_ONLY : null}
      status={s.pemasangan ? s.pemasangan.status : undefined}
      diagram={
        <AxleDiagram layout={s.layout} tyres={s.tyres} others={s.others} hrefFor={s.readOnly ? null : dialogHref} current={current} />
      }
      linesTitle="Detail Ban Terpasang"
      lines={
        <>
          <TyreLinesTable
            headers={['Kode', 'No Seri', 'Ukuran', 'Merek', 'Kondisi']}
            rows={s.details.map((d) => ({
              id: d.id,
              posisi: d.posisi,
              // The pemasangan still lists a tyre a pelepasan took off; only its pelepasan can be undone.
              note: d.dilepas ? 'dilepas' : null,
              cells: [
                d.kode_ban,
                <SerialLink key="seri" banId={d.ban_id} text={d.no_seri ?? '-'} linked={s.riwayatLinks} />,
                d.ukuran,
                d.merek,
                d.kondisi,
              ],
            }))}
            empty="Belum ada ban yang dipasang."
            error={s.detailsError}
            deleteTo={s.readOnly ? null : (id) => `${s.screen.path}/detail/${id}/hapus${s.screen.search}`}
            deleteLabel="Hapus ban posisi"
          />
          {s.readOnly ? null : (
            <TyreScreenSubmit action={s.screen.href} error={actionData?.error} label={s.kind === 'create' ? 'Simpan' : 'Update'} />
          )}
        </>
      }
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
