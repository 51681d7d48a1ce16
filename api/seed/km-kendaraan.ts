import type { DB } from '../types.ts'
import { refreshTyreKmPerHari } from '../routes/km-kendaraan.ts'
import { chunksOf } from './batch.ts'
import { addDays, int, makeRng } from './random.ts'

/** Days between two demo readings, and how many a vehicle gets. */
const EVERY_DAYS = 7

type Planned = { kendaraan_id: number; tanggal: string; km: number; sumber: 'input'; user_id: number | null; created_at: string }

/**
 * A vehicle's readings every EVERY_DAYS days, `count` of them, the last on `day0` equal to its km now,
 * rising by `perDay` km a day (never below 0), each saved that day at 08:00 WIB (01:00 UTC).
 */
function readingsOf(v: { id: number; km: number }, day0: string, count: number, perDay: number, userId: number | null): Planned[] {
  return Array.from({ length: count }, (_, i) => {
    const back = (count - 1 - i) * EVERY_DAYS
    const tanggal = addDays(day0, -back)
    return {
      kendaraan_id: v.id,
      tanggal,
      km: Math.max(0, v.km - back * perDay),
      sumber: 'input' as const,
      user_id: userId,
      created_at: `${tanggal} 01:00:00`,
    }
  })
}

/** The readings' insert: many rows a statement (batch.ts). */
async function insertReadings(db: DB, rows: readonly Planned[]) {
  for (const chunk of chunksOf(rows, 6)) await db.q.insertInto('km_kendaraan').values(chunk).execute()
}

/** The vehicles with a km, by id (above `fromId` for the scale seed's own), with their km now. */
const vehiclesWithKm = (db: DB, fromId = 0) =>
  db.q.selectFrom('kendaraan').select(['id', 'km']).where('km', '>', 0).where('id', '>', fromId).orderBy('id').execute()

/**
 * Km Kendaraan in the demo: every vehicle with a km has a reading every 7 days over the last 56 days
 * (nine, the last today), rising at its own 150–400 km a day (deterministic), the last equal to its
 * km, so kendaraan.km stays what the other demo steps left and every series is in order. Saved by the
 * admin. Runs last (the inspection rounds and rotations raise the vehicles' km).
 */
export async function seedKmKendaraanDemo(db: DB, day0: string): Promise<number> {
  const rng = makeRng(20261110)
  const admin = await db.q.selectFrom('users').select('id').where('kode_user', '=', 'admin').executeTakeFirst()
  const rows = (await vehiclesWithKm(db)).flatMap((v) =>
    readingsOf({ id: v.id, km: Number(v.km) }, day0, 9, int(rng, 150, 400), admin?.id ?? null),
  )
  await insertReadings(db, rows)
  // The tyres' forecasts, written at the rounds before these readings existed, take their km per day
  // from them now, as a save of readings does (followLatest).
  await refreshTyreKmPerHari(db, [...new Set(rows.map((r) => r.kendaraan_id))])
  return rows.length
}

/**
 * The scale seed's readings on its own vehicles (id above `fromKendaraanId`): eight each, every 7 days
 * up to `day0`, at the vehicle's own 150–400 km a day, the last its km now. Planned in memory with a
 * generator of its own (the data the scale seed made before stays the same) and inserted many rows a
 * statement.
 */
export async function seedScaleKmKendaraan(db: DB, seed: number, day0: string, fromKendaraanId: number): Promise<number> {
  const rng = makeRng(seed)
  const rows = (await vehiclesWithKm(db, fromKendaraanId)).flatMap((v) =>
    readingsOf({ id: v.id, km: Number(v.km) }, day0, 8, int(rng, 150, 400), null),
  )
  await insertReadings(db, rows)
  return rows.length
}
