import type { DB } from '../types.ts'
import { positionsFor } from '../routes/transaksi/common.ts'
import { registerRotation, stageRotation } from '../routes/transaksi/rotasi.ts'
import { actorOf } from '../routes/transaksi/riwayat.ts'
import { addDays } from './random.ts'

/**
 * Tyre rotations in the demo, through the same functions as the api (so the rows follow its rules):
 * a posted rotation of last week that swaps the two front tyres of one vehicle, and an unposted one
 * of yesterday that moves a tyre of another vehicle to a position left empty by a removal. Both at
 * the vehicle's km now, so no tyre's km run changes.
 */

type Held = {
  id: number
  kendaraan_id: number
  posisi_ban: string
  km_pemasangan: number
  tanggal: string
  km: number
  total_ban: number | null
}

export async function seedRotationDemo(db: DB, day0: string) {
  const kode = (await db.prepare("SELECT id FROM users WHERE kode_user = 'hendra.gudang'").get()) as { id: number } | undefined
  const admin = (await db.prepare("SELECT id FROM users WHERE kode_user = 'admin'").get()) as { id: number } | undefined
  const workshop = await actorOf(db, kode?.id ?? admin?.id ?? null)
  const held = (await db
    .prepare(
      `SELECT d.id, d.kendaraan_id, d.posisi_ban, d.km_pemasangan, f.tanggal_awal AS tanggal, k.km, j.total_ban
       FROM detail_pemasangan_ban d JOIN pemasangan_ban f ON f.id = d.pemasangan_ban_id
         JOIN kendaraan k ON k.id = d.kendaraan_id LEFT JOIN jenis_kendaraan j ON j.id = k.jenis_kendaraan_id
       WHERE d.dilepas = 0 ORDER BY d.kendaraan_id, d.posisi_ban`,
    )
    .all()) as Held[]
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
  const before = ((await db.prepare('SELECT COALESCE(MAX(id), 0) AS n FROM riwayat_ban').get()) as { n: number }).n
  if (swap) {
    const date = after(addDays(day0, -7), latest(swap))
    const [a, b] = swap
    const input = { kendaraan_id: a.kendaraan_id, posisi_asal: a.posisi_ban, posisi_tujuan: b.posisi_ban, km: km(swap) }
    await stageRotation(db, workshop, { ...input, kendaraan_tujuan_id: null, rotasi_ban_id: null }, { tanggal: date })
    const id = await registerRotation(db, a.kendaraan_id, date)
    await db.prepare("UPDATE rotasi_ban SET status = 'posting' WHERE id = ?").run(id)
  }
  if (withFree) {
    const date = after(addDays(day0, -1), latest(withFree))
    const to = positionsFor(withFree[0].total_ban).find((p) => !withFree.some((l) => l.posisi_ban === p))!
    const a = withFree[withFree.length - 1]
    const input = { kendaraan_id: a.kendaraan_id, posisi_asal: a.posisi_ban, posisi_tujuan: to, km: km(withFree) }
    await stageRotation(db, workshop, { ...input, kendaraan_tujuan_id: null, rotasi_ban_id: null }, { tanggal: date })
    await registerRotation(db, a.kendaraan_id, date)
  }
  // Seeded steps happen at their date (the api would stamp them now).
  await db.prepare("UPDATE riwayat_ban SET created_at = tanggal || ' 16:00:00' WHERE id > ? AND jenis = 'rotasi'").run(before)
  await db.prepare("UPDATE rotasi_ban SET created_at = tanggal_awal || ' 16:00:00', updated_at = tanggal_awal || ' 16:00:00'").run()
}
