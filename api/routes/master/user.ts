import { Hono } from 'hono'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { isUniqueError } from '../../database.ts'
import { hashPassword } from '../../auth.ts'
import { nextCode } from '../../codes.ts'
import { passwordSchema } from '../../password-rule.ts'
import { conflict, idParam, invalid, notFound, readBody, validate } from '../../http.ts'
import { forUpdate, nowMoment } from '../../sql.ts'
import { foreignId, requiredText, text } from './fields.ts'
import { checkReferences, deleteOrConflict, messages, readAllJson, readOne } from './resource.ts'

/**
 * Users (table `users`). kode_user is the login name, given by the admin; qrcode_user holds a
 * server-made US… code, as for the seeded admin. The password hash is never answered.
 */
export const userSelect = (db: DB) =>
  db.q
    .selectFrom('users as t')
    .leftJoin('karyawan as k', 'k.id', 't.karyawan_id')
    .select([
      't.id',
      't.kode_user',
      't.qrcode_user',
      't.karyawan_id',
      't.nama_user',
      't.telp',
      't.alamat',
      't.created_at',
      't.updated_at',
      'k.id as karyawan__id',
      'k.nama_lengkap as karyawan__nama_lengkap',
    ])

/** The Kendaraan form's drivers (a lookup, api/routes/grants.ts): who, never their phone or address. */
const userLookupSelect = (db: DB) =>
  db.q
    .selectFrom('users as t')
    .leftJoin('karyawan as k', 'k.id', 't.karyawan_id')
    .select(['t.id', 't.kode_user', 't.nama_user', 't.karyawan_id', 'k.id as karyawan__id', 'k.nama_lengkap as karyawan__nama_lengkap'])

const KODE_USER_TAKEN = 'Kode user sudah digunakan.'

/** kode_user: no spaces (it is typed at login); unique without regard to case (the column compares so on both databases). */
const kodeUser = (requiredMessage: string) =>
  requiredText(requiredMessage, 50).pipe(z.string().regex(/^\S+$/, 'Kode user tidak boleh mengandung spasi.'))

const addSchema = z.object({
  karyawan_id: foreignId('Silakan pilih karyawan terlebih dahulu!').refine((v) => v !== null, {
    message: 'Silakan pilih karyawan terlebih dahulu!',
  }),
  kode_user: kodeUser('Kode user wajib diisi.'),
  nama_user: text(),
  telp: text(50),
  alamat: text(1000),
  password: z.preprocess((v) => (v === undefined || v === null || v === '' ? null : v), passwordSchema().nullable()),
})

/** The older form: only kode_user (its alert calls it "Nama User"). */
const olderSchema = z.object({ kode_user: kodeUser('Nama User tidak boleh kosong!') })

async function assertKodeUserFree(db: DB, kode: string, exceptId: number | null) {
  const taken = await db.q
    .selectFrom('users')
    .select('id')
    .where('kode_user', '=', kode)
    .$if(exceptId !== null, (qb) => qb.where('id', '<>', exceptId!))
    .executeTakeFirst()
  if (taken) throw invalid({ kode_user: [KODE_USER_TAKEN] })
}

/** Is there a user `id` (its row locked until the transaction ends when `locked`)? */
const userExists = async (db: DB, id: number, locked: boolean) =>
  (await db.q
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .$if(locked, (qb) => qb.$call(forUpdate(db)))
    .executeTakeFirst()) !== undefined

/** A UNIQUE failure on kode_user that slipped past the check (another process) is still a 422. */
async function uniqueAsInvalid<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    if (isUniqueError(err)) throw invalid({ kode_user: [KODE_USER_TAKEN] })
    throw err
  }
}

export function userRoutes() {
  const r = new Hono<ApiEnv>()
  const msg = messages('User')

  r.get('/user', async (c) =>
    c.body(await readAllJson(c.get('db'), (c.get('listView') === 'lookup' ? userLookupSelect : userSelect)(c.get('db'))), 200, {
      'Content-Type': 'application/json',
    }),
  )

  type NewUser = {
    kode_user: string
    karyawan_id?: number | null
    nama_user?: string | null
    telp?: string | null
    alamat?: string | null
    password_hash?: string | null
  }
  const insertUser = (db: DB, u: NewUser) =>
    uniqueAsInvalid(() =>
      db.tx(async () => {
        await assertKodeUserFree(db, u.kode_user, null)
        const qr = await nextCode(db, 'user')
        const row = await db.q
          .insertInto('users')
          .values({
            kode_user: u.kode_user,
            qrcode_user: qr,
            karyawan_id: u.karyawan_id ?? null,
            nama_user: u.nama_user ?? null,
            telp: u.telp ?? null,
            alamat: u.alamat ?? null,
            password_hash: u.password_hash ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        return row.id
      }),
    )

  // POST /api/user/add {karyawan_id, nama_user, kode_user, telp, alamat, password?}
  r.post('/user/add', async (c) => {
    const db = c.get('db')
    const { password, ...values } = validate(addSchema, await readBody(c))
    await checkReferences(db, [{ field: 'karyawan_id', table: 'karyawan', message: 'Karyawan yang dipilih tidak ditemukan.' }], values)
    const id = await insertUser(db, { ...values, password_hash: password ? hashPassword(password) : null })
    return c.json({ message: msg.created, data: await readOne(userSelect(db), id) }, 201)
  })

  // POST /api/user {kode_user} — the older form.
  r.post('/user', async (c) => {
    const db = c.get('db')
    const { kode_user } = validate(olderSchema, await readBody(c))
    const id = await insertUser(db, { kode_user })
    return c.json({ message: msg.created, data: await readOne(userSelect(db), id) }, 201)
  })

  // PUT /api/user/{id} {kode_user} — the older form.
  r.put('/user/:id', async (c) => {
    const id = idParam(c, 'id', 'User')
    const db = c.get('db')
    if (!(await userExists(db, id, false))) throw notFound('User')
    const { kode_user } = validate(olderSchema, await readBody(c))
    await uniqueAsInvalid(() =>
      db.tx(async () => {
        // The user's row locked first, then the name checked free (the unique index holds it across rows).
        if (!(await userExists(db, id, true))) throw notFound('User')
        await assertKodeUserFree(db, kode_user, id)
        await db.q
          .updateTable('users')
          .set({ kode_user, updated_at: nowMoment(db) })
          .where('id', '=', id)
          .execute()
      }),
    )
    return c.json({ message: msg.updated, data: await readOne(userSelect(db), id) })
  })

  // DELETE /api/user/{id}: not yourself. Vehicles lose their driver; grants and tokens go with the user.
  r.delete('/user/:id', async (c) => {
    const id = idParam(c, 'id', 'User')
    const db = c.get('db')
    if (!(await userExists(db, id, false))) throw notFound('User')
    if (id === c.get('user').id) throw conflict('Anda tidak dapat menghapus akun Anda sendiri.')
    // One DELETE (a foreign key refusing it answers 409): no rule read before it, nothing to lock.
    if ((await deleteOrConflict(db, 'users', id, 'User')) === 0) throw notFound('User')
    return c.json({ message: msg.deleted })
  })

  return r
}
