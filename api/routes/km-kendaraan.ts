import { Hono, type Context } from 'hono'
import { sql, type Expression, type SqlBool } from 'kysely'
import type { ApiEnv, AuthUser, DB } from '../types.ts'
import { idParam, invalid, notFound, readBody, today, type Body } from '../http.ts'
import { isCalendarDate } from '../dates.ts'
import { caseBlind, forUpdate, nowMoment } from '../sql.ts'
import { col, searchCondition, type ListColumns, type PageQuery } from '../paged.ts'
import { boundMessage, kmRule, PG_INTEGER_MAX, readWhole } from '../numbers.ts'
import { may, read, type ExtensionGrants } from '../grants.ts'
import { formatKm } from './transaksi/pelepasan.ts'

const KM_KENDARAAN = '/admin/km-kendaraan'
const KENDARAAN = '/admin/kendaraan'
const JENIS_KENDARAAN_LIST = 'GET /api/jenis_kendaraan'

/**
 * Odometer readings (the extension 'km-kendaraan'; docs/upstream-contract.md "Extensions: km
 * readings"): a vehicle's km on a day. Not a document (no code, no posting, no audit record: each
 * reading keeps who saved it and when). A vehicle's readings form a series ordered by (tanggal, id)
 * that never goes down, restarting at each correction (`sumber` 'koreksi': an odometer replaced, a
 * wrong reading). Saving readings sets the vehicle's `kendaraan.km` to its latest reading's km in the
 * same transaction, so every list and forecast that reads kendaraan.km follows.
 */

export const SUMBER = ['input', 'impor', 'koreksi'] as const
export type Sumber = (typeof SUMBER)[number]

/** Lines one save takes at most. */
export const MAX_BACAAN = 500
/** The pages of these lists: `per_page` 1..PER_PAGE_MAX, default PER_PAGE_DEFAULT. */
export const PER_PAGE_DEFAULT = 25
export const PER_PAGE_MAX = 200
/** km per day is measured over the readings of the last KM_PER_HARI_DAYS days (up to today). */
export const KM_PER_HARI_DAYS = 30

export const MESSAGES = {
  tanggalKosong: 'Tanggal tidak boleh kosong.',
  tanggalTidakValid: 'Tanggal harus berupa tanggal (YYYY-MM-DD).',
  tanggalNanti: 'Tanggal tidak boleh setelah hari ini.',
  bacaanKosong: 'Isi km minimal satu kendaraan.',
  bacaanBanyak: `Paling banyak ${MAX_BACAAN} kendaraan sekali simpan.`,
  kendaraanKosong: 'Kendaraan harus dipilih.',
  kendaraanTidakAda: 'Kendaraan tidak ditemukan.',
  kendaraanGanda: 'Kendaraan ini sudah ada di baris lain.',
  kmKosong: 'Km tidak boleh kosong.',
  kmBukanAngka: 'Km harus berupa bilangan bulat 0 atau lebih.',
  alasanKosong: 'Alasan koreksi tidak boleh kosong.',
  alasanPanjang: 'Alasan koreksi maksimal 255 karakter.',
} as const

/** '2026-11-10' → '10/11/2026'. */
export const tanggalId = (d: string) => d.split('-').reverse().join('/')
export const kmBelowMessage = (km: number, before: { km: number; tanggal: string }) =>
  `Km ${formatKm(km)} lebih kecil dari km sebelumnya: ${formatKm(before.km)} pada ${tanggalId(before.tanggal)}.`
export const kmBelowAkhirMessage = (km: number, kmAkhir: number) =>
  `Km ${formatKm(km)} lebih kecil dari Km Akhir kendaraan: ${formatKm(kmAkhir)}. Gunakan Koreksi bila odometer diganti.`
export const kmAboveMessage = (km: number, after: { km: number; tanggal: string }) =>
  `Km ${formatKm(km)} lebih besar dari km sesudahnya: ${formatKm(after.km)} pada ${tanggalId(after.tanggal)}.`

/** `date` moved by `n` days. */
export const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
/** Whole days from `a` to `b`. */
export const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)

// ---- a vehicle's readings: its own and its documents' -----------------------------------------------

/**
 * The documents whose km is a reading of their vehicle (registered ones: a line staged without its
 * document is not a reading yet; a document without a km neither): its table, its code column and its
 * `sumber` among the readings. A work order's km already is a km_kendaraan row (sumber 'perintah_kerja').
 */
export const DOKUMEN_KM = [
  { sumber: 'pemasangan_ban', table: 'pemasangan_ban', kode: 'kode_pemasangan' },
  { sumber: 'pelepasan_ban', table: 'pelepasan_ban', kode: 'kode_pelepasan' },
  { sumber: 'rotasi_ban', table: 'rotasi_ban', kode: 'kode_rotasi' },
  { sumber: 'pemeriksaan_ban', table: 'pemeriksaan_ban', kode: 'kode_pemeriksaan' },
] as const
export type SumberDokumen = (typeof DOKUMEN_KM)[number]['sumber']

/**
 * Which readings: of these vehicles (`ids`; every vehicle's without it, for a report over the fleet),
 * dated from `from` / up to `until` / after `after` (each optional).
 */
export type Scope = { ids?: readonly number[]; from?: string; until?: string; after?: string }

/**
 * The vehicles' readings, one query (a UNION ALL, each branch filtered by the scope so each table is read
 * by its (kendaraan_id, date) index): the km_kendaraan rows (`id` theirs, `dokumen_id` null) and the km
 * of the registered documents (DOKUMEN_KM: `id` null, `dokumen_id` and `dokumen_kode` the document's,
 * `tanggal` its tanggal_awal). Their order (`inOrder`) is by date; within a day the documents come first
 * (by km), then the rows by id: a reading saved goes after every reading of its day, as the documents
 * of that day were there before it.
 */
export function kmReadings(db: DB, scope: Scope) {
  const ids = scope.ids ? [...new Set(scope.ids)] : null
  const rows = db.q
    .selectFrom('km_kendaraan as x')
    .select((eb) => [
      eb.ref('x.id').$castTo<number | null>().as('id'),
      'x.kendaraan_id',
      'x.tanggal',
      'x.km',
      'x.sumber',
      sql<number | null>`CAST(NULL AS INTEGER)`.as('dokumen_id'),
      sql<string | null>`CAST(NULL AS TEXT)`.as('dokumen_kode'),
      sql<number>`1`.as('urutan'),
      eb.ref('x.id').$castTo<number>().as('urut'),
    ])
    .$if(ids !== null, (qb) => qb.where('x.kendaraan_id', 'in', ids!))
    .$if(scope.from !== undefined, (qb) => qb.where('x.tanggal', '>=', scope.from!))
    .$if(scope.until !== undefined, (qb) => qb.where('x.tanggal', '<=', scope.until!))
    .$if(scope.after !== undefined, (qb) => qb.where('x.tanggal', '>', scope.after!))
  // The four tables have the same columns but for the code: the builder is typed with pemasangan's
  // names, the code column a reference made from DOKUMEN_KM (never from a request).
  const documents = DOKUMEN_KM.map((d) =>
    db.q
      .selectFrom(`${d.table} as d` as 'pemasangan_ban as d')
      .select((eb) => [
        sql<number | null>`CAST(NULL AS INTEGER)`.as('id'),
        'd.kendaraan_id',
        'd.tanggal_awal as tanggal',
        eb.ref('d.km').$castTo<number>().as('km'),
        sql.lit<string>(d.sumber).as('sumber'),
        eb.ref('d.id').$castTo<number | null>().as('dokumen_id'),
        sql.ref<string | null>(`d.${d.kode}`).as('dokumen_kode'),
        sql<number>`0`.as('urutan'),
        eb.ref('d.km').$castTo<number>().as('urut'),
      ])
      .$if(ids !== null, (qb) => qb.where('d.kendaraan_id', 'in', ids!))
      .where('d.km', 'is not', null)
      .$if(scope.from !== undefined, (qb) => qb.where('d.tanggal_awal', '>=', scope.from!))
      .$if(scope.until !== undefined, (qb) => qb.where('d.tanggal_awal', '<=', scope.until!))
      .$if(scope.after !== undefined, (qb) => qb.where('d.tanggal_awal', '>', scope.after!)),
  )
  return documents.reduce((q, d) => q.unionAll(d), rows)
}

type ReadingsQuery = ReturnType<typeof readingsFrom>
const readingsFrom = (db: DB, scope: Scope) => db.q.selectFrom(kmReadings(db, scope).as('b'))

/** The readings' order (`inOrder`), oldest first or newest first. */
const inOrder = <Q extends ReadingsQuery>(qb: Q, dir: 'asc' | 'desc' = 'asc') =>
  qb.orderBy('b.tanggal', dir).orderBy('b.urutan', dir).orderBy('b.urut', dir).orderBy('b.dokumen_id', dir) as Q

export type Edge = { id: number | null; km: number; tanggal: string; sumber: string; dokumen_kode: string | null }

/**
 * Each vehicle's newest ('last') or oldest ('first') reading in the scope, one query (ROW_NUMBER over
 * each vehicle's readings in their order). A vehicle without one is not in the map.
 */
export async function edgeReadings(db: DB, scope: Scope, which: 'first' | 'last'): Promise<Map<number, Edge>> {
  if (scope.ids && !scope.ids.length) return new Map()
  const dir = which === 'last' ? 'desc' : 'asc'
  const rows = await db.q
    .selectFrom(
      readingsFrom(db, scope)
        .select((eb) => [
          'b.id',
          'b.kendaraan_id',
          'b.tanggal',
          'b.km',
          'b.sumber',
          'b.dokumen_kode',
          eb.fn
            .agg<number>('row_number', [])
            .over((o) =>
              o
                .partitionBy('b.kendaraan_id')
                .orderBy('b.tanggal', dir)
                .orderBy('b.urutan', dir)
                .orderBy('b.urut', dir)
                .orderBy('b.dokumen_id', dir),
            )
            .as('n'),
        ])
        .as('w'),
    )
    .select(['w.id', 'w.kendaraan_id', 'w.tanggal', 'w.km', 'w.sumber', 'w.dokumen_kode'])
    .where('w.n', '=', 1)
    .execute()
  return new Map(
    rows.map((r) => [
      r.kendaraan_id,
      { id: r.id === null ? null : Number(r.id), km: Number(r.km), tanggal: r.tanggal, sumber: r.sumber, dokumen_kode: r.dokumen_kode },
    ]),
  )
}

/**
 * The day of each vehicle's latest reading (its rows' and its documents'), for the vehicles that
 * `where` (a condition on the vehicle, alias `k`; null: every vehicle) admits; vehicles without one are
 * absent. One query: each table's latest day per vehicle (grouped, by its (kendaraan_id, date) index),
 * then the latest of those.
 */
export async function tanggalBacaanTerakhir(db: DB, where: Expression<SqlBool> | null): Promise<Map<number, string>> {
  const rows = db.q
    .selectFrom('km_kendaraan as r')
    .innerJoin('kendaraan as k', 'k.id', 'r.kendaraan_id')
    .select((eb) => ['r.kendaraan_id', eb.fn.max('r.tanggal').as('tanggal')])
    .$if(where !== null, (qb) => qb.where(where!))
    .groupBy('r.kendaraan_id')
  const documents = DOKUMEN_KM.map((d) =>
    db.q
      .selectFrom(`${d.table} as d` as 'pemasangan_ban as d')
      .innerJoin('kendaraan as k', 'k.id', 'd.kendaraan_id')
      .select((eb) => ['d.kendaraan_id', eb.fn.max('d.tanggal_awal').as('tanggal')])
      .where('d.km', 'is not', null)
      .$if(where !== null, (qb) => qb.where(where!))
      .groupBy('d.kendaraan_id'),
  )
  const latest = await db.q
    .selectFrom(documents.reduce((q, d) => q.unionAll(d), rows).as('t'))
    .select((eb) => ['t.kendaraan_id', eb.fn.max('t.tanggal').as('tanggal')])
    .groupBy('t.kendaraan_id')
    .execute()
  return new Map(latest.map((r) => [r.kendaraan_id, r.tanggal]))
}

// ---- a reading as the api answers it ----------------------------------------------------------------

/** A vehicle's readings (`kmReadings`) with a row's reason and its user's code (null when the user is gone, none saved it, or a document's). */
const readingsOf = (db: DB, kendaraanId: number) =>
  readingsFrom(db, { ids: [kendaraanId] })
    .leftJoin('km_kendaraan as r', 'r.id', 'b.id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'b.id',
      'b.kendaraan_id',
      'b.tanggal',
      'b.km',
      'b.sumber',
      'b.dokumen_id',
      'b.dokumen_kode',
      'r.alasan',
      'u.kode_user',
      'r.created_at',
    ])

/** One km_kendaraan row as a reading's answer. */
const rowOf = (db: DB) =>
  db.q
    .selectFrom('km_kendaraan as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select((eb) => [
      eb.ref('r.id').$castTo<number | null>().as('id'),
      'r.kendaraan_id',
      'r.tanggal',
      'r.km',
      'r.sumber',
      sql<number | null>`NULL`.as('dokumen_id'),
      sql<string | null>`NULL`.as('dokumen_kode'),
      'r.alasan',
      'u.kode_user',
      'r.created_at',
    ])

type ReadingRow = Awaited<ReturnType<ReturnType<typeof rowOf>['executeTakeFirstOrThrow']>>
/**
 * A reading: a row's (`id` its own; `sumber` 'input', 'impor', 'koreksi', 'perintah_kerja') or a
 * document's (`id` null; `sumber` a DOKUMEN_KM name, `dokumen_id` and `dokumen_kode` the document's).
 */
export type Reading = Omit<ReadingRow, 'sumber' | 'created_at'> & {
  sumber: Sumber | 'perintah_kerja' | SumberDokumen
  created_at: string | null
}

const answerOf = (r: Omit<ReadingRow, 'created_at'> & { created_at: ReadingRow['created_at'] | null }): Reading => ({
  id: r.id === null ? null : Number(r.id),
  kendaraan_id: r.kendaraan_id,
  tanggal: r.tanggal,
  km: Number(r.km),
  sumber: r.sumber as Reading['sumber'],
  dokumen_id: r.dokumen_id === null ? null : Number(r.dokumen_id),
  dokumen_kode: r.dokumen_kode ?? null,
  alasan: r.alasan ?? null,
  kode_user: r.kode_user ?? null,
  created_at: r.created_at ?? null,
})

// ---- km per day -------------------------------------------------------------------------------------

/**
 * Each vehicle's km per day: over its readings (`kmReadings`: its rows and its documents' km) of the
 * current series (from its latest correction, that one included) dated within the last
 * KM_PER_HARI_DAYS days up to `day` (default today, the company's day), (km of the last − km of the
 * first) / (days between their dates), rounded to a whole km; null with fewer than two readings on
 * different days there. One query; the division is done here, so both databases answer alike. Every
 * id asked is in the map.
 */
export async function kmPerHari(db: DB, kendaraanIds: readonly number[], day = today()): Promise<Map<number, number | null>> {
  const result = new Map<number, number | null>(kendaraanIds.map((id) => [id, null]))
  if (!kendaraanIds.length) return result
  const rows = await inOrder(
    readingsFrom(db, { ids: kendaraanIds, from: addDays(day, -KM_PER_HARI_DAYS), until: day }).select([
      'b.kendaraan_id',
      'b.tanggal',
      'b.km',
      'b.sumber',
    ]),
  ).execute()
  const byVehicle = new Map<number, typeof rows>()
  for (const r of rows) {
    const list = byVehicle.get(r.kendaraan_id) ?? []
    // A correction restarts the series: what came before it does not count. (A correction before the
    // window leaves every reading of the window in the current series.)
    if (r.sumber === 'koreksi') list.length = 0
    list.push(r)
    byVehicle.set(r.kendaraan_id, list)
  }
  for (const [id, list] of byVehicle) {
    const first = list[0]!
    const last = list.at(-1)!
    const days = daysBetween(first.tanggal, last.tanggal)
    result.set(id, days > 0 ? Math.round((Number(last.km) - Number(first.km)) / days) : null)
  }
  return result
}

// ---- paging -----------------------------------------------------------------------------------------

export type Page = { page: number; perPage: number }

/** `page` (≥ 1, default 1) and `per_page` (1..`max`, default PER_PAGE_DEFAULT); else 422 as the paged lists. */
export function pageOf(c: Context<ApiEnv>, errors: Record<string, string[]>, max = PER_PAGE_MAX): Page {
  const whole = (raw: string, min: number, max: number) => (/^\d{1,9}$/.test(raw) && +raw >= min && +raw <= max ? +raw : null)
  const rawPage = (c.req.query('page') ?? '').trim()
  const rawPer = (c.req.query('per_page') ?? '').trim()
  const page = rawPage === '' ? 1 : whole(rawPage, 1, 1_000_000)
  const perPage = rawPer === '' ? PER_PAGE_DEFAULT : whole(rawPer, 1, max)
  if (page === null) errors.page = ['page harus bilangan bulat mulai dari 1.']
  if (perPage === null) errors.per_page = [`per_page harus bilangan bulat 1 sampai ${max}.`]
  return { page: page ?? 1, perPage: perPage ?? PER_PAGE_DEFAULT }
}

export const pageMeta = (p: Page, total: number) => ({ total, page: p.page, per_page: p.perPage })

// ---- the vehicles with their latest reading ---------------------------------------------------------

/** What `q` looks in, for vehicle alias `a` ('%' and '_' plain: api/paged.ts). */
export const searchColumns = (a: 'k' | 'c'): ListColumns => ({
  search: [col(`${a}.no_kabin`), col(`${a}.no_pol`), col(`${a}.kode_kendaraan`)],
  sort: {},
  order: [],
})

type ListFilter = Page & { q: string; jenisId: number | null }

function listFilter(c: Context<ApiEnv>): ListFilter {
  const errors: Record<string, string[]> = {}
  const rawJenis = (c.req.query('jenis_kendaraan_id') ?? '').trim()
  const jenisOk = /^\d{1,10}$/.test(rawJenis) && +rawJenis >= 1 && +rawJenis <= PG_INTEGER_MAX
  if (rawJenis !== '' && !jenisOk) errors.jenis_kendaraan_id = ['Jenis kendaraan tidak valid.']
  const page = pageOf(c, errors)
  if (Object.keys(errors).length) throw invalid(errors)
  return { ...page, q: (c.req.query('q') ?? '').trim().slice(0, 200), jenisId: rawJenis === '' ? null : Number(rawJenis) }
}

/** The filter's condition on vehicle alias `a`, or null when it asks nothing. */
function matching(f: ListFilter, a: 'k' | 'c') {
  const query: PageQuery = { page: f.page, perPage: f.perPage, q: f.q, sort: null, dir: 'asc', searchIn: null }
  const parts = [
    f.jenisId === null ? null : sql<SqlBool>`${sql.ref(`${a}.jenis_kendaraan_id`)} = ${f.jenisId}`,
    searchCondition(searchColumns(a), query),
  ].filter((p) => p !== null)
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` AND `)}` : null
}

/**
 * One page of the vehicles (by No Kabin without case, then id) with their latest reading, and how many
 * match, in one query: a one-row count left-joined to the page's ids (so a page past the last still
 * tells the total), then each page vehicle's latest reading through the index on (kendaraan_id,
 * tanggal, id). Then one query for the page's km per day.
 */
async function listPage(db: DB, f: ListFilter) {
  const where = matching(f, 'k')
  const whereCount = matching(f, 'c')
  const rows = await db.q
    .selectFrom(
      db.q
        .selectFrom('kendaraan as c')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .$if(whereCount !== null, (qb) => qb.where(whereCount!))
        .as('t'),
    )
    .leftJoin(
      db.q
        .selectFrom('kendaraan as k')
        .select((eb) => ['k.id', caseBlind(eb.ref('k.no_kabin')).as('urut')])
        .$if(where !== null, (qb) => qb.where(where!))
        .orderBy((eb) => caseBlind(eb.ref('k.no_kabin')))
        .orderBy('k.id')
        .limit(f.perPage)
        .offset((f.page - 1) * f.perPage)
        .as('p'),
      (join) => join.onTrue(),
    )
    .leftJoin('kendaraan as k', 'k.id', 'p.id')
    .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')
    .select([
      't.total',
      'p.id as kendaraan_id',
      'k.kode_kendaraan',
      'k.no_kabin',
      'k.no_pol',
      'j.nama_jenis_kendaraan as jenis_kendaraan',
      'k.km',
    ])
    .orderBy('p.urut')
    .orderBy('p.id')
    .execute()
  const vehicles = rows.filter((r) => r.kendaraan_id !== null)
  const ids = vehicles.map((r) => r.kendaraan_id!)
  const latest = await edgeReadings(db, { ids }, 'last')
  const perDay = await kmPerHari(db, ids)
  return {
    data: vehicles.map((r) => ({
      kendaraan_id: r.kendaraan_id!,
      kode_kendaraan: r.kode_kendaraan!,
      no_kabin: r.no_kabin!,
      no_pol: r.no_pol,
      jenis_kendaraan: r.jenis_kendaraan ?? null,
      km: Number(r.km),
      tanggal_terakhir: latest.get(r.kendaraan_id!)?.tanggal ?? null,
      km_terakhir: latest.get(r.kendaraan_id!)?.km ?? null,
      km_per_hari: perDay.get(r.kendaraan_id!) ?? null,
    })),
    meta: pageMeta(f, Number(rows[0]?.total ?? 0)),
  }
}

// ---- saving -----------------------------------------------------------------------------------------

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** A positive id (a number or digit text), or null. */
export function idOf(v: unknown): number | null {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : ''
  return /^\d{1,10}$/.test(s) && Number(s) >= 1 && Number(s) <= PG_INTEGER_MAX ? Number(s) : null
}

/** The day of a reading: required, a calendar day, not after today (the company's day). */
export function tanggalOf(v: unknown, errors: string[]): string | null {
  if (blank(v)) errors.push(MESSAGES.tanggalKosong)
  else if (typeof v !== 'string' || !isCalendarDate(v.trim())) errors.push(MESSAGES.tanggalTidakValid)
  else if (v.trim() > today()) errors.push(MESSAGES.tanggalNanti)
  else return v.trim()
  return null
}

const KM_RULE = kmRule('Km')

/** A km: required, a whole number 0..KM_MAX ('15.000' is 15000). */
export function kmOf(v: unknown, errors: string[]): number | null {
  if (blank(v)) {
    errors.push(MESSAGES.kmKosong)
    return null
  }
  const r = readWhole(v, KM_RULE)
  if (r.ok) return r.value
  errors.push(r.why === 'not-number' ? MESSAGES.kmBukanAngka : boundMessage(r.why, KM_RULE))
  return null
}

/** Locks the vehicles' rows (in id order: two saves never deadlock) and answers the ids that exist. */
export async function lockVehicles(db: DB, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set()
  const rows = await db.q
    .selectFrom('kendaraan')
    .select('id')
    .where(
      'id',
      'in',
      [...ids].sort((a, b) => a - b),
    )
    .orderBy('id')
    .$call(forUpdate(db))
    .execute()
  return new Set(rows.map((r) => r.id))
}

type Neighbour = { km: number; tanggal: string } | null

/**
 * Each vehicle's neighbours of a new reading dated `tanggal` (it goes after every reading of that day):
 * `before` the latest reading dated on or before it — never older than the latest correction dated so,
 * as that correction is such a reading itself; `after` the earliest reading dated after it, unless that
 * is a correction (a new series starts there: nothing after it in this series); `latest` when nothing
 * is dated after it (the new reading becomes the vehicle's newest) and the vehicle's km. One query.
 */
export async function neighboursOf(db: DB, ids: readonly number[], tanggal: string) {
  const vehicles = await db.q.selectFrom('kendaraan').select(['id', 'km']).where('id', 'in', ids).execute()
  const before = await edgeReadings(db, { ids, until: tanggal }, 'last')
  const after = await edgeReadings(db, { ids, after: tanggal }, 'first')
  const neighbour = (r: Edge | undefined): Neighbour => (r ? { km: r.km, tanggal: r.tanggal } : null)
  return new Map<number, Neighbours>(
    vehicles.map((v) => {
      const a = after.get(v.id)
      return [
        v.id,
        {
          latest: a === undefined,
          kmAkhir: Number(v.km),
          before: neighbour(before.get(v.id)),
          after: a?.sumber === 'koreksi' ? null : neighbour(a),
        },
      ]
    }),
  )
}

export type Neighbours = { before: Neighbour; after: Neighbour; latest: boolean; kmAkhir: number }

/** Why a new reading of `km` is out of its vehicle's order (none: it is in order). */
export function orderErrors(n: Neighbours | undefined, km: number): string[] {
  const errors: string[] = []
  if (n?.before && km < n.before.km) errors.push(kmBelowMessage(km, n.before))
  // The vehicle's newest reading may not take its Km Akhir down (a fitting or the master set it):
  // only a correction does that.
  else if (n?.latest && km < n.kmAkhir) errors.push(kmBelowAkhirMessage(km, n.kmAkhir))
  if (n?.after && km > n.after.km) errors.push(kmAboveMessage(km, n.after))
  return errors
}

/**
 * Why a new reading of one vehicle (`km` on `tanggal`) is out of order, exactly as a save of readings
 * checks it: below the reading before it, below the vehicle's Km Akhir when it becomes the newest, above
 * the reading after it (each message with both figures). The caller holds the vehicle's row locked
 * (lockVehicles): a document that carries a km (a work order) checks its reading with this.
 */
export async function readingOrderErrors(db: DB, kendaraanId: number, tanggal: string, km: number): Promise<string[]> {
  return orderErrors((await neighboursOf(db, [kendaraanId], tanggal)).get(kendaraanId), km)
}

/** A new reading of a batch (an import): its vehicle, day and km, and its row in the file. */
export type NewReading = { kendaraanId: number; tanggal: string; km: number; baris: number }

/** Vehicles a query takes at most (well under SQLite's and PostgreSQL's bound on parameters). */
const ID_CHUNK = 500

/**
 * The order rule (`orderErrors`) for many new readings of many vehicles over many days at once (an
 * import of a GPS export): each vehicle's new readings taken by date (the caller gives at most one a
 * vehicle and day), each checked exactly as a save of it alone would be, after the batch's earlier
 * readings of that vehicle that passed (they are saved before it, so they are its neighbours too).
 * The stored readings are read in two queries a chunk of vehicles, never one a reading: the latest
 * before the batch's first day with the vehicle's Km Akhir (`neighboursOf`), and every reading from
 * that day on. Answers the messages of each refused reading by its row, and the rows already stored
 * (a reading of that vehicle, day and km exists: a file imported twice), which are not saved again.
 * The caller holds the vehicles locked when it saves (lockVehicles).
 */
export async function batchOrderErrors(
  db: DB,
  readings: readonly NewReading[],
): Promise<{ errors: Map<number, string[]>; stored: Set<number> }> {
  const errors = new Map<number, string[]>()
  const stored = new Set<number>()
  if (!readings.length) return { errors, stored }
  const ids = [...new Set(readings.map((r) => r.kendaraanId))].sort((a, b) => a - b)
  const from = readings.reduce((min, r) => (r.tanggal < min ? r.tanggal : min), readings[0]!.tanggal)
  const start = new Map<number, Neighbours>()
  const series = new Map<number, { tanggal: string; km: number; sumber: string }[]>()
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const part = ids.slice(i, i + ID_CHUNK)
    for (const [id, n] of await neighboursOf(db, part, addDays(from, -1))) start.set(id, n)
    // Every reading from that day on, its documents' km included (kmReadings), in the readings' order.
    const rows = await inOrder(
      readingsFrom(db, { ids: part, from }).select(['b.kendaraan_id', 'b.tanggal', 'b.km', 'b.sumber']).orderBy('b.kendaraan_id'),
    ).execute()
    for (const r of rows) {
      const list = series.get(r.kendaraan_id) ?? []
      list.push({ tanggal: r.tanggal, km: Number(r.km), sumber: r.sumber })
      series.set(r.kendaraan_id, list)
    }
  }
  const byVehicle = new Map<number, NewReading[]>()
  for (const r of readings) {
    const list = byVehicle.get(r.kendaraanId) ?? []
    list.push(r)
    byVehicle.set(r.kendaraanId, list)
  }
  for (const [id, list] of byVehicle) {
    list.sort((a, z) => (a.tanggal < z.tanggal ? -1 : a.tanggal > z.tanggal ? 1 : a.baris - z.baris))
    const s = series.get(id) ?? []
    const first = start.get(id)
    let kmAkhir = first?.kmAkhir ?? 0
    // The latest stored reading dated up to the reading's day, and the batch's latest that passed.
    let storedBefore: Neighbour = first?.before ?? null
    let fileBefore: (Neighbour & object & { baris: number }) | null = null
    let p = 0
    for (const r of list) {
      let same = false
      while (p < s.length && s[p]!.tanggal <= r.tanggal) {
        storedBefore = { km: s[p]!.km, tanggal: s[p]!.tanggal }
        if (s[p]!.tanggal === r.tanggal && s[p]!.km === r.km) same = true
        p++
      }
      if (same) {
        stored.add(r.baris)
        continue
      }
      // A reading of the batch dated later than the stored one goes after it; on one day the new
      // reading goes after the stored ones (a higher id).
      const fromFile = fileBefore !== null && (storedBefore === null || fileBefore.tanggal >= storedBefore.tanggal)
      const before = fromFile ? fileBefore : storedBefore
      const next = s[p]
      const n: Neighbours = {
        before: before && { km: before.km, tanggal: before.tanggal },
        after: next && next.sumber !== 'koreksi' ? { km: next.km, tanggal: next.tanggal } : null,
        latest: next === undefined,
        kmAkhir,
      }
      const found = orderErrors(n, r.km).map((m) =>
        fromFile && before && m === kmBelowMessage(r.km, before) ? `${m.slice(0, -1)} (baris ${fileBefore!.baris}).` : m,
      )
      if (found.length) {
        errors.set(r.baris, found)
        continue
      }
      fileBefore = { km: r.km, tanggal: r.tanggal, baris: r.baris }
      if (n.latest) kmAkhir = r.km
    }
  }
  return { errors, stored }
}

/**
 * Each vehicle's km becomes its latest reading's (`kmReadings` order) when that is a km_kendaraan row
 * (a reading saved, a correction, a work order's). When a document's km is the latest, the vehicle's km
 * stays: the document raised it when it was saved (and a master's km above it is kept).
 */
export async function followLatest(db: DB, ids: readonly number[]) {
  const latest = await edgeReadings(db, { ids }, 'last')
  for (const [id, r] of latest) {
    if (r.id === null) continue
    await db.q
      .updateTable('kendaraan')
      .set({ km: r.km, updated_at: nowMoment(db) })
      .where('id', '=', id)
      .execute()
  }
  await refreshTyreKmPerHari(db, ids)
}

/**
 * The stored tyre forecasts (prakiraan_ban, written by api/routes/transaksi/pemeriksaan.ts at each
 * inspection round) of these vehicles take their km per day again: each as of its round's date
 * (`hari_periksa`), from the readings (kmPerHari; null when not above 0, as a round computes it). One
 * query for the vehicles' forecast dates, one kmPerHari per distinct date, one update per vehicle and date.
 */
export async function refreshTyreKmPerHari(db: DB, ids: readonly number[]) {
  if (!ids.length) return
  const rows = await db.q
    .selectFrom('prakiraan_ban')
    .select(['kendaraan_id', 'hari_periksa'])
    .distinct()
    .where('kendaraan_id', 'in', [...new Set(ids)])
    .execute()
  const byDay = new Map<number, number[]>()
  for (const r of rows) if (r.kendaraan_id !== null) byDay.set(r.hari_periksa, [...(byDay.get(r.hari_periksa) ?? []), r.kendaraan_id])
  for (const [hari, vehicles] of byDay) {
    const perDay = await kmPerHari(db, vehicles, new Date(hari * 86_400_000).toISOString().slice(0, 10))
    for (const id of vehicles) {
      const v = perDay.get(id) ?? null
      await db.q
        .updateTable('prakiraan_ban')
        .set({ km_per_hari: v !== null && v > 0 ? v : null })
        .where('kendaraan_id', '=', id)
        .where('hari_periksa', '=', hari)
        .execute()
    }
  }
}

type Line = { kendaraanId: number | null; km: number | null; errors: Record<'kendaraan_id' | 'km', string[]> }

/**
 * Saves the readings of many vehicles on one day (`POST /api/km-kendaraan`), all or nothing: every
 * error found → 422 with keys `tanggal`, `bacaan`, `bacaan.{i}.kendaraan_id`, `bacaan.{i}.km`. The
 * vehicles are locked (forUpdate, id order) before their order is checked, so two saves of one vehicle
 * are checked one after the other. Answers the readings saved, in the lines' order.
 */
export async function simpanBacaan(db: DB, user: AuthUser | null, body: Body): Promise<Reading[]> {
  const tanggalErrors: string[] = []
  const tanggal = tanggalOf(body.tanggal, tanggalErrors)
  const bacaanErrors: string[] = []
  const raw = body.bacaan
  const list = Array.isArray(raw) ? raw : []
  if (!list.length) bacaanErrors.push(MESSAGES.bacaanKosong)
  else if (list.length > MAX_BACAAN) bacaanErrors.push(MESSAGES.bacaanBanyak)
  const lines: Line[] = (bacaanErrors.length ? [] : list).map((item: unknown) => {
    const o = item && typeof item === 'object' ? (item as Record<string, unknown>) : {}
    const errors: Line['errors'] = { kendaraan_id: [], km: [] }
    const kendaraanId = idOf(o.kendaraan_id)
    if (kendaraanId === null) errors.kendaraan_id.push(MESSAGES.kendaraanKosong)
    const km = kmOf(o.km, errors.km)
    return { kendaraanId, km, errors }
  })
  const seen = new Set<number>()
  for (const line of lines) {
    if (line.kendaraanId === null) continue
    if (seen.has(line.kendaraanId)) line.errors.kendaraan_id.push(MESSAGES.kendaraanGanda)
    seen.add(line.kendaraanId)
  }

  return await db.tx(async () => {
    const ids = [...seen]
    const found = await lockVehicles(db, ids)
    for (const line of lines) {
      if (line.kendaraanId !== null && !found.has(line.kendaraanId)) line.errors.kendaraan_id.push(MESSAGES.kendaraanTidakAda)
    }
    const checked = lines.filter(
      (l) => l.kendaraanId !== null && found.has(l.kendaraanId) && l.km !== null && !l.errors.kendaraan_id.length,
    )
    if (tanggal !== null && checked.length) {
      const neighbours = await neighboursOf(
        db,
        checked.map((l) => l.kendaraanId!),
        tanggal,
      )
      for (const line of checked) line.errors.km.push(...orderErrors(neighbours.get(line.kendaraanId!), line.km!))
    }
    const errors: Record<string, string[]> = {}
    if (tanggalErrors.length) errors.tanggal = tanggalErrors
    if (bacaanErrors.length) errors.bacaan = bacaanErrors
    for (const [i, line] of lines.entries()) {
      if (line.errors.kendaraan_id.length) errors[`bacaan.${i}.kendaraan_id`] = line.errors.kendaraan_id
      if (line.errors.km.length) errors[`bacaan.${i}.km`] = line.errors.km
    }
    if (Object.keys(errors).length) throw invalid(errors)

    const inserted = await db.q
      .insertInto('km_kendaraan')
      .values(
        lines.map((l) => ({ kendaraan_id: l.kendaraanId!, tanggal: tanggal!, km: l.km!, sumber: 'input', user_id: user?.id ?? null })),
      )
      .returning(['id', 'kendaraan_id'])
      .execute()
    await followLatest(db, ids)
    const saved = await rowOf(db)
      .where(
        'r.id',
        'in',
        inserted.map((r) => r.id),
      )
      .execute()
    const byVehicle = new Map(saved.map((r) => [r.kendaraan_id, answerOf(r)]))
    return lines.map((l) => byVehicle.get(l.kendaraanId!)!)
  })
}

/**
 * Saves a correction (`POST /api/km-kendaraan/koreksi`): no order check (it starts a new series), the
 * reason required; the vehicle locked and its km following its latest reading as a save does.
 */
export async function simpanKoreksi(db: DB, user: AuthUser | null, body: Body): Promise<Reading> {
  const errors: Record<string, string[]> = {}
  const kendaraanId = idOf(body.kendaraan_id)
  if (kendaraanId === null) errors.kendaraan_id = [MESSAGES.kendaraanKosong]
  const tanggalErrors: string[] = []
  const tanggal = tanggalOf(body.tanggal, tanggalErrors)
  if (tanggalErrors.length) errors.tanggal = tanggalErrors
  const kmErrors: string[] = []
  const km = kmOf(body.km, kmErrors)
  if (kmErrors.length) errors.km = kmErrors
  const alasan = typeof body.alasan === 'string' ? body.alasan.trim() : ''
  if (alasan === '') errors.alasan = [MESSAGES.alasanKosong]
  else if (alasan.length > 255) errors.alasan = [MESSAGES.alasanPanjang]

  return await db.tx(async () => {
    if (kendaraanId !== null && !(await lockVehicles(db, [kendaraanId])).has(kendaraanId)) {
      errors.kendaraan_id = [MESSAGES.kendaraanTidakAda]
    }
    if (Object.keys(errors).length) {
      // In the form's order: the vehicle, the date, the km, the reason.
      const ordered = Object.fromEntries(['kendaraan_id', 'tanggal', 'km', 'alasan'].filter((k) => errors[k]).map((k) => [k, errors[k]!]))
      throw invalid(ordered)
    }
    const { id } = await db.q
      .insertInto('km_kendaraan')
      .values({ kendaraan_id: kendaraanId!, tanggal: tanggal!, km: km!, sumber: 'koreksi', alasan, user_id: user?.id ?? null })
      .returning('id')
      .executeTakeFirstOrThrow()
    await followLatest(db, [kendaraanId!])
    return answerOf(await rowOf(db).where('r.id', '=', id).executeTakeFirstOrThrow())
  })
}

// ---- routes -----------------------------------------------------------------------------------------

export function kmKendaraanRoutes() {
  const r = new Hono<ApiEnv>()

  // The vehicles with their latest reading and km per day, always one page.
  r.get('/km-kendaraan', async (c) => c.json(await listPage(c.get('db'), listFilter(c))))

  r.post('/km-kendaraan', async (c) => {
    const data = await simpanBacaan(c.get('db'), c.get('user'), await readBody(c))
    return c.json({ message: `Km ${data.length} kendaraan berhasil disimpan.`, data }, 201)
  })

  r.post('/km-kendaraan/koreksi', async (c) => {
    const data = await simpanKoreksi(c.get('db'), c.get('user'), await readBody(c))
    return c.json({ message: 'Koreksi km berhasil disimpan.', data }, 201)
  })

  // A vehicle's readings, newest first, one page; meta with its km per day and the vehicle (the
  // correction dialog names it; the vehicle's own call needs the Kendaraan grant).
  r.get('/kendaraan/:id/km', async (c) => {
    const db = c.get('db')
    const id = idParam(c, 'id', 'Kendaraan')
    const errors: Record<string, string[]> = {}
    const page = pageOf(c, errors)
    if (Object.keys(errors).length) throw invalid(errors)
    const kendaraan = await db.q
      .selectFrom('kendaraan')
      .select(['id', 'kode_kendaraan', 'no_kabin', 'no_pol', 'km'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!kendaraan) throw notFound('Kendaraan')
    const { total } = await readingsFrom(db, { ids: [id] })
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow()
    const rows = await inOrder(readingsOf(db, id), 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute()
    const perDay = await kmPerHari(db, [id])
    return c.json({
      data: rows.map(answerOf),
      meta: {
        ...pageMeta(page, Number(total)),
        km_per_hari: perDay.get(id) ?? null,
        kendaraan: { ...kendaraan, km: Number(kendaraan.km) },
      },
    })
  })

  return r
}

/** Its routes and the grants they need (api/routes/grants.ts takes them into its table). */
export const KM_KENDARAAN_EXTENSION = {
  routes: kmKendaraanRoutes,
  grants: {
    'GET /api/km-kendaraan': read(KM_KENDARAAN),
    'POST /api/km-kendaraan': may('create', KM_KENDARAAN),
    'POST /api/km-kendaraan/koreksi': may('update', KM_KENDARAAN),
    // The readings of one vehicle: the Km Kendaraan screen and the vehicle's detail.
    'GET /api/kendaraan/:id/km': read(KM_KENDARAAN, KENDARAAN),
    // Import of a GPS export's readings (api/routes/impor.ts; mounted with the extension 'impor').
    'POST /api/impor/km-kendaraan': may('create', KM_KENDARAAN),
    'GET /api/impor/km-kendaraan/:id': may('create', KM_KENDARAAN),
    'GET /api/impor/km-kendaraan/:id/ditolak': may('create', KM_KENDARAAN),
    'POST /api/impor/km-kendaraan/:id/simpan': may('create', KM_KENDARAAN),
    'DELETE /api/impor/km-kendaraan/:id': may('create', KM_KENDARAAN),
  },
  readers: {
    // The screen's filter by vehicle type.
    [JENIS_KENDARAAN_LIST]: [KM_KENDARAAN],
  },
} satisfies { routes: () => Hono<ApiEnv> } & ExtensionGrants
