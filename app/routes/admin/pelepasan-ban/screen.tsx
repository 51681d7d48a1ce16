import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { formatNumber } from '~/lib/format'
import { PELEPASAN_POSTED, tujuanLabel } from '~/lib/pelepasan'
import { openPelepasanScreen, pelepasanBackTo } from '~/server/pelepasan.server'
import { submitTyreScreen, vehicleSummary } from '~/server/tyre-screen.server'
import { addPelepasan } from '~/upstream/pelepasan-ban.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FittedTyresDiagram, TyreLinesTable, TyreScreenLayout, TyreScreenSubmit } from '~/ui/tyre-screen'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Pelepasan Ban'} — Armada` }]

export const BELUM_ADA_BAN_DILEPAS = 'Belum ada ban yang dilepas. Pilih ban terpasang pada diagram terlebih dahulu.'

const km = (n: number | null) => (n === null ? null : formatNumber(n))

/**
 * Form Pelepasan Ban (/admin/create-pelepasan-ban?kendaraan_id={id}) and Update Pelepasan Ban
 * (/admin/pelepasan-ban/edit/{id}): the vehicle, the axle diagram of what is fitted now
 * (a fitted position opens 'Form Pelepasan Ban ({posisi})'; the positions this pelepasan freed show
 * their tyre as dilepas), the pelepasan lines with an undo each, and Simpan (create) / Selesai (edit:
 * every line is saved into the document at once). A posted document opens read-only.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { mode, screen, url } = await openPelepasanScreen(request, params)
  const d = screen.document
  return {
    kind: mode.kind,
    title: mode.kind === 'create' ? 'Form Pelepasan Ban' : 'Update Pelepasan Ban',
    kendaraan: vehicleSummary(screen.kendaraan),
    document: d ? { kode: d.kode_pelepasan, status: d.status } : null,
    layout: screen.layout,
    fitted: Object.fromEntries(screen.fitted.map((f) => [f.posisi_ban ?? '', f.ban?.no_seri ?? f.ban?.kode_ban ?? '?'])),
    removed: Object.fromEntries(screen.lines.map((l) => [l.posisi_ban ?? '', l.ban?.no_seri ?? l.ban?.kode_ban ?? '?'])),
    fittedError: screen.fittedError,
    lines: screen.lines.map((l) => ({
      id: l.id,
      posisi: l.posisi_ban,
      cells: [
        l.ban?.kode_ban ?? null,
        l.ban?.no_seri ?? null,
        km(l.km_pemasangan),
        km(l.km_pelepasan),
        km(l.km_tempuh),
        l.alasan,
        tujuanLabel(l.tujuan),
      ],
    })),
    linesError: screen.linesError,
    readOnly: screen.readOnly,
    screen: url,
    backTo: mode.kind === 'create' ? '/admin/pelepasan-ban' : pelepasanBackTo(request),
  }
}

/**
 * Simpan (create): POST /api/pelepasan-ban/add-pelepasan/{kendaraanId}, then the pelepasan list with
 * its banner; nothing staged is refused with a message. Selesai (edit): the lines are in the
 * document already; back where the user came from.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { auth, mode, screen } = await openPelepasanScreen(request, params, { writable: true })
  return submitTyreScreen(request, {
    check: async () => {
      if (mode.kind === 'edit') return null
      if (screen.linesError) return { error: screen.linesError, status: 502 }
      return screen.lines.length === 0 ? { error: BELUM_ADA_BAN_DILEPAS, status: 400 } : null
    },
    save: async () => {
      if (mode.kind === 'create') await addPelepasan(auth.upstream, mode.kendaraanId)
    },
    to: mode.kind === 'create' ? '/admin/pelepasan-ban' : pelepasanBackTo(request),
    message: mode.kind === 'create' ? 'Data pelepasan ban berhasil disimpan.' : 'Data pelepasan ban berhasil diperbarui.',
  })
}

export default function PelepasanScreen() {
  const s = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <TyreScreenLayout
      page={s}
      subtitle={s.document ? `Kode Pelepasan ${s.document.kode || '-'}` : 'Pilih ban terpasang pada diagram untuk melepasnya'}
      posted={s.readOnly ? PELEPASAN_POSTED : null}
      status={s.document ? s.document.status : undefined}
      diagram={<FittedTyresDiagram s={s} mode="pelepasan" removed={s.removed} />}
      linesTitle="Detail Ban Dilepas"
      lines={
        <>
          <TyreLinesTable
            headers={['Kode', 'No Seri', 'Km Pasang', 'Km Lepas', 'Km Tempuh', 'Alasan', 'Tujuan']}
            rows={s.lines}
            empty="Belum ada ban yang dilepas."
            error={s.linesError}
            deleteTo={s.readOnly ? null : (id) => `${s.screen.path}/detail/${id}/hapus${s.screen.search}`}
            deleteLabel="Batalkan pelepasan posisi"
          />
          {s.kind === 'edit' && !s.readOnly ? (
            <p className="mt-3 text-sm text-slate-600">Setiap ban yang dilepas atau dibatalkan langsung tersimpan pada dokumen ini.</p>
          ) : null}
          {s.readOnly ? null : (
            <TyreScreenSubmit action={s.screen.href} error={actionData?.error} label={s.kind === 'create' ? 'Simpan' : 'Selesai'} />
          )}
        </>
      }
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
