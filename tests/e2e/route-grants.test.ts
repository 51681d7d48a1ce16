/**
 * The route table walked (issue 17): for every route of app/route-table.ts (ids filled from the demo
 * data), plain HTTP against the built app —
 * - a user without any grant gets 403/404/405 on GET and POST under many spellings of the path
 *   (upper case, mixed case, %-escaped letters, //, /./, /x/../, a trailing slash, ;x);
 * - a user with only Select on every menu gets no write and none of the routes that need a permission;
 * - the admin (every grant) gets the page;
 * - the built app has no route outside the table (a route added without a declaration fails here).
 * The upstream is checked too: nothing the refused requests sent was stored.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import { MENU_CATALOGUE } from '../../api/menu-catalogue'
import { SIMPLE_MASTERS } from '../../app/lib/simple-master'
import { ROUTE_TABLE, type RouteAccess, type RouteEntry } from '../../app/route-table'
import { adminContext, expect, test, unique, upstream } from './fixtures'
import { createUser, loginAs, setGrants } from './master-support'
import { APP_URL } from './support'

type FlatRoute = { id: string; path: string; access: RouteAccess; index: boolean }

function flatten(entries: RouteEntry[], parent = ''): FlatRoute[] {
  return entries.flatMap((e) => {
    const path = e.index ? parent || '/' : `${parent}/${e.path}`.replace(/\/+/g, '/')
    return [{ id: e.id, path, access: e.access, index: !!e.index }, ...(e.children ? flatten(e.children, path) : [])]
  })
}
const ROUTES = flatten(ROUTE_TABLE)

/** The menu features of the access editor, by menu path (the catalogue's names). */
const FEATURE_BY_MENU: Record<string, string> = Object.fromEntries(MENU_CATALOGUE.map((m) => [m.route, m.nama]))

/** The api list each menu's `:id` comes from. */
const LIST_OF_MENU: Record<string, string> = {
  ...Object.fromEntries(Object.values(SIMPLE_MASTERS).map((m) => [`/admin/${m.path}`, `/api/${m.api}`])),
  '/admin/departemen': '/api/departemen',
  '/admin/perpanjangan-stnk': '/api/perpanjangan',
  '/admin/karyawan': '/api/karyawan',
  '/admin/user': '/api/user',
  '/admin/akses': '/api/user',
  '/admin/supplier': '/api/supplier',
  '/admin/jenis_kendaraan': '/api/jenis_kendaraan',
  '/admin/kendaraan': '/api/kendaraan',
  '/admin/stnk': '/api/stnk',
  '/admin/pembelian-ban': '/api/pembelian-ban',
  '/admin/inquery-pembelian-ban': '/api/pembelian-ban',
  '/admin/pemasangan-ban': '/api/pemasangan-ban',
  '/admin/inquery-pemasangan-ban': '/api/pemasangan-ban',
  '/admin/ban': '/api/ban',
  '/admin/pelepasan-ban': '/api/pelepasan-ban',
  '/admin/rotasi-ban': '/api/rotasi-ban',
  '/admin/pemeriksaan-ban': '/api/pemeriksaan-ban',
}

/** Unposted records made for this run: a purchase, and a fitting with one tyre (its detail id). */
let fitting: { id: number; kendaraanId: number; detailId: number }
let staged: { kendaraanId: number; detailId: number }
/** An unposted removal (its line) and a removal staged on the same vehicle. */
let removal: { id: number; kendaraanId: number; detailId: number; stagedId: number }
/** An unposted rotation (its move) and a move staged on the same vehicle. */
let rotation: { id: number; kendaraanId: number; detailId: number; stagedId: number }
/** An unposted inspection round and its vehicle. */
let inspection: { id: number; kendaraanId: number }
const firstIds: Record<string, number> = {}
/** A batch of each master's import, staged by the admin (its preview opens for the admin only). */
const imporIds: Record<string, number> = {}

async function makeRecords() {
  const api = await upstream()
  for (const [menu, list] of Object.entries(LIST_OF_MENU)) {
    const rows = (await api.get(list)).json as { id: number }[] | { data: { id: number }[] }
    const arr = Array.isArray(rows) ? rows : rows.data
    if (arr?.length) firstIds[menu] = arr[0]!.id
  }
  const k = await api.post('/api/kendaraan/add', { no_kabin: unique('RT').replace(/\s/g, ''), jenis_kendaraan_id: 1, km: 1000 })
  const kendaraanId = k.json.data.id as number
  const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]!
  const no_seri = unique('RTG').replace(/\s/g, '')
  const beli = await api.post('/api/pembelian-ban/add', { supplier_id: supplier.id, ban: [{ no_seri, harga: 1000 }] })
  firstIds['/admin/pembelian-ban'] = firstIds['/admin/inquery-pembelian-ban'] = beli.json.data.id as number
  const detail = await api.post('/api/pemasangan-ban/detail-ban', {
    kendaraan_id: kendaraanId,
    km_pemasangan: 1000,
    posisi_ban: '1A',
    no_seri,
  })
  const detailId = detail.json.data.id as number
  const pasang = await api.post(`/api/pemasangan-ban/add-pemasangan/${kendaraanId}`)
  fitting = { id: pasang.json.data.id as number, kendaraanId, detailId }
  // A tyre staged on another vehicle (the create screen's tyre delete).
  const k2 = await api.post('/api/kendaraan/add', { no_kabin: unique('RT').replace(/\s/g, ''), jenis_kendaraan_id: 1, km: 1000 })
  const seri2 = unique('RTG').replace(/\s/g, '')
  await api.post('/api/pembelian-ban/add', { supplier_id: supplier.id, ban: [{ no_seri: seri2, harga: 1000 }] })
  const staged2 = await api.post('/api/pemasangan-ban/detail-ban', {
    kendaraan_id: k2.json.data.id,
    km_pemasangan: 1000,
    posisi_ban: '1A',
    no_seri: seri2,
  })
  staged = { kendaraanId: k2.json.data.id as number, detailId: staged2.json.data.id as number }
  firstIds['/admin/pemasangan-ban'] = firstIds['/admin/inquery-pemasangan-ban'] = fitting.id
  removal = await makeRemoval(supplier.id)
  firstIds['/admin/pelepasan-ban'] = removal.id
  rotation = await makeRotation(supplier.id)
  firstIds['/admin/rotasi-ban'] = rotation.id
  // A claim not posted (the demo's Diajukan one): its edit and delete dialogs open.
  const klaim = ((await api.get('/api/klaim-ban')).json as { id: number; status: string }[]).find((k) => k.status === 'unpost')
  if (klaim) firstIds['/admin/klaim-ban'] = firstIds['/admin/inquery-klaim-ban'] = klaim.id
  // A renewal not posted (the demo seed's second): its edit and delete dialogs open.
  const renewals = ((await api.get('/api/perpanjangan')).json as { data: { id: number; status: string }[] }).data
  const renewal = renewals.find((p) => p.status === 'unpost')
  if (renewal) firstIds['/admin/perpanjangan-stnk'] = renewal.id
  inspection = await makeInspection(supplier.id)
  firstIds['/admin/pemeriksaan-ban'] = inspection.id
  // One row each, refused (an empty required cell), so nothing a test posts to the preview saves it.
  for (const jenis of ['ban', 'kendaraan', 'supplier', 'karyawan']) {
    const batch = await api.post(`/api/impor/${jenis}`, { rows: [{ baris: 2, catatan: 'x' }] })
    imporIds[jenis] = batch.json.data.id as number
  }
}

/** A vehicle with a tyre on 1A and an unposted inspection round of it. */
async function makeInspection(supplierId: number) {
  const api = await upstream()
  const k = await api.post('/api/kendaraan/add', { no_kabin: unique('PR').replace(/\s/g, ''), jenis_kendaraan_id: 1, km: 1000 })
  const kendaraanId = k.json.data.id as number
  const no_seri = unique('PRG').replace(/\s/g, '')
  await api.post('/api/pembelian-ban/add', { supplier_id: supplierId, ban: [{ no_seri, harga: 1000 }] })
  await api.post('/api/pemasangan-ban/detail-ban', { kendaraan_id: kendaraanId, km_pemasangan: 1000, posisi_ban: '1A', no_seri })
  await api.post(`/api/pemasangan-ban/add-pemasangan/${kendaraanId}`)
  const round = await api.post('/api/pemeriksaan-ban', {
    kendaraan_id: kendaraanId,
    km: 2000,
    detail: [{ posisi_ban: '1A', tebal_tapak: 10 }],
  })
  return { id: round.json.data.id as number, kendaraanId }
}

/** A vehicle with tyres on 1A and 1B: 1A moved to 2A in a rotation document, 1B's move to 2B staged. */
async function makeRotation(supplierId: number) {
  const api = await upstream()
  const k = await api.post('/api/kendaraan/add', { no_kabin: unique('RT').replace(/\s/g, ''), jenis_kendaraan_id: 1, km: 1000 })
  const kendaraanId = k.json.data.id as number
  const seri = [unique('RTR'), unique('RTR')].map((s) => s.replace(/\s/g, ''))
  await api.post('/api/pembelian-ban/add', { supplier_id: supplierId, ban: seri.map((no_seri) => ({ no_seri, harga: 1000 })) })
  for (const [i, posisi_ban] of ['1A', '1B'].entries()) {
    await api.post('/api/pemasangan-ban/detail-ban', { kendaraan_id: kendaraanId, km_pemasangan: 1000, posisi_ban, no_seri: seri[i] })
  }
  await api.post(`/api/pemasangan-ban/add-pemasangan/${kendaraanId}`)
  const pindah = (posisi_asal: string, posisi_tujuan: string) =>
    api.post('/api/rotasi-ban/detail-ban', { kendaraan_id: kendaraanId, posisi_asal, posisi_tujuan, km: 2000 })
  const detailId = (await pindah('1A', '2A')).json.data.id as number
  const doc = await api.post(`/api/rotasi-ban/add-rotasi/${kendaraanId}`)
  const stagedId = (await pindah('1B', '2B')).json.data.id as number
  return { id: doc.json.data.id as number, kendaraanId, detailId, stagedId }
}

/** A vehicle with tyres on 1A and 1B: 1A taken off in a removal document, 1B's removal staged. */
async function makeRemoval(supplierId: number) {
  const api = await upstream()
  const k = await api.post('/api/kendaraan/add', { no_kabin: unique('RT').replace(/\s/g, ''), jenis_kendaraan_id: 1, km: 1000 })
  const kendaraanId = k.json.data.id as number
  const seri = [unique('RTL'), unique('RTL')].map((s) => s.replace(/\s/g, ''))
  await api.post('/api/pembelian-ban/add', { supplier_id: supplierId, ban: seri.map((no_seri) => ({ no_seri, harga: 1000 })) })
  for (const [i, posisi_ban] of ['1A', '1B'].entries()) {
    await api.post('/api/pemasangan-ban/detail-ban', { kendaraan_id: kendaraanId, km_pemasangan: 1000, posisi_ban, no_seri: seri[i] })
  }
  await api.post(`/api/pemasangan-ban/add-pemasangan/${kendaraanId}`)
  const lepas = (posisi_ban: string) =>
    api.post('/api/pelepasan-ban/detail-ban', {
      kendaraan_id: kendaraanId,
      posisi_ban,
      km_pelepasan: 2000,
      alasan: 'Habis',
      tujuan: 'stok',
    })
  const detailId = (await lepas('1A')).json.data.id as number
  const doc = await api.post(`/api/pelepasan-ban/add-pelepasan/${kendaraanId}`)
  const stagedId = (await lepas('1B')).json.data.id as number
  return { id: doc.json.data.id as number, kendaraanId, detailId, stagedId }
}

/** The route's path with its parameters filled from the demo data (and the records made above). */
function pathOf(r: FlatRoute): string {
  const menus = r.access.kind === 'menu' ? r.access.menus : []
  let path = r.path
  if (r.id.startsWith('create-pemasangan-ban')) path = path.replace(':detailId', String(staged.detailId))
  if (r.id.startsWith('edit-pemasangan-ban')) path = path.replace(':id', String(fitting.id)).replace(':detailId', String(fitting.detailId))
  if (r.id.startsWith('create-pelepasan-ban')) path = path.replace(':detailId', String(removal.stagedId))
  if (r.id.startsWith('edit-pelepasan-ban')) path = path.replace(':id', String(removal.id)).replace(':detailId', String(removal.detailId))
  if (r.id.startsWith('create-rotasi-ban')) path = path.replace(':detailId', String(rotation.stagedId))
  if (r.id.startsWith('edit-rotasi-ban')) path = path.replace(':id', String(rotation.id)).replace(':detailId', String(rotation.detailId))
  if (r.id.endsWith('-impor-pratinjau')) path = path.replace(':id', String(imporIds[r.id.replace(/-impor-pratinjau$/, '')]))
  path = path
    .replace(':id', String(firstIds[menus[0] ?? ''] ?? 1))
    .replace(':posisi', '1A')
    .replace(':detailId', String(fitting.detailId))
    .replace(':name', 'tidak-ada.png')
    .replace(/\*$/, 'tidak-ada')
  if (r.id.startsWith('create-pemasangan-ban')) path += `?kendaraan_id=${staged.kendaraanId}`
  if (r.id.startsWith('create-pelepasan-ban')) path += `?kendaraan_id=${removal.kendaraanId}`
  if (r.id.startsWith('create-rotasi-ban')) path += `?kendaraan_id=${rotation.kendaraanId}`
  if (r.id.startsWith('create-pemeriksaan-ban')) path += `?kendaraan_id=${inspection.kendaraanId}`
  return path
}

/** The same path spelled in the ways a guard reading URL text would miss. */
function spellings(path: string): string[] {
  const [p, query = ''] = path.split('?')
  const q = query ? `?${query}` : ''
  const segs = p!.split('/').filter(Boolean)
  const at = segs.length > 1 ? 1 : 0
  const with_ = (i: number, seg: string) => `/${segs.map((s, j) => (j === i ? seg : s)).join('/')}${q}`
  const first = segs[at]!
  const escaped = /[a-z]/.test(first) ? first.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`) : first
  return [
    path,
    p!.toUpperCase() + q,
    `/${segs.map((s) => s.charAt(0).toUpperCase() + s.slice(1)).join('/')}${q}`,
    with_(at, escaped),
    with_(at, first.toUpperCase()),
    `/${segs.slice(0, at).join('/')}//${segs.slice(at).join('/')}${q}`.replace(/^\/\//, '//'),
    `/${segs.slice(0, at).join('/')}/./${segs.slice(at).join('/')}${q}`,
    `/${segs.slice(0, at).join('/')}/x/../${segs.slice(at).join('/')}${q}`,
    `${p}/${q}`,
    with_(at, `${first};x`),
  ].map((s) => s.replace(/^\/+\./, '/.'))
}

const REFUSED = [403, 404, 405]
const SAME_ORIGIN = { Origin: APP_URL }

async function contextOf(browser: Browser, signIn: (page: Page) => Promise<void>): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL: APP_URL, javaScriptEnabled: false })
  await signIn(await context.newPage())
  return context.request
}

let tanpa: APIRequestContext
let selectOnly: APIRequestContext
let admin: APIRequestContext

test.beforeAll(async ({ browser, adminState }) => {
  test.setTimeout(60_000)
  await makeRecords()
  const none = await createUser('tanpa')
  const select = await createUser('select')
  await setGrants(select.user.id, Object.fromEntries(Object.values(FEATURE_BY_MENU).map((f) => [f, []])))
  tanpa = await contextOf(browser, (page) => loginAs(page, none.user.kode_user, none.password))
  selectOnly = await contextOf(browser, (page) => loginAs(page, select.user.kode_user, select.password))
  admin = (await adminContext(browser, adminState, { javaScriptEnabled: false })).request
})

test('every route of the built app is in the route table, and every entry declares its access', async () => {
  // The browser manifest of the production build lists every route Remix serves.
  const dir = 'build/client/assets'
  const file = readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f))
  expect(file, 'the build is there').toBeTruthy()
  const manifest = readFileSync(`${dir}/${file}`, 'utf8')
  const routesPart = manifest.slice(manifest.indexOf('"routes"'))
  const built = [...new Set([...routesPart.matchAll(/"id":"([^"]+)"/g)].map((m) => m[1]))]
  expect(built.sort()).toEqual(['root', ...ROUTES.map((r) => r.id)].sort())
  for (const r of ROUTES) expect(['public', 'session', 'menu'], r.id).toContain(r.access.kind)
})

const menuRoutes = ROUTES.filter((r) => r.access.kind === 'menu')

for (const route of menuRoutes) {
  test(`${route.id}: no grant → refused on GET and POST under every spelling`, async () => {
    for (const path of spellings(pathOf(route))) {
      const get = await tanpa.get(path, { maxRedirects: 0 })
      expect(REFUSED, `GET ${path} → ${get.status()}`).toContain(get.status())
      const post = await tanpa.post(path, { form: { intent: 'posting', id: '1', nama: 'x' }, headers: SAME_ORIGIN, maxRedirects: 0 })
      expect(REFUSED, `POST ${path} → ${post.status()}`).toContain(post.status())
    }
  })
}

for (const route of menuRoutes) {
  const access = route.access as Extract<RouteAccess, { kind: 'menu' }>
  const writes = !!access.write
  const needsPerm = !!access.read
  test(`${route.id}: Select only → ${needsPerm ? 'refused' : 'opens'}${writes ? ', no write' : ''}`, async () => {
    const path = pathOf(route)
    const get = await selectOnly.get(path, { maxRedirects: 0 })
    if (needsPerm) expect(get.status(), `GET ${path}`).toBe(403)
    else expect(get.status(), `GET ${path}`).toBe(200)
    // A list's action takes only its row-menu intents (posting, unpost); a form's any submission.
    const intents = access.write === 'intent' ? ['posting', 'unpost'] : ['posting', 'unpost', 'hapus', 'simpan', 'save']
    for (const intent of intents) {
      const post = await selectOnly.post(path, {
        form: { intent, id: String(firstIds[access.menus[0]!] ?? 1), nama: 'x' },
        headers: SAME_ORIGIN,
        maxRedirects: 0,
      })
      expect(REFUSED, `POST ${path} intent=${intent} → ${post.status()}`).toContain(post.status())
    }
  })
}

// Pages a logged-in user opens (the public ones, /admin and logout redirect a logged-in user; an upload needs a file).
const SESSION_PAGES = ['routes/admin/dashboard', 'routes/admin/profile']
for (const route of ROUTES.filter((r) => r.access.kind === 'menu' || SESSION_PAGES.includes(r.id))) {
  test(`${route.id}: the admin (every grant) gets the page`, async () => {
    const path = pathOf(route)
    const res = await admin.get(path, { maxRedirects: 0 })
    expect(res.status(), `GET ${path}`).toBe(200)
  })
}

test('nothing the refused writes sent reached the upstream', async () => {
  const api = await upstream()
  const deps = (await api.get('/api/departemen')).json as { nama: string }[]
  expect(deps.some((d) => d.nama === 'x')).toBe(false)
  const pembelian = (await api.get(`/api/pembelian-ban`)).json as { id: number; status: string | null }[]
  expect(pembelian.find((p) => p.id === firstIds['/admin/pembelian-ban'])?.status ?? null).not.toBe('posting')
})
