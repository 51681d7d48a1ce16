import { data } from '@remix-run/node'
import { requireAuth, type Auth } from '~/session.server'
import { getGrantsSource, type AksesEdit } from '~/upstream/akses.server'
import type { Upstream } from '~/upstream/client.server'
import { requireFeature } from './features.server'
import { failure, loadList } from './route-errors.server'
import { requirementOf } from '~/lib/route-access'
import { allows, canOn, grantsFromAkses, PERMISSIONS, type Can, type Grants, type Permission } from '~/lib/grants'

export const NO_MENU_ACCESS = 'Anda tidak memiliki akses ke menu ini.'
export const NO_PERMISSION = 'Anda tidak memiliki izin untuk tindakan ini.'

/** Grants worked out once per kept answer (the client hands out the same object until it changes). */
const grantsByAnswer = new WeakMap<AksesEdit, Grants>()
function grantsOf(edit: AksesEdit): Grants {
  let grants = grantsByAnswer.get(edit)
  if (!grants) grantsByAnswer.set(edit, (grants = grantsFromAkses(edit.menufiturs, edit.userMenu)))
  return grants
}

/**
 * The logged-in user's grants, read from the upstream (GET /api/akses/{id}/edit with the
 * user's own token) on every request, so a change takes effect on the user's next page load. The
 * loaders of one navigation run at once and share the call while it is in flight; nothing is kept
 * once it has answered (a change by another admin is seen by the next request; any app instance
 * may answer any request).
 */
const MAX_ENTRIES = 500
const inFlight = new Map<string, Promise<Grants>>()

export async function loadGrants(auth: Auth): Promise<Grants> {
  let grants = inFlight.get(auth.token)
  if (!grants) {
    const call = getGrantsSource(auth.upstream, auth.user.id).then(grantsOf)
    grants = call
    inFlight.set(auth.token, call)
    if (inFlight.size > MAX_ENTRIES) inFlight.delete(inFlight.keys().next().value as string)
    const settle = () => {
      if (inFlight.get(auth.token) === call) inFlight.delete(auth.token)
    }
    call.then(settle, settle)
  }
  try {
    return await grants
  } catch (error) {
    if (error instanceof Response) throw error
    throw failure(error)
  }
}

/** Forget a token's grants call in flight (after the user's own access was changed). */
export function forgetGrants(token?: string) {
  if (token) inFlight.delete(token)
  else inFlight.clear()
}

export const forbidden = (message = NO_MENU_ACCESS) => data({ message }, { status: 403 })

export type Granted = Auth & { grants: Grants; can: Can }

const REFUSALS = {
  403: NO_MENU_ACCESS,
  404: 'Halaman yang Anda cari tidak ditemukan.',
  405: 'Halaman ini tidak menerima kiriman formulir.',
} as const

/**
 * The guard of every screen's loader and action: what the routes the request reaches
 * declare in the route table (app/route-table.ts, matched as Remix matches: app/lib/route-access.ts),
 * never the URL text. Every matched menu route needs Select on one of its menus and its `read`
 * permission; a POST needs the action's `write` permission; `perm`, when given (an action's intent),
 * is needed on one of the deepest route's menus too. A route without a declaration is refused.
 * Routes every logged-in user has (dashboard, profile) only need the session. Once the grants hold,
 * a route of a screen built on an extension of the spec needs the upstream to offer it (else 501,
 * the one 'Fitur tidak tersedia' page).
 */
export async function requireScreen(request: Request, perm?: Permission): Promise<Granted> {
  const url = new URL(request.url)
  const req = requirementOf(url, request.method)
  if (req.kind === 'refused') {
    await requireAuth(request)
    throw data({ message: REFUSALS[req.status] }, { status: req.status })
  }
  const auth = await requireAuth(request)
  const grants = await loadGrants(auth)
  if (req.kind === 'public') return { ...auth, grants, can: NO_CAN }
  for (const check of req.checks) {
    const open = check.menus.filter((m) => allows(grants, m))
    if (open.length === 0) throw forbidden(NO_MENU_ACCESS)
    if (check.perm && !open.some((m) => allows(grants, m, check.perm))) throw forbidden(NO_PERMISSION)
  }
  // An action of several intents names the one it was sent; without it nothing is allowed.
  if (req.byIntent && !perm) throw forbidden(NO_PERMISSION)
  if (req.menus.length === 0) {
    if (perm) throw forbidden(NO_PERMISSION)
    return { ...auth, grants, can: NO_CAN }
  }
  const open = req.menus.filter((m) => allows(grants, m))
  const menu = perm ? open.find((m) => allows(grants, m, perm)) : open[0]
  if (!menu) throw forbidden(NO_PERMISSION)
  for (const extension of req.extensions) await requireFeature(auth.upstream, extension)
  return { ...auth, grants, can: canOn(grants, menu) }
}

/**
 * requireScreen and the screen's list at once: the list's call goes out with the session's
 * token as soon as the session is known, beside the grants' revalidation instead of after it (one
 * round trip to the upstream less on every list page). A screen the user may not open still answers
 * 403, and the list read for it is dropped unseen (the upstream judged that call by the same token).
 */
export async function requireScreenList<T>(request: Request, read: (up: Upstream) => Promise<T[]>) {
  const auth = await requireAuth(request)
  const list = loadList(() => read(auth.upstream))
  list.catch(() => undefined) // settled below, or dropped when the screen is refused
  const granted = await requireScreen(request)
  return { auth: granted, ...(await list) }
}

/** Session-only routes grant no menu permission (they have no buttons of a menu). */
const NO_CAN = Object.fromEntries(PERMISSIONS.map((p) => [p, false])) as Can
