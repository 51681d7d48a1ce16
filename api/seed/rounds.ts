import type { DB } from '../types.ts'
import { ApiError } from '../http.ts'
import { registerRotasi, stageRotasi } from '../routes/transaksi/rotasi.ts'
import { kmBan, saveRound, type RoundInput } from '../routes/transaksi/pemeriksaan.ts'
import { roundKm } from './pemeriksaan.ts'
import { createKlaim, decideKlaim } from '../routes/transaksi/klaim.ts'
import { actorOf } from '../routes/transaksi/riwayat.ts'
import { atTime } from './batch.ts'
import { addDays, int, pick } from './random.ts'

/**
 * The scale seed's workshop rounds on its own vehicles (id above `fromKendaraanId`), through the same
 * functions as the api so the rows follow its rules and the forecasts are computed:
 * - rotations: on about 8% of the vehicles with two registered tyres, a swap of two of them
 *   (most posted), 20–30 days ago;
 * - inspections: on about half the vehicles with registered tyres, a posted round 15–20 days ago and,
 *   on most of them, a second unposted round 0–5 days ago, the vehicle running 200–450 km a day and
 *   each tyre wearing 0,1–0,45 mm per 1.000 km (a few used tyres near the minimum, so the dashboard's
 *   panel has rows);
 * - claims: about 60% of the pelepasan lines 'Pecah' or 'Klaim Garansi' whose tyre ran less than its
 *   target, charged to the tyre's supplier; most decided, some posted.
 */
export type RoundsCounts = { rotasi_ban: number; pemeriksaan_ban: number; klaim_ban: number }

type Held = Awaited<ReturnType<typeof heldRows>>[number]

/** The registered mounted tyres of the scale's vehicles. */
function heldRows(db: DB, fromKendaraanId: number) {
  return db.q
    .selectFrom('detail_pemasangan_ban as d')
    .innerJoin('kendaraan as k', 'k.id', 'd.kendaraan_id')
    .innerJoin('pemasangan_ban as f', 'f.id', 'd.pemasangan_ban_id')
    .innerJoin('ban as b', 'b.id', 'd.ban_id')
    .select((eb) => [
      'd.id as detail_id',
      'd.ban_id',
      'd.kendaraan_id',
      'd.posisi_ban',
      'k.km',
      'f.tanggal_awal as dipasang',
      // A retreaded tyre's tread when new is not its tread now.
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('riwayat_ban as r')
              .select(eb.lit(1).as('one'))
              .whereRef('r.ban_id', '=', 'b.id')
              .where('r.jenis', '=', 'terima_vulkanisir'),
          ),
        )
        .then(eb.val<number | null>(null))
        .else(eb.ref('b.tebal_tapak_awal'))
        .end()
        .as('awal'),
    ])
    .where('d.dilepas', '=', 0)
    .where('d.kendaraan_id', '>', fromKendaraanId)
    .orderBy('d.kendaraan_id')
    .orderBy('d.posisi_ban')
    .execute()
}

/** The registered mounted tyres of the scale's vehicles, by vehicle. */
async function heldByVehicle(db: DB, fromKendaraanId: number) {
  const rows = await heldRows(db, fromKendaraanId)
  const byVehicle = new Map<number, Held[]>()
  for (const h of rows) {
    let list = byVehicle.get(h.kendaraan_id)
    if (!list) byVehicle.set(h.kendaraan_id, (list = []))
    list.push(h)
  }
  return [...byVehicle.values()]
}

/** mm rounded to the 0,1 mm a tread is measured to. */
const tenth = (n: number) => Math.max(0, Math.round(n * 10) / 10)
const later = (a: string, b: string) => (a > b ? a : b)
const earlier = (a: string, b: string) => (a < b ? a : b)
const vehicleKm = async (db: DB, id: number) =>
  (await db.q.selectFrom('kendaraan').select('km').where('id', '=', id).executeTakeFirstOrThrow()).km
const lastDate = (held: Held[]) => held.map((h) => h.dipasang).reduce(later)

/** A refusal by the api's rules (a tyre past its target, a km below the last): that row is skipped. */
async function unlessRefused<T>(step: () => Promise<T>): Promise<T | null> {
  try {
    return await step()
  } catch (e) {
    if (e instanceof ApiError && e.status === 422) return null
    throw e
  }
}

export async function seedScaleRounds(db: DB, rng: () => number, day0: string, fromKendaraanId: number): Promise<RoundsCounts> {
  const counts: RoundsCounts = { rotasi_ban: 0, pemeriksaan_ban: 0, klaim_ban: 0 }
  const admin = await db.q.selectFrom('users').select(['id', 'kode_user']).where('kode_user', '=', 'admin').executeTakeFirst()
  const actor = await actorOf(db, admin?.id ?? null)
  // A document dated at its day (the api would stamp it now), posted or left unposted.
  const dated = (table: 'rotasi_ban' | 'pemeriksaan_ban' | 'klaim_ban', posted: boolean) => ({
    run: (id: number) =>
      db.q
        .updateTable(table)
        .set({
          ...(posted ? { status: 'posting' } : {}),
          created_at: atTime(db, 'tanggal_awal', '10:00:00'),
          updated_at: atTime(db, 'tanggal_awal', '10:00:00'),
        })
        .where('id', '=', id)
        .execute(),
  })
  const posting = (table: 'rotasi_ban' | 'pemeriksaan_ban' | 'klaim_ban') => dated(table, true)
  const stamp = (table: 'rotasi_ban' | 'pemeriksaan_ban' | 'klaim_ban') => dated(table, false)

  // ---- rotations --------------------------------------------------------------------------------------
  for (const held of await heldByVehicle(db, fromKendaraanId)) {
    if (held.length < 2 || rng() >= 0.08) continue
    const date = earlier(later(addDays(day0, -int(rng, 20, 30)), lastDate(held)), day0)
    const [a, b] = held
    const km = await vehicleKm(db, a.kendaraan_id)
    const staged = await unlessRefused(() =>
      stageRotasi(
        db,
        actor,
        {
          kendaraan_id: a.kendaraan_id,
          kendaraan_tujuan_id: null,
          posisi_asal: a.posisi_ban,
          posisi_tujuan: b.posisi_ban,
          km,
          rotasi_ban_id: null,
        },
        { tanggal: date },
      ),
    )
    if (staged === null) continue
    const id = await registerRotasi(db, a.kendaraan_id, date)
    await (rng() < 0.7 ? posting : stamp)('rotasi_ban').run(id)
    counts.rotasi_ban += 1
  }

  // ---- inspection rounds ---------------------------------------------------------------------------------
  // New tyres: 16 mm when new (not a tyre inspected already: its rounds were measured without it).
  await db.q
    .updateTable('ban')
    .set({ tebal_tapak_awal: 16 })
    .where('kondisi_ban', '=', 'BARU')
    .where('tebal_tapak_awal', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('detail_pemeriksaan_ban as l').select('l.id').whereRef('l.ban_id', '=', 'ban.id'))),
    )
    .execute()
  const unknownAwal = { run: (banId: number) => db.q.updateTable('ban').set({ tebal_tapak_awal: null }).where('id', '=', banId).execute() }
  for (const held of await heldByVehicle(db, fromKendaraanId)) {
    if (rng() >= 0.5) continue
    const kendaraanId = held[0].kendaraan_id
    const firstDate = earlier(later(addDays(day0, -int(rng, 15, 20)), lastDate(held)), day0)
    const secondDate = addDays(day0, -int(rng, 0, 5))
    const twice = rng() < 0.8 && secondDate > addDays(firstDate, 5)
    // The km of the rounds: the vehicle running 200–450 km a day up to its km now, within the api's km rule.
    const perDay = int(rng, 200, 450)
    const km1 = await roundKm(db, kendaraanId, firstDate, day0, perDay)
    const km2 = twice ? Math.max(km1, await roundKm(db, kendaraanId, secondDate, day0, perDay)) : km1
    // Each tyre wears 0,1–0,45 mm per 1.000 km (over the km it has run since new, when its tread new is
    // known); a few tyres are near the minimum: used tyres whose tread when new is not known.
    const worn = rng() < 0.06
    const wear = held.map(() => int(rng, 10, 45) / 100)
    const first: number[] = []
    for (const [i, h] of held.entries()) {
      if (worn && i === 0) {
        await unknownAwal.run(h.ban_id)
        first.push(int(rng, 35, 60) / 10)
        continue
      }
      const run = h.awal != null ? await kmBan(db, h.ban_id, h.detail_id, km1) : 0
      // Worn from new over the km it has run, to no less than 7 mm: slower on a tyre that has run far.
      const slowest = run + km2 - km1 > 0 ? ((Number(h.awal) - 7) / (run + km2 - km1)) * 1000 : Infinity
      if (h.awal != null && slowest >= 0.1) {
        wear[i] = Math.min(wear[i]!, Math.floor(slowest * 100) / 100)
        first.push(tenth(Number(h.awal) - (wear[i]! * run) / 1000))
      } else {
        // A tyre that ran further than its tread when new allows: its tread when new is not known.
        if (h.awal != null) await unknownAwal.run(h.ban_id)
        first.push(int(rng, 80, 140) / 10)
      }
    }
    const round = (tanggal: string, km: number, treads: number[]): RoundInput => ({
      kendaraan_id: kendaraanId,
      tanggal_awal: tanggal,
      km,
      detail: held.map((h, i) => ({
        posisi_ban: h.posisi_ban,
        tebal_tapak: treads[i],
        tekanan: pick(rng, [95, 100, 105, 110]),
        kondisi: treads[i] <= 4 ? 'Aus tidak rata' : 'Baik',
        keterangan: null,
      })),
    })
    const firstId = await unlessRefused(() => saveRound(db, round(firstDate, km1, first), null))
    if (firstId === null) continue
    await posting('pemeriksaan_ban').run(firstId)
    counts.pemeriksaan_ban += 1
    if (!twice) continue
    const second = first.map((mm, i) => tenth(mm - (wear[i]! * (km2 - km1)) / 1000))
    const secondId = await unlessRefused(() => saveRound(db, round(secondDate, km2, second), null))
    if (secondId === null) continue
    await stamp('pemeriksaan_ban').run(secondId)
    counts.pemeriksaan_ban += 1
  }

  // ---- claims ------------------------------------------------------------------------------------------
  if (!admin) return counts
  const lines = await db.q
    .selectFrom('detail_pelepasan_ban as l')
    .innerJoin('pelepasan_ban as p', 'p.id', 'l.pelepasan_ban_id')
    .select(['l.id', 'p.tanggal_awal'])
    .where('l.alasan', 'in', ['Pecah', 'Klaim Garansi'])
    .where('l.kendaraan_id', '>', fromKendaraanId)
    .orderBy('l.id')
    .execute()
  for (const l of lines) {
    if (rng() >= 0.6) continue
    const tanggal = earlier(addDays(l.tanggal_awal, int(rng, 1, 7)), day0)
    const id = await unlessRefused(() =>
      createKlaim(db, admin, {
        detail_pelepasan_ban_id: l.id,
        tanggal_awal: tanggal,
        jenis: 'Garansi Supplier',
        supplier_id: null,
        karyawan_id: null,
        nilai_klaim: null,
        alasan_ubah_nilai: null,
        keterangan: null,
      }),
    )
    if (id === null) continue
    const r = rng()
    if (r < 0.75) await decideKlaim(db, id, r < 0.6 ? 'Disetujui' : 'Ditolak')
    await (r < 0.45 ? posting : stamp)('klaim_ban').run(id)
    counts.klaim_ban += 1
  }
  return counts
}
