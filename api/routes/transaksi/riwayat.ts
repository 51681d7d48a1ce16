import type { Context } from 'hono'
import type { ApiEnv, DB } from '../../types.ts'

/**
 * The tyre's history (table riwayat_ban): one row per step, written by the code that makes
 * the step, inside its transaction. Names (user, vehicle, supplier) and document codes are copied
 * into the row, so the history tells what was true then.
 */

export type RiwayatJenis = 'beli' | 'pasang' | 'batal_pasang' | 'lepas' | 'batal_lepas' | 'terima_vulkanisir' | 'rotasi' | 'batal_rotasi'
export type DokumenJenis = 'pembelian' | 'pemasangan' | 'pelepasan' | 'vulkanisir' | 'rotasi'

/** Who did it: the user id and the name as it is now (nama_user, else kode_user). */
export type Actor = { id: number | null; nama: string | null }

export const NO_ACTOR: Actor = { id: null, nama: null }

export async function actorOf(db: DB, userId: number | null | undefined): Promise<Actor> {
  if (userId == null) return NO_ACTOR
  const row = (await db.prepare('SELECT id, COALESCE(nama_user, kode_user) AS nama FROM users WHERE id = ?').get(userId)) as
    { id: number; nama: string | null } | undefined
  return row ? { id: row.id, nama: row.nama } : NO_ACTOR
}

/** The caller of a request as an Actor. */
export const actorOfRequest = (c: Context<ApiEnv>): Promise<Actor> => actorOf(c.get('db'), c.get('user')?.id)

export type RiwayatRow = {
  ban_id: number
  jenis: RiwayatJenis
  tanggal: string
  dokumen?: { jenis: DokumenJenis; id: number; kode: string | null } | null
  kendaraan_id?: number | null
  posisi_ban?: string | null
  /** A move's target position (posisi_ban is where the tyre came from). */
  posisi_tujuan?: string | null
  km?: number | null
  km_tempuh?: number | null
  biaya?: number | null
  alasan?: string | null
  tujuan?: string | null
  tebal_tapak?: number | null
  keterangan?: string | null
  supplier_id?: number | null
  detail_pemasangan_ban_id?: number | null
  detail_pelepasan_ban_id?: number | null
  detail_rotasi_ban_id?: number | null
  /** Only the seeds give it (a past moment); else now. */
  created_at?: string | null
}

/** Appends one history row; no_kabin and nama_supp are read from kendaraan_id and supplier_id. */
export async function writeRiwayat(db: DB, actor: Actor, r: RiwayatRow) {
  await db
    .prepare(
      `INSERT INTO riwayat_ban (ban_id, jenis, tanggal, user_id, nama_user, dokumen_jenis, dokumen_id, dokumen_kode,
       kendaraan_id, no_kabin, posisi_ban, km, km_tempuh, biaya, alasan, tujuan, tebal_tapak, keterangan,
       supplier_id, nama_supp, detail_pemasangan_ban_id, detail_pelepasan_ban_id, created_at, posisi_tujuan, detail_rotasi_ban_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT no_kabin FROM kendaraan WHERE id = ?), ?, ?, ?, ?, ?, ?, ?, ?,
       ?, (SELECT nama_supp FROM supplier WHERE id = ?), ?, ?, COALESCE(?, datetime('now')), ?, ?)`,
    )
    .run(
      r.ban_id,
      r.jenis,
      r.tanggal,
      actor.id,
      actor.nama,
      r.dokumen?.jenis ?? null,
      r.dokumen?.id ?? null,
      r.dokumen?.kode ?? null,
      r.kendaraan_id ?? null,
      r.kendaraan_id ?? null,
      r.posisi_ban ?? null,
      r.km ?? null,
      r.km_tempuh ?? null,
      r.biaya ?? null,
      r.alasan ?? null,
      r.tujuan ?? null,
      r.tebal_tapak ?? null,
      r.keterangan ?? null,
      r.supplier_id ?? null,
      r.supplier_id ?? null,
      r.detail_pemasangan_ban_id ?? null,
      r.detail_pelepasan_ban_id ?? null,
      r.created_at ?? null,
      r.posisi_tujuan ?? null,
      r.detail_rotasi_ban_id ?? null,
    )
}

/** The 'beli' rows of every tyre of a purchase that has none yet (a new purchase, new lines of an update). */
export async function writePurchaseHistory(db: DB, actor: Actor, pembelianId: number) {
  await db
    .prepare(
      `INSERT INTO riwayat_ban (ban_id, jenis, tanggal, user_id, nama_user, dokumen_jenis, dokumen_id, dokumen_kode, biaya,
       supplier_id, nama_supp)
     SELECT b.id, 'beli', p.tanggal_awal, ?, ?, 'pembelian', p.id, p.kode_pembelian_ban, b.harga, s.id, s.nama_supp
     FROM ban b JOIN pembelian_ban p ON p.id = b.pembelian_ban_id LEFT JOIN supplier s ON s.id = p.supplier_id
     WHERE p.id = ? AND NOT EXISTS (SELECT 1 FROM riwayat_ban r WHERE r.ban_id = b.id AND r.jenis = 'beli')
     ORDER BY b.id`,
    )
    .run(actor.id, actor.nama, pembelianId)
}

/**
 * For the seeds (which write tyres and fittings with SQL): the 'beli' row of every tyre without one and
 * the 'pasang' row of every fitting line without one, as migration 004 backfills them.
 */
export async function backfillRiwayat(db: DB, actor: Actor = NO_ACTOR) {
  await db
    .prepare(
      `INSERT INTO riwayat_ban (ban_id, jenis, tanggal, user_id, nama_user, dokumen_jenis, dokumen_id, dokumen_kode, biaya,
       supplier_id, nama_supp, created_at)
     SELECT b.id, 'beli', COALESCE(p.tanggal_awal, substr(b.created_at, 1, 10)), ?, ?,
       CASE WHEN p.id IS NOT NULL THEN 'pembelian' END, p.id, p.kode_pembelian_ban, b.harga, s.id, s.nama_supp,
       COALESCE(p.tanggal_awal || ' 08:00:00', b.created_at)
     FROM ban b LEFT JOIN pembelian_ban p ON p.id = b.pembelian_ban_id LEFT JOIN supplier s ON s.id = p.supplier_id
     WHERE NOT EXISTS (SELECT 1 FROM riwayat_ban r WHERE r.ban_id = b.id AND r.jenis = 'beli')
     ORDER BY b.id`,
    )
    .run(actor.id, actor.nama)
  await db
    .prepare(
      `INSERT INTO riwayat_ban (ban_id, jenis, tanggal, user_id, nama_user, dokumen_jenis, dokumen_id, dokumen_kode, kendaraan_id,
       no_kabin, posisi_ban, km, detail_pemasangan_ban_id, created_at)
     SELECT d.ban_id, 'pasang', COALESCE(f.tanggal_awal, substr(d.created_at, 1, 10)), ?, ?,
       CASE WHEN f.id IS NOT NULL THEN 'pemasangan' END, f.id, f.kode_pemasangan, k.id, k.no_kabin, d.posisi_ban,
       d.km_pemasangan, d.id, COALESCE(f.tanggal_awal || ' 10:00:00', d.created_at)
     FROM detail_pemasangan_ban d LEFT JOIN pemasangan_ban f ON f.id = d.pemasangan_ban_id
       LEFT JOIN kendaraan k ON k.id = d.kendaraan_id
     WHERE NOT EXISTS (SELECT 1 FROM riwayat_ban r WHERE r.detail_pemasangan_ban_id = d.id AND r.jenis = 'pasang')
     ORDER BY d.id`,
    )
    .run(actor.id, actor.nama)
}
