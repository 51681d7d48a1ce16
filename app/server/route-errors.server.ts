import { data } from '@remix-run/node'
import type { Upstream } from '~/upstream/client.server'
import { UpstreamError, UpstreamHttpError, UpstreamMalformed, UpstreamTooLarge, UpstreamUnavailable, userMessage } from '~/upstream/errors'

/**
 * Loads through the upstream; a failure becomes a thrown response the route's error boundary shows
 * in Indonesian (production hides plain Error messages, so they must travel as data).
 */
export async function loadOrFail<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof Response) throw error
    throw failure(error)
  }
}

export function failure(error: unknown) {
  if (error instanceof UpstreamHttpError && error.status === 404) {
    return data({ message: 'Data tidak ditemukan.' }, { status: 404 })
  }
  // The upstream refusing by the same grants the app keeps (changed since this session read them, or a
  // lookup of another menu): the refusal in its own words, as a 403 — not an upstream fault and its raw JSON.
  if (error instanceof UpstreamHttpError && error.status === 403) {
    return data({ message: `Akses ditolak oleh server: ${error.serverMessage ?? NO_ACCESS_MESSAGE}` }, { status: 403 })
  }
  if (error instanceof UpstreamUnavailable) {
    return data({ message: `Gagal memuat data. ${error.message}. Coba lagi beberapa saat lagi.` }, { status: 503 })
  }
  if (error instanceof UpstreamMalformed) {
    return data({ message: `Gagal memuat data. ${error.message}` }, { status: 502 })
  }
  if (error instanceof UpstreamError) {
    return data({ message: `Gagal memuat data. ${userMessage(error)}` }, { status: 502 })
  }
  console.error(error)
  return data({ message: 'Terjadi kesalahan yang tidak terduga.' }, { status: 500 })
}

/** A 403 from the upstream without a message of its own. */
export const NO_ACCESS_MESSAGE = 'Anda tidak memiliki akses ke data ini.'

export const notFound = (message = 'Data tidak ditemukan.') => data({ message }, { status: 404 })

/** A whole list longer than the app reads from the upstream: what the user can do about it. */
export const TOO_LARGE_MESSAGE = 'Daftar terlalu besar untuk ditampilkan sekaligus. Persempit periode tanggal atau kata pencarian.'

/**
 * The full list of a list screen. A failure does not take the screen over (the original screen only
 * logs it and ends its spinner): the list shows the reason inline with no rows, and its
 * dialog — with whatever the user typed — stays. A 401 still ends the session (thrown redirect).
 */
export async function loadList<T>(fn: () => Promise<T[]>): Promise<{ all: T[]; loadError: string | null; status: number }> {
  try {
    return { all: await fn(), loadError: null, status: 200 }
  } catch (error) {
    if (error instanceof Response) throw error
    // Nothing failed: the list is too long to read whole (an upstream without paged lists); the screen
    // stands with the message and no rows.
    if (error instanceof UpstreamTooLarge) return { all: [], loadError: TOO_LARGE_MESSAGE, status: 200 }
    // A 403 is the upstream enforcing the same grants: the screen itself is refused too, so
    // nothing went wrong that an operator should hear about.
    if (!(error instanceof UpstreamHttpError && error.status === 403)) {
      console.error('[list] load failed:', error instanceof Error ? error.message : error)
    }
    const response = failure(error)
    return { all: [], loadError: (response.data as { message: string }).message, status: response.init?.status ?? 502 }
  }
}

/**
 * The record a dialog shows. On GET a failure is the dialog's error; when the dialog is re-rendered
 * after its own POST failed (no JS: the same request renders the page), a failing upstream must not
 * replace the form — the caller gets null and the form keeps the submitted values.
 */
export async function loadForDialog<T>(request: Request, fn: () => Promise<T>): Promise<T | null> {
  if (!isAfterAction(request)) return loadOrFail(fn)
  try {
    return await fn()
  } catch (error) {
    if (error instanceof Response) throw error
    return null
  }
}

/**
 * The record an edit dialog shows, from its list (null when the list could not be loaded while
 * re-rendering after a POST). On GET an unknown id is a 404 page; after a POST (the save found the
 * record deleted meanwhile, or the upstream is down) the dialog stays with `placeholder`, so the
 * action's message and the values the user typed are shown, never replaced by an error page.
 */
export function dialogRecord<T>(request: Request, all: T[] | null, match: (row: T) => boolean, placeholder: T, message: string): T {
  const found = all?.find(match)
  if (found) return found
  if (!isAfterAction(request)) throw notFound(message)
  return placeholder
}

/**
 * Is this loader run to render the page after its form's action (a POST without JavaScript)? Remix
 * runs those loaders with a GET copy of the POST that keeps its headers, Content-Type included;
 * a browser's own GET never sends one.
 */
export function isAfterAction(request: Request): boolean {
  return request.method !== 'GET' || request.headers.has('Content-Type')
}

/**
 * The record `id` of a list, for a dialog (edit, delete, detail): a 404 with `message` when it is not
 * there; null when the upstream failed while the dialog is re-rendered after its own POST (see
 * loadForDialog: the form then keeps what was sent).
 */
export async function findForDialog<T extends { id: number }>(
  request: Request,
  load: () => Promise<T[]>,
  id: number,
  message: string,
): Promise<T | null> {
  const all = await loadForDialog(request, load)
  if (!all) return null
  const found = all.find((r) => r.id === id)
  if (found) return found
  // Deleted meanwhile: the page after a POST keeps the dialog (the action says why); a GET is a 404.
  if (isAfterAction(request)) return null
  throw notFound(message)
}

/**
 * How a dialog reads its record: from the screen's whole list, or by itself (`byId`, the upstream's
 * one-record call: a list that grows with the fleet is not read whole for one row).
 */
export type RecordRead<T> = ((up: Upstream) => Promise<T[]>) | { byId: (up: Upstream, id: number) => Promise<T> }

/** The record `id` of a dialog as `read` says (findForDialog or findOneForDialog). */
export const findRecordForDialog = <T extends { id: number }>(
  request: Request,
  up: Upstream,
  read: RecordRead<T>,
  id: number,
  message: string,
) =>
  typeof read === 'function'
    ? findForDialog(request, () => read(up), id, message)
    : findOneForDialog(request, () => read.byId(up, id), message)

/**
 * The record `id` of a dialog read by itself (the upstream's one-record call), where its list may be
 * too long to read whole: a 404 from the upstream is the dialog's `message` (404); other failures as
 * findForDialog (the dialog's error on GET, null when re-rendered after its own POST).
 */
export async function findOneForDialog<T>(request: Request, readOne: () => Promise<T>, message: string): Promise<T | null> {
  try {
    return await readOne()
  } catch (error) {
    if (error instanceof Response) throw error
    if (isAfterAction(request)) return null
    if (error instanceof UpstreamHttpError && error.status === 404) throw notFound(message)
    throw failure(error)
  }
}

/**
 * A page thrown on purpose (a redirect, a 404, a 409): a Response, or what Remix's `data()` makes.
 * Code that turns upstream failures into messages passes these on untouched.
 */
export function isThrownPage(error: unknown): boolean {
  return (
    error instanceof Response ||
    (typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'DataWithResponseInit')
  )
}
