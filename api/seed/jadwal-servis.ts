import { nextCode } from '../codes.ts'
import type { DB } from '../types.ts'
import { chunksOf } from './batch.ts'
import { addDays, int, makeRng } from './random.ts'

/** The demo's service items: name, interval in km, in days, the parts they usually take. */
export const ITEM_SERVIS_DEMO: readonly { nama: string; interval_km: number | null; interval_hari: number | null; suku_cadang: string }[] =
  [
    { nama: 'Ganti Oli Mesin', interval_km: 10_000, interval_hari: 180, suku_cadang: 'Oli mesin 15W-40 (liter), ring baut tap oli' },
    { nama: 'Filter Oli', interval_km: 10_000, interval_hari: null, suku_cadang: 'Filter oli' },
    { nama: 'Filter Solar', interval_km: 20_000, interval_hari: null, suku_cadang: 'Filter solar, filter separator air' },
    { nama: 'Oli Gardan', interval_km: 40_000, interval_hari: 365, suku_cadang: 'Oli gardan SAE 85W-140 (liter)' },
    { nama: 'Oli Transmisi', interval_km: 40_000, interval_hari: 365, suku_cadang: 'Oli transmisi SAE 90 (liter)' },
    { nama: 'Kampas Rem', interval_km: 30_000, interval_hari: null, suku_cadang: 'Kampas rem depan dan belakang (set)' },
    { nama: 'Bearing Roda', interval_km: 60_000, interval_hari: 730, suku_cadang: 'Bearing roda, seal roda, gemuk (kg)' },
    { nama: 'Spooring & Balancing', interval_km: 20_000, interval_hari: 180, suku_cadang: 'Timah balancing' },
  ]

type ItemRow = { id: number; interval_km: number | null; interval_hari: number | null }

/** The demo's items, made when missing (by name without case): their rows, in ITEM_SERVIS_DEMO's order. */
async function ensureItems(db: DB): Promise<ItemRow[]> {
  const have = new Map(
    (await db.q.selectFrom('item_servis').select(['id', 'nama', 'interval_km', 'interval_hari']).execute()).map((r) => [
      r.nama.toLowerCase(),
      r,
    ]),
  )
  const rows: ItemRow[] = []
  for (const item of ITEM_SERVIS_DEMO) {
    const found = have.get(item.nama.toLowerCase())
    if (found) {
      rows.push(found)
      continue
    }
    const kode = await nextCode(db, 'item_servis')
    const { id } = await db.q
      .insertInto('item_servis')
      .values({ kode_item_servis: kode, ...item })
      .returning('id')
      .executeTakeFirstOrThrow()
    rows.push({ id, interval_km: item.interval_km, interval_hari: item.interval_hari })
  }
  return rows
}

/** A plan line of every item for each type (the item's own intervals). */
async function insertPlans(db: DB, typeIds: readonly number[], items: readonly ItemRow[]) {
  const rows = typeIds.flatMap((t) =>
    items.map((i) => ({ jenis_kendaraan_id: t, item_servis_id: i.id, interval_km: i.interval_km, interval_hari: i.interval_hari })),
  )
  for (const chunk of chunksOf(rows, 4)) await db.q.insertInto('jadwal_servis').values(chunk).execute()
}

type Opening = { kendaraan_id: number; item_servis_id: number; tanggal: string; km: number; user_id: number | null; created_at: string }

/**
 * Opening entries of the vehicles with a type, one per planned item, as far back as a share `u` of the
 * item's interval: about 1 in 10 past it (overdue), 2 in 10 just before it (due soon), the rest well
 * within; the km back at ~250 km a day where the item has no interval in days. Never before 0 km.
 */
function openingsOf(
  rng: () => number,
  vehicles: readonly { id: number; km: number }[],
  items: readonly ItemRow[],
  day0: string,
  userId: number | null,
): Opening[] {
  return vehicles.flatMap((v) =>
    items.map((item) => {
      const roll = rng()
      const u = roll < 0.1 ? int(rng, 105, 130) / 100 : roll < 0.3 ? int(rng, 90, 99) / 100 : int(rng, 10, 80) / 100
      const kmBack = item.interval_km === null ? 0 : Math.round(u * item.interval_km)
      const daysBack = item.interval_hari !== null ? Math.round(u * item.interval_hari) : Math.round(kmBack / 250)
      const tanggal = addDays(day0, -daysBack)
      return {
        kendaraan_id: v.id,
        item_servis_id: item.id,
        tanggal,
        km: Math.max(0, v.km - kmBack),
        user_id: userId,
        created_at: `${day0} 01:00:00`,
      }
    }),
  )
}

async function insertOpenings(db: DB, rows: readonly Opening[]) {
  for (const chunk of chunksOf(rows, 6)) await db.q.insertInto('servis_awal').values(chunk).execute()
}

/** Vehicles with a type (above `fromId` for the scale seed's own), by id. */
const vehiclesWithType = (db: DB, fromId = 0) =>
  db.q
    .selectFrom('kendaraan')
    .select(['id', 'km'])
    .where('jenis_kendaraan_id', 'is not', null)
    .where('id', '>', fromId)
    .orderBy('id')
    .execute()

/**
 * Service plans in the demo: the eight items, a plan of every item for every vehicle type, an opening
 * entry for every vehicle with a type and item (a few overdue, some due within 30 days or 1.000 km,
 * most fine), and two vehicles' overrides: the first's Spooring & Balancing switched off, the second's
 * oil change every 7.500 km. Saved by the admin. Runs after the km readings (it reads the vehicles' km).
 */
export async function seedJadwalServisDemo(db: DB, day0: string): Promise<number> {
  const rng = makeRng(20261129)
  const items = await ensureItems(db)
  const types = (await db.q.selectFrom('jenis_kendaraan').select('id').orderBy('id').execute()).map((t) => t.id)
  await insertPlans(db, types, items)
  const admin = await db.q.selectFrom('users').select('id').where('kode_user', '=', 'admin').executeTakeFirst()
  const vehicles = (await vehiclesWithType(db)).map((v) => ({ id: v.id, km: Number(v.km) }))
  const rows = openingsOf(rng, vehicles, items, day0, admin?.id ?? null)
  await insertOpenings(db, rows)
  const [first, second] = vehicles
  const spooring = items[7]!
  const oli = items[0]!
  if (first) {
    await db.q
      .insertInto('jadwal_servis_kendaraan')
      .values({
        kendaraan_id: first.id,
        item_servis_id: spooring.id,
        aktif: db.dialect === 'postgres' ? false : 0,
        interval_km: 20_000,
        interval_hari: 180,
      })
      .execute()
  }
  if (second) {
    await db.q
      .insertInto('jadwal_servis_kendaraan')
      .values({
        kendaraan_id: second.id,
        item_servis_id: oli.id,
        aktif: db.dialect === 'postgres' ? true : 1,
        interval_km: 7_500,
        interval_hari: 180,
      })
      .execute()
  }
  return rows.length
}

/**
 * The scale seed's plans: the eight items (reused when there), a plan of every item for its own vehicle
 * types (id above `fromJenisId`), an opening entry per vehicle (id above `fromKendaraanId`) and item,
 * overrides for about one vehicle in twenty (overridesOf), planned in memory with a generator of its own and inserted many rows a statement.
 */
export async function seedScaleJadwalServis(
  db: DB,
  seed: number,
  day0: string,
  fromJenisId: number,
  fromKendaraanId: number,
): Promise<{ servis_awal: number; jadwal_servis_kendaraan: number }> {
  const rng = makeRng(seed)
  const items = await ensureItems(db)
  const types = (await db.q.selectFrom('jenis_kendaraan').select('id').where('id', '>', fromJenisId).orderBy('id').execute()).map(
    (t) => t.id,
  )
  await insertPlans(db, types, items)
  const vehicles = (await vehiclesWithType(db, fromKendaraanId)).map((v) => ({ id: v.id, km: Number(v.km) }))
  const rows = openingsOf(rng, vehicles, items, day0, null)
  await insertOpenings(db, rows)
  const overrides = overridesOf(rng, db, vehicles, items)
  for (const chunk of chunksOf(overrides, 6)) await db.q.insertInto('jadwal_servis_kendaraan').values(chunk).execute()
  return { servis_awal: rows.length, jadwal_servis_kendaraan: overrides.length }
}

/** The share of the scale's vehicles with a plan of their own for one item (as a workshop has a few). */
const OVERRIDE_SHARE = 0.05

/**
 * Overrides of the scale: about one vehicle in twenty has one item of its own, half of them Spooring &
 * Balancing switched off (a vehicle the workshop does not align), half an oil change every 7.500 km
 * (a vehicle on hard roads), as the demo's two.
 */
function overridesOf(rng: () => number, db: DB, vehicles: { id: number }[], items: { id: number }[]) {
  const spooring = items[7]!
  const oli = items[0]!
  const flag = (on: boolean) => (db.dialect === 'postgres' ? on : on ? 1 : 0)
  return vehicles
    .filter(() => rng() < OVERRIDE_SHARE)
    .map((v) =>
      rng() < 0.5
        ? { kendaraan_id: v.id, item_servis_id: spooring.id, aktif: flag(false), interval_km: 20_000, interval_hari: 180 }
        : { kendaraan_id: v.id, item_servis_id: oli.id, aktif: flag(true), interval_km: 7_500, interval_hari: 180 },
    )
}
