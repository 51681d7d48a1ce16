import { forUpdate } from '../../sql.ts'
import type { DB } from '../../types.ts'

/**
 * Who holds a position of a vehicle now: the one rule of the pemasangan and pelepasan lines, written once.
 *
 * A position (and a ban) is held by exactly one pemasangan line at a time: the latest line on it that
 * no pelepasan line has taken off. A pelepasan line marks its pemasangan line `dilepas = 1` in the same
 * transaction as it is saved (staged, registered or posted alike) and its undo sets it back to 0,
 * so `dilepas = 0` is "no pelepasan line took it off"; partial unique indexes keep one such line per
 * position and per ban (migration 004). In a query: `.where('d.dilepas', '=', 0)`; the column itself
 * is the 0/1 "taken off" flag the answers carry.
 */

/** SQL condition: the pemasangan line `alias` holds its position and its ban now (for queries still written as text). */
export const holds = (alias = 'd') => `${alias}.dilepas = 0`

/** The pemasangan line holding a position: its ban, and its pemasangan (null while staged). */
export type PositionHolder = {
  detail_id: number
  ban_id: number
  no_seri: string
  kode_ban: string
  pemasangan_ban_id: number | null
  kode_pemasangan: string | null
}

/**
 * Who holds position `posisi` of vehicle `kendaraanId` now (undefined: the position is free). In a
 * transaction that then changes the position, lock the vehicle first (`lockKendaraan`): the holder
 * read here stays the holder until the transaction ends.
 */
export async function positionHolder(db: DB, kendaraanId: number, posisi: string): Promise<PositionHolder | undefined> {
  return await db.q
    .selectFrom('detail_pemasangan_ban as d')
    .innerJoin('ban as b', 'b.id', 'd.ban_id')
    .leftJoin('pemasangan_ban as p', 'p.id', 'd.pemasangan_ban_id')
    .select(['d.id as detail_id', 'd.ban_id', 'b.no_seri', 'b.kode_ban', 'd.pemasangan_ban_id', 'p.kode_pemasangan'])
    .where('d.kendaraan_id', '=', kendaraanId)
    .where('d.posisi_ban', '=', posisi.toUpperCase())
    .where('d.dilepas', '=', 0)
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/**
 * Locks a vehicle's row until the transaction ends (PostgreSQL; SQLite's transactions run one at a
 * time): the parent of every rule across its positions' lines ("one ban per position", "one
 * pelepasan per fitted ban", a rotasi's swap), so two saves on one vehicle run one after the other.
 * Answers whether the vehicle exists.
 */
export async function lockKendaraan(db: DB, kendaraanId: number): Promise<boolean> {
  const locked = await db.q.selectFrom('kendaraan').select('id').where('id', '=', kendaraanId).$call(forUpdate(db)).executeTakeFirst()
  return locked !== undefined
}

/** 'pemasangan PM000012', or for a line not registered yet 'ban SN-1 yang belum disimpan'. */
export const holderName = (h: PositionHolder) =>
  h.kode_pemasangan ? `pemasangan ${h.kode_pemasangan}` : `ban ${h.no_seri} yang belum disimpan`
