import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import type { Upstream } from '~/upstream/client.server'
import type { Kendaraan } from '~/upstream/kendaraan.server'
import { tyrePositions, type TyreLayout } from '~/lib/pemasangan'
import { requireScreen, type Granted } from './grants.server'
import { documentList, documentListAction, type DocumentListDeclaration, type ListedDocument } from './document-list.server'
import { backInApp, documentOrFail, tyreScreenMode, tyreScreenUrl, vehicle, vehicleIdOf, type TyreScreenMode } from './pemasangan.server'
import { submitTyreScreen, vehicleSummary, type LineDelete, type ScreenLine } from './tyre-screen.server'

/**
 * A document of lines on one vehicle's positions (Pelepasan Ban, Rotasi Ban): its create form of a
 * vehicle or the edit screen of an unposted document, both over the vehicle's axle diagram. What the
 * screen and its dialogs show, and how every loader and action of such a screen starts.
 */

export type VehicleDocumentScreen<D, L, F> = {
  mode: TyreScreenMode
  kendaraan: Kendaraan
  document: D | null
  layout: TyreLayout
  /** The tyres holding the vehicle's positions now. */
  fitted: F[]
  fittedError: string | null
  /** The lines: staged ones of the vehicle (create form), or the document's (edit screen). */
  lines: L[]
  linesError: string | null
  readOnly: boolean
}

/** Where a vehicle document screen reads from, and what it says when a part is missing. */
export type VehicleDocumentSource<D, L, F> = {
  /** The log's tag. */
  name: string
  /** The document with its lines (the edit screen). */
  document: (up: Upstream, id: number) => Promise<{ data: D; detail: L[] }>
  notFound: string
  /** The tyres on the vehicle now. */
  fitted: (up: Upstream, kendaraanId: number) => Promise<F[]>
  fittedFailure: string
  /** The vehicle's staged lines (the create form). */
  staged: (up: Upstream, kendaraanId: number) => Promise<L[]>
  stagedFailure: string
}

/** A list that may fail without taking the screen down: its items, or the message that says it is missing. */
async function optionalList<T>(name: string, read: () => Promise<T[]>, failure: string): Promise<{ items: T[]; error: string | null }> {
  try {
    return { items: await read(), error: null }
  } catch (error) {
    if (error instanceof Response) throw error
    console.error(`[${name}]`, failure, error instanceof Error ? error.message : error)
    return { items: [], error: failure }
  }
}

/** Everything the screen shows: the document (edit), the vehicle, its layout, the tyres on it and the lines. */
export async function loadVehicleDocumentScreen<D extends { kendaraan_id: number | null; status?: string | null }, L, F>(
  up: Upstream,
  mode: TyreScreenMode,
  source: VehicleDocumentSource<D, L, F>,
): Promise<VehicleDocumentScreen<D, L, F>> {
  let document: D | null = null
  let documentLines: L[] = []
  let kendaraanId: number
  if (mode.kind === 'edit') {
    const answer = await documentOrFail(() => source.document(up, mode.id), source.notFound)
    document = answer.data
    documentLines = answer.detail
    kendaraanId = vehicleIdOf(document)
  } else {
    kendaraanId = mode.kendaraanId
  }
  const [kendaraan, fitted, lines] = await Promise.all([
    vehicle(up, kendaraanId),
    optionalList(source.name, () => source.fitted(up, kendaraanId), source.fittedFailure),
    mode.kind === 'edit'
      ? { items: documentLines, error: null }
      : optionalList(source.name, () => source.staged(up, kendaraanId), source.stagedFailure),
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
 * The start of every loader and action of such a screen: the guard (create on the create form, update
 * on the edit screen, and the screen's extension of the spec), the screen; `writable`: a posted
 * document answers 409 with `posted`.
 */
export async function openVehicleDocumentScreen<S extends { readOnly: boolean }, U>(
  request: Request,
  params: LoaderFunctionArgs['params'],
  opts: { writable?: boolean },
  spec: {
    idMissing: string
    posted: string
    load: (up: Upstream, mode: TyreScreenMode) => Promise<S>
    url: (request: Request, mode: TyreScreenMode) => U
  },
): Promise<{ auth: Granted; mode: TyreScreenMode; screen: S; url: U }> {
  const auth = await requireScreen(request, params.id === undefined ? 'create' : 'update')
  const mode = tyreScreenMode(request, params, spec.idMissing)
  const screen = await spec.load(auth.upstream, mode)
  if (opts.writable && screen.readOnly) throw data({ message: spec.posted }, { status: 409 })
  return { auth, mode, screen, url: spec.url(request, mode) }
}

/** A document on a vehicle as its list and its screens read it. */
type VehicleListed = ListedDocument & { kendaraan_id: number | null }

/**
 * A document of lines on a vehicle's positions (Pelepasan Ban, Rotasi Ban), declared once, as the
 * default export of its module in app/server/documents/ (app/server/documents.server.ts finds it
 * there): its list, its create and edit screens (and its read-only Show when `show` is one), its
 * delete dialog, the undo of a line, its Riwayat, and where they read. The shared route modules of
 * routes/admin/document/ are made from it; the document keeps only its position dialog (its own
 * `posisi.tsx`, opening the screen through `openDocumentScreen`).
 */
export type VehicleDocumentDeclaration<D extends VehicleListed, L, F> = {
  /** The upstream's name for it (the audit trail's entitas: GET /api/riwayat-dokumen/{entitas}/{id}). */
  entitas: string
  /** The list's path under /admin ('rotasi-ban'): the create form is create-{path}, the edit screen {path}/edit/{id}. */
  path: string
  /**
   * The row menu's Show, a page under /admin ('rotasi-detail': …/rotasi-detail/{id}): the shared
   * read-only screen (routes/admin/document/lihat.tsx) or a print page, as app/screens.ts mounts it.
   */
  show: string
  source: VehicleDocumentSource<D, L, F>
  /** What a document id that is no id is called; the notice of a posted document (read-only screen, 409 dialogs). */
  idMissing: string
  posted: string
  list: DocumentListDeclaration<D>
  screen: {
    titles: { create: string; edit: string; show: string }
    /** The subtitle: '{codeLabel} {code}' of a document, else `hint` (the create form). */
    codeLabel: string
    hint: string
    diagram: 'pelepasan' | 'rotasi'
    /** The positions this document freed, shown with their tyre as removed (Pelepasan). */
    removes?: true
    linesTitle: string
    headers: readonly string[]
    /** A line as the table shows it: its position and its cells. */
    line: (l: L) => { id: number; posisi: string | null; cells: (string | null)[] }
    empty: string
    /** Said on the edit screen: each line is saved into the document at once. */
    editNote: string
  }
  /** Simpan: the staged lines registered as a document (`nothingStaged`: refused when there is none). */
  save: { register: (up: Upstream, kendaraanId: number) => Promise<unknown>; nothingStaged: string; created: string; updated: string }
  /**
   * The delete dialog (…/{id}/hapus under the list): what a missing or posted one is called, the
   * upstream's delete, the toast after it and the confirmation's question.
   */
  hapus: { noun: string; remove: (up: Upstream, id: number) => Promise<unknown>; deleted: string; text: string }
  /** The undo of one line (…/detail/:detailId/hapus): the link's label, the confirmation, the upstream's delete, the banners. */
  undo: Omit<LineDelete, 'open'> & { label: string; describe: (l: L) => ScreenLine }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyVehicleDocument = VehicleDocumentDeclaration<any, any, any>

/** One document without its lines (its delete dialog, its Riwayat's code). */
export const documentOf =
  <D extends VehicleListed>(decl: VehicleDocumentDeclaration<D, unknown, unknown>) =>
  async (up: Upstream, id: number): Promise<D> =>
    (await decl.source.document(up, id)).data

const screenPath = (decl: AnyVehicleDocument, mode: TyreScreenMode) =>
  mode.kind === 'create' ? `/admin/create-${decl.path}` : `/admin/${decl.path}/edit/${mode.id}`

/**
 * The start of every loader and action of a declared document's screen and its dialogs
 * (openVehicleDocumentScreen): the guard, the screen and its own URL.
 */
export const openDocumentScreen = <D extends VehicleListed, L, F>(
  decl: VehicleDocumentDeclaration<D, L, F>,
  request: Request,
  params: LoaderFunctionArgs['params'],
  opts: { writable?: boolean } = {},
) =>
  openVehicleDocumentScreen(request, params, opts, {
    idMissing: decl.idMissing,
    posted: decl.posted,
    load: (up, mode) => loadVehicleDocumentScreen(up, mode, decl.source),
    url: (req, mode) => tyreScreenUrl(req, screenPath(decl, mode), mode.kind === 'create' ? mode.kendaraanId : null),
  })

/** The list's page (documentList) with the row menu's links: Show, the edit screen. */
export const vehicleDocumentList = (decl: AnyVehicleDocument, request: Request) =>
  documentList(decl.list, request, { show: `/admin/${decl.show}`, update: `/admin/${decl.path}/edit` })

/** The list's Posting / Unpost (POST /api/{document}/{id}/posting | /unpost). */
export const vehicleDocumentListAction = (decl: AnyVehicleDocument, request: Request) => documentListAction(decl.list, request)

/** Where the edit screen's (and Show's) Kembali leads: `?back=` inside the app, else the list. */
const backTo = (decl: AnyVehicleDocument, request: Request) => backInApp(request, `/admin/${decl.path}`)

/** The screen's data (its create, edit and read-only pages alike): the vehicle, the diagram, the lines and its texts. */
function screenData<D extends VehicleListed, L, F extends FittedTyre>(
  decl: VehicleDocumentDeclaration<D, L, F>,
  screen: VehicleDocumentScreen<D, L, F>,
  url: ReturnType<typeof tyreScreenUrl>,
  page: { kind: 'create' | 'edit' | 'show'; backTo: string },
) {
  const d = screen.document
  const s = decl.screen
  const readOnly = page.kind === 'show' || screen.readOnly
  const lines = screen.lines.map(s.line)
  return {
    kind: page.kind,
    title: s.titles[page.kind],
    subtitle: d ? `${s.codeLabel} ${decl.list.code.of(d) || '-'}` : s.hint,
    kendaraan: vehicleSummary(screen.kendaraan),
    document: d ? { status: d.status } : null,
    layout: screen.layout,
    fitted: Object.fromEntries(screen.fitted.map((f) => [f.posisi_ban ?? '', f.ban?.no_seri ?? f.ban?.kode_ban ?? '?'])),
    removed: s.removes
      ? Object.fromEntries(screen.lines.map(decl.undo.describe).map((l) => [l.posisi ?? '', l.no_seri ?? l.kode_ban ?? '?']))
      : undefined,
    fittedError: screen.fittedError,
    lines,
    linesError: screen.linesError,
    readOnly,
    posted: readOnly && page.kind !== 'show' ? decl.posted : null,
    texts: {
      diagram: s.diagram,
      linesTitle: s.linesTitle,
      headers: s.headers,
      empty: s.empty,
      undo: decl.undo.label,
      editNote: s.editNote,
    },
    screen: url,
    backTo: page.backTo,
  }
}

/** A tyre on the vehicle as the diagram names it. */
type FittedTyre = { posisi_ban: string | null; ban: { no_seri: string | null; kode_ban: string | null } | null }

/** The create form or edit screen: its page (a posted document opens read-only). */
export async function documentScreen(decl: AnyVehicleDocument, request: Request, params: LoaderFunctionArgs['params']) {
  const { mode, screen, url } = await openDocumentScreen(decl, request, params)
  return screenData(decl, screen, url, { kind: mode.kind, backTo: mode.kind === 'create' ? `/admin/${decl.path}` : backTo(decl, request) })
}

/**
 * Simpan (create): the staged lines registered as a document, then the list with its banner; nothing
 * staged is refused with a message. Selesai (edit): the lines are in the document already; back where
 * the user came from.
 */
export async function documentScreenAction(decl: AnyVehicleDocument, request: Request, params: ActionFunctionArgs['params']) {
  const { auth, mode, screen } = await openDocumentScreen(decl, request, params, { writable: true })
  return submitTyreScreen(request, {
    check: async () => {
      if (mode.kind === 'edit') return null
      if (screen.linesError) return { error: screen.linesError, status: 502 }
      return screen.lines.length === 0 ? { error: decl.save.nothingStaged, status: 400 } : null
    },
    save: async () => {
      if (mode.kind === 'create') await decl.save.register(auth.upstream, mode.kendaraanId)
    },
    to: mode.kind === 'create' ? `/admin/${decl.path}` : backTo(decl, request),
    message: mode.kind === 'create' ? decl.save.created : decl.save.updated,
  })
}

/** Show (…/{show}/{id}): the screen of a document, read-only, Show of its menu. */
export async function documentShow(decl: AnyVehicleDocument, request: Request, params: LoaderFunctionArgs['params']) {
  const auth = await requireScreen(request)
  const mode = tyreScreenMode(request, params, decl.idMissing)
  const screen = await loadVehicleDocumentScreen(auth.upstream, mode, decl.source)
  const url = tyreScreenUrl(request, screenPath(decl, mode), null)
  return screenData(decl, screen, url, { kind: 'show', backTo: backTo(decl, request) })
}

export type DocumentScreenData = Awaited<ReturnType<typeof documentScreen>>

/** The undo of one line: its confirmation and its action (lineDeleteData, lineDeleteAction). */
export const documentLineDelete = (decl: AnyVehicleDocument): LineDelete => ({
  ...decl.undo,
  open: async (request, params) => {
    const { auth, screen, url } = await openDocumentScreen(decl, request, params, { writable: true })
    return { up: auth.upstream, lines: screen.lines.map(decl.undo.describe), closeTo: url.href }
  },
})
