import type { MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { ApiEnv, DB } from './types.ts'
import { ApiError } from './http.ts'
import { PERMISSION_FLAGS, type Permission } from './routes/master/akses.ts'

/**
 * Grants enforced by the api itself: the token's user must hold, in the access editor's
 * data (table akses × menu_fitur), the grant the route's entry in api/routes/grants.ts names.
 * Reads need Select (`active`) on one of the entry's menus, writes their permission. A route without
 * an entry is refused: failing closed, so a new route cannot be open by forgetting it.
 */

export type { Permission }

/** `perm` (null: Select alone) on any one of `menus`. */
export type MenuNeed = { menus: readonly string[]; perm: Permission | null }

export type RouteGrant =
  | { open: string }
  | {
      /** Any one suffices. */
      anyOf: readonly MenuNeed[]
      /** A route parameter holding a user id: the token's own user passes without a grant. */
      ownUserParam?: string
      /**
       * A list open to other menus as their lookup: only Select on this menu (the record's own) gets
       * the full record; the others get the fields a choice needs (context `listView`).
       */
      fullWith?: string
      /** Which alternative suffices depends on the record the route changes: its handler asks it (`lines`). */
      byLine?: true
    }

/** An entry open to every token holder: its own `open` property, never an inherited one. */
export const isOpenGrant = (g: RouteGrant): g is { open: string } => Object.hasOwn(g, 'open')

/** Every holder of a valid token (the reason is documentation). */
export const open = (reason: string): RouteGrant => ({ open: reason })
/** Select on any one of the menus. */
export const read = (...menus: string[]): RouteGrant => ({ anyOf: [{ menus, perm: null }] })
/** `perm` on any one of the menus. */
export const may = (perm: Permission, ...menus: string[]): RouteGrant => ({ anyOf: [{ menus, perm }] })
/** Any one of the needs (a line's route: the handler asks the one the line needs once it has loaded it). */
export const lines = (...needs: (readonly MenuNeed[])[]): RouteGrant => ({ anyOf: needs.flat(), byLine: true })
/**
 * A list that other screens use as a lookup: Select on any of the menus reads it, but only Select on
 * `own` (the record's own menu) reads the full record; the others get id, code, name and what their
 * screen reads of it (the route's lookup columns).
 */
export const lookup = (own: string, ...readers: string[]): RouteGrant => ({
  anyOf: [{ menus: [own, ...readers], perm: null }],
  fullWith: own,
})
/** Any one of the alternatives. */
export const either = (...grants: RouteGrant[]): RouteGrant => ({
  anyOf: grants.flatMap((g) => (isOpenGrant(g) ? [] : g.anyOf)),
})

/**
 * The grants an extension's routes bring (api/routes/transaksi.ts EXTENSION_ROUTES): its own routes'
 * (`grants`, keyed like the table in api/routes/grants.ts), and the menus of its screens that also
 * read a route of the spec (`readers`: its vehicle picker reads GET /api/kendaraan).
 */
export type ExtensionGrants = { grants: Readonly<Record<string, RouteGrant>>; readers?: Readonly<Record<string, readonly string[]>> }

export const NO_MENU_ACCESS = 'Anda tidak memiliki akses ke menu ini.'
export const NO_PERMISSION = 'Anda tidak memiliki izin untuk tindakan ini.'
export const NOT_DECLARED = 'Akses ke alamat ini tidak diizinkan.'

/** A user's grants: menu route → the permissions held ('active' for Select). */
export type UserGrants = Map<string, Set<Permission | 'active'>>

/** The grants of a user as stored by the access editor (inactive menus carry no permission). */
export async function grantsOfUser(db: DB, userId: number): Promise<UserGrants> {
  const rows = await db.q
    .selectFrom('akses as a')
    .innerJoin('menu_fitur as f', 'f.id', 'a.menu_fitur_id')
    .select(['f.route', ...PERMISSION_FLAGS.map((p) => `a.${p}` as const)])
    .where('a.user_id', '=', userId)
    .where('a.active', '=', 1)
    .execute()
  const grants: UserGrants = new Map()
  for (const row of rows) {
    const held = grants.get(row.route) ?? new Set<Permission | 'active'>(['active'])
    for (const flag of PERMISSION_FLAGS) if (row[flag]) held.add(flag.slice(4) as Permission)
    grants.set(row.route, held)
  }
  return grants
}

/** Does the user hold the need? A menu without Select grants nothing. */
export function holds(grants: UserGrants, need: MenuNeed): boolean {
  return need.menus.some((m) => {
    const held = grants.get(m)
    return !!held && (need.perm === null || held.has(need.perm))
  })
}

/** A `:name` segment of a route pattern read from the request path (middleware sees no handler params). */
function paramOf(pattern: string, path: string, name: string): string | null {
  const index = pattern.split('/').indexOf(`:${name}`)
  const segments = path.split('/')
  return index >= 0 && segments.length === pattern.split('/').length ? (segments[index] ?? null) : null
}

/**
 * The middleware, after requireToken: finds the route Hono will answer with, its entry in `table`,
 * and refuses with 403 {message} what the token's user does not hold. A path no route matches goes
 * on to the 404.
 */
export function requireApiGrant(table: Record<string, RouteGrant>): MiddlewareHandler<ApiEnv> {
  // Read through a Map and own properties only: nothing inherited (a polluted Object.prototype) can
  // make a route open or declared.
  const entries = new Map(Object.entries(table))
  return async (c, next) => {
    const route = matchedRoutes(c).find((r) => r.method !== 'ALL')
    if (!route) return next()
    const entry = entries.get(`${route.method} ${route.path}`)
    if (!entry) throw new ApiError(403, NOT_DECLARED)
    if (isOpenGrant(entry)) return next()
    const user = c.get('user')
    if (
      Object.hasOwn(entry, 'ownUserParam') &&
      entry.ownUserParam &&
      paramOf(route.path, c.req.path, entry.ownUserParam) === String(user.id)
    )
      return next()
    const grants = await requireGrant(c.get('db'), user.id, entry.anyOf)
    if (Object.hasOwn(entry, 'fullWith') && entry.fullWith) {
      c.set('listView', holds(grants, { menus: [entry.fullWith], perm: null }) ? 'full' : 'lookup')
    }
    return next()
  }
}

/**
 * Refuses with 403 {message} unless the user holds one of `anyOf`: the middleware's check, also for a
 * handler whose need depends on what it loaded (a line of a registered document or a staged one).
 */
export async function requireGrant(db: DB, userId: number, anyOf: readonly MenuNeed[]) {
  const grants = await grantsOfUser(db, userId)
  if (anyOf.some((need) => holds(grants, need))) return grants
  // Select on one of the menus but not the permission: "no permission"; else "no access to the menu".
  const selects = anyOf.some((need) => holds(grants, { menus: need.menus, perm: null }))
  throw new ApiError(403, selects ? NO_PERMISSION : NO_MENU_ACCESS)
}
