import { randomUUID } from 'node:crypto'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { redirectWithToast } from '~/session.server'
import type { Upstream } from '~/upstream/client.server'
import { UpstreamHttpError, UpstreamValidation, userMessage } from '~/upstream/errors'
import type { Kendaraan } from '~/upstream/kendaraan.server'
import type { DetailPemasangan } from '~/upstream/pemasangan-ban.server'
import { idParam } from './crud.server'
import { readForm } from './form.server'

/**
 * The pieces the pemasangan and pelepasan screens share (app/routes/admin/pemasangan-ban/*,
 * app/routes/admin/pelepasan-ban/*): the vehicle summary, the screen's final Simpan / Update, and the
 * undo of one staged tyre line with its confirmation.
 */

/** The vehicle block of a tyre screen (app/ui/tyre-screen.tsx VehicleSummary). */
export const vehicleSummary = (k: Kendaraan) => ({
  id: k.id,
  kode: k.kode_kendaraan,
  no_kabin: k.no_kabin,
  no_pol: k.no_pol,
  jenis: k.jenis_kendaraan?.nama_jenis_kendaraan ?? null,
  total_ban: k.jenis_kendaraan?.total_ban ?? null,
  km: k.km,
})

/**
 * A tyre screen's final button (Simpan / Update): read the form, `check` the screen (a message and
 * status when it may not be saved: nothing staged, the lines not loaded), `save` through the
 * upstream, then `to` with a banner. A refusal stays on the screen with the upstream's message.
 */
export async function submitTyreScreen(
  request: Request,
  spec: { check: () => Promise<{ error: string; status: number } | null>; save: () => Promise<unknown>; to: string; message: string },
) {
  const read = await readForm(request)
  if (!read.ok) return data({ error: read.message }, { status: read.status })
  const refusal = await spec.check()
  if (refusal) return data({ error: refusal.error }, { status: refusal.status })
  try {
    await spec.save()
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof UpstreamValidation) return data({ error: error.serverMessage }, { status: 422 })
    const status = error instanceof UpstreamHttpError && error.status < 500 ? error.status : 502
    const reason = error instanceof UpstreamHttpError ? (error.serverMessage ?? userMessage(error)) : userMessage(error)
    return data({ error: `Gagal: ${reason}` }, { status })
  }
  return redirectWithToast(request, spec.to, { kind: 'success', message: spec.message, ms: 2000, id: randomUUID() })
}

/** A pemasangan line's tyre as the screens and dialogs show it (app/ui/tyre-screen.tsx FittedTyre). */
export const fittedTyreOf = (d: DetailPemasangan) => ({
  ban_id: d.ban_id ?? d.ban?.id ?? null,
  no_seri: d.ban?.no_seri ?? null,
  kode_ban: d.ban?.kode_ban ?? null,
  ukuran: d.ban?.ukuran?.nama ?? null,
  merek: d.ban?.merek?.nama_merek ?? null,
  kondisi: d.ban?.kondisi_ban ?? null,
  km_pemasangan: d.km_pemasangan,
})

/** A staged line of a tyre screen as its undo confirmation names it. */
export type ScreenLine = { id: number; posisi: string | null; no_seri: string | null; kode_ban: string | null }

/** A pemasangan's or a pelepasan's tyre line as a ScreenLine. */
export const screenLine = (d: {
  id: number
  posisi_ban: string | null
  ban: { no_seri: string | null; kode_ban: string | null } | null
}): ScreenLine => ({ id: d.id, posisi: d.posisi_ban, no_seri: d.ban?.no_seri ?? null, kode_ban: d.ban?.kode_ban ?? null })

/**
 * The undo of one tyre line (…/detail/:detailId/hapus of a tyre screen): `open` guards the request
 * and loads the screen (its pages: 404 gone, 409 posted), `remove` calls the upstream.
 */
export type LineDelete = {
  open: (request: Request, params: Record<string, string | undefined>) => Promise<{ up: Upstream; lines: ScreenLine[]; closeTo: string }>
  remove: (up: Upstream, id: number) => Promise<unknown>
  /** 'Gagal menghapus detail ban.' */
  failure: string
  success: string
  /** The confirmation's question and text (app/ui/tyre-screen.tsx LineDeleteConfirm). */
  title: string
  text: string
}

const describeLine = (l: ScreenLine) => [`Posisi ${l.posisi ?? '-'}`, l.no_seri, l.kode_ban].filter(Boolean).join(' — ')

/** The confirmation's loader: what it names, and the screen it returns to. */
export async function lineDeleteData(spec: LineDelete, { request, params }: LoaderFunctionArgs) {
  const { lines, closeTo } = await spec.open(request, params)
  const detailId = idParam(params.detailId)
  const line = lines.find((d) => d.id === detailId)
  if (!line) throw data({ message: 'Detail ban tidak ditemukan.' }, { status: 404 })
  return { what: describeLine(line), closeTo, title: spec.title, text: spec.text }
}

/** The confirmation's action: back to the screen with `success`, or `failure` and the reason. */
export async function lineDeleteAction(spec: LineDelete, { request, params }: ActionFunctionArgs) {
  const { up, lines, closeTo } = await spec.open(request, params)
  const detailId = idParam(params.detailId)
  const fail = (reason: string | null) =>
    redirectWithToast(request, closeTo, {
      kind: 'error',
      title: 'Gagal',
      message: reason ? `${spec.failure} ${reason}` : spec.failure,
      ms: 0,
      id: randomUUID(),
    })
  if (!lines.some((d) => d.id === detailId)) return fail('Detail ban tidak ditemukan.')
  try {
    await spec.remove(up, detailId)
  } catch (error) {
    if (error instanceof Response) throw error
    return fail(error instanceof UpstreamHttpError ? (error.serverMessage ?? userMessage(error)) : userMessage(error))
  }
  return redirectWithToast(request, closeTo, { kind: 'success', message: spec.success, ms: 3000, id: randomUUID() })
}
