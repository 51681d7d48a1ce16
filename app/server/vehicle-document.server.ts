import { data, type LoaderFunctionArgs } from '@remix-run/node'
import type { Upstream } from '~/upstream/client.server'
import type { Kendaraan } from '~/upstream/kendaraan.server'
import { tyrePositions, type TyreLayout } from '~/lib/pemasangan'
import { requireScreen, type Granted } from './grants.server'
import { documentOrFail, tyreScreenMode, vehicle, vehicleIdOf, type TyreScreenMode } from './pemasangan.server'

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
