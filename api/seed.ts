import { hashPassword } from './auth.ts'
import { nextCode } from './codes.ts'
import type { DB } from './types.ts'
import { ensureMenuCatalogue } from './menu-catalogue.ts'
import { seedMasterDemo } from './seed/master.ts'
import { seedTransaksiDemo } from './seed/transaksi.ts'

export type SeedOptions = { adminPassword: string }

/** Runs at every start: the feature catalogue, and on an empty database the demo data. */
export function prepareDatabase(db: DB, opts: SeedOptions) {
  ensureMenuCatalogue(db)
  const users = (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n
  if (users === 0) seedDemo(db, opts)
}

/** The demo data set: the admin user (admin / ADMIN_PASSWORD) and believable data in every entity. */
export function seedDemo(db: DB, opts: SeedOptions) {
  db.transaction(() => {
    const departemen = ['Operasional', 'Keuangan', 'Gudang', 'Pemeliharaan', 'Personalia', 'Pembelian', 'IT']
    const insertDep = db.prepare('INSERT INTO departemen (kode_departemen, nama, qrcode_departemen) VALUES (?, ?, ?) RETURNING id')
    const depIds = departemen.map((nama) => {
      const kode = nextCode(db, 'departemen')
      return (insertDep.get(kode, nama, kode) as { id: number }).id
    })
    const kodeKaryawan = nextCode(db, 'karyawan')
    const adminKaryawan = db
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
      ) as { id: number }
    const kodeUser = nextCode(db, 'user')
    db.prepare(
      `INSERT INTO users (kode_user, qrcode_user, karyawan_id, nama_user, telp, alamat, password_hash)
       VALUES ('admin', ?, ?, 'Administrator', '081200000001', 'Jl. Raya Tegal No. 1, Tegal', ?)`,
    ).run(kodeUser, adminKaryawan.id, hashPassword(opts.adminPassword))
    const adminId = (db.prepare("SELECT id FROM users WHERE kode_user = 'admin'").get() as { id: number }).id
    // The admin may do everything.
    db.prepare(
      `INSERT INTO akses (user_id, menu_fitur_id, active, can_create, can_update, can_delete, can_show, can_posting,
         can_unpost, can_posting_all, can_unpost_all, can_search, can_print)
       SELECT ?, id, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 FROM menu_fitur`,
    ).run(adminId)
    seedMasterDemo(db, { departemenIds: depIds })
    seedTransaksiDemo(db)
  })()
}
