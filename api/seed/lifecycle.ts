import type { DB } from '../types.ts'
import { receiveRetread } from '../routes/transaksi/ban.ts'
import { ALASAN, registerPelepasan, stagePelepasan, type StageInput, type Tujuan } from '../routes/transaksi/pelepasan.ts'
import { actorOf, backfillRiwayat } from '../routes/transaksi/riwayat.ts'
import { atTime } from './batch.ts'
import { addDays, int, pick, roundTo } from './random.ts'

/**
 * The tyre's whole life in the seeds. The seeds write tyres and pemasangan with SQL; this
 * writes their history rows, then pelepasan, retreads and scrap through the same functions as the api
 * (so the rows follow the api's rules), dated in the past.
 */

const userId = async (db: DB, kode: string) =>
  (await db.q.selectFrom('users').select('id').where('kode_user', '=', kode).executeTakeFirst())?.id ?? null

type TerpasangLine = { id: number; kendaraan_id: number; posisi_ban: string; km_pemasangan: number; tanggal: string }

/** The lines of registered pemasangan not removed, by pemasangan date (oldest first). */
async function terpasangLines(db: DB, minDetailId = 0): Promise<TerpasangLine[]> {
  return db.q
    .selectFrom('detail_pemasangan_ban as d')
    .innerJoin('pemasangan_ban as f', 'f.id', 'd.pemasangan_ban_id')
    .select(['d.id', 'd.kendaraan_id', 'd.posisi_ban', 'd.km_pemasangan', 'f.tanggal_awal as tanggal'])
    .where('d.dilepas', '=', 0)
    .where('d.id', '>', minDetailId)
    .orderBy('f.tanggal_awal')
    .orderBy('f.id')
    .orderBy('d.id')
    .execute()
}

const vehicleKm = async (db: DB, id: number) =>
  (await db.q.selectFrom('kendaraan').select('km').where('id', '=', id).executeTakeFirstOrThrow()).km

const banOf = async (db: DB, detailPemasanganId: number) =>
  (await db.q.selectFrom('detail_pemasangan_ban').select('ban_id').where('id', '=', detailPemasanganId).executeTakeFirstOrThrow()).ban_id

const postPelepasan = (db: DB, id: number) => db.q.updateTable('pelepasan_ban').set({ status: 'posting' }).where('id', '=', id).execute()

const line = (
  l: TerpasangLine,
  km: number,
  tujuan: Tujuan,
  alasan: (typeof ALASAN)[number],
  extra: Partial<StageInput> = {},
): StageInput => ({
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

/**
 * History rows and pelepasan of seeded steps (those after the given ids) happen at their date (the api
 * would stamp them now).
 */
async function datePastRows(db: DB, since: Since) {
  await db.q
    .updateTable('riwayat_ban')
    .set((eb) => ({
      created_at: eb
        .case('jenis')
        .when('lepas')
        .then(atTime(db, 'tanggal', '14:00:00'))
        .else(atTime(db, 'tanggal', '15:30:00'))
        .end(),
    }))
    .where('id', '>', since.riwayat)
    .where('jenis', 'in', ['lepas', 'terima_vulkanisir'])
    .execute()
  await db.q
    .updateTable('pelepasan_ban')
    .set({ created_at: atTime(db, 'tanggal_awal', '14:00:00'), updated_at: atTime(db, 'tanggal_awal', '14:00:00') })
    .where('id', '>', since.pelepasan)
    .execute()
}

type Since = { riwayat: number; pelepasan: number }

/** The last ids of the history and the pelepasan: what a seed step writes comes after. */
const lastIds = async (db: DB): Promise<Since> => ({ riwayat: await maxId(db, 'riwayat_ban'), pelepasan: await maxId(db, 'pelepasan_ban') })

/** The highest id of a table, 0 when it has no rows. */
export const maxId = async (db: DB, table: 'riwayat_ban' | 'pelepasan_ban' | 'detail_pemasangan_ban' | 'kendaraan' | 'jenis_kendaraan') =>
  Number(
    (
      await db.q
        .selectFrom(table)
        .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/**
 * The demo: history of every seeded tyre; a posted pelepasan of two tyres of the oldest pemasangan (one to
 * the retreader and received back as KANISIR with its cost, one scrapped) in an earlier month; an
 * unposted pelepasan this month of two tyres of the next pemasangan (one back to stock as BEKAS, one still
 * at the retreader); the vehicle of the third pemasangan has run so far that one of its tyres is past
 * 90% of its target km. So Stok Ban shows every state, the cost-per-km report has figures this month
 * and before, and the dashboard a worn tyre.
 */
export async function seedLifecycleDemo(db: DB, day0: string) {
  const admin = await actorOf(db, await userId(db, 'admin'))
  const workshop = await actorOf(db, (await userId(db, 'hendra.gudang')) ?? (await userId(db, 'admin')))
  await backfillRiwayat(db, admin)
  const since = await lastIds(db)

  const byVehicle = new Map<number, TerpasangLine[]>()
  for (const l of await terpasangLines(db)) {
    let list = byVehicle.get(l.kendaraan_id)
    if (!list) byVehicle.set(l.kendaraan_id, (list = []))
    list.push(l)
  }
  const candidates = [...byVehicle.values()].filter((ls) => ls.length >= 2).sort((a, b) => (a[0].tanggal < b[0].tanggal ? -1 : 1))
  const supplierAt = (offset: number) => db.q.selectFrom('supplier').select('id').orderBy('id').limit(1).offset(offset).executeTakeFirst()
  const retreader = (await supplierAt(1)) ?? (await supplierAt(0))

  const [first, second, third] = candidates
  if (first) {
    const date = maxDate(addDays(first[0].tanggal, 1), addDays(day0, -40))
    const km = (await vehicleKm(db, first[0].kendaraan_id)) + 42_350
    const [a, b] = first
    await stagePelepasan(
      db,
      workshop,
      line(a, km, 'vulkanisir', 'Ke Vulkanisir', { tebal_tapak: 3.5, keterangan: 'Tapak tipis, casing baik' }),
      {
        tanggal: date,
      },
    )
    await stagePelepasan(
      db,
      workshop,
      line(b, km, 'afkir', 'Pecah', { tebal_tapak: 6, keterangan: 'Pecah samping, tidak bisa divulkanisir' }),
      {
        tanggal: date,
      },
    )
    const docId = await registerPelepasan(db, a.kendaraan_id, date)
    await postPelepasan(db, docId)
    if (retreader) {
      const banId = await banOf(db, a.id)
      await receiveRetread(db, workshop, banId, { supplier_id: retreader.id, biaya: 650_000, tanggal: minDate(addDays(date, 12), day0) })
    }
  }
  if (second) {
    const monthStart = `${day0.slice(0, 8)}01`
    const date = maxDate(maxDate(monthStart, addDays(day0, -3)), addDays(second[0].tanggal, 1))
    const km = (await vehicleKm(db, second[0].kendaraan_id)) + 18_720
    const [a, b] = second
    await stagePelepasan(db, workshop, line(a, km, 'stok', 'Rotasi/Pindah', { tebal_tapak: 9, keterangan: 'Dipindah ke kendaraan lain' }), {
      tanggal: date,
    })
    await stagePelepasan(db, workshop, line(b, km, 'vulkanisir', 'Ke Vulkanisir', { tebal_tapak: 3 }), { tanggal: date })
    await registerPelepasan(db, a.kendaraan_id, date)
  }
  if (third) await wearTowardsTarget(db, third)
  await datePastRows(db, since)
}

/**
 * The dashboard's "Ban mendekati target km" has a row in the demo: the vehicle of the
 * third pemasangan has run since, so its tyre with the lowest target is at 93% of it (the others below 90%).
 */
async function wearTowardsTarget(db: DB, lines: TerpasangLine[]) {
  const targets = await db.q
    .selectFrom('detail_pemasangan_ban')
    .select(['id', 'target_presentase'])
    .where(
      'id',
      'in',
      lines.map((l) => l.id),
    )
    .execute()
  const targetOf = new Map(targets.map((t) => [t.id, t.target_presentase]))
  const targetKm = lines.map((l) => targetOf.get(l.id) ?? 70_000)
  const lowest = Math.min(...targetKm)
  const fittedAt = Math.max(...lines.map((l) => l.km_pemasangan))
  const km = fittedAt + Math.round(lowest * 0.93)
  await db.q
    .updateTable('kendaraan')
    .set((eb) => ({ km: eb.case().when('km', '>', km).then(eb.ref('km')).else(km).end() }))
    .where('id', '=', lines[0].kendaraan_id)
    .execute()
}

export type LifecycleCounts = { pelepasan_ban: number; detail_pelepasan_ban: number; vulkanisir_ban: number; riwayat_ban: number }

const TUJUAN_ALASAN: Record<Tujuan, (typeof ALASAN)[number][]> = {
  stok: ['Rotasi/Pindah', 'Klaim Garansi', 'Habis'],
  vulkanisir: ['Ke Vulkanisir', 'Habis'],
  afkir: ['Afkir', 'Pecah'],
}

/**
 * The scale seed's pelepasan: the history of its tyres; on about 45% of the vehicles whose pemasangan is
 * older than two weeks, a pelepasan of some of its tyres (to stock, the retreader or scrap), most posted;
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
  const since = await lastIds(db)
  const suppliers = (await db.q.selectFrom('supplier').select('id').orderBy('id').execute()).map((s) => s.id)
  const byVehicle = new Map<number, TerpasangLine[]>()
  for (const l of await terpasangLines(db, fromDetailId)) {
    let list = byVehicle.get(l.kendaraan_id)
    if (!list) byVehicle.set(l.kendaraan_id, (list = []))
    list.push(l)
  }
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
      await stagePelepasan(db, admin, line(l, km, tujuan, pick(rng, TUJUAN_ALASAN[tujuan]), { tebal_tapak: int(rng, 2, 12) }), {
        tanggal: date,
      })
      if (tujuan === 'vulkanisir') toRetreader.push(await banOf(db, l.id))
    }
    const docId = await registerPelepasan(db, lines[0].kendaraan_id, date)
    if (rng() < 0.7) await postPelepasan(db, docId)
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

const count = async (db: DB, table: keyof LifecycleCounts) =>
  Number(
    (
      await db.q
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const maxDate = (a: string, b: string) => (a > b ? a : b)
const minDate = (a: string, b: string) => (a < b ? a : b)
