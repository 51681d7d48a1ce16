import { hashPassword } from './auth.ts'
import { nextCode } from './codes.ts'
import type { DB } from './types.ts'
import { ensureMenuCatalogue } from './menu-catalogue.ts'
import { PERMISSION_FLAGS } from './routes/master/akses.ts'
import { seedMasterDemo } from './seed/master.ts'
import { seedTransaksiDemo } from './seed/transaksi.ts'

export type SeedOptions = { adminPassword: string }

/**
 * How an empty database is filled: `demo` (the quick start, `npm start` on a fresh machine) gets the
 * demo data set with its users; otherwise (a production start: the Docker image, compose) only the
 * `admin` user, whose password must be given (ADMIN_PASSWORD, at least 8 characters).
 */
export type PrepareOptions = { demo: boolean; adminPassword?: string }

/** The shortest ADMIN_PASSWORD a production start accepts. */
export const MIN_ADMIN_PASSWORD = 8

/** A start that must not go on (missing or bad setting): its message is the one line the process prints. */
export class SetupRefused extends Error {}

/** DEMO_DATA as a boolean: `true` or `false`; unset gives `fallback`; anything else is refused. */
export function demoDataSetting(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback
  const v = value.trim().toLowerCase()
  if (v === 'true') return true
  if (v === 'false') return false
  throw new SetupRefused(`DEMO_DATA must be true or false (got "${value}").`)
}

/**
 * Runs at every start: the feature catalogue and, on an empty database (no user yet), the demo data
 * or only the admin user (see PrepareOptions). Says what it did.
 */
export async function prepareDatabase(db: DB, opts: PrepareOptions): Promise<'existing' | 'demo' | 'admin'> {
  await ensureMenuCatalogue(db)
  const users = Number(
    (
      await db.q
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  if (users > 0) return 'existing'
  if (opts.demo) {
    await seedDemo(db, { adminPassword: opts.adminPassword ?? 'admin' })
    return 'demo'
  }
  const password = opts.adminPassword ?? ''
  if (password.length < MIN_ADMIN_PASSWORD) {
    throw new SetupRefused(
      password
        ? `ADMIN_PASSWORD must be at least ${MIN_ADMIN_PASSWORD} characters: the database is empty and its admin user is made with it.`
        : `ADMIN_PASSWORD is required: the database is empty and its admin user is made with it (at least ${MIN_ADMIN_PASSWORD} characters; DEMO_DATA=true for the demo data instead).`,
    )
  }
  await db.tx(async () => {
    await insertAdmin(db, password, null)
  })
  return 'admin'
}

/** The `admin` user with the given password, granted every permission of every menu. */
async function insertAdmin(db: DB, password: string, karyawanId: number | null) {
  const kodeUser = await nextCode(db, 'user')
  const { id: adminId } = await db.q
    .insertInto('users')
    .values({
      kode_user: 'admin',
      qrcode_user: kodeUser,
      karyawan_id: karyawanId,
      nama_user: 'Administrator',
      telp: karyawanId === null ? null : '081200000001',
      alamat: karyawanId === null ? null : 'Jl. Raya Tegal No. 1, Tegal',
      password_hash: hashPassword(password),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The admin may do everything: every menu, every permission.
  const menus = await db.q.selectFrom('menu_fitur').select('id').orderBy('id').execute()
  const all = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, 1])) as Record<(typeof PERMISSION_FLAGS)[number], number>
  if (menus.length) {
    await db.q
      .insertInto('akses')
      .values(menus.map((m) => ({ user_id: adminId, menu_fitur_id: m.id, active: 1, ...all })))
      .execute()
  }
}

/** The demo data set: the admin user (admin / ADMIN_PASSWORD) and believable data in every entity. */
export async function seedDemo(db: DB, opts: SeedOptions) {
  await db.tx(async () => {
    const departemen = ['Operasional', 'Keuangan', 'Gudang', 'Pemeliharaan', 'Personalia', 'Pembelian', 'IT']
    const depIds: number[] = []
    for (const nama of departemen) {
      const kode = await nextCode(db, 'departemen')
      const { id } = await db.q
        .insertInto('departemen')
        .values({ kode_departemen: kode, nama, qrcode_departemen: kode })
        .returning('id')
        .executeTakeFirstOrThrow()
      depIds.push(id)
    }
    const kodeKaryawan = await nextCode(db, 'karyawan')
    const adminKaryawan = await db.q
      .insertInto('karyawan')
      .values({
        kode_karyawan: kodeKaryawan,
        qrcode_karyawan: kodeKaryawan,
        nama_lengkap: 'Administrator Sistem',
        nama_kecil: 'Admin',
        gender: 'Laki-laki',
        departemen_id: depIds[6],
        telp: '081200000001',
        gmail: 'admin@armada.co.id',
        alamat: 'Jl. Raya Tegal No. 1, Tegal',
        tanggal_gabung: '2020-01-02',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await insertAdmin(db, opts.adminPassword, adminKaryawan.id)
    await seedMasterDemo(db, { departemenIds: depIds })
    await seedTransaksiDemo(db)
  })
}

/** The exit code of a start refused by SetupRefused (EX_CONFIG): a supervisor does not start it again. */
export const EXIT_SETUP_REFUSED = 78

/**
 * prepareDatabase as a process runs it: DEMO_DATA (unset: `demoFallback`; the api alone and the
 * Docker image: no demo) and ADMIN_PASSWORD from `env`.
 */
export function prepareFromEnv(db: DB, env: Record<string, string | undefined> = process.env, demoFallback = false) {
  return prepareDatabase(db, { demo: demoDataSetting(env.DEMO_DATA, demoFallback), adminPassword: env.ADMIN_PASSWORD || undefined })
}
