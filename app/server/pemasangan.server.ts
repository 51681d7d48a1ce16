import { data } from '@remix-run/node'
import type { LoaderFunctionArgs } from '@remix-run/node'
import type { Upstream } from '~/upstream/client.server'
import { UpstreamHttpError } from '~/upstream/errors'
import { getKendaraan, type Kendaraan } from '~/upstream/kendaraan.server'
import {
  getDetailPemasangan,
  listDetailBanKendaraan,
  listInqueryDetailBan,
  listPemasangan,
  listPemasanganPage,
  type DetailPemasangan,
  type Pemasangan,
} from '~/upstream/pemasangan-ban.server'
import { listTerpasang, type Terpasang } from '~/upstream/pelepasan-ban.server'
import { POSTED_READ_ONLY, positionOf, tyrePositions, type TyreLayout } from '~/lib/pemasangan'
import { hasFeature } from './features.server'

export { POSTED_READ_ONLY }
import { loadOrFail } from './route-errors.server'
import { safeRedirect } from '~/lib/safe-redirect'

export const ID_KENDARAAN_TIDAK_TERSEDIA = 'ID kendaraan tidak tersedia.'
export const KENDARAAN_TIDAK_DITEMUKAN = 'Kendaraan tidak ditemukan.'
export const ID_PEMASANGAN_TIDAK_TERSEDIA = 'ID pemasangan tidak tersedia.'
export const PEMASANGAN_TIDAK_DITEMUKAN = 'Data tidak ditemukan.'
export const DETAIL_TIDAK_DAPAT_DIMUAT = 'Tidak dapat memuat detail ban.'

/** The pemasangan screen a request belongs to: the create form (by vehicle) or the edit screen (by pemasangan). */
export type PemasanganMode = { kind: 'create'; kendaraanId: number } | { kind: 'edit'; pemasanganId: number }

/** A tyre screen (pemasangan or pelepasan): the create form of a vehicle, or the edit screen of a document. */
export type TyreScreenMode = { kind: 'create'; kendaraanId: number } | { kind: 'edit'; id: number }

const positiveId = (v: string | null | undefined) => (v && /^\d{1,12}$/.test(v) && Number(v) > 0 ? Number(v) : null)

/**
 * …?kendaraan_id={id}[/…] or …/edit/{id}[/…] of a tyre screen. A missing vehicle parameter: 400
 * 'ID kendaraan tidak tersedia.'; one that is no id: 404 'Kendaraan tidak ditemukan.'; a document
 * id that is no id: 404 `noDocument`.
 */
export function tyreScreenMode(request: Request, params: LoaderFunctionArgs['params'], noDocument: string): TyreScreenMode {
  if (params.id !== undefined) {
    const id = positiveId(params.id)
    if (id === null) throw data({ message: noDocument }, { status: 404 })
    return { kind: 'edit', id }
  }
  const raw = new URL(request.url).searchParams.get('kendaraan_id')
  if (raw === null || raw.trim() === '') throw data({ message: ID_KENDARAAN_TIDAK_TERSEDIA }, { status: 400 })
  const id = positiveId(raw.trim())
  if (id === null) throw data({ message: KENDARAAN_TIDAK_DITEMUKAN }, { status: 404 })
  return { kind: 'create', kendaraanId: id }
}

/** /admin/create-pemasangan-ban?kendaraan_id={id}[/…] or /admin/inquery-pemasangan-ban/edit/{id}[/…]. */
export function pemasanganMode(request: Request, params: LoaderFunctionArgs['params']): PemasanganMode {
  const mode = tyreScreenMode(request, params, ID_PEMASANGAN_TIDAK_TERSEDIA)
  return mode.kind === 'edit' ? { kind: 'edit', pemasanganId: mode.id } : mode
}

/** A tyre screen's own URL (what its dialogs return to): `path`, the vehicle of a create form, and a safe `back`. */
export function tyreScreenUrl(request: Request, path: string, kendaraanId: number | null): { path: string; search: string; href: string } {
  const url = new URL(request.url)
  const keep = new URLSearchParams()
  if (kendaraanId !== null) keep.set('kendaraan_id', String(kendaraanId))
  const back = url.searchParams.get('back')
  if (back && safeRedirect(back, '') === back && back.startsWith('/admin')) keep.set('back', back)
  const search = keep.size ? `?${keep}` : ''
  return { path, search, href: path + search }
}

/** The pemasangan screen's own URL (what its dialogs return to): the path up to the screen, and its parameters. */
export const screenUrl = (request: Request, mode: PemasanganMode) =>
  mode.kind === 'create'
    ? tyreScreenUrl(request, '/admin/create-pemasangan-ban', mode.kendaraanId)
    : tyreScreenUrl(request, `/admin/inquery-pemasangan-ban/edit/${mode.pemasanganId}`, null)

/** Where an edit screen's Update (and its Kembali) leads: `?back=` inside the app, else `fallback`. */
export function backInApp(request: Request, fallback: string): string {
  const back = new URL(request.url).searchParams.get('back')
  const safe = safeRedirect(back, '')
  return safe.startsWith('/admin') ? safe : fallback
}

/** Where the pemasangan edit screen's Update (and its Kembali) leads: `?back=` inside the app, else the pemasangan inquiry. */
export const editBackTo = (request: Request) => backInApp(request, '/admin/inquery-pemasangan-ban')

/** A position text from the URL that is one of the layout's, else a 404 page. */
export function positionOrFail(layout: TyreLayout, value: string | undefined): string {
  const p = positionOf(layout, value)
  if (!p) throw data({ message: 'Posisi ban tidak ditemukan pada kendaraan ini.' }, { status: 404 })
  return p
}

/** The document an edit screen opens (its invoice answer): a 404 of the upstream is the page `notFound`. */
export async function documentOrFail<T>(read: () => Promise<T>, notFound: string): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof UpstreamHttpError && error.status === 404) throw data({ message: notFound }, { status: 404 })
    return loadOrFail<never>(() => Promise.reject(error))
  }
}

/** The vehicle of a document on an edit screen; a document without one is a 404. */
export function vehicleIdOf(document: { kendaraan_id: number | null }): number {
  if (!document.kendaraan_id) throw data({ message: ID_KENDARAAN_TIDAK_TERSEDIA }, { status: 404 })
  return document.kendaraan_id
}

/** The vehicle of a tyre screen (`read`: GET /api/kendaraan/{id}/show by default); 404 'Kendaraan tidak ditemukan.'. */
export async function vehicle(up: Upstream, id: number, read = getKendaraan): Promise<Kendaraan> {
  try {
    return await read(up, id)
  } catch (error) {
    if (error instanceof UpstreamHttpError && error.status === 404) throw data({ message: KENDARAAN_TIDAK_DITEMUKAN }, { status: 404 })
    return loadOrFail<never>(() => Promise.reject(error))
  }
}

/** A tyre on a position of the vehicle that belongs to another (registered) pemasangan. */
export type FittedElsewhere = {
  posisi: string
  no_seri: string | null
  kode_ban: string | null
  pemasangan: { id: number; kode: string; status: string | null }
}

/** Without the extension's one call, at most this many pemasangan of one vehicle are read (one call each). */
const MAX_OTHER_PEMASANGAN = 20

/**
 * Who holds each position of the vehicle now: the one reading of the pemasangan and pelepasan screens.
 * A position is held by the tyre of the latest registered pemasangan line on it that no pelepasan has
 * taken off (the upstream's rule; a position freed by a pelepasan takes a new tyre at once). With the
 * 'ban-lifecycle' extension that is one call, GET /api/pelepasan-ban/terpasang/{kendaraanId}; an
 * upstream without it (the spec's, which has no pelepasan) gives the vehicle's pemasangan and their
 * lines (GET /api/pemasangan-ban, then GET /api/inquery-pemasangan-ban/detail-list-ban/{id} for the
 * latest 20), a line flagged `dilepas` left out. By position; rejects when the reading fails.
 */
export async function heldPositions(up: Upstream, kendaraanId: number): Promise<Terpasang[]> {
  const lines = (await hasFeature(up, 'ban-lifecycle'))
    ? await listTerpasang(up, kendaraanId)
    : (
        await Promise.all(
          (await listPemasangan(up))
            .filter((f) => f.kendaraan_id === kendaraanId)
            .slice(-MAX_OTHER_PEMASANGAN)
            .map(async (f) =>
              (await listInqueryDetailBan(up, f.id)).map((d): Terpasang => ({
                ...d,
                pemasangan_ban_id: d.pemasangan_ban_id ?? f.id,
                kode_pemasangan: f.kode_pemasangan,
                status_pemasangan: f.status,
              })),
            ),
        )
      ).flat()
  // One tyre per position: the latest line not taken off.
  const byPosition = new Map<string, Terpasang>()
  for (const line of [...lines].sort((a, b) => a.id - b.id)) {
    if (line.posisi_ban && !line.dilepas) byPosition.set(line.posisi_ban, line)
  }
  return [...byPosition.values()].sort((a, b) => (a.posisi_ban ?? '').localeCompare(b.posisi_ban ?? '') || a.id - b.id)
}

/**
 * The positions of the vehicle held now by its other pemasangan (heldPositions, without the pemasangan
 * `exceptId` being edited). A failure only loses this hint: it never rejects.
 */
async function fittedElsewhere(up: Upstream, kendaraanId: number, exceptId: number | null): Promise<FittedElsewhere[]> {
  try {
    return (await heldPositions(up, kendaraanId))
      .filter((d) => d.pemasangan_ban_id !== exceptId)
      .map((d) => ({
        posisi: d.posisi_ban ?? '',
        no_seri: d.ban?.no_seri ?? null,
        kode_ban: d.ban?.kode_ban ?? null,
        pemasangan: { id: d.pemasangan_ban_id ?? 0, kode: d.kode_pemasangan ?? '', status: d.status_pemasangan },
      }))
  } catch (error) {
    // Never rejects (it runs beside the screen's own calls, which report a lost session themselves).
    if (error instanceof Response) return []
    console.error('[pemasangan] other pemasangan:', error instanceof Error ? error.message : error)
    return []
  }
}

export type PemasanganScreen = {
  mode: PemasanganMode
  kendaraan: Kendaraan
  pemasangan: Pemasangan | null
  layout: TyreLayout
  /** The lines of the screen: staged ones of the vehicle, or the pemasangan's (removed ones included). */
  details: DetailPemasangan[]
  /** Of `details`, the ones holding their position now (not taken off by a pelepasan). */
  fitted: DetailPemasangan[]
  detailsError: string | null
  /** Positions held by the vehicle's other pemasangan. */
  elsewhere: FittedElsewhere[]
  readOnly: boolean
}

/**
 * Everything a pemasangan screen (and its dialogs) shows: the vehicle (from the parameter, or from the
 * pemasangan being edited), its layout of positions, and the tyres on them — staged ones of the vehicle
 * (GET /api/pemasangan-ban/detail-list-ban/{kendaraanId}) or the pemasangan's (GET
 * /api/inquery-pemasangan-ban/detail-list-ban/{id}). A failing tyre list does not take the screen
 * down: 'Tidak dapat memuat detail ban.'.
 */
export async function loadPemasanganScreen(up: Upstream, mode: PemasanganMode): Promise<PemasanganScreen> {
  let pemasangan: Pemasangan | null = null
  let kendaraanId: number
  if (mode.kind === 'edit') {
    pemasangan = (await documentOrFail(() => getDetailPemasangan(up, mode.pemasanganId), PEMASANGAN_TIDAK_DITEMUKAN)).data
    kendaraanId = vehicleIdOf(pemasangan)
  } else {
    kendaraanId = mode.kendaraanId
  }
  const kendaraan = await vehicle(up, kendaraanId)
  let details: DetailPemasangan[] = []
  let detailsError: string | null = null
  const elsewhere = fittedElsewhere(up, kendaraanId, mode.kind === 'edit' ? mode.pemasanganId : null)
  try {
    details = mode.kind === 'edit' ? await listInqueryDetailBan(up, mode.pemasanganId) : await listDetailBanKendaraan(up, kendaraanId)
  } catch (error) {
    if (error instanceof Response) throw error
    console.error('[pemasangan] detail ban:', error instanceof Error ? error.message : error)
    detailsError = DETAIL_TIDAK_DAPAT_DIMUAT
  }
  return {
    mode,
    kendaraan,
    pemasangan,
    layout: tyrePositions(kendaraan.jenis_kendaraan?.total_ban ?? null),
    details,
    fitted: details.filter((d) => !d.dilepas),
    detailsError,
    elsewhere: await elsewhere,
    readOnly: pemasangan?.status === 'posting',
  }
}

/** A posted pemasangan cannot be changed: its dialogs and actions answer 409. */
export function refuseIfPosted(screen: PemasanganScreen) {
  if (screen.readOnly) throw data({ message: POSTED_READ_ONLY }, { status: 409 })
}

/**
 * The pemasangan list (Pemasangan Ban): one page from an upstream that pages lists, else the whole
 * list, searched by code or cabin number and sorted by the same keys on both paths; the rows it shows.
 */
export const PEMASANGAN_LIST = {
  whole: listPemasangan,
  spec: {
    paged: listPemasanganPage,
    searchIn: (p: Pemasangan) => [p.kode_pemasangan, p.kendaraan?.no_kabin ?? ''],
    sortBy: {
      id: (p: Pemasangan) => p.id,
      kode_pemasangan: (p: Pemasangan) => p.kode_pemasangan,
      no_kabin: (p: Pemasangan) => p.kendaraan?.no_kabin ?? '',
      jenis_kendaraan: (p: Pemasangan) => p.kendaraan?.jenis_kendaraan?.nama_jenis_kendaraan ?? '',
      status: (p: Pemasangan) => p.status,
    },
    row: (p: Pemasangan) => ({
      id: p.id,
      kode: p.kode_pemasangan,
      no_kabin: p.kendaraan?.no_kabin ?? null,
      jenis: p.kendaraan?.jenis_kendaraan?.nama_jenis_kendaraan ?? null,
      status: p.status,
    }),
  },
}
