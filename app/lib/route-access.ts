import { matchRoutes } from '@remix-run/react'
import { LRUCache } from 'lru-cache'
import type { RouteObject } from 'react-router-dom'
import { ROUTE_TABLE, type RouteAccess, type RouteEntry } from '~/route-table'
import type { Extension } from './extensions'
import type { Permission } from './grants'

/**
 * Which routes of the route table a request reaches, and what they demand. The match is
 * Remix's own (React Router's `matchRoutes`: case-insensitive, on the decoded path, dot segments
 * already resolved by the URL parser) over the same table Remix's route config is made from, so
 * no spelling of a URL reaches a route without its declaration being read.
 */

type TableRoute = RouteObject & { access?: RouteAccess }

function toRouteObject(e: RouteEntry): TableRoute {
  if (e.index) return { id: e.id, index: true, access: e.access }
  return { id: e.id, path: e.path, access: e.access, children: e.children?.map(toRouteObject) }
}

/** The table under the root route (app/root.tsx, public: the document shell). */
const TREE: TableRoute[] = [{ id: 'root', path: '', access: { kind: 'public' }, children: ROUTE_TABLE.map(toRouteObject) }]

/** The path Remix handles for this URL: single-fetch data requests end in `.data` (`/_root.data` is `/`). */
export function handlerPath(url: URL): string {
  return url.pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/')
}

export type MatchedRoute = { id: string; access: RouteAccess | undefined }

/**
 * The routes (root first) the URL reaches, or [] when none does (Remix answers 404 then). Matching
 * walks the whole table, so the answer is kept per path (a bounded LRU: paths carry ids).
 */
const matchesByPath = new LRUCache<string, MatchedRoute[]>({ max: 2000 })
export function matchedRoutes(url: URL): MatchedRoute[] {
  const path = handlerPath(url)
  let found = matchesByPath.get(path)
  if (!found) {
    const matches = matchRoutes(TREE, path) ?? []
    found = matches.map((m) => ({ id: m.route.id!, access: (m.route as TableRoute).access }))
    matchesByPath.set(path, found)
  }
  return found
}

/** The route a POST goes to: the deepest match, or its parent when that is an index route and `?index` is absent (Remix's rule). */
function actionTarget(matches: MatchedRoute[], url: URL, indexIds: Set<string>): MatchedRoute | undefined {
  const last = matches[matches.length - 1]
  if (last && indexIds.has(last.id) && !url.searchParams.has('index')) return matches[matches.length - 2]
  return last
}

const INDEX_IDS = new Set<string>()
;(function collect(entries: RouteEntry[]) {
  for (const e of entries) {
    if (e.index) INDEX_IDS.add(e.id)
    if (e.children) collect(e.children)
  }
})(ROUTE_TABLE)

/** What a request must have: nothing, a session, or — per matched menu route — Select and a permission. */
export type Requirement =
  | { kind: 'public' }
  | { kind: 'refused'; status: 403 | 404 | 405 }
  | {
      kind: 'granted'
      /** Every one of these must hold: Select on one of `menus` (and `perm` there, when given). */
      checks: { menus: readonly string[]; perm?: Permission }[]
      /** The menus of the deepest menu route (what `can` is worked out for); empty for session-only routes. */
      menus: readonly string[]
      /** The action checks its intent's permission itself (it calls requireScreen with it). */
      byIntent: boolean
      /** What the upstream must offer (the extensions the matched routes are built on). */
      extensions: readonly Extension[]
    }

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'

/**
 * The requirement of a request by the routes it reaches. Fails closed: a matched route without a
 * declaration is refused (403), a write to a route that declares none is refused (405).
 */
export function requirementOf(url: URL, method: string): Requirement {
  const matches = matchedRoutes(url)
  if (matches.length === 0) return { kind: 'refused', status: 404 }
  if (matches.some((m) => !m.access)) return { kind: 'refused', status: 403 }
  const checks: { menus: readonly string[]; perm?: Permission }[] = []
  let menus: readonly string[] = []
  const extensions = new Set<Extension>()
  let needsSession = false
  for (const { access } of matches) {
    if (access!.kind === 'public') continue
    needsSession = true
    if (access!.kind === 'menu') {
      checks.push({ menus: access!.menus, ...(access!.read ? { perm: access!.read } : {}) })
      menus = access!.menus
      for (const e of access!.extensions ?? []) extensions.add(e)
    }
  }
  let byIntent = false
  if (isWrite(method)) {
    const target = actionTarget(matches, url, INDEX_IDS)
    const access = target?.access
    if (!access) return { kind: 'refused', status: 403 }
    if (access.kind === 'public')
      return needsSession ? { kind: 'granted', checks, menus, byIntent, extensions: [...extensions] } : { kind: 'public' }
    if (access.kind === 'session') {
      if (access.write !== 'session') return { kind: 'refused', status: 405 }
    } else {
      if (!access.write) return { kind: 'refused', status: 405 }
      if (access.write === 'intent') byIntent = true
      else checks.push({ menus: access.menus, perm: access.write })
    }
  }
  if (!needsSession) return { kind: 'public' }
  return { kind: 'granted', checks, menus, byIntent, extensions: [...extensions] }
}

/** Pages behind the login must not be stored by the browser or a proxy: any route that needs a session. */
export function isPrivateUrl(url: URL): boolean {
  const matches = matchedRoutes(url)
  return matches.some((m) => m.access?.kind !== 'public')
}
