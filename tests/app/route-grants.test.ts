/**
 * The route table walked: for every route of app/route-table.ts (ids filled from the demo
 * data), plain HTTP against the built app (the `app` project's server, tests/app/server-setup.ts) —
 * - a user without any grant gets 403/404/405 on GET and POST under many spellings of the path
 *   (upper case, mixed case, %-escaped letters, //, /./, /x/../, a trailing slash, ;x);
 * - a user with only Select on every menu gets no write and none of the routes that need a permission;
 * - the admin (every grant) gets the page;
 * - the built app has no route outside the table (a route added without a declaration fails here).
 * The upstream is checked too: nothing the refused requests sent was stored.
 * The routes' tests run side by side (the project's maxConcurrency); each makes its requests in turn.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { beforeAll, expect, test } from 'vitest'
import { MENU_CATALOGUE } from '../../api/menu-catalogue'
import { SIMPLE_MASTERS } from '../../app/lib/simple-master'
import { ROUTE_TABLE, type RouteAccess, type RouteEntry } from '../../app/route-table'
import { DOCUMENT_SCREENS, type Rec } from './document-records'
import { ADMIN, loginAs, SAME_ORIGIN, type Client } from './http'
import { createUser, setGrants, unique, upstream } from './upstream'

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
  '/admin/km-kendaraan': '/api/kendaraan',
  '/admin/item-servis': '/api/item-servis',
  '/admin/karyawan': '/api/karyawan',
  '/admin/user': '/api/user',
  '/admin/akses': '/api/user',
  '/admin/supplier': '/api/supplier',
  '/admin/jenis_kendaraan': '/api/jenis_kendaraan',
  '/admin/kendaraan': '/api/kendaraan',
  '/admin/stnk': '/api/stnk',
  '/admin/pembelian-ban': '/api/pembelian-ban',
  '/admin/inquery-pembelian-ban': '/api/pembelian-ban',
  '/admin/ban': '/api/ban',
  // The parts store: a part (its Kartu Stok too) and a purchase.
  '/admin/suku-cadang': '/api/suku-cadang',
  '/admin/stok-suku-cadang': '/api/suku-cadang',
  '/admin/pembelian-suku-cadang': '/api/pembelian-suku-cadang',
  '/admin/inquery-pembelian-suku-cadang': '/api/pembelian-suku-cadang',
  // An unposted work order of the demo seed: its edit and delete dialogs open.
  '/admin/perintah-kerja': '/api/perintah-kerja?status=unpost',
  '/admin/inquery-perintah-kerja': '/api/perintah-kerja?status=unpost',
}

/** Each document screen's records (document-records.ts): an unposted document (a line of it) and a staged line, by segment. */
const documents: Record<
  string,
  { document: Rec & { vars: { kendaraan: string; line?: string } }; staged: (Rec & { vars: { kendaraan: string } }) | null }
> = {}
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
  const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]!
  const beli = await api.post('/api/pembelian-ban/add', {
    supplier_id: supplier.id,
    ban: [{ no_seri: unique('RTG').replace(/\s/g, ''), harga: 1000 }],
  })
  firstIds['/admin/pembelian-ban'] = firstIds['/admin/inquery-pembelian-ban'] = beli.json.data.id as number
  // The document screens' records; a document's id opens its list's dialogs and those of the menus of its edit screen.
  for (const { segment, screen, routes, records } of DOCUMENT_SCREENS) {
    const document = await records.document()
    documents[segment] = { document, staged: records.staged ? await records.staged() : null }
    for (const m of [screen.path, ...('editMenus' in routes ? routes.editMenus : [])]) firstIds[m] = document.id
  }
  // A claim not posted (the demo's Diajukan one): its edit and delete dialogs open.
  const klaim = ((await api.get('/api/klaim-ban')).json as { id: number; status: string }[]).find((k) => k.status === 'unpost')
  if (klaim) firstIds['/admin/klaim-ban'] = firstIds['/admin/inquery-klaim-ban'] = klaim.id
  // A renewal not posted (the demo seed's second): its edit and delete dialogs open.
  const renewals = ((await api.get('/api/perpanjangan')).json as { data: { id: number; status: string }[] }).data
  const renewal = renewals.find((p) => p.status === 'unpost')
  if (renewal) firstIds['/admin/perpanjangan-stnk'] = renewal.id
  // One row each, refused (an empty required cell), so nothing a test posts to the preview saves it.
  for (const jenis of ['ban', 'kendaraan', 'supplier', 'karyawan']) await stageImpor(jenis)
}

/**
 * Stages the admin's batch of a master (one row, refused: an empty required cell) as its preview's id.
 * A user keeps only the newest few unsaved batches of a master, and the battery stages the admin's
 * meanwhile: the admin's own page test stages a fresh one just before it opens it.
 */
async function stageImpor(jenis: string) {
  const batch = await (await upstream()).post(`/api/impor/${jenis}`, { rows: [{ baris: 2, catatan: 'x' }] })
  expect(batch.status, `POST /api/impor/${jenis}`).toBe(201)
  imporIds[jenis] = batch.json.data.id as number
}

/** The route's path with its parameters filled from the demo data (and the records made above). */
function pathOf(r: FlatRoute): string {
  const menus = r.access.kind === 'menu' ? r.access.menus : []
  let path = r.path
  // A document's create screen: its staged line on its vehicle; its edit screen: the document and its line.
  const doc = Object.entries(documents).find(([segment]) => r.id.startsWith(`create-${segment}`) || r.id.startsWith(`edit-${segment}`))
  let query = ''
  if (doc) {
    const [segment, { document, staged }] = doc
    if (r.id.startsWith(`create-${segment}`)) {
      path = path.replace(':detailId', String(staged?.id ?? 1))
      query = `?kendaraan_id=${staged?.vars.kendaraan ?? document.vars.kendaraan}`
    } else path = path.replace(':id', String(document.id)).replace(':detailId', document.vars.line ?? '1')
  }
  // A staged batch's preview and its refused rows' download: the admin's batch of that master.
  const impor = /-impor-(pratinjau|ditolak)$/.exec(r.id)
  if (impor) path = path.replace(':id', String(imporIds[r.id.slice(0, impor.index)]))
  path = path
    .replace(':id', String(firstIds[menus[0] ?? ''] ?? 1))
    .replace(':posisi', '1A')
    .replace(':name', 'tidak-ada.png')
    .replace(/\*$/, 'tidak-ada')
  return path + query
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

let tanpa: Client
let selectOnly: Client
let admin: Client

beforeAll(async () => {
  await makeRecords()
  const none = await createUser('tanpa')
  const select = await createUser('select')
  await setGrants(select.user.id, Object.fromEntries(Object.values(FEATURE_BY_MENU).map((f) => [f, []])))
  ;[tanpa, selectOnly, admin] = await Promise.all([
    loginAs(none.user.kode_user, none.password),
    loginAs(select.user.kode_user, select.password),
    loginAs(ADMIN.kode_user, ADMIN.password),
  ])
}, 120_000)

test('every route of the built app is in the route table, and every entry declares its access', () => {
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

test.concurrent.for(menuRoutes.map((r) => [r.id, r] as const))(
  '%s: no grant → refused on GET and POST under every spelling',
  async ([, route]) => {
    for (const path of spellings(pathOf(route))) {
      const get = await tanpa.get(path)
      expect(REFUSED, `GET ${path} → ${get.status}`).toContain(get.status)
      const post = await tanpa.post(path, { form: { intent: 'posting', id: '1', nama: 'x' }, headers: SAME_ORIGIN })
      expect(REFUSED, `POST ${path} → ${post.status}`).toContain(post.status)
    }
  },
)

const selectCases = menuRoutes.map((route) => {
  const access = route.access as Extract<RouteAccess, { kind: 'menu' }>
  return [route.id, `${access.read ? 'refused' : 'opens'}${access.write ? ', no write' : ''}`, route, access] as const
})
test.concurrent.for(selectCases)('%s: Select only → %s', async ([, , route, access]) => {
  const needsPerm = !!access.read
  const path = pathOf(route)
  const get = await selectOnly.get(path)
  if (needsPerm) expect(get.status, `GET ${path}`).toBe(403)
  else expect(get.status, `GET ${path}`).toBe(200)
  // A list's action takes only its row-menu intents (posting, unpost); a form's any submission.
  const intents = access.write === 'intent' ? ['posting', 'unpost'] : ['posting', 'unpost', 'hapus', 'simpan', 'save']
  for (const intent of intents) {
    const post = await selectOnly.post(path, {
      form: { intent, id: String(firstIds[access.menus[0]!] ?? 1), nama: 'x' },
      headers: SAME_ORIGIN,
    })
    expect(REFUSED, `POST ${path} intent=${intent} → ${post.status}`).toContain(post.status)
  }
})

// Pages a logged-in user opens (the public ones, /admin and logout redirect a logged-in user; an upload needs a file).
const SESSION_PAGES = ['routes/admin/dashboard', 'routes/admin/profile']
test.concurrent.for(ROUTES.filter((r) => r.access.kind === 'menu' || SESSION_PAGES.includes(r.id)).map((r) => [r.id, r] as const))(
  '%s: the admin (every grant) gets the page',
  async ([, route]) => {
    const impor = /-impor-(pratinjau|ditolak)$/.exec(route.id)
    if (impor) await stageImpor(route.id.slice(0, impor.index))
    const path = pathOf(route)
    const res = await admin.get(path)
    expect(res.status, `GET ${path}`).toBe(200)
  },
)

// After every test above (a test that is not concurrent waits for the ones before it).
test('nothing the refused writes sent reached the upstream', async () => {
  const api = await upstream()
  const deps = (await api.get('/api/departemen')).json as { nama: string }[]
  expect(deps.some((d) => d.nama === 'x')).toBe(false)
  const pembelian = (await api.get(`/api/pembelian-ban`)).json as { id: number; status: string | null }[]
  expect(pembelian.find((p) => p.id === firstIds['/admin/pembelian-ban'])?.status ?? null).not.toBe('posting')
})

// Each screen with only its own menu's Select (no other menu): its page opens whole. A screen that
// reads another master's list (a filter's choices, a lookup) needs the api to let its users read it.
test('each menu alone (Select on it, on no other) opens its screen without a load failure', async () => {
  const { user, password } = await createUser('satu')
  const c = await loginAs(user.kode_user, password)
  const failed: string[] = []
  for (const { route, nama } of MENU_CATALOGUE) {
    await setGrants(user.id, { [nama]: [] })
    const res = await c.get(route)
    if (res.status !== 200 || res.text.includes('Gagal memuat data')) failed.push(`${route} → ${res.status}`)
  }
  expect(failed).toEqual([])
}, 120_000)
