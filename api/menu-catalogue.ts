import { DOCUMENT_LIST } from './documents.ts'
import type { DB } from './types.ts'

/**
 * The access editor's feature catalogue: one feature per menu of the app, grouped by the sidebar's
 * groups. Here the spec's menus and the extensions' screens that are no document; a document brings
 * its own (api/documents.ts `catalogue`). The app declares the same menus in app/screens.ts; the two
 * servers share no code, and a unit test (tests/unit/menu-catalogue.test.ts) holds them together. A
 * simple master (api/simple-entities.ts) names its menu and its readers' there;
 * tests/api/master-entities.test.ts checks each is here.
 */
const OWN_MENUS: { kategori: string; nama: string; route: string }[] = [
  { kategori: 'Master', nama: 'Departemen', route: '/admin/departemen' },
  { kategori: 'Master', nama: 'Karyawan', route: '/admin/karyawan' },
  { kategori: 'Master', nama: 'User', route: '/admin/user' },
  { kategori: 'Master', nama: 'Hak Akses', route: '/admin/akses' },
  { kategori: 'Master', nama: 'Supplier', route: '/admin/supplier' },
  { kategori: 'Master', nama: 'Golongan', route: '/admin/golongan' },
  { kategori: 'Master', nama: 'Jenis Kendaraan', route: '/admin/jenis_kendaraan' },
  { kategori: 'Master', nama: 'Kendaraan', route: '/admin/kendaraan' },
  { kategori: 'Master', nama: 'Ukuran Ban', route: '/admin/ukuran' },
  { kategori: 'Master', nama: 'Merek Ban', route: '/admin/merek' },
  { kategori: 'Master', nama: 'Type Ban', route: '/admin/typban' },
  { kategori: 'Operasional', nama: 'STNK', route: '/admin/stnk' },
  { kategori: 'Pemeliharaan Kendaraan', nama: 'Pemasangan Ban', route: '/admin/pemasangan-ban' },
  { kategori: 'Transaksi', nama: 'Pembelian Ban', route: '/admin/pembelian-ban' },
  { kategori: 'Finance', nama: 'Inquery Pembelian Ban', route: '/admin/inquery-pembelian-ban' },
  { kategori: 'Finance', nama: 'Inquery Pemasangan Ban', route: '/admin/inquery-pemasangan-ban' },
  { kategori: 'Laporan', nama: 'Laporan Pembelian Ban', route: '/admin/laporan-pembelian-ban' },
  { kategori: 'Pemeliharaan Kendaraan', nama: 'Stok Ban', route: '/admin/ban' },
  { kategori: 'Laporan', nama: 'Laporan Biaya Ban', route: '/admin/laporan-biaya-ban' },
  { kategori: 'Laporan', nama: 'Jatuh Tempo STNK & KIR', route: '/admin/jatuh-tempo' },
  { kategori: 'Laporan', nama: 'Laporan Pemeriksaan Ban', route: '/admin/laporan-pemeriksaan-ban' },
  { kategori: 'Laporan', nama: 'Laporan Biaya Perpanjangan', route: '/admin/laporan-biaya-perpanjangan' },
]

/**
 * The catalogue: the menus above, then those the extensions' documents bring (api/documents.ts), in
 * the order they were added (a fresh database numbers them so: `urutan`).
 */
export const MENU_CATALOGUE: readonly { kategori: string; nama: string; route: string }[] = [
  ...OWN_MENUS,
  ...DOCUMENT_LIST.flatMap(([, d]) => d.catalogue ?? []),
]

/** Inserts catalogue entries that are missing (by route). Idempotent; runs at every start. */
export async function ensureMenuCatalogue(db: DB) {
  const has = db.prepare('SELECT 1 FROM menu_fitur WHERE route = ?')
  const insert = db.prepare('INSERT INTO menu_fitur (kategori, nama, route, urutan) VALUES (?, ?, ?, ?)')
  await db.tx(async () => {
    for (const [i, m] of MENU_CATALOGUE.entries()) {
      if (!(await has.get(m.route))) await insert.run(m.kategori, m.nama, m.route, i + 1)
    }
  })
}
