import type { DB } from '../types.ts'
import { receiveRetread } from '../routes/transaksi/ban.ts'
import { ALASAN, registerRemoval, stageRemoval, type StageInput, type Tujuan } from '../routes/transaksi/pelepasan.ts'
import { actorOf, backfillRiwayat } from '../routes/transaksi/riwayat.ts'
import { addDays, int, pick, roundTo } from './random.ts'

/**
 * The tyre's whole life in the seeds. The seeds write tyres and fittings with SQL; this
 * writes their history rows, then removals, retreads and scrap through the same functions as the api
 * (so the rows follow the api's rules), dated in the past.
 */

const userId = async (db: DB, kode: string) =>
  ((await db.prepare('SELECT id FROM users WHERE kode_user = ?').get(kode)) as { id: number } | undefined)?.id ?? null

type FittedLine = { id: number; kendaraan_id: number; posisi_ban: string; km_pemasangan: number; tanggal: string }

/** The lines of registered fittings not removed, by fitting date (oldest first). */
async function fittedLines(db: DB, minDetailId = 0): Promise<FittedLine[]> {
  return (await db
    .prepare(
      `SELECT d.id, d.kendaraan_id, d.posisi_ban, d.km_pemasangan, f.tanggal_awal AS tanggal
       FROM detail_pemasangan_ban d JOIN pemasangan_ban f ON f.id = d.pemasangan_ban_id
       WHERE d.dilepas = 0 AND d.id > ? ORDER BY f.tanggal_awal, f.id, d.id`,
    )
    .all(minDetailId)) as FittedLine[]
}

const vehicleKm = async (db: DB, id: number) => ((await db.prepare('SELECT km FROM kendaraan WHERE id = ?').get(id)) as { km: number }).km

const line = (l: FittedLine, km: number, tujuan: Tujuan, alasan: (typeof ALASAN)[number], extra: Partial<StageInput> = {}): StageInput => ({
  kendaraan_id: l.kendaraan_id,
  posisi_ban: l.posisi_ban,
  km_pelepasan: Math.max(km, l.km_pemasangan),
  alasan,
  tujuan,
  tebal_tapak: null,
  keterangan: null,
  pelepasan_ban_id: null,
  ...extra,
})

/** History rows of seeded steps happen at their date (the api would stamp them now). */
async function datePastRows(db: DB, fromRiwayatId: number) {
  await db
    .prepare(
      `UPDATE riwayat_ban SET created_at = tanggal || CASE jenis WHEN 'lepas' THEN ' 14:00:00' ELSE ' 15:30:00' END
     WHERE id > ? AND jenis IN ('lepas', 'terima_vulkanisir')`,
    )
    .run(fromRiwayatId)
  await db.prepare("UPDATE pelepasan_ban SET created_at = tanggal_awal || ' 14:00:00', updated_at = tanggal_awal || ' 14:00:00'").run()
}

const lastRiwayatId = async (db: DB) => ((await db.prepare('SELECT COALESCE(MAX(id), 0) AS n FROM riwayat_ban').get()) as { n: number }).n

/**
 * The demo: history of every seeded tyre; a posted removal of two tyres of the oldest fitting (one to
 * the retreader and received back as KANISIR with its cost, one scrapped) in an earlier month; an
 * unposted removal this month of two tyres of the next fitting (one back to stock as BEKAS, one still
 * at the retreader); the vehicle of the third fitting has run so far that one of its tyres is past
 * 90% of its target km. So Stok Ban shows every state, the cost-per-km report has figures this month
 * and before, and the dashboard a worn tyre.
 */
export async function seedLifecycleDemo(db: DB, day0: string) {
  const admin = await actorOf(db, await userId(db, 'admin'))
  const workshop = await actorOf(db, (await userId(db, 'hendra.gudang')) ?? (await userId(db, 'admin')))
  await backfillRiwayat(db, admin)
  const since = await lastRiwayatId(db)

  const byVehicle = new Map<number, FittedLine[]>()
  for (const l of await fittedLines(db)) {
    let list = byVehicle.get(l.kendaraan_id)
    if (!list) byVehicle.set(l.kendaraan_id, (list = []))
    list.push(l)
  }
  const candidates = [...byVehicle.values()].filter((ls) => ls.length >= 2).sort((a, b) => (a[0].tanggal < b[0].tanggal ? -1 : 1))
  const retreader = ((await db.prepare('SELECT id FROM supplier ORDER BY id LIMIT 1 OFFSET 1').get()) ??
    (await db.prepare('SELECT id FROM supplier ORDER BY id LIMIT 1').get())) as { id: number } | undefined

  const [first, second, third] = candidates
  if (first) {
    const date = maxDate(addDays(first[0].tanggal, 1), addDays(day0, -40))
    const km = (await vehicleKm(db, first[0].kendaraan_id)) + 42_350
    const [a, b] = first
    await stageRemoval(
      db,
      workshop,
      line(a, km, 'vulkanisir', 'Ke Vulkanisir', { tebal_tapak: 3.5, keterangan: 'Tapak tipis, casing baik' }),
      {
        tanggal: date,
      },
    )
    await stageRemoval(
      db,
      workshop,
      line(b, km, 'afkir', 'Pecah', { tebal_tapak: 6, keterangan: 'Pecah samping, tidak bisa divulkanisir' }),
      {
        tanggal: date,
      },
    )
    const docId = await registerRemoval(db, a.kendaraan_id, date)
    await db.prepare("UPDATE pelepasan_ban SET status = 'posting' WHERE id = ?").run(docId)
    if (retreader) {
      const banId = ((await db.prepare('SELECT ban_id FROM detail_pemasangan_ban WHERE id = ?').get(a.id)) as { ban_id: number }).ban_id
      await receiveRetread(db, workshop, banId, { supplier_id: retreader.id, biaya: 650_000, tanggal: minDate(addDays(date, 12), day0) })
    }
  }
  if (second) {
    const monthStart = `${day0.slice(0, 8)}01`
    const date = maxDate(maxDate(monthStart, addDays(day0, -3)), addDays(second[0].tanggal, 1))
    const km = (await vehicleKm(db, second[0].kendaraan_id)) + 18_720
    const [a, b] = second
    await stageRemoval(db, workshop, line(a, km, 'stok', 'Rotasi/Pindah', { tebal_tapak: 9, keterangan: 'Dipindah ke kendaraan lain' }), {
      tanggal: date,
    })
    await stageRemoval(db, workshop, line(b, km, 'vulkanisir', 'Ke Vulkanisir', { tebal_tapak: 3 }), { tanggal: date })
    await registerRemoval(db, a.kendaraan_id, date)
  }
  if (third) await wearTowardsTarget(db, third)
  await datePastRows(db, since)
}

/**
 * The dashboard's "Ban mendekati target km" has a row in the demo: the vehicle of the
 * third fitting has run since, so its tyre with the lowest target is at 93% of it (the others below 90%).
 */
async function wearTowardsTarget(db: DB, lines: FittedLine[]) {
  const targets = db.prepare('SELECT target_presentase FROM detail_pemasangan_ban WHERE id = ?').pluck()
  const targetKm: number[] = []
  for (const l of lines) targetKm.push(((await targets.get(l.id)) as number | null) ?? 70_000)
  const lowest = Math.min(...targetKm)
  const fittedAt = Math.max(...lines.map((l) => l.km_pemasangan))
  const km = fittedAt + Math.round(lowest * 0.93)
  await db.prepare('UPDATE kendaraan SET km = CASE WHEN km > ? THEN km ELSE ? END WHERE id = ?').run(km, km, lines[0].kendaraan_id)
}

export type LifecycleCounts = { pelepasan_ban: number; detail_pelepasan_ban: number; vulkanisir_ban: number; riwayat_ban: number }

const TUJUAN_ALASAN: Record<Tujuan, (typeof ALASAN)[number][]> = {
  stok: ['Rotasi/Pindah', 'Klaim Garansi', 'Habis'],
  vulkanisir: ['Ke Vulkanisir', 'Habis'],
  afkir: ['Afkir', 'Pecah'],
}

/**
 * The scale seed's removals: the history of its tyres; on about 45% of the vehicles whose fitting is
 * older than two weeks, a removal of some of its tyres (to stock, the retreader or scrap), most posted;
 * about 70% of the tyres sent to the retreader received back with a cost.
 */
export async function seedScaleLifecycle(db: DB, rng: () => number, day0: string, fromDetailId: number): Promise<LifecycleCounts> {
  const admin = await actorOf(db, await userId(db, 'admin'))
  const before = {
    pelepasan_ban: await count(db, 'pelepasan_ban'),
    detail_pelepasan_ban: await count(db, 'detail_pelepasan_ban'),
    vulkanisir_ban: await count(db, 'vulkanisir_ban'),
    riwayat_ban: await count(db, 'riwayat_ban'),
  }
  await backfillRiwayat(db, admin)
  const since = await lastRiwayatId(db)
  const suppliers = ((await db.prepare('SELECT id FROM supplier ORDER BY id').all()) as { id: number }[]).map((s) => s.id)
  const byVehicle = new Map<number, FittedLine[]>()
  for (const l of await fittedLines(db, fromDetailId)) {
    let list = byVehicle.get(l.kendaraan_id)
    if (!list) byVehicle.set(l.kendaraan_id, (list = []))
    list.push(l)
  }
  const banOf = db.prepare('SELECT ban_id FROM detail_pemasangan_ban WHERE id = ?').pluck()
  const post = db.prepare("UPDATE pelepasan_ban SET status = 'posting' WHERE id = ?")
  const last = addDays(day0, -14)
  for (const lines of byVehicle.values()) {
    const fitted = lines[0].tanggal
    if (fitted > last || rng() >= 0.45) continue
    const days = Math.round((Date.parse(day0) - Date.parse(fitted)) / 86_400_000)
    const date = addDays(fitted, int(rng, 14, days))
    const km = (await vehicleKm(db, lines[0].kendaraan_id)) + roundTo(int(rng, 8_000, 70_000), 10)
    const taken = lines.slice(0, int(rng, 1, lines.length))
    const toRetreader: number[] = []
    for (const l of taken) {
      const r = rng()
      const tujuan: Tujuan = r < 0.35 ? 'vulkanisir' : r < 0.6 ? 'afkir' : 'stok'
      await stageRemoval(db, admin, line(l, km, tujuan, pick(rng, TUJUAN_ALASAN[tujuan]), { tebal_tapak: int(rng, 2, 12) }), {
        tanggal: date,
      })
      if (tujuan === 'vulkanisir') toRetreader.push((await banOf.get(l.id)) as number)
    }
    const docId = await registerRemoval(db, lines[0].kendaraan_id, date)
    if (rng() < 0.7) await post.run(docId)
    for (const banId of toRetreader) {
      if (rng() >= 0.7 || suppliers.length === 0) continue
      const received = minDate(addDays(date, int(rng, 5, 25)), day0)
      await receiveRetread(db, admin, banId, {
        supplier_id: pick(rng, suppliers),
        biaya: roundTo(int(rng, 400_000, 900_000), 25_000),
        tanggal: received,
      })
    }
  }
  await datePastRows(db, since)
  return {
    pelepasan_ban: (await count(db, 'pelepasan_ban')) - before.pelepasan_ban,
    detail_pelepasan_ban: (await count(db, 'detail_pelepasan_ban')) - before.detail_pelepasan_ban,
    vulkanisir_ban: (await count(db, 'vulkanisir_ban')) - before.vulkanisir_ban,
    riwayat_ban: (await count(db, 'riwayat_ban')) - before.riwayat_ban,
  }
}

const count = async (db: DB, table: string) => ((await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()) as { n: number }).n
const maxDate = (a: string, b: string) => (a > b ? a : b)
const minDate = (a: string, b: string) => (a < b ? a : b)
