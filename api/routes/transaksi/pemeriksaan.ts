import { Hono } from 'hono'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { nextCode } from '../../codes.ts'
import { kmRule, optionalDecimalField, wholeField } from '../../numbers.ts'
import { idParam, invalid, notFound, optionalText, readBody, today, validate } from '../../http.ts'
import {
  tebalTapakField,
  docFilter,
  jsonBody,
  optionalCalendarDate,
  positionsFor,
  requiredId,
  type DocFilter,
  type DocStatus,
  statusRoutes,
} from './common.ts'
import { filterSql, jsonArray, jsonObject, nestedJson } from './legacy-sql.ts'
import { pagedJsonList, pagedSql, pageMeta, pageQuery, whereOf, type PagedColumns, type PageQuery } from '../../paged.ts'
import { detailJson, detailRows } from './pemasangan.ts'
import { formatKm } from './pelepasan.ts'
import { holds, positionHolder } from './posisi.ts'
import { recordAudit } from '../../audit.ts'
import { either, may, read } from '../../grants.ts'

const PEMERIKSAAN = '/admin/pemeriksaan-ban'
const LAPORAN_PEMERIKSAAN = '/admin/laporan-pemeriksaan-ban'
const STOK_BAN = '/admin/ban'

/**
 * Tyre inspection rounds (the extension 'pemeriksaan-ban'; docs/upstream-contract.md "Extensions:
 * tyre inspections"): a round per vehicle at a date and km, one line per fitted position (tread depth,
 * pressure, condition, note). From a tyre's inspections the api computes its wear per 1,000 km, the km
 * left to the minimum tread and, with the vehicle's km per day, a forecast date (forecastFrom). Each
 * tyre's forecast inputs as of its latest inspection are kept in prakiraan_ban so the dashboard's
 * warning list is one indexed query.
 */

export const KONDISI_PEMERIKSAAN = ['Baik', 'Aus tidak rata', 'Retak', 'Benjol', 'Tertusuk', 'Lainnya'] as const
export type KondisiPemeriksaan = (typeof KONDISI_PEMERIKSAAN)[number]

/** The minimum tread depth (mm): `TEBAL_TAPAK_MINIMUM`, 3 mm when unset or not a number in 0–30. */
export function tebalTapakMinimum(setting = process.env.TEBAL_TAPAK_MINIMUM): number {
  const n = Number((setting ?? '').replace(',', '.'))
  return setting != null && setting.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= 30 ? n : 3
}

/** The dashboard's warning horizon: a tyre forecast to reach the minimum within these km or days. */
export const PERINGATAN_KM = 5000
export const PERINGATAN_HARI = 30
/** The vehicle's km per day is taken over its rounds of these many days before its latest one. */
const HARI_KM_PER_HARI = 180

// ---- days --------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000
/** YYYY-MM-DD → days since 1970-01-01 (the stored day number the warning query compares). */
export const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS)
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)

// ---- the forecast ------------------------------------------------------------------------------------

/** One measured point of a tyre: its km run then and its tread. */
export type TitikUkur = { km_ban: number; tebal_tapak: number; tanggal: string | null }

/** What a forecast is computed from (prakiraan_ban's row). */
export type DasarPrakiraan = {
  tebal_tapak: number
  keausan_per_1000_km: number | null
  km_per_hari: number | null
  tanggal_periksa: string
}

/**
 * What the forecast is projected to today with: the km the tyre has run since its last inspection by
 * the records (its km run now, from its vehicle's km now and its removals, less its km run then) and
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
 * two points, no km between them, or no tread lost (a tyre that has not worn has no forecast).
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
 * / wear × 1,000 (0 at or below the minimum). Since then the tyre has run the km its records say
 * (`km_tercatat`) or, while it is fitted and its vehicle's km per day is known, the km per day times the
 * days since, whichever is more (`km_sejak_periksa`). Today: km left = the km left then less that (not
 * below 0); days left = (the km left then − that) / km per day, rounded up, negative once passed; the
 * forecast date = today + days left. A tyre at the minimum with no km per day reached it on its
 * inspection's date; a tyre off its vehicle is not running: no days left. The dashboard's list
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
 * SQL: a tyre's km run now (alias `b`), with `d` its holding fitting line (LEFT JOINed, null when off
 * a vehicle) and `k` that line's vehicle: its removals' km plus the vehicle's km since the fitting.
 */
const KM_BAN_KINI = `(COALESCE((SELECT SUM(x.km_tempuh) FROM detail_pelepasan_ban x WHERE x.ban_id = b.id AND (d.id IS NULL OR x.detail_pemasangan_ban_id <> d.id)), 0)
  + CASE WHEN d.id IS NOT NULL AND k.km > d.km_pemasangan THEN k.km - d.km_pemasangan ELSE 0 END)`

/** How tyre `banId`'s forecast is projected to today from its last inspection (measured at `kmBanThen` km run). */
async function proyeksiOf(db: DB, banId: number, kmBanThen: number): Promise<Proyeksi> {
  const row = (await db
    .prepare(
      `SELECT ${KM_BAN_KINI} AS km_ban, d.id AS holding FROM ban b
       LEFT JOIN detail_pemasangan_ban d ON d.ban_id = b.id AND ${holds('d')} LEFT JOIN kendaraan k ON k.id = d.kendaraan_id
       WHERE b.id = ?`,
    )
    .get(banId)) as { km_ban: number; holding: number | null }
  return { hari_ini: today(), km_tercatat: Math.max(0, Number(row.km_ban) - kmBanThen), berjalan: row.holding != null }
}

/** A vehicle's km per day over its rounds of the HARI_KM_PER_HARI days up to `until`: null without two rounds apart. */
async function kmPerHari(db: DB, kendaraanId: number, until: string): Promise<number | null> {
  const from = dateOfDay(dayNumber(until) - HARI_KM_PER_HARI)
  const rows = (await db
    .prepare(
      `SELECT tanggal_awal, km FROM pemeriksaan_ban WHERE kendaraan_id = ? AND tanggal_awal BETWEEN ? AND ?
       ORDER BY tanggal_awal, id`,
    )
    .all(kendaraanId, from, until)) as { tanggal_awal: string; km: number }[]
  if (rows.length < 2) return null
  const first = rows[0]!
  const last = rows[rows.length - 1]!
  const days = dayNumber(last.tanggal_awal) - dayNumber(first.tanggal_awal)
  const km = last.km - first.km
  return days > 0 && km > 0 ? round(km / days, 2) : null
}

/** A tyre's inspections, oldest first, with their round. */
type InspectionRow = {
  id: number
  tebal_tapak: number
  km_ban: number
  tanggal_awal: string
  kendaraan_id: number
}

/**
 * What a tyre's forecast is computed from: its inspections since its last retread (vulkanisir) and,
 * with no retread, its tread when new (at 0 km) when the purchase line gave it. Null: no inspection.
 */
async function forecastInputs(
  db: DB,
  banId: number,
): Promise<{ dasar: DasarPrakiraan; titik: TitikUkur[]; kendaraan_id: number; detail_id: number; km_ban: number } | null> {
  const lines = (await db
    .prepare(
      `SELECT l.id, l.tebal_tapak, l.km_ban, p.tanggal_awal, p.kendaraan_id FROM detail_pemeriksaan_ban l
       JOIN pemeriksaan_ban p ON p.id = l.pemeriksaan_ban_id WHERE l.ban_id = ? ORDER BY p.tanggal_awal, p.id`,
    )
    .all(banId)) as InspectionRow[]
  if (lines.length === 0) return null
  const tyre = (await db
    .prepare(
      `SELECT b.tebal_tapak_awal, (SELECT MAX(r.tanggal) FROM riwayat_ban r WHERE r.ban_id = b.id AND r.jenis = 'terima_vulkanisir') AS vulkanisir
       FROM ban b WHERE b.id = ?`,
    )
    .get(banId)) as { tebal_tapak_awal: number | null; vulkanisir: string | null }
  const since = tyre.vulkanisir ? lines.filter((l) => l.tanggal_awal >= tyre.vulkanisir!) : lines
  const titik: TitikUkur[] = since.map((l) => ({ km_ban: l.km_ban, tebal_tapak: Number(l.tebal_tapak), tanggal: l.tanggal_awal }))
  if (!tyre.vulkanisir && tyre.tebal_tapak_awal != null)
    titik.unshift({ km_ban: 0, tebal_tapak: Number(tyre.tebal_tapak_awal), tanggal: null })
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

/** Rewrites the stored forecast inputs of the tyres (after a round of theirs changed). */
async function refreshForecasts(db: DB, banIds: Iterable<number>) {
  for (const banId of new Set(banIds)) {
    await db.prepare('DELETE FROM prakiraan_ban WHERE ban_id = ?').run(banId)
    const f = await forecastInputs(db, banId)
    if (!f) continue
    await db
      .prepare(
        `INSERT INTO prakiraan_ban (ban_id, kendaraan_id, detail_id, tebal_tapak, keausan_per_1000_km, km_per_hari, hari_periksa)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        banId,
        f.kendaraan_id,
        f.detail_id,
        f.dasar.tebal_tapak,
        f.dasar.keausan_per_1000_km,
        f.dasar.km_per_hari,
        dayNumber(f.dasar.tanggal_periksa),
      )
  }
}

/** The vehicles whose rounds change their km per day: every tyre measured on them gets its forecast again. */
async function refreshVehicleForecasts(db: DB, kendaraanId: number) {
  const tyres = (await db.prepare('SELECT ban_id FROM prakiraan_ban WHERE kendaraan_id = ?').pluck().all(kendaraanId)) as number[]
  await refreshForecasts(db, tyres)
}

// ---- output ------------------------------------------------------------------------------------------

const JUMLAH_BAN = '(SELECT COUNT(*) FROM detail_pemeriksaan_ban l WHERE l.pemeriksaan_ban_id = p.id)'

const DOC_JSON = `json_object(
    'id', p.id, 'kode_pemeriksaan', p.kode_pemeriksaan, 'kendaraan_id', p.kendaraan_id, 'km', p.km, 'status', p.status,
    'tanggal_awal', p.tanggal_awal, 'created_at', p.created_at, 'updated_at', p.updated_at,
    'jumlah_ban', ${JUMLAH_BAN},
    'kendaraan', ${nestedJson(
      'k.id',
      `'id', k.id, 'kode_kendaraan', k.kode_kendaraan, 'no_kabin', k.no_kabin, 'no_pol', k.no_pol, 'km', k.km,
       'jenis_kendaraan', ${nestedJson('j.id', "'id', j.id, 'nama_jenis_kendaraan', j.nama_jenis_kendaraan, 'total_ban', j.total_ban")}`,
    )})`

const DOC_FROM = `FROM pemeriksaan_ban p
  LEFT JOIN kendaraan k ON k.id = p.kendaraan_id
  LEFT JOIN jenis_kendaraan j ON j.id = k.jenis_kendaraan_id`

export const INSPECTION_COLUMNS: PagedColumns = {
  search: ['p.kode_pemeriksaan', 'k.no_kabin'],
  sort: {
    id: { expr: 'p.id' },
    kode_pemeriksaan: { expr: 'p.kode_pemeriksaan', text: true },
    no_kabin: { expr: 'k.no_kabin', text: true },
    tanggal_awal: { expr: 'p.tanggal_awal', text: true },
    km: { expr: 'p.km' },
    jumlah_ban: { expr: JUMLAH_BAN },
    status: { expr: 'p.status', text: true },
  },
  order: 'p.id',
}

async function roundsPage(db: DB, f: DocFilter, query: PageQuery) {
  const { where, params } = filterSql(f, 'p')
  const sql = pagedSql(INSPECTION_COLUMNS, query)
  const whereAll = whereOf(where, sql.search)
  const allParams = [...params, ...sql.searchParams]
  const withVehicle = sql.search !== '' || query.sort === 'no_kabin'
  const from = `FROM pemeriksaan_ban p${withVehicle ? ' LEFT JOIN kendaraan k ON k.id = p.kendaraan_id' : ''}`
  const counted = (await db
    .prepare(`SELECT COUNT(*) AS total, SUM(CASE WHEN p.status = 'posting' THEN 1 ELSE 0 END) AS posting ${from} ${whereAll}`)
    .get(...allParams)) as { total: unknown; posting: unknown }
  const ids = `p.id IN (SELECT p.id ${from} ${whereAll} ORDER BY ${sql.order} ${sql.limit})`
  const rows = await jsonArray(db, DOC_JSON, `${DOC_FROM} WHERE ${ids}`, sql.order, [...allParams, ...sql.limitParams])
  const meta = { ...pageMeta(query, Number(counted.total)), posting: Number(counted.posting ?? 0) }
  return `{"data":${rows},"meta":${JSON.stringify(meta)}}`
}

const TYRE_JSON = `json_object('id', b.id, 'kode_ban', b.kode_ban, 'no_seri', b.no_seri, 'tebal_tapak_awal', b.tebal_tapak_awal,
      'ukuran', ${nestedJson('u.id', "'id', u.id, 'nama', u.nama")},
      'merek', ${nestedJson('m.id', "'id', m.id, 'nama_merek', m.nama_merek")},
      'typeban', ${nestedJson('t.id', "'id', t.id, 'nama_type', t.nama_type")})`

const LINE_JSON = `json_object(
    'id', l.id, 'pemeriksaan_ban_id', l.pemeriksaan_ban_id, 'ban_id', l.ban_id, 'posisi_ban', l.posisi_ban,
    'tebal_tapak', l.tebal_tapak, 'tekanan', l.tekanan, 'kondisi', l.kondisi, 'keterangan', l.keterangan, 'km_ban', l.km_ban,
    'ban', ${TYRE_JSON})`

const LINE_FROM = `FROM detail_pemeriksaan_ban l
  JOIN ban b ON b.id = l.ban_id
  LEFT JOIN ukuran u ON u.id = b.ukuran_id
  LEFT JOIN merek m ON m.id = b.merek_id
  LEFT JOIN typeban t ON t.id = b.typeban_id`

const loadDoc = (db: DB, id: number) => jsonObject(db, DOC_JSON, `${DOC_FROM} WHERE p.id = ?`, [id])

async function loadDocWithLines(db: DB, id: number): Promise<string | null> {
  const doc = await loadDoc(db, id)
  if (!doc) return null
  const lines = await jsonArray(db, LINE_JSON, `${LINE_FROM} WHERE l.pemeriksaan_ban_id = ?`, 'l.posisi_ban, l.id', [id])
  return JSON.stringify(doc).replace(/}$/, `,"detail":${lines}}`)
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

type DocState = { id: number; kendaraan_id: number; km: number; status: DocStatus; tanggal_awal: string }
const docState = async (db: DB, id: number) =>
  (await db.prepare('SELECT id, kendaraan_id, km, status, tanggal_awal FROM pemeriksaan_ban WHERE id = ?').get(id)) as DocState | undefined

/** The km a tyre had run at vehicle km `km` on fitting line `fittingId`: its other removals' km plus the km since that fitting. */
export async function kmBan(db: DB, banId: number, fittingId: number, km: number): Promise<number> {
  const row = (await db
    .prepare(
      `SELECT d.km_pemasangan, COALESCE((SELECT SUM(x.km_tempuh) FROM detail_pelepasan_ban x WHERE x.ban_id = ? AND x.detail_pemasangan_ban_id <> d.id), 0) AS lepas
       FROM detail_pemasangan_ban d WHERE d.id = ?`,
    )
    .get(banId, fittingId)) as { km_pemasangan: number; lepas: number }
  return Number(row.lepas) + Math.max(0, km - row.km_pemasangan)
}

/** The fitting line of tyre `banId` on vehicle `kendaraanId` (the holding one first, else its latest). */
async function fittingOf(db: DB, banId: number, kendaraanId: number) {
  return (await db
    .prepare(
      `SELECT d.id FROM detail_pemasangan_ban d WHERE d.ban_id = ? AND d.kendaraan_id = ?
       ORDER BY CASE WHEN ${holds('d')} THEN 0 ELSE 1 END, d.id DESC LIMIT 1`,
    )
    .pluck()
    .get(banId, kendaraanId)) as number | undefined
}

/** YYYY-MM-DD → DD/MM/YYYY, as the app shows dates. */
const fmtTanggal = (d: string) => d.split('-').reverse().join('/')

/** A tyre's inspection in another round, with the round's date. */
type Neighbour = { tebal_tapak: number; tanggal_awal: string }

/**
 * Whether a retread of tyre `banId` was received between `from` and `until` (both inclusive; `from`
 * null: any time up to `until`): a retread resets the tread, so the rounds on either side of it are
 * not compared.
 */
async function retreadBetween(db: DB, banId: number, from: string | null, until: string): Promise<boolean> {
  const params = from ? [banId, until, from] : [banId, until]
  return !!(await db
    .prepare(
      `SELECT 1 FROM riwayat_ban WHERE ban_id = ? AND jenis = 'terima_vulkanisir' AND tanggal <= ?${from ? ' AND tanggal >= ?' : ''}`,
    )
    .get(...params))
}

/**
 * The tread a measurement of tyre `banId` in a round dated `tanggal` must lie within, from its
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
  const before = (await db
    .prepare(
      `SELECT l.tebal_tapak, p.tanggal_awal FROM detail_pemeriksaan_ban l JOIN pemeriksaan_ban p ON p.id = l.pemeriksaan_ban_id
       WHERE l.ban_id = ? AND p.id <> ? AND (p.tanggal_awal < ? OR (p.tanggal_awal = ? AND (? = 0 OR p.id < ?)))
       ORDER BY p.tanggal_awal DESC, p.id DESC LIMIT 1`,
    )
    .get(banId, own, tanggal, tanggal, own, own)) as Neighbour | undefined
  const after = (await db
    .prepare(
      `SELECT l.tebal_tapak, p.tanggal_awal FROM detail_pemeriksaan_ban l JOIN pemeriksaan_ban p ON p.id = l.pemeriksaan_ban_id
       WHERE l.ban_id = ? AND p.id <> ? AND (p.tanggal_awal > ? OR (p.tanggal_awal = ? AND ? <> 0 AND p.id > ?))
       ORDER BY p.tanggal_awal, p.id LIMIT 1`,
    )
    .get(banId, own, tanggal, tanggal, own, own)) as Neighbour | undefined
  let upper: { mm: number; what: string } | null = null
  if (before) {
    if (!(await retreadBetween(db, banId, before.tanggal_awal, tanggal)))
      upper = {
        mm: Number(before.tebal_tapak),
        what: `pemeriksaan sebelumnya (${fmtMm(Number(before.tebal_tapak))} pada ${fmtTanggal(before.tanggal_awal)})`,
      }
  } else {
    const awal = (await db.prepare('SELECT tebal_tapak_awal FROM ban WHERE id = ?').pluck().get(banId)) as number | null
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

/** A dated record of a vehicle with its km: a fitting, a removal, a rotation or an inspection round. */
type KmRecord = { tanggal: string; km: number; jenis: string; kode: string }

/** The registered records of a vehicle that carry its km (every kind; rounds other than `exceptRound`). */
const VEHICLE_RECORDS = `(
  SELECT p.tanggal_awal AS tanggal, d.km_pemasangan AS km, 'Pemasangan Ban' AS jenis, p.kode_pemasangan AS kode
    FROM detail_pemasangan_ban d JOIN pemasangan_ban p ON p.id = d.pemasangan_ban_id WHERE d.kendaraan_id = ?
  UNION ALL
  SELECT p.tanggal_awal, d.km_pelepasan, 'Pelepasan Ban', p.kode_pelepasan
    FROM detail_pelepasan_ban d JOIN pelepasan_ban p ON p.id = d.pelepasan_ban_id WHERE d.kendaraan_id = ?
  UNION ALL
  SELECT p.tanggal_awal, d.km, 'Rotasi Ban', p.kode_rotasi
    FROM detail_rotasi_ban d JOIN rotasi_ban p ON p.id = d.rotasi_ban_id WHERE d.kendaraan_id = ?
  UNION ALL
  SELECT tanggal_awal, km, 'Pemeriksaan Ban', kode_pemeriksaan FROM pemeriksaan_ban WHERE kendaraan_id = ? AND id <> ?
) r`

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
  const params = [kendaraanId, kendaraanId, kendaraanId, kendaraanId, exceptRound ?? 0, tanggal]
  const below = (await db
    .prepare(`SELECT tanggal, km, jenis, kode FROM ${VEHICLE_RECORDS} WHERE r.tanggal <= ? ORDER BY r.km DESC, r.tanggal DESC LIMIT 1`)
    .get(...params)) as KmRecord | undefined
  const above = (await db
    .prepare(`SELECT tanggal, km, jenis, kode FROM ${VEHICLE_RECORDS} WHERE r.tanggal > ? ORDER BY r.km, r.tanggal LIMIT 1`)
    .get(...params)) as KmRecord | undefined
  return {
    below: below ? { ...below, km: Number(below.km) } : null,
    above: above ? { ...above, km: Number(above.km) } : null,
    kmNow: tanggal >= today() ? kmNow : null,
  }
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

/**
 * Saves a round (new, or `existing` replaced), one transaction (the caller's): checks the vehicle,
 * the km, each position's tyre and each tread, writes the round and its lines, raises the vehicle's
 * km and rewrites the forecasts of the tyres it measured. Answers the round's id.
 */
export async function saveRound(db: DB, v: RoundInput, existing: DocState | null): Promise<number> {
  const vehicle = (await db
    .prepare('SELECT k.id, k.km, j.total_ban FROM kendaraan k LEFT JOIN jenis_kendaraan j ON j.id = k.jenis_kendaraan_id WHERE k.id = ?')
    .get(v.kendaraan_id)) as { id: number; km: number; total_ban: number | null } | undefined
  if (!vehicle) throw invalid({ kendaraan_id: ['Kendaraan tidak ditemukan.'] })
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
    ? ((await db.prepare('SELECT posisi_ban, ban_id FROM detail_pemeriksaan_ban WHERE pemeriksaan_ban_id = ?').all(existing.id)) as {
        posisi_ban: string
        ban_id: number
      }[])
    : []
  const seen = new Set<string>()
  const lines: { posisi_ban: string; ban_id: number; km_ban: number; line: RoundInput['detail'][number] }[] = []
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
    // A line kept from the round keeps the tyre it measured; a new one measures the tyre there now.
    let banId = before.find((b) => b.posisi_ban === l.posisi_ban)?.ban_id ?? null
    let fittingId: number | undefined
    if (banId == null) {
      const holder = await positionHolder(db, v.kendaraan_id, l.posisi_ban)
      if (!holder) {
        errors[`${key}.posisi_ban`] = ['Tidak ada ban terpasang di posisi ini.']
        continue
      }
      if (holder.pemasangan_ban_id == null) {
        errors[`${key}.posisi_ban`] = ['Pemasangan ban di posisi ini belum disimpan.']
        continue
      }
      banId = holder.ban_id
      fittingId = holder.detail_id
    } else {
      fittingId = await fittingOf(db, banId, v.kendaraan_id)
    }
    const range = await treadRange(db, banId, tanggal, existing?.id ?? null)
    if (range && ((range.max !== null && l.tebal_tapak > range.max) || (range.min !== null && l.tebal_tapak < range.min))) {
      errors[`${key}.tebal_tapak`] = [range.message]
      continue
    }
    lines.push({ posisi_ban: l.posisi_ban, ban_id: banId, km_ban: fittingId ? await kmBan(db, banId, fittingId, v.km) : 0, line: l })
  }
  if (Object.keys(errors).length) throw invalid(errors)

  let id: number
  if (existing) {
    id = existing.id
    await db
      .prepare(`UPDATE pemeriksaan_ban SET km = ?, tanggal_awal = ?, updated_at = datetime('now') WHERE id = ?`)
      .run(v.km, tanggal, id)
    await db.prepare('DELETE FROM detail_pemeriksaan_ban WHERE pemeriksaan_ban_id = ?').run(id)
  } else {
    id = await db
      .prepare('INSERT INTO pemeriksaan_ban (kode_pemeriksaan, kendaraan_id, km, tanggal_awal) VALUES (?, ?, ?, ?)')
      .insert(await nextCode(db, 'pemeriksaan_ban'), v.kendaraan_id, v.km, tanggal)
  }
  const insert = db.prepare(
    `INSERT INTO detail_pemeriksaan_ban (pemeriksaan_ban_id, ban_id, posisi_ban, tebal_tapak, tekanan, kondisi, keterangan, km_ban)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  for (const l of lines) {
    await insert.run(id, l.ban_id, l.posisi_ban, l.line.tebal_tapak, l.line.tekanan, l.line.kondisi, l.line.keterangan, l.km_ban)
  }
  await db.prepare("UPDATE kendaraan SET km = ?, updated_at = datetime('now') WHERE id = ? AND km < ?").run(v.km, v.kendaraan_id, v.km)
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
 * The fitted tyres at or below the minimum tread, or forecast (projected to today: forecastFrom) to
 * reach it within PERINGATAN_KM km or PERINGATAN_HARI days: the most overdue first (by the forecast
 * date; a tyre at the minimum without one by its inspection's date), then by km left. The same figures
 * as forecastFrom, in SQL so the database picks, counts and pages them.
 */
async function warnings(db: DB, minimum: number, limit: number, offset: number) {
  const todayDay = dayNumber(today())
  const rows0 = `SELECT pr.ban_id, pr.tebal_tapak, pr.keausan_per_1000_km, pr.km_per_hari, pr.hari_periksa, l.km_ban AS km_ban_periksa,
      ${KM_BAN_KINI} AS km_ban_kini, d.id AS holding
    FROM prakiraan_ban pr JOIN ban b ON b.id = pr.ban_id JOIN detail_pemeriksaan_ban l ON l.id = pr.detail_id
      LEFT JOIN detail_pemasangan_ban d ON d.ban_id = b.id AND ${holds('d')} LEFT JOIN kendaraan k ON k.id = d.kendaraan_id
    WHERE b.status = 'terpasang'`
  // km left then (null: no wear), the km run since (the records', or km per day × days while running).
  const rows1 = `SELECT r0.*,
      CASE WHEN r0.tebal_tapak <= ? THEN 0 WHEN r0.keausan_per_1000_km > 0 THEN (r0.tebal_tapak - ?) * 1000.0 / r0.keausan_per_1000_km END AS sisa0,
      CASE WHEN r0.holding IS NOT NULL AND r0.km_per_hari > 0 AND r0.km_per_hari * (? - r0.hari_periksa) > r0.tercatat
        THEN r0.km_per_hari * (? - r0.hari_periksa) ELSE r0.tercatat END AS sejak
    FROM (SELECT r.*, CASE WHEN r.km_ban_kini > r.km_ban_periksa THEN r.km_ban_kini - r.km_ban_periksa ELSE 0 END AS tercatat
      FROM (${rows0}) r) r0`
  const rows2 = `SELECT r1.*, r1.sisa0 - r1.sejak AS sisa,
      CASE WHEN r1.holding IS NOT NULL AND r1.km_per_hari > 0 AND r1.sisa0 IS NOT NULL THEN (r1.sisa0 - r1.sejak) / r1.km_per_hari
        WHEN r1.tebal_tapak <= ? THEN r1.hari_periksa - ? END AS hari
    FROM (${rows1}) r1`
  // In the order the placeholders are written: the outer query's first.
  const params = [minimum, todayDay, minimum, minimum, todayDay, todayDay]
  const where = `FROM (${rows2}) w WHERE w.tebal_tapak <= ? OR w.sisa <= ? OR w.hari <= ?`
  const whereParams = [...params, minimum, PERINGATAN_KM, PERINGATAN_HARI]
  const total = Number(
    await db
      .prepare(`SELECT COUNT(*) ${where}`)
      .pluck()
      .get(...whereParams),
  )
  const rows = (await db
    .prepare(
      `SELECT w.ban_id, w.tebal_tapak, w.keausan_per_1000_km, w.km_per_hari, w.hari_periksa, w.km_ban_periksa, w.km_ban_kini, w.holding ${where}
       ORDER BY CASE WHEN w.hari IS NULL THEN 1 ELSE 0 END, w.hari, CASE WHEN w.sisa IS NULL THEN 1 ELSE 0 END, w.sisa, w.ban_id
       LIMIT ? OFFSET ?`,
    )
    .all(...whereParams, limit, offset)) as {
    ban_id: number
    tebal_tapak: number
    keausan_per_1000_km: number | null
    km_per_hari: number | null
    hari_periksa: number
    km_ban_periksa: number
    km_ban_kini: number
    holding: number | null
  }[]
  const out = []
  for (const r of rows) {
    const about = (await db
      .prepare(
        `SELECT b.kode_ban, b.no_seri, m.nama_merek, d.posisi_ban, k.id AS kendaraan_id, k.no_kabin, k.no_pol
         FROM ban b LEFT JOIN merek m ON m.id = b.merek_id
         LEFT JOIN detail_pemasangan_ban d ON d.ban_id = b.id AND ${holds('d')}
         LEFT JOIN kendaraan k ON k.id = d.kendaraan_id WHERE b.id = ?`,
      )
      .get(r.ban_id)) as Record<string, unknown>
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

/** The vehicles with fitted tyres and no round in the last `hari` days (never inspected first). */
async function notInspected(db: DB, hari: number, limit: number, offset: number) {
  const since = dateOfDay(dayNumber(today()) - hari)
  const where = `FROM kendaraan k WHERE EXISTS (SELECT 1 FROM detail_pemasangan_ban d WHERE d.kendaraan_id = k.id AND ${holds('d')} AND d.pemasangan_ban_id IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM pemeriksaan_ban p WHERE p.kendaraan_id = k.id AND p.tanggal_awal > ?)`
  const total = Number(await db.prepare(`SELECT COUNT(*) ${where}`).pluck().get(since))
  const last = '(SELECT MAX(p.tanggal_awal) FROM pemeriksaan_ban p WHERE p.kendaraan_id = k.id)'
  const rows = (await db
    .prepare(
      `SELECT k.id, k.kode_kendaraan, k.no_kabin, k.no_pol, ${last} AS terakhir_diperiksa ${where}
       ORDER BY COALESCE(${last}, ''), k.no_kabin, k.id LIMIT ? OFFSET ?`,
    )
    .all(since, limit, offset)) as Record<string, unknown>[]
  return { data: rows, meta: { total, limit, offset, hari } }
}

// ---- the report --------------------------------------------------------------------------------------

const REPORT_JSON = `json_object(
    'id', l.id, 'pemeriksaan_ban_id', p.id, 'kode_pemeriksaan', p.kode_pemeriksaan, 'tanggal_awal', p.tanggal_awal, 'status', p.status,
    'km', p.km, 'kendaraan_id', p.kendaraan_id, 'no_kabin', k.no_kabin, 'no_pol', k.no_pol,
    'posisi_ban', l.posisi_ban, 'ban_id', b.id, 'kode_ban', b.kode_ban, 'no_seri', b.no_seri, 'nama_merek', m.nama_merek,
    'tebal_tapak', l.tebal_tapak, 'tekanan', l.tekanan, 'kondisi', l.kondisi, 'keterangan', l.keterangan, 'km_ban', l.km_ban)`

const REPORT_FROM = `FROM detail_pemeriksaan_ban l
  JOIN pemeriksaan_ban p ON p.id = l.pemeriksaan_ban_id
  JOIN ban b ON b.id = l.ban_id
  LEFT JOIN merek m ON m.id = b.merek_id
  LEFT JOIN kendaraan k ON k.id = p.kendaraan_id`

export const REPORT_COLUMNS: PagedColumns = {
  search: ['p.kode_pemeriksaan', 'k.no_kabin', 'b.no_seri'],
  sort: {
    id: { expr: 'l.id' },
    tanggal_awal: { expr: 'p.tanggal_awal', text: true },
    tebal_tapak: { expr: 'l.tebal_tapak' },
  },
  order: 'p.tanggal_awal, p.id, l.posisi_ban, l.id',
}

// ---- routes ------------------------------------------------------------------------------------------

export function pemeriksaanRoutes() {
  const r = new Hono<ApiEnv>()

  // With `page`: one page as {data, meta}, also filtered by date and status; without it the whole list.
  r.get('/pemeriksaan-ban', async (c) => {
    const query = pageQuery(c, INSPECTION_COLUMNS)
    const f = docFilter(c)
    if (!query) {
      const { where, params } = filterSql(f, 'p')
      return jsonBody(c, `{"data":${await jsonArray(c.get('db'), DOC_JSON, `${DOC_FROM} ${where}`, 'p.id', params)}}`)
    }
    return jsonBody(c, await roundsPage(c.get('db'), f, query))
  })

  // The tyres on the vehicle now (registered fittings), each with its last inspection's tread.
  r.get('/pemeriksaan-ban/terpasang/:kendaraanId', async (c) => {
    const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
    const db = c.get('db')
    if (!(await db.prepare('SELECT 1 FROM kendaraan WHERE id = ?').get(kendaraanId))) throw notFound('Kendaraan')
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

  // The tyres near or at the minimum tread (dashboard), `limit` (≤ 100, default 10) and `offset`.
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

  // A tyre's inspections (newest first) and its forecast with the figures it came from.
  r.get('/ban/:id/pemeriksaan', async (c) => {
    const banId = idParam(c, 'id', 'Ban')
    const db = c.get('db')
    const tyre = (await db.prepare('SELECT id, tebal_tapak_awal FROM ban WHERE id = ?').get(banId)) as
      { id: number; tebal_tapak_awal: number | null } | undefined
    if (!tyre) throw notFound('Ban')
    const rows = await jsonArray(
      db,
      `json_object('id', l.id, 'pemeriksaan_ban_id', p.id, 'kode_pemeriksaan', p.kode_pemeriksaan, 'tanggal_awal', p.tanggal_awal,
        'status', p.status, 'km', p.km, 'kendaraan_id', p.kendaraan_id, 'no_kabin', k.no_kabin, 'posisi_ban', l.posisi_ban,
        'tebal_tapak', l.tebal_tapak, 'tekanan', l.tekanan, 'kondisi', l.kondisi, 'keterangan', l.keterangan, 'km_ban', l.km_ban)`,
      `FROM detail_pemeriksaan_ban l JOIN pemeriksaan_ban p ON p.id = l.pemeriksaan_ban_id LEFT JOIN kendaraan k ON k.id = p.kendaraan_id
       WHERE l.ban_id = ?`,
      'p.tanggal_awal DESC, p.id DESC',
      [banId],
    )
    const inputs = await forecastInputs(db, banId)
    const minimum = tebalTapakMinimum()
    const prakiraan = inputs
      ? { ...forecastFrom(inputs.dasar, minimum, await proyeksiOf(db, banId, inputs.km_ban)), titik: inputs.titik }
      : null
    const meta = { tebal_tapak_minimum: minimum, tebal_tapak_awal: tyre.tebal_tapak_awal == null ? null : Number(tyre.tebal_tapak_awal) }
    return jsonBody(c, `{"data":${rows},"prakiraan":${JSON.stringify(prakiraan)},"meta":${JSON.stringify(meta)}}`)
  })

  // The report: every inspection line of the period; with `page` one page as {data, meta}.
  r.get('/laporan-pemeriksaan-ban', async (c) => {
    const f = docFilter(c)
    const db = c.get('db')
    const { where, params } = filterSql(f, 'p')
    const query = pageQuery(c, REPORT_COLUMNS)
    if (query) {
      return jsonBody(
        c,
        await pagedJsonList(db, {
          columns: REPORT_COLUMNS,
          query,
          json: REPORT_JSON,
          from: REPORT_FROM,
          id: 'l.id',
          conditions: where ? [where] : [],
          params,
        }),
      )
    }
    return jsonBody(c, `{"data":${await jsonArray(db, REPORT_JSON, `${REPORT_FROM} ${where}`, REPORT_COLUMNS.order, params)}}`)
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
      const existing = await docState(db, id)
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
      const doc = await docState(db, id)
      if (!doc) throw notFoundDoc()
      if (doc.status === 'posting') throw invalid({ pemeriksaan_ban_id: ['Pemeriksaan ban sudah diposting dan tidak dapat dihapus.'] })
      const tyres = (await db.prepare('SELECT ban_id FROM detail_pemeriksaan_ban WHERE pemeriksaan_ban_id = ?').pluck().all(id)) as number[]
      await db
        .prepare('DELETE FROM prakiraan_ban WHERE detail_id IN (SELECT id FROM detail_pemeriksaan_ban WHERE pemeriksaan_ban_id = ?)')
        .run(id)
      await db.prepare('DELETE FROM pemeriksaan_ban WHERE id = ?').run(id)
      await refreshForecasts(db, tyres)
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
    // documents. The tyres near the minimum tread are a dashboard panel of Pemeriksaan Ban and of Stok
    // Ban (whose tyre history shows the same forecast); the vehicles not inspected a panel of Pemeriksaan Ban.
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
