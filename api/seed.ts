import { hashPassword } from './auth.ts'
import { nextCode } from './codes.ts'
import type { DB } from './types.ts'
import { ensureMenuCatalogue } from './menu-catalogue.ts'
import { seedMasterDemo } from './seed/master.ts'
import { seedTransaksiDemo } from './seed/transaksi.ts'

export type SeedOptions = { adminPassword: string }

/** Runs at every start: the feature catalogue, and on an empty database the demo data. */
export async function prepareDatabase(db: DB, opts: SeedOptions) {
  await ensureMenuCatalogue(db)
  const users = ((await db.prepare('SELECT COUNT(*) AS n FROM users').get()) as { n: number }).n
  if (users === 0) await seedDemo(db, opts)
}

/** The demo data set: the admin user (admin / ADMIN_PASSWORD) and believable data in every entity. */
export async function seedDemo(db: DB, opts: SeedOptions) {
  await db.tx(async () => {
    const departemen = ['Operasional', 'Keuangan', 'Gudang', 'Pemeliharaan', 'Personalia', 'Pembelian', 'IT']
    const insertDep = db.prepare('INSERT INTO departemen (kode_departemen, nama, qrcode_departemen) VALUES (?, ?, ?) RETURNING id')
    const depIds: number[] = []
    for (const nama of departemen) {
      const kode = await nextCode(db, 'departemen')
      depIds.push(((await insertDep.get(kode, nama, kode)) as { id: number }).id)
    }
    const kodeKaryawan = await nextCode(db, 'karyawan')
    const adminKaryawan = (await db
      .prepare(
        `INSERT INTO karyawan (kode_karyawan, qrcode_karyawan, nama_lengkap, nama_kecil, gender, departemen_id,
           telp, gmail, alamat, tanggal_gabung) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      )
      .get(
        kodeKaryawan,
        kodeKaryawan,
        'Administrator Sistem',
        'Admin',
        'Laki-laki',
        depIds[6],
        '081200000001',
        'admin@armada.co.id',
        'Jl. Raya Tegal No. 1, Tegal',
        '2020-01-02',
      )) as { id: number }
    const kodeUser = await nextCode(db, 'user')
    await db
      .prepare(
        `INSERT INTO users (kode_user, qrcode_user, karyawan_id, nama_user, telp, alamat, password_hash)
       VALUES ('admin', ?, ?, 'Administrator', '081200000001', 'Jl. Raya Tegal No. 1, Tegal', ?)`,
      )
      .run(kodeUser, adminKaryawan.id, hashPassword(opts.adminPassword))
    const adminId = ((await db.prepare("SELECT id FROM users WHERE kode_user = 'admin'").get()) as { id: number }).id
    // The admin may do everything.
    await db
      .prepare(
        `INSERT INTO akses (user_id, menu_fitur_id, active, can_create, can_update, can_delete, can_show, can_posting,
         can_unpost, can_posting_all, can_unpost_all, can_search, can_print)
       SELECT ?, id, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 FROM menu_fitur`,
      )
      .run(adminId)
    await seedMasterDemo(db, { departemenIds: depIds })
    await seedTransaksiDemo(db)
  })
}
