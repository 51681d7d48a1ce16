import type { LoaderFunctionArgs } from '@remix-run/node'
import type { Upstream } from '~/upstream/client.server'
import {
  getDetailRotasi,
  listDetailRotasiKendaraan,
  listRotasi,
  listRotasiPage,
  listTerpasangRotasi,
  type DetailRotasi,
  type Rotasi,
  type TerpasangRotasi,
} from '~/upstream/rotasi-ban.server'
import { ROTASI_POSTED } from '~/lib/rotasi'
import { backInApp, tyreScreenUrl, type TyreScreenMode } from './pemasangan.server'
import {
  loadVehicleDocumentScreen,
  openVehicleDocumentScreen,
  type VehicleDocumentScreen,
  type VehicleDocumentSource,
} from './vehicle-document.server'
import { vehicleSummary } from './tyre-screen.server'
import { formatNumber } from '~/lib/format'

/**
 * The rotation screen (Rotasi Ban): the create form of a vehicle (/admin/create-rotasi-ban?kendaraan_id={id})
 * or the edit screen of an unposted document (/admin/rotasi-ban/edit/{id}), with their position dialog
 * 'Pindahkan ke' and move-undo confirmation; and the rotation list's rows.
 */

export const ID_ROTASI_TIDAK_TERSEDIA = 'ID rotasi tidak tersedia.'
export const ROTASI_TIDAK_DITEMUKAN = 'Rotasi ban tidak ditemukan.'
export const TERPASANG_TIDAK_DAPAT_DIMUAT = 'Tidak dapat memuat ban yang terpasang.'
export const ROTASI_TIDAK_DAPAT_DIMUAT = 'Tidak dapat memuat ban yang dipindahkan.'

/** The rotation list: one page from the upstream (same search and sort keys on both paths), else the whole list. */
export const ROTASI_LIST = {
  whole: listRotasi,
  spec: {
    paged: listRotasiPage,
    searchIn: (p: Rotasi) => [p.kode_rotasi, p.kendaraan?.no_kabin ?? ''],
    sortBy: {
      id: (p: Rotasi) => p.id,
      kode_rotasi: (p: Rotasi) => p.kode_rotasi,
      no_kabin: (p: Rotasi) => p.kendaraan?.no_kabin ?? '',
      tanggal_awal: (p: Rotasi) => p.tanggal_awal ?? '',
      jumlah_rotasi: (p: Rotasi) => p.jumlah_rotasi ?? 0,
      status: (p: Rotasi) => p.status,
    },
    row: (p: Rotasi) => ({
      id: p.id,
      kode: p.kode_rotasi,
      no_kabin: p.kendaraan?.no_kabin ?? null,
      tanggal: p.tanggal_awal,
      km: p.km,
      jumlah_rotasi: p.jumlah_rotasi,
      status: p.status,
    }),
  },
}

export const rotasiUrl = (request: Request, mode: TyreScreenMode) =>
  mode.kind === 'create'
    ? tyreScreenUrl(request, '/admin/create-rotasi-ban', mode.kendaraanId)
    : tyreScreenUrl(request, `/admin/rotasi-ban/edit/${mode.id}`, null)

/** Where the edit screen's Kembali leads: `?back=` inside the app, else the rotation list. */
export const rotasiBackTo = (request: Request) => backInApp(request, '/admin/rotasi-ban')

export type RotasiScreen = VehicleDocumentScreen<Rotasi, DetailRotasi, TerpasangRotasi>

/**
 * Where the rotation screen reads: the document (edit; GET /api/detail-rotasi/{id}), the tyres on the
 * vehicle now with their last km (GET /api/rotasi-ban/terpasang/{kendaraanId}) and the staged moves
 * (GET /api/rotasi-ban/detail-list-ban/{kendaraanId}).
 */
const ROTASI_SOURCE: VehicleDocumentSource<Rotasi, DetailRotasi, TerpasangRotasi> = {
  name: 'rotasi',
  document: getDetailRotasi,
  notFound: ROTASI_TIDAK_DITEMUKAN,
  fitted: listTerpasangRotasi,
  fittedFailure: TERPASANG_TIDAK_DAPAT_DIMUAT,
  staged: listDetailRotasiKendaraan,
  stagedFailure: ROTASI_TIDAK_DAPAT_DIMUAT,
}

/** Everything the rotation screen and its dialogs show. */
export const loadRotasiScreen = (up: Upstream, mode: TyreScreenMode): Promise<RotasiScreen> =>
  loadVehicleDocumentScreen(up, mode, ROTASI_SOURCE)

/** The start of every rotation loader and action (openVehicleDocumentScreen). */
export const openRotasiScreen = (request: Request, params: LoaderFunctionArgs['params'], opts: { writable?: boolean } = {}) =>
  openVehicleDocumentScreen(request, params, opts, {
    idMissing: ID_ROTASI_TIDAK_TERSEDIA,
    posted: ROTASI_POSTED,
    load: loadRotasiScreen,
    url: rotasiUrl,
  })

/** A move as the screen's table and the undo confirmation name it: 'posisi 1A → 1B'. */
export const moveText = (l: DetailRotasi) => `${l.posisi_asal ?? '?'} → ${l.posisi_tujuan ?? '?'}`

const kmText = (n: number | null) => (n === null ? null : formatNumber(n))

/** The screen's data (its create, edit and read-only pages alike): the vehicle, the diagram, the moves. */
export function rotasiScreenData(
  screen: RotasiScreen,
  url: ReturnType<typeof rotasiUrl>,
  page: { kind: 'create' | 'edit' | 'show'; backTo: string },
) {
  const d = screen.document
  const readOnly = page.kind === 'show' || screen.readOnly
  return {
    kind: page.kind,
    title: page.kind === 'create' ? 'Form Rotasi Ban' : page.kind === 'edit' ? 'Update Rotasi Ban' : 'Rotasi Ban',
    kendaraan: vehicleSummary(screen.kendaraan),
    document: d ? { kode: d.kode_rotasi, status: d.status } : null,
    layout: screen.layout,
    fitted: Object.fromEntries(screen.fitted.map((f) => [f.posisi_ban ?? '', f.ban?.no_seri ?? f.ban?.kode_ban ?? '?'])),
    fittedError: screen.fittedError,
    lines: screen.lines.map((l) => ({
      id: l.id,
      posisi: moveText(l),
      cells: [
        l.ban?.no_seri ?? l.ban?.kode_ban ?? null,
        l.ban_tukar ? (l.ban_tukar.no_seri ?? l.ban_tukar.kode_ban) : 'kosong',
        kmText(l.km),
      ],
    })),
    linesError: screen.linesError,
    readOnly,
    screen: url,
    backTo: page.backTo,
  }
}
export type RotasiScreenData = ReturnType<typeof rotasiScreenData>
