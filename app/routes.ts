import { index, route, type RouteConfig, type RouteConfigEntry } from '@remix-run/route-config'

/**
 * A list screen with its dialog routes (DESIGN §3): …/tambah, …/:id/edit, …/:id/hapus
 * (and …/:id for a detail dialog when the screen has one). `id` makes the route ids unique when one
 * screen is mounted at two paths (Departemen at /admin/perpanjangan-stnk).
 */
function listScreen(
  path: string,
  dir: string,
  opts: { id?: string; detail?: boolean; form?: boolean } = {},
): RouteConfigEntry {
  const id = opts.id ?? path
  const children: RouteConfigEntry[] = []
  if (opts.form !== false) {
    children.push(route('tambah', `${dir}/form.tsx`, { id: `${id}-tambah` }))
    children.push(route(':id/edit', `${dir}/form.tsx`, { id: `${id}-edit` }))
  }
  children.push(route(':id/hapus', `${dir}/hapus.tsx`, { id: `${id}-hapus` }))
  if (opts.detail) children.push(route(':id', `${dir}/detail.tsx`, { id: `${id}-detail` }))
  return route(path, `${dir}/list.tsx`, { id }, children)
}

/** An inquiry: its list, its dialogs, and the Posting semua / Unpost semua confirmations (issue 10.4). */
function financeScreen(path: string, file: string, dialogs: RouteConfigEntry[]): RouteConfigEntry {
  return route(path, file, { id: path }, [
    ...dialogs,
    route('posting-semua', 'routes/admin/finance/bulk.tsx', { id: `${path}-posting-semua` }),
    route('unpost-semua', 'routes/admin/finance/bulk.tsx', { id: `${path}-unpost-semua` }),
  ])
}

/** A fitting screen (create or edit) with its position dialog and its tyre-delete confirmation. */
function fittingScreen(path: string, id: string): RouteConfigEntry[] {
  const dir = 'routes/admin/pemasangan-ban'
  return [
    route(path, `${dir}/screen.tsx`, { id }, [
      route('posisi/:posisi', `${dir}/posisi.tsx`, { id: `${id}-posisi` }),
      route('detail/:detailId/hapus', `${dir}/hapus-detail.tsx`, { id: `${id}-hapus-detail` }),
    ]),
  ]
}

export default [
  index('routes/index.tsx'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('uploads/:name', 'routes/uploads.tsx'),
  route('keepalive', 'routes/keepalive.tsx'),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/index.tsx'),
    route('dashboard', 'routes/admin/dashboard.tsx'),
    route('users', 'routes/admin/users.tsx'),
    route('logout', 'routes/admin/logout.tsx'),
    listScreen('departemen', 'routes/admin/departemen'),
    listScreen('perpanjangan-stnk', 'routes/admin/departemen', { id: 'perpanjangan-stnk' }),
    listScreen('supplier', 'routes/admin/supplier', { detail: true }),
    // The simple master screens share one set of routes (app/lib/simple-master.ts has their configuration).
    ...['ukuran', 'merek', 'golongan', 'typban'].map((path) => listScreen(path, 'routes/admin/simple-master')),
    listScreen('jenis_kendaraan', 'routes/admin/jenis-kendaraan'),
    listScreen('kendaraan', 'routes/admin/kendaraan', { detail: true }),
    listScreen('stnk', 'routes/admin/stnk', { detail: true }),
    listScreen('pembelian-ban', 'routes/admin/pembelian-ban'),
    // Pemasangan Ban (issue 9): the list with its vehicle picker and delete dialog; the create form
    // (?kendaraan_id=) and the edit screen share one screen with their position and tyre-delete dialogs.
    route('pemasangan-ban', 'routes/admin/pemasangan-ban/list.tsx', { id: 'pemasangan-ban' }, [
      route('tambah', 'routes/admin/pemasangan-ban/pilih-kendaraan.tsx', { id: 'pemasangan-ban-tambah' }),
      route(':id/hapus', 'routes/admin/pemasangan-ban/hapus.tsx', { id: 'pemasangan-ban-hapus' }),
    ]),
    ...fittingScreen('create-pemasangan-ban', 'create-pemasangan-ban'),
    ...fittingScreen('inquery-pemasangan-ban/edit/:id', 'edit-pemasangan-ban'),
    listScreen('karyawan', 'routes/admin/karyawan', { detail: true }),
    // User: add and delete only (spec 000 §2: the only row action is delete).
    route('user', 'routes/admin/user/list.tsx', { id: 'user' }, [
      route('tambah', 'routes/admin/user/form.tsx', { id: 'user-tambah' }),
      route(':id/hapus', 'routes/admin/user/hapus.tsx', { id: 'user-hapus' }),
    ]),
    route('akses', 'routes/admin/akses/list.tsx', { id: 'akses' }),
    // Finance (spec 001 §2, issue 10): the inquiries reuse the purchase dialogs and share the bulk confirmation.
    financeScreen('inquery-pembelian-ban', 'routes/admin/inquery-pembelian-ban/list.tsx', [
      route(':id/edit', 'routes/admin/pembelian-ban/form.tsx', { id: 'inquery-pembelian-ban-edit' }),
      route(':id/hapus', 'routes/admin/pembelian-ban/hapus.tsx', { id: 'inquery-pembelian-ban-hapus' }),
    ]),
    financeScreen('inquery-pemasangan-ban', 'routes/admin/inquery-pemasangan-ban/list.tsx', [
      route(':id/hapus', 'routes/admin/pemasangan-ban/hapus.tsx', { id: 'inquery-pemasangan-ban-hapus' }),
    ]),
    route('laporan-pembelian-ban', 'routes/admin/laporan-pembelian-ban/list.tsx', { id: 'laporan-pembelian-ban' }),
    route('akses/edit/:id', 'routes/admin/akses/edit.tsx', { id: 'akses-edit' }),
    route('*', 'routes/admin/not-ready.tsx'),
  ]),
  // Print pages: no shell (their own layout), still behind the session and the grants.
  route('admin/pembelian-detail/:id', 'routes/print/faktur-pembelian.tsx'),
  route('admin/laporan-pembelian-ban/cetak', 'routes/print/laporan-pembelian.tsx'),
  // CSV downloads of the finance screens: the list's URL plus /csv (resource routes, no shell).
  ...['inquery-pembelian-ban', 'inquery-pemasangan-ban', 'laporan-pembelian-ban'].map((path) =>
    route(`admin/${path}/csv`, 'routes/finance/csv.tsx', { id: `${path}-csv` }),
  ),
  route('admin/pemasangan-detail/:id', 'routes/print/faktur-pemasangan.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
