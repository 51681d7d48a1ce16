import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getKlaim } from '~/upstream/klaim-ban.server'
import { deletePemasangan, getPemasangan } from '~/upstream/pemasangan-ban.server'
import { getPembelian } from '~/upstream/pembelian-ban.server'
import { deletePemeriksaan, getPemeriksaan } from '~/upstream/pemeriksaan-ban.server'
import { getPerpanjangan } from '~/upstream/perpanjangan.server'
import { getPembelianSukuCadang } from '~/upstream/suku-cadang.server'
import { getPerintahKerja } from '~/upstream/perintah-kerja.server'
import type { Upstream } from '~/upstream/client.server'
import { codeAndName, deleteDialogAction, deleteDialogData, type DeleteDialogData } from './delete-route.server'
import { notFound } from './route-errors.server'
import { documentOf, type AnyVehicleDocument } from './vehicle-document.server'

/**
 * The documents the screens show, by the upstream's name for them (the audit trail's entitas,
 * GET /api/riwayat-dokumen/{entitas}/{id}), each declared once: the screens that show it (their path
 * under /admin), its title, how one is read and its code. A document on a vehicle (kind `document` in
 * app/screens.ts) declares its delete dialog too. The documents on a vehicle with `declared` screens
 * are declared whole in their own module of app/server/documents/ (its default export, a
 * VehicleDocumentDeclaration: app/server/vehicle-document.server.ts), which this table takes in by
 * the folder. The Riwayat dialog (routes/admin/riwayat-dokumen.tsx) and the shared route modules of
 * the documents on a vehicle (routes/admin/document/) are made from this table.
 */
type Declaration<T> = {
  judul: string
  screens: readonly string[]
  get: (up: Upstream, id: number) => Promise<T>
  kode: (document: T) => string | null | undefined
  /**
   * The delete dialog of a document on a vehicle: what a missing one is called (and a posted one, which
   * is refused), the upstream's delete, the toast after it, and the confirmation's question.
   */
  hapus?: { noun: string; remove: (up: Upstream, id: number) => Promise<unknown>; deleted: string; text: string }
  /** Its whole declaration, when its list, screens and line undo are the shared ones (routes/admin/document/). */
  screen?: AnyVehicleDocument
}

/** A vehicle document as the delete dialog reads it: its status and its vehicle's cabin number. */
type VehicleDocument = { id: number; status?: string | null; kendaraan?: { no_kabin?: string | null } | null }

/** A document's delete dialog, its record's type left behind. */
export type DocumentHapus = {
  loader: (args: LoaderFunctionArgs) => Promise<DeleteDialogData>
  action: (args: ActionFunctionArgs) => Promise<Response>
  text: string
}

type Document = {
  judul: string
  screens: readonly string[]
  kodeOf: (up: Upstream, id: number) => Promise<string | null>
  hapus: DocumentHapus | null
  screen: AnyVehicleDocument | null
}

function declare<T extends VehicleDocument>(d: Declaration<T>): Document {
  const h = d.hapus
  return {
    judul: d.judul,
    screens: d.screens,
    screen: d.screen ?? null,
    kodeOf: async (up, id) => d.kode(await d.get(up, id)) || null,
    hapus: h
      ? {
          loader: (args) =>
            deleteDialogData(
              args,
              { byId: d.get },
              {
                notFound: `${h.noun} tidak ditemukan.`,
                describe: (p) => codeAndName(d.kode(p), p.kendaraan?.no_kabin),
                refuse: (p) =>
                  p.status === 'posting' ? `${h.noun} ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.` : null,
              },
            ),
          action: (args) => deleteDialogAction(args, h.remove, { message: h.deleted }),
          text: h.text,
        }
      : null,
  }
}

/** A document declared whole (app/server/documents/) as an entry of the table. */
const declared = (d: AnyVehicleDocument): Document =>
  declare({ judul: d.list.title, screens: [d.path], get: documentOf(d), kode: d.list.code.of, hapus: d.hapus, screen: d })

/** The declarations of app/server/documents/, one module each. */
const DECLARED: AnyVehicleDocument[] = Object.values(
  import.meta.glob<AnyVehicleDocument>('./documents/*.server.ts', { eager: true, import: 'default' }),
)

/** The documents declared in this table (the others in app/server/documents/). */
const LISTED = {
  pembelian_ban: declare({
    judul: 'Pembelian Ban',
    screens: ['pembelian-ban', 'inquery-pembelian-ban'],
    get: getPembelian,
    kode: (d) => d.kode_pembelian_ban,
  }),
  pemasangan_ban: declare({
    judul: 'Pemasangan Ban',
    screens: ['pemasangan-ban', 'inquery-pemasangan-ban'],
    get: getPemasangan,
    kode: (d) => d.kode_pemasangan,
    // The pemasangan's tyres go back to stock.
    hapus: {
      noun: 'Pemasangan ban',
      remove: deletePemasangan,
      deleted: 'Data Pemasangan telah dihapus.',
      text: 'Data pemasangan ban ini akan dihapus secara permanen!',
    },
  }),
  klaim_ban: declare({
    judul: 'Klaim Ban',
    screens: ['klaim-ban', 'inquery-klaim-ban'],
    get: getKlaim,
    kode: (d) => d.kode_klaim,
  }),
  pemeriksaan_ban: declare({
    judul: 'Pemeriksaan Ban',
    screens: ['pemeriksaan-ban'],
    get: getPemeriksaan,
    kode: (d) => d.kode_pemeriksaan,
    // The round and its lines: the tyres' forecasts go back to their other inspections.
    hapus: {
      noun: 'Pemeriksaan ban',
      remove: deletePemeriksaan,
      deleted: 'Data pemeriksaan ban telah dihapus.',
      text: 'Data pemeriksaan ban ini akan dihapus beserta hasil ukurnya.',
    },
  }),
  perpanjangan: declare({
    judul: 'Perpanjangan STNK & KIR',
    screens: ['perpanjangan-stnk'],
    get: getPerpanjangan,
    kode: (d) => d.kode_perpanjangan,
  }),
  perintah_kerja: declare({
    judul: 'Perintah Kerja',
    screens: ['perintah-kerja', 'inquery-perintah-kerja'],
    get: getPerintahKerja,
    kode: (d) => d.kode_perintah_kerja,
  }),
  // The parts store (extension 'suku-cadang'): its purchase.
  pembelian_suku_cadang: declare({
    judul: 'Pembelian Suku Cadang',
    screens: ['pembelian-suku-cadang', 'inquery-pembelian-suku-cadang'],
    get: getPembelianSukuCadang,
    kode: (d) => d.kode_pembelian_suku_cadang,
  }),
} satisfies Record<string, Document>

export const DOCUMENTS: Readonly<Record<string, Document>> = {
  ...LISTED,
  ...Object.fromEntries(DECLARED.map((d) => [d.entitas, declared(d)])),
}

export type DocumentKey = string

/** The document a screen shows, by the screen's path under /admin (null: none). */
export function documentOfScreen(segment: string): DocumentKey | null {
  for (const [key, d] of Object.entries(DOCUMENTS)) if (d.screens.includes(segment)) return key
  return null
}

/** The request's page under /admin (/admin/{segment}/…), decoded and in lower case; null when it cannot be decoded. */
function segmentOf(request: Request): string | null {
  const segment = new URL(request.url).pathname.split('/')[2] ?? ''
  try {
    return decodeURIComponent(segment).toLowerCase()
  } catch {
    return null
  }
}

/** The document of the screen a request is under (/admin/{screen}/…; null: none). */
export function documentOfRequest(request: Request): DocumentKey | null {
  const segment = segmentOf(request)
  return segment === null ? null : documentOfScreen(segment)
}

/**
 * The declared document (`screen`) of a request to the shared route modules: under its list
 * (/admin/{path}/…, the edit screen too), its create form (/admin/create-{path}) or its Show
 * (/admin/{show}/{id}); else the page is not found.
 */
export function declaredDocumentOf(request: Request): AnyVehicleDocument {
  const segment = segmentOf(request)
  for (const d of DECLARED) if (segment === d.path || segment === `create-${d.path}` || segment === d.show) return d
  throw notFound('Halaman yang Anda cari tidak ditemukan.')
}
