import type { LoaderFunctionArgs } from '@remix-run/node'
import { formatNumber } from '~/lib/format'
import { PEMERIKSAAN_POSTED, formatMm } from '~/lib/pemeriksaan'
import type { Upstream } from '~/upstream/client.server'
import {
  getDetailPemeriksaan,
  listPemeriksaan,
  listPemeriksaanPage,
  listTerpasangPemeriksaan,
  postingPemeriksaan,
  unpostPemeriksaan,
  type DetailPemeriksaan,
  type Pemeriksaan,
  type TerpasangPemeriksaan,
} from '~/upstream/pemeriksaan-ban.server'
import { noKabinColumn, numberColumn, tanggalColumn, type DocumentListDeclaration } from './document-list.server'
import { backInApp, tyreScreenUrl, type TyreScreenMode } from './pemasangan.server'
import { vehicleSummary } from './tyre-screen.server'
import {
  loadVehicleDocumentScreen,
  openVehicleDocumentScreen,
  type VehicleDocumentScreen,
  type VehicleDocumentSource,
} from './vehicle-document.server'

/**
 * The inspection screen (Pemeriksaan Ban): the create form of a vehicle
 * (/admin/create-pemeriksaan-ban?kendaraan_id={id}) or the edit screen of an unposted round
 * (/admin/pemeriksaan-ban/edit/{id}): one form over the vehicle's axle diagram, a fieldset per fitted
 * position; and the round list.
 */

export const ID_PEMERIKSAAN_TIDAK_TERSEDIA = 'ID pemeriksaan tidak tersedia.'
export const PEMERIKSAAN_TIDAK_DITEMUKAN = 'Pemeriksaan ban tidak ditemukan.'
export const TERPASANG_TIDAK_DAPAT_DIMUAT = 'Tidak dapat memuat ban yang terpasang.'

/** The round list: 5 a page, searched by code or cabin number (app/server/document-list.server.ts). */
export const PEMERIKSAAN_LIST: DocumentListDeclaration<Pemeriksaan> = {
  title: 'Pemeriksaan Ban',
  subtitle: 'Daftar pemeriksaan tebal tapak, tekanan dan kondisi ban per kendaraan',
  searchPlaceholder: 'Cari kode pemeriksaan atau no kabin...',
  code: { header: 'Kode Pemeriksaan', sortKey: 'kode_pemeriksaan', of: (p) => p.kode_pemeriksaan },
  columns: [
    noKabinColumn(),
    tanggalColumn(),
    numberColumn('Km', (p) => p.km, 'km'),
    numberColumn('Jumlah Ban', (p) => p.jumlah_ban, 'jumlah_ban'),
  ],
  whole: listPemeriksaan,
  paged: listPemeriksaanPage,
  posting: postingPemeriksaan,
  unpost: unpostPemeriksaan,
}

export const pemeriksaanUrl = (request: Request, mode: TyreScreenMode) =>
  mode.kind === 'create'
    ? tyreScreenUrl(request, '/admin/create-pemeriksaan-ban', mode.kendaraanId)
    : tyreScreenUrl(request, `/admin/pemeriksaan-ban/edit/${mode.id}`, null)

/** Where the edit screen's Simpan (and its Kembali) leads: `?back=` inside the app, else the round list. */
export const pemeriksaanBackTo = (request: Request) => backInApp(request, '/admin/pemeriksaan-ban')

export type PemeriksaanScreen = VehicleDocumentScreen<Pemeriksaan, DetailPemeriksaan, TerpasangPemeriksaan>

/** A round is saved whole: the create form has no staged lines. */
const noStagedLines = async (): Promise<DetailPemeriksaan[]> => []

const PEMERIKSAAN_SOURCE: VehicleDocumentSource<Pemeriksaan, DetailPemeriksaan, TerpasangPemeriksaan> = {
  name: 'pemeriksaan',
  document: getDetailPemeriksaan,
  notFound: PEMERIKSAAN_TIDAK_DITEMUKAN,
  fitted: listTerpasangPemeriksaan,
  fittedFailure: TERPASANG_TIDAK_DAPAT_DIMUAT,
  staged: noStagedLines,
  stagedFailure: TERPASANG_TIDAK_DAPAT_DIMUAT,
}

export const loadPemeriksaanScreen = (up: Upstream, mode: TyreScreenMode): Promise<PemeriksaanScreen> =>
  loadVehicleDocumentScreen(up, mode, PEMERIKSAAN_SOURCE)

/** The start of every loader and action of the screen (openVehicleDocumentScreen). */
export const openPemeriksaanScreen = (request: Request, params: LoaderFunctionArgs['params'], opts: { writable?: boolean } = {}) =>
  openVehicleDocumentScreen(request, params, opts, {
    idMissing: ID_PEMERIKSAAN_TIDAK_TERSEDIA,
    posted: PEMERIKSAAN_POSTED,
    load: loadPemeriksaanScreen,
    url: pemeriksaanUrl,
  })

/** The numbers as the form shows them: 7.5 → "7,5". */
const typed = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n).replace('.', ','))

/**
 * One entry per position of the form: the fitted positions in the diagram's order. On the edit screen
 * the round's lines give the values (and a position the round measured whose tyre has left since
 * keeps its line); on the create form the fields are empty, Kondisi 'Baik'.
 */
function formLines(screen: PemeriksaanScreen) {
  const order = screen.layout.rows.flatMap((r) => r.positions)
  const byPosition = new Map(screen.lines.map((l) => [l.posisi_ban ?? '', l]))
  const fitted = new Map(screen.fitted.map((f) => [f.posisi_ban ?? '', f]))
  const positions = order.filter((p) => fitted.has(p) || byPosition.has(p))
  return positions.map((p) => {
    const line = byPosition.get(p)
    const f = fitted.get(p)
    const ban = line?.ban ?? f?.ban ?? null
    return {
      posisi: p,
      no_seri: ban?.no_seri ?? ban?.kode_ban ?? '?',
      merek: ban?.merek?.nama_merek ?? null,
      terakhir: f?.tebal_tapak_terakhir ?? null,
      value: {
        posisi_ban: p,
        tebal_tapak: typed(line?.tebal_tapak),
        tekanan: typed(line?.tekanan),
        kondisi: line?.kondisi ?? 'Baik',
        keterangan: line?.keterangan ?? '',
      },
    }
  })
}

/** The screen's data (its create, edit and read-only pages alike). */
export function pemeriksaanScreenData(
  screen: PemeriksaanScreen,
  url: ReturnType<typeof pemeriksaanUrl>,
  page: { kind: 'create' | 'edit' | 'show'; backTo: string; today: string },
) {
  const d = screen.document
  const lines = formLines(screen)
  return {
    kind: page.kind,
    title: page.kind === 'create' ? 'Form Pemeriksaan Ban' : page.kind === 'edit' ? 'Update Pemeriksaan Ban' : 'Pemeriksaan Ban',
    kendaraan: vehicleSummary(screen.kendaraan),
    document: d ? { kode: d.kode_pemeriksaan, status: d.status } : null,
    layout: screen.layout,
    fitted: Object.fromEntries(screen.fitted.map((f) => [f.posisi_ban ?? '', f.ban?.no_seri ?? f.ban?.kode_ban ?? '?'])),
    fittedError: screen.fittedError,
    lines,
    /** The km a round dated today may not go below: the vehicle's (an edit may keep its own). */
    kmMin: d ? Math.min(d.km ?? 0, screen.kendaraan.km ?? 0) : (screen.kendaraan.km ?? null),
    /** The company's today: no round after it. */
    today: page.today,
    defaults: {
      tanggal_awal: d?.tanggal_awal ?? page.today,
      km: d?.km != null ? String(d.km) : screen.kendaraan.km != null ? String(screen.kendaraan.km) : '',
      detail: lines.map((l) => l.value),
    },
    readRows: lines.map((l) => ({
      id: l.posisi,
      posisi: l.posisi,
      cells: [
        l.no_seri,
        formatMm(screen.lines.find((x) => x.posisi_ban === l.posisi)?.tebal_tapak ?? null),
        l.value.tekanan || '-',
        l.value.kondisi,
        l.value.keterangan || '-',
      ],
    })),
    km: d?.km != null ? formatNumber(d.km) : null,
    readOnly: page.kind === 'show' || screen.readOnly,
    screen: url,
    backTo: page.backTo,
  }
}
export type PemeriksaanScreenData = ReturnType<typeof pemeriksaanScreenData>
