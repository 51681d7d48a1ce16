import type { DB } from '../../types.ts'

/**
 * Who holds a position of a vehicle now: the one rule of the fittings and removals, written once.
 *
 * A position (and a tyre) is held by exactly one fitting line at a time: the latest line on it that
 * no removal line has taken off. A removal line marks its fitting line `dilepas = 1` in the same
 * transaction as it is saved (staged, registered or posted alike) and its undo sets it back to 0,
 * so `dilepas = 0` is "no removal line took it off"; partial unique indexes keep one such line per
 * position and per tyre (migration 004).
 */

/** SQL condition: the fitting line `alias` holds its position and its tyre now. */
export const holds = (alias = 'd') => `${alias}.dilepas = 0`

/** SQL expression: 1 when a removal line has taken the fitting line `alias` off, else 0. */
export const removedFlag = (alias = 'd') => `CASE WHEN ${holds(alias)} THEN 0 ELSE 1 END`

/** The fitting line holding a position: its tyre, and its fitting (null while staged). */
export type PositionHolder = {
  detail_id: number
  ban_id: number
  no_seri: string
  kode_ban: string
  pemasangan_ban_id: number | null
  kode_pemasangan: string | null
}

/** Who holds position `posisi` of vehicle `kendaraanId` now (undefined: the position is free). */
export async function positionHolder(db: DB, kendaraanId: number, posisi: string): Promise<PositionHolder | undefined> {
  return (await db
    .prepare(
      `SELECT d.id AS detail_id, d.ban_id, b.no_seri, b.kode_ban, d.pemasangan_ban_id, p.kode_pemasangan
       FROM detail_pemasangan_ban d JOIN ban b ON b.id = d.ban_id LEFT JOIN pemasangan_ban p ON p.id = d.pemasangan_ban_id
       WHERE d.kendaraan_id = ? AND d.posisi_ban = ? AND ${holds('d')}
       ORDER BY d.id DESC LIMIT 1`,
    )
    .get(kendaraanId, posisi.toUpperCase())) as PositionHolder | undefined
}

/** 'pemasangan PM000012', or for a line not registered yet 'ban SN-1 yang belum disimpan'. */
export const holderName = (h: PositionHolder) =>
  h.kode_pemasangan ? `pemasangan ${h.kode_pemasangan}` : `ban ${h.no_seri} yang belum disimpan`
