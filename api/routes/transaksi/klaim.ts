import { Hono } from 'hono'
import { z } from 'zod'
import type { ApiEnv, AuthUser, DB } from '../../types.ts'
import { nextCode } from '../../codes.ts'
import { conflict, idParam, invalid, notFound, readBody, today, validate } from '../../http.ts'
import {
  DEFAULT_TARGET_PRESENTASE,
  docFilter,
  filterSql,
  jsonArray,
  jsonBody,
  jsonObject,
  nestedJson,
  optionalCalendarDate,
  optionalId,
  requiredId,
  type DocFilter,
  type DocStatus,
  statusRoutes,
} from './common.ts'
import { pagedSql, pageMeta, pageQuery, whereOf, type PagedColumns, type PageQuery } from '../../paged.ts'
import { recordAudit } from '../../audit.ts'
import { optionalWholeField, rupiahRule } from '../../numbers.ts'
import { either, may, read, requireGrant, type MenuNeed } from '../../grants.ts'

const KLAIM = '/admin/klaim-ban'
const INQUERY_KLAIM = '/admin/inquery-klaim-ban'

/** A claim's amount other than the computed one: Update on the claim's list or its inquiry (the handler asks it). */
const UBAH_NILAI: readonly MenuNeed[] = [{ menus: [KLAIM, INQUERY_KLAIM], perm: 'update' }]

/**
 * Tyre claims (the extension 'klaim-ban'; docs/upstream-contract.md "Extensions: tyre claims"): a
 * tyre removed early — a registered removal line whose reason is Pecah or Klaim Garansi and whose km
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

// ---- the removal lines a claim is raised from -------------------------------------------------------

/** SQL: the tyre's km run up to and including removal line `l` (every removal of it so far). */
const KM_TEMPUH = `(SELECT COALESCE(SUM(x.km_tempuh), 0) FROM detail_pelepasan_ban x WHERE x.ban_id = l.ban_id AND x.id <= l.id)`
/** SQL: the tyre's target km on the fitting the line removed it from. */
const TARGET_KM = `(CASE WHEN d.target_presentase > 0 THEN d.target_presentase ELSE ${DEFAULT_TARGET_PRESENTASE} END)`

const SOURCE_FROM = `FROM detail_pelepasan_ban l
  JOIN pelepasan_ban pl ON pl.id = l.pelepasan_ban_id
  JOIN ban b ON b.id = l.ban_id
  JOIN detail_pemasangan_ban d ON d.id = l.detail_pemasangan_ban_id
  LEFT JOIN kendaraan k ON k.id = l.kendaraan_id
  LEFT JOIN pembelian_ban pb ON pb.id = b.pembelian_ban_id
  LEFT JOIN supplier s ON s.id = pb.supplier_id
  LEFT JOIN klaim_ban kx ON kx.detail_pelepasan_ban_id = l.id`

/** A removal line as the claim form shows it: the tyre, the figures, whether it may be claimed. */
const SOURCE_JSON = `json_object(
    'id', l.id, 'pelepasan_ban_id', l.pelepasan_ban_id, 'kode_pelepasan', pl.kode_pelepasan, 'tanggal_pelepasan', pl.tanggal_awal,
    'posisi_ban', l.posisi_ban, 'alasan', l.alasan, 'km_pemasangan', l.km_pemasangan, 'km_pelepasan', l.km_pelepasan,
    'km_tempuh', ${KM_TEMPUH}, 'target_km', ${TARGET_KM}, 'harga', b.harga,
    'ban', json_object('id', b.id, 'kode_ban', b.kode_ban, 'no_seri', b.no_seri),
    'kendaraan', ${nestedJson('k.id', "'id', k.id, 'no_kabin', k.no_kabin, 'no_pol', k.no_pol")},
    'supplier', ${nestedJson('s.id', "'id', s.id, 'kode_supplier', s.kode_supplier, 'nama_supp', s.nama_supp")},
    'kode_klaim', kx.kode_klaim)`

/** SQL: the line may be claimed (reason and km; whether a claim exists is asked apart). */
const ELIGIBLE = `l.alasan IN ('Pecah', 'Klaim Garansi') AND ${KM_TEMPUH} < ${TARGET_KM}`

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

const loadSource = (db: DB, id: number) => jsonObject<Source>(db, SOURCE_JSON, `${SOURCE_FROM} WHERE l.id = ?`, [id])

/** The lines a new claim may be raised from, searched by tyre serial, tyre code, removal code or cabin. */
async function eligibleSources(db: DB, q: string, limit: number) {
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  const search =
    q === ''
      ? ''
      : ` AND (${['b.no_seri', 'b.kode_ban', 'pl.kode_pelepasan', 'k.no_kabin'].map((e) => `lower(${e}) LIKE ? ESCAPE '\\'`).join(' OR ')})`
  const params = q === '' ? [] : [like, like, like, like]
  const ids = `SELECT l.id ${SOURCE_FROM} WHERE kx.id IS NULL AND ${ELIGIBLE}${search} ORDER BY l.id DESC LIMIT ?`
  return await jsonArray(db, SOURCE_JSON, `${SOURCE_FROM} WHERE l.id IN (${ids})`, 'l.id DESC', [...params, limit])
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

const DOC_JSON = `json_object(
    'id', p.id, 'kode_klaim', p.kode_klaim, 'tanggal_awal', p.tanggal_awal, 'detail_pelepasan_ban_id', p.detail_pelepasan_ban_id,
    'ban_id', p.ban_id, 'jenis', p.jenis, 'supplier_id', p.supplier_id, 'karyawan_id', p.karyawan_id,
    'harga', p.harga, 'target_km', p.target_km, 'km_tempuh', p.km_tempuh, 'nilai_hitung', p.nilai_hitung,
    'nilai_klaim', p.nilai_klaim, 'alasan_ubah_nilai', p.alasan_ubah_nilai, 'status_klaim', p.status_klaim, 'status', p.status,
    'keterangan', p.keterangan, 'created_at', p.created_at, 'updated_at', p.updated_at,
    'ban', json_object('id', b.id, 'kode_ban', b.kode_ban, 'no_seri', b.no_seri,
      'ukuran', ${nestedJson('u.id', "'id', u.id, 'nama', u.nama")},
      'merek', ${nestedJson('m.id', "'id', m.id, 'nama_merek', m.nama_merek")}),
    'pelepasan', json_object('id', l.id, 'kode_pelepasan', pl.kode_pelepasan, 'tanggal_pelepasan', pl.tanggal_awal,
      'posisi_ban', l.posisi_ban, 'alasan', l.alasan, 'km_pemasangan', l.km_pemasangan, 'km_pelepasan', l.km_pelepasan),
    'kendaraan', ${nestedJson('k.id', "'id', k.id, 'no_kabin', k.no_kabin, 'no_pol', k.no_pol")},
    'supplier', ${nestedJson('s.id', "'id', s.id, 'kode_supplier', s.kode_supplier, 'nama_supp', s.nama_supp, 'alamat', s.alamat")},
    'karyawan', ${nestedJson('y.id', "'id', y.id, 'kode_karyawan', y.kode_karyawan, 'nama_lengkap', y.nama_lengkap")})`

const DOC_FROM = `FROM klaim_ban p
  JOIN ban b ON b.id = p.ban_id
  LEFT JOIN ukuran u ON u.id = b.ukuran_id
  LEFT JOIN merek m ON m.id = b.merek_id
  JOIN detail_pelepasan_ban l ON l.id = p.detail_pelepasan_ban_id
  LEFT JOIN pelepasan_ban pl ON pl.id = l.pelepasan_ban_id
  LEFT JOIN kendaraan k ON k.id = l.kendaraan_id
  LEFT JOIN supplier s ON s.id = p.supplier_id
  LEFT JOIN karyawan y ON y.id = p.karyawan_id`

/** The party's name, searched and sorted: the supplier's or the employee's. */
const PIHAK = 'COALESCE(s.nama_supp, y.nama_lengkap)'

/** The claim list paged: searched by claim code, tyre serial, cabin number or party; sortable as the screen's columns. */
export const KLAIM_COLUMNS: PagedColumns = {
  search: ['p.kode_klaim', 'b.no_seri', 'k.no_kabin', 's.nama_supp', 'y.nama_lengkap'],
  sort: {
    id: { expr: 'p.id' },
    kode_klaim: { expr: 'p.kode_klaim', text: true },
    tanggal_awal: { expr: 'p.tanggal_awal', text: true },
    no_seri: { expr: 'b.no_seri', text: true },
    pihak: { expr: PIHAK, text: true },
    nilai_klaim: { expr: 'p.nilai_klaim' },
    status_klaim: { expr: 'p.status_klaim', text: true },
    status: { expr: 'p.status', text: true },
  },
  order: 'p.id',
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

function klaimWhere(f: KlaimFilter) {
  const { where, params } = filterSql(f, 'p')
  if (!f.statusKlaim) return { where, params }
  return { where: whereOf(where, 'p.status_klaim = ?'), params: [...params, f.statusKlaim] }
}

/** One page of the claims and its meta (the posted count and the sum of the amounts, for the inquiry). */
async function klaimPage(db: DB, f: KlaimFilter, query: PageQuery) {
  const { where, params } = klaimWhere(f)
  const sql = pagedSql(KLAIM_COLUMNS, query)
  const whereAll = whereOf(where, sql.search)
  const allParams = [...params, ...sql.searchParams]
  const counted = (await db
    .prepare(
      `SELECT COUNT(*) AS total, SUM(CASE WHEN p.status = 'posting' THEN 1 ELSE 0 END) AS posting, SUM(p.nilai_klaim) AS grand_total
       ${DOC_FROM} ${whereAll}`,
    )
    .get(...allParams)) as { total: unknown; posting: unknown; grand_total: unknown }
  const ids = `p.id IN (SELECT p.id ${DOC_FROM} ${whereAll} ORDER BY ${sql.order} ${sql.limit})`
  const rows = await jsonArray(db, DOC_JSON, `${DOC_FROM} WHERE ${ids}`, sql.order, [...allParams, ...sql.limitParams])
  const meta = {
    ...pageMeta(query, Number(counted.total)),
    posting: Number(counted.posting ?? 0),
    grand_total: Number(counted.grand_total ?? 0),
  }
  return `{"data":${rows},"meta":${JSON.stringify(meta)}}`
}

const loadDoc = (db: DB, id: number) => jsonObject(db, DOC_JSON, `${DOC_FROM} WHERE p.id = ?`, [id])

type DocState = {
  id: number
  status: DocStatus
  status_klaim: StatusKlaim
  nilai_hitung: number
  nilai_klaim: number
  alasan_ubah_nilai: string | null
  jenis: JenisKlaim
  supplier_id: number | null
  karyawan_id: number | null
  tanggal_awal: string
  keterangan: string | null
}
const docState = async (db: DB, id: number) =>
  (await db
    .prepare(
      `SELECT id, status, status_klaim, nilai_hitung, nilai_klaim, alasan_ubah_nilai, jenis, supplier_id, karyawan_id, tanggal_awal, keterangan
       FROM klaim_ban WHERE id = ?`,
    )
    .get(id)) as DocState | undefined

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
    if (!(await db.prepare('SELECT 1 FROM supplier WHERE id = ?').get(supplierId)))
      throw invalid({ supplier_id: ['Supplier tidak ditemukan.'] })
    return { supplier_id: supplierId, karyawan_id: null }
  }
  if (v.karyawan_id == null) throw invalid({ karyawan_id: ['Karyawan yang bertanggung jawab harus dipilih.'] })
  if (!(await db.prepare('SELECT 1 FROM karyawan WHERE id = ?').get(v.karyawan_id)))
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
  const src = await loadSource(db, v.detail_pelepasan_ban_id)
  if (!src) throw invalid({ detail_pelepasan_ban_id: ['Pelepasan ban tidak ditemukan atau belum disimpan.'] })
  const refused = refusal(src)
  if (refused) throw invalid({ detail_pelepasan_ban_id: [refused] })
  const party = await partyOf(db, v, src.supplier?.id ?? null)
  const computed = nilaiKlaim(src.harga, src.km_tempuh, src.target_km)
  const amount = await amountOf(db, user, v, computed)
  const kode = await nextCode(db, 'klaim_ban')
  const id = await db
    .prepare(
      `INSERT INTO klaim_ban (kode_klaim, tanggal_awal, detail_pelepasan_ban_id, ban_id, jenis, supplier_id, karyawan_id, harga, target_km,
         km_tempuh, nilai_hitung, nilai_klaim, alasan_ubah_nilai, status_klaim, status, keterangan)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Diajukan', 'unpost', ?)`,
    )
    .insert(
      kode,
      v.tanggal_awal ?? today(),
      src.id,
      src.ban.id,
      v.jenis,
      party.supplier_id,
      party.karyawan_id,
      src.harga,
      src.target_km,
      src.km_tempuh,
      computed,
      amount.nilai,
      amount.alasan,
      v.keterangan,
    )
  return id
}

/** Changes a claim that is not posted (one transaction, the caller's). */
async function updateKlaim(db: DB, user: AuthUser, id: number, v: PartyInput) {
  const doc = await docState(db, id)
  if (!doc) throw notFoundDoc()
  if (doc.status === 'posting') throw invalid({ status: [POSTED] })
  const party = await partyOf(db, v, doc.supplier_id)
  const amount = await amountOf(db, user, v, doc.nilai_hitung, { nilai: doc.nilai_klaim, alasan: doc.alasan_ubah_nilai })
  await db
    .prepare(
      `UPDATE klaim_ban SET tanggal_awal = ?, jenis = ?, supplier_id = ?, karyawan_id = ?, nilai_klaim = ?, alasan_ubah_nilai = ?,
         keterangan = ?, updated_at = datetime('now') WHERE id = ?`,
    )
    .run(v.tanggal_awal ?? doc.tanggal_awal, v.jenis, party.supplier_id, party.karyawan_id, amount.nilai, amount.alasan, v.keterangan, id)
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
  await db.prepare("UPDATE klaim_ban SET status_klaim = ?, updated_at = datetime('now') WHERE id = ?").run(to, id)
}

// ---- routes ----------------------------------------------------------------------------------------

export function klaimRoutes() {
  const r = new Hono<ApiEnv>()

  // With `page`: one page as {data, meta}, filtered by date, posting state and status_klaim; without it the whole list.
  r.get('/klaim-ban', async (c) => {
    const db = c.get('db')
    const f = klaimFilter(c)
    const query = pageQuery(c, KLAIM_COLUMNS)
    if (!query) {
      const { where, params } = klaimWhere(f)
      return jsonBody(c, await jsonArray(db, DOC_JSON, `${DOC_FROM} ${where}`, 'p.id', params))
    }
    return jsonBody(c, await klaimPage(db, f, query))
  })

  // The removal lines a new claim may be raised from (newest first, at most `limit`, searched by `q`).
  r.get('/klaim-ban/pelepasan', async (c) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, 100)
    const raw = Number(c.req.query('limit') ?? 20)
    const limit = Number.isSafeInteger(raw) && raw >= 1 && raw <= 100 ? raw : 20
    return jsonBody(c, `{"data":${await eligibleSources(c.get('db'), q, limit)}}`)
  })

  // One removal line's figures, the amount it would give, and why it may not be claimed (null: it may).
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
      await db.prepare('DELETE FROM klaim_ban WHERE id = ?').run(id)
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
