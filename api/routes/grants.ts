import { either, isOpenGrant, lines, lookup, may, open, read, type RouteGrant } from '../grants.ts'
import { DOCUMENT_LIST } from '../documents.ts'
import { EXTENSION_ROUTES, type ExtensionRoutes } from './transaksi.ts'
import { KM_KENDARAAN_EXTENSION } from './km-kendaraan.ts'
import { JADWAL_SERVIS_EXTENSION } from './jadwal-servis.ts'
import { BIAYA_KENDARAAN_EXTENSION } from './biaya-kendaraan.ts'
import { PERINTAH_KERJA_EXTENSION } from './perintah-kerja.ts'
import { PEMASANGAN_LINES } from './transaksi/pemasangan.ts'
import { SIMPLE_ENTITY_LIST } from '../simple-entities.ts'

/**
 * Which grant every /api route needs: the menu (the access editor's catalogue route,
 * api/menu-catalogue.ts) and the permission, keyed by `METHOD path` exactly as the route is
 * registered. The middleware in api/grants.ts reads this table; a route missing here is refused
 * (403), and tests/api/grants.test.ts fails for a registered route without an entry.
 *
 * - A read needs Select (`active`) on any one of the menus whose screen uses it: a lookup list (the
 *   suppliers of the purchase form, the drivers of the vehicle form …) names every such menu.
 * - A write needs its permission (create, update, delete, posting …) on the menu whose screen does it.
 * - Several alternatives: any one suffices (posting a purchase from its list needs `posting`, from
 *   the inquiry's "Posting semua" `posting_all`).
 */

const DEPARTEMEN = '/admin/departemen'
const KARYAWAN = '/admin/karyawan'
const USER = '/admin/user'
const AKSES = '/admin/akses'
const SUPPLIER = '/admin/supplier'
const JENIS_KENDARAAN = '/admin/jenis_kendaraan'
const KENDARAAN = '/admin/kendaraan'
const STNK = '/admin/stnk'
const PEMASANGAN = '/admin/pemasangan-ban'
const PEMBELIAN = '/admin/pembelian-ban'
const INQUERY_PEMBELIAN = '/admin/inquery-pembelian-ban'
const INQUERY_PEMASANGAN = '/admin/inquery-pemasangan-ban'
const LAPORAN_PEMBELIAN = '/admin/laporan-pembelian-ban'
const STOK_BAN = '/admin/ban'
/** Jatuh Tempo STNK & KIR: reads the vehicles' and the STNK records' expiry dates. */
const JATUH_TEMPO = '/admin/jatuh-tempo'

/** A master resource's four calls: list, add, update, delete. */
function resource(path: string, menu: string, readers: readonly string[] = []): Record<string, RouteGrant> {
  return {
    [`GET /api/${path}`]: read(menu, ...readers),
    [`POST /api/${path}/add`]: may('create', menu),
    [`POST /api/${path}/:id/update`]: may('update', menu),
    [`DELETE /api/${path}/:id`]: may('delete', menu),
  }
}

/** The simple masters' calls (api/simple-entities.ts): each on its own menu, its list also read by its readers' screens. */
const simpleResources = (): Record<string, RouteGrant> =>
  Object.assign({}, ...SIMPLE_ENTITY_LIST.map(([path, e]) => resource(path, e.menu, e.readers)))

const SPEC_GRANTS: Record<string, RouteGrant> = {
  // ---- session -----------------------------------------------------------------------------------
  'POST /api/login': open('logging in (no token yet)'),
  'POST /api/logout': open('ending one’s own token'),
  'GET /api/me': open('one’s own user'),
  'GET /api/fitur': open('which extensions of the spec this api offers'),
  // Own password and contact: the token's own user only.
  'POST /api/password': open('changing one’s own password'),
  'POST /api/profil': open('one’s own telephone and address'),

  // ---- master data ---------------------------------------------------------------------------------
  // Departemen: its own screen; the list is a lookup of the Karyawan and Supplier forms.
  'GET /api/departemen': read(DEPARTEMEN, KARYAWAN, SUPPLIER),
  'GET /api/departemen/:id': read(DEPARTEMEN, KARYAWAN, SUPPLIER),
  'POST /api/departemen': may('create', DEPARTEMEN),
  'PUT /api/departemen/:id': may('update', DEPARTEMEN),
  'DELETE /api/departemen/:id': may('delete', DEPARTEMEN),

  // Karyawan: a lookup of the User form (id, code, name, and the telp / alamat it copies; never the
  // KTP, SIM, bank account or photos).
  ...resource('karyawan', KARYAWAN, [USER]),
  // ... and of the claim form (the employee responsible).
  'GET /api/karyawan': lookup(KARYAWAN, USER),

  // User: add and delete on its screen (plus the older add/rename); the list is the drivers of the Kendaraan form.
  'GET /api/user': lookup(USER, KENDARAAN),
  'POST /api/user/add': may('create', USER),
  'POST /api/user': may('create', USER),
  'PUT /api/user/:id': may('update', USER),
  'DELETE /api/user/:id': may('delete', USER),

  // Hak akses: reading one's own grants is open (the app learns them so on every request; the
  // middleware lets the token's own id through); anyone else's needs Select; every change `update`.
  'GET /api/akses': read(AKSES),
  'GET /api/akses/:id/edit': { anyOf: [{ menus: [AKSES], perm: null }], ownUserParam: 'id' },
  'POST /api/akses/:id/update': may('update', AKSES),

  // Supplier: a lookup of the purchase form (also opened from the inquiry) and of Stok Ban.
  ...resource('supplier', SUPPLIER, [PEMBELIAN, INQUERY_PEMBELIAN, STOK_BAN]),
  // The supplier lookups (purchase form: name and address; Stok Ban's retreaders: the name) never
  // carry the bank account, NPWP or contacts.
  'GET /api/supplier': lookup(SUPPLIER, PEMBELIAN, INQUERY_PEMBELIAN, STOK_BAN),
  // Ukuran, merek, type ban (lookups of the purchase form), golongan (of the Kendaraan form) …: the
  // simple masters, each with its menu and readers in api/simple-entities.ts.
  ...simpleResources(),
  // Jenis kendaraan: a lookup of the Kendaraan and STNK forms.
  ...resource('jenis_kendaraan', JENIS_KENDARAAN, [KENDARAAN, STNK]),
  // Kendaraan: the vehicles of the STNK form and of the pemasangan screens (vehicle picker, diagram).
  ...resource('kendaraan', KENDARAAN, [STNK, PEMASANGAN, INQUERY_PEMASANGAN, JATUH_TEMPO]),
  'GET /api/kendaraan/:id/show': read(KENDARAAN, PEMASANGAN, INQUERY_PEMASANGAN),

  // ---- transaksi -----------------------------------------------------------------------------------
  ...resource('stnk', STNK, [JATUH_TEMPO]),

  // Tyres in stock: the position dialog of both pemasangan screens.
  'GET /api/ban': read(PEMASANGAN, INQUERY_PEMASANGAN, STOK_BAN),

  // Purchases: the list and its dialogs, which the purchase inquiry reuses (edit, delete, invoice).
  'GET /api/pembelian-ban': read(PEMBELIAN, INQUERY_PEMBELIAN),
  'POST /api/pembelian-ban/add': may('create', PEMBELIAN),
  'POST /api/pembelian-ban/:id/update': may('update', PEMBELIAN, INQUERY_PEMBELIAN),
  'DELETE /api/pembelian-ban/:id': may('delete', PEMBELIAN, INQUERY_PEMBELIAN),
  'GET /api/detail-pembelian/:id': read(PEMBELIAN, INQUERY_PEMBELIAN),
  'POST /api/inquery-pembelian/:id/posting': either(may('posting', PEMBELIAN, INQUERY_PEMBELIAN), may('posting_all', INQUERY_PEMBELIAN)),
  'POST /api/inquery-pembelian/:id/unpost': either(may('unpost', PEMBELIAN, INQUERY_PEMBELIAN), may('unpost_all', INQUERY_PEMBELIAN)),
  'POST /api/inquery-pembelian-ban/:id/posting': either(
    may('posting', PEMBELIAN, INQUERY_PEMBELIAN),
    may('posting_all', INQUERY_PEMBELIAN),
  ),
  'POST /api/inquery-pembelian-ban/:id/unpost': either(may('unpost', PEMBELIAN, INQUERY_PEMBELIAN), may('unpost_all', INQUERY_PEMBELIAN)),
  'GET /api/inquery-pembelian-ban': read(INQUERY_PEMBELIAN),
  'GET /api/laporan-pembelian-ban': read(LAPORAN_PEMBELIAN),

  // Pemasangan: the list, the create screen (staging by vehicle), and the edit screen that both the
  // list's Update and the pemasangan inquiry open (it also shows the vehicle's other pemasangan).
  'GET /api/pemasangan-ban': read(PEMASANGAN, INQUERY_PEMASANGAN),
  'DELETE /api/pemasangan-ban/:id': may('delete', PEMASANGAN, INQUERY_PEMASANGAN),
  'GET /api/pemasangan-ban/detail-list-ban/:kendaraanId': read(PEMASANGAN, INQUERY_PEMASANGAN),
  'POST /api/pemasangan-ban/detail-ban': may('create', PEMASANGAN),
  'DELETE /api/pemasangan-ban/delete-detail-ban/:id': lines(PEMASANGAN_LINES.staged, PEMASANGAN_LINES.registered),
  'POST /api/pemasangan-ban/add-pemasangan/:kendaraanId': may('create', PEMASANGAN),
  'GET /api/detail-pemasangan/:id': read(PEMASANGAN, INQUERY_PEMASANGAN),
  'GET /api/inquery-pemasangan-ban': read(INQUERY_PEMASANGAN),
  'GET /api/inquery-pemasangan-ban/detail-list-ban/:id': read(PEMASANGAN, INQUERY_PEMASANGAN),
  'POST /api/inquery-pemasangan-ban/detail-ban': may('update', PEMASANGAN, INQUERY_PEMASANGAN),
  'POST /api/inquery-pemasangan-ban/:id/update': may('update', PEMASANGAN, INQUERY_PEMASANGAN),
  'POST /api/inquery-pemasangan-ban/:id/posting': either(
    may('posting', PEMASANGAN, INQUERY_PEMASANGAN),
    may('posting_all', INQUERY_PEMASANGAN),
  ),
  'POST /api/inquery-pemasangan-ban/:id/unpost': either(
    may('unpost', PEMASANGAN, INQUERY_PEMASANGAN),
    may('unpost_all', INQUERY_PEMASANGAN),
  ),
  'POST /api/inquery-pemasangan/:id/posting': either(
    may('posting', PEMASANGAN, INQUERY_PEMASANGAN),
    may('posting_all', INQUERY_PEMASANGAN),
  ),
  'POST /api/inquery-pemasangan/:id/unpost': either(may('unpost', PEMASANGAN, INQUERY_PEMASANGAN), may('unpost_all', INQUERY_PEMASANGAN)),

  // ---- extension: audit trail (api/audit.ts) -------------------------------------------------------
  // A document's history: Show on a menu of that document (its invoice and its Riwayat dialog need
  // Show), as api/documents.ts names them; the last changes of a user's rights: Select on Hak Akses.
  ...Object.fromEntries(DOCUMENT_LIST.map(([key, d]) => [`GET /api/riwayat-dokumen/${key}/:id`, may('show', ...d.menus)])),
  'GET /api/akses/:id/riwayat': read(AKSES),
  // ---- extension: import from a spreadsheet (api/routes/impor.ts) -------------------------------------
  // Staging a batch, reading it back (its own user only) and saving it: Create on the master's menu.
  'POST /api/impor/ban': may('create', STOK_BAN),
  'GET /api/impor/ban/:id': may('create', STOK_BAN),
  'GET /api/impor/ban/:id/ditolak': may('create', STOK_BAN),
  'POST /api/impor/ban/:id/simpan': may('create', STOK_BAN),
  'DELETE /api/impor/ban/:id': may('create', STOK_BAN),
  'POST /api/impor/kendaraan': may('create', KENDARAAN),
  'GET /api/impor/kendaraan/:id': may('create', KENDARAAN),
  'GET /api/impor/kendaraan/:id/ditolak': may('create', KENDARAAN),
  'POST /api/impor/kendaraan/:id/simpan': may('create', KENDARAAN),
  'DELETE /api/impor/kendaraan/:id': may('create', KENDARAAN),
  'POST /api/impor/supplier': may('create', SUPPLIER),
  'GET /api/impor/supplier/:id': may('create', SUPPLIER),
  'GET /api/impor/supplier/:id/ditolak': may('create', SUPPLIER),
  'POST /api/impor/supplier/:id/simpan': may('create', SUPPLIER),
  'DELETE /api/impor/supplier/:id': may('create', SUPPLIER),
  'POST /api/impor/karyawan': may('create', KARYAWAN),
  'GET /api/impor/karyawan/:id': may('create', KARYAWAN),
  'GET /api/impor/karyawan/:id/ditolak': may('create', KARYAWAN),
  'POST /api/impor/karyawan/:id/simpan': may('create', KARYAWAN),
  'DELETE /api/impor/karyawan/:id': may('create', KARYAWAN),
}

/** A read grant with more menus that may Select it (an extension's screens reading a route of the spec). */
function withReaders(route: string, grant: RouteGrant | undefined, menus: readonly string[]): RouteGrant {
  const select = grant && !isOpenGrant(grant) ? grant.anyOf.findIndex((n) => n.perm === null) : -1
  if (!grant || isOpenGrant(grant) || select < 0) throw new Error(`${route}: no read grant for an extension's readers`)
  return { ...grant, anyOf: grant.anyOf.map((n, i) => (i === select ? { ...n, menus: [...n.menus, ...menus] } : n)) }
}

/** The extensions without a document whose routes module declares its grants (mounted by api/app.ts). */
const OWN_EXTENSION_ROUTES: readonly ExtensionRoutes[] = [
  KM_KENDARAAN_EXTENSION,
  JADWAL_SERVIS_EXTENSION,
  // After Jadwal Servis: its form reads the service items.
  PERINTAH_KERJA_EXTENSION,
  BIAYA_KENDARAAN_EXTENSION,
]

/** The table: the spec's routes and the api's own, then each extension's (its routes module declares them). */
export const API_GRANTS: Record<string, RouteGrant> = (() => {
  const table: Record<string, RouteGrant> = { ...SPEC_GRANTS }
  for (const modules of [...Object.values(EXTENSION_ROUTES), OWN_EXTENSION_ROUTES]) {
    for (const m of modules as readonly ExtensionRoutes[]) {
      Object.assign(table, m.grants)
      for (const [route, menus] of Object.entries(m.readers ?? {})) table[route] = withReaders(route, table[route], menus)
    }
  }
  return table
})()
