import type { Context, Hono } from 'hono'
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely'
import { z } from 'zod'
import type { ApiEnv, AuthUser, DB } from '../../types.ts'
import { recordAudit } from '../../audit.ts'
import { conflict, idParam, invalid, notFound } from '../../http.ts'
import { isCalendarDate } from '../../dates.ts'
import { forUpdate, nowMoment } from '../../sql.ts'
import { decimalField, optionalDecimalField, PG_INTEGER_MAX, TEBAL_TAPAK_MAX, type DecimalRule } from '../../numbers.ts'

/** Shared pieces of the transaction routes: statuses, positions, money, date filters. */

export type DocStatus = 'unpost' | 'posting'
export const DOC_STATUSES: readonly DocStatus[] = ['unpost', 'posting']

export const KONDISI_BAN = ['BARU', 'BEKAS', 'KANISIR', 'AFKIR', 'PROFIT'] as const
export const WARNA = ['Hitam', 'Putih', 'Cokelat', 'Hijau', 'Orange', 'Merah', 'Ungu', 'Kuning', 'Biru', 'Silver'] as const
export const YEAR_MIN = 2010
export const YEAR_MAX = 2030
export const DEFAULT_TARGET_PRESENTASE = 70000

/**
 * The tyre positions of the axle diagram for a vehicle type's total_ban: 1A, 1B and
 * 2A–2D always; 3A–3D when total_ban is 10, 18 or 22; 4A–4D and 5A–5D when 18 or 22; 6A–6D when 22.
 * Any other total_ban (or none) gets the base six.
 */
export function positionsFor(totalBan: number | null | undefined): string[] {
  const rows: string[] = ['1A', '1B']
  const axle = (n: number) => ['A', 'B', 'C', 'D'].map((l) => `${n}${l}`)
  rows.push(...axle(2))
  if (totalBan === 10 || totalBan === 18 || totalBan === 22) rows.push(...axle(3))
  if (totalBan === 18 || totalBan === 22) rows.push(...axle(4), ...axle(5))
  if (totalBan === 22) rows.push(...axle(6))
  return rows
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

export const TEBAL_TAPAK_MESSAGE = 'Tebal tapak harus angka 0–30 mm dengan paling banyak satu desimal.'
/** A tread depth: 0–30 mm with at most one decimal ("7,5" and "7.5" alike). */
export const TEBAL_TAPAK: DecimalRule = { label: 'Tebal tapak', min: 0, max: TEBAL_TAPAK_MAX, places: 1 }

/** zod: a tread depth in mm (TEBAL_TAPAK); blank → null, or an error when `requiredMessage` is given. */
export const tebalTapakField = <R extends string | null>(requiredMessage: R) =>
  (requiredMessage === null
    ? optionalDecimalField(TEBAL_TAPAK, {
        notNumber: TEBAL_TAPAK_MESSAGE,
        belowMin: TEBAL_TAPAK_MESSAGE,
        aboveMax: TEBAL_TAPAK_MESSAGE,
        fraction: TEBAL_TAPAK_MESSAGE,
      })
    : decimalField(TEBAL_TAPAK, {
        notNumber: TEBAL_TAPAK_MESSAGE,
        belowMin: TEBAL_TAPAK_MESSAGE,
        aboveMax: TEBAL_TAPAK_MESSAGE,
        fraction: TEBAL_TAPAK_MESSAGE,
        required: requiredMessage,
      })) as unknown as z.ZodType<R extends string ? number : number | null>

/** zod: the optional tread depth when new of a purchase line (Tebal Tapak Awal). */
export const optionalTebalTapak = tebalTapakField(null)

/** zod: a required positive id given as number or digit string (at most what an INTEGER column holds). */
export const requiredId = (message: string) =>
  z
    .any()
    .optional()
    .transform((v, ctx): number => {
      const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : ''
      if (!/^\d+$/.test(s) || Number(s) < 1 || Number(s) > PG_INTEGER_MAX) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return Number(s)
    })

/** zod: an optional positive id; blank → null. */
export const optionalId = (message: string) =>
  z
    .any()
    .optional()
    .transform((v, ctx): number | null => {
      if (blank(v)) return null
      const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : ''
      if (!/^\d+$/.test(s) || Number(s) < 1 || Number(s) > PG_INTEGER_MAX) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return Number(s)
    })

/** zod: optional value out of a fixed list, compared case-insensitively, answered in its canonical spelling. */
export const optionalChoice = <T extends string>(choices: readonly T[], message: string) =>
  z
    .any()
    .optional()
    .transform((v, ctx): T | null => {
      if (blank(v)) return null
      const s = typeof v === 'string' ? v.trim().toLowerCase() : ''
      const found = choices.find((c) => c.toLowerCase() === s)
      if (!found) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return found
    })

/** zod: optional calendar date; blank → null. */
export const optionalCalendarDate = (message: string) =>
  z
    .any()
    .optional()
    .transform((v, ctx): string | null => {
      if (blank(v)) return null
      const s = typeof v === 'string' ? v.trim() : ''
      if (!isCalendarDate(s)) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return s
    })

export const DATE_PAIR_MESSAGE = 'Silakan pilih Tanggal Awal dan Tanggal Akhir'

export type DocFilter = { from: string | null; to: string | null; status: DocStatus | null }

/**
 * The inquiry and report filter: tanggal_awal and tanggal_akhir (YYYY-MM-DD, inclusive, both or
 * neither), status posting|unpost. Anything else → 422 with the field's error.
 */
export function docFilter(c: Context): DocFilter {
  const errors: Record<string, string[]> = {}
  const read = (name: 'tanggal_awal' | 'tanggal_akhir', label: string) => {
    const v = (c.req.query(name) ?? '').trim()
    if (v === '') return null
    if (!isCalendarDate(v)) {
      errors[name] = [`${label} harus berupa tanggal yang valid (YYYY-MM-DD).`]
      return null
    }
    return v
  }
  const rawFrom = (c.req.query('tanggal_awal') ?? '').trim()
  const rawTo = (c.req.query('tanggal_akhir') ?? '').trim()
  const from = read('tanggal_awal', 'Tanggal Awal')
  const to = read('tanggal_akhir', 'Tanggal Akhir')
  if (rawFrom === '' && rawTo !== '') errors.tanggal_awal = [DATE_PAIR_MESSAGE]
  if (rawTo === '' && rawFrom !== '') errors.tanggal_akhir = [DATE_PAIR_MESSAGE]
  if (from && to && to < from) errors.tanggal_akhir = ['Tanggal Akhir tidak boleh lebih awal dari Tanggal Awal.']
  const rawStatus = (c.req.query('status') ?? '').trim()
  let status: DocStatus | null = null
  if (rawStatus !== '') {
    if ((DOC_STATUSES as readonly string[]).includes(rawStatus)) status = rawStatus as DocStatus
    else errors.status = ['Status harus posting atau unpost.']
  }
  if (Object.keys(errors).length) throw invalid(errors)
  return { from, to, status }
}

/**
 * The WHERE condition of a DocFilter on the document table of alias `alias` (its tanggal_awal and
 * status columns), or null when the filter asks nothing. `alias` is the query's own, written in the code.
 */
export function docFilterCondition(f: DocFilter, alias: 'p' | 'k'): RawBuilder<SqlBool> | null {
  const parts: RawBuilder<unknown>[] = []
  if (f.from && f.to) parts.push(sql`${sql.ref(`${alias}.tanggal_awal`)} BETWEEN ${f.from} AND ${f.to}`)
  if (f.status) parts.push(sql`${sql.ref(`${alias}.status`)} = ${f.status}`)
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` AND `)}` : null
}

/**
 * The answer to posting / unpost: the wanted state must differ from the stored one (else 409). The
 * one place a document is posted or unposted (the row menus and the inquiries' bulk actions call it
 * per document): its audit record is written in the same transaction.
 */
export type DocumentTable =
  | 'pembelian_ban'
  | 'pemasangan_ban'
  | 'pelepasan_ban'
  | 'rotasi_ban'
  | 'klaim_ban'
  | 'pemeriksaan_ban'
  | 'perpanjangan'
  | 'perintah_kerja'
  | 'pembelian_suku_cadang'

export async function changeStatus(
  db: DB,
  table: DocumentTable,
  id: number,
  to: DocStatus,
  messages: { already: string; notFound: () => Error },
  by: AuthUser,
): Promise<void> {
  await db.tx(async () => {
    // The document's row, locked until the change is written: a concurrent posting of it waits, then
    // finds it posted (409), and no edit of it slips in between the check and the change.
    const row = await db.q.selectFrom(table).select('status').where('id', '=', id).$call(forUpdate(db)).executeTakeFirst()
    if (!row) throw messages.notFound()
    if (row.status === to) throw conflict(messages.already)
    await db.q
      .updateTable(table)
      .set({ status: to, updated_at: nowMoment(db) })
      .where('id', '=', id)
      .execute()
    await recordAudit(db, by, { entitas: table, entitasId: id, aksi: to })
  })
}

/**
 * `POST {path}/:id/posting` and `/unpost` of a document (changeStatus), answered with the document as
 * `load` reads it. `label` names it in the messages: 'Klaim ban' → 'Klaim ban berhasil diposting.',
 * 'Klaim ban sudah diposting.' (409), 'Klaim ban tidak ditemukan.' (404).
 */
export function statusRoutes(
  r: Hono<ApiEnv>,
  path: string,
  doc: { table: DocumentTable; label: string; load: (db: DB, id: number) => Promise<unknown> },
) {
  for (const [to, done, already] of [
    ['posting', 'berhasil diposting.', 'sudah diposting.'],
    ['unpost', 'berhasil di-unpost.', 'belum diposting (sudah unpost).'],
  ] as const) {
    r.post(`${path}/:id/${to}`, async (c) => {
      const id = idParam(c, 'id', doc.label)
      const db = c.get('db')
      const messages = { already: `${doc.label} ${already}`, notFound: () => notFound(doc.label) }
      await changeStatus(db, doc.table, id, to, messages, c.get('user'))
      return c.json({ message: `${doc.label} ${done}`, data: await doc.load(db, id) })
    })
  }
}

/** Rows of a table by ids (used to check that foreign keys given in a body exist). */
export async function existingIds(
  db: DB,
  table: 'supplier' | 'ukuran' | 'merek' | 'typeban' | 'kendaraan' | 'jenis_kendaraan',
  ids: Iterable<number>,
): Promise<Set<number>> {
  const list = [...new Set(ids)]
  if (!list.length) return new Set()
  // A value per id (a body names a few distinct master rows).
  const rows = await db.q.selectFrom(table).select('id').where('id', 'in', list).execute()
  return new Set(rows.map((r) => r.id))
}

// The JSON text of the lists and records is written by the database (api/sql.ts jsonBuild, jsonAgg,
// jsonArrayFrom): lists can hold tens of thousands of rows (npm run seed -- --scale N), and the
// database writes their text in one pass, about three times faster than rows → objects → JSON.stringify.

/** `json` when the LEFT JOINed row of `key` (its id) is there, else null: a nested object of a list's row. */
export const whenJoined = <T>(key: Expression<unknown>, json: Expression<T>): RawBuilder<T | null> =>
  sql<T | null>`CASE WHEN ${key} IS NOT NULL THEN ${json} END`

/** Answers JSON text as it is (200, application/json), as c.json would. */
export const jsonBody = (c: Context, text: string) => c.body(text, 200, { 'Content-Type': 'application/json' })

/** A vehicle's km only ever goes up. */
export async function raiseVehicleKm(db: DB, vehicleId: number, km: number | null) {
  if (km == null) return
  await db.q
    .updateTable('kendaraan')
    .set({ km, updated_at: nowMoment(db) })
    .where('id', '=', vehicleId)
    .where('km', '<', km)
    .execute()
}

export const vehicleExists = async (db: DB, id: number) =>
  !!(await db.q.selectFrom('kendaraan').select('id').where('id', '=', id).executeTakeFirst())
