import { data, type LoaderFunctionArgs } from '@remix-run/node'
import type { Upstream } from '~/upstream/client.server'
import type { Kendaraan } from '~/upstream/kendaraan.server'
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
import { requireFeature } from './features.server'
import { ROTASI_POSTED } from '~/lib/rotasi'
import { tyrePositions, type TyreLayout } from '~/lib/pemasangan'
import { backInApp, documentOrFail, tyreScreenMode, tyreScreenUrl, vehicle, vehicleIdOf, type TyreScreenMode } from './pemasangan.server'
import { requireScreen, type Granted } from './grants.server'
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

export type RotasiScreen = {
  mode: TyreScreenMode
  kendaraan: Kendaraan
  document: Rotasi | null
  layout: TyreLayout
  /** The tyres holding the vehicle's positions now, each with its last km. */
  fitted: TerpasangRotasi[]
  fittedError: string | null
  /** The moves: staged ones of the vehicle, or the document's. */
  lines: DetailRotasi[]
  linesError: string | null
  readOnly: boolean
}

/** A list that may fail without taking the screen down: its items, or the message that says it is missing. */
async function optionalList<T>(read: () => Promise<T[]>, failure: string): Promise<{ items: T[]; error: string | null }> {
  try {
    return { items: await read(), error: null }
  } catch (error) {
    if (error instanceof Response) throw error
    console.error('[rotasi]', failure, error instanceof Error ? error.message : error)
    return { items: [], error: failure }
  }
}

/**
 * Everything the rotation screen and its dialogs show: the document (edit; GET /api/detail-rotasi/{id}),
 * the vehicle, its layout, the tyres on it now (GET /api/rotasi-ban/terpasang/{kendaraanId}) and the
 * moves (staged: GET /api/rotasi-ban/detail-list-ban/{kendaraanId}; or the document's).
 */
export async function loadRotasiScreen(up: Upstream, mode: TyreScreenMode): Promise<RotasiScreen> {
  let document: Rotasi | null = null
  let documentLines: DetailRotasi[] = []
  let kendaraanId: number
  if (mode.kind === 'edit') {
    const answer = await documentOrFail(() => getDetailRotasi(up, mode.id), ROTASI_TIDAK_DITEMUKAN)
    document = answer.data
    documentLines = answer.detail
    kendaraanId = vehicleIdOf(document)
  } else {
    kendaraanId = mode.kendaraanId
  }
  const [kendaraan, fitted, lines] = await Promise.all([
    vehicle(up, kendaraanId),
    optionalList(() => listTerpasangRotasi(up, kendaraanId), TERPASANG_TIDAK_DAPAT_DIMUAT),
    mode.kind === 'edit'
      ? { items: documentLines, error: null }
      : optionalList(() => listDetailRotasiKendaraan(up, kendaraanId), ROTASI_TIDAK_DAPAT_DIMUAT),
  ])
  return {
    mode,
    kendaraan,
    document,
    layout: tyrePositions(kendaraan.jenis_kendaraan?.total_ban ?? null),
    fitted: fitted.items,
    fittedError: fitted.error,
    lines: lines.items,
    linesError: lines.error,
    readOnly: document?.status === 'posting',
  }
}

/**
 * The start of every rotation loader and action: the guard (create on the create form, update on the
 * edit screen), the upstream's extension (else the one 'Fitur tidak tersedia' page), the screen;
 * `writable`: a posted document answers 409 with the reason.
 */
export async function openRotasiScreen(
  request: Request,
  params: LoaderFunctionArgs['params'],
  opts: { writable?: boolean } = {},
): Promise<{ auth: Granted; mode: TyreScreenMode; screen: RotasiScreen; url: ReturnType<typeof rotasiUrl> }> {
  const auth = await requireScreen(request, params.id === undefined ? 'create' : 'update')
  await requireFeature(auth.upstream, 'rotasi-ban')
  const mode = tyreScreenMode(request, params, ID_ROTASI_TIDAK_TERSEDIA)
  const screen = await loadRotasiScreen(auth.upstream, mode)
  if (opts.writable && screen.readOnly) throw data({ message: ROTASI_POSTED }, { status: 409 })
  return { auth, mode, screen, url: rotasiUrl(request, mode) }
}

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
