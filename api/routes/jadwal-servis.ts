import { Hono, type Context } from 'hono'
import { sql, type RawBuilder, type SqlBool } from 'kysely'
import type { ApiEnv, AuthUser, DB } from '../types.ts'
import { conflict, idParam, invalid, notFound, readBody, today, type Body } from '../http.ts'
import { isCalendarDate } from '../dates.ts'
import { nextCode } from '../codes.ts'
import { isUniqueError } from '../database.ts'
import { caseBlind, forUpdate, nowMoment } from '../sql.ts'
import { searchCondition, type PageQuery } from '../paged.ts'
import { kmRule, PG_INTEGER_MAX, readWhole, type WholeRule } from '../numbers.ts'
import { may, read, type ExtensionGrants } from '../grants.ts'
import { formatKm } from './transaksi/pelepasan.ts'
import { idOf, kmPerHari, MESSAGES as KM_MESSAGES, pageOf, searchColumns, tanggalBacaanTerakhir, type Page } from './km-kendaraan.ts'

const ITEM_SERVIS = '/admin/item-servis'
const JADWAL_SERVIS = '/admin/jadwal-servis'
const SERVIS_JATUH_TEMPO = '/admin/servis-jatuh-tempo'
const KENDARAAN = '/admin/kendaraan'
const JENIS_KENDARAAN_LIST = 'GET /api/jenis_kendaraan'

/**
 * Service plans (the extension 'jadwal-servis'; docs/upstream-contract.md "Extensions: service
 * plans"): the master of service items with their own intervals, each vehicle type's plan (the items
 * its vehicles are serviced on, with intervals), a vehicle's overrides of its type's plan and its
 * opening entries (the last service before the system knew), and what falls due: per vehicle and
 * active item of its plan, the km and the day of the next service from the last one, and the day it is
 * expected at the vehicle's km per day (api/routes/km-kendaraan.ts).
 */

export const INTERVAL_KM_MAX = 1_000_000
export const INTERVAL_HARI_MAX = 3_650
/**
 * The due list's largest page: a download reads the list in pages this size (the whole list is
 * computed for every page, so fewer, larger pages).
 */
export const DUE_PER_PAGE_MAX = 2_000
/** Items one plan save takes at most. */
export const MAX_ITEMS = 500
/** Vehicles whose km per day one query reads (the ids are parameters: both databases cap them). */
const KM_PER_HARI_CHUNK = 5_000

export const MESSAGES = {
  itemTidakAda: 'Item Servis tidak ditemukan.',
  namaKosong: 'Nama Item Servis tidak boleh kosong!',
  namaPanjang: 'Nama Item Servis maksimal 100 karakter.',
  namaAda: 'Nama Item Servis sudah ada.',
  intervalKosong: 'Isi Interval Km atau Interval Hari.',
  intervalKm: 'Interval Km harus bilangan bulat 1 sampai 1.000.000.',
  intervalHari: 'Interval Hari harus bilangan bulat 1 sampai 3.650.',
  sukuCadangPanjang: 'Suku Cadang maksimal 255 karakter.',
  itemsBukanDaftar: 'Items harus berupa daftar.',
  itemsBanyak: `Paling banyak ${MAX_ITEMS} item sekali simpan.`,
  itemGanda: 'Item Servis ini sudah ada di baris lain.',
  servisBersama: 'Isi Tanggal dan Km servis terakhir bersama.',
  dalamKm: 'Dalam Km harus bilangan bulat 0 atau lebih.',
  dalamHari: 'Dalam Hari harus bilangan bulat 0 atau lebih.',
  status: 'Status tidak valid.',
  jenisTidakValid: 'Jenis kendaraan tidak valid.',
  itemTidakValid: 'Item Servis tidak valid.',
} as const

export const dipakaiMessage = (n: number) => `Item Servis dipakai di ${n} jadwal servis.`
export const kmServisAboveMessage = (kmAkhir: number) =>
  `Km servis terakhir tidak boleh lebih besar dari Km Akhir kendaraan: ${formatKm(kmAkhir)}.`

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** A boolean as `aktif` is stored: itself on PostgreSQL, 0/1 on SQLite. */
const flag = (db: DB, b: boolean) => (db.dialect === 'postgres' ? b : b ? 1 : 0)

// ---- the due computation ----------------------------------------------------------------------------

/**
 * Days as numbers (days since 1970-01-01) and back, remembered: a due list of 80.000 lines asks the
 * same few hundred days over and over, and parsing and formatting each took most of its second.
 */
const dayNumbers = new Map<string, number>()
const dayTexts = new Map<number, string>()
function dayNumber(d: string): number {
  let n = dayNumbers.get(d)
  if (n === undefined) {
    if (dayNumbers.size > 100_000) dayNumbers.clear()
    n = Math.round(Date.parse(`${d}T00:00:00Z`) / 86_400_000)
    dayNumbers.set(d, n)
  }
  return n
}
function dayText(n: number): string {
  let d = dayTexts.get(n)
  if (d === undefined) {
    if (dayTexts.size > 100_000) dayTexts.clear()
    d = new Date(n * 86_400_000).toISOString().slice(0, 10)
    dayTexts.set(n, d)
  }
  return d
}
/** `date` moved by `n` days, and the whole days from `a` to `b`. */
const addDays = (date: string, n: number) => dayText(dayNumber(date) + n)
const daysBetween = (a: string, b: string) => dayNumber(b) - dayNumber(a)

/** The last service of an item: an opening entry ('awal') or a work order's service line ('perintah_kerja'). */
export type ServisTerakhir = { tanggal: string; km: number; sumber: 'awal' | 'perintah_kerja' }

export type DueInput = {
  /** The company's day (http.ts `today`). */
  today: string
  /** The vehicle's km (kendaraan.km) and the day of its latest reading (null without one). */
  km: number
  tanggalBacaan: string | null
  /** Its km per day (kmPerHari), null when unknown. */
  kmPerHari: number | null
  intervalKm: number | null
  intervalHari: number | null
  terakhir: { tanggal: string; km: number } | null
}

export type Due = {
  km_sekarang: number
  jatuh_tempo_km: number | null
  jatuh_tempo_tanggal: string | null
  sisa_km: number | null
  sisa_hari: number | null
  tanggal_perkiraan: string | null
  lewat: boolean
  belum_ada_riwayat: boolean
}

/**
 * When an item of a vehicle falls due (docs/upstream-contract.md "Extensions: service plans"): the km
 * now estimated from its km per day since its latest reading; from the last service, the km and the day
 * it falls due, what is left of each, and the day expected (the earlier of the day by days and the day
 * by km at its km per day). Without a last service it is due today, not overdue.
 */
export function servisDue(i: DueInput): Due {
  const kmSekarang =
    i.kmPerHari !== null && i.tanggalBacaan !== null ? i.km + Math.round(i.kmPerHari * daysBetween(i.tanggalBacaan, i.today)) : i.km
  if (!i.terakhir) {
    return {
      km_sekarang: kmSekarang,
      jatuh_tempo_km: null,
      jatuh_tempo_tanggal: null,
      sisa_km: null,
      sisa_hari: null,
      tanggal_perkiraan: i.today,
      lewat: false,
      belum_ada_riwayat: true,
    }
  }
  const jatuhTempoKm = i.intervalKm === null ? null : i.terakhir.km + i.intervalKm
  const jatuhTempoTanggal = i.intervalHari === null ? null : addDays(i.terakhir.tanggal, i.intervalHari)
  const sisaKm = jatuhTempoKm === null ? null : jatuhTempoKm - kmSekarang
  const sisaHari = jatuhTempoTanggal === null ? null : daysBetween(i.today, jatuhTempoTanggal)
  const byKm = sisaKm !== null && i.kmPerHari !== null && i.kmPerHari > 0 ? addDays(i.today, Math.floor(sisaKm / i.kmPerHari)) : null
  const dates = [jatuhTempoTanggal, byKm].filter((d) => d !== null).sort()
  const perkiraan = dates[0] ?? (sisaKm !== null && sisaKm < 0 ? i.today : null)
  return {
    km_sekarang: kmSekarang,
    jatuh_tempo_km: jatuhTempoKm,
    jatuh_tempo_tanggal: jatuhTempoTanggal,
    sisa_km: sisaKm,
    sisa_hari: sisaHari,
    tanggal_perkiraan: perkiraan,
    lewat: (sisaKm !== null && sisaKm < 0) || (sisaHari !== null && sisaHari < 0),
    belum_ada_riwayat: false,
  }
}

// ---- reading the values of a form -------------------------------------------------------------------

const KM_RULE: WholeRule = { label: 'Interval Km', min: 1, max: INTERVAL_KM_MAX }
const HARI_RULE: WholeRule = { label: 'Interval Hari', min: 1, max: INTERVAL_HARI_MAX }

/** An interval: blank → null; else a whole number within `rule` ('10.000' is 10000) or `message`. */
function intervalOf(v: unknown, rule: WholeRule, message: string, errors: string[]): number | null {
  if (blank(v)) return null
  const r = readWhole(v, rule)
  if (r.ok) return r.value
  errors.push(message)
  return null
}

type Intervals = { interval_km: number | null; interval_hari: number | null; errors: { interval_km: string[]; interval_hari: string[] } }

/** The two intervals of an item or a plan line; one of them required when `required`. */
function intervalsOf(o: Record<string, unknown>, required = true): Intervals {
  const errors = { interval_km: [] as string[], interval_hari: [] as string[] }
  const km = intervalOf(o.interval_km, KM_RULE, MESSAGES.intervalKm, errors.interval_km)
  const hari = intervalOf(o.interval_hari, HARI_RULE, MESSAGES.intervalHari, errors.interval_hari)
  if (required && blank(o.interval_km) && blank(o.interval_hari)) errors.interval_km.push(MESSAGES.intervalKosong)
  return { interval_km: km, interval_hari: hari, errors }
}

/** The lines of `items`, each an object ('items' not a list → 422 on `items`). */
function linesOf(body: Body): Record<string, unknown>[] {
  const raw = body.items
  // Required (an empty list empties a plan; a body without it changes nothing). A form post's
  // `items[0][…]` arrives as a list (readBody nests bracket keys); an object keyed 0, 1 … too.
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : null
  if (list === null) throw invalid({ items: [MESSAGES.itemsBukanDaftar] })
  if (list.length > MAX_ITEMS) throw invalid({ items: [MESSAGES.itemsBanyak] })
  return list.map((item: unknown) => (item && typeof item === 'object' ? (item as Record<string, unknown>) : {}))
}

/** Puts a line's errors under `items.<i>.<field>`. */
function lineErrors(errors: Record<string, string[]>, i: number, fields: Record<string, string[]>) {
  for (const [field, list] of Object.entries(fields)) if (list.length) errors[`items.${i}.${field}`] = list
}

// ---- the item master --------------------------------------------------------------------------------

const itemsOf = (db: DB) =>
  db.q.selectFrom('item_servis').select(['id', 'kode_item_servis', 'nama', 'interval_km', 'interval_hari', 'suku_cadang'])

export type Item = Awaited<ReturnType<ReturnType<typeof itemsOf>['executeTakeFirstOrThrow']>>

async function itemOne(db: DB, id: number): Promise<Item> {
  const item = await itemsOf(db).where('id', '=', id).executeTakeFirst()
  if (!item) throw notFound('Item Servis')
  return item
}

/** An item's values from a body, or 422 with every error; the name's uniqueness checked here too. */
async function itemValues(db: DB, body: Body, id: number | null) {
  const errors: Record<string, string[]> = {}
  const nama = typeof body.nama === 'string' ? body.nama.trim() : typeof body.nama === 'number' ? String(body.nama) : ''
  if (nama === '') errors.nama = [MESSAGES.namaKosong]
  else if (nama.length > 100) errors.nama = [MESSAGES.namaPanjang]
  else {
    const same = await db.q
      .selectFrom('item_servis')
      .select('id')
      .where((eb) => eb(caseBlind(eb.ref('nama')), '=', nama.toLowerCase()))
      .$if(id !== null, (qb) => qb.where('id', '<>', id!))
      .executeTakeFirst()
    if (same) errors.nama = [MESSAGES.namaAda]
  }
  const intervals = intervalsOf(body)
  if (intervals.errors.interval_km.length) errors.interval_km = intervals.errors.interval_km
  if (intervals.errors.interval_hari.length) errors.interval_hari = intervals.errors.interval_hari
  const sukuCadang = blank(body.suku_cadang) ? null : String(body.suku_cadang).trim()
  if (sukuCadang !== null && sukuCadang.length > 255) errors.suku_cadang = [MESSAGES.sukuCadangPanjang]
  if (Object.keys(errors).length) throw invalid(errors)
  return { nama, interval_km: intervals.interval_km, interval_hari: intervals.interval_hari, suku_cadang: sukuCadang }
}

/** A write refused by the name's unique index (a save of the same name meanwhile) is the name's 422. */
async function uniqueName<T>(db: DB, fn: () => Promise<T>): Promise<T> {
  try {
    return await db.tx(fn)
  } catch (err) {
    if (isUniqueError(err)) throw invalid({ nama: [MESSAGES.namaAda] })
    throw err
  }
}

/** How many plan lines, overrides and opening entries use an item. */
async function itemUses(db: DB, id: number): Promise<number> {
  const count = (table: 'jadwal_servis' | 'jadwal_servis_kendaraan' | 'servis_awal') =>
    db.q
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('item_servis_id', '=', id)
  const row = await db.q
    .selectNoFrom((eb) => [
      eb.selectFrom(count('jadwal_servis').as('a')).select('a.n').as('a'),
      eb.selectFrom(count('jadwal_servis_kendaraan').as('b')).select('b.n').as('b'),
      eb.selectFrom(count('servis_awal').as('c')).select('c.n').as('c'),
    ])
    .executeTakeFirstOrThrow()
  return Number(row.a ?? 0) + Number(row.b ?? 0) + Number(row.c ?? 0)
}

// ---- the plans of the vehicle types -----------------------------------------------------------------

/** A vehicle type's plan: every item of the master, `aktif` when in the plan, by name. */
async function planOfJenis(db: DB, id: number) {
  const jenis = await db.q.selectFrom('jenis_kendaraan').select(['id', 'nama_jenis_kendaraan']).where('id', '=', id).executeTakeFirst()
  if (!jenis) throw notFound('Jenis Kendaraan')
  const rows = await db.q
    .selectFrom('item_servis as i')
    .leftJoin('jadwal_servis as p', (join) => join.onRef('p.item_servis_id', '=', 'i.id').on('p.jenis_kendaraan_id', '=', id))
    .select([
      'i.id',
      'i.kode_item_servis',
      'i.nama',
      'i.interval_km as default_interval_km',
      'i.interval_hari as default_interval_hari',
      'p.id as plan_id',
      'p.interval_km',
      'p.interval_hari',
    ])
    .orderBy((eb) => caseBlind(eb.ref('i.nama')))
    .orderBy('i.id')
    .execute()
  return {
    jenis_kendaraan: jenis,
    items: rows.map((r) => ({
      item_servis_id: r.id,
      kode_item_servis: r.kode_item_servis,
      nama: r.nama,
      aktif: r.plan_id !== null,
      interval_km: r.plan_id !== null ? r.interval_km : r.default_interval_km,
      interval_hari: r.plan_id !== null ? r.interval_hari : r.default_interval_hari,
      default_interval_km: r.default_interval_km,
      default_interval_hari: r.default_interval_hari,
    })),
  }
}

/** The items that exist among `ids`. */
async function knownItems(db: DB, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set()
  const rows = await db.q
    .selectFrom('item_servis')
    .select('id')
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Set(rows.map((r) => r.id))
}

/**
 * The item id errors of a save's lines, one list a line: 'tidak ditemukan' when missing or unknown,
 * 'sudah ada di baris lain' when repeated.
 */
async function itemIdErrors(db: DB, lines: readonly { itemId: number | null }[]): Promise<string[][]> {
  const ids = lines.map((l) => l.itemId)
  const known = await knownItems(
    db,
    ids.flatMap((id) => (id === null ? [] : [id])),
  )
  const errors = lines.map(() => [] as string[])
  const seen = new Set<number>()
  ids.forEach((id, i) => {
    if (id === null || !known.has(id)) errors[i]!.push(MESSAGES.itemTidakAda)
    else if (seen.has(id)) errors[i]!.push(MESSAGES.itemGanda)
    if (id !== null) seen.add(id)
  })
  return errors
}

/** Replaces a vehicle type's plan with the lines of `items` (the active ones), in one transaction. */
async function simpanPlanJenis(db: DB, id: number, body: Body) {
  const lines = linesOf(body)
  const parsed = lines.map((o) => ({ itemId: idOf(o.item_servis_id), ...intervalsOf(o) }))
  return await db.tx(async () => {
    const jenis = await db.q
      .selectFrom('jenis_kendaraan')
      .select(['id', 'nama_jenis_kendaraan'])
      .where('id', '=', id)
      .$call(forUpdate(db))
      .executeTakeFirst()
    if (!jenis) throw notFound('Jenis Kendaraan')
    const itemErrors = await itemIdErrors(db, parsed)
    const errors: Record<string, string[]> = {}
    parsed.forEach((p, i) => lineErrors(errors, i, { item_servis_id: itemErrors[i]!, ...p.errors }))
    if (Object.keys(errors).length) throw invalid(errors)
    await db.q.deleteFrom('jadwal_servis').where('jenis_kendaraan_id', '=', id).execute()
    if (parsed.length) {
      await db.q
        .insertInto('jadwal_servis')
        .values(
          parsed.map((p) => ({
            jenis_kendaraan_id: id,
            item_servis_id: p.itemId!,
            interval_km: p.interval_km,
            interval_hari: p.interval_hari,
          })),
        )
        .execute()
    }
    return jenis.nama_jenis_kendaraan
  })
}

// ---- a vehicle's effective plan and when its items fall due ------------------------------------------

/** Which vehicles a read covers: a condition on the vehicle alias `k` (null: every vehicle). */
type Scope = RawBuilder<SqlBool> | null

const oneVehicle = (id: number): Scope => sql<SqlBool>`k.id = ${id}`

/** The vehicles of a scope with their type, by id. */
const vehiclesOf = (db: DB, scope: Scope) =>
  db.q
    .selectFrom('kendaraan as k')
    .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')
    .select(['k.id', 'k.kode_kendaraan', 'k.no_pol', 'k.no_kabin', 'k.jenis_kendaraan_id', 'j.nama_jenis_kendaraan', 'k.km'])
    .$if(scope !== null, (qb) => qb.where(scope!))
    .orderBy('k.id')
    .execute()

type Vehicle = Awaited<ReturnType<typeof vehiclesOf>>[number]

/**
 * The last service of each vehicle of a scope and item: the latest (by date, then km) of its opening
 * entry (`servis_awal`) and the work orders (registered or posted) whose service lines name the item
 * (api/routes/perintah-kerja.ts). Two set-based reads whatever the scope's size: the opening entries,
 * and the work orders' lines grouped by vehicle, item and day (the highest km of a day). By vehicle,
 * then item.
 */
async function servisTerakhir(db: DB, scope: Scope): Promise<Map<number, Map<number, ServisTerakhir>>> {
  const rows = await db.q
    .selectFrom('servis_awal as s')
    .innerJoin('kendaraan as k', 'k.id', 's.kendaraan_id')
    .select(['s.kendaraan_id', 's.item_servis_id', 's.tanggal', 's.km'])
    .$if(scope !== null, (qb) => qb.where(scope!))
    .execute()
  const orders = await db.q
    .selectFrom('detail_perintah_kerja_servis as d')
    .innerJoin('perintah_kerja as p', 'p.id', 'd.perintah_kerja_id')
    .innerJoin('kendaraan as k', 'k.id', 'p.kendaraan_id')
    .select((eb) => ['p.kendaraan_id', 'd.item_servis_id', 'p.tanggal_awal as tanggal', eb.fn.max('p.km').as('km')])
    .$if(scope !== null, (qb) => qb.where(scope!))
    .groupBy(['p.kendaraan_id', 'd.item_servis_id', 'p.tanggal_awal'])
    .execute()
  const result = new Map<number, Map<number, ServisTerakhir>>()
  const keep = (kendaraanId: number, itemId: number, last: ServisTerakhir) => {
    let ofVehicle = result.get(kendaraanId)
    if (!ofVehicle) result.set(kendaraanId, (ofVehicle = new Map()))
    const had = ofVehicle.get(itemId)
    if (!had || last.tanggal > had.tanggal || (last.tanggal === had.tanggal && last.km > had.km)) ofVehicle.set(itemId, last)
  }
  for (const r of rows) keep(r.kendaraan_id, r.item_servis_id, { tanggal: r.tanggal, km: Number(r.km), sumber: 'awal' })
  for (const r of orders) keep(r.kendaraan_id, r.item_servis_id, { tanggal: r.tanggal, km: Number(r.km), sumber: 'perintah_kerja' })
  return result
}

/** kmPerHari of many vehicles, a chunk of ids a query. */
async function kmPerHariOf(db: DB, ids: readonly number[], day: string) {
  const result = new Map<number, number | null>()
  for (let i = 0; i < ids.length; i += KM_PER_HARI_CHUNK) {
    for (const [id, v] of await kmPerHari(db, ids.slice(i, i + KM_PER_HARI_CHUNK), day)) result.set(id, v)
  }
  return result
}

export type PlanLine = {
  item_servis_id: number
  nama: string
  aktif: boolean
  sumber: 'jenis' | 'kendaraan'
  interval_km: number | null
  interval_hari: number | null
  jenis_interval_km: number | null
  jenis_interval_hari: number | null
}

/**
 * The effective plans of the vehicles of a scope: their type's plan merged with their overrides (an
 * override adds an item, switches one off or changes its intervals), by item name. A few set-based
 * reads: the items, the plans of the types, the overrides of the scope's vehicles.
 */
async function effectivePlans(db: DB, vehicles: readonly Vehicle[], scope: Scope): Promise<Map<number, PlanLine[]>> {
  const items = await db.q
    .selectFrom('item_servis')
    .select(['id', 'nama'])
    .orderBy((eb) => caseBlind(eb.ref('nama')))
    .orderBy('id')
    .execute()
  const plans = await db.q
    .selectFrom('jadwal_servis')
    .select(['jenis_kendaraan_id', 'item_servis_id', 'interval_km', 'interval_hari'])
    .execute()
  const overrides = await db.q
    .selectFrom('jadwal_servis_kendaraan as o')
    .innerJoin('kendaraan as k', 'k.id', 'o.kendaraan_id')
    .select(['o.kendaraan_id', 'o.item_servis_id', 'o.aktif', 'o.interval_km', 'o.interval_hari'])
    .$if(scope !== null, (qb) => qb.where(scope!))
    .execute()
  const planOf = new Map<number, Map<number, (typeof plans)[number]>>()
  for (const p of plans) {
    const m = planOf.get(p.jenis_kendaraan_id) ?? new Map()
    m.set(p.item_servis_id, p)
    planOf.set(p.jenis_kendaraan_id, m)
  }
  const overrideOf = new Map<number, Map<number, (typeof overrides)[number]>>()
  for (const o of overrides) {
    const m = overrideOf.get(o.kendaraan_id) ?? new Map()
    m.set(o.item_servis_id, o)
    overrideOf.set(o.kendaraan_id, m)
  }
  const empty = new Map()
  const result = new Map<number, PlanLine[]>()
  for (const v of vehicles) {
    const plan: Map<number, (typeof plans)[number]> = (v.jenis_kendaraan_id !== null && planOf.get(v.jenis_kendaraan_id)) || empty
    const own: Map<number, (typeof overrides)[number]> = overrideOf.get(v.id) ?? empty
    const lines: PlanLine[] = []
    if (plan.size || own.size) {
      for (const item of items) {
        const p = plan.get(item.id)
        const o = own.get(item.id)
        if (!p && !o) continue
        lines.push({
          item_servis_id: item.id,
          nama: item.nama,
          aktif: o ? Boolean(o.aktif) : true,
          sumber: o ? 'kendaraan' : 'jenis',
          interval_km: o ? o.interval_km : p!.interval_km,
          interval_hari: o ? o.interval_hari : p!.interval_hari,
          jenis_interval_km: p?.interval_km ?? null,
          jenis_interval_hari: p?.interval_hari ?? null,
        })
      }
    }
    result.set(v.id, lines)
  }
  return result
}

export type Status = PlanLine & { servis_terakhir: ServisTerakhir | null } & Due

/**
 * The vehicles of a scope, each with its km per day and its effective plan's lines with their last
 * service and when they fall due (servisDue). Used by a vehicle's plan and by the due list.
 */
async function statusOf(db: DB, scope: Scope, day: string) {
  const vehicles = await vehiclesOf(db, scope)
  const plans = await effectivePlans(db, vehicles, scope)
  const terakhir = await servisTerakhir(db, scope)
  const bacaan = await tanggalBacaanTerakhir(db, scope)
  const perDay = await kmPerHariOf(
    db,
    vehicles.map((v) => v.id),
    day,
  )
  return vehicles.map((v) => {
    const km = Number(v.km)
    const kph = perDay.get(v.id) ?? null
    const items: Status[] = plans.get(v.id)!.map((line) => {
      const last = terakhir.get(v.id)?.get(line.item_servis_id) ?? null
      const due = servisDue({
        today: day,
        km,
        tanggalBacaan: bacaan.get(v.id) ?? null,
        kmPerHari: kph,
        intervalKm: line.interval_km,
        intervalHari: line.interval_hari,
        terakhir: last,
      })
      // Written out, not spread: spreading took most of a second at 80.000 lines.
      return {
        item_servis_id: line.item_servis_id,
        nama: line.nama,
        aktif: line.aktif,
        sumber: line.sumber,
        interval_km: line.interval_km,
        interval_hari: line.interval_hari,
        jenis_interval_km: line.jenis_interval_km,
        jenis_interval_hari: line.jenis_interval_hari,
        servis_terakhir: last,
        km_sekarang: due.km_sekarang,
        jatuh_tempo_km: due.jatuh_tempo_km,
        jatuh_tempo_tanggal: due.jatuh_tempo_tanggal,
        sisa_km: due.sisa_km,
        sisa_hari: due.sisa_hari,
        tanggal_perkiraan: due.tanggal_perkiraan,
        lewat: due.lewat,
        belum_ada_riwayat: due.belum_ada_riwayat,
      }
    })
    return { vehicle: { ...v, km }, km_per_hari: kph, items }
  })
}

/** A vehicle's effective plan with when each item falls due (GET /api/jadwal-servis/kendaraan/:id). */
async function planOfKendaraan(db: DB, id: number) {
  const [found] = await statusOf(db, oneVehicle(id), today())
  if (!found) throw notFound('Kendaraan')
  return { kendaraan: found.vehicle, km_per_hari: found.km_per_hari, items: found.items }
}

/** A boolean of a form or JSON: absent → true; false, 0, '0', 'false', 'off', 'tidak' → false. */
function aktifOf(v: unknown): boolean {
  if (v === undefined || v === null) return true
  if (typeof v === 'boolean') return v
  if (typeof v === 'number') return v !== 0
  return !['0', 'false', 'off', 'tidak', ''].includes(String(v).trim().toLowerCase())
}

/**
 * Saves a vehicle's lines (PUT /api/jadwal-servis/kendaraan/:id): an override only where a line
 * differs from its type's plan (a line equal to it, or a line switched off that the plan does not
 * have, removes the override), and the opening entry when both its day and km are given (both blank
 * removes it). The vehicle locked first. Lines not sent stay as they are.
 */
async function simpanPlanKendaraan(db: DB, user: AuthUser | null, id: number, body: Body) {
  const lines = linesOf(body)
  const day = today()
  const parsed = lines.map((o) => {
    const aktif = aktifOf(o.aktif)
    const intervals = intervalsOf(o, aktif)
    const tanggalErrors: string[] = []
    const kmErrors: string[] = []
    // Both absent: the opening entry stays as it is; both blank: it goes; both given: it is saved.
    let servis: { tanggal: string | null; km: number | null } | 'hapus' | 'tetap' = 'tetap'
    const tBlank = blank(o.servis_tanggal)
    const kBlank = blank(o.servis_km)
    if (tBlank !== kBlank) kmErrors.push(MESSAGES.servisBersama)
    else if (tBlank) servis = o.servis_tanggal === undefined && o.servis_km === undefined ? 'tetap' : 'hapus'
    else {
      const t = String(o.servis_tanggal).trim()
      if (!isCalendarDate(t)) tanggalErrors.push(KM_MESSAGES.tanggalTidakValid)
      else if (t > day) tanggalErrors.push(KM_MESSAGES.tanggalNanti)
      const k = readWhole(o.servis_km, kmRule('Km'))
      if (!k.ok) kmErrors.push(KM_MESSAGES.kmBukanAngka)
      servis = { tanggal: tanggalErrors.length ? null : t, km: k.ok ? k.value : null }
    }
    return { itemId: idOf(o.item_servis_id), aktif, ...intervals, servis, tanggalErrors, kmErrors }
  })
  return await db.tx(async () => {
    const vehicle = await db.q
      .selectFrom('kendaraan')
      .select(['id', 'no_kabin', 'km', 'jenis_kendaraan_id'])
      .where('id', '=', id)
      .$call(forUpdate(db))
      .executeTakeFirst()
    if (!vehicle) throw notFound('Kendaraan')
    const kmAkhir = Number(vehicle.km)
    const itemErrors = await itemIdErrors(db, parsed)
    const errors: Record<string, string[]> = {}
    parsed.forEach((p, i) => {
      if (typeof p.servis === 'object' && p.servis.km !== null && p.servis.km > kmAkhir) p.kmErrors.push(kmServisAboveMessage(kmAkhir))
      lineErrors(errors, i, { item_servis_id: itemErrors[i]!, ...p.errors, servis_tanggal: p.tanggalErrors, servis_km: p.kmErrors })
    })
    if (Object.keys(errors).length) throw invalid(errors)

    const plan = new Map(
      vehicle.jenis_kendaraan_id === null
        ? []
        : (
            await db.q
              .selectFrom('jadwal_servis')
              .select(['item_servis_id', 'interval_km', 'interval_hari'])
              .where('jenis_kendaraan_id', '=', vehicle.jenis_kendaraan_id)
              .execute()
          ).map((p) => [p.item_servis_id, p]),
    )
    const opening = new Map(
      (await db.q.selectFrom('servis_awal').select(['item_servis_id', 'tanggal', 'km']).where('kendaraan_id', '=', id).execute()).map(
        (s) => [s.item_servis_id, s],
      ),
    )
    for (const p of parsed) {
      const itemId = p.itemId!
      const inPlan = plan.get(itemId)
      const same = inPlan && p.aktif && inPlan.interval_km === p.interval_km && inPlan.interval_hari === p.interval_hari
      const removeOverride = db.q.deleteFrom('jadwal_servis_kendaraan').where('kendaraan_id', '=', id).where('item_servis_id', '=', itemId)
      if (same || (!inPlan && !p.aktif)) await removeOverride.execute()
      else {
        const values = { aktif: flag(db, p.aktif), interval_km: p.interval_km, interval_hari: p.interval_hari }
        await db.q
          .insertInto('jadwal_servis_kendaraan')
          .values({ kendaraan_id: id, item_servis_id: itemId, ...values })
          .onConflict((oc) => oc.columns(['kendaraan_id', 'item_servis_id']).doUpdateSet(values))
          .execute()
      }
      const was = opening.get(itemId)
      const servis = p.servis
      if (servis === 'hapus') {
        await db.q.deleteFrom('servis_awal').where('kendaraan_id', '=', id).where('item_servis_id', '=', itemId).execute()
      } else if (servis !== 'tetap' && !(was && was.tanggal === servis.tanggal && Number(was.km) === servis.km)) {
        const values = { tanggal: servis.tanggal!, km: servis.km!, user_id: user?.id ?? null }
        await db.q
          .insertInto('servis_awal')
          .values({ kendaraan_id: id, item_servis_id: itemId, ...values })
          .onConflict((oc) => oc.columns(['kendaraan_id', 'item_servis_id']).doUpdateSet({ ...values, created_at: nowMoment(db) }))
          .execute()
      }
    }
    return vehicle.no_kabin
  })
}

// ---- the due list -----------------------------------------------------------------------------------

export type DueRow = {
  kendaraan_id: number
  kode_kendaraan: string
  no_kabin: string
  no_pol: string | null
  jenis_kendaraan_id: number | null
  nama_jenis_kendaraan: string | null
  item_servis_id: number
  nama_item: string
  interval_km: number | null
  interval_hari: number | null
  servis_terakhir_tanggal: string | null
  servis_terakhir_km: number | null
  km: number
  km_per_hari: number | null
} & Due

type DueFilter = Page & {
  q: string
  jenisId: number | null
  itemId: number | null
  lewat: boolean
  dalamKm: number | null
  dalamHari: number | null
}

function dueFilter(c: Context<ApiEnv>): DueFilter {
  const errors: Record<string, string[]> = {}
  const query = (name: string) => (c.req.query(name) ?? '').trim()
  const idQuery = (name: string, message: string) => {
    const raw = query(name)
    if (raw === '') return null
    const ok = /^\d{1,10}$/.test(raw) && +raw >= 1 && +raw <= PG_INTEGER_MAX
    if (!ok) errors[name] = [message]
    return ok ? Number(raw) : null
  }
  const wholeQuery = (name: string, message: string) => {
    const raw = query(name)
    if (raw === '') return null
    const ok = /^\d{1,9}$/.test(raw)
    if (!ok) errors[name] = [message]
    return ok ? Number(raw) : null
  }
  const jenisId = idQuery('jenis_kendaraan_id', MESSAGES.jenisTidakValid)
  const itemId = idQuery('item_servis_id', MESSAGES.itemTidakValid)
  const status = query('status')
  if (!['', 'semua', 'lewat'].includes(status)) errors.status = [MESSAGES.status]
  const dalamKm = wholeQuery('dalam_km', MESSAGES.dalamKm)
  const dalamHari = wholeQuery('dalam_hari', MESSAGES.dalamHari)
  const page = pageOf(c, errors, DUE_PER_PAGE_MAX)
  if (Object.keys(errors).length) throw invalid(errors)
  return { ...page, q: query('q').slice(0, 200), jenisId, itemId, lewat: status === 'lewat', dalamKm, dalamHari }
}

/** The vehicles the list's `q` and `jenis_kendaraan_id` keep, as a condition on alias `k`. */
function dueScope(f: DueFilter): Scope {
  const query: PageQuery = { page: f.page, perPage: f.perPage, q: f.q, sort: null, dir: 'asc', searchIn: null }
  const parts = [
    f.jenisId === null ? null : sql<SqlBool>`k.jenis_kendaraan_id = ${f.jenisId}`,
    searchCondition(searchColumns('k'), query),
  ].filter((p) => p !== null)
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` AND `)}` : null
}

/**
 * The due list (GET /api/servis-jatuh-tempo): a row per vehicle and active item of its effective
 * plan, filtered, by tanggal_perkiraan (none last), No Kabin, item name; one page, with how many rows
 * match and how many of those (before `status`, `dalam_km` and `dalam_hari`) are overdue.
 */
export async function dueList(db: DB, f: DueFilter, day = today()) {
  const vehicles = await statusOf(db, dueScope(f), day)
  const rows: DueRow[] = []
  for (const v of vehicles) {
    for (const s of v.items) {
      if (!s.aktif || (f.itemId !== null && s.item_servis_id !== f.itemId)) continue
      rows.push({
        kendaraan_id: v.vehicle.id,
        kode_kendaraan: v.vehicle.kode_kendaraan,
        no_kabin: v.vehicle.no_kabin,
        no_pol: v.vehicle.no_pol,
        jenis_kendaraan_id: v.vehicle.jenis_kendaraan_id,
        nama_jenis_kendaraan: v.vehicle.nama_jenis_kendaraan ?? null,
        item_servis_id: s.item_servis_id,
        nama_item: s.nama,
        interval_km: s.interval_km,
        interval_hari: s.interval_hari,
        servis_terakhir_tanggal: s.servis_terakhir?.tanggal ?? null,
        servis_terakhir_km: s.servis_terakhir?.km ?? null,
        km: v.vehicle.km,
        km_per_hari: v.km_per_hari,
        km_sekarang: s.km_sekarang,
        jatuh_tempo_km: s.jatuh_tempo_km,
        jatuh_tempo_tanggal: s.jatuh_tempo_tanggal,
        sisa_km: s.sisa_km,
        sisa_hari: s.sisa_hari,
        tanggal_perkiraan: s.tanggal_perkiraan,
        lewat: s.lewat,
        belum_ada_riwayat: s.belum_ada_riwayat,
      })
    }
  }
  const jumlahLewat = rows.filter((r) => r.lewat).length
  const sampai = f.dalamHari === null ? null : addDays(day, f.dalamHari)
  const kept = rows.filter((r) => {
    if (f.lewat && !r.lewat) return false
    if (f.dalamKm === null && sampai === null) return true
    const byKm = f.dalamKm !== null && r.sisa_km !== null && r.sisa_km <= f.dalamKm
    const byDay = sampai !== null && r.tanggal_perkiraan !== null && r.tanggal_perkiraan <= sampai
    return byKm || byDay
  })
  // One key a row, compared as plain text (a sort comparing text without case at every step took
  // seconds at 80.000 rows): the day expected (none last), No Kabin and item name without case, ids.
  const pad = (n: number) => String(n).padStart(10, '0')
  const keyed = kept.map((r) => ({
    r,
    key: [r.tanggal_perkiraan ?? '~', r.no_kabin.toLowerCase(), pad(r.kendaraan_id), r.nama_item.toLowerCase(), pad(r.item_servis_id)].join(
      '\u0000',
    ),
  }))
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const total = kept.length
  // The vehicles behind those lines (a vehicle due for three items is one vehicle to bring in).
  const jumlahKendaraan = new Set(kept.map((r) => r.kendaraan_id)).size
  const jumlahKendaraanLewat = new Set(rows.filter((r) => r.lewat).map((r) => r.kendaraan_id)).size
  return {
    data: keyed.slice((f.page - 1) * f.perPage, f.page * f.perPage).map((k) => k.r),
    meta: {
      page: f.page,
      per_page: f.perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / f.perPage)),
      jumlah_lewat: jumlahLewat,
      jumlah_kendaraan: jumlahKendaraan,
      jumlah_kendaraan_lewat: jumlahKendaraanLewat,
    },
  }
}

// ---- routes -----------------------------------------------------------------------------------------

export function jadwalServisRoutes() {
  const r = new Hono<ApiEnv>()

  r.get('/item-servis', async (c) => {
    const data = await itemsOf(c.get('db'))
      .orderBy((eb) => caseBlind(eb.ref('nama')))
      .orderBy('id')
      .execute()
    return c.json({ data })
  })

  r.get('/item-servis/:id', async (c) => c.json({ data: await itemOne(c.get('db'), idParam(c, 'id', 'Item Servis')) }))

  r.post('/item-servis', async (c) => {
    const db = c.get('db')
    const body = await readBody(c)
    const id = await uniqueName(db, async () => {
      const values = await itemValues(db, body, null)
      const kode = await nextCode(db, 'item_servis')
      const row = await db.q
        .insertInto('item_servis')
        .values({ kode_item_servis: kode, ...values })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    })
    return c.json({ message: 'Item Servis berhasil ditambahkan.', data: await itemOne(db, id) }, 201)
  })

  r.put('/item-servis/:id', async (c) => {
    const db = c.get('db')
    const id = idParam(c, 'id', 'Item Servis')
    const body = await readBody(c)
    await uniqueName(db, async () => {
      const old = await db.q.selectFrom('item_servis').select('id').where('id', '=', id).$call(forUpdate(db)).executeTakeFirst()
      if (!old) throw notFound('Item Servis')
      const values = await itemValues(db, body, id)
      await db.q
        .updateTable('item_servis')
        .set({ ...values, updated_at: nowMoment(db) })
        .where('id', '=', id)
        .execute()
    })
    return c.json({ message: 'Item Servis berhasil diperbarui.', data: await itemOne(db, id) })
  })

  r.delete('/item-servis/:id', async (c) => {
    const db = c.get('db')
    const id = idParam(c, 'id', 'Item Servis')
    await db.tx(async () => {
      const old = await db.q.selectFrom('item_servis').select('id').where('id', '=', id).$call(forUpdate(db)).executeTakeFirst()
      if (!old) throw notFound('Item Servis')
      const uses = await itemUses(db, id)
      if (uses > 0) throw conflict(dipakaiMessage(uses))
      await db.q.deleteFrom('item_servis').where('id', '=', id).execute()
    })
    return c.json({ message: 'Item Servis berhasil dihapus.' })
  })

  // Every vehicle type with how many items its plan has and how many vehicles it has.
  r.get('/jadwal-servis', async (c) => {
    const db = c.get('db')
    const rows = await db.q
      .selectFrom('jenis_kendaraan as j')
      .select((eb) => [
        'j.id as jenis_kendaraan_id',
        'j.nama_jenis_kendaraan',
        eb
          .selectFrom('jadwal_servis as p')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('p.jenis_kendaraan_id', '=', 'j.id')
          .as('jumlah_item'),
        eb
          .selectFrom('kendaraan as k')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('k.jenis_kendaraan_id', '=', 'j.id')
          .as('jumlah_kendaraan'),
      ])
      .orderBy((eb) => caseBlind(eb.ref('j.nama_jenis_kendaraan')))
      .orderBy('j.id')
      .execute()
    return c.json({
      data: rows.map((r) => ({ ...r, jumlah_item: Number(r.jumlah_item ?? 0), jumlah_kendaraan: Number(r.jumlah_kendaraan ?? 0) })),
    })
  })

  r.get('/jadwal-servis/jenis/:id', async (c) => c.json({ data: await planOfJenis(c.get('db'), idParam(c, 'id', 'Jenis Kendaraan')) }))

  r.put('/jadwal-servis/jenis/:id', async (c) => {
    const db = c.get('db')
    const id = idParam(c, 'id', 'Jenis Kendaraan')
    const nama = await simpanPlanJenis(db, id, await readBody(c))
    return c.json({ message: `Jadwal servis ${nama} berhasil disimpan.`, data: await planOfJenis(db, id) })
  })

  r.get('/jadwal-servis/kendaraan/:id', async (c) => c.json({ data: await planOfKendaraan(c.get('db'), idParam(c, 'id', 'Kendaraan')) }))

  r.put('/jadwal-servis/kendaraan/:id', async (c) => {
    const db = c.get('db')
    const id = idParam(c, 'id', 'Kendaraan')
    const noKabin = await simpanPlanKendaraan(db, c.get('user'), id, await readBody(c))
    return c.json({ message: `Jadwal servis kendaraan ${noKabin} berhasil disimpan.`, data: await planOfKendaraan(db, id) })
  })

  r.get('/servis-jatuh-tempo', async (c) => c.json(await dueList(c.get('db'), dueFilter(c))))

  return r
}

/** Its routes and the grants they need (api/routes/grants.ts takes them into its table). */
export const JADWAL_SERVIS_EXTENSION = {
  routes: jadwalServisRoutes,
  grants: {
    // The items: their master, and the pickers of the plans' and the due list's screens.
    'GET /api/item-servis': read(ITEM_SERVIS, JADWAL_SERVIS, SERVIS_JATUH_TEMPO),
    'GET /api/item-servis/:id': read(ITEM_SERVIS, JADWAL_SERVIS, SERVIS_JATUH_TEMPO),
    'POST /api/item-servis': may('create', ITEM_SERVIS),
    'PUT /api/item-servis/:id': may('update', ITEM_SERVIS),
    'DELETE /api/item-servis/:id': may('delete', ITEM_SERVIS),
    'GET /api/jadwal-servis': read(JADWAL_SERVIS),
    'GET /api/jadwal-servis/jenis/:id': read(JADWAL_SERVIS),
    'PUT /api/jadwal-servis/jenis/:id': may('update', JADWAL_SERVIS),
    // A vehicle's plan: the plans' screen, the due list's and the vehicle's detail.
    'GET /api/jadwal-servis/kendaraan/:id': read(JADWAL_SERVIS, SERVIS_JATUH_TEMPO, KENDARAAN),
    'PUT /api/jadwal-servis/kendaraan/:id': may('update', JADWAL_SERVIS),
    'GET /api/servis-jatuh-tempo': read(SERVIS_JATUH_TEMPO),
  },
  readers: {
    // The screens' filter and list of vehicle types.
    [JENIS_KENDARAAN_LIST]: [JADWAL_SERVIS, SERVIS_JATUH_TEMPO],
  },
} satisfies { routes: () => Hono<ApiEnv> } & ExtensionGrants
