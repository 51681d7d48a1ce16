import type { Extension } from './lib/extensions'
import type { Permission } from './lib/grants'
import { SCREEN_LIST, segmentOf, type Screen, type ScreenRoutes } from './screens'

/**
 * The route table of the app with each route's access, declared next to the route. The sidebar's
 * screens declare theirs in app/screens.ts (by kind); this table makes their routes from there.
 * `app/routes.ts` turns it into Remix's route config; the guard (`requireScreen`, app/server/grants.server.ts, through `app/lib/route-access.ts`)
 * matches a request against the same table with Remix's own matcher and reads the declarations of
 * the routes it matched — never the URL text. Every route must declare its access (the type says so);
 * a route that declares none is refused.
 *
 * - `public`: no session needed (login, register, the not-found page).
 * - `session`: every logged-in user (dashboard, profile, logout, uploads).
 * - `menu`: the user needs Select on one of `menus`, plus `read` (when given) to open the route;
 *   a POST needs `write` on one of those menus. `write: 'intent'` means the action carries several
 *   intents and checks each one's permission itself (posting / unpost from a row menu); a route
 *   without `write` takes no POST at all (405). `extensions`: what the upstream must offer besides
 *   (a screen built on an extension of the spec, app/screens.ts); without it the guard answers 501.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'session'; write?: 'session' }
  | { kind: 'menu'; menus: readonly string[]; read?: Permission; write?: Permission | 'intent'; extensions?: readonly Extension[] }

export type RouteEntry = {
  id: string
  file: string
  path?: string
  index?: true
  access: RouteAccess
  children?: RouteEntry[]
}

const PUBLIC: RouteAccess = { kind: 'public' }
const SESSION: RouteAccess = { kind: 'session' }
const menu = (menus: string | readonly string[], read?: Permission, write?: Permission | 'intent'): RouteAccess => ({
  kind: 'menu',
  menus: typeof menus === 'string' ? [menus] : menus,
  ...(read ? { read } : {}),
  ...(write ? { write } : {}),
})
/** A dialog route that opens with `perm` and posts with it (tambah → create, edit → update, hapus → delete). */
const dialog = (menus: string | readonly string[], perm: Permission) => menu(menus, perm, perm)

const page = (id: string, path: string, file: string, access: RouteAccess, children?: RouteEntry[]): RouteEntry => ({
  id,
  path,
  file,
  access,
  ...(children ? { children } : {}),
})

/**
 * The resource route of a form's searchable choice (…/pilihan/{key}: kendaraan, no-kabin, ban), a
 * child of the form's route with the same access: the form's grants guard its search too.
 */
const pilihan = (parentId: string, key: string, access: RouteAccess): RouteEntry =>
  page(`${parentId}-pilihan-${key}`, `pilihan/${key}`, 'routes/admin/pilihan.tsx', access)

/** A document's Riwayat dialog (audit trail) under the list `path` it is opened from: Show on that list's menu. */
const riwayat = (path: string): RouteEntry =>
  page(`${path}-riwayat`, ':id/riwayat', 'routes/admin/riwayat-dokumen.tsx', menu(`/admin/${path}`, 'show'))

type Routes<K extends ScreenRoutes['kind']> = Extract<ScreenRoutes, { kind: K }>

/** A list screen with its dialog routes (see `ScreenRoutes`). */
function listScreen(path: string, m: string, r: Routes<'list'>): RouteEntry {
  // The form's searchable choices (their resource routes) under both its dialogs.
  const choicesOf = (formId: string, perm: Permission) => (r.choices ?? []).map((key) => pilihan(formId, key, dialog(m, perm)))
  const form = (id: string, routePath: string, perm: Permission) =>
    page(id, routePath, `${r.dir}/form.tsx`, dialog(m, perm), r.choices ? choicesOf(id, perm) : undefined)
  const children: RouteEntry[] = [form(`${path}-tambah`, 'tambah', 'create')]
  if (r.edit !== false) children.push(form(`${path}-edit`, ':id/edit', 'update'))
  children.push(page(`${path}-hapus`, ':id/hapus', `${r.dir}/hapus.tsx`, dialog(m, 'delete')))
  if (r.detail) children.push(page(`${path}-detail`, ':id', `${r.dir}/detail.tsx`, menu(m, 'show')))
  if (r.riwayat) children.push(riwayat(path))
  return page(path, path, `${r.dir}/list.tsx`, menu(m, undefined, r.write), children)
}

/** The vehicle picker a document's create form starts from (?kendaraan_id=), shared by the documents on a vehicle. */
const VEHICLE_PICKER = 'routes/admin/pemasangan-ban/pilih-kendaraan.tsx'

/** The shared route modules of the documents on a vehicle: their delete dialog, and the list, screens and line undo of a declared one. */
const DOCUMENT_DIR = 'routes/admin/document'

/** The delete dialog of every document on a vehicle, made from its declaration (app/server/documents.server.ts). */
const DOCUMENT_HAPUS = `${DOCUMENT_DIR}/hapus.tsx`

/** The delete dialog of the screen whose dialogs are in `dir`: the shared one of a document on a vehicle, else its own. */
const hapusIn = (dir: string) =>
  SCREEN_LIST.some((s) => s.routes.kind === 'document' && s.routes.dir === dir) ? DOCUMENT_HAPUS : `${dir}/hapus.tsx`

/** Where a document's list, screen and line-undo modules are: the shared ones when it is `declared`, else its own. */
const moduleOf = (r: Routes<'document'>, name: 'list' | 'screen' | 'hapus-detail') => `${r.declared ? DOCUMENT_DIR : r.dir}/${name}.tsx`

/** A document's list with its vehicle picker, delete dialog and Riwayat dialog. */
function documentList(path: string, m: string, r: Routes<'document'>): RouteEntry {
  return page(path, path, moduleOf(r, 'list'), menu(m, undefined, 'intent'), [
    page(`${path}-tambah`, 'tambah', VEHICLE_PICKER, dialog(m, 'create'), [pilihan(`${path}-tambah`, 'kendaraan', dialog(m, 'create'))]),
    page(`${path}-hapus`, ':id/hapus', DOCUMENT_HAPUS, dialog(m, 'delete')),
    riwayat(path),
  ])
}

/** A document's create or edit screen with its position dialog and its line-delete confirmation (none for a form saved whole): all of `perm`. */
function documentScreen(id: string, path: string, menus: readonly string[], perm: Permission, r: Routes<'document'>): RouteEntry {
  if (r.wholeForm) return page(id, path, moduleOf(r, 'screen'), dialog(menus, perm))
  const choices = (r.positionChoices ?? []).map((key) => pilihan(`${id}-posisi`, key, dialog(menus, perm)))
  return page(id, path, moduleOf(r, 'screen'), dialog(menus, perm), [
    page(`${id}-posisi`, 'posisi/:posisi', `${r.dir}/posisi.tsx`, dialog(menus, perm), choices.length ? choices : undefined),
    page(`${id}-hapus-detail`, 'detail/:detailId/hapus', moduleOf(r, 'hapus-detail'), dialog(menus, perm)),
  ])
}

/** An inquiry: its list (row-menu Posting / Unpost), its dialogs, and the Posting semua / Unpost semua confirmations. */
function financeScreen(path: string, m: string, r: Routes<'inquiry'>): RouteEntry {
  return page(path, path, r.file, menu(m, undefined, 'intent'), [
    ...(r.edit ? [page(`${path}-edit`, ':id/edit', `${r.dialogsOf}/form.tsx`, dialog(m, 'update'))] : []),
    page(`${path}-hapus`, ':id/hapus', hapusIn(r.dialogsOf), dialog(m, 'delete')),
    riwayat(path),
    page(`${path}-posting-semua`, 'posting-semua', 'routes/admin/finance/bulk.tsx', dialog(m, 'posting_all')),
    page(`${path}-unpost-semua`, 'unpost-semua', 'routes/admin/finance/bulk.tsx', dialog(m, 'unpost_all')),
  ])
}

/**
 * A screen's routes (app/screens.ts): those inside the shell (its kind's routes, its extra `child`
 * and `shell` routes) and those without it (its print page, CSV download and extra `bare` routes).
 */
export function screenRoutes(s: Screen): { shell: RouteEntry[]; bare: RouteEntry[] } {
  const path = segmentOf(s)
  const m = s.path
  const r = s.routes
  const shell: RouteEntry[] = []
  const bare: RouteEntry[] = []
  let main: RouteEntry
  if (r.kind === 'list') main = listScreen(path, m, r)
  else if (r.kind === 'inquiry') main = financeScreen(path, m, r)
  else if (r.kind === 'page') main = page(path, path, r.file, menu(m, undefined, r.write))
  else {
    main = documentList(path, m, r)
    shell.push(documentScreen(`create-${path}`, `create-${path}`, [m], 'create', r))
    shell.push(documentScreen(`edit-${path}`, r.editPath, r.editMenus ?? [m], 'update', r))
  }
  for (const e of s.extra ?? []) {
    const access = { ...menu(e.menus ?? m, e.read, e.write), ...(e.extension ? { extensions: [e.extension] } : {}) }
    const entry = page(e.id, e.path, e.file, access)
    if (e.at === 'child') main = { ...main, children: [...(main.children ?? []), entry] }
    else (e.at === 'shell' ? shell : bare).push(entry)
  }
  if (s.print) bare.push(page(`${path}-cetak`, `admin/${path}/cetak`, s.print, menu(m, 'print')))
  if (s.csv) bare.push(page(`${path}-csv`, `admin/${path}/csv`, s.csv, menu(m, 'print')))
  if (!s.extension) return { shell: [main, ...shell], bare }
  const needs = (e: RouteEntry) => needing(e, s.extension!)
  return { shell: [main, ...shell].map(needs), bare: bare.map(needs) }
}

/** The route and the routes under it, each needing the extension `extension` too. */
function needing(e: RouteEntry, extension: Extension): RouteEntry {
  const access: RouteAccess = e.access.kind === 'menu' ? { ...e.access, extensions: [extension, ...(e.access.extensions ?? [])] } : e.access
  return { ...e, access, ...(e.children ? { children: e.children.map((c) => needing(c, extension)) } : {}) }
}

const SCREEN_ROUTES = SCREEN_LIST.map(screenRoutes)

export const ROUTE_TABLE: RouteEntry[] = [
  { id: 'routes/index', index: true, file: 'routes/index.tsx', access: PUBLIC },
  page('routes/login', 'login', 'routes/login.tsx', PUBLIC),
  page('routes/register', 'register', 'routes/register.tsx', PUBLIC),
  // Every logged-in user may ask; the upstream answers a photo only to the grant of the record holding it.
  page('routes/uploads', 'uploads/:name', 'routes/uploads.tsx', SESSION),
  // Its action answers 401 without a session (the client then goes to the login).
  page('routes/keepalive', 'keepalive', 'routes/keepalive.tsx', PUBLIC),
  page('routes/admin/layout', 'admin', 'routes/admin/layout.tsx', SESSION, [
    { id: 'routes/admin/index', index: true, file: 'routes/admin/index.tsx', access: SESSION },
    page('routes/admin/dashboard', 'dashboard', 'routes/admin/dashboard.tsx', SESSION),
    // Update Profile: its own password and contact forms need only the session.
    page('routes/admin/profile', 'users', 'routes/admin/profile.tsx', { kind: 'session', write: 'session' }),
    page('routes/admin/logout', 'logout', 'routes/admin/logout.tsx', { kind: 'session', write: 'session' }),
    // The sidebar's screens (app/screens.ts).
    ...SCREEN_ROUTES.flatMap((r) => r.shell),
    // Any other path under /admin: a 404 inside the shell.
    page('routes/admin/not-found', '*', 'routes/admin/not-found.tsx', SESSION),
  ]),
  // The screens' print pages and CSV downloads: no shell (their own layout, or a file).
  ...SCREEN_ROUTES.flatMap((r) => r.bare),
  page('routes/not-found', '*', 'routes/not-found.tsx', PUBLIC),
]
