import type { Extension } from './lib/extensions'
import type { Permission } from './lib/grants'

/**
 * The screens of the sidebar, one entry a screen: its group and label in the sidebar, its menu path
 * (the key of its grants), the routes it mounts and, for a master list, its texts and columns.
 * The sidebar (app/lib/menu.ts), the screens' routes in the route table (app/route-table.ts) and the
 * master lists' configuration (app/lib/master-screens.ts) are made from this list. Pure data: the
 * client bundle imports it.
 *
 * The api's access-editor catalogue (api/menu-catalogue.ts) names the same menus by the same group,
 * label and path; the two servers share no code, so a unit test holds them together.
 */

/** The sidebar's groups, in the sidebar's order. */
export const MENU_GROUP_LABELS = ['Master', 'Operasional', 'Pemeliharaan Kendaraan', 'Transaksi', 'Finance', 'Laporan'] as const
export type MenuGroupLabel = (typeof MENU_GROUP_LABELS)[number]

/**
 * The routes a screen mounts at its path (the menu path without `/admin/`; `dir` is a folder of
 * route modules under app/):
 *
 * - `list`: `{dir}/list.tsx` with its dialogs `tambah` and `:id/edit` (`{dir}/form.tsx`: Create,
 *   Update; no edit dialog with `edit: false`), `:id/hapus` (`{dir}/hapus.tsx`: Delete), with
 *   `detail` the row's detail dialog `:id` (`{dir}/detail.tsx`: Show), with `riwayat` the document's
 *   audit trail `:id/riwayat` (Show). `choices`: the form's searchable choices (…/pilihan/{key}).
 *   `write: 'intent'`: the list's own action carries several intents (row-menu Posting / Unpost).
 * - `document`: a document with lines on a vehicle (`{dir}/list.tsx`, row-menu Posting / Unpost):
 *   the vehicle picker `tambah`, the delete dialog (routes/admin/document/hapus.tsx, made from the
 *   document's declaration in app/server/documents.server.ts), the Riwayat dialog, the create screen
 *   `create-{path}` and the edit screen at `editPath`, each screen with its position dialog
 *   (`posisi/:posisi`, the position's searchable choices in `positionChoices`) and line-delete
 *   confirmation. `editMenus`: the menus whose Update opens the edit screen, in the order their
 *   permissions are read (default: the screen's own). `declared`: the list, the screens and the
 *   line-delete confirmation are the shared modules of routes/admin/document/, made from the
 *   document's declaration (its `screen`); `dir` holds only its position dialog.
 * - `inquiry`: a finance inquiry (`file`, row-menu Posting / Unpost) with the Posting semua /
 *   Unpost semua confirmations and the document's dialogs from `dialogsOf` (its `hapus.tsx`, or the
 *   shared delete dialog when `dialogsOf` is a document screen's `dir`; with `edit` its `form.tsx`) and
 *   the Riwayat dialog.
 * - `page`: one page (`file`), opened with Select; with `write` its own action needs that permission.
 */
export type ScreenRoutes =
  | { kind: 'list'; dir: string; detail?: true; edit?: false; riwayat?: true; choices?: readonly string[]; write?: 'intent' }
  | {
      kind: 'document'
      dir: string
      positionChoices?: readonly string[]
      editPath: string
      editMenus?: readonly MenuPath[]
      /** A document saved whole from one form (no position dialog, no line to undo): its screens only. */
      wholeForm?: true
      declared?: true
    }
  | { kind: 'inquiry'; file: string; dialogsOf: string; edit?: true }
  | { kind: 'page'; file: string; write?: Permission }

export type MenuPath = `/admin/${string}`

/**
 * A route of a screen besides those of its kind, of the screen's menu (or `menus`, in the order their
 * permissions are read): under the screen's route (`child`), beside it inside the shell (`shell`) or
 * without the shell (`bare`: print pages, downloads). `read` is what opens it (none: Select), `write`
 * what a POST needs (none: it takes no POST), `extension` one it needs besides the screen's.
 */
export type ExtraRoute = {
  id: string
  at: 'child' | 'shell' | 'bare'
  path: string
  file: string
  read?: Permission
  write?: Permission
  menus?: readonly MenuPath[]
  extension?: Extension
}

/** A master list's texts and columns (app/ui/master-list.tsx; the sort keys its loader, masterListData, reads). */
export type MasterTexts = {
  title: string
  subtitle: string
  searchPlaceholder: string
  addLabel: string
  /** The code and name columns: header and sort key. */
  kode: { header: string; key: string }
  nama: { header: string; key: string }
  qrHeader?: string
  /** No sorts by id (false: Departemen's No is not a link). */
  numberSortable?: boolean
  /** The search box looks in the code instead of the name (User). */
  searchKode?: boolean
}

/**
 * The routes of a master's import from a spreadsheet (app/lib/impor.ts), all under Create of the
 * master's menu: the upload form, the preview of a staged batch (its POST is 'Simpan semua'), the
 * template download and the download of a batch's refused rows (no shell). The route modules are shared; they pick the master by the path.
 */
function imporRoutes(segment: string): ExtraRoute[] {
  return [
    {
      id: `${segment}-impor`,
      at: 'shell',
      path: `${segment}/impor`,
      file: 'routes/admin/impor/unggah.tsx',
      read: 'create',
      write: 'create',
    },
    {
      id: `${segment}-impor-pratinjau`,
      at: 'shell',
      path: `${segment}/impor/:id`,
      file: 'routes/admin/impor/pratinjau.tsx',
      read: 'create',
      write: 'create',
    },
    {
      id: `${segment}-impor-template`,
      at: 'bare',
      path: `admin/${segment}/impor/template`,
      file: 'routes/admin/impor/template.tsx',
      read: 'create',
    },
    {
      id: `${segment}-impor-ditolak`,
      at: 'bare',
      path: `admin/${segment}/impor/:id/ditolak.xlsx`,
      file: 'routes/admin/impor/ditolak.tsx',
      read: 'create',
    },
  ]
}

export type Screen = {
  group: MenuGroupLabel
  /** The sidebar's label, also the feature's name in the access editor's catalogue. */
  label: string
  path: MenuPath
  routes: ScreenRoutes
  /**
   * The extension of the spec the screen is built on (app/lib/extensions.ts): against an upstream
   * without it every route of the screen answers the one 'Fitur tidak tersedia' page (501), after
   * the grant (the guard, app/server/grants.server.ts).
   */
  extension?: Extension
  /** The report's print page …/cetak (`admin/{path}/cetak`, no shell; Print). */
  print?: string
  /** The list's CSV download …/csv (`admin/{path}/csv`, no shell; Print). */
  csv?: string
  extra?: readonly ExtraRoute[]
  /** A master list's texts and columns (the route module reads them by the screen's key). */
  master?: MasterTexts
  /** A simple master's record (app/lib/simple-master.ts): its entity name, upstream list and keys. */
  simple?: SimpleMasterRecord
}

/**
 * A simple master's record as the upstream has it: the entity's name in the screen's texts
 * ('<entity> berhasil ditambahkan!', the code header 'Kode <entity>', the field 'Nama <entity>'), its
 * upstream list `/api/{api}` (default: the screen's path segment) and the keys of its code, QR text
 * and name.
 */
export type SimpleMasterRecord = { entity: string; api?: string; code: string; qr: string; name: string }

/** A master list's texts, its add button named after its title. */
const master = (
  title: string,
  subtitle: string,
  searchPlaceholder: string,
  rest: Omit<MasterTexts, 'title' | 'subtitle' | 'searchPlaceholder' | 'addLabel'>,
): MasterTexts => ({ title, subtitle, searchPlaceholder, addLabel: `Tambah ${title}`, ...rest })

/**
 * A simple master of the Master group (a code and one name field) at /admin/{segment}: the shared routes
 * of app/routes/admin/simple-master/, titled by its label, made from its record (app/lib/simple-master.ts).
 */
const simpleMaster = <const R extends SimpleMasterRecord>(label: string, segment: string, simple: R) => ({
  group: 'Master' as const,
  label,
  path: `/admin/${segment}` as const,
  routes: { kind: 'list', dir: 'routes/admin/simple-master' } as const,
  simple,
})

/**
 * A report of the Laporan group at /admin/{segment}: its page (routes/admin/{segment}/list.tsx), its
 * print page (routes/print/{print}.tsx), its download (default: the finance screens' CSV route) and
 * the extension it is built on.
 */
const report = (label: string, segment: string, print: string, more: { csv?: string; extension?: Extension } = {}): Screen => ({
  group: 'Laporan',
  label,
  path: `/admin/${segment}`,
  routes: { kind: 'page', file: `routes/admin/${segment}/list.tsx` },
  print: `routes/print/${print}.tsx`,
  csv: more.csv ?? 'routes/finance/csv.tsx',
  ...(more.extension ? { extension: more.extension } : {}),
})

/** The screens in the sidebar's order within each group. */
export const SCREENS = {
  departemen: {
    group: 'Master',
    label: 'Departemen',
    path: '/admin/departemen',
    routes: { kind: 'list', dir: 'routes/admin/departemen' },
    master: master('Departemen', 'Daftar departemen yang tersedia di sistem', 'Cari departemen...', {
      kode: { header: 'ID', key: 'kode_departemen' },
      nama: { header: 'Nama', key: 'nama' },
      qrHeader: 'QR Code',
      numberSortable: false,
    }),
  },
  karyawan: {
    group: 'Master',
    label: 'Karyawan',
    path: '/admin/karyawan',
    routes: { kind: 'list', dir: 'routes/admin/karyawan', detail: true },
    master: master('Karyawan', 'Daftar karyawan yang tersedia di sistem', 'Cari karyawan...', {
      kode: { header: 'Kode Karyawan', key: 'kode_karyawan' },
      nama: { header: 'Nama Karyawan', key: 'nama_lengkap' },
    }),
    extra: imporRoutes('karyawan'),
  },
  // Add and delete only: the row's one action is delete.
  user: {
    group: 'Master',
    label: 'User',
    path: '/admin/user',
    routes: { kind: 'list', dir: 'routes/admin/user', edit: false },
    master: master('User', 'Daftar user yang dapat masuk ke sistem', 'Cari user...', {
      kode: { header: 'Kode User', key: 'kode_user' },
      nama: { header: 'Nama User', key: 'nama_user' },
      searchKode: true,
    }),
  },
  akses: {
    group: 'Master',
    label: 'Hak Akses',
    path: '/admin/akses',
    routes: { kind: 'page', file: 'routes/admin/akses/list.tsx' },
    extra: [
      { id: 'akses-edit', at: 'shell', path: 'akses/edit/:id', file: 'routes/admin/akses/edit.tsx', read: 'update', write: 'update' },
    ],
  },
  supplier: {
    group: 'Master',
    label: 'Supplier',
    path: '/admin/supplier',
    routes: { kind: 'list', dir: 'routes/admin/supplier', detail: true },
    master: master('Supplier', 'list of suppliers available in the system', 'Cari supplier...', {
      kode: { header: 'Kode Supplier', key: 'kode_supplier' },
      nama: { header: 'Nama Supplier', key: 'nama_supp' },
    }),
    extra: imporRoutes('supplier'),
  },
  golongan: simpleMaster('Golongan', 'golongan', {
    entity: 'Golongan',
    code: 'kode_golongan',
    qr: 'qrcode_golongan',
    name: 'nama_golongan',
  }),
  jenisKendaraan: {
    group: 'Master',
    label: 'Jenis Kendaraan',
    path: '/admin/jenis_kendaraan',
    routes: { kind: 'list', dir: 'routes/admin/jenis-kendaraan' },
    master: master('Jenis Kendaraan', 'Daftar jenis kendaraan yang tersedia di sistem', 'Cari jenis kendaraan...', {
      kode: { header: 'Kode Jenis Kendaraan', key: 'kode_jenis_kendaraan' },
      nama: { header: 'Nama Jenis Kendaraan', key: 'nama_jenis_kendaraan' },
    }),
  },
  kendaraan: {
    group: 'Master',
    label: 'Kendaraan',
    path: '/admin/kendaraan',
    routes: { kind: 'list', dir: 'routes/admin/kendaraan', detail: true },
    master: master('Kendaraan', 'Daftar kendaraan yang tersedia di sistem', 'Cari no kabin...', {
      kode: { header: 'Kode Kendaraan', key: 'kode_kendaraan' },
      nama: { header: 'No. Kabin', key: 'no_kabin' },
    }),
    extra: imporRoutes('kendaraan'),
  },
  ukuran: simpleMaster('Ukuran Ban', 'ukuran', { entity: 'Ukuran', code: 'kode_ukuran_ban', qr: 'qrcode_ukuran', name: 'nama' }),
  merek: simpleMaster('Merek Ban', 'merek', { entity: 'Merek', code: 'kode_merek', qr: 'qrcode_merek', name: 'nama_merek' }),
  typban: simpleMaster('Type Ban', 'typban', {
    entity: 'Type Ban',
    api: 'typeban',
    code: 'kode_type',
    qr: 'qrcode_type',
    name: 'nama_type',
  }),

  stnk: {
    group: 'Operasional',
    label: 'STNK',
    path: '/admin/stnk',
    routes: { kind: 'list', dir: 'routes/admin/stnk', detail: true, choices: ['no-kabin'] },
    master: master('STNK', 'Daftar stnk yang tersedia di sistem', 'Cari nama pemilik...', {
      kode: { header: 'Kode Stnk', key: 'kode_stnk' },
      nama: { header: 'Nama Pemilik', key: 'nama_pemilik' },
    }),
  },
  // The renewals of STNK and KIR (extension 'perpanjangan'): a payment period's renewals with the
  // date filter, the row menu with posting, Posting semua / Unpost semua and the CSV, as an inquiry;
  // Tambah (?kendaraan_id=&jenis_dokumen= from the due lists), Show and Cetak (Bukti Perpanjangan).
  perpanjanganStnk: {
    group: 'Operasional',
    label: 'Perpanjangan STNK',
    path: '/admin/perpanjangan-stnk',
    routes: { kind: 'inquiry', file: 'routes/admin/perpanjangan/list.tsx', dialogsOf: 'routes/admin/perpanjangan', edit: true },
    extension: 'perpanjangan',
    csv: 'routes/finance/csv.tsx',
    extra: [
      {
        id: 'perpanjangan-stnk-tambah',
        at: 'child',
        path: 'tambah',
        file: 'routes/admin/perpanjangan/form.tsx',
        read: 'create',
        write: 'create',
      },
      // The vehicle choice's search (…/tambah/pilihan/kendaraan-dokumen), under the same grant as the form.
      {
        id: 'perpanjangan-stnk-tambah-pilihan-kendaraan-dokumen',
        at: 'child',
        path: 'tambah/pilihan/kendaraan-dokumen',
        file: 'routes/admin/pilihan.tsx',
        read: 'create',
      },
      { id: 'perpanjangan-stnk-detail', at: 'child', path: ':id', file: 'routes/admin/perpanjangan/detail.tsx', read: 'show' },
      {
        id: 'perpanjangan-cetak',
        at: 'bare',
        path: 'admin/perpanjangan-cetak/:id',
        file: 'routes/print/bukti-perpanjangan.tsx',
        read: 'print',
      },
    ],
  },

  // The create form (?kendaraan_id=) and the edit screen share one screen module; Update on the
  // inquiry opens the edit screen too.
  pemasanganBan: {
    group: 'Pemeliharaan Kendaraan',
    label: 'Pemasangan Ban',
    path: '/admin/pemasangan-ban',
    routes: {
      kind: 'document',
      dir: 'routes/admin/pemasangan-ban',
      positionChoices: ['ban'],
      editPath: 'inquery-pemasangan-ban/edit/:id',
      editMenus: ['/admin/inquery-pemasangan-ban', '/admin/pemasangan-ban'],
    },
    extra: [
      {
        id: 'pemasangan-detail',
        at: 'bare',
        path: 'admin/pemasangan-detail/:id',
        file: 'routes/print/faktur-pemasangan.tsx',
        read: 'show',
        menus: ['/admin/pemasangan-ban', '/admin/inquery-pemasangan-ban'],
      },
    ],
  },
  // Every tyre with its state and place; Terima dari vulkanisir over the list; the tyre's history
  // (Riwayat Ban) is a page of its own, hidden from the menu, opened by Show.
  ban: {
    group: 'Pemeliharaan Kendaraan',
    label: 'Stok Ban',
    path: '/admin/ban',
    routes: { kind: 'page', file: 'routes/admin/ban/list.tsx' },
    extension: 'ban-lifecycle',
    csv: 'routes/admin/ban/csv.tsx',
    extra: [
      {
        id: 'ban-terima-vulkanisir',
        at: 'child',
        path: ':id/terima-vulkanisir',
        file: 'routes/admin/ban/terima-vulkanisir.tsx',
        read: 'update',
        write: 'update',
      },
      { id: 'ban-riwayat', at: 'shell', path: 'ban/:id', file: 'routes/admin/ban/riwayat.tsx', read: 'show' },
      ...imporRoutes('ban'),
    ],
  },
  pelepasanBan: {
    group: 'Pemeliharaan Kendaraan',
    label: 'Pelepasan Ban',
    path: '/admin/pelepasan-ban',
    routes: { kind: 'document', dir: 'routes/admin/pelepasan-ban', editPath: 'pelepasan-ban/edit/:id', declared: true },
    extension: 'ban-lifecycle',
    extra: [
      { id: 'pelepasan-detail', at: 'bare', path: 'admin/pelepasan-detail/:id', file: 'routes/print/faktur-pelepasan.tsx', read: 'show' },
    ],
  },
  // Moving fitted tyres between positions of one vehicle (a swap when the target holds a tyre); Show
  // is the screen read-only.
  rotasiBan: {
    group: 'Pemeliharaan Kendaraan',
    label: 'Rotasi Ban',
    path: '/admin/rotasi-ban',
    routes: { kind: 'document', dir: 'routes/admin/rotasi-ban', editPath: 'rotasi-ban/edit/:id', declared: true },
    extension: 'rotasi-ban',
    extra: [{ id: 'rotasi-detail', at: 'shell', path: 'rotasi-detail/:id', file: 'routes/admin/document/lihat.tsx', read: 'show' }],
  },
  // Claims on a tyre removed early (from a pelepasan line of Pelepasan Ban): raised and decided in the
  // workshop beside the pelepasan documents; Finance posts them from its inquiry.
  klaimBan: {
    group: 'Pemeliharaan Kendaraan',
    label: 'Klaim Ban',
    path: '/admin/klaim-ban',
    routes: { kind: 'list', dir: 'routes/admin/klaim-ban', detail: true, riwayat: true, choices: ['pelepasan'], write: 'intent' },
    extension: 'klaim-ban',
    extra: [
      // Surat Klaim Ban, from the list and the inquiry.
      {
        id: 'klaim-cetak',
        at: 'bare',
        path: 'admin/klaim-cetak/:id',
        file: 'routes/print/surat-klaim.tsx',
        read: 'print',
        menus: ['/admin/klaim-ban', '/admin/inquery-klaim-ban'],
      },
    ],
  },
  // A tread inspection round of one vehicle: one form over its axle diagram (a fieldset per fitted
  // position), saved whole; Show is the screen read-only, Cetak its print page.
  pemeriksaanBan: {
    group: 'Pemeliharaan Kendaraan',
    label: 'Pemeriksaan Ban',
    path: '/admin/pemeriksaan-ban',
    routes: { kind: 'document', dir: 'routes/admin/pemeriksaan-ban', editPath: 'pemeriksaan-ban/edit/:id', wholeForm: true },
    extension: 'pemeriksaan-ban',
    extra: [
      {
        id: 'pemeriksaan-detail',
        at: 'shell',
        path: 'pemeriksaan-detail/:id',
        file: 'routes/admin/pemeriksaan-ban/lihat.tsx',
        read: 'show',
      },
      { id: 'pemeriksaan-cetak', at: 'bare', path: 'admin/pemeriksaan-cetak/:id', file: 'routes/print/pemeriksaan-ban.tsx', read: 'print' },
    ],
  },
  // Odometer readings: the km of many vehicles typed on one screen (Create), a correction with its
  // reason (Update) that starts a vehicle's readings anew.
  kmKendaraan: {
    group: 'Pemeliharaan Kendaraan',
    label: 'Km Kendaraan',
    path: '/admin/km-kendaraan',
    routes: { kind: 'page', file: 'routes/admin/km-kendaraan/list.tsx', write: 'create' },
    extension: 'km-kendaraan',
    extra: [
      {
        id: 'km-kendaraan-koreksi',
        at: 'child',
        path: ':id/koreksi',
        file: 'routes/admin/km-kendaraan/koreksi.tsx',
        read: 'update',
        write: 'update',
      },
      // A GPS provider's export imported as readings (app/lib/impor.ts 'km-kendaraan').
      ...imporRoutes('km-kendaraan'),
    ],
  },
  // Servis berkala (extension 'jadwal-servis'): the service items, the plans, what falls due.
  itemServis: {
    group: 'Pemeliharaan Kendaraan',
    label: 'Item Servis',
    path: '/admin/item-servis',
    routes: { kind: 'list', dir: 'routes/admin/item-servis' },
    extension: 'jadwal-servis',
  },
  jadwalServis: {
    group: 'Pemeliharaan Kendaraan',
    label: 'Jadwal Servis',
    path: '/admin/jadwal-servis',
    routes: { kind: 'page', file: 'routes/admin/jadwal-servis/list.tsx' },
    extension: 'jadwal-servis',
    extra: [
      // The plan of a vehicle type and a vehicle's own plan: a form each, saved with Update.
      {
        id: 'jadwal-servis-jenis',
        at: 'shell',
        path: 'jadwal-servis/jenis/:id',
        file: 'routes/admin/jadwal-servis/jenis.tsx',
        write: 'update',
      },
      {
        id: 'jadwal-servis-kendaraan',
        at: 'shell',
        path: 'jadwal-servis/kendaraan/:id',
        file: 'routes/admin/jadwal-servis/kendaraan.tsx',
        write: 'update',
      },
    ],
  },
  servisJatuhTempo: {
    group: 'Pemeliharaan Kendaraan',
    label: 'Servis Jatuh Tempo',
    path: '/admin/servis-jatuh-tempo',
    routes: { kind: 'page', file: 'routes/admin/servis-jatuh-tempo/list.tsx' },
    print: 'routes/print/servis-jatuh-tempo.tsx',
    csv: 'routes/admin/servis-jatuh-tempo/csv.tsx',
    extension: 'jadwal-servis',
  },
  // Work orders (extension 'perintah-kerja'): a period's work orders with the date filter, the row menu
  // with posting, Posting semua / Unpost semua, CSV and Excel, as an inquiry; Tambah (?kendaraan_id=&
  // item_servis_id= from the due list), Show and Cetak (the Perintah Kerja print page).
  perintahKerja: {
    group: 'Pemeliharaan Kendaraan',
    label: 'Perintah Kerja',
    path: '/admin/perintah-kerja',
    routes: { kind: 'inquiry', file: 'routes/admin/perintah-kerja/list.tsx', dialogsOf: 'routes/admin/perintah-kerja', edit: true },
    extension: 'perintah-kerja',
    csv: 'routes/finance/csv.tsx',
    extra: [
      {
        id: 'perintah-kerja-tambah',
        at: 'child',
        path: 'tambah',
        file: 'routes/admin/perintah-kerja/form.tsx',
        read: 'create',
        write: 'create',
      },
      // The vehicle choice's search (…/tambah/pilihan/kendaraan), under the same grant as the form.
      {
        id: 'perintah-kerja-tambah-pilihan-kendaraan',
        at: 'child',
        path: 'tambah/pilihan/kendaraan',
        file: 'routes/admin/pilihan.tsx',
        read: 'create',
      },
      // The part lines' search (…/pilihan/suku-cadang) under Tambah and Edit, under the same grant as the form.
      {
        id: 'perintah-kerja-tambah-pilihan-suku-cadang',
        at: 'child',
        path: 'tambah/pilihan/suku-cadang',
        file: 'routes/admin/pilihan.tsx',
        read: 'create',
      },
      {
        id: 'perintah-kerja-edit-pilihan-suku-cadang',
        at: 'child',
        path: ':id/edit/pilihan/suku-cadang',
        file: 'routes/admin/pilihan.tsx',
        read: 'update',
      },
      { id: 'perintah-kerja-detail', at: 'child', path: ':id', file: 'routes/admin/perintah-kerja/detail.tsx', read: 'show' },
      {
        id: 'perintah-kerja-cetak',
        at: 'bare',
        path: 'admin/perintah-kerja-cetak/:id',
        file: 'routes/print/perintah-kerja.tsx',
        read: 'print',
        menus: ['/admin/perintah-kerja', '/admin/inquery-perintah-kerja'],
      },
    ],
  },
  // The parts store (extension 'suku-cadang'): the parts, their purchases, the stock with its Kartu
  // Stok, the counts.
  sukuCadang: {
    group: 'Master',
    label: 'Suku Cadang',
    path: '/admin/suku-cadang',
    routes: { kind: 'list', dir: 'routes/admin/suku-cadang' },
    extension: 'suku-cadang',
    extra: imporRoutes('suku-cadang'),
  },
  pembelianSukuCadang: {
    group: 'Transaksi',
    label: 'Pembelian Suku Cadang',
    path: '/admin/pembelian-suku-cadang',
    routes: { kind: 'list', dir: 'routes/admin/pembelian-suku-cadang', riwayat: true, write: 'intent' },
    extension: 'suku-cadang',
    extra: [
      // The invoice the row menu's Show opens (its Cetak button needs Print), also from the inquiry.
      {
        id: 'faktur-pembelian-suku-cadang',
        at: 'bare',
        path: 'admin/faktur-pembelian-suku-cadang/:id',
        file: 'routes/print/faktur-pembelian-suku-cadang.tsx',
        read: 'show',
        menus: ['/admin/pembelian-suku-cadang', '/admin/inquery-pembelian-suku-cadang'],
      },
    ],
  },
  inqueryPembelianSukuCadang: {
    group: 'Finance',
    label: 'Inquery Pembelian Suku Cadang',
    path: '/admin/inquery-pembelian-suku-cadang',
    routes: {
      kind: 'inquiry',
      file: 'routes/admin/inquery-pembelian-suku-cadang/list.tsx',
      dialogsOf: 'routes/admin/pembelian-suku-cadang',
      edit: true,
    },
    extension: 'suku-cadang',
    csv: 'routes/finance/csv.tsx',
  },
  stokSukuCadang: {
    group: 'Pemeliharaan Kendaraan',
    label: 'Stok Suku Cadang',
    path: '/admin/stok-suku-cadang',
    routes: { kind: 'page', file: 'routes/admin/stok-suku-cadang/list.tsx' },
    csv: 'routes/admin/stok-suku-cadang/csv.tsx',
    extension: 'suku-cadang',
    extra: [
      // A part's Kartu Stok: its movements with the running balance.
      { id: 'kartu-stok-suku-cadang', at: 'shell', path: 'stok-suku-cadang/:id', file: 'routes/admin/stok-suku-cadang/kartu-stok.tsx' },
    ],
  },
  stokOpname: {
    group: 'Pemeliharaan Kendaraan',
    label: 'Stok Opname',
    path: '/admin/stok-opname',
    routes: { kind: 'page', file: 'routes/admin/stok-opname/list.tsx', write: 'create' },
    extension: 'suku-cadang',
  },

  pembelianBan: {
    group: 'Transaksi',
    label: 'Pembelian Ban',
    path: '/admin/pembelian-ban',
    routes: { kind: 'list', dir: 'routes/admin/pembelian-ban', riwayat: true, write: 'intent' },
    extra: [
      // The invoice the row menu's Show opens (its Cetak button needs Print), also from the inquiry.
      {
        id: 'pembelian-detail',
        at: 'bare',
        path: 'admin/pembelian-detail/:id',
        file: 'routes/print/faktur-pembelian.tsx',
        read: 'show',
        menus: ['/admin/pembelian-ban', '/admin/inquery-pembelian-ban'],
      },
      // QR labels of a purchase's tyres.
      {
        id: 'label-ban',
        at: 'bare',
        path: 'admin/label-ban/:id',
        file: 'routes/print/label-ban.tsx',
        read: 'print',
        extension: 'ban-lifecycle',
      },
    ],
  },

  inqueryPembelianBan: {
    group: 'Finance',
    label: 'Inquery Pembelian Ban',
    path: '/admin/inquery-pembelian-ban',
    routes: { kind: 'inquiry', file: 'routes/admin/inquery-pembelian-ban/list.tsx', dialogsOf: 'routes/admin/pembelian-ban', edit: true },
    csv: 'routes/finance/csv.tsx',
  },
  inqueryPemasanganBan: {
    group: 'Finance',
    label: 'Inquery Pemasangan Ban',
    path: '/admin/inquery-pemasangan-ban',
    routes: { kind: 'inquiry', file: 'routes/admin/inquery-pemasangan-ban/list.tsx', dialogsOf: 'routes/admin/pemasangan-ban' },
    csv: 'routes/finance/csv.tsx',
  },
  // The work orders from Finance: posting, Posting semua / Unpost semua, CSV and Excel; Show, Edit and
  // Hapus as on the list.
  inqueryPerintahKerja: {
    group: 'Finance',
    label: 'Inquery Perintah Kerja',
    path: '/admin/inquery-perintah-kerja',
    routes: { kind: 'inquiry', file: 'routes/admin/inquery-perintah-kerja/list.tsx', dialogsOf: 'routes/admin/perintah-kerja', edit: true },
    extension: 'perintah-kerja',
    csv: 'routes/finance/csv.tsx',
    extra: [
      { id: 'inquery-perintah-kerja-detail', at: 'child', path: ':id', file: 'routes/admin/perintah-kerja/detail.tsx', read: 'show' },
      {
        id: 'inquery-perintah-kerja-edit-pilihan-suku-cadang',
        at: 'child',
        path: ':id/edit/pilihan/suku-cadang',
        file: 'routes/admin/pilihan.tsx',
        read: 'update',
      },
    ],
  },
  inqueryKlaimBan: {
    group: 'Finance',
    label: 'Inquery Klaim Ban',
    path: '/admin/inquery-klaim-ban',
    routes: { kind: 'inquiry', file: 'routes/admin/inquery-klaim-ban/list.tsx', dialogsOf: 'routes/admin/klaim-ban', edit: true },
    extension: 'klaim-ban',
    csv: 'routes/finance/csv.tsx',
    // The row menu's Show: the claim's detail dialog, as on its list.
    extra: [{ id: 'inquery-klaim-ban-detail', at: 'child', path: ':id', file: 'routes/admin/klaim-ban/detail.tsx', read: 'show' }],
  },

  laporanPembelianBan: report('Laporan Pembelian Ban', 'laporan-pembelian-ban', 'laporan-pembelian'),
  // Laporan Biaya Ban per Km.
  laporanBiayaBan: report('Laporan Biaya Ban', 'laporan-biaya-ban', 'laporan-biaya', { extension: 'ban-lifecycle' }),
  // Every inspection line of a period (the URL's dates), with Cetak and CSV.
  laporanPemeriksaanBan: report('Laporan Pemeriksaan Ban', 'laporan-pemeriksaan-ban', 'laporan-pemeriksaan', {
    extension: 'pemeriksaan-ban',
  }),
  // The renewal costs of a period per vehicle and per document (STNK, KIR), with Cetak and CSV.
  laporanBiayaPerpanjangan: report('Laporan Biaya Perpanjangan', 'laporan-biaya-perpanjangan', 'laporan-biaya-perpanjangan', {
    extension: 'perpanjangan',
  }),
  // The cost of each vehicle in a period (extension 'biaya-kendaraan'): tyres, work orders, renewals, per km.
  laporanBiayaKendaraan: report('Laporan Biaya per Kendaraan', 'laporan-biaya-kendaraan', 'laporan-biaya-kendaraan', {
    extension: 'biaya-kendaraan',
  }),
  jatuhTempo: report('Jatuh Tempo STNK & KIR', 'jatuh-tempo', 'jatuh-tempo', { csv: 'routes/admin/jatuh-tempo/csv.tsx' }),
} as const satisfies Record<string, Screen>

export type ScreenKey = keyof typeof SCREENS

/** The screens as a list, in declaration order. */
export const SCREEN_LIST: readonly (Screen & { key: ScreenKey })[] = (Object.keys(SCREENS) as ScreenKey[]).map((key) => ({
  key,
  ...(SCREENS[key] as Screen),
}))

/** The route segment of a screen under /admin ('/admin/jenis_kendaraan' → 'jenis_kendaraan'). */
export const segmentOf = (s: Pick<Screen, 'path'>) => s.path.slice('/admin/'.length)
