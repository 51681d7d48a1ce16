import { Hono } from 'hono'
import type { ApiEnv, AuthUser, DB } from './types.ts'
import { idParam, notFound } from './http.ts'
import { DOCUMENT_LIST, type DocumentKey } from './documents.ts'

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
  const row = (await db
    .prepare(
      `SELECT u.kode_user AS kode, COALESCE(NULLIF(TRIM(k.nama_lengkap), ''), NULLIF(TRIM(u.nama_user), ''), u.kode_user) AS nama
       FROM users u LEFT JOIN karyawan k ON k.id = u.karyawan_id WHERE u.id = ?`,
    )
    .get(user.id)) as { kode: string; nama: string } | undefined
  return row ?? { kode: user.kode_user, nama: user.kode_user }
}

/** Appends one record (call it inside the change's transaction). */
export async function recordAudit(
  db: DB,
  user: AuthUser,
  entry: { entitas: AuditEntitas; entitasId: number; aksi: AuditAksi; detail?: unknown },
): Promise<void> {
  const actor = await actorOf(db, user)
  await db
    .prepare('INSERT INTO audit_log (entitas, entitas_id, aksi, user_id, kode_user, nama_user, detail) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(
      entry.entitas,
      entry.entitasId,
      entry.aksi,
      user.id,
      actor.kode,
      actor.nama,
      entry.detail === undefined || entry.detail === null ? null : JSON.stringify(entry.detail),
    )
}

type AuditRow = {
  id: number
  aksi: AuditAksi
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
  aksi: r.aksi,
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
      const rows = (await db
        .prepare(
          'SELECT id, aksi, created_at, user_id, kode_user, nama_user, detail FROM audit_log WHERE entitas = ? AND entitas_id = ? ORDER BY id',
        )
        .all(entitas, id)) as AuditRow[]
      if (rows.length === 0 && !(await db.prepare(`SELECT 1 FROM ${entitas} WHERE id = ?`).get(id))) throw notFound(doc.what)
      return c.json({ data: rows.map(answerOf) })
    })
  }

  r.get('/akses/:id/riwayat', async (c) => {
    const db = c.get('db')
    const id = idParam(c, 'id', 'User')
    const rows = (await db
      .prepare(
        `SELECT id, aksi, created_at, user_id, kode_user, nama_user, detail FROM audit_log
         WHERE entitas = 'akses' AND entitas_id = ? ORDER BY id DESC LIMIT ${AKSES_RIWAYAT_LIMIT}`,
      )
      .all(id)) as AuditRow[]
    if (rows.length === 0 && !(await db.prepare('SELECT 1 FROM users WHERE id = ?').get(id))) throw notFound('User')
    return c.json({ data: rows.map(answerOf) })
  })

  return r
}
