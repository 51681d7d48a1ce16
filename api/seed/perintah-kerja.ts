import { sql } from 'kysely'
import type { DB } from '../types.ts'
import { createPerintahKerja } from '../routes/perintah-kerja.ts'
import { chunksOf } from './batch.ts'
import { int, makeRng } from './random.ts'

/** The demo's parts a work order takes, by the start of their name (the parts store's seed makes them). */
const PARTS = { oli: 'oli mesin', filterOli: 'filter oli', filterSolar: 'filter solar', kampas: 'kampas rem' } as const

/** A part of the store whose name starts with `prefix` (without case) and its stock, or null. */
async function partNamed(db: DB, prefix: string) {
  const row = await db.q
    .selectFrom('suku_cadang')
    .select(['id', 'stok'])
    .where(sql<boolean>`lower(nama) LIKE ${`${prefix}%`}`)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return row ? { id: row.id, stok: Number(row.stok) } : null
}

/**
 * Work orders in the demo, through the same function as the api (the km a reading, the parts through
 * the ledger; no audit record, as the other seeds): six vehicles with a service plan, each an oil change (and its filter,
 * some also the brake linings or the fuel filter) at one of its readings of the last weeks, the
 * mechanic a demo employee, labour lines; the older half posted. The parts lines are there only when
 * the parts store's seed has made 'Oli Mesin …', 'Filter Oli …' … with stock enough (it runs first after
 * the merge); without them the work orders have their service and labour lines only.
 */
export async function seedPerintahKerjaDemo(db: DB, day0: string): Promise<number> {
  const items = new Map(
    (await db.q.selectFrom('item_servis').select(['id', 'nama']).execute()).map((i) => [i.nama.toLowerCase(), i.id] as const),
  )
  const oli = items.get('ganti oli mesin')
  const filterOli = items.get('filter oli')
  if (oli === undefined || filterOli === undefined) return 0
  const vehicles = await db.q
    .selectFrom('kendaraan')
    .select('id')
    .where('jenis_kendaraan_id', 'is not', null)
    .orderBy('id')
    .limit(6)
    .execute()
  const mekanik = await db.q.selectFrom('karyawan').select('id').orderBy('id').limit(3).execute()
  const parts = {
    oli: await partNamed(db, PARTS.oli),
    filterOli: await partNamed(db, PARTS.filterOli),
    filterSolar: await partNamed(db, PARTS.filterSolar),
    kampas: await partNamed(db, PARTS.kampas),
  }
  /** A part line when the part is there with stock enough (its stock then counts it as taken). */
  const take = (key: keyof typeof parts, jumlah: number) => {
    const p = parts[key]
    if (!p || p.stok < jumlah) return []
    p.stok -= jumlah
    return [{ suku_cadang_id: p.id, jumlah }]
  }
  let made = 0
  for (const [i, v] of vehicles.entries()) {
    // One of its readings of the last weeks (older first for the first vehicles): the work order's date and km.
    const readings = await db.q
      .selectFrom('km_kendaraan')
      .select(['tanggal', 'km'])
      .where('kendaraan_id', '=', v.id)
      .where('tanggal', '<=', day0)
      .orderBy('tanggal', 'desc')
      .orderBy('id', 'desc')
      .limit(4)
      .execute()
    const reading = readings[Math.max(0, Math.min(readings.length - 1, 3 - Math.floor(i / 2)))]
    if (!reading) continue
    const servis = [oli, filterOli]
    const extra = i % 3 === 1 ? items.get('kampas rem') : i % 3 === 2 ? items.get('filter solar') : undefined
    if (extra !== undefined) servis.push(extra)
    const id = await createPerintahKerja(db, null, {
      kendaraan_id: v.id,
      tanggal_awal: reading.tanggal,
      km: Number(reading.km),
      karyawan_id: mekanik.length ? mekanik[i % mekanik.length]!.id : null,
      keterangan: i % 2 === 0 ? 'Servis berkala' : 'Servis berkala, cek kebocoran oli',
      servis: servis.map((item_servis_id) => ({ item_servis_id })),
      parts: [
        ...take('oli', i % 2 === 0 ? 4 : 6),
        ...take('filterOli', 1),
        ...(i % 3 === 1 ? take('kampas', 1) : i % 3 === 2 ? take('filterSolar', 1) : []),
      ],
      jasa: [
        { uraian: 'Jasa ganti oli dan filter', biaya: 75_000 },
        ...(extra !== undefined ? [{ uraian: i % 3 === 1 ? 'Jasa ganti kampas rem' : 'Jasa ganti filter solar', biaya: 125_000 }] : []),
      ],
    })
    if (i < 3) await db.q.updateTable('perintah_kerja').set({ status: 'posting' }).where('id', '=', id).execute()
    made++
  }
  return made
}

/**
 * The scale seed's work orders: one for about a fifth of this run's vehicles with a type (id above
 * `fromKendaraanId`), at its latest reading's day and km (its reading too), an oil change and its
 * filter with a labour line, about half posted; planned in memory and inserted many rows a statement.
 * No parts (the parts store's scale seed owns the stock).
 */
export async function seedScalePerintahKerja(
  db: DB,
  seed: number,
  fromKendaraanId: number,
  reserve: (count: number) => Promise<() => { code: string }>,
): Promise<number> {
  const rng = makeRng(seed)
  const items = new Map(
    (await db.q.selectFrom('item_servis').select(['id', 'nama']).execute()).map((i) => [i.nama.toLowerCase(), i.id] as const),
  )
  const oli = items.get('ganti oli mesin')
  const filterOli = items.get('filter oli')
  if (oli === undefined || filterOli === undefined) return 0
  const latest = await db.q
    .selectFrom('kendaraan as k')
    .innerJoin('km_kendaraan as r', (join) =>
      join.on((eb) =>
        eb(
          'r.id',
          '=',
          eb
            .selectFrom('km_kendaraan as x')
            .select('x.id')
            .whereRef('x.kendaraan_id', '=', 'k.id')
            .orderBy('x.tanggal', 'desc')
            .orderBy('x.id', 'desc')
            .limit(1),
        ),
      ),
    )
    .select(['k.id', 'r.tanggal', 'r.km'])
    .where('k.id', '>', fromKendaraanId)
    .where('k.jenis_kendaraan_id', 'is not', null)
    .orderBy('k.id')
    .execute()
  const chosen = latest.filter(() => rng() < 0.2)
  if (!chosen.length) return 0
  const next = await reserve(chosen.length)
  const planned = chosen.map((v) => {
    const biaya = int(rng, 5, 15) * 10_000
    return {
      kode_perintah_kerja: next().code,
      kendaraan_id: v.id,
      tanggal_awal: v.tanggal,
      km: Number(v.km),
      keterangan: 'Servis berkala',
      total_suku_cadang: 0,
      total_jasa: biaya,
      grand_total: biaya,
      status: rng() < 0.5 ? 'posting' : 'unpost',
    }
  })
  const ids: number[] = []
  for (const chunk of chunksOf(planned, 9)) {
    const rows = await db.q.insertInto('perintah_kerja').values(chunk).returning(['id', 'kode_perintah_kerja']).execute()
    const byCode = new Map(rows.map((r) => [r.kode_perintah_kerja, r.id]))
    for (const p of chunk) ids.push(byCode.get(p.kode_perintah_kerja)!)
  }
  const servis = ids.flatMap((id) => [
    { perintah_kerja_id: id, item_servis_id: oli },
    { perintah_kerja_id: id, item_servis_id: filterOli },
  ])
  for (const chunk of chunksOf(servis, 2)) await db.q.insertInto('detail_perintah_kerja_servis').values(chunk).execute()
  const jasa = ids.map((id, i) => ({ perintah_kerja_id: id, uraian: 'Jasa ganti oli dan filter', biaya: planned[i]!.total_jasa }))
  for (const chunk of chunksOf(jasa, 3)) await db.q.insertInto('detail_perintah_kerja_jasa').values(chunk).execute()
  const readings = ids.map((id, i) => ({
    kendaraan_id: planned[i]!.kendaraan_id,
    tanggal: planned[i]!.tanggal_awal,
    km: planned[i]!.km,
    sumber: 'perintah_kerja',
    perintah_kerja_id: id,
  }))
  for (const chunk of chunksOf(readings, 5)) await db.q.insertInto('km_kendaraan').values(chunk).execute()
  return ids.length
}
