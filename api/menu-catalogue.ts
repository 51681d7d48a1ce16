import { sql } from 'kysely'
import { DOCUMENT_LIST } from './documents.ts'
import { PERMISSION_FLAGS } from './routes/master/akses.ts'
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
  { kategori: 'Pemeliharaan Kendaraan', nama: 'Km Kendaraan', route: '/admin/km-kendaraan' },
  { kategori: 'Pemeliharaan Kendaraan', nama: 'Item Servis', route: '/admin/item-servis' },
  { kategori: 'Pemeliharaan Kendaraan', nama: 'Jadwal Servis', route: '/admin/jadwal-servis' },
  { kategori: 'Pemeliharaan Kendaraan', nama: 'Servis Jatuh Tempo', route: '/admin/servis-jatuh-tempo' },
  // The parts store (its purchase's menus come with the document, api/documents.ts).
  { kategori: 'Master', nama: 'Suku Cadang', route: '/admin/suku-cadang' },
  { kategori: 'Pemeliharaan Kendaraan', nama: 'Stok Suku Cadang', route: '/admin/stok-suku-cadang' },
  { kategori: 'Pemeliharaan Kendaraan', nama: 'Stok Opname', route: '/admin/stok-opname' },
  { kategori: 'Laporan', nama: 'Laporan Biaya per Kendaraan', route: '/admin/laporan-biaya-kendaraan' },
]

/**
 * The catalogue: the menus above, then those the extensions' documents bring (api/documents.ts), in
 * the order they were added (a fresh database numbers them so: `urutan`).
 */
export const MENU_CATALOGUE: readonly { kategori: string; nama: string; route: string }[] = [
  ...OWN_MENUS,
  ...DOCUMENT_LIST.flatMap(([, d]) => d.catalogue ?? []),
]

/** The menu whose full grant makes a user an administrator: Hak Akses, the access editor. */
export const ADMINISTRATOR_MENU = '/admin/akses'

/**
 * The administrators: the users holding Hak Akses with every permission. They can give themselves any
 * grant anyway, so a menu added by an upgrade is theirs at once; nobody else gains anything.
 */
const administrators = (db: DB) =>
  PERMISSION_FLAGS.reduce(
    (query, flag) => query.where(`a.${flag}`, '=', 1),
    db.q
      .selectFrom('akses as a')
      .innerJoin('menu_fitur as m', 'm.id', 'a.menu_fitur_id')
      .select('a.user_id')
      .distinct()
      .where('m.route', '=', ADMINISTRATOR_MENU)
      .where('a.active', '=', 1),
  )

/** Who the access history names for a grant the upgrade gave (no user made it). */
export const UPGRADE_ACTOR = 'Pembaruan aplikasi'

/**
 * Inserts catalogue entries that are missing (by route) and grants each one added, with every
 * permission, to the administrators (`administrators`), each grant recorded in the administrator's
 * access history — in one transaction with the inserts. On a new database there is nobody yet (the
 * seed grants the admin everything afterwards). Idempotent; runs at every start: a menu already there
 * is left as it is, with whatever grants the access editor gave it since.
 */
export async function ensureMenuCatalogue(db: DB) {
  const allFlags = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, sql.lit(1).as(f)]))
  await db.tx(async () => {
    const adminIds = (await administrators(db).execute()).map((a) => a.user_id)
    const added: { menu_fitur_id: number; menu: string; kategori: string }[] = []
    for (const [i, m] of MENU_CATALOGUE.entries()) {
      if (await db.q.selectFrom('menu_fitur').select('id').where('route', '=', m.route).executeTakeFirst()) continue
      const { id } = await db.q
        .insertInto('menu_fitur')
        .values({ kategori: m.kategori, nama: m.nama, route: m.route, urutan: i + 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
      await db.q
        .insertInto('akses')
        .columns(['user_id', 'menu_fitur_id', 'active', ...PERMISSION_FLAGS])
        .expression(
          db.q
            .selectFrom(administrators(db).as('admins'))
            .select((eb) => [
              'admins.user_id',
              eb.val(id).as('menu_fitur_id'),
              sql.lit(1).as('active'),
              ...PERMISSION_FLAGS.map((f) => allFlags[f]!),
            ])
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('akses as held')
                    .select('held.user_id')
                    .whereRef('held.user_id', '=', 'admins.user_id')
                    .where('held.menu_fitur_id', '=', id),
                ),
              ),
            ),
        )
        .execute()
      added.push({ menu_fitur_id: id, menu: m.nama, kategori: m.kategori })
    }
    if (!added.length) return
    const parts = ['select', ...PERMISSION_FLAGS.map((f) => f.slice(4))]
    const perubahan = added.map((m) => ({ ...m, granted: parts, revoked: [] }))
    for (const userId of adminIds) {
      await db.q
        .insertInto('audit_log')
        .values({
          entitas: 'akses',
          entitas_id: userId,
          aksi: 'akses_diubah',
          user_id: null,
          kode_user: null,
          nama_user: UPGRADE_ACTOR,
          detail: JSON.stringify({ perubahan }),
        })
        .execute()
    }
  })
}
