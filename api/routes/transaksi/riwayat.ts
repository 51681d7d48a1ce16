import type { Context } from 'hono'
import { sql } from 'kysely'
import { dayOf, momentOfDay, nowMoment } from '../../sql.ts'
import type { ApiEnv, DB } from '../../types.ts'

/**
 * The ban's history (table riwayat_ban): one row per step, written by the code that makes
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
  const row = await db.q
    .selectFrom('users')
    .select((eb) => ['id', eb.fn.coalesce('nama_user', 'kode_user').as('nama')])
    .where('id', '=', userId)
    .executeTakeFirst()
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
  /** A move's target position (posisi_ban is where the ban came from). */
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
  const kendaraanId = r.kendaraan_id ?? null
  const supplierId = r.supplier_id ?? null
  await db.q
    .insertInto('riwayat_ban')
    .values((eb) => ({
      ban_id: r.ban_id,
      jenis: r.jenis,
      tanggal: r.tanggal,
      user_id: actor.id,
      nama_user: actor.nama,
      dokumen_jenis: r.dokumen?.jenis ?? null,
      dokumen_id: r.dokumen?.id ?? null,
      dokumen_kode: r.dokumen?.kode ?? null,
      kendaraan_id: kendaraanId,
      no_kabin: kendaraanId == null ? null : eb.selectFrom('kendaraan').select('no_kabin').where('id', '=', kendaraanId),
      posisi_ban: r.posisi_ban ?? null,
      km: r.km ?? null,
      km_tempuh: r.km_tempuh ?? null,
      biaya: r.biaya ?? null,
      alasan: r.alasan ?? null,
      tujuan: r.tujuan ?? null,
      tebal_tapak: r.tebal_tapak ?? null,
      keterangan: r.keterangan ?? null,
      supplier_id: supplierId,
      nama_supp: supplierId == null ? null : eb.selectFrom('supplier').select('nama_supp').where('id', '=', supplierId),
      detail_pemasangan_ban_id: r.detail_pemasangan_ban_id ?? null,
      detail_pelepasan_ban_id: r.detail_pelepasan_ban_id ?? null,
      created_at: r.created_at ?? nowMoment(db),
      posisi_tujuan: r.posisi_tujuan ?? null,
      detail_rotasi_ban_id: r.detail_rotasi_ban_id ?? null,
    }))
    .execute()
}

/** The 'beli' rows of every ban of a purchase that has none yet (a new purchase, new lines of an update). */
export async function writePurchaseHistory(db: DB, actor: Actor, pembelianId: number) {
  await db.q
    .insertInto('riwayat_ban')
    .columns([
      'ban_id',
      'jenis',
      'tanggal',
      'user_id',
      'nama_user',
      'dokumen_jenis',
      'dokumen_id',
      'dokumen_kode',
      'biaya',
      'supplier_id',
      'nama_supp',
    ])
    .expression((eb) =>
      eb
        .selectFrom('ban as b')
        .innerJoin('pembelian_ban as p', 'p.id', 'b.pembelian_ban_id')
        .leftJoin('supplier as s', 's.id', 'p.supplier_id')
        .select([
          'b.id',
          eb.val('beli').as('jenis'),
          'p.tanggal_awal',
          eb.val(actor.id).as('user_id'),
          eb.val(actor.nama).as('nama_user'),
          eb.val('pembelian').as('dokumen_jenis'),
          'p.id as dokumen_id',
          'p.kode_pembelian_ban',
          'b.harga',
          's.id as supplier_id',
          's.nama_supp',
        ])
        .where('p.id', '=', pembelianId)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('riwayat_ban as r').select('r.id').whereRef('r.ban_id', '=', 'b.id').where('r.jenis', '=', 'beli'))),
        )
        .orderBy('b.id'),
    )
    .execute()
}

/**
 * For the seeds (which write ban and pemasangan rows directly): the 'beli' row of every ban without
 * one and the 'pasang' row of every pemasangan line without one, as migration 004 backfills them.
 */
export async function backfillRiwayat(db: DB, actor: Actor = NO_ACTOR) {
  await db.q
    .insertInto('riwayat_ban')
    .columns([
      'ban_id',
      'jenis',
      'tanggal',
      'user_id',
      'nama_user',
      'dokumen_jenis',
      'dokumen_id',
      'dokumen_kode',
      'biaya',
      'supplier_id',
      'nama_supp',
      'created_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('ban as b')
        .leftJoin('pembelian_ban as p', 'p.id', 'b.pembelian_ban_id')
        .leftJoin('supplier as s', 's.id', 'p.supplier_id')
        .select([
          'b.id',
          eb.val('beli').as('jenis'),
          sql<string>`COALESCE(p.tanggal_awal, ${dayOf(db, sql.ref('b.created_at'))})`.as('tanggal'),
          eb.val(actor.id).as('user_id'),
          eb.val(actor.nama).as('nama_user'),
          sql<string | null>`CASE WHEN p.id IS NOT NULL THEN 'pembelian' END`.as('dokumen_jenis'),
          'p.id as dokumen_id',
          'p.kode_pembelian_ban',
          'b.harga',
          's.id as supplier_id',
          's.nama_supp',
          sql<string>`COALESCE(${momentOfDay(db, sql.ref('p.tanggal_awal'), '08:00:00')}, b.created_at)`.as('created_at'),
        ])
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('riwayat_ban as r').select('r.id').whereRef('r.ban_id', '=', 'b.id').where('r.jenis', '=', 'beli'))),
        )
        .orderBy('b.id'),
    )
    .execute()
  await db.q
    .insertInto('riwayat_ban')
    .columns([
      'ban_id',
      'jenis',
      'tanggal',
      'user_id',
      'nama_user',
      'dokumen_jenis',
      'dokumen_id',
      'dokumen_kode',
      'kendaraan_id',
      'no_kabin',
      'posisi_ban',
      'km',
      'detail_pemasangan_ban_id',
      'created_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('detail_pemasangan_ban as d')
        .leftJoin('pemasangan_ban as f', 'f.id', 'd.pemasangan_ban_id')
        .leftJoin('kendaraan as k', 'k.id', 'd.kendaraan_id')
        .select([
          'd.ban_id',
          eb.val('pasang').as('jenis'),
          sql<string>`COALESCE(f.tanggal_awal, ${dayOf(db, sql.ref('d.created_at'))})`.as('tanggal'),
          eb.val(actor.id).as('user_id'),
          eb.val(actor.nama).as('nama_user'),
          sql<string | null>`CASE WHEN f.id IS NOT NULL THEN 'pemasangan' END`.as('dokumen_jenis'),
          'f.id as dokumen_id',
          'f.kode_pemasangan',
          'k.id as kendaraan_id',
          'k.no_kabin',
          'd.posisi_ban',
          'd.km_pemasangan',
          'd.id as detail_pemasangan_ban_id',
          sql<string>`COALESCE(${momentOfDay(db, sql.ref('f.tanggal_awal'), '10:00:00')}, d.created_at)`.as('created_at'),
        ])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('riwayat_ban as r')
                .select('r.id')
                .whereRef('r.detail_pemasangan_ban_id', '=', 'd.id')
                .where('r.jenis', '=', 'pasang'),
            ),
          ),
        )
        .orderBy('d.id'),
    )
    .execute()
}
