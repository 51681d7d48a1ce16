import { Hono } from 'hono'
import { sql, type RawBuilder, type SqlBool } from 'kysely'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { nextCode } from '../../codes.ts'
import { idParam, invalid, notFound, readBody, today, validate, type Body } from '../../http.ts'
import { recordAudit } from '../../audit.ts'
import { isCalendarDate } from '../../dates.ts'
import { removeUploads, storeFiles } from '../master/resource.ts'
import { pageMeta, type PageQuery } from '../../paged.ts'
import { caseBlind, forUpdate, nowMoment } from '../../sql.ts'
import { askedPage, col, listOrder, pageOrder, pageSlice, searchCondition, type ListColumns } from './paging.ts'
import { docFilter, optionalCalendarDate, requiredId, statusRoutes, type DocFilter, type DocStatus } from './common.ts'
import { either, may, read } from '../../grants.ts'
import { rupiahRule, wholeField } from '../../numbers.ts'

const PERPANJANGAN = '/admin/perpanjangan-stnk'
const LAPORAN_PERPANJANGAN = '/admin/laporan-biaya-perpanjangan'
const KENDARAAN = '/admin/kendaraan'

/**
 * Registration renewals (the extension 'perpanjangan'; docs/upstream-contract.md "Extensions:
 * registration renewals"): a vehicle's STNK or KIR renewed, with its cost, payment date and receipt
 * photo. Saving one moves the vehicle's expiry (for STNK also its STNK records') to the new date in the
 * same transaction, so the vehicle leaves the due lists at once. The renewal keeps the expiries it
 * replaced; deleting an unposted renewal (only the vehicle's latest of that kind) puts them back.
 * Posting locks it (no change, no delete).
 */

export const JENIS_DOKUMEN = ['STNK', 'KIR'] as const
export type JenisDokumen = (typeof JENIS_DOKUMEN)[number]

/** The vehicle's column holding the expiry of each kind of document. */
const EXPIRY_COLUMN: Record<JenisDokumen, 'expired_stnk' | 'expired_kir'> = { STNK: 'expired_stnk', KIR: 'expired_kir' }

const LABEL = 'Perpanjangan'
export const POSTED_CHANGE = 'Perpanjangan sudah diposting dan tidak dapat diubah.'
export const POSTED_DELETE = 'Perpanjangan sudah diposting dan tidak dapat dihapus.'
const fmt = (d: string | null) => (d ? d.split('-').reverse().join('/') : '-')
export const afterOldMessage = (lama: string) => `Tanggal expired baru harus setelah tanggal expired lama (${fmt(lama)}).`

/** The renewals with their vehicle's code, cabin and plate, as the api answers them (`p` the renewal, `k` its vehicle). */
const rowsOf = (db: DB) =>
  db.q
    .selectFrom('perpanjangan as p')
    .innerJoin('kendaraan as k', 'k.id', 'p.kendaraan_id')
    .select([
      'p.id',
      'p.kode_perpanjangan',
      'p.kendaraan_id',
      'p.jenis_dokumen',
      'p.expired_lama',
      'p.expired_baru',
      'p.sebelumnya',
      'p.biaya',
      'p.tanggal_bayar',
      'p.gambar',
      'p.keterangan',
      'p.status',
      'p.created_at',
      'p.updated_at',
      'k.no_kabin',
      'k.no_pol',
      'k.kode_kendaraan',
    ])

type Row = Awaited<ReturnType<ReturnType<typeof rowsOf>['executeTakeFirstOrThrow']>>

/** A renewal as the api answers it (the vehicle nested, the STNK records' old dates left out). */
const answerOf = (r: Row) => ({
  id: r.id,
  kode_perpanjangan: r.kode_perpanjangan,
  kendaraan_id: r.kendaraan_id,
  jenis_dokumen: r.jenis_dokumen as JenisDokumen,
  expired_lama: r.expired_lama,
  expired_baru: r.expired_baru,
  biaya: Number(r.biaya),
  tanggal_bayar: r.tanggal_bayar,
  gambar: r.gambar,
  keterangan: r.keterangan,
  status: r.status as DocStatus,
  created_at: r.created_at,
  updated_at: r.updated_at,
  kendaraan: { id: r.kendaraan_id, kode_kendaraan: r.kode_kendaraan, no_kabin: r.no_kabin, no_pol: r.no_pol },
})

const loadDoc = async (db: DB, id: number) => {
  const row = await rowsOf(db).where('p.id', '=', id).executeTakeFirst()
  return row ? answerOf(row) : null
}

/**
 * A renewal's stored columns, its row locked until the transaction ends: two changes of one renewal
 * (an edit, a delete, a posting) run one after the other, each seeing what the other wrote.
 */
const docState = async (db: DB, id: number) => {
  const row = await db.q
    .selectFrom('perpanjangan')
    .select(['id', 'kendaraan_id', 'jenis_dokumen', 'expired_lama', 'expired_baru', 'sebelumnya', 'tanggal_bayar', 'gambar', 'status'])
    .where('id', '=', id)
    .$call(forUpdate(db))
    .executeTakeFirst()
  return row ? { ...row, jenis_dokumen: row.jenis_dokumen as JenisDokumen, status: row.status as DocStatus } : undefined
}

type ListFilter = DocFilter & { kendaraanId: number | null; jenis: JenisDokumen | null }

function listFilter(c: Parameters<typeof docFilter>[0]): ListFilter {
  const f = docFilter(c)
  const errors: Record<string, string[]> = {}
  const rawKendaraan = (c.req.query('kendaraan_id') ?? '').trim()
  const rawJenis = (c.req.query('jenis_dokumen') ?? '').trim().toUpperCase()
  if (rawKendaraan !== '' && !/^\d{1,12}$/.test(rawKendaraan)) errors.kendaraan_id = ['Kendaraan tidak valid.']
  if (rawJenis !== '' && !(JENIS_DOKUMEN as readonly string[]).includes(rawJenis)) errors.jenis_dokumen = ['Dokumen harus STNK atau KIR.']
  if (Object.keys(errors).length) throw invalid(errors)
  return { ...f, kendaraanId: rawKendaraan ? Number(rawKendaraan) : null, jenis: rawJenis ? (rawJenis as JenisDokumen) : null }
}

/** The condition of a filter on renewal `p` (the period is the payment date's), or null when it asks nothing. */
function listCondition(f: ListFilter): RawBuilder<SqlBool> | null {
  const parts: RawBuilder<unknown>[] = []
  if (f.from && f.to) parts.push(sql`p.tanggal_bayar BETWEEN ${f.from} AND ${f.to}`)
  if (f.status) parts.push(sql`p.status = ${f.status}`)
  if (f.kendaraanId !== null) parts.push(sql`p.kendaraan_id = ${f.kendaraanId}`)
  if (f.jenis) parts.push(sql`p.jenis_dokumen = ${f.jenis}`)
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` AND `)}` : null
}

/** The renewals of a filter, oldest first. */
async function listRows(db: DB, f: ListFilter) {
  const where = listCondition(f)
  return await rowsOf(db)
    .$if(where !== null, (qb) => qb.where(where!))
    .orderBy('p.id')
    .execute()
}

/**
 * The renewal list paged: searched by code, cabin number, number plate, document or note; sortable
 * as the screen's columns.
 */
export const PERPANJANGAN_COLUMNS: ListColumns = {
  search: [col('p.kode_perpanjangan'), col('k.no_kabin'), col('k.no_pol'), col('p.jenis_dokumen'), col('p.keterangan')],
  sort: {
    id: { expr: col('p.id') },
    kode_perpanjangan: { expr: col('p.kode_perpanjangan'), text: true },
    tanggal_bayar: { expr: col('p.tanggal_bayar') },
    no_kabin: { expr: col('k.no_kabin'), text: true },
    jenis_dokumen: { expr: col('p.jenis_dokumen'), text: true },
    expired_baru: { expr: col('p.expired_baru') },
    biaya: { expr: col('p.biaya') },
    status: { expr: col('p.status'), text: true },
  },
  order: [col('p.id')],
}

/** One page of the renewals and its meta (over every match: how many are posted, the sum of their costs). */
async function listPage(db: DB, f: ListFilter, query: PageQuery) {
  const where = listCondition(f)
  const search = searchCondition(PERPANJANGAN_COLUMNS, query)
  const matching = <Q extends { where(e: RawBuilder<SqlBool>): Q }>(qb: Q) => [where, search].reduce((q, e) => (e ? q.where(e) : q), qb)
  const counted = await matching(db.q.selectFrom('perpanjangan as p').innerJoin('kendaraan as k', 'k.id', 'p.kendaraan_id'))
    .select((eb) => [
      eb.fn.countAll().as('total'),
      sql<number | null>`SUM(CASE WHEN p.status = 'posting' THEN 1 ELSE 0 END)`.as('posting'),
      eb.fn.sum('p.biaya').as('grand_total'),
    ])
    .executeTakeFirstOrThrow()
  const { limit, offset } = pageSlice(query)
  const rows = await matching(rowsOf(db)).orderBy(pageOrder(PERPANJANGAN_COLUMNS, query)).limit(limit).offset(offset).execute()
  return {
    data: rows.map(answerOf),
    meta: {
      ...pageMeta(query, Number(counted.total)),
      posting: Number(counted.posting ?? 0),
      grand_total: Number(counted.grand_total ?? 0),
    },
  }
}

// ---- the cost report (Laporan Biaya Perpanjangan) ----------------------------------------------------

/**
 * A period's costs per vehicle, summed by the database: every renewal that is not KIR counts as STNK
 * (the app's own sum did the same); `s` the sums, `k` the vehicle.
 */
const biayaFrom = (db: DB, where: RawBuilder<SqlBool> | null) =>
  db.q
    .selectFrom((qb) =>
      qb
        .selectFrom('perpanjangan as p')
        .select((eb) => [
          'p.kendaraan_id',
          sql<number>`SUM(CASE WHEN p.jenis_dokumen = 'KIR' THEN 0 ELSE p.biaya END)`.as('stnk'),
          sql<number>`SUM(CASE WHEN p.jenis_dokumen = 'KIR' THEN p.biaya ELSE 0 END)`.as('kir'),
          eb.fn.countAll<number>().as('jumlah'),
          eb.fn.sum<number>('p.biaya').as('total'),
        ])
        .$if(where !== null, (q) => q.where(where!))
        .groupBy('p.kendaraan_id')
        .as('s'),
    )
    .innerJoin('kendaraan as k', 'k.id', 's.kendaraan_id')

/** The vehicle's cabin number, `#id` when it has none. */
const KABIN = sql<string>`COALESCE(k.no_kabin, '#' || CAST(k.id AS TEXT))`

/** The cost report paged: searched by No Kabin or No Pol; costliest first, then by No Kabin. */
export const BIAYA_COLUMNS: ListColumns = {
  search: [col('k.no_kabin'), col('k.no_pol')],
  sort: {
    no_kabin: { expr: KABIN, text: true },
    stnk: { expr: col('s.stnk') },
    kir: { expr: col('s.kir') },
    jumlah: { expr: col('s.jumlah') },
    total: { expr: col('s.total') },
  },
  order: [sql`s.total DESC`, caseBlind(KABIN), col('s.kendaraan_id')],
}

/**
 * The report's lines (one page, or every line without `query`) and the sums over every matching
 * vehicle: how many vehicles, the STNK and KIR costs, how many renewals, the whole cost. PostgreSQL
 * answers sums and counts as text: made numbers.
 */
async function biayaReport(db: DB, f: DocFilter, query: PageQuery | null) {
  const own = listCondition({ ...f, kendaraanId: null, jenis: null })
  const search = query ? searchCondition(BIAYA_COLUMNS, query) : null
  const matching = () => biayaFrom(db, own).$if(search !== null, (qb) => qb.where(search!))
  const sums = await matching()
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.sum('s.stnk').as('stnk'),
      eb.fn.sum('s.kir').as('kir'),
      eb.fn.sum('s.jumlah').as('jumlah'),
      eb.fn.sum('s.total').as('grand_total'),
    ])
    .executeTakeFirstOrThrow()
  const slice = query ? pageSlice(query) : null
  const rows = await matching()
    .select(['s.kendaraan_id', KABIN.as('no_kabin'), 'k.no_pol', 's.stnk', 's.kir', 's.jumlah', 's.total'])
    .orderBy(query ? pageOrder(BIAYA_COLUMNS, query) : listOrder(BIAYA_COLUMNS))
    .$if(slice !== null, (qb) => qb.limit(slice!.limit).offset(slice!.offset))
    .execute()
  const total = Number(sums.total)
  return {
    data: rows.map((r) => ({
      kendaraan_id: Number(r.kendaraan_id),
      no_kabin: r.no_kabin,
      no_pol: r.no_pol ?? '',
      stnk: Number(r.stnk),
      kir: Number(r.kir),
      jumlah: Number(r.jumlah),
      total: Number(r.total),
    })),
    meta: {
      ...(query ? pageMeta(query, total) : { total }),
      stnk: Number(sums.stnk ?? 0),
      kir: Number(sums.kir ?? 0),
      jumlah: Number(sums.jumlah ?? 0),
      grand_total: Number(sums.grand_total ?? 0),
    },
  }
}

// ---- the vehicle's expiries ------------------------------------------------------------------------

type Vehicle = { id: number; no_kabin: string | null; no_pol: string | null; expired_stnk: string | null; expired_kir: string | null }
type StnkDate = { id: number; expired_stnk: string | null }

/** A vehicle's expiries; `lock`: its row locked until the transaction ends (a renewal of it is being saved). */
const vehicleOf = async (db: DB, id: number, lock = false): Promise<Vehicle | undefined> =>
  await db.q
    .selectFrom('kendaraan')
    .select(['id', 'no_kabin', 'no_pol', 'expired_stnk', 'expired_kir'])
    .where('id', '=', id)
    .$if(lock, (qb) => qb.$call(forUpdate(db)))
    .executeTakeFirst()

const stnkDatesOf = async (db: DB, kendaraanId: number): Promise<StnkDate[]> =>
  await db.q.selectFrom('stnk').select(['id', 'expired_stnk']).where('kendaraan_id', '=', kendaraanId).orderBy('id').execute()

/**
 * The expiry a renewal replaces: the vehicle's own date; for STNK without one on the vehicle, the
 * latest of its STNK records' (the date the due lists show for it).
 */
export function currentExpiry(v: Vehicle, jenis: JenisDokumen, stnk: readonly StnkDate[]): string | null {
  const own = v[EXPIRY_COLUMN[jenis]]
  if (own && isCalendarDate(own)) return own
  if (jenis === 'KIR') return null
  const dates = stnk.map((s) => s.expired_stnk).filter((d): d is string => !!d && isCalendarDate(d))
  return dates.length ? dates.sort().at(-1)! : null
}

/** The vehicle's column of a document's expiry, set to `date`. */
const expirySet = (jenis: JenisDokumen, date: string | null) => (jenis === 'STNK' ? { expired_stnk: date } : { expired_kir: date })

/** Sets the document's expiry on the vehicle (and, for STNK, on every STNK record of the vehicle). */
async function setExpiry(db: DB, kendaraanId: number, jenis: JenisDokumen, date: string) {
  await db.q
    .updateTable('kendaraan')
    .set({ ...expirySet(jenis, date), updated_at: nowMoment(db) })
    .where('id', '=', kendaraanId)
    .execute()
  if (jenis === 'STNK') {
    await db.q
      .updateTable('stnk')
      .set({ expired_stnk: date, updated_at: nowMoment(db) })
      .where('kendaraan_id', '=', kendaraanId)
      .execute()
  }
}

/** The id of the vehicle's latest renewal of that kind. */
const latestId = async (db: DB, kendaraanId: number, jenis: JenisDokumen) =>
  (
    await db.q
      .selectFrom('perpanjangan')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('kendaraan_id', '=', kendaraanId)
      .where('jenis_dokumen', '=', jenis)
      .executeTakeFirst()
  )?.id ?? null

// ---- the body ---------------------------------------------------------------------------------------

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

const jenisField = z
  .any()
  .optional()
  .transform((v, ctx): JenisDokumen => {
    const s = typeof v === 'string' ? v.trim().toUpperCase() : ''
    const found = JENIS_DOKUMEN.find((j) => j === s)
    if (!found) {
      ctx.addIssue({ code: 'custom', message: 'Dokumen harus STNK atau KIR.' })
      return z.NEVER
    }
    return found
  })

const requiredDate = (message: string) =>
  z
    .any()
    .optional()
    .transform((v, ctx): string => {
      const s = typeof v === 'string' ? v.trim() : ''
      if (!isCalendarDate(s)) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return s
    })

/** The cost in whole Rupiah (150000, "150.000", "Rp 150.000"), more than 0. */
const biayaField = wholeField(rupiahRule('Biaya', 1), {
  notNumber: 'Biaya harus berupa angka Rupiah.',
  blank: { required: 'Biaya harus diisi.' },
  belowMin: 'Biaya harus lebih dari 0.',
})

const keteranganField = z
  .any()
  .optional()
  .transform((v, ctx): string | null => {
    if (blank(v)) return null
    const s = typeof v === 'string' ? v.trim() : ''
    if (s.length > 255) {
      ctx.addIssue({ code: 'custom', message: 'Keterangan paling banyak 255 karakter.' })
      return z.NEVER
    }
    return s
  })

const common = {
  expired_baru: requiredDate('Tanggal expired baru harus diisi dengan tanggal yang valid.'),
  biaya: biayaField,
  tanggal_bayar: optionalCalendarDate('Tanggal bayar harus berupa tanggal (YYYY-MM-DD).'),
  keterangan: keteranganField,
}
export const createSchema = z.object({
  kendaraan_id: requiredId('Kendaraan harus dipilih.'),
  jenis_dokumen: jenisField,
  ...common,
})
const updateSchema = z.object(common)

const refuseIfNotAfter = (lama: string | null, baru: string) => {
  if (lama && baru <= lama) throw invalid({ expired_baru: [afterOldMessage(lama)] })
}

/**
 * Saves a renewal and moves the vehicle's expiry (for STNK also its STNK records') to the new date (one
 * transaction, the caller's; the route writes its audit record). Answers its id.
 */
export async function createPerpanjangan(db: DB, v: z.infer<typeof createSchema>, gambar: string | null): Promise<number> {
  // The vehicle locked: its expiry stays as read until the renewal moves it, and another renewal,
  // edit or delete of its renewals (which lock it too) waits.
  const vehicle = await vehicleOf(db, v.kendaraan_id, true)
  if (!vehicle) throw invalid({ kendaraan_id: ['Kendaraan tidak ditemukan.'] })
  const stnk = v.jenis_dokumen === 'STNK' ? await stnkDatesOf(db, vehicle.id) : []
  const lama = currentExpiry(vehicle, v.jenis_dokumen, stnk)
  refuseIfNotAfter(lama, v.expired_baru)
  const kode = await nextCode(db, 'perpanjangan')
  const { id } = await db.q
    .insertInto('perpanjangan')
    .values({
      kode_perpanjangan: kode,
      kendaraan_id: vehicle.id,
      jenis_dokumen: v.jenis_dokumen,
      expired_lama: lama,
      expired_baru: v.expired_baru,
      sebelumnya: JSON.stringify({ kendaraan: vehicle[EXPIRY_COLUMN[v.jenis_dokumen]], stnk } satisfies Sebelumnya),
      biaya: v.biaya,
      tanggal_bayar: v.tanggal_bayar ?? today(),
      gambar,
      keterangan: v.keterangan,
      status: 'unpost',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await setExpiry(db, vehicle.id, v.jenis_dokumen, v.expired_baru)
  return id
}

/** The receipt photo of a body (field `gambar`), stored before the transaction; null when none is sent. */
const storeGambar = async (body: Body, uploadsDir: string) => ((await storeFiles(['gambar'], body, uploadsDir)).gambar as string) ?? null

// ---- routes ----------------------------------------------------------------------------------------

export function perpanjanganRoutes() {
  const r = new Hono<ApiEnv>()

  // The renewals, oldest first, filtered by payment date (both or neither), posting state, vehicle,
  // document. With `page` (the extension 'paged-lists'): one page as {data, meta}, searched and sorted.
  r.get('/perpanjangan', async (c) => {
    const db = c.get('db')
    const f = listFilter(c)
    const query = askedPage(c, PERPANJANGAN_COLUMNS)
    if (query) return c.json(await listPage(db, f, query))
    const rows = await listRows(db, f)
    return c.json({ data: rows.map(answerOf) })
  })

  // Laporan Biaya Perpanjangan: the costs per vehicle of a payment period (both dates or neither) and
  // their sums; with `page` one page of the vehicles, searched and sorted.
  r.get('/perpanjangan/biaya', async (c) => {
    const f = docFilter(c)
    return c.json(await biayaReport(c.get('db'), f, askedPage(c, BIAYA_COLUMNS)))
  })

  // The expiry a new renewal of `jenis_dokumen` for `kendaraan_id` replaces (the form shows it).
  r.get('/perpanjangan/sebelumnya', async (c) => {
    const db = c.get('db')
    const raw = (c.req.query('kendaraan_id') ?? '').trim()
    const jenis = validate(z.object({ jenis_dokumen: jenisField }), { jenis_dokumen: c.req.query('jenis_dokumen') }).jenis_dokumen
    if (!/^\d{1,12}$/.test(raw)) throw invalid({ kendaraan_id: ['Kendaraan harus dipilih.'] })
    const v = await vehicleOf(db, Number(raw))
    if (!v) throw notFound('Kendaraan')
    const lama = currentExpiry(v, jenis, jenis === 'STNK' ? await stnkDatesOf(db, v.id) : [])
    return c.json({ data: { kendaraan: { id: v.id, no_kabin: v.no_kabin, no_pol: v.no_pol }, jenis_dokumen: jenis, expired_lama: lama } })
  })

  r.get('/perpanjangan/:id', async (c) => {
    const id = idParam(c, 'id', LABEL)
    const doc = await loadDoc(c.get('db'), id)
    if (!doc) throw notFound(LABEL)
    return c.json({ data: doc })
  })

  r.post('/perpanjangan', async (c) => {
    const db = c.get('db')
    const user = c.get('user')
    const uploadsDir = c.get('uploadsDir')
    const body = await readBody(c)
    const v = validate(createSchema, body)
    const gambar = await storeGambar(body, uploadsDir)
    try {
      const id = await db.tx(async () => {
        const newId = await createPerpanjangan(db, v, gambar)
        await recordAudit(db, user, { entitas: 'perpanjangan', entitasId: newId, aksi: 'dibuat' })
        return newId
      })
      return c.json({ message: 'Perpanjangan berhasil disimpan.', data: await loadDoc(db, id) }, 201)
    } catch (err) {
      removeUploads(uploadsDir, [gambar])
      throw err
    }
  })

  r.post('/perpanjangan/:id/update', async (c) => {
    const id = idParam(c, 'id', LABEL)
    const db = c.get('db')
    const user = c.get('user')
    const uploadsDir = c.get('uploadsDir')
    const body = await readBody(c)
    const v = validate(updateSchema, body)
    const gambar = await storeGambar(body, uploadsDir)
    let replaced: string | null = null
    try {
      await db.tx(async () => {
        // The renewal, then its vehicle locked (the order of every change of a renewal).
        const doc = await docState(db, id)
        if (!doc) throw notFound(LABEL)
        await vehicleOf(db, doc.kendaraan_id, true)
        if (doc.status === 'posting') throw invalid({ status: [POSTED_CHANGE] })
        refuseIfNotAfter(doc.expired_lama, v.expired_baru)
        if (v.expired_baru !== doc.expired_baru) {
          if ((await latestId(db, doc.kendaraan_id, doc.jenis_dokumen)) !== doc.id) {
            throw invalid({ expired_baru: ['Tanggal expired hanya dapat diubah pada perpanjangan terakhir kendaraan ini.'] })
          }
          await setExpiry(db, doc.kendaraan_id, doc.jenis_dokumen, v.expired_baru)
        }
        await db.q
          .updateTable('perpanjangan')
          .set({
            expired_baru: v.expired_baru,
            biaya: v.biaya,
            tanggal_bayar: v.tanggal_bayar ?? doc.tanggal_bayar,
            gambar: gambar ?? doc.gambar,
            keterangan: v.keterangan,
            updated_at: nowMoment(db),
          })
          .where('id', '=', id)
          .execute()
        if (gambar) replaced = doc.gambar
        const detail = v.expired_baru !== doc.expired_baru ? { expired_baru: v.expired_baru, sebelumnya: doc.expired_baru } : undefined
        await recordAudit(db, user, { entitas: 'perpanjangan', entitasId: id, aksi: 'diubah', detail })
      })
    } catch (err) {
      removeUploads(uploadsDir, [gambar])
      throw err
    }
    removeUploads(uploadsDir, [replaced])
    return c.json({ message: 'Perpanjangan berhasil diperbarui.', data: await loadDoc(db, id) })
  })

  statusRoutes(r, '/perpanjangan', { table: 'perpanjangan', label: LABEL, load: loadDoc })

  // Deleting an unposted renewal puts back the expiries it replaced: only the vehicle's latest renewal
  // of that kind may go (an older one's dates were replaced again since).
  r.delete('/perpanjangan/:id', async (c) => {
    const id = idParam(c, 'id', LABEL)
    const db = c.get('db')
    const gambar = await db.tx(async () => {
      // The renewal, then its vehicle locked (the order of every change of a renewal).
      const doc = await docState(db, id)
      if (!doc) throw notFound(LABEL)
      await vehicleOf(db, doc.kendaraan_id, true)
      if (doc.status === 'posting') throw invalid({ status: [POSTED_DELETE] })
      if ((await latestId(db, doc.kendaraan_id, doc.jenis_dokumen)) !== doc.id) {
        throw invalid({ status: ['Hanya perpanjangan terakhir kendaraan ini untuk dokumen yang sama yang dapat dihapus.'] })
      }
      const before = parseSebelumnya(doc.sebelumnya)
      if (before) {
        await db.q
          .updateTable('kendaraan')
          .set({ ...expirySet(doc.jenis_dokumen, before.kendaraan), updated_at: nowMoment(db) })
          .where('id', '=', doc.kendaraan_id)
          .execute()
        for (const s of before.stnk) {
          await db.q
            .updateTable('stnk')
            .set({ expired_stnk: s.expired_stnk, updated_at: nowMoment(db) })
            .where('id', '=', s.id)
            .execute()
        }
      }
      await db.q.deleteFrom('perpanjangan').where('id', '=', id).execute()
      await recordAudit(db, c.get('user'), { entitas: 'perpanjangan', entitasId: id, aksi: 'hapus' })
      return doc.gambar
    })
    removeUploads(c.get('uploadsDir'), [gambar])
    return c.json({ message: 'Data Perpanjangan telah dihapus.' })
  })

  return r
}

/** The stored dates a renewal overwrote: the vehicle's own and its STNK records'. */
type Sebelumnya = { kendaraan: string | null; stnk: StnkDate[] }

/** The stored dates of a renewal (nothing to put back when unreadable). */
function parseSebelumnya(text: string | null): Sebelumnya | null {
  if (!text) return null
  try {
    const parsed = JSON.parse(text) as Partial<Sebelumnya>
    const stnk = Array.isArray(parsed.stnk)
      ? parsed.stnk.filter(
          (s): s is StnkDate => typeof s?.id === 'number' && (s.expired_stnk === null || typeof s.expired_stnk === 'string'),
        )
      : []
    return { kendaraan: typeof parsed.kendaraan === 'string' ? parsed.kendaraan : null, stnk }
  } catch {
    return null
  }
}

/** Its routes and the grants they need (api/routes/transaksi.ts EXTENSION_ROUTES; the table's rules: api/routes/grants.ts). */
export const PERPANJANGAN_EXTENSION = {
  routes: perpanjanganRoutes,
  grants: {
    // Perpanjangan STNK & KIR: the list (also read by the cost report and the vehicle's detail), the
    // expiry a new renewal replaces (its form), the document calls under their permissions.
    'GET /api/perpanjangan': read(PERPANJANGAN, LAPORAN_PERPANJANGAN, KENDARAAN),
    // Laporan Biaya Perpanjangan: the costs per vehicle, summed by the api (its print page and CSV are the app's `print`).
    'GET /api/perpanjangan/biaya': read(LAPORAN_PERPANJANGAN),
    'GET /api/perpanjangan/sebelumnya': either(may('create', PERPANJANGAN), may('update', PERPANJANGAN)),
    'GET /api/perpanjangan/:id': either(
      may('show', PERPANJANGAN),
      may('update', PERPANJANGAN),
      may('delete', PERPANJANGAN),
      may('print', PERPANJANGAN),
    ),
    'POST /api/perpanjangan': may('create', PERPANJANGAN),
    'POST /api/perpanjangan/:id/update': may('update', PERPANJANGAN),
    'POST /api/perpanjangan/:id/posting': may('posting', PERPANJANGAN),
    'POST /api/perpanjangan/:id/unpost': may('unpost', PERPANJANGAN),
    'DELETE /api/perpanjangan/:id': may('delete', PERPANJANGAN),
  },
  readers: {
    'GET /api/kendaraan': [PERPANJANGAN],
    'GET /api/kendaraan/:id/show': [PERPANJANGAN],
  },
}
