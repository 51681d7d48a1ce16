import { Hono } from 'hono'
import { sql } from 'kysely'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { nextCode } from '../../codes.ts'
import { kmRule, optionalDecimalField, wholeField } from '../../numbers.ts'
import { idParam, invalid, notFound, optionalText, readBody, today, validate } from '../../http.ts'
import {
  tebalTapakField,
  docFilter,
  docFilterCondition,
  jsonBody,
  optionalCalendarDate,
  positionsFor,
  raiseVehicleKm,
  requiredId,
  type DocFilter,
  statusRoutes,
  vehicleExists,
  whenJoined,
} from './common.ts'
import { forUpdate, jsonAgg, jsonBuild, momentText, nowMoment, parseJson } from '../../sql.ts'
import { pageMeta, type PageQuery } from '../../paged.ts'
import { askedPage, col, listOrder, pageOrder, pageSlice, searchCondition, type ListColumns } from './paging.ts'
import { detailJson, detailRows } from './pemasangan.ts'
import { formatKm } from './pelepasan.ts'
import { kmPerHari as kmPerHariOfReadings } from '../km-kendaraan.ts'
import { lockKendaraan, positionHolder } from './posisi.ts'
import { recordAudit } from '../../audit.ts'
import { either, may, read } from '../../grants.ts'

const PEMERIKSAAN = '/admin/pemeriksaan-ban'
const LAPORAN_PEMERIKSAAN = '/admin/laporan-pemeriksaan-ban'
const STOK_BAN = '/admin/ban'

/**
 * Inspection rounds of the bans (the extension 'pemeriksaan-ban'; docs/upstream-contract.md "Extensions:
 * tyre inspections"): a round per vehicle at a date and km, one line per fitted position (tread depth,
 * pressure, condition, note). From a ban's inspections the api computes its wear per 1,000 km, the km
 * left to the minimum tread and, with the vehicle's km per day, a forecast date (forecastFrom). Each
 * ban's forecast inputs as of its latest inspection are kept in prakiraan_ban so the dashboard's
 * warning list is one indexed query.
 */

export const KONDISI_PEMERIKSAAN = ['Baik', 'Aus tidak rata', 'Retak', 'Benjol', 'Tertusuk', 'Lainnya'] as const
export type KondisiPemeriksaan = (typeof KONDISI_PEMERIKSAAN)[number]

/** The minimum tread depth (mm): `TEBAL_TAPAK_MINIMUM`, 3 mm when unset or not a number in 0–30. */
export function tebalTapakMinimum(setting = process.env.TEBAL_TAPAK_MINIMUM): number {
  const n = Number((setting ?? '').replace(',', '.'))
  return setting != null && setting.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= 30 ? n : 3
}

/** The dashboard's warning horizon: a ban forecast to reach the minimum within these km or days. */
export const PERINGATAN_KM = 5000
export const PERINGATAN_HARI = 30

// ---- days --------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000
/** YYYY-MM-DD → days since 1970-01-01 (the stored day number the warning query compares). */
export const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS)
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)

// ---- the forecast ------------------------------------------------------------------------------------

/** One measured point of a ban: its km run then and its tread. */
export type TitikUkur = { km_ban: number; tebal_tapak: number; tanggal: string | null }

/** What a forecast is computed from (prakiraan_ban's row). */
export type DasarPrakiraan = {
  tebal_tapak: number
  keausan_per_1000_km: number | null
  km_per_hari: number | null
  tanggal_periksa: string
}

/**
 * What the forecast is projected to today with: the km the ban has run since its last inspection by
 * the records (its km run now, from its vehicle's km now and its pelepasan lines, less its km run then) and
 * whether it is running (fitted now).
 */
export type Proyeksi = { hari_ini: string; km_tercatat: number; berjalan: boolean }

export type Prakiraan = {
  tebal_tapak_minimum: number
  tebal_tapak_terakhir: number
  tanggal_periksa_terakhir: string
  keausan_per_1000_km: number | null
  km_sisa: number | null
  km_per_hari: number | null
  hari_sisa: number | null
  tanggal_prakiraan: string | null
  km_sejak_periksa: number
  tanggal_hitung: string
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places

/**
 * Wear in mm per 1,000 km between the first and the last point (ordered by km): null with fewer than
 * two points, no km between them, or no tread lost (a ban that has not worn has no forecast).
 */
export function keausanPer1000Km(points: TitikUkur[]): number | null {
  if (points.length < 2) return null
  const first = points[0]!
  const last = points[points.length - 1]!
  const km = last.km_ban - first.km_ban
  const lost = first.tebal_tapak - last.tebal_tapak
  if (km <= 0 || lost <= 0) return null
  return round((lost / km) * 1000, 4)
}

/**
 * The forecast from its inputs, projected to today. At the last inspection: km left = (tread − minimum)
 * / wear × 1,000 (0 at or below the minimum). Since then the ban has run the km its records say
 * (`km_tercatat`) or, while it is fitted and its vehicle's km per day is known, the km per day times the
 * days since, whichever is more (`km_sejak_periksa`). Today: km left = the km left then less that (not
 * below 0); days left = (the km left then − that) / km per day, rounded up, negative once passed; the
 * forecast date = today + days left. A ban at the minimum with no km per day reached it on its
 * inspection's date; a ban off its vehicle is not running: no days left. The dashboard's list
 * (`warnings`) orders and picks by the same figures in SQL.
 */
export function forecastFrom(d: DasarPrakiraan, minimum: number, p: Proyeksi): Prakiraan {
  const atMinimum = d.tebal_tapak <= minimum
  const kmSisaThen = atMinimum ? 0 : d.keausan_per_1000_km ? ((d.tebal_tapak - minimum) / d.keausan_per_1000_km) * 1000 : null
  const days = dayNumber(p.hari_ini) - dayNumber(d.tanggal_periksa)
  const rate = p.berjalan && d.km_per_hari ? d.km_per_hari : null
  const since = Math.max(0, p.km_tercatat, rate ? rate * days : 0)
  let hariSisa: number | null = null
  if (kmSisaThen !== null && rate) hariSisa = Math.ceil((kmSisaThen - since) / rate)
  else if (atMinimum) hariSisa = -days
  return {
    tebal_tapak_minimum: minimum,
    tebal_tapak_terakhir: d.tebal_tapak,
    tanggal_periksa_terakhir: d.tanggal_periksa,
    keausan_per_1000_km: d.keausan_per_1000_km,
    km_sisa: kmSisaThen === null ? null : Math.max(0, Math.floor(kmSisaThen - since)),
    km_per_hari: d.km_per_hari,
    hari_sisa: hariSisa === null ? null : hariSisa + 0,
    tanggal_prakiraan: hariSisa === null ? null : dateOfDay(dayNumber(p.hari_ini) + hariSisa),
    km_sejak_periksa: Math.round(since),
    tanggal_hitung: p.hari_ini,
  }
}

/**
 * A ban's km run now (alias `b`), with `d` its holding pemasangan line (LEFT JOINed, null when off a
 * vehicle) and `k` that line's vehicle: its pelepasan lines' km plus the vehicle's km since the pemasangan.
 */
const KM_BAN_KINI = sql<number>`(COALESCE((SELECT SUM(x.km_tempuh) FROM detail_pelepasan_ban x WHERE x.ban_id = b.id AND (d.id IS NULL OR x.detail_pemasangan_ban_id <> d.id)), 0)
  + CASE WHEN d.id IS NOT NULL AND k.km > d.km_pemasangan THEN k.km - d.km_pemasangan ELSE 0 END)`

/** The ban `b` with its holding pemasangan line `d` (none when off a vehicle) and that line's vehicle `k`. */
const banWithHolder = (db: DB) =>
  db.q
    .selectFrom('ban as b')
    .leftJoin('detail_pemasangan_ban as d', (j) => j.onRef('d.ban_id', '=', 'b.id').on('d.dilepas', '=', 0))
    .leftJoin('kendaraan as k', 'k.id', 'd.kendaraan_id')

/** How ban `banId`'s forecast is projected to today from its last inspection (measured at `kmBanThen` km run). */
async function proyeksiOf(db: DB, banId: number, kmBanThen: number): Promise<Proyeksi> {
  const row = await banWithHolder(db)
    .select([KM_BAN_KINI.as('km_ban'), 'd.id as holding'])
    .where('b.id', '=', banId)
    .executeTakeFirstOrThrow()
  return { hari_ini: today(), km_tercatat: Math.max(0, Number(row.km_ban) - kmBanThen), berjalan: row.holding != null }
}

/**
 * A vehicle's km per day as of `until` (a round's date): its readings' (api/routes/km-kendaraan.ts
 * kmPerHari: its typed, imported and work orders' readings and its documents' km, these rounds among
 * them, over the 30 days up to `until`); null without two readings on different days there, or no km
 * run (a forecast needs the vehicle moving).
 */
async function kmPerHari(db: DB, kendaraanId: number, until: string): Promise<number | null> {
  const perDay = (await kmPerHariOfReadings(db, [kendaraanId], until)).get(kendaraanId) ?? null
  return perDay !== null && perDay > 0 ? perDay : null
}

/**
 * What a ban's forecast is computed from: its inspections since its last retread (vulkanisir) and,
 * with no retread, its tread when new (at 0 km) when the purchase line gave it. Null: no inspection.
 */
async function forecastInputs(
  db: DB,
  banId: number,
): Promise<{ dasar: DasarPrakiraan; titik: TitikUkur[]; kendaraan_id: number; detail_id: number; km_ban: number } | null> {
  const lines = await db.q
    .selectFrom('detail_pemeriksaan_ban as l')
    .innerJoin('pemeriksaan_ban as p', 'p.id', 'l.pemeriksaan_ban_id')
    .select(['l.id', 'l.tebal_tapak', 'l.km_ban', 'p.tanggal_awal', 'p.kendaraan_id'])
    .where('l.ban_id', '=', banId)
    .orderBy('p.tanggal_awal')
    .orderBy('p.id')
    .execute()
  if (lines.length === 0) return null
  const ban = await db.q
    .selectFrom('ban as b')
    .select((eb) => [
      'b.tebal_tapak_awal',
      eb
        .selectFrom('riwayat_ban as r')
        .select((e) => e.fn.max('r.tanggal').as('tanggal'))
        .whereRef('r.ban_id', '=', 'b.id')
        .where('r.jenis', '=', 'terima_vulkanisir')
        .as('vulkanisir'),
    ])
    .where('b.id', '=', banId)
    .executeTakeFirstOrThrow()
  const vulkanisir = ban.vulkanisir ?? null
  const since = vulkanisir ? lines.filter((l) => l.tanggal_awal >= vulkanisir) : lines
  const titik: TitikUkur[] = since.map((l) => ({ km_ban: l.km_ban, tebal_tapak: Number(l.tebal_tapak), tanggal: l.tanggal_awal }))
  if (!vulkanisir && ban.tebal_tapak_awal != null) titik.unshift({ km_ban: 0, tebal_tapak: Number(ban.tebal_tapak_awal), tanggal: null })
  const last = lines[lines.length - 1]!
  return {
    dasar: {
      tebal_tapak: Number(last.tebal_tapak),
      keausan_per_1000_km: keausanPer1000Km(titik),
      km_per_hari: await kmPerHari(db, last.kendaraan_id, last.tanggal_awal),
      tanggal_periksa: last.tanggal_awal,
    },
    titik,
    kendaraan_id: last.kendaraan_id,
    detail_id: last.id,
    km_ban: Number(last.km_ban),
  }
}

/** Rewrites the stored forecast inputs of the bans (after a round of theirs changed). */
async function refreshForecasts(db: DB, banIds: Iterable<number>) {
  for (const banId of new Set(banIds)) {
    await db.q.deleteFrom('prakiraan_ban').where('ban_id', '=', banId).execute()
    const f = await forecastInputs(db, banId)
    if (!f) continue
    await db.q
      .insertInto('prakiraan_ban')
      .values({
        ban_id: banId,
        kendaraan_id: f.kendaraan_id,
        detail_id: f.detail_id,
        tebal_tapak: f.dasar.tebal_tapak,
        keausan_per_1000_km: f.dasar.keausan_per_1000_km,
        km_per_hari: f.dasar.km_per_hari,
        hari_periksa: dayNumber(f.dasar.tanggal_periksa),
      })
      .execute()
  }
}

/** The vehicles whose rounds change their km per day: every ban measured on them gets its forecast again. */
async function refreshVehicleForecasts(db: DB, kendaraanId: number) {
  const rows = await db.q.selectFrom('prakiraan_ban').select('ban_id').where('kendaraan_id', '=', kendaraanId).execute()
  await refreshForecasts(
    db,
    rows.map((r) => r.ban_id),
  )
}

// ---- output ------------------------------------------------------------------------------------------

const JUMLAH_BAN = sql<number>`(SELECT COUNT(*) FROM detail_pemeriksaan_ban l WHERE l.pemeriksaan_ban_id = p.id)`

/** A round as every answer has it (over `docFrom`'s joins): header, jumlah_ban, kendaraan {…, jenis_kendaraan}. */
const docJson = (db: DB) =>
  jsonBuild(db, {
    id: col('p.id'),
    kode_pemeriksaan: col('p.kode_pemeriksaan'),
    kendaraan_id: col('p.kendaraan_id'),
    km: col('p.km'),
    status: col('p.status'),
    tanggal_awal: col('p.tanggal_awal'),
    created_at: momentText(db, col('p.created_at')),
    updated_at: momentText(db, col('p.updated_at')),
    jumlah_ban: JUMLAH_BAN,
    kendaraan: whenJoined(
      col('k.id'),
      jsonBuild(db, {
        id: col('k.id'),
        kode_kendaraan: col('k.kode_kendaraan'),
        no_kabin: col('k.no_kabin'),
        no_pol: col('k.no_pol'),
        km: col('k.km'),
        jenis_kendaraan: whenJoined(
          col('j.id'),
          jsonBuild(db, { id: col('j.id'), nama_jenis_kendaraan: col('j.nama_jenis_kendaraan'), total_ban: col('j.total_ban') }),
        ),
      }),
    ),
  })

const docFrom = (db: DB) =>
  db.q
    .selectFrom('pemeriksaan_ban as p')
    .leftJoin('kendaraan as k', 'k.id', 'p.kendaraan_id')
    .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')

export const INSPECTION_COLUMNS: ListColumns = {
  search: [col('p.kode_pemeriksaan'), col('k.no_kabin')],
  sort: {
    id: { expr: col('p.id') },
    kode_pemeriksaan: { expr: col('p.kode_pemeriksaan'), text: true },
    no_kabin: { expr: col('k.no_kabin'), text: true },
    tanggal_awal: { expr: col('p.tanggal_awal') },
    km: { expr: col('p.km') },
    jumlah_ban: { expr: JUMLAH_BAN },
    status: { expr: col('p.status'), text: true },
  },
  order: [col('p.id')],
}

/** The rounds of a filter, whole, as JSON text (one query), by id. */
async function roundsJson(db: DB, f: DocFilter): Promise<string> {
  const where = docFilterCondition(f, 'p')
  const row = await docFrom(db)
    .select(jsonAgg(db, docJson(db), col('p.id')).as('json'))
    .$if(where !== null, (qb) => qb.where(where!))
    .executeTakeFirstOrThrow()
  return row.json
}

/** One page of the rounds of a filter: their ids picked (joining the vehicle only when searched or sorted by it), then their JSON. */
async function roundsPage(db: DB, f: DocFilter, query: PageQuery) {
  const where = docFilterCondition(f, 'p')
  const search = searchCondition(INSPECTION_COLUMNS, query)
  const order = pageOrder(INSPECTION_COLUMNS, query)
  const withVehicle = search !== null || query.sort === 'no_kabin'
  const matching = () =>
    db.q
      .selectFrom('pemeriksaan_ban as p')
      .$if(withVehicle, (qb) => qb.leftJoin('kendaraan as k', 'k.id', 'p.kendaraan_id'))
      .$if(where !== null, (qb) => qb.where(where!))
      .$if(search !== null, (qb) => qb.where(search!))
  const counted = await matching()
    .select((eb) => [eb.fn.countAll().as('total'), sql<number | null>`SUM(CASE WHEN p.status = 'posting' THEN 1 ELSE 0 END)`.as('posting')])
    .executeTakeFirstOrThrow()
  const { limit, offset } = pageSlice(query)
  const ids = matching().select('p.id').orderBy(order).limit(limit).offset(offset)
  const rows = await docFrom(db)
    .select(jsonAgg(db, docJson(db), order).as('json'))
    .where('p.id', 'in', ids)
    .executeTakeFirstOrThrow()
  const meta = { ...pageMeta(query, Number(counted.total)), posting: Number(counted.posting ?? 0) }
  return `{"data":${rows.json},"meta":${JSON.stringify(meta)}}`
}

/** A round's line as its answer has it (over `lineFrom`'s joins), with its ban {…, ukuran, merek, typeban}. */
const lineJson = (db: DB) =>
  jsonBuild(db, {
    id: col('l.id'),
    pemeriksaan_ban_id: col('l.pemeriksaan_ban_id'),
    ban_id: col('l.ban_id'),
    posisi_ban: col('l.posisi_ban'),
    tebal_tapak: col('l.tebal_tapak'),
    tekanan: col('l.tekanan'),
    kondisi: col('l.kondisi'),
    keterangan: col('l.keterangan'),
    km_ban: col('l.km_ban'),
    ban: jsonBuild(db, {
      id: col('b.id'),
      kode_ban: col('b.kode_ban'),
      no_seri: col('b.no_seri'),
      tebal_tapak_awal: col('b.tebal_tapak_awal'),
      ukuran: whenJoined(col('u.id'), jsonBuild(db, { id: col('u.id'), nama: col('u.nama') })),
      merek: whenJoined(col('m.id'), jsonBuild(db, { id: col('m.id'), nama_merek: col('m.nama_merek') })),
      typeban: whenJoined(col('t.id'), jsonBuild(db, { id: col('t.id'), nama_type: col('t.nama_type') })),
    }),
  })

const lineFrom = (db: DB) =>
  db.q
    .selectFrom('detail_pemeriksaan_ban as l')
    .innerJoin('ban as b', 'b.id', 'l.ban_id')
    .leftJoin('ukuran as u', 'u.id', 'b.ukuran_id')
    .leftJoin('merek as m', 'm.id', 'b.merek_id')
    .leftJoin('typeban as t', 't.id', 'b.typeban_id')

const loadDoc = async (db: DB, id: number) => {
  const row = await docFrom(db).select(docJson(db).as('json')).where('p.id', '=', id).executeTakeFirst()
  return row ? parseJson(row.json) : null
}

async function loadDocWithLines(db: DB, id: number): Promise<string | null> {
  const doc = await loadDoc(db, id)
  if (!doc) return null
  const lines = await lineFrom(db)
    .select(jsonAgg(db, lineJson(db), sql`l.posisi_ban, l.id`).as('json'))
    .where('l.pemeriksaan_ban_id', '=', id)
    .executeTakeFirstOrThrow()
  return JSON.stringify(doc).replace(/}$/, `,"detail":${lines.json}}`)
}

// ---- input -------------------------------------------------------------------------------------------

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

const TEKANAN_MESSAGE = 'Tekanan harus angka 0–200 psi.'

const lineSchema = z.object({
  posisi_ban: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: 'Posisi ban harus diisi.' }).min(1, 'Posisi ban harus diisi.'),
  ),
  tebal_tapak: tebalTapakField('Tebal tapak harus diisi.'),
  tekanan: optionalDecimalField(
    { label: 'Tekanan', min: 0, max: 200, places: 1 },
    { notNumber: TEKANAN_MESSAGE, belowMin: TEKANAN_MESSAGE, aboveMax: TEKANAN_MESSAGE },
  ),
  kondisi: z
    .any()
    .optional()
    .transform((v, ctx): KondisiPemeriksaan => {
      if (blank(v)) return 'Baik'
      const found = KONDISI_PEMERIKSAAN.find((k) => typeof v === 'string' && k.toLowerCase() === v.trim().toLowerCase())
      if (!found) {
        ctx.addIssue({ code: 'custom', message: `Kondisi harus salah satu dari: ${KONDISI_PEMERIKSAAN.join(', ')}.` })
        return z.NEVER
      }
      return found
    }),
  keterangan: optionalText,
})

/** detail as an array, or as an object keyed by index ({"0": {...}}) as a form sends it. */
const linesOf = (v: unknown): unknown[] => {
  if (Array.isArray(v)) return v
  if (v && typeof v === 'object' && !(v instanceof File)) return Object.values(v)
  return []
}

const roundSchema = z.object({
  kendaraan_id: requiredId('Kendaraan harus dipilih.'),
  tanggal_awal: optionalCalendarDate('Tanggal harus berupa tanggal (YYYY-MM-DD).'),
  km: wholeField(kmRule('Km kendaraan'), {
    notNumber: 'Km kendaraan harus diisi dengan angka.',
    blank: { required: 'Km kendaraan harus diisi dengan angka.' },
  }),
  detail: z.preprocess(linesOf, z.array(lineSchema).min(1, 'Isi pemeriksaan minimal satu posisi ban.')),
})
export type RoundInput = z.infer<typeof roundSchema>

// ---- rules -------------------------------------------------------------------------------------------

export const POSTED = 'Pemeriksaan ban sudah diposting dan tidak dapat diubah.'
const notFoundDoc = () => notFound('Pemeriksaan ban')
const fmtMm = (n: number) => `${String(n).replace('.', ',')} mm`

type DocState = { id: number; kendaraan_id: number; km: number; status: string; tanggal_awal: string }

/**
 * A round's state, its row locked until the transaction ends (PostgreSQL): a concurrent edit, delete
 * or posting of the same round waits for this one, then reads what it wrote.
 */
const lockedDocState = async (db: DB, id: number): Promise<DocState | undefined> =>
  await db.q
    .selectFrom('pemeriksaan_ban')
    .select(['id', 'kendaraan_id', 'km', 'status', 'tanggal_awal'])
    .where('id', '=', id)
    .$call(forUpdate(db))
    .executeTakeFirst()

/**
 * Locks the rows of bans `banIds` until the transaction ends (PostgreSQL), in id order (two writers
 * never wait for each other in a circle): their inspections across rounds bound each other's tread and
 * feed one forecast row each, so two rounds measuring one ban are checked and written one after the other.
 */
async function lockBans(db: DB, banIds: Iterable<number>) {
  const ids = [...new Set(banIds)].sort((a, b) => a - b)
  if (!ids.length) return
  await db.q.selectFrom('ban').select('id').where('id', 'in', ids).orderBy('id').$call(forUpdate(db)).execute()
}

/** The km a ban had run at vehicle km `km` on pemasangan line `pemasanganId`: its other pelepasan lines' km plus the km since that pemasangan. */
export async function kmBan(db: DB, banId: number, pemasanganId: number, km: number): Promise<number> {
  const row = await db.q
    .selectFrom('detail_pemasangan_ban as d')
    .select([
      'd.km_pemasangan',
      sql<number>`COALESCE((SELECT SUM(x.km_tempuh) FROM detail_pelepasan_ban x WHERE x.ban_id = ${banId} AND x.detail_pemasangan_ban_id <> d.id), 0)`.as(
        'lepas',
      ),
    ])
    .where('d.id', '=', pemasanganId)
    .executeTakeFirstOrThrow()
  return Number(row.lepas) + Math.max(0, km - row.km_pemasangan)
}

/** The pemasangan line of ban `banId` on vehicle `kendaraanId` (the holding one first, else its latest). */
async function pemasanganOf(db: DB, banId: number, kendaraanId: number): Promise<number | undefined> {
  const row = await db.q
    .selectFrom('detail_pemasangan_ban as d')
    .select('d.id')
    .where('d.ban_id', '=', banId)
    .where('d.kendaraan_id', '=', kendaraanId)
    .orderBy(sql`CASE WHEN d.dilepas = 0 THEN 0 ELSE 1 END`)
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.id
}

/** YYYY-MM-DD → DD/MM/YYYY, as the app shows dates. */
const fmtTanggal = (d: string) => d.split('-').reverse().join('/')

/**
 * Whether a retread of ban `banId` was received between `from` and `until` (both inclusive; `from`
 * null: any time up to `until`): a retread resets the tread, so the rounds on either side of it are
 * not compared.
 */
async function retreadBetween(db: DB, banId: number, from: string | null, until: string): Promise<boolean> {
  const row = await db.q
    .selectFrom('riwayat_ban')
    .select(sql.lit(1).as('one'))
    .where('ban_id', '=', banId)
    .where('jenis', '=', 'terima_vulkanisir')
    .where('tanggal', '<=', until)
    .$if(from !== null, (qb) => qb.where('tanggal', '>=', from!))
    .executeTakeFirst()
  return row !== undefined
}

/** A ban's inspections in the rounds other than `own` (0: none), with the round's date. */
const neighbours = (db: DB, banId: number, own: number) =>
  db.q
    .selectFrom('detail_pemeriksaan_ban as l')
    .innerJoin('pemeriksaan_ban as p', 'p.id', 'l.pemeriksaan_ban_id')
    .select(['l.tebal_tapak', 'p.tanggal_awal'])
    .where('l.ban_id', '=', banId)
    .where('p.id', '<>', own)

/**
 * The tread a measurement of ban `banId` in a round dated `tanggal` must lie within, from its
 * inspections in the rounds before and after it in date order (a round of the same date counts as
 * before a new round, and by id for a round edited): not above the one before (or, with none, its
 * tread when new) and not below the one after, unless a retread was received in between. Null:
 * nothing bounds it. The message names the neighbouring rounds' dates and treads.
 */
export async function treadRange(
  db: DB,
  banId: number,
  tanggal: string,
  roundId: number | null,
): Promise<{ max: number | null; min: number | null; message: string } | null> {
  const own = roundId ?? 0
  const before = await neighbours(db, banId, own)
    .where((eb) =>
      own === 0
        ? eb('p.tanggal_awal', '<=', tanggal)
        : eb.or([eb('p.tanggal_awal', '<', tanggal), eb.and([eb('p.tanggal_awal', '=', tanggal), eb('p.id', '<', own)])]),
    )
    .orderBy('p.tanggal_awal', 'desc')
    .orderBy('p.id', 'desc')
    .limit(1)
    .executeTakeFirst()
  const after = await neighbours(db, banId, own)
    .where((eb) =>
      own === 0
        ? eb('p.tanggal_awal', '>', tanggal)
        : eb.or([eb('p.tanggal_awal', '>', tanggal), eb.and([eb('p.tanggal_awal', '=', tanggal), eb('p.id', '>', own)])]),
    )
    .orderBy('p.tanggal_awal')
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirst()
  let upper: { mm: number; what: string } | null = null
  if (before) {
    if (!(await retreadBetween(db, banId, before.tanggal_awal, tanggal)))
      upper = {
        mm: Number(before.tebal_tapak),
        what: `pemeriksaan sebelumnya (${fmtMm(Number(before.tebal_tapak))} pada ${fmtTanggal(before.tanggal_awal)})`,
      }
  } else {
    const awal = (await db.q.selectFrom('ban').select('tebal_tapak_awal').where('id', '=', banId).executeTakeFirst())?.tebal_tapak_awal
    if (awal != null && !(await retreadBetween(db, banId, null, tanggal)))
      upper = { mm: Number(awal), what: `Tebal Tapak Awal (${fmtMm(Number(awal))})` }
  }
  const lower =
    after && !(await retreadBetween(db, banId, tanggal, after.tanggal_awal))
      ? {
          mm: Number(after.tebal_tapak),
          what: `pemeriksaan sesudahnya (${fmtMm(Number(after.tebal_tapak))} pada ${fmtTanggal(after.tanggal_awal)})`,
        }
      : null
  if (!upper && !lower) return null
  const message =
    upper && lower
      ? `Tebal tapak harus di antara ${lower.what} dan ${upper.what}: tanpa vulkanisir di antaranya tebal tapak hanya berkurang.`
      : upper
        ? `Tebal tapak tidak boleh di atas ${upper.what} tanpa vulkanisir di antaranya.`
        : `Tebal tapak tidak boleh di bawah ${lower!.what} tanpa vulkanisir di antaranya.`
  return { max: upper?.mm ?? null, min: lower?.mm ?? null, message }
}

/** A dated record of a vehicle with its km: a pemasangan, a pelepasan, a rotasi or an inspection round. */
type KmRecord = { tanggal: string; km: number; jenis: string; kode: string }

/** The registered records of a vehicle that carry its km (every kind; rounds other than `exceptRound`), as `r`. */
const vehicleRecords = (db: DB, kendaraanId: number, exceptRound: number) =>
  db.q
    .selectFrom(
      db.q
        .selectFrom('detail_pemasangan_ban as d')
        .innerJoin('pemasangan_ban as p', 'p.id', 'd.pemasangan_ban_id')
        .select([
          'p.tanggal_awal as tanggal',
          'd.km_pemasangan as km',
          sql<string>`'Pemasangan Ban'`.as('jenis'),
          'p.kode_pemasangan as kode',
        ])
        .where('d.kendaraan_id', '=', kendaraanId)
        .unionAll(
          db.q
            .selectFrom('detail_pelepasan_ban as d')
            .innerJoin('pelepasan_ban as p', 'p.id', 'd.pelepasan_ban_id')
            .select([
              'p.tanggal_awal as tanggal',
              'd.km_pelepasan as km',
              sql<string>`'Pelepasan Ban'`.as('jenis'),
              'p.kode_pelepasan as kode',
            ])
            .where('d.kendaraan_id', '=', kendaraanId),
        )
        .unionAll(
          db.q
            .selectFrom('detail_rotasi_ban as d')
            .innerJoin('rotasi_ban as p', 'p.id', 'd.rotasi_ban_id')
            .select(['p.tanggal_awal as tanggal', 'd.km as km', sql<string>`'Rotasi Ban'`.as('jenis'), 'p.kode_rotasi as kode'])
            .where('d.kendaraan_id', '=', kendaraanId),
        )
        .unionAll(
          db.q
            .selectFrom('pemeriksaan_ban')
            .select(['tanggal_awal as tanggal', 'km', sql<string>`'Pemeriksaan Ban'`.as('jenis'), 'kode_pemeriksaan as kode'])
            .where('kendaraan_id', '=', kendaraanId)
            .where('id', '<>', exceptRound),
        )
        .as('r'),
    )
    .select(['r.tanggal', 'r.km', 'r.jenis', 'r.kode'])

/**
 * The km a round of vehicle `kendaraanId` dated `tanggal` may have, from the vehicle's records: not
 * below the highest km of those dated on or before it, not above the lowest km of those dated after
 * it. A round dated today is also not below the vehicle's km now (`kmNow`, its master's km). A late
 * paper round is so checked against the records of its own date, not against today's km.
 */
export async function kmBounds(
  db: DB,
  kendaraanId: number,
  tanggal: string,
  exceptRound: number | null,
  kmNow: number | null,
): Promise<{ below: KmRecord | null; above: KmRecord | null; kmNow: number | null }> {
  const below = await vehicleRecords(db, kendaraanId, exceptRound ?? 0)
    .where('r.tanggal', '<=', tanggal)
    .orderBy('r.km', 'desc')
    .orderBy('r.tanggal', 'desc')
    .limit(1)
    .executeTakeFirst()
  const above = await vehicleRecords(db, kendaraanId, exceptRound ?? 0)
    .where('r.tanggal', '>', tanggal)
    .orderBy('r.km')
    .orderBy('r.tanggal')
    .limit(1)
    .executeTakeFirst()
  const record = (r: typeof below): KmRecord | null => (r ? { tanggal: r.tanggal, km: Number(r.km), jenis: r.jenis, kode: r.kode } : null)
  return { below: record(below), above: record(above), kmNow: tanggal >= today() ? kmNow : null }
}

/** Why `km` does not fit a round's bounds (kmBounds), or null. */
export function kmOutOfBounds(km: number, b: Awaited<ReturnType<typeof kmBounds>>): string | null {
  const record = (r: KmRecord) => `${formatKm(r.km)} pada ${r.jenis} ${r.kode}, ${fmtTanggal(r.tanggal)}`
  // The higher of the two lower bounds is the one said.
  if (b.kmNow != null && km < b.kmNow && (!b.below || b.below.km <= b.kmNow))
    return `Km kendaraan tidak boleh di bawah km terakhir kendaraan (${formatKm(b.kmNow)}).`
  if (b.below && km < b.below.km)
    return `Km kendaraan tidak boleh di bawah km catatan kendaraan pada atau sebelum tanggal ini (${record(b.below)}).`
  if (b.above && km > b.above.km) return `Km kendaraan tidak boleh di atas km catatan kendaraan sesudah tanggal ini (${record(b.above)}).`
  return null
}

/** The errors with the lines' in the lines' order (each line has one at most), after the round's own. */
const inLineOrder = (errors: Record<string, string[]>) => {
  const line = (key: string) => (key.startsWith('detail.') ? Number(key.split('.')[1]) : -1)
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => line(a) - line(b)))
}

/**
 * Saves a round (new, or `existing` replaced), one transaction (the caller's, which has locked the
 * round's row): checks the vehicle, the km, each position's ban and each tread, writes the round and
 * its lines, raises the vehicle's km and rewrites the forecasts of the bans it measured. Answers the
 * round's id.
 */
export async function saveRound(db: DB, v: RoundInput, existing: DocState | null): Promise<number> {
  // The vehicle's row locked first (after the round's own, locked by the caller): the parent of the
  // rule across its records (its km only goes up along their dates, a position's ban now) and of the
  // forecasts its km per day feeds; two rounds of one vehicle are checked and written one after the other.
  if (!(await lockKendaraan(db, v.kendaraan_id))) throw invalid({ kendaraan_id: ['Kendaraan tidak ditemukan.'] })
  const vehicle = await db.q
    .selectFrom('kendaraan as k')
    .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')
    .select(['k.id', 'k.km', 'j.total_ban'])
    .where('k.id', '=', v.kendaraan_id)
    .executeTakeFirstOrThrow()
  if (existing) {
    if (existing.status === 'posting') throw invalid({ pemeriksaan_ban_id: [POSTED] })
    if (existing.kendaraan_id !== v.kendaraan_id) throw invalid({ kendaraan_id: ['Kendaraan pemeriksaan tidak dapat diganti.'] })
  }
  const tanggal = v.tanggal_awal ?? existing?.tanggal_awal ?? today()
  const errors: Record<string, string[]> = {}
  // A round is taken on a day that has come (the company's today, Asia/Jakarta).
  if (tanggal > today()) errors.tanggal_awal = [`Tanggal pemeriksaan tidak boleh setelah hari ini (${fmtTanggal(today())}).`]
  // The km against the vehicle's records around its date. The round's own km raised the vehicle's
  // km now: an edit may keep it, never go below what was accepted.
  const kmNow = existing ? Math.min(existing.km, Number(vehicle.km)) : Number(vehicle.km)
  const kmProblem = kmOutOfBounds(v.km, await kmBounds(db, v.kendaraan_id, tanggal, existing?.id ?? null, kmNow))
  if (kmProblem) errors.km = [kmProblem]

  const positions = positionsFor(vehicle.total_ban)
  const before = existing
    ? await db.q
        .selectFrom('detail_pemeriksaan_ban')
        .select(['posisi_ban', 'ban_id'])
        .where('pemeriksaan_ban_id', '=', existing.id)
        .execute()
    : []
  const seen = new Set<string>()
  // Each line's ban: the one it measured when kept from the round, else the one at its position now.
  const measured: { key: string; ban_id: number; pemasanganId: number | undefined; line: RoundInput['detail'][number] }[] = []
  for (const [i, l] of v.detail.entries()) {
    const key = `detail.${i}`
    if (!positions.includes(l.posisi_ban)) {
      errors[`${key}.posisi_ban`] = ['Posisi ban bukan posisi kendaraan ini.']
      continue
    }
    if (seen.has(l.posisi_ban)) {
      errors[`${key}.posisi_ban`] = ['Posisi ban diisi dua kali.']
      continue
    }
    seen.add(l.posisi_ban)
    const kept = before.find((b) => b.posisi_ban === l.posisi_ban)?.ban_id
    if (kept != null) {
      measured.push({ key, ban_id: kept, pemasanganId: await pemasanganOf(db, kept, v.kendaraan_id), line: l })
      continue
    }
    const holder = await positionHolder(db, v.kendaraan_id, l.posisi_ban)
    if (!holder) {
      errors[`${key}.posisi_ban`] = ['Tidak ada ban terpasang di posisi ini.']
      continue
    }
    if (holder.pemasangan_ban_id == null) {
      errors[`${key}.posisi_ban`] = ['Pemasangan ban di posisi ini belum disimpan.']
      continue
    }
    measured.push({ key, ban_id: holder.ban_id, pemasanganId: holder.detail_id, line: l })
  }
  // The bans measured (and those the round measured before) locked before their treads are checked
  // against their other rounds and their forecasts rewritten.
  await lockBans(db, [...before.map((b) => b.ban_id), ...measured.map((m) => m.ban_id)])
  const lines: { posisi_ban: string; ban_id: number; km_ban: number; line: RoundInput['detail'][number] }[] = []
  for (const { key, ban_id: banId, pemasanganId, line: l } of measured) {
    const range = await treadRange(db, banId, tanggal, existing?.id ?? null)
    if (range && ((range.max !== null && l.tebal_tapak > range.max) || (range.min !== null && l.tebal_tapak < range.min))) {
      errors[`${key}.tebal_tapak`] = [range.message]
      continue
    }
    lines.push({ posisi_ban: l.posisi_ban, ban_id: banId, km_ban: pemasanganId ? await kmBan(db, banId, pemasanganId, v.km) : 0, line: l })
  }
  if (Object.keys(errors).length) throw invalid(inLineOrder(errors))

  let id: number
  if (existing) {
    id = existing.id
    await db.q
      .updateTable('pemeriksaan_ban')
      .set({ km: v.km, tanggal_awal: tanggal, updated_at: nowMoment(db) })
      .where('id', '=', id)
      .execute()
    await db.q.deleteFrom('detail_pemeriksaan_ban').where('pemeriksaan_ban_id', '=', id).execute()
  } else {
    const kode = await nextCode(db, 'pemeriksaan_ban')
    const added = await db.q
      .insertInto('pemeriksaan_ban')
      .values({ kode_pemeriksaan: kode, kendaraan_id: v.kendaraan_id, km: v.km, tanggal_awal: tanggal })
      .returning('id')
      .executeTakeFirstOrThrow()
    id = added.id
  }
  if (lines.length)
    await db.q
      .insertInto('detail_pemeriksaan_ban')
      .values(
        lines.map((l) => ({
          pemeriksaan_ban_id: id,
          ban_id: l.ban_id,
          posisi_ban: l.posisi_ban,
          tebal_tapak: l.line.tebal_tapak,
          tekanan: l.line.tekanan,
          kondisi: l.line.kondisi,
          keterangan: l.line.keterangan,
          km_ban: l.km_ban,
        })),
      )
      .execute()
  await raiseVehicleKm(db, v.kendaraan_id, v.km)
  await refreshForecasts(db, [...before.map((b) => b.ban_id), ...lines.map((l) => l.ban_id)])
  await refreshVehicleForecasts(db, v.kendaraan_id)
  return id
}

// ---- the warning lists -------------------------------------------------------------------------------

const limitOf = (raw: string | undefined, fallback: number) => {
  const n = Number(raw ?? '')
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 100) : fallback
}

/**
 * The fitted bans at or below the minimum tread, or forecast (projected to today: forecastFrom) to
 * reach it within PERINGATAN_KM km or PERINGATAN_HARI days: the most overdue first (by the forecast
 * date; a ban at the minimum without one by its inspection's date), then by km left. The same figures
 * as forecastFrom, in SQL so the database picks, counts and pages them.
 */
async function warnings(db: DB, minimum: number, limit: number, offset: number) {
  const todayDay = dayNumber(today())
  const rows0 = sql`SELECT pr.ban_id, pr.tebal_tapak, pr.keausan_per_1000_km, pr.km_per_hari, pr.hari_periksa, l.km_ban AS km_ban_periksa,
      ${KM_BAN_KINI} AS km_ban_kini, d.id AS holding
    FROM prakiraan_ban pr JOIN ban b ON b.id = pr.ban_id JOIN detail_pemeriksaan_ban l ON l.id = pr.detail_id
      LEFT JOIN detail_pemasangan_ban d ON d.ban_id = b.id AND d.dilepas = 0 LEFT JOIN kendaraan k ON k.id = d.kendaraan_id
    WHERE b.status = 'terpasang'`
  // km left then (null: no wear), the km run since (the records', or km per day × days while running).
  const rows1 = sql`SELECT r0.*,
      CASE WHEN r0.tebal_tapak <= ${minimum} THEN 0 WHEN r0.keausan_per_1000_km > 0 THEN (r0.tebal_tapak - ${minimum}) * 1000.0 / r0.keausan_per_1000_km END AS sisa0,
      CASE WHEN r0.holding IS NOT NULL AND r0.km_per_hari > 0 AND r0.km_per_hari * (${todayDay} - r0.hari_periksa) > r0.tercatat
        THEN r0.km_per_hari * (${todayDay} - r0.hari_periksa) ELSE r0.tercatat END AS sejak
    FROM (SELECT r.*, CASE WHEN r.km_ban_kini > r.km_ban_periksa THEN r.km_ban_kini - r.km_ban_periksa ELSE 0 END AS tercatat
      FROM (${rows0}) r) r0`
  const rows2 = sql`SELECT r1.*, r1.sisa0 - r1.sejak AS sisa,
      CASE WHEN r1.holding IS NOT NULL AND r1.km_per_hari > 0 AND r1.sisa0 IS NOT NULL THEN (r1.sisa0 - r1.sejak) / r1.km_per_hari
        WHEN r1.tebal_tapak <= ${minimum} THEN r1.hari_periksa - ${todayDay} END AS hari
    FROM (${rows1}) r1`
  const where = sql`FROM (${rows2}) w WHERE w.tebal_tapak <= ${minimum} OR w.sisa <= ${PERINGATAN_KM} OR w.hari <= ${PERINGATAN_HARI}`
  const counted = await sql<{ total: number | string }>`SELECT COUNT(*) AS total ${where}`.execute(db.q)
  const total = Number(counted.rows[0]?.total ?? 0)
  const { rows } = await sql<{
    ban_id: number
    tebal_tapak: number
    keausan_per_1000_km: number | null
    km_per_hari: number | null
    hari_periksa: number
    km_ban_periksa: number
    km_ban_kini: number
    holding: number | null
  }>`SELECT w.ban_id, w.tebal_tapak, w.keausan_per_1000_km, w.km_per_hari, w.hari_periksa, w.km_ban_periksa, w.km_ban_kini, w.holding ${where}
       ORDER BY CASE WHEN w.hari IS NULL THEN 1 ELSE 0 END, w.hari, CASE WHEN w.sisa IS NULL THEN 1 ELSE 0 END, w.sisa, w.ban_id
       LIMIT ${limit} OFFSET ${offset}`.execute(db.q)
  const out = []
  for (const r of rows) {
    const about = await banWithHolder(db)
      .leftJoin('merek as m', 'm.id', 'b.merek_id')
      .select(['b.kode_ban', 'b.no_seri', 'm.nama_merek', 'd.posisi_ban', 'k.id as kendaraan_id', 'k.no_kabin', 'k.no_pol'])
      .where('b.id', '=', r.ban_id)
      .executeTakeFirstOrThrow()
    const prakiraan = forecastFrom(
      {
        tebal_tapak: Number(r.tebal_tapak),
        keausan_per_1000_km: r.keausan_per_1000_km == null ? null : Number(r.keausan_per_1000_km),
        km_per_hari: r.km_per_hari == null ? null : Number(r.km_per_hari),
        tanggal_periksa: dateOfDay(Number(r.hari_periksa)),
      },
      minimum,
      {
        hari_ini: dateOfDay(todayDay),
        km_tercatat: Math.max(0, Number(r.km_ban_kini) - Number(r.km_ban_periksa)),
        berjalan: r.holding != null,
      },
    )
    out.push({
      ban_id: r.ban_id,
      kode_ban: about.kode_ban,
      no_seri: about.no_seri,
      merek: about.nama_merek ?? null,
      kendaraan: about.kendaraan_id != null ? { id: about.kendaraan_id, no_kabin: about.no_kabin, no_pol: about.no_pol } : null,
      posisi_ban: about.posisi_ban ?? null,
      prakiraan,
    })
  }
  return { data: out, meta: { total, limit, offset, tebal_tapak_minimum: minimum, km: PERINGATAN_KM, hari: PERINGATAN_HARI } }
}

/** The last round's date of vehicle `k`. */
const TERAKHIR_DIPERIKSA = sql<string | null>`(SELECT MAX(p.tanggal_awal) FROM pemeriksaan_ban p WHERE p.kendaraan_id = k.id)`

/** The vehicles with fitted bans and no round in the last `hari` days (never inspected first). */
async function notInspected(db: DB, hari: number, limit: number, offset: number) {
  const since = dateOfDay(dayNumber(today()) - hari)
  const matching = () =>
    db.q
      .selectFrom('kendaraan as k')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('detail_pemasangan_ban as d')
            .select(sql.lit(1).as('one'))
            .whereRef('d.kendaraan_id', '=', 'k.id')
            .where('d.dilepas', '=', 0)
            .where('d.pemasangan_ban_id', 'is not', null),
        ),
      )
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom('pemeriksaan_ban as p')
              .select(sql.lit(1).as('one'))
              .whereRef('p.kendaraan_id', '=', 'k.id')
              .where('p.tanggal_awal', '>', since),
          ),
        ),
      )
  const counted = await matching()
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow()
  const rows = await matching()
    .select(['k.id', 'k.kode_kendaraan', 'k.no_kabin', 'k.no_pol', TERAKHIR_DIPERIKSA.as('terakhir_diperiksa')])
    .orderBy(sql`CASE WHEN ${TERAKHIR_DIPERIKSA} IS NULL THEN 0 ELSE 1 END`)
    .orderBy(TERAKHIR_DIPERIKSA)
    .orderBy('k.no_kabin')
    .orderBy('k.id')
    .limit(limit)
    .offset(offset)
    .execute()
  return { data: rows, meta: { total: Number(counted.total), limit, offset, hari } }
}

// ---- the report --------------------------------------------------------------------------------------

const reportJson = (db: DB) =>
  jsonBuild(db, {
    id: col('l.id'),
    pemeriksaan_ban_id: col('p.id'),
    kode_pemeriksaan: col('p.kode_pemeriksaan'),
    tanggal_awal: col('p.tanggal_awal'),
    status: col('p.status'),
    km: col('p.km'),
    kendaraan_id: col('p.kendaraan_id'),
    no_kabin: col('k.no_kabin'),
    no_pol: col('k.no_pol'),
    posisi_ban: col('l.posisi_ban'),
    ban_id: col('b.id'),
    kode_ban: col('b.kode_ban'),
    no_seri: col('b.no_seri'),
    nama_merek: col('m.nama_merek'),
    tebal_tapak: col('l.tebal_tapak'),
    tekanan: col('l.tekanan'),
    kondisi: col('l.kondisi'),
    keterangan: col('l.keterangan'),
    km_ban: col('l.km_ban'),
  })

const reportFrom = (db: DB) =>
  db.q
    .selectFrom('detail_pemeriksaan_ban as l')
    .innerJoin('pemeriksaan_ban as p', 'p.id', 'l.pemeriksaan_ban_id')
    .innerJoin('ban as b', 'b.id', 'l.ban_id')
    .leftJoin('merek as m', 'm.id', 'b.merek_id')
    .leftJoin('kendaraan as k', 'k.id', 'p.kendaraan_id')

export const REPORT_COLUMNS: ListColumns = {
  search: [col('p.kode_pemeriksaan'), col('k.no_kabin'), col('b.no_seri')],
  sort: {
    id: { expr: col('l.id') },
    tanggal_awal: { expr: col('p.tanggal_awal') },
    tebal_tapak: { expr: col('l.tebal_tapak') },
  },
  order: [col('p.tanggal_awal'), col('p.id'), col('l.posisi_ban'), col('l.id')],
}

/** The report's lines of a filter as JSON text: all of them (`query` null) or one page as {data, meta}. */
async function reportJsonText(db: DB, f: DocFilter, query: PageQuery | null): Promise<string> {
  const where = docFilterCondition(f, 'p')
  if (!query) {
    const all = await reportFrom(db)
      .select(jsonAgg(db, reportJson(db), listOrder(REPORT_COLUMNS)).as('json'))
      .$if(where !== null, (qb) => qb.where(where!))
      .executeTakeFirstOrThrow()
    return `{"data":${all.json}}`
  }
  const search = searchCondition(REPORT_COLUMNS, query)
  const order = pageOrder(REPORT_COLUMNS, query)
  const matching = () =>
    reportFrom(db)
      .$if(where !== null, (qb) => qb.where(where!))
      .$if(search !== null, (qb) => qb.where(search!))
  const counted = await matching()
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow()
  const { limit, offset } = pageSlice(query)
  const ids = matching().select('l.id').orderBy(order).limit(limit).offset(offset)
  const rows = await reportFrom(db)
    .select(jsonAgg(db, reportJson(db), order).as('json'))
    .where('l.id', 'in', ids)
    .executeTakeFirstOrThrow()
  return `{"data":${rows.json},"meta":${JSON.stringify(pageMeta(query, Number(counted.total)))}}`
}

// ---- routes ------------------------------------------------------------------------------------------

export function pemeriksaanRoutes() {
  const r = new Hono<ApiEnv>()

  // With `page`: one page as {data, meta}, also filtered by date and status; without it the whole list.
  r.get('/pemeriksaan-ban', async (c) => {
    const query = askedPage(c, INSPECTION_COLUMNS)
    const f = docFilter(c)
    if (!query) return jsonBody(c, `{"data":${await roundsJson(c.get('db'), f)}}`)
    return jsonBody(c, await roundsPage(c.get('db'), f, query))
  })

  // The bans on the vehicle now (registered pemasangan lines), each with its last inspection's tread.
  r.get('/pemeriksaan-ban/terpasang/:kendaraanId', async (c) => {
    const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
    const db = c.get('db')
    if (!(await vehicleExists(db, kendaraanId))) throw notFound('Kendaraan')
    const rows = await detailRows(db)
      .innerJoin('pemasangan_ban as f', 'f.id', 'd.pemasangan_ban_id')
      .leftJoin('prakiraan_ban as pr', 'pr.ban_id', 'd.ban_id')
      .select(['f.kode_pemasangan', 'b.tebal_tapak_awal', 'pr.tebal_tapak as tebal_tapak_terakhir'])
      .where('d.kendaraan_id', '=', kendaraanId)
      .where('d.dilepas', '=', 0)
      .orderBy('d.posisi_ban')
      .orderBy('d.id')
      .execute()
    const text = JSON.stringify(
      rows.map((r) => ({
        kode_pemasangan: r.kode_pemasangan,
        tebal_tapak_awal: r.tebal_tapak_awal,
        tebal_tapak_terakhir: r.tebal_tapak_terakhir,
        ...detailJson(r),
      })),
    )
    return jsonBody(c, `{"data":${text}}`)
  })

  // The bans near or at the minimum tread (dashboard), `limit` (≤ 100, default 10) and `offset`.
  r.get('/pemeriksaan-ban/peringatan', async (c) => {
    const limit = limitOf(c.req.query('limit'), 10)
    const offset = Math.max(0, Number(c.req.query('offset') ?? 0) | 0)
    return c.json(await warnings(c.get('db'), tebalTapakMinimum(), limit, offset))
  })

  // The vehicles not inspected for `hari` days (default 30), `limit` and `offset`.
  r.get('/pemeriksaan-ban/belum-diperiksa', async (c) => {
    const hari = limitOf(c.req.query('hari'), 30)
    const limit = limitOf(c.req.query('limit'), 10)
    const offset = Math.max(0, Number(c.req.query('offset') ?? 0) | 0)
    return c.json(await notInspected(c.get('db'), hari, limit, offset))
  })

  // A ban's inspections (newest first) and its forecast with the figures it came from.
  r.get('/ban/:id/pemeriksaan', async (c) => {
    const banId = idParam(c, 'id', 'Ban')
    const db = c.get('db')
    const ban = await db.q.selectFrom('ban').select(['id', 'tebal_tapak_awal']).where('id', '=', banId).executeTakeFirst()
    if (!ban) throw notFound('Ban')
    const inspections = await db.q
      .selectFrom('detail_pemeriksaan_ban as l')
      .innerJoin('pemeriksaan_ban as p', 'p.id', 'l.pemeriksaan_ban_id')
      .leftJoin('kendaraan as k', 'k.id', 'p.kendaraan_id')
      .select(
        jsonAgg(
          db,
          jsonBuild(db, {
            id: col('l.id'),
            pemeriksaan_ban_id: col('p.id'),
            kode_pemeriksaan: col('p.kode_pemeriksaan'),
            tanggal_awal: col('p.tanggal_awal'),
            status: col('p.status'),
            km: col('p.km'),
            kendaraan_id: col('p.kendaraan_id'),
            no_kabin: col('k.no_kabin'),
            posisi_ban: col('l.posisi_ban'),
            tebal_tapak: col('l.tebal_tapak'),
            tekanan: col('l.tekanan'),
            kondisi: col('l.kondisi'),
            keterangan: col('l.keterangan'),
            km_ban: col('l.km_ban'),
          }),
          sql`p.tanggal_awal DESC, p.id DESC`,
        ).as('json'),
      )
      .where('l.ban_id', '=', banId)
      .executeTakeFirstOrThrow()
    const rows = inspections.json
    const inputs = await forecastInputs(db, banId)
    const minimum = tebalTapakMinimum()
    const prakiraan = inputs
      ? { ...forecastFrom(inputs.dasar, minimum, await proyeksiOf(db, banId, inputs.km_ban)), titik: inputs.titik }
      : null
    const meta = { tebal_tapak_minimum: minimum, tebal_tapak_awal: ban.tebal_tapak_awal == null ? null : Number(ban.tebal_tapak_awal) }
    return jsonBody(c, `{"data":${rows},"prakiraan":${JSON.stringify(prakiraan)},"meta":${JSON.stringify(meta)}}`)
  })

  // The report: every inspection line of the period; with `page` one page as {data, meta}.
  r.get('/laporan-pemeriksaan-ban', async (c) => {
    const f = docFilter(c)
    const query = askedPage(c, REPORT_COLUMNS)
    return jsonBody(c, await reportJsonText(c.get('db'), f, query))
  })

  r.post('/pemeriksaan-ban', async (c) => {
    const db = c.get('db')
    const input = validate(roundSchema, await readBody(c))
    const id = await db.tx(async () => {
      const docId = await saveRound(db, input, null)
      await recordAudit(db, c.get('user'), { entitas: 'pemeriksaan_ban', entitasId: docId, aksi: 'dibuat' })
      return docId
    })
    const text = `{"message":"Pemeriksaan ban berhasil disimpan.","data":${await loadDocWithLines(db, id)}}`
    return c.body(text, 201, { 'Content-Type': 'application/json' })
  })

  r.get('/pemeriksaan-ban/:id', async (c) => {
    const id = idParam(c, 'id', 'Pemeriksaan ban')
    const text = await loadDocWithLines(c.get('db'), id)
    if (!text) throw notFoundDoc()
    return jsonBody(c, `{"data":${text}}`)
  })

  r.put('/pemeriksaan-ban/:id', async (c) => {
    const id = idParam(c, 'id', 'Pemeriksaan ban')
    const db = c.get('db')
    const body = await readBody(c)
    await db.tx(async () => {
      const existing = await lockedDocState(db, id)
      if (!existing) throw notFoundDoc()
      if (existing.status === 'posting') throw invalid({ pemeriksaan_ban_id: [POSTED] })
      await saveRound(db, validate(roundSchema, { kendaraan_id: existing.kendaraan_id, ...body }), existing)
      await recordAudit(db, c.get('user'), { entitas: 'pemeriksaan_ban', entitasId: id, aksi: 'diubah' })
    })
    return jsonBody(c, `{"message":"Pemeriksaan ban berhasil diperbarui.","data":${await loadDocWithLines(db, id)}}`)
  })

  statusRoutes(r, '/pemeriksaan-ban', { table: 'pemeriksaan_ban', label: 'Pemeriksaan ban', load: loadDoc })

  r.delete('/pemeriksaan-ban/:id', async (c) => {
    const id = idParam(c, 'id', 'Pemeriksaan ban')
    const db = c.get('db')
    await db.tx(async () => {
      // The round's row, then its vehicle's and its bans' (as a save locks them), before they change.
      const doc = await lockedDocState(db, id)
      if (!doc) throw notFoundDoc()
      if (doc.status === 'posting') throw invalid({ pemeriksaan_ban_id: ['Pemeriksaan ban sudah diposting dan tidak dapat dihapus.'] })
      await lockKendaraan(db, doc.kendaraan_id)
      const measured = await db.q.selectFrom('detail_pemeriksaan_ban').select('ban_id').where('pemeriksaan_ban_id', '=', id).execute()
      const banIds = measured.map((m) => m.ban_id)
      await lockBans(db, banIds)
      await db.q
        .deleteFrom('prakiraan_ban')
        .where('detail_id', 'in', (eb) => eb.selectFrom('detail_pemeriksaan_ban').select('id').where('pemeriksaan_ban_id', '=', id))
        .execute()
      await db.q.deleteFrom('pemeriksaan_ban').where('id', '=', id).execute()
      await refreshForecasts(db, banIds)
      await refreshVehicleForecasts(db, doc.kendaraan_id)
      await recordAudit(db, c.get('user'), { entitas: 'pemeriksaan_ban', entitasId: id, aksi: 'hapus' })
    })
    return c.json({ message: 'Data Pemeriksaan Ban telah dihapus.' })
  })

  return r
}

/** Its routes and the grants they need (api/routes/transaksi.ts EXTENSION_ROUTES; the table's rules: api/routes/grants.ts). */
export const PEMERIKSAAN_EXTENSION = {
  routes: pemeriksaanRoutes,
  grants: {
    // Pemeriksaan Ban: a round is saved whole (create / update), posted and unposted like the other
    // documents. The bans near the minimum tread are a dashboard panel of Pemeriksaan Ban and of Stok
    // Ban (whose ban history shows the same forecast); the vehicles not inspected a panel of Pemeriksaan Ban.
    'GET /api/pemeriksaan-ban': read(PEMERIKSAAN),
    'GET /api/pemeriksaan-ban/terpasang/:kendaraanId': read(PEMERIKSAAN),
    'GET /api/pemeriksaan-ban/peringatan': read(PEMERIKSAAN, STOK_BAN),
    'GET /api/pemeriksaan-ban/belum-diperiksa': read(PEMERIKSAAN),
    'GET /api/ban/:id/pemeriksaan': either(may('show', STOK_BAN), read(PEMERIKSAAN)),
    'POST /api/pemeriksaan-ban': may('create', PEMERIKSAAN),
    'GET /api/pemeriksaan-ban/:id': read(PEMERIKSAAN),
    'PUT /api/pemeriksaan-ban/:id': may('update', PEMERIKSAAN),
    'POST /api/pemeriksaan-ban/:id/posting': may('posting', PEMERIKSAAN),
    'POST /api/pemeriksaan-ban/:id/unpost': may('unpost', PEMERIKSAAN),
    'DELETE /api/pemeriksaan-ban/:id': may('delete', PEMERIKSAAN),
    // Laporan Pemeriksaan Ban: Select (its print page and CSV are the app's `print`).
    'GET /api/laporan-pemeriksaan-ban': read(LAPORAN_PEMERIKSAAN),
  },
  readers: {
    'GET /api/kendaraan': [PEMERIKSAAN],
    'GET /api/kendaraan/:id/show': [PEMERIKSAAN],
  },
}
