import type { LoaderFunctionArgs } from '@remix-run/node'
import type { Upstream } from '~/upstream/client.server'
import {
  getDetailPelepasan,
  listDetailPelepasanKendaraan,
  type DetailPelepasan,
  type Pelepasan,
  type Terpasang,
} from '~/upstream/pelepasan-ban.server'
import { PELEPASAN_POSTED } from '~/lib/pelepasan'
import { backInApp, heldPositions, tyreScreenUrl, type TyreScreenMode } from './pemasangan.server'
import {
  loadVehicleDocumentScreen,
  openVehicleDocumentScreen,
  type VehicleDocumentScreen,
  type VehicleDocumentSource,
} from './vehicle-document.server'

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

export type PelepasanScreen = VehicleDocumentScreen<Pelepasan, DetailPelepasan, Terpasang>

/**
 * Where the pelepasan screen reads: the document (edit; GET /api/detail-pelepasan/{id}), the tyres on
 * the vehicle now (heldPositions, as the pemasangan screens read it: each one can be taken off) and the
 * staged lines (GET /api/pelepasan-ban/detail-list-ban/{kendaraanId}).
 */
const PELEPASAN_SOURCE: VehicleDocumentSource<Pelepasan, DetailPelepasan, Terpasang> = {
  name: 'pelepasan',
  document: getDetailPelepasan,
  notFound: PELEPASAN_TIDAK_DITEMUKAN,
  fitted: heldPositions,
  fittedFailure: TERPASANG_TIDAK_DAPAT_DIMUAT,
  staged: listDetailPelepasanKendaraan,
  stagedFailure: DILEPAS_TIDAK_DAPAT_DIMUAT,
}

/** Everything the pelepasan screen and its dialogs show. */
export const loadPelepasanScreen = (up: Upstream, mode: TyreScreenMode): Promise<PelepasanScreen> =>
  loadVehicleDocumentScreen(up, mode, PELEPASAN_SOURCE)

/** The start of every pelepasan loader and action (openVehicleDocumentScreen). */
export const openPelepasanScreen = (request: Request, params: LoaderFunctionArgs['params'], opts: { writable?: boolean } = {}) =>
  openVehicleDocumentScreen(request, params, opts, {
    idMissing: ID_PELEPASAN_TIDAK_TERSEDIA,
    posted: PELEPASAN_POSTED,
    load: loadPelepasanScreen,
    url: pelepasanUrl,
  })
