import { Hono } from 'hono'
import { sql } from 'kysely'
import type { ApiEnv, AuthUser, DB } from './types.ts'
import { idParam, notFound } from './http.ts'
import { DOCUMENT_LIST, type DocumentKey } from './documents.ts'
import { isoMoment } from './sql.ts'

/**
 * The audit trail (table audit_log, migration 005_audit.sql): an append-only log of who did what to a
 * document or to a user's access rights. `recordAudit` is called by the route that makes the change,
 * inside its transaction, so a change is never stored without its record (nor a record without its
 * change). Rows are written whether or not the `audit` extension is switched on; the switch only
 * mounts the read calls (auditRoutes, mounted in api/app.ts).
 */

/** A document (api/documents.ts: the key is its table) or a user's access rights. */
export type AuditEntitas = DocumentKey | 'akses'
export type AuditAksi = 'dibuat' | 'diubah' | 'posting' | 'unpost' | 'hapus' | 'akses_diubah'

/**
 * The acting user as it was: the login name (kode_user, which only the User menu changes) and the
 * name shown today (the karyawan's name, else nama_user, else kode_user). The name alone could be
 * anyone's: a user with Karyawan Update may rename the employee linked to them "Administrator Sistem";
 * the login name beside it says who acted.
 */
async function actorOf(db: DB, user: AuthUser): Promise<{ kode: string; nama: string }> {
  const row = await db.q
    .selectFrom('users as u')
    .leftJoin('karyawan as k', 'k.id', 'u.karyawan_id')
    .select([
      'u.kode_user as kode',
      sql<string>`COALESCE(NULLIF(TRIM(k.nama_lengkap), ''), NULLIF(TRIM(u.nama_user), ''), u.kode_user)`.as('nama'),
    ])
    .where('u.id', '=', user.id)
    .executeTakeFirst()
  return row ?? { kode: user.kode_user, nama: user.kode_user }
}

/** Appends one record (call it inside the change's transaction). */
export async function recordAudit(
  db: DB,
  user: AuthUser,
  entry: { entitas: AuditEntitas; entitasId: number; aksi: AuditAksi; detail?: unknown },
): Promise<void> {
  const actor = await actorOf(db, user)
  await db.q
    .insertInto('audit_log')
    .values({
      entitas: entry.entitas,
      entitas_id: entry.entitasId,
      aksi: entry.aksi,
      user_id: user.id,
      kode_user: actor.kode,
      nama_user: actor.nama,
      detail: entry.detail === undefined || entry.detail === null ? null : JSON.stringify(entry.detail),
    })
    .execute()
}

/** The columns a record is answered from; its moment in ISO 8601 (the contract's form) on both databases. */
const auditColumns = (db: DB) =>
  ['id', 'aksi', isoMoment(db, sql.ref('created_at')).as('created_at'), 'user_id', 'kode_user', 'nama_user', 'detail'] as const

type AuditRow = {
  id: number
  aksi: string
  created_at: string
  user_id: number | null
  kode_user: string | null
  nama_user: string
  detail: string | null
}

/**
 * A record as the calls answer it: {id, aksi, created_at, user: {id, kode_user, nama_user}, detail};
 * kode_user is null on records written before it was kept (migration 007).
 */
const answerOf = (r: AuditRow) => ({
  id: r.id,
  aksi: r.aksi as AuditAksi,
  created_at: r.created_at,
  user: { id: r.user_id, kode_user: r.kode_user, nama_user: r.nama_user },
  detail: r.detail === null ? null : (JSON.parse(r.detail) as unknown),
})

/** The number of access-right changes GET /api/akses/{id}/riwayat answers. */
export const AKSES_RIWAYAT_LIMIT = 20

/**
 * GET /api/riwayat-dokumen/{document}/{id}: the document's history (api/documents.ts), oldest first
 *   (404 when there is neither a document nor a record; a deleted document's history stays readable).
 * GET /api/akses/{id}/riwayat: the last 20 changes of that user's access rights, newest first.
 */
export function auditRoutes() {
  const r = new Hono<ApiEnv>()

  for (const [entitas, doc] of DOCUMENT_LIST) {
    r.get(`/riwayat-dokumen/${entitas}/:id`, async (c) => {
      const db = c.get('db')
      const id = idParam(c, 'id', doc.what)
      const rows = await db.q
        .selectFrom('audit_log')
        .select(auditColumns(db))
        .where('entitas', '=', entitas)
        .where('entitas_id', '=', id)
        .orderBy('id')
        .execute()
      // The document's table is its key (api/documents.ts), never text from the request.
      if (rows.length === 0 && !(await sql`SELECT 1 FROM ${sql.table(entitas)} WHERE id = ${id}`.execute(db.q)).rows.length) {
        throw notFound(doc.what)
      }
      return c.json({ data: rows.map(answerOf) })
    })
  }

  r.get('/akses/:id/riwayat', async (c) => {
    const db = c.get('db')
    const id = idParam(c, 'id', 'User')
    const rows = await db.q
      .selectFrom('audit_log')
      .select(auditColumns(db))
      .where('entitas', '=', 'akses')
      .where('entitas_id', '=', id)
      .orderBy('id', 'desc')
      .limit(AKSES_RIWAYAT_LIMIT)
      .execute()
    if (rows.length === 0 && !(await db.q.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('User')
    return c.json({ data: rows.map(answerOf) })
  })

  return r
}
