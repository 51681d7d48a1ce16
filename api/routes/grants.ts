import { isOpenGrant, type MenuNeed, type Permission, type RouteGrant } from '../grants.ts'
import { DOCUMENT_LIST } from '../documents.ts'
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
const PELEPASAN = '/admin/pelepasan-ban'
const LAPORAN_BIAYA_BAN = '/admin/laporan-biaya-ban'
const ROTASI = '/admin/rotasi-ban'
const KLAIM = '/admin/klaim-ban'
const INQUERY_KLAIM = '/admin/inquery-klaim-ban'
const PEMERIKSAAN = '/admin/pemeriksaan-ban'
const LAPORAN_PEMERIKSAAN = '/admin/laporan-pemeriksaan-ban'
/** Jatuh Tempo STNK & KIR: reads the vehicles' and the STNK records' expiry dates. */
const JATUH_TEMPO = '/admin/jatuh-tempo'
/** Perpanjangan STNK & KIR (the renewals) and its cost report. */
const PERPANJANGAN = '/admin/perpanjangan-stnk'
const LAPORAN_PERPANJANGAN = '/admin/laporan-biaya-perpanjangan'

/**
 * The lines of the fitting and removal screens, as the app's route table asks them (app/route-table.ts,
 * fittingScreen): a staged line (no document yet) is the create screen's, Create; a line of a
 * registered document is its edit screen's, Update — adding and undoing alike. The route alone cannot
 * tell them apart: its entry below admits either, and the handler (api/routes/transaksi/) asks the one
 * the line needs once it has loaded it (requireGrant).
 */
export const LINE_GRANTS = {
  pemasanganStaged: [{ menus: [PEMASANGAN], perm: 'create' }],
  pemasanganRegistered: [{ menus: [PEMASANGAN, INQUERY_PEMASANGAN], perm: 'update' }],
  pelepasanStaged: [{ menus: [PELEPASAN], perm: 'create' }],
  pelepasanRegistered: [{ menus: [PELEPASAN], perm: 'update' }],
  rotasiStaged: [{ menus: [ROTASI], perm: 'create' }],
  rotasiRegistered: [{ menus: [ROTASI], perm: 'update' }],
} as const satisfies Record<string, readonly MenuNeed[]>

/** A claim's amount other than the computed one: Update on the claim's list or its inquiry (the handler asks it). */
export const KLAIM_GRANTS = {
  ubahNilai: [{ menus: [KLAIM, INQUERY_KLAIM], perm: 'update' }],
} as const satisfies Record<string, readonly MenuNeed[]>
const lines = (...needs: (readonly MenuNeed[])[]): RouteGrant => ({ anyOf: needs.flat() })

/** Every holder of a valid token (the reason is documentation). */
const open = (reason: string): RouteGrant => ({ open: reason })
/** Select on any one of the menus. */
const read = (...menus: string[]): RouteGrant => ({ anyOf: [{ menus, perm: null }] })
/** `perm` on any one of the menus. */
const may = (perm: Permission, ...menus: string[]): RouteGrant => ({ anyOf: [{ menus, perm }] })
/**
 * A list that other screens use as a lookup: Select on any of the menus reads it, but only Select on
 * `own` (the record's own menu) reads the full record; the others get id, code, name and what their
 * screen reads of it (the route's lookup columns).
 */
const lookup = (own: string, ...readers: string[]): RouteGrant => ({ anyOf: [{ menus: [own, ...readers], perm: null }], fullWith: own })
/** Any one of the alternatives. */
const either = (...grants: RouteGrant[]): RouteGrant => ({
  anyOf: grants.flatMap((g) => (isOpenGrant(g) ? [] : g.anyOf)),
})

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

export const API_GRANTS: Record<string, RouteGrant> = {
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
  'GET /api/karyawan': lookup(KARYAWAN, USER, KLAIM, INQUERY_KLAIM),

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
  'GET /api/supplier': lookup(SUPPLIER, PEMBELIAN, INQUERY_PEMBELIAN, STOK_BAN, KLAIM, INQUERY_KLAIM),
  // Ukuran, merek, type ban (lookups of the purchase form), golongan (of the Kendaraan form) …: the
  // simple masters, each with its menu and readers in api/simple-entities.ts.
  ...simpleResources(),
  // Jenis kendaraan: a lookup of the Kendaraan and STNK forms.
  ...resource('jenis_kendaraan', JENIS_KENDARAAN, [KENDARAAN, STNK]),
  // Kendaraan: the vehicles of the STNK form and of the fitting screens (vehicle picker, diagram).
  ...resource('kendaraan', KENDARAAN, [STNK, PEMASANGAN, INQUERY_PEMASANGAN, PELEPASAN, ROTASI, PEMERIKSAAN, JATUH_TEMPO, PERPANJANGAN]),
  'GET /api/kendaraan/:id/show': read(KENDARAAN, PEMASANGAN, INQUERY_PEMASANGAN, PELEPASAN, ROTASI, PEMERIKSAAN, PERPANJANGAN),

  // ---- transaksi -----------------------------------------------------------------------------------
  ...resource('stnk', STNK, [JATUH_TEMPO]),

  // Tyres in stock: the position dialog of both fitting screens.
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

  // Fittings: the list, the create screen (staging by vehicle), and the edit screen that both the
  // list's Update and the fitting inquiry open (it also shows the vehicle's other fittings).
  'GET /api/pemasangan-ban': read(PEMASANGAN, INQUERY_PEMASANGAN),
  'DELETE /api/pemasangan-ban/:id': may('delete', PEMASANGAN, INQUERY_PEMASANGAN),
  'GET /api/pemasangan-ban/detail-list-ban/:kendaraanId': read(PEMASANGAN, INQUERY_PEMASANGAN),
  'POST /api/pemasangan-ban/detail-ban': may('create', PEMASANGAN),
  'DELETE /api/pemasangan-ban/delete-detail-ban/:id': lines(LINE_GRANTS.pemasanganStaged, LINE_GRANTS.pemasanganRegistered),
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

  // ---- extensions: the tyre's whole life -------------------------------------------------------------
  // Stok Ban: the list (above), a tyre's history (show), receiving a retread (update; the retreaders
  // are the suppliers, a lookup above).
  'GET /api/ban/ringkasan': read(STOK_BAN),
  'GET /api/ban/:id/riwayat': may('show', STOK_BAN),
  'POST /api/ban/:id/terima-vulkanisir': may('update', STOK_BAN),
  // Pelepasan Ban: like the fitting screens. Adding or undoing a line: `create` for a staged line (the
  // create screen), `update` for a line of a registered document (its edit screen): LINE_GRANTS.
  'GET /api/pelepasan-ban': read(PELEPASAN),
  'GET /api/pelepasan-ban/terpasang/:kendaraanId': read(PELEPASAN),
  'GET /api/pelepasan-ban/detail-list-ban/:kendaraanId': read(PELEPASAN),
  'POST /api/pelepasan-ban/detail-ban': lines(LINE_GRANTS.pelepasanStaged, LINE_GRANTS.pelepasanRegistered),
  'DELETE /api/pelepasan-ban/delete-detail-ban/:id': lines(LINE_GRANTS.pelepasanStaged, LINE_GRANTS.pelepasanRegistered),
  'POST /api/pelepasan-ban/add-pelepasan/:kendaraanId': may('create', PELEPASAN),
  'GET /api/detail-pelepasan/:id': may('show', PELEPASAN),
  'POST /api/pelepasan-ban/:id/posting': may('posting', PELEPASAN),
  'POST /api/pelepasan-ban/:id/unpost': may('unpost', PELEPASAN),
  'DELETE /api/pelepasan-ban/:id': may('delete', PELEPASAN),
  // ---- extension: tyre rotation (api/routes/transaksi/rotasi.ts) -------------------------------------
  // Rotasi Ban: like Pelepasan Ban. Adding or undoing a move: `create` for a staged move (the create
  // screen), `update` for a move of a registered document (its edit screen): LINE_GRANTS.
  'GET /api/rotasi-ban': read(ROTASI),
  'GET /api/rotasi-ban/terpasang/:kendaraanId': read(ROTASI),
  'GET /api/rotasi-ban/detail-list-ban/:kendaraanId': read(ROTASI),
  'POST /api/rotasi-ban/detail-ban': lines(LINE_GRANTS.rotasiStaged, LINE_GRANTS.rotasiRegistered),
  'DELETE /api/rotasi-ban/delete-detail-ban/:id': lines(LINE_GRANTS.rotasiStaged, LINE_GRANTS.rotasiRegistered),
  'POST /api/rotasi-ban/add-rotasi/:kendaraanId': may('create', ROTASI),
  'GET /api/detail-rotasi/:id': may('show', ROTASI),
  'POST /api/rotasi-ban/:id/posting': may('posting', ROTASI),
  'POST /api/rotasi-ban/:id/unpost': may('unpost', ROTASI),
  'DELETE /api/rotasi-ban/:id': may('delete', ROTASI),
  // ---- extension: tyre claims (api/routes/transaksi/klaim.ts) ---------------------------------------
  // Klaim Ban and its inquiry: the inquiry reuses the list's dialogs (edit, delete, print) and adds
  // Posting semua / Unpost semua. Approving or refusing is a change (update); an amount other than the
  // computed one needs update too (KLAIM_GRANTS, asked by the handler).
  'GET /api/klaim-ban': read(KLAIM, INQUERY_KLAIM),
  'GET /api/klaim-ban/pelepasan': read(KLAIM),
  'GET /api/klaim-ban/pelepasan/:id': read(KLAIM),
  'GET /api/klaim-ban/:id': may('show', KLAIM, INQUERY_KLAIM),
  'POST /api/klaim-ban': may('create', KLAIM),
  'POST /api/klaim-ban/:id/update': may('update', KLAIM, INQUERY_KLAIM),
  'POST /api/klaim-ban/:id/setujui': may('update', KLAIM, INQUERY_KLAIM),
  'POST /api/klaim-ban/:id/tolak': may('update', KLAIM, INQUERY_KLAIM),
  'POST /api/klaim-ban/:id/posting': either(may('posting', KLAIM, INQUERY_KLAIM), may('posting_all', INQUERY_KLAIM)),
  'POST /api/klaim-ban/:id/unpost': either(may('unpost', KLAIM, INQUERY_KLAIM), may('unpost_all', INQUERY_KLAIM)),
  'DELETE /api/klaim-ban/:id': may('delete', KLAIM, INQUERY_KLAIM),
  // ---- extension: tyre inspections (api/routes/transaksi/pemeriksaan.ts) -----------------------------
  // Pemeriksaan Ban: a round is saved whole (create / update), posted and unposted like the other
  // documents. The tyres near the minimum tread are a dashboard panel of Pemeriksaan Ban and of Stok
  // Ban (whose tyre history shows the same forecast); the vehicles not inspected a panel of Pemeriksaan Ban.
  'GET /api/pemeriksaan-ban': read(PEMERIKSAAN),
  'GET /api/pemeriksaan-ban/terpasang/:kendaraanId': read(PEMERIKSAAN),
  'GET /api/pemeriksaan-ban/peringatan': read(PEMERIKSAAN, STOK_BAN),
  'GET /api/pemeriksaan-ban/belum-diperiksa': read(PEMERIKSAAN),
  'GET /api/ban/:id/pemeriksaan': either(may('show', STOK_BAN), read(PEMERIKSAAN)),
  'POST /api/pemeriksaan-ban': may('create', PEMERIKSAAN),
  'GET /api/pemeriksaan-ban/:id': read(PEMERIKSAAN),
  'PUT /api/pemeriksaan-ban/:id': may('update', PEMERIKSAAN),
  'POST /api/pemeriksaan-ban/:id/posting': may('posting', PEMERIKSAAN),
  'POST /api/pemeriksaan-ban/:id/unpost': may('unpost', PEMERIKSAAN),
  'DELETE /api/pemeriksaan-ban/:id': may('delete', PEMERIKSAAN),
  // Laporan Pemeriksaan Ban: Select (its print page and CSV are the app's `print`).
  'GET /api/laporan-pemeriksaan-ban': read(LAPORAN_PEMERIKSAAN),
  // Laporan Biaya Ban: Select (its print page and CSV are the app's `print`).
  'GET /api/laporan-biaya-ban': read(LAPORAN_BIAYA_BAN),
  // ---- extension: registration renewals (api/routes/transaksi/perpanjangan.ts) ----------------------
  // Perpanjangan STNK & KIR: the list (also read by the cost report and the vehicle's detail), the
  // expiry a new renewal replaces (its form), the document calls under their permissions.
  'GET /api/perpanjangan': read(PERPANJANGAN, LAPORAN_PERPANJANGAN, KENDARAAN),
  // Laporan Biaya Perpanjangan: the costs per vehicle, summed by the api (its print page and CSV are the app's `print`).
  'GET /api/perpanjangan/biaya': read(LAPORAN_PERPANJANGAN),
  'GET /api/perpanjangan/sebelumnya': either(may('create', PERPANJANGAN), may('update', PERPANJANGAN)),
  'GET /api/perpanjangan/:id': either(
    may('show', PERPANJANGAN),
    may('update', PERPANJANGAN),
    may('delete', PERPANJANGAN),
    may('print', PERPANJANGAN),
  ),
  'POST /api/perpanjangan': may('create', PERPANJANGAN),
  'POST /api/perpanjangan/:id/update': may('update', PERPANJANGAN),
  'POST /api/perpanjangan/:id/posting': may('posting', PERPANJANGAN),
  'POST /api/perpanjangan/:id/unpost': may('unpost', PERPANJANGAN),
  'DELETE /api/perpanjangan/:id': may('delete', PERPANJANGAN),
  // ---- extension: audit trail (api/audit.ts) -------------------------------------------------------
  // A document's history: Show on a menu of that document (its invoice and its Riwayat dialog need
  // Show), as api/documents.ts names them; the last changes of a user's rights: Select on Hak Akses.
  ...Object.fromEntries(DOCUMENT_LIST.map(([key, d]) => [`GET /api/riwayat-dokumen/${key}/:id`, may('show', ...d.menus)])),
  'GET /api/akses/:id/riwayat': read(AKSES),
  // ---- extension: import from a spreadsheet (api/routes/impor.ts) -------------------------------------
  // Staging a batch, reading it back (its own user only) and saving it: Create on the master's menu.
  'POST /api/impor/ban': may('create', STOK_BAN),
  'GET /api/impor/ban/:id': may('create', STOK_BAN),
  'POST /api/impor/ban/:id/simpan': may('create', STOK_BAN),
  'DELETE /api/impor/ban/:id': may('create', STOK_BAN),
  'POST /api/impor/kendaraan': may('create', KENDARAAN),
  'GET /api/impor/kendaraan/:id': may('create', KENDARAAN),
  'POST /api/impor/kendaraan/:id/simpan': may('create', KENDARAAN),
  'DELETE /api/impor/kendaraan/:id': may('create', KENDARAAN),
  'POST /api/impor/supplier': may('create', SUPPLIER),
  'GET /api/impor/supplier/:id': may('create', SUPPLIER),
  'POST /api/impor/supplier/:id/simpan': may('create', SUPPLIER),
  'DELETE /api/impor/supplier/:id': may('create', SUPPLIER),
  'POST /api/impor/karyawan': may('create', KARYAWAN),
  'GET /api/impor/karyawan/:id': may('create', KARYAWAN),
  'POST /api/impor/karyawan/:id/simpan': may('create', KARYAWAN),
  'DELETE /api/impor/karyawan/:id': may('create', KARYAWAN),
}
