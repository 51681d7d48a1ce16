import type { DB } from '../types.ts'
import { positionsFor } from '../routes/transaksi/common.ts'
import { registerRotasi, stageRotasi } from '../routes/transaksi/rotasi.ts'
import { actorOf } from '../routes/transaksi/riwayat.ts'
import { maxId } from './lifecycle.ts'
import { atTime } from './batch.ts'
import { addDays } from './random.ts'

/**
 * Tyre rotations in the demo, through the same functions as the api (so the rows follow its rules):
 * a posted rotation of last week that swaps the two front tyres of one vehicle, and an unposted one
 * of yesterday that moves a tyre of another vehicle to a position left empty by a pelepasan. Both at
 * the vehicle's km now, so no tyre's km run changes.
 */

export async function seedRotasiDemo(db: DB, day0: string) {
  const userOf = (kode: string) => db.q.selectFrom('users').select('id').where('kode_user', '=', kode).executeTakeFirst()
  const kode = await userOf('hendra.gudang')
  const admin = await userOf('admin')
  const workshop = await actorOf(db, kode?.id ?? admin?.id ?? null)
  const held = await db.q
    .selectFrom('detail_pemasangan_ban as d')
    .innerJoin('pemasangan_ban as f', 'f.id', 'd.pemasangan_ban_id')
    .innerJoin('kendaraan as k', 'k.id', 'd.kendaraan_id')
    .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')
    .select(['d.id', 'd.kendaraan_id', 'd.posisi_ban', 'd.km_pemasangan', 'f.tanggal_awal as tanggal', 'k.km', 'j.total_ban'])
    .where('d.dilepas', '=', 0)
    .orderBy('d.kendaraan_id')
    .orderBy('d.posisi_ban')
    .execute()
  type Held = (typeof held)[number]
  const byVehicle = new Map<number, Held[]>()
  for (const h of held) {
    let list = byVehicle.get(h.kendaraan_id)
    if (!list) byVehicle.set(h.kendaraan_id, (list = []))
    list.push(h)
  }
  const vehicles = [...byVehicle.values()]
  const km = (ls: Held[]) => Math.max(ls[0].km, ...ls.map((l) => l.km_pemasangan))
  const latest = (ls: Held[]) => ls.map((l) => l.tanggal).reduce((a, b) => (a > b ? a : b))
  const after = (a: string, b: string) => (a > b ? a : b)

  // A vehicle with a free position: move one of its tyres there (unposted).
  const withFree = vehicles.find((ls) => positionsFor(ls[0].total_ban).some((p) => !ls.some((l) => l.posisi_ban === p)))
  // Another with two tyres: swap them (posted).
  const swap = vehicles.find((ls) => ls !== withFree && ls.length >= 2)
  const before = await maxId(db, 'riwayat_ban')
  if (swap) {
    const date = after(addDays(day0, -7), latest(swap))
    const [a, b] = swap
    const input = { kendaraan_id: a.kendaraan_id, posisi_asal: a.posisi_ban, posisi_tujuan: b.posisi_ban, km: km(swap) }
    await stageRotasi(db, workshop, { ...input, kendaraan_tujuan_id: null, rotasi_ban_id: null }, { tanggal: date })
    const id = await registerRotasi(db, a.kendaraan_id, date)
    await db.q.updateTable('rotasi_ban').set({ status: 'posting' }).where('id', '=', id).execute()
  }
  if (withFree) {
    const date = after(addDays(day0, -1), latest(withFree))
    const to = positionsFor(withFree[0].total_ban).find((p) => !withFree.some((l) => l.posisi_ban === p))!
    const a = withFree[withFree.length - 1]
    const input = { kendaraan_id: a.kendaraan_id, posisi_asal: a.posisi_ban, posisi_tujuan: to, km: km(withFree) }
    await stageRotasi(db, workshop, { ...input, kendaraan_tujuan_id: null, rotasi_ban_id: null }, { tanggal: date })
    await registerRotasi(db, a.kendaraan_id, date)
  }
  // Seeded steps happen at their date (the api would stamp them now).
  await db.q
    .updateTable('riwayat_ban')
    .set({ created_at: atTime(db, 'tanggal', '16:00:00') })
    .where('id', '>', before)
    .where('jenis', '=', 'rotasi')
    .execute()
  await db.q
    .updateTable('rotasi_ban')
    .set({ created_at: atTime(db, 'tanggal_awal', '16:00:00'), updated_at: atTime(db, 'tanggal_awal', '16:00:00') })
    .execute()
}
