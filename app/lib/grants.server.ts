import { data } from '@remix-run/node'
import { requireAuth, type Auth } from '~/session.server'
import { getAksesEdit } from '~/upstream/akses.server'
import { failure } from './route-errors.server'
import { allows, canOn, grantsFromAkses, menusOfPath, PERMISSIONS, type Can, type Grants, type Permission } from './grants'

export const NO_MENU_ACCESS = 'Anda tidak memiliki akses ke menu ini.'
export const NO_PERMISSION = 'Anda tidak memiliki izin untuk tindakan ini.'

/**
 * The logged-in user's grants, read from the upstream (spec 000 §7 GET /api/akses/{id}/edit with the
 * user's own token) on every request, so a change takes effect on the next page load. The loaders
 * of one navigation run at once: a short-lived entry per token (1 s) lets them share one call.
 * Correctness never depends on it (any app instance may answer any request).
 */
const TTL_MS = 1000
const MAX_ENTRIES = 500
const recent = new Map<string, { at: number; grants: Promise<Grants> }>()

export async function loadGrants(auth: Auth): Promise<Grants> {
  const now = Date.now()
  const hit = recent.get(auth.token)
  if (hit && now - hit.at < TTL_MS) return hit.grants
  const grants = getAksesEdit(auth.upstream, auth.user.id).then((edit) => grantsFromAkses(edit.menufiturs, edit.userMenu))
  recent.set(auth.token, { at: now, grants })
  if (recent.size > MAX_ENTRIES) recent.delete(recent.keys().next().value as string)
  try {
    return await grants
  } catch (error) {
    recent.delete(auth.token)
    if (error instanceof Response) throw error
    throw failure(error)
  }
}

/** Forget the cached grants of a token (after the user's own access was changed). */
export function forgetGrants(token?: string) {
  if (token) recent.delete(token)
  else recent.clear()
}

export const forbidden = (message = NO_MENU_ACCESS) => data({ message }, { status: 403 })

export type Granted = Auth & { grants: Grants; can: Can }

/**
 * The one guard of every screen's loader and action (DESIGN §4): the session, then the menu's
 * Select (any of `menus` suffices, for hidden routes reached from two menus), then — when given —
 * the permission. A refusal is a 403 page inside the shell. `can` is the first granted menu's ten
 * permissions, for the screen to show only the buttons the user may use.
 */
export async function requireGrant(request: Request, menus: string | string[], perm?: Permission): Promise<Granted> {
  const auth = await requireAuth(request)
  const grants = await loadGrants(auth)
  const list = Array.isArray(menus) ? menus : [menus]
  const open = list.filter((m) => allows(grants, m))
  if (open.length === 0) throw forbidden(NO_MENU_ACCESS)
  const menu = perm ? open.find((m) => allows(grants, m, perm)) : open[0]
  if (!menu) throw forbidden(NO_PERMISSION)
  return { ...auth, grants, can: canOn(grants, menu) }
}

/**
 * requireGrant for the menu the request's own path belongs to (app/lib/grants.ts menusOfPath):
 * what every screen's loader and action calls. Paths open to every user (dashboard, profile) only
 * need the session.
 */
export async function requireScreen(request: Request, perm?: Permission): Promise<Granted> {
  const menus = menusOfPath(new URL(request.url).pathname.replace(/\.data$/, ''))
  if (!menus) {
    const auth = await requireAuth(request)
    return { ...auth, grants: await loadGrants(auth), can: ALL_CAN }
  }
  return requireGrant(request, menus, perm)
}

const ALL_CAN = Object.fromEntries(PERMISSIONS.map((p) => [p, true])) as Can
