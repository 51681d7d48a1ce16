import type { DB } from '../types.ts'
import { saveRound, type RoundInput } from '../routes/transaksi/pemeriksaan.ts'
import { addDays } from './random.ts'

/**
 * Tyre inspection rounds in the demo, through the same function as the api (so the rows follow its
 * rules and the forecasts are computed): on most vehicles with fitted tyres a posted round 45 days ago
 * (or when the tyres were fitted, if later) and an unposted one 10 days ago, 3,000 km later, so every tyre has a wear rate, km left and a
 * forecast date; the first vehicle's first tyre is at the minimum tread and its second one forecast to
 * reach it within 5,000 km (the dashboard's panel). One vehicle has only the old round and one none
 * (the 'not inspected for 30 days' panel).
 */

type Held = { kendaraan_id: number; posisi_ban: string; km: number; dipasang: string }

/** Treads of the old and the new round: a few worn near the minimum, the rest healthy. */
function treads(vehicle: number, tyre: number): [number, number] {
  if (vehicle === 0 && tyre === 0) return [4.2, 3]
  if (vehicle === 0 && tyre === 1) return [6, 4.5]
  if (vehicle === 1 && tyre === 0) return [5.5, 4.4]
  const first = 14 - ((vehicle * 3 + tyre) % 5)
  return [first, Math.round((first - 0.6 - ((vehicle + tyre) % 3) * 0.3) * 10) / 10]
}

export async function seedInspectionDemo(db: DB, day0: string) {
  const held = (await db
    .prepare(
      `SELECT d.kendaraan_id, d.posisi_ban, k.km, f.tanggal_awal AS dipasang FROM detail_pemasangan_ban d
         JOIN kendaraan k ON k.id = d.kendaraan_id JOIN pemasangan_ban f ON f.id = d.pemasangan_ban_id
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
  // New tyres of the demo's purchases: 16 mm when new.
  await db.prepare("UPDATE ban SET tebal_tapak_awal = 16 WHERE kondisi_ban = 'BARU'").run()
  // The last vehicle is never inspected; the one before it only 45 days ago.
  for (const [v, lines] of vehicles.slice(0, Math.max(0, vehicles.length - 1)).entries()) {
    const km = lines[0]!.km
    const round = (tanggal: string, roundKm: number, which: 0 | 1): RoundInput => ({
      kendaraan_id: lines[0]!.kendaraan_id,
      tanggal_awal: tanggal,
      km: roundKm,
      detail: lines.map((l, t) => ({
        posisi_ban: l.posisi_ban,
        tebal_tapak: treads(v, t)[which],
        tekanan: 100 + ((v + t) % 3) * 5,
        kondisi: treads(v, t)[which] <= 4.5 ? 'Aus tidak rata' : 'Baik',
        keterangan: null,
      })),
    })
    // Never before the vehicle's tyres were fitted; the second round only when 10 days or more after the first.
    const fitted = lines.map((l) => l.dipasang).reduce((a, b) => (a > b ? a : b))
    const firstDate = addDays(day0, -45) > fitted ? addDays(day0, -45) : fitted
    const first = await saveRound(db, round(firstDate, km, 0), null)
    await db.prepare("UPDATE pemeriksaan_ban SET status = 'posting' WHERE id = ?").run(first)
    if (v < vehicles.length - 2 && addDays(firstDate, 10) <= addDays(day0, -10)) {
      await saveRound(db, round(addDays(day0, -10), km + 3000, 1), null)
    }
  }
  // Seeded rounds happen at their date (the api would stamp them now).
  await db.prepare("UPDATE pemeriksaan_ban SET created_at = tanggal_awal || ' 15:00:00', updated_at = tanggal_awal || ' 15:00:00'").run()
}
