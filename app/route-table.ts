import type { Permission } from './lib/grants'

/**
 * The route table of the app with each route's access, declared next to the route.
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
 *   without `write` takes no POST at all (405).
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'session'; write?: 'session' }
  | { kind: 'menu'; menus: readonly string[]; read?: Permission; write?: Permission | 'intent' }

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
 * A list screen with its dialog routes: …/tambah, …/:id/edit, …/:id/hapus (and …/:id
 * for a detail dialog when the screen has one), all of the menu `/admin/{path}`. `id` makes the route
 * ids unique when one screen is mounted at two paths (Departemen at /admin/perpanjangan-stnk).
 */
function listScreen(
  path: string,
  dir: string,
  opts: { id?: string; detail?: boolean; write?: 'intent'; choices?: readonly string[] } = {},
): RouteEntry {
  const id = opts.id ?? path
  const m = `/admin/${path}`
  // The form's searchable choices (their resource routes) under both its dialogs.
  const choicesOf = (formId: string, perm: Permission) => (opts.choices ?? []).map((key) => pilihan(formId, key, dialog(m, perm)))
  const children: RouteEntry[] = [
    page(`${id}-tambah`, 'tambah', `${dir}/form.tsx`, dialog(m, 'create'), opts.choices ? choicesOf(`${id}-tambah`, 'create') : undefined),
    page(`${id}-edit`, ':id/edit', `${dir}/form.tsx`, dialog(m, 'update'), opts.choices ? choicesOf(`${id}-edit`, 'update') : undefined),
    page(`${id}-hapus`, ':id/hapus', `${dir}/hapus.tsx`, dialog(m, 'delete')),
  ]
  if (opts.detail) children.push(page(`${id}-detail`, ':id', `${dir}/detail.tsx`, menu(m, 'show')))
  return page(id, path, `${dir}/list.tsx`, menu(m, undefined, opts.write), children)
}

/** An inquiry: its list (row-menu Posting / Unpost), its dialogs, and the Posting semua / Unpost semua confirmations. */
function financeScreen(path: string, file: string, dialogs: RouteEntry[]): RouteEntry {
  const m = `/admin/${path}`
  return page(path, path, file, menu(m, undefined, 'intent'), [
    ...dialogs,
    page(`${path}-posting-semua`, 'posting-semua', 'routes/admin/finance/bulk.tsx', dialog(m, 'posting_all')),
    page(`${path}-unpost-semua`, 'unpost-semua', 'routes/admin/finance/bulk.tsx', dialog(m, 'unpost_all')),
  ])
}

/**
 * A tyre screen — a pemasangan's or (with `dir` routes/admin/pelepasan-ban) a pelepasan's, create or edit —
 * with its position dialog and its line-delete confirmation: all of `perm`.
 */
function pemasanganScreen(
  path: string,
  id: string,
  menus: readonly string[],
  perm: Permission,
  dir = 'routes/admin/pemasangan-ban',
): RouteEntry {
  // A pemasangan's free position chooses a tyre in stock (a searchable choice); a pelepasan's does not.
  const tyreChoice = dir === 'routes/admin/pemasangan-ban' ? [pilihan(`${id}-posisi`, 'ban', dialog(menus, perm))] : undefined
  return page(id, path, `${dir}/screen.tsx`, dialog(menus, perm), [
    page(`${id}-posisi`, 'posisi/:posisi', `${dir}/posisi.tsx`, dialog(menus, perm), tyreChoice),
    page(`${id}-hapus-detail`, 'detail/:detailId/hapus', `${dir}/hapus-detail.tsx`, dialog(menus, perm)),
  ])
}

/**
 * The resource route of a form's searchable choice (…/pilihan/{key}: kendaraan, no-kabin, ban), a
 * child of the form's route with the same access: the form's grants guard its search too.
 */
const pilihan = (parentId: string, key: string, access: RouteAccess): RouteEntry =>
  page(`${parentId}-pilihan-${key}`, `pilihan/${key}`, 'routes/admin/pilihan.tsx', access)

/** A document's Riwayat dialog (audit trail) under the list `path` it is opened from: Show on that list's menu. */
const riwayat = (path: string): RouteEntry =>
  page(`${path}-riwayat`, ':id/riwayat', 'routes/admin/riwayat-dokumen.tsx', menu(`/admin/${path}`, 'show'))
/** A route with one more child route. */
const withChild = (entry: RouteEntry, child: RouteEntry): RouteEntry => ({ ...entry, children: [...(entry.children ?? []), child] })

const PEMBELIAN = ['/admin/pembelian-ban', '/admin/inquery-pembelian-ban'] as const
const PEMASANGAN = ['/admin/pemasangan-ban', '/admin/inquery-pemasangan-ban'] as const
const PELEPASAN = '/admin/pelepasan-ban'

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
    listScreen('departemen', 'routes/admin/departemen'),
    listScreen('perpanjangan-stnk', 'routes/admin/departemen', { id: 'perpanjangan-stnk' }),
    listScreen('supplier', 'routes/admin/supplier', { detail: true }),
    // The simple master screens share one set of routes (app/lib/simple-master.ts has their configuration).
    ...['ukuran', 'merek', 'golongan', 'typban'].map((path) => listScreen(path, 'routes/admin/simple-master')),
    listScreen('jenis_kendaraan', 'routes/admin/jenis-kendaraan'),
    listScreen('kendaraan', 'routes/admin/kendaraan', { detail: true }),
    listScreen('stnk', 'routes/admin/stnk', { detail: true, choices: ['no-kabin'] }),
    withChild(listScreen('pembelian-ban', 'routes/admin/pembelian-ban', { write: 'intent' }), riwayat('pembelian-ban')),
    // Pemasangan Ban: the list with its vehicle picker and delete dialog; the create form
    // (?kendaraan_id=) and the edit screen share one screen with their position and tyre-delete dialogs.
    page('pemasangan-ban', 'pemasangan-ban', 'routes/admin/pemasangan-ban/list.tsx', menu('/admin/pemasangan-ban', undefined, 'intent'), [
      page(
        'pemasangan-ban-tambah',
        'tambah',
        'routes/admin/pemasangan-ban/pilih-kendaraan.tsx',
        dialog('/admin/pemasangan-ban', 'create'),
        [pilihan('pemasangan-ban-tambah', 'kendaraan', dialog('/admin/pemasangan-ban', 'create'))],
      ),
      page('pemasangan-ban-hapus', ':id/hapus', 'routes/admin/pemasangan-ban/hapus.tsx', dialog('/admin/pemasangan-ban', 'delete')),
      riwayat('pemasangan-ban'),
    ]),
    pemasanganScreen('create-pemasangan-ban', 'create-pemasangan-ban', ['/admin/pemasangan-ban'], 'create'),
    // Update on the pemasangan list and on the pemasangan inquiry both lead to the edit screen.
    pemasanganScreen(
      'inquery-pemasangan-ban/edit/:id',
      'edit-pemasangan-ban',
      ['/admin/inquery-pemasangan-ban', '/admin/pemasangan-ban'],
      'update',
    ),
    // Pelepasan Ban: the pelepasan list with the pemasangan list's vehicle picker, its delete dialog,
    // the create form (?kendaraan_id=) and the edit screen of an unposted document.
    page('pelepasan-ban', 'pelepasan-ban', 'routes/admin/pelepasan-ban/list.tsx', menu(PELEPASAN, undefined, 'intent'), [
      page('pelepasan-ban-tambah', 'tambah', 'routes/admin/pemasangan-ban/pilih-kendaraan.tsx', dialog(PELEPASAN, 'create'), [
        pilihan('pelepasan-ban-tambah', 'kendaraan', dialog(PELEPASAN, 'create')),
      ]),
      page('pelepasan-ban-hapus', ':id/hapus', 'routes/admin/pelepasan-ban/hapus.tsx', dialog(PELEPASAN, 'delete')),
      riwayat('pelepasan-ban'),
    ]),
    pemasanganScreen('create-pelepasan-ban', 'create-pelepasan-ban', [PELEPASAN], 'create', 'routes/admin/pelepasan-ban'),
    pemasanganScreen('pelepasan-ban/edit/:id', 'edit-pelepasan-ban', [PELEPASAN], 'update', 'routes/admin/pelepasan-ban'),
    listScreen('karyawan', 'routes/admin/karyawan', { detail: true }),
    // User: add and delete only (the only row action is delete).
    page('user', 'user', 'routes/admin/user/list.tsx', menu('/admin/user'), [
      page('user-tambah', 'tambah', 'routes/admin/user/form.tsx', dialog('/admin/user', 'create')),
      page('user-hapus', ':id/hapus', 'routes/admin/user/hapus.tsx', dialog('/admin/user', 'delete')),
    ]),
    page('akses', 'akses', 'routes/admin/akses/list.tsx', menu('/admin/akses')),
    // Finance: the inquiries reuse the purchase dialogs and share the bulk confirmation.
    financeScreen('inquery-pembelian-ban', 'routes/admin/inquery-pembelian-ban/list.tsx', [
      page(
        'inquery-pembelian-ban-edit',
        ':id/edit',
        'routes/admin/pembelian-ban/form.tsx',
        dialog('/admin/inquery-pembelian-ban', 'update'),
      ),
      page(
        'inquery-pembelian-ban-hapus',
        ':id/hapus',
        'routes/admin/pembelian-ban/hapus.tsx',
        dialog('/admin/inquery-pembelian-ban', 'delete'),
      ),
      riwayat('inquery-pembelian-ban'),
    ]),
    financeScreen('inquery-pemasangan-ban', 'routes/admin/inquery-pemasangan-ban/list.tsx', [
      page(
        'inquery-pemasangan-ban-hapus',
        ':id/hapus',
        'routes/admin/pemasangan-ban/hapus.tsx',
        dialog('/admin/inquery-pemasangan-ban', 'delete'),
      ),
      riwayat('inquery-pemasangan-ban'),
    ]),
    page(
      'laporan-pembelian-ban',
      'laporan-pembelian-ban',
      'routes/admin/laporan-pembelian-ban/list.tsx',
      menu('/admin/laporan-pembelian-ban'),
    ),
    // Laporan Biaya Ban per Km: read with Select; its print page and CSV need print.
    page('laporan-biaya-ban', 'laporan-biaya-ban', 'routes/admin/laporan-biaya-ban/list.tsx', menu('/admin/laporan-biaya-ban')),
    // Jatuh Tempo STNK & KIR: a list of the Laporan group; its print page and CSV below.
    page('jatuh-tempo', 'jatuh-tempo', 'routes/admin/jatuh-tempo/list.tsx', menu('/admin/jatuh-tempo')),
    page('akses-edit', 'akses/edit/:id', 'routes/admin/akses/edit.tsx', dialog('/admin/akses', 'update')),
    // Stok Ban: every tyre with its state and place; Terima dari vulkanisir over the list;
    // the tyre's history (Riwayat Ban) is a page of its own, hidden from the menu, opened by Show.
    page('ban', 'ban', 'routes/admin/ban/list.tsx', menu('/admin/ban'), [
      page('ban-terima-vulkanisir', ':id/terima-vulkanisir', 'routes/admin/ban/terima-vulkanisir.tsx', dialog('/admin/ban', 'update')),
    ]),
    page('ban-riwayat', 'ban/:id', 'routes/admin/ban/riwayat.tsx', menu('/admin/ban', 'show')),
    // Any other path under /admin: a 404 inside the shell.
    page('routes/admin/not-found', '*', 'routes/admin/not-found.tsx', SESSION),
  ]),
  // Print pages: no shell (their own layout). An invoice is what the row menu's Show opens (show);
  // its Cetak button needs print. The report's print page and the CSV downloads are printing (print).
  page('pembelian-detail', 'admin/pembelian-detail/:id', 'routes/print/faktur-pembelian.tsx', menu(PEMBELIAN, 'show')),
  page('pemasangan-detail', 'admin/pemasangan-detail/:id', 'routes/print/faktur-pemasangan.tsx', menu(PEMASANGAN, 'show')),
  page('pelepasan-detail', 'admin/pelepasan-detail/:id', 'routes/print/faktur-pelepasan.tsx', menu(PELEPASAN, 'show')),
  page(
    'laporan-pembelian-ban-cetak',
    'admin/laporan-pembelian-ban/cetak',
    'routes/print/laporan-pembelian.tsx',
    menu('/admin/laporan-pembelian-ban', 'print'),
  ),
  page(
    'laporan-biaya-ban-cetak',
    'admin/laporan-biaya-ban/cetak',
    'routes/print/laporan-biaya.tsx',
    menu('/admin/laporan-biaya-ban', 'print'),
  ),
  page('jatuh-tempo-cetak', 'admin/jatuh-tempo/cetak', 'routes/print/jatuh-tempo.tsx', menu('/admin/jatuh-tempo', 'print')),
  page('jatuh-tempo-csv', 'admin/jatuh-tempo/csv', 'routes/admin/jatuh-tempo/csv.tsx', menu('/admin/jatuh-tempo', 'print')),
  // QR labels of a purchase's tyres: printing on the purchase screen.
  page('label-ban', 'admin/label-ban/:id', 'routes/print/label-ban.tsx', menu('/admin/pembelian-ban', 'print')),
  // Stok Ban's CSV: the list's URL plus /csv, like the finance screens'.
  page('ban-csv', 'admin/ban/csv', 'routes/admin/ban/csv.tsx', menu('/admin/ban', 'print')),
  // CSV downloads of the finance screens: the list's URL plus /csv (resource routes, no shell).
  ...['inquery-pembelian-ban', 'inquery-pemasangan-ban', 'laporan-pembelian-ban', 'laporan-biaya-ban'].map((path) =>
    page(`${path}-csv`, `admin/${path}/csv`, 'routes/finance/csv.tsx', menu(`/admin/${path}`, 'print')),
  ),
  page('routes/not-found', '*', 'routes/not-found.tsx', PUBLIC),
]
