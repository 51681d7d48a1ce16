import { data, type LoaderFunctionArgs } from '@remix-run/node'
import type { Upstream } from '~/upstream/client.server'
import type { Kendaraan } from '~/upstream/kendaraan.server'
import {
  getDetailPelepasan,
  listDetailPelepasanKendaraan,
  type DetailPelepasan,
  type Pelepasan,
  type Terpasang,
} from '~/upstream/pelepasan-ban.server'
import { requireFeature } from './features.server'
import { PELEPASAN_POSTED } from '~/lib/pelepasan'
import { tyrePositions, type TyreLayout } from '~/lib/pemasangan'
import {
  backInApp,
  documentOrFail,
  heldPositions,
  tyreScreenMode,
  tyreScreenUrl,
  vehicle,
  vehicleIdOf,
  type TyreScreenMode,
} from './pemasangan.server'
import { requireScreen, type Granted } from './grants.server'

/**
 * The pelepasan screen (Pelepasan Ban): the create form of a vehicle
 * (/admin/create-pelepasan-ban?kendaraan_id={id}) or the edit screen of an unposted document
 * (/admin/pelepasan-ban/edit/{id}), with their position dialog and line-undo confirmation.
 */

export const ID_PELEPASAN_TIDAK_TERSEDIA = 'ID pelepasan tidak tersedia.'
export const PELEPASAN_TIDAK_DITEMUKAN = 'Pelepasan ban tidak ditemukan.'
export const TERPASANG_TIDAK_DAPAT_DIMUAT = 'Tidak dapat memuat ban yang terpasang.'
export const DILEPAS_TIDAK_DAPAT_DIMUAT = 'Tidak dapat memuat ban yang dilepas.'

export const pelepasanUrl = (request: Request, mode: TyreScreenMode) =>
  mode.kind === 'create'
    ? tyreScreenUrl(request, '/admin/create-pelepasan-ban', mode.kendaraanId)
    : tyreScreenUrl(request, `/admin/pelepasan-ban/edit/${mode.id}`, null)

/** Where the edit screen's Kembali leads: `?back=` inside the app, else the pelepasan list. */
export const pelepasanBackTo = (request: Request) => backInApp(request, '/admin/pelepasan-ban')

export type PelepasanScreen = {
  mode: TyreScreenMode
  kendaraan: Kendaraan
  document: Pelepasan | null
  layout: TyreLayout
  /** The tyres holding the vehicle's positions now (each one can be taken off): heldPositions, as the pemasangan screens read it. */
  fitted: Terpasang[]
  fittedError: string | null
  /** The pelepasan lines: staged ones of the vehicle, or the document's. */
  lines: DetailPelepasan[]
  linesError: string | null
  readOnly: boolean
}

/** A list that may fail without taking the screen down: its items, or the message that says it is missing. */
async function optionalList<T>(read: () => Promise<T[]>, failure: string): Promise<{ items: T[]; error: string | null }> {
  try {
    return { items: await read(), error: null }
  } catch (error) {
    if (error instanceof Response) throw error
    console.error('[pelepasan]', failure, error instanceof Error ? error.message : error)
    return { items: [], error: failure }
  }
}

/**
 * Everything the pelepasan screen and its dialogs show: the document (edit; GET /api/detail-pelepasan/{id}),
 * the vehicle, its layout, the tyres on it now (GET /api/pelepasan-ban/terpasang/{kendaraanId}) and the
 * pelepasan lines (staged: GET /api/pelepasan-ban/detail-list-ban/{kendaraanId}; or the document's).
 */
export async function loadPelepasanScreen(up: Upstream, mode: TyreScreenMode): Promise<PelepasanScreen> {
  let document: Pelepasan | null = null
  let documentLines: DetailPelepasan[] = []
  let kendaraanId: number
  if (mode.kind === 'edit') {
    const answer = await documentOrFail(() => getDetailPelepasan(up, mode.id), PELEPASAN_TIDAK_DITEMUKAN)
    document = answer.data
    documentLines = answer.detail
    kendaraanId = vehicleIdOf(document)
  } else {
    kendaraanId = mode.kendaraanId
  }
  const [kendaraan, fitted, staged] = await Promise.all([
    vehicle(up, kendaraanId),
    optionalList(() => heldPositions(up, kendaraanId), TERPASANG_TIDAK_DAPAT_DIMUAT),
    mode.kind === 'edit'
      ? { items: documentLines, error: null }
      : optionalList(() => listDetailPelepasanKendaraan(up, kendaraanId), DILEPAS_TIDAK_DAPAT_DIMUAT),
  ])
  return {
    mode,
    kendaraan,
    document,
    layout: tyrePositions(kendaraan.jenis_kendaraan?.total_ban ?? null),
    fitted: fitted.items,
    fittedError: fitted.error,
    lines: staged.items,
    linesError: staged.error,
    readOnly: document?.status === 'posting',
  }
}

/**
 * The start of every pelepasan loader and action: the guard (create on the create form, update on the
 * edit screen, or `perm`), the upstream's extension (else the one 'Fitur tidak tersedia' page), the
 * screen; `writable`: a posted document answers 409 with the reason.
 */
export async function openPelepasanScreen(
  request: Request,
  params: LoaderFunctionArgs['params'],
  opts: { writable?: boolean } = {},
): Promise<{ auth: Granted; mode: TyreScreenMode; screen: PelepasanScreen; url: ReturnType<typeof pelepasanUrl> }> {
  const auth = await requireScreen(request, params.id === undefined ? 'create' : 'update')
  await requireFeature(auth.upstream, 'ban-lifecycle')
  const mode = tyreScreenMode(request, params, ID_PELEPASAN_TIDAK_TERSEDIA)
  const screen = await loadPelepasanScreen(auth.upstream, mode)
  if (opts.writable && screen.readOnly) throw data({ message: PELEPASAN_POSTED }, { status: 409 })
  return { auth, mode, screen, url: pelepasanUrl(request, mode) }
}
