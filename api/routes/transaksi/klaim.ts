import { Hono } from 'hono'
import { sql, type SqlBool } from 'kysely'
import { z } from 'zod'
import type { ApiEnv, AuthUser, DB } from '../../types.ts'
import { nextCode } from '../../codes.ts'
import { conflict, idParam, invalid, notFound, readBody, today, validate } from '../../http.ts'
import {
  DEFAULT_TARGET_PRESENTASE,
  docFilter,
  docFilterCondition,
  jsonBody,
  optionalCalendarDate,
  optionalId,
  requiredId,
  type DocFilter,
  statusRoutes,
  whenJoined,
} from './common.ts'
import { pageMeta, type PageQuery } from '../../paged.ts'
import { forUpdate, jsonAgg, jsonBuild, momentText, nowMoment, parseJson } from '../../sql.ts'
import { askedPage, col, pageOrder, pageSlice, searchCondition, type ListColumns } from './paging.ts'
import { recordAudit } from '../../audit.ts'
import { optionalWholeField, rupiahRule } from '../../numbers.ts'
import { either, may, read, requireGrant, type MenuNeed } from '../../grants.ts'

const KLAIM = '/admin/klaim-ban'
const INQUERY_KLAIM = '/admin/inquery-klaim-ban'

/** A claim's amount other than the computed one: Update on the claim's list or its inquiry (the handler asks it). */
const UBAH_NILAI: readonly MenuNeed[] = [{ menus: [KLAIM, INQUERY_KLAIM], perm: 'update' }]

/**
 * Tyre claims (the extension 'klaim-ban'; docs/upstream-contract.md "Extensions: tyre claims"): a
 * tyre removed early — a registered pelepasan line whose reason is Pecah or Klaim Garansi and whose km
 * run is below the tyre's target km — is charged to whoever owes it: the supplier under warranty
 * (jenis 'Garansi Supplier') or the employee responsible (jenis 'Karyawan'). The amount is what the
 * tyre had left to run: price × (1 − km run / target km), in whole Rupiah, never negative. A user with
 * Update may charge another amount, with a reason. Diajukan → Disetujui or Ditolak; posting locks it.
 */

export const ALASAN_KLAIM = ['Pecah', 'Klaim Garansi'] as const
export const JENIS_KLAIM = ['Garansi Supplier', 'Karyawan'] as const
export type JenisKlaim = (typeof JENIS_KLAIM)[number]
export type StatusKlaim = 'Diajukan' | 'Disetujui' | 'Ditolak'
export const STATUS_KLAIM: readonly StatusKlaim[] = ['Diajukan', 'Disetujui', 'Ditolak']

/** The amount of a claim: price × (1 − km run / target km), rounded to whole Rupiah, never negative. */
export function nilaiKlaim(harga: number, kmTempuh: number, targetKm: number): number {
  if (targetKm <= 0 || kmTempuh >= targetKm) return 0
  return Math.max(0, Math.round((harga * (targetKm - kmTempuh)) / targetKm))
}

// ---- the pelepasan lines a claim is raised from -------------------------------------------------------

/** The ban's km run up to and including pelepasan line `l` (every pelepasan of it so far). */
const KM_TEMPUH = sql<number>`(SELECT COALESCE(SUM(x.km_tempuh), 0) FROM detail_pelepasan_ban x WHERE x.ban_id = l.ban_id AND x.id <= l.id)`
/** The ban's target km on the pemasangan the line removed it from. */
const TARGET_KM = sql<number>`(CASE WHEN d.target_presentase > 0 THEN d.target_presentase ELSE ${sql.lit(DEFAULT_TARGET_PRESENTASE)} END)`

/** The pelepasan lines with what a claim reads of them, and the claim raised from each (kx, if any). */
const sourceFrom = (db: DB) =>
  db.q
    .selectFrom('detail_pelepasan_ban as l')
    .innerJoin('pelepasan_ban as pl', 'pl.id', 'l.pelepasan_ban_id')
    .innerJoin('ban as b', 'b.id', 'l.ban_id')
    .innerJoin('detail_pemasangan_ban as d', 'd.id', 'l.detail_pemasangan_ban_id')
    .leftJoin('kendaraan as k', 'k.id', 'l.kendaraan_id')
    .leftJoin('pembelian_ban as pb', 'pb.id', 'b.pembelian_ban_id')
    .leftJoin('supplier as s', 's.id', 'pb.supplier_id')
    .leftJoin('klaim_ban as kx', 'kx.detail_pelepasan_ban_id', 'l.id')

/** A pelepasan line as the claim form shows it: the ban, the figures, whether it may be claimed. */
const sourceJson = (db: DB) =>
  jsonBuild(db, {
    id: col('l.id'),
    pelepasan_ban_id: col('l.pelepasan_ban_id'),
    kode_pelepasan: col('pl.kode_pelepasan'),
    tanggal_pelepasan: col('pl.tanggal_awal'),
    posisi_ban: col('l.posisi_ban'),
    alasan: col('l.alasan'),
    km_pemasangan: col('l.km_pemasangan'),
    km_pelepasan: col('l.km_pelepasan'),
    km_tempuh: KM_TEMPUH,
    target_km: TARGET_KM,
    harga: col('b.harga'),
    ban: jsonBuild(db, { id: col('b.id'), kode_ban: col('b.kode_ban'), no_seri: col('b.no_seri') }),
    kendaraan: whenJoined(col('k.id'), jsonBuild(db, { id: col('k.id'), no_kabin: col('k.no_kabin'), no_pol: col('k.no_pol') })),
    supplier: whenJoined(
      col('s.id'),
      jsonBuild(db, { id: col('s.id'), kode_supplier: col('s.kode_supplier'), nama_supp: col('s.nama_supp') }),
    ),
    kode_klaim: col('kx.kode_klaim'),
  })

/** The line may be claimed (reason and km; whether a claim exists is asked apart). */
const ELIGIBLE = sql<SqlBool>`l.alasan IN ('Pecah', 'Klaim Garansi') AND ${KM_TEMPUH} < ${TARGET_KM}`

type Source = {
  id: number
  alasan: string
  km_tempuh: number
  target_km: number
  harga: number
  ban: { id: number; kode_ban: string; no_seri: string }
  supplier: { id: number } | null
  kode_klaim: string | null
}

const loadSource = async (db: DB, id: number) => {
  const row = await sourceFrom(db).select(sourceJson(db).as('json')).where('l.id', '=', id).executeTakeFirst()
  return row ? (parseJson(row.json) as Source | null) : null
}

/** The lines a new claim may be raised from, searched by ban serial, ban code, pelepasan code or cabin. */
async function eligibleSources(db: DB, q: string, limit: number) {
  const search = searchCondition(
    { search: [col('b.no_seri'), col('b.kode_ban'), col('pl.kode_pelepasan'), col('k.no_kabin')], sort: {}, order: [] },
    { q, page: 1, perPage: limit, sort: null, dir: 'asc', searchIn: null },
  )
  const ids = sourceFrom(db)
    .select('l.id')
    .where('kx.id', 'is', null)
    .where(ELIGIBLE)
    .$if(search !== null, (qb) => qb.where(search!))
    .orderBy('l.id', 'desc')
    .limit(limit)
  const row = await sourceFrom(db)
    .select(jsonAgg(db, sourceJson(db), sql`l.id DESC`).as('json'))
    .where('l.id', 'in', ids)
    .executeTakeFirstOrThrow()
  return row.json
}

/** Why a line cannot be claimed (the field error), or null. */
function refusal(src: Source): string | null {
  if (!(ALASAN_KLAIM as readonly string[]).includes(src.alasan)) {
    return `Hanya pelepasan dengan alasan Pecah atau Klaim Garansi yang dapat diklaim (alasan: ${src.alasan}).`
  }
  if (src.km_tempuh >= src.target_km) return 'Km tempuh ban sudah mencapai target km; tidak ada nilai yang dapat diklaim.'
  if (src.kode_klaim) return `Pelepasan ini sudah diklaim (${src.kode_klaim}).`
  return null
}

// ---- the claim document -----------------------------------------------------------------------------

const docJson = (db: DB) =>
  jsonBuild(db, {
    id: col('p.id'),
    kode_klaim: col('p.kode_klaim'),
    tanggal_awal: col('p.tanggal_awal'),
    detail_pelepasan_ban_id: col('p.detail_pelepasan_ban_id'),
    ban_id: col('p.ban_id'),
    jenis: col('p.jenis'),
    supplier_id: col('p.supplier_id'),
    karyawan_id: col('p.karyawan_id'),
    harga: col('p.harga'),
    target_km: col('p.target_km'),
    km_tempuh: col('p.km_tempuh'),
    nilai_hitung: col('p.nilai_hitung'),
    nilai_klaim: col('p.nilai_klaim'),
    alasan_ubah_nilai: col('p.alasan_ubah_nilai'),
    status_klaim: col('p.status_klaim'),
    status: col('p.status'),
    keterangan: col('p.keterangan'),
    created_at: momentText(db, col('p.created_at')),
    updated_at: momentText(db, col('p.updated_at')),
    ban: jsonBuild(db, {
      id: col('b.id'),
      kode_ban: col('b.kode_ban'),
      no_seri: col('b.no_seri'),
      ukuran: whenJoined(col('u.id'), jsonBuild(db, { id: col('u.id'), nama: col('u.nama') })),
      merek: whenJoined(col('m.id'), jsonBuild(db, { id: col('m.id'), nama_merek: col('m.nama_merek') })),
    }),
    pelepasan: jsonBuild(db, {
      id: col('l.id'),
      kode_pelepasan: col('pl.kode_pelepasan'),
      tanggal_pelepasan: col('pl.tanggal_awal'),
      posisi_ban: col('l.posisi_ban'),
      alasan: col('l.alasan'),
      km_pemasangan: col('l.km_pemasangan'),
      km_pelepasan: col('l.km_pelepasan'),
    }),
    kendaraan: whenJoined(col('k.id'), jsonBuild(db, { id: col('k.id'), no_kabin: col('k.no_kabin'), no_pol: col('k.no_pol') })),
    supplier: whenJoined(
      col('s.id'),
      jsonBuild(db, { id: col('s.id'), kode_supplier: col('s.kode_supplier'), nama_supp: col('s.nama_supp'), alamat: col('s.alamat') }),
    ),
    karyawan: whenJoined(
      col('y.id'),
      jsonBuild(db, { id: col('y.id'), kode_karyawan: col('y.kode_karyawan'), nama_lengkap: col('y.nama_lengkap') }),
    ),
  })

const docFrom = (db: DB) =>
  db.q
    .selectFrom('klaim_ban as p')
    .innerJoin('ban as b', 'b.id', 'p.ban_id')
    .leftJoin('ukuran as u', 'u.id', 'b.ukuran_id')
    .leftJoin('merek as m', 'm.id', 'b.merek_id')
    .innerJoin('detail_pelepasan_ban as l', 'l.id', 'p.detail_pelepasan_ban_id')
    .leftJoin('pelepasan_ban as pl', 'pl.id', 'l.pelepasan_ban_id')
    .leftJoin('kendaraan as k', 'k.id', 'l.kendaraan_id')
    .leftJoin('supplier as s', 's.id', 'p.supplier_id')
    .leftJoin('karyawan as y', 'y.id', 'p.karyawan_id')

/** The party's name, searched and sorted: the supplier's or the employee's. */
const PIHAK = sql<string | null>`COALESCE(s.nama_supp, y.nama_lengkap)`

/** The claim list paged: searched by claim code, ban serial, cabin number or party; sortable as the screen's columns. */
export const KLAIM_COLUMNS: ListColumns = {
  search: [col('p.kode_klaim'), col('b.no_seri'), col('k.no_kabin'), col('s.nama_supp'), col('y.nama_lengkap')],
  sort: {
    id: { expr: col('p.id') },
    kode_klaim: { expr: col('p.kode_klaim'), text: true },
    tanggal_awal: { expr: col('p.tanggal_awal') },
    no_seri: { expr: col('b.no_seri'), text: true },
    pihak: { expr: PIHAK, text: true },
    nilai_klaim: { expr: col('p.nilai_klaim') },
    status_klaim: { expr: col('p.status_klaim'), text: true },
    status: { expr: col('p.status'), text: true },
  },
  order: [col('p.id')],
}

type KlaimFilter = DocFilter & { statusKlaim: StatusKlaim | null }

function klaimFilter(c: Parameters<typeof docFilter>[0]): KlaimFilter {
  const f = docFilter(c)
  const raw = (c.req.query('status_klaim') ?? '').trim()
  if (raw === '') return { ...f, statusKlaim: null }
  const found = STATUS_KLAIM.find((s) => s.toLowerCase() === raw.toLowerCase())
  if (!found) throw invalid({ status_klaim: ['Status klaim harus Diajukan, Disetujui atau Ditolak.'] })
  return { ...f, statusKlaim: found }
}

/** The claims matching a filter (date, posting state, status_klaim), with what their JSON reads. */
function klaimMatching(db: DB, f: KlaimFilter) {
  const where = docFilterCondition(f, 'p')
  return docFrom(db)
    .$if(where !== null, (qb) => qb.where(where!))
    .$if(f.statusKlaim !== null, (qb) => qb.where('p.status_klaim', '=', f.statusKlaim!))
}

/** One page of the claims and its meta (the posted count and the sum of the amounts, for the inquiry). */
async function klaimPage(db: DB, f: KlaimFilter, query: PageQuery) {
  const search = searchCondition(KLAIM_COLUMNS, query)
  const order = pageOrder(KLAIM_COLUMNS, query)
  const matching = () => klaimMatching(db, f).$if(search !== null, (qb) => qb.where(search!))
  const counted = await matching()
    .select((eb) => [
      eb.fn.countAll().as('total'),
      sql<number | null>`SUM(CASE WHEN p.status = 'posting' THEN 1 ELSE 0 END)`.as('posting'),
      eb.fn.sum('p.nilai_klaim').as('grand_total'),
    ])
    .executeTakeFirstOrThrow()
  const { limit, offset } = pageSlice(query)
  const ids = matching().select('p.id').orderBy(order).limit(limit).offset(offset)
  const rows = await docFrom(db)
    .select(jsonAgg(db, docJson(db), order).as('json'))
    .where('p.id', 'in', ids)
    .executeTakeFirstOrThrow()
  const meta = {
    ...pageMeta(query, Number(counted.total)),
    posting: Number(counted.posting ?? 0),
    grand_total: Number(counted.grand_total ?? 0),
  }
  return `{"data":${rows.json},"meta":${JSON.stringify(meta)}}`
}

const loadDoc = async (db: DB, id: number) => {
  const row = await docFrom(db).select(docJson(db).as('json')).where('p.id', '=', id).executeTakeFirst()
  return row ? parseJson(row.json) : null
}

/**
 * A claim's state, its row locked until the transaction ends: two changes of one claim (an edit, an
 * approval, a posting, a delete) run one after the other, each seeing what the other wrote.
 */
const docState = (db: DB, id: number) =>
  db.q
    .selectFrom('klaim_ban')
    .select([
      'id',
      'status',
      'status_klaim',
      'nilai_hitung',
      'nilai_klaim',
      'alasan_ubah_nilai',
      'jenis',
      'supplier_id',
      'karyawan_id',
      'tanggal_awal',
      'keterangan',
    ])
    .where('id', '=', id)
    .$call(forUpdate(db))
    .executeTakeFirst()

const notFoundDoc = () => notFound('Klaim ban')
export const POSTED = 'Klaim ban sudah diposting dan tidak dapat diubah.'

// ---- the body ---------------------------------------------------------------------------------------

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** Optional Rupiah amount: digits, '.' as thousands separator allowed; a negative amount is refused. */
const optionalRupiah = optionalWholeField(rupiahRule('Nilai klaim'), {
  notNumber: 'Nilai klaim harus berupa angka Rupiah.',
  belowMin: 'Nilai klaim tidak boleh negatif.',
})

const optionalShortText = (max: number, message: string) =>
  z
    .any()
    .optional()
    .transform((v, ctx): string | null => {
      if (blank(v)) return null
      const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : ''
      if (s.length > max) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return s
    })

const jenisField = z
  .any()
  .optional()
  .transform((v, ctx): JenisKlaim => {
    const s = typeof v === 'string' ? v.trim().toLowerCase() : ''
    const found = JENIS_KLAIM.find((j) => j.toLowerCase() === s)
    if (!found) {
      ctx.addIssue({ code: 'custom', message: 'Pihak yang diklaim harus dipilih (Garansi Supplier atau Karyawan).' })
      return z.NEVER
    }
    return found
  })

const partyFields = {
  tanggal_awal: optionalCalendarDate('Tanggal harus berupa tanggal (YYYY-MM-DD).'),
  jenis: jenisField,
  supplier_id: optionalId('Supplier tidak valid.'),
  karyawan_id: optionalId('Karyawan tidak valid.'),
  nilai_klaim: optionalRupiah,
  alasan_ubah_nilai: optionalShortText(255, 'Alasan perubahan nilai paling banyak 255 karakter.'),
  keterangan: optionalShortText(255, 'Keterangan paling banyak 255 karakter.'),
}
const createSchema = z.object({ detail_pelepasan_ban_id: requiredId('Pelepasan ban yang diklaim harus dipilih.'), ...partyFields })
const updateSchema = z.object(partyFields)
type PartyInput = z.infer<typeof updateSchema>

/** The party of a claim: 'Garansi Supplier' needs a supplier (default: the tyre's own), 'Karyawan' an employee. */
async function partyOf(db: DB, v: PartyInput, defaultSupplier: number | null) {
  if (v.jenis === 'Garansi Supplier') {
    const supplierId = v.supplier_id ?? defaultSupplier
    if (supplierId == null) throw invalid({ supplier_id: ['Supplier harus dipilih untuk klaim garansi.'] })
    if (!(await db.q.selectFrom('supplier').select('id').where('id', '=', supplierId).executeTakeFirst()))
      throw invalid({ supplier_id: ['Supplier tidak ditemukan.'] })
    return { supplier_id: supplierId, karyawan_id: null }
  }
  if (v.karyawan_id == null) throw invalid({ karyawan_id: ['Karyawan yang bertanggung jawab harus dipilih.'] })
  if (!(await db.q.selectFrom('karyawan').select('id').where('id', '=', v.karyawan_id).executeTakeFirst()))
    throw invalid({ karyawan_id: ['Karyawan tidak ditemukan.'] })
  return { supplier_id: null, karyawan_id: v.karyawan_id }
}

/**
 * The amount charged and its reason: the computed amount, or another one given with a reason (which
 * needs Update on the claim's menu). Answers null for `alasan` when the computed amount stands.
 */
async function amountOf(db: DB, user: AuthUser, v: PartyInput, computed: number, current?: { nilai: number; alasan: string | null }) {
  const before = current?.nilai ?? computed
  const nilai = v.nilai_klaim ?? before
  if (nilai === computed) return { nilai, alasan: null }
  // An amount kept as it was keeps its reason unless a new one is given.
  const alasan = v.alasan_ubah_nilai ?? (nilai === current?.nilai ? current.alasan : null)
  if (!alasan) throw invalid({ alasan_ubah_nilai: ['Alasan perubahan nilai klaim harus diisi.'] })
  if (nilai !== before) await requireGrant(db, user.id, UBAH_NILAI)
  return { nilai, alasan }
}

/** Raises a claim (one transaction, the caller's; the route writes its audit record). Answers its id. */
export async function createKlaim(db: DB, user: AuthUser, v: z.infer<typeof createSchema>): Promise<number> {
  // The pelepasan line's row locked first: a second claim of it waits, then finds it claimed (one claim
  // a line, also held by the unique index on klaim_ban.detail_pelepasan_ban_id).
  await db.q.selectFrom('detail_pelepasan_ban').select('id').where('id', '=', v.detail_pelepasan_ban_id).$call(forUpdate(db)).execute()
  const src = await loadSource(db, v.detail_pelepasan_ban_id)
  if (!src) throw invalid({ detail_pelepasan_ban_id: ['Pelepasan ban tidak ditemukan atau belum disimpan.'] })
  const refused = refusal(src)
  if (refused) throw invalid({ detail_pelepasan_ban_id: [refused] })
  const party = await partyOf(db, v, src.supplier?.id ?? null)
  const computed = nilaiKlaim(src.harga, src.km_tempuh, src.target_km)
  const amount = await amountOf(db, user, v, computed)
  const kode = await nextCode(db, 'klaim_ban')
  const { id } = await db.q
    .insertInto('klaim_ban')
    .values({
      kode_klaim: kode,
      tanggal_awal: v.tanggal_awal ?? today(),
      detail_pelepasan_ban_id: src.id,
      ban_id: src.ban.id,
      jenis: v.jenis,
      supplier_id: party.supplier_id,
      karyawan_id: party.karyawan_id,
      harga: src.harga,
      target_km: src.target_km,
      km_tempuh: src.km_tempuh,
      nilai_hitung: computed,
      nilai_klaim: amount.nilai,
      alasan_ubah_nilai: amount.alasan,
      status_klaim: 'Diajukan',
      status: 'unpost',
      keterangan: v.keterangan,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** Changes a claim that is not posted (one transaction, the caller's). */
async function updateKlaim(db: DB, user: AuthUser, id: number, v: PartyInput) {
  const doc = await docState(db, id)
  if (!doc) throw notFoundDoc()
  if (doc.status === 'posting') throw invalid({ status: [POSTED] })
  const party = await partyOf(db, v, doc.supplier_id)
  const amount = await amountOf(db, user, v, doc.nilai_hitung, { nilai: doc.nilai_klaim, alasan: doc.alasan_ubah_nilai })
  await db.q
    .updateTable('klaim_ban')
    .set({
      tanggal_awal: v.tanggal_awal ?? doc.tanggal_awal,
      jenis: v.jenis,
      supplier_id: party.supplier_id,
      karyawan_id: party.karyawan_id,
      nilai_klaim: amount.nilai,
      alasan_ubah_nilai: amount.alasan,
      keterangan: v.keterangan,
      updated_at: nowMoment(db),
    })
    .where('id', '=', id)
    .execute()
  const detail =
    amount.nilai !== doc.nilai_klaim ? { nilai_klaim: amount.nilai, sebelumnya: doc.nilai_klaim, alasan: amount.alasan } : undefined
  await recordAudit(db, user, { entitas: 'klaim_ban', entitasId: id, aksi: 'diubah', detail })
}

/** Approves or refuses a claim still Diajukan and not posted (one transaction, the caller's; the route writes its audit record). */
export async function decideKlaim(db: DB, id: number, to: 'Disetujui' | 'Ditolak') {
  const doc = await docState(db, id)
  if (!doc) throw notFoundDoc()
  if (doc.status === 'posting') throw invalid({ status: [POSTED] })
  if (doc.status_klaim !== 'Diajukan') throw conflict(`Klaim ban sudah ${doc.status_klaim}.`)
  await db.q
    .updateTable('klaim_ban')
    .set({ status_klaim: to, updated_at: nowMoment(db) })
    .where('id', '=', id)
    .execute()
}

// ---- routes ----------------------------------------------------------------------------------------

export function klaimRoutes() {
  const r = new Hono<ApiEnv>()

  // With `page`: one page as {data, meta}, filtered by date, posting state and status_klaim; without it the whole list.
  r.get('/klaim-ban', async (c) => {
    const db = c.get('db')
    const f = klaimFilter(c)
    const query = askedPage(c, KLAIM_COLUMNS)
    if (!query) {
      const row = await klaimMatching(db, f)
        .select(jsonAgg(db, docJson(db), col('p.id')).as('json'))
        .executeTakeFirstOrThrow()
      return jsonBody(c, row.json)
    }
    return jsonBody(c, await klaimPage(db, f, query))
  })

  // The pelepasan lines a new claim may be raised from (newest first, at most `limit`, searched by `q`).
  r.get('/klaim-ban/pelepasan', async (c) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, 100)
    const raw = Number(c.req.query('limit') ?? 20)
    const limit = Number.isSafeInteger(raw) && raw >= 1 && raw <= 100 ? raw : 20
    return jsonBody(c, `{"data":${await eligibleSources(c.get('db'), q, limit)}}`)
  })

  // One pelepasan line's figures, the amount it would give, and why it may not be claimed (null: it may).
  r.get('/klaim-ban/pelepasan/:id', async (c) => {
    const id = idParam(c, 'id', 'Pelepasan ban')
    const src = await loadSource(c.get('db'), id)
    if (!src) throw notFound('Pelepasan ban')
    return c.json({
      data: { ...src, nilai_hitung: nilaiKlaim(src.harga, src.km_tempuh, src.target_km), tidak_dapat_diklaim: refusal(src) },
    })
  })

  r.get('/klaim-ban/:id', async (c) => {
    const id = idParam(c, 'id', 'Klaim ban')
    const doc = await loadDoc(c.get('db'), id)
    if (!doc) throw notFoundDoc()
    return c.json({ data: doc })
  })

  r.post('/klaim-ban', async (c) => {
    const db = c.get('db')
    const input = validate(createSchema, await readBody(c))
    const id = await db.tx(async () => {
      const klaimId = await createKlaim(db, c.get('user'), input)
      await recordAudit(db, c.get('user'), { entitas: 'klaim_ban', entitasId: klaimId, aksi: 'dibuat' })
      return klaimId
    })
    return c.json({ message: 'Klaim ban berhasil diajukan.', data: await loadDoc(db, id) }, 201)
  })

  r.post('/klaim-ban/:id/update', async (c) => {
    const id = idParam(c, 'id', 'Klaim ban')
    const db = c.get('db')
    const input = validate(updateSchema, await readBody(c))
    await db.tx(() => updateKlaim(db, c.get('user'), id, input))
    return c.json({ message: 'Klaim ban berhasil diperbarui.', data: await loadDoc(db, id) })
  })

  for (const [path, to, message] of [
    ['setujui', 'Disetujui', 'Klaim ban disetujui.'],
    ['tolak', 'Ditolak', 'Klaim ban ditolak.'],
  ] as const) {
    r.post(`/klaim-ban/:id/${path}`, async (c) => {
      const id = idParam(c, 'id', 'Klaim ban')
      const db = c.get('db')
      await db.tx(async () => {
        await decideKlaim(db, id, to)
        await recordAudit(db, c.get('user'), { entitas: 'klaim_ban', entitasId: id, aksi: 'diubah', detail: { status_klaim: to } })
      })
      return c.json({ message, data: await loadDoc(db, id) })
    })
  }

  statusRoutes(r, '/klaim-ban', { table: 'klaim_ban', label: 'Klaim ban', load: loadDoc })

  r.delete('/klaim-ban/:id', async (c) => {
    const id = idParam(c, 'id', 'Klaim ban')
    const db = c.get('db')
    await db.tx(async () => {
      const doc = await docState(db, id)
      if (!doc) throw notFoundDoc()
      if (doc.status === 'posting') throw invalid({ status: ['Klaim ban sudah diposting dan tidak dapat dihapus.'] })
      await db.q.deleteFrom('klaim_ban').where('id', '=', id).execute()
      await recordAudit(db, c.get('user'), { entitas: 'klaim_ban', entitasId: id, aksi: 'hapus' })
    })
    return c.json({ message: 'Data Klaim Ban telah dihapus.' })
  })

  return r
}

/** Its routes and the grants they need (api/routes/transaksi.ts EXTENSION_ROUTES; the table's rules: api/routes/grants.ts). */
export const KLAIM_EXTENSION = {
  routes: klaimRoutes,
  grants: {
    // Klaim Ban and its inquiry: the inquiry reuses the list's dialogs (edit, delete, print) and adds
    // Posting semua / Unpost semua. Approving or refusing is a change (update); an amount other than the
    // computed one needs update too (UBAH_NILAI, asked by the handler).
    'GET /api/klaim-ban': read(KLAIM, INQUERY_KLAIM),
    'GET /api/klaim-ban/pelepasan': read(KLAIM),
    'GET /api/klaim-ban/pelepasan/:id': read(KLAIM),
    'GET /api/klaim-ban/:id': may('show', KLAIM, INQUERY_KLAIM),
    'POST /api/klaim-ban': may('create', KLAIM),
    'POST /api/klaim-ban/:id/update': may('update', KLAIM, INQUERY_KLAIM),
    'POST /api/klaim-ban/:id/setujui': may('update', KLAIM, INQUERY_KLAIM),
    'POST /api/klaim-ban/:id/tolak': may('update', KLAIM, INQUERY_KLAIM),
    'POST /api/klaim-ban/:id/posting': either(may('posting', KLAIM, INQUERY_KLAIM), may('posting_all', INQUERY_KLAIM)),
    'POST /api/klaim-ban/:id/unpost': either(may('unpost', KLAIM, INQUERY_KLAIM), may('unpost_all', INQUERY_KLAIM)),
    'DELETE /api/klaim-ban/:id': may('delete', KLAIM, INQUERY_KLAIM),
  },
  readers: {
    'GET /api/karyawan': [KLAIM, INQUERY_KLAIM],
    'GET /api/supplier': [KLAIM, INQUERY_KLAIM],
  },
}
