import type { DB } from '../types.ts'
import { dayNumber, kmBan, kmBounds, saveRound, type RoundInput } from '../routes/transaksi/pemeriksaan.ts'
import { atTime } from './batch.ts'
import { addDays } from './random.ts'

/**
 * Tyre inspection rounds in the demo, through the same function as the api (so the rows follow its
 * rules and the forecasts are computed): on most vehicles with fitted tyres a posted round 45 days ago
 * (or when the tyres were fitted, if later) and an unposted one 10 days ago, so every tyre has a wear
 * rate, km left and a forecast date; the one vehicle with only the old round and the one with none
 * fill the 'not inspected for 30 days' panel.
 *
 * The figures are those of a fleet: each vehicle runs 250–400 km a day (the rounds' km are the km of
 * the vehicle's records around their dates plus that, never out of the api's km rule), and each tyre
 * wears 0,12–0,39 mm per 1.000 km from its tread when new (16 mm) over the km it has run, so no tyre
 * wears faster than 0,5 or slower than 0,05 mm per 1.000 km (tests/api/seed-wear.test.ts). Three tyres
 * are the dashboard's panel — at the minimum tread, forecast to reach it within 5.000 km, and past its
 * forecast date: tyres of unknown tread when new (a used tyre: its purchase line did not give it).
 */

/** mm rounded to the 0,1 mm a tread is measured to. */
const mm = (n: number) => Math.max(0, Math.round(n * 10) / 10)

/** A tyre's wear in mm per 1.000 km: 0,12–0,39. */
const wearOf = (vehicle: number, tyre: number) => 0.12 + ((vehicle * 7 + tyre * 3) % 10) * 0.03

/** A vehicle's km per day: 250–400. */
const kmPerDayOf = (vehicle: number) => 250 + ((vehicle * 37) % 151)

/**
 * The km of a round on `date`: the vehicle's km now less its km per day since (so the vehicle's km now
 * goes on from the rounds at that pace), or, when that is below the vehicle's record before the date,
 * that record's km plus its km per day since; within the api's bounds.
 */
export async function roundKm(db: DB, kendaraanId: number, date: string, day0: string, kmPerDay: number) {
  const kmNow = Number((await db.q.selectFrom('kendaraan').select('km').where('id', '=', kendaraanId).executeTakeFirstOrThrow()).km)
  const b = await kmBounds(db, kendaraanId, date, null, null)
  let want = kmNow - kmPerDay * Math.max(0, dayNumber(day0) - dayNumber(date))
  if (b.below && want < b.below.km) want = b.below.km + kmPerDay * Math.max(0, dayNumber(date) - dayNumber(b.below.tanggal))
  return Math.max(0, b.above ? Math.min(want, b.above.km) : want)
}

export async function seedInspectionDemo(db: DB, day0: string) {
  // New tyres of the demo's purchases: 16 mm when new.
  await db.q.updateTable('ban').set({ tebal_tapak_awal: 16 }).where('kondisi_ban', '=', 'BARU').execute()
  const held = await db.q
    .selectFrom('detail_pemasangan_ban as d')
    .innerJoin('pemasangan_ban as f', 'f.id', 'd.pemasangan_ban_id')
    .innerJoin('ban as b', 'b.id', 'd.ban_id')
    .select((eb) => [
      'd.id as detail_id',
      'd.ban_id',
      'd.kendaraan_id',
      'd.posisi_ban',
      'f.tanggal_awal as dipasang',
      // A retreaded tyre's tread when new is not its tread now.
      eb
        .case()
        .when(
          eb.exists(
            eb.selectFrom('riwayat_ban as r').select('r.id').whereRef('r.ban_id', '=', 'b.id').where('r.jenis', '=', 'terima_vulkanisir'),
          ),
        )
        .then(eb.val<number | null>(null))
        .else(eb.ref('b.tebal_tapak_awal'))
        .end()
        .as('awal'),
    ])
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
  const unknownAwal = { run: (banId: number) => db.q.updateTable('ban').set({ tebal_tapak_awal: null }).where('id', '=', banId).execute() }
  // Never before the vehicle's tyres were fitted; the second round only when 10 days or more after the
  // first. The last vehicle is never inspected; the one before it only 45 days ago.
  const plans = vehicles.slice(0, Math.max(0, vehicles.length - 1)).map((lines, v) => {
    const fitted = lines.map((l) => l.dipasang).reduce((a, b) => (a > b ? a : b))
    const firstDate = addDays(day0, -45) > fitted ? addDays(day0, -45) : fitted
    const second = v < vehicles.length - 2 && addDays(firstDate, 10) <= addDays(day0, -10) ? addDays(day0, -10) : null
    return { lines, v, firstDate, second }
  })
  // The panel's tyres: the first two tyres of the first vehicle with two rounds, the first of the second.
  const twice = plans.filter((p) => p.second && p.lines.length >= 2)
  const panel = new Map<number, 'minimum' | 'soon' | 'past'>()
  if (twice[0]) {
    panel.set(twice[0].lines[0]!.ban_id, 'minimum')
    panel.set(twice[0].lines[1]!.ban_id, 'soon')
  }
  if (twice[1]) panel.set(twice[1].lines[0]!.ban_id, 'past')

  for (const { lines, v, firstDate, second } of plans) {
    const kendaraanId = lines[0]!.kendaraan_id
    const perDay = kmPerDayOf(v)
    const km1 = await roundKm(db, kendaraanId, firstDate, day0, perDay)
    // (the second round's date is after the first's: its bounds have the first round below it once saved;
    // it is planned now, so it is kept at or above the first's km)
    const km2 = second ? Math.max(km1, await roundKm(db, kendaraanId, second, day0, perDay)) : null
    const run = km2 === null ? 0 : km2 - km1
    const treads: [number, number][] = []
    for (const [t, l] of lines.entries()) {
      const w = wearOf(v, t)
      const role = panel.get(l.ban_id)
      if (role) {
        // Second round: at the minimum (3 mm), 4.000 km above it, or 4 days of the vehicle's km past it.
        const last = role === 'minimum' ? 3 : role === 'soon' ? 3 + (w * 4000) / 1000 : 3 + (w * perDay * 6) / 1000
        await unknownAwal.run(l.ban_id)
        treads.push([mm(last + (w * run) / 1000), mm(last)])
        continue
      }
      // Worn from new over the km it has run, to no less than 7 mm: slower on a tyre that has run far; one
      // that ran further than its tread when new allows is taken as a used tyre (its tread when new unknown).
      const ran = l.awal == null ? 0 : await kmBan(db, l.ban_id, l.detail_id, km1)
      const slowest = l.awal != null && ran + run > 0 ? ((Number(l.awal) - 7) / (ran + run)) * 1000 : Infinity
      const known = l.awal != null && slowest >= 0.1
      if (l.awal != null && !known) await unknownAwal.run(l.ban_id)
      const rate = known ? Math.min(w, Math.floor(slowest * 100) / 100) : w
      const start = known ? Number(l.awal) - (rate * ran) / 1000 : 13 - ((v + t) % 4)
      treads.push([mm(start), mm(start - (rate * run) / 1000)])
    }
    const round = (tanggal: string, km: number, which: 0 | 1): RoundInput => ({
      kendaraan_id: kendaraanId,
      tanggal_awal: tanggal,
      km,
      detail: lines.map((l, t) => ({
        posisi_ban: l.posisi_ban,
        tebal_tapak: treads[t]![which],
        tekanan: 100 + ((v + t) % 3) * 5,
        kondisi: treads[t]![which] <= 4.5 ? 'Aus tidak rata' : 'Baik',
        keterangan: null,
      })),
    })
    const first = await saveRound(db, round(firstDate, km1, 0), null)
    await db.q.updateTable('pemeriksaan_ban').set({ status: 'posting' }).where('id', '=', first).execute()
    if (second && km2 !== null) await saveRound(db, round(second, km2, 1), null)
  }
  // Seeded rounds happen at their date (the api would stamp them now).
  await db.q
    .updateTable('pemeriksaan_ban')
    .set({ created_at: atTime(db, 'tanggal_awal', '15:00:00'), updated_at: atTime(db, 'tanggal_awal', '15:00:00') })
    .execute()
}
