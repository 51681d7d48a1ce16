import { Hono } from 'hono'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { nextCode } from '../../codes.ts'
import { conflict, idParam, invalid, notFound, readBody, requiredText, today, validate } from '../../http.ts'
import {
  changeStatus,
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
} from './common.ts'
import { pagedSql, pageMeta, pageQuery, whereOf, type PagedColumns, type PageQuery } from '../../paged.ts'
import { DETAIL_FROM, DETAIL_JSON, LINE_CHANGED } from './pemasangan.ts'
import { holderName, holds, positionHolder, removedFlag } from './posisi.ts'
import { actorOfRequest, writeRiwayat, type Actor } from './riwayat.ts'
import { recordAudit } from '../../audit.ts'
import { requireGrant } from '../../grants.ts'
import { LINE_GRANTS } from '../grants.ts'

/**
 * Tyre removal (an extension of the spec; docs/upstream-contract.md): removal lines are
 * staged by vehicle, like fitting lines, and registered as a document (PL000001 …). A removal ends a
 * fitting line (dilepas = 1) at once, so the position is free for a new fitting, and sends the tyre
 * to stock (BEKAS), to the retreader or to the scrap heap.
 */

export const ALASAN = ['Habis', 'Pecah', 'Klaim Garansi', 'Rotasi/Pindah', 'Ke Vulkanisir', 'Afkir'] as const
export const TUJUAN = ['stok', 'vulkanisir', 'afkir'] as const
export type Tujuan = (typeof TUJUAN)[number]

/** What a removal does to the tyre: its status, and its kondisi (null: unchanged). */
const EFFECT: Record<Tujuan, { status: Tujuan; kondisi: string | null }> = {
  stok: { status: 'stok', kondisi: 'BEKAS' },
  vulkanisir: { status: 'vulkanisir', kondisi: null },
  afkir: { status: 'afkir', kondisi: 'AFKIR' },
}

// ---- output ----------------------------------------------------------------------------------------

/** How many tyres a removal takes off (the list's jumlah_ban). */
const JUMLAH_BAN = '(SELECT COUNT(*) FROM detail_pelepasan_ban l WHERE l.pelepasan_ban_id = p.id)'

const DOC_JSON = `json_object(
    'id', p.id, 'kode_pelepasan', p.kode_pelepasan, 'kendaraan_id', p.kendaraan_id, 'km', p.km, 'status', p.status,
    'tanggal_awal', p.tanggal_awal, 'created_at', p.created_at, 'updated_at', p.updated_at,
    'jumlah_ban', ${JUMLAH_BAN},
    'kendaraan', ${nestedJson(
      'k.id',
      `'id', k.id, 'kode_kendaraan', k.kode_kendaraan, 'no_kabin', k.no_kabin, 'no_pol', k.no_pol, 'km', k.km,
       'jenis_kendaraan', ${nestedJson('j.id', "'id', j.id, 'nama_jenis_kendaraan', j.nama_jenis_kendaraan, 'total_ban', j.total_ban")}`,
    )})`

const DOC_FROM = `FROM pelepasan_ban p
  LEFT JOIN kendaraan k ON k.id = p.kendaraan_id
  LEFT JOIN jenis_kendaraan j ON j.id = k.jenis_kendaraan_id`

/** The removal list paged (the extension 'paged-lists'): searched by removal code or cabin number, sortable as the screen's columns. */
export const REMOVAL_COLUMNS: PagedColumns = {
  search: ['p.kode_pelepasan', 'k.no_kabin'],
  sort: {
    id: { expr: 'p.id' },
    kode_pelepasan: { expr: 'p.kode_pelepasan', text: true },
    no_kabin: { expr: 'k.no_kabin', text: true },
    tanggal_awal: { expr: 'p.tanggal_awal', text: true },
    jumlah_ban: { expr: JUMLAH_BAN },
    status: { expr: 'p.status', text: true },
  },
  order: 'p.id',
}

/** One page of the removals (filtered by date and status, searched, sorted, cut by the database) and its meta. */
async function removalsPage(db: DB, f: DocFilter, query: PageQuery) {
  const { where, params } = filterSql(f, 'p')
  const sql = pagedSql(REMOVAL_COLUMNS, query)
  const whereAll = whereOf(where, sql.search)
  const allParams = [...params, ...sql.searchParams]
  // The count and the page's ids join the vehicle only for the search and the cabin sort (a left
  // join on a primary key never changes the count).
  const withVehicle = sql.search !== '' || query.sort === 'no_kabin'
  const from = `FROM pelepasan_ban p${withVehicle ? ' LEFT JOIN kendaraan k ON k.id = p.kendaraan_id' : ''}`
  const counted = (await db
    .prepare(`SELECT COUNT(*) AS total, SUM(CASE WHEN p.status = 'posting' THEN 1 ELSE 0 END) AS posting ${from} ${whereAll}`)
    .get(...allParams)) as { total: unknown; posting: unknown }
  const ids = `p.id IN (SELECT p.id ${from} ${whereAll} ORDER BY ${sql.order} ${sql.limit})`
  const rows = await jsonArray(db, DOC_JSON, `${DOC_FROM} WHERE ${ids}`, sql.order, [...allParams, ...sql.limitParams])
  const meta = { ...pageMeta(query, Number(counted.total)), posting: Number(counted.posting ?? 0) }
  return `{"data":${rows},"meta":${JSON.stringify(meta)}}`
}

const loadDoc = (db: DB, id: number) => jsonObject(db, DOC_JSON, `${DOC_FROM} WHERE p.id = ?`, [id])

/** A removal line with its tyre {id, kode_ban, no_seri, kondisi_ban, harga, status, ukuran|null, merek|null, typeban|null}. */
const LINE_JSON = `json_object(
    'id', l.id, 'pelepasan_ban_id', l.pelepasan_ban_id, 'kendaraan_id', l.kendaraan_id, 'ban_id', l.ban_id,
    'detail_pemasangan_ban_id', l.detail_pemasangan_ban_id, 'posisi_ban', l.posisi_ban, 'km_pemasangan', l.km_pemasangan,
    'km_pelepasan', l.km_pelepasan, 'km_tempuh', l.km_tempuh, 'alasan', l.alasan, 'tujuan', l.tujuan,
    'tebal_tapak', l.tebal_tapak, 'keterangan', l.keterangan,
    'ban', json_object('id', b.id, 'kode_ban', b.kode_ban, 'no_seri', b.no_seri, 'kondisi_ban', b.kondisi_ban, 'harga', b.harga,
      'status', b.status,
      'ukuran', ${nestedJson('u.id', "'id', u.id, 'nama', u.nama")},
      'merek', ${nestedJson('m.id', "'id', m.id, 'nama_merek', m.nama_merek")},
      'typeban', ${nestedJson('t.id', "'id', t.id, 'nama_type', t.nama_type")}))`

const LINE_FROM = `FROM detail_pelepasan_ban l
  JOIN ban b ON b.id = l.ban_id
  LEFT JOIN ukuran u ON u.id = b.ukuran_id
  LEFT JOIN merek m ON m.id = b.merek_id
  LEFT JOIN typeban t ON t.id = b.typeban_id`

const linesJson = async (db: DB, where: string, id: number) =>
  await jsonArray(db, LINE_JSON, `${LINE_FROM} WHERE ${where}`, 'l.posisi_ban, l.id', [id])
const loadLine = (db: DB, id: number) => jsonObject(db, LINE_JSON, `${LINE_FROM} WHERE l.id = ?`, [id])

// ---- rules -----------------------------------------------------------------------------------------

const notFoundDoc = () => notFound('Pelepasan ban')
const notFoundVehicle = () => notFound('Kendaraan')

const vehicleExists = async (db: DB, id: number) => !!(await db.prepare('SELECT 1 FROM kendaraan WHERE id = ?').get(id))

const docState = async (db: DB, id: number) =>
  (await db.prepare('SELECT id, kode_pelepasan, kendaraan_id, status, tanggal_awal FROM pelepasan_ban WHERE id = ?').get(id)) as
    { id: number; kode_pelepasan: string; kendaraan_id: number; status: DocStatus; tanggal_awal: string } | undefined

/** 12345 → '12.345' (id-ID grouping, without depending on the runtime's locale data). */
export const formatKm = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** One of a fixed list, exactly or case-insensitively; blank or anything else → message. */
const choice = <T extends string>(choices: readonly T[], message: string) =>
  z
    .any()
    .optional()
    .transform((v, ctx): T => {
      const s = typeof v === 'string' ? v.trim().toLowerCase() : ''
      const found = choices.find((c) => c.toLowerCase() === s)
      if (!found) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return found
    })

const stageSchema = z.object({
  kendaraan_id: requiredId('Kendaraan harus dipilih.'),
  posisi_ban: requiredText('Posisi ban harus dipilih.'),
  km_pelepasan: z
    .any()
    .optional()
    .transform((v, ctx): number => {
      const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(/\./g, '') : ''
      if (blank(v) || !/^\d+$/.test(s) || !Number.isSafeInteger(Number(s))) {
        ctx.addIssue({ code: 'custom', message: 'Km Pelepasan harus diisi.' })
        return z.NEVER
      }
      return Number(s)
    }),
  alasan: choice(ALASAN, 'Alasan pelepasan harus dipilih.'),
  tujuan: choice(TUJUAN, 'Tujuan ban harus dipilih.'),
  tebal_tapak: z
    .any()
    .optional()
    .transform((v, ctx): number | null => {
      if (blank(v)) return null
      const n =
        typeof v === 'number' ? v : typeof v === 'string' && /^\d+([.,]\d+)?$/.test(v.trim()) ? Number(v.trim().replace(',', '.')) : NaN
      if (!Number.isFinite(n) || n < 0 || n > 30) {
        ctx.addIssue({ code: 'custom', message: 'Tebal tapak harus berupa angka 0–30 mm.' })
        return z.NEVER
      }
      return n
    }),
  keterangan: z
    .any()
    .optional()
    .transform((v, ctx): string | null => {
      if (blank(v)) return null
      const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : null
      if (s === null || s.length > 255) {
        ctx.addIssue({ code: 'custom', message: 'Keterangan paling banyak 255 karakter.' })
        return z.NEVER
      }
      return s
    }),
  pelepasan_ban_id: optionalId('Pelepasan ban tidak valid.'),
})
export type StageInput = z.infer<typeof stageSchema>

type FittedLine = {
  id: number
  ban_id: number
  kendaraan_id: number
  posisi_ban: string
  km_pemasangan: number
  dilepas: number
  kondisi_ban: string | null
}

/**
 * Takes the tyre on a position off (one transaction, the caller's). The fitting line is marked
 * removed by a conditional UPDATE, so of two removals of the same tyre exactly one wins (409 for the
 * other). Answers the new removal line's id.
 */
export async function stageRemoval(db: DB, actor: Actor, v: StageInput, opts: { tanggal?: string } = {}): Promise<number> {
  if (!(await vehicleExists(db, v.kendaraan_id))) throw invalid({ kendaraan_id: ['Kendaraan tidak ditemukan.'] })
  const doc = v.pelepasan_ban_id != null ? await docState(db, v.pelepasan_ban_id) : null
  if (v.pelepasan_ban_id != null) {
    if (!doc) throw notFoundDoc()
    if (doc.status === 'posting') throw conflict('Pelepasan ban sudah diposting dan tidak dapat diubah.')
    if (doc.kendaraan_id !== v.kendaraan_id) {
      throw invalid({ kendaraan_id: ['Kendaraan tidak sesuai dengan kendaraan pelepasan ban.'] })
    }
  }
  const posisi = v.posisi_ban.toUpperCase()
  // The latest line of a registered fitting on that position: fitted now (dilepas = 0) or removed already.
  const line = (await db
    .prepare(
      `SELECT d.id, d.ban_id, d.kendaraan_id, d.posisi_ban, d.km_pemasangan, ${removedFlag('d')} AS dilepas, b.kondisi_ban
       FROM detail_pemasangan_ban d JOIN ban b ON b.id = d.ban_id
       WHERE d.kendaraan_id = ? AND d.posisi_ban = ? AND d.pemasangan_ban_id IS NOT NULL
       ORDER BY ${removedFlag('d')}, d.id DESC LIMIT 1`,
    )
    .get(v.kendaraan_id, posisi)) as FittedLine | undefined
  if (!line) throw invalid({ posisi_ban: ['Tidak ada ban terpasang di posisi ini.'] })
  if (line.dilepas === 1) throw conflict('Ban ini sudah dilepas.')
  if (v.km_pelepasan < line.km_pemasangan) {
    throw invalid({ km_pelepasan: [`Km Pelepasan tidak boleh di bawah Km Pemasangan (${formatKm(line.km_pemasangan)}).`] })
  }
  const taken = await db
    .prepare("UPDATE detail_pemasangan_ban SET dilepas = 1, updated_at = datetime('now') WHERE id = ? AND dilepas = 0")
    .run(line.id)
  if (taken.changes === 0) throw conflict('Ban ini sudah dilepas.')
  const kmTempuh = v.km_pelepasan - line.km_pemasangan
  const lineId = await db
    .prepare(
      `INSERT INTO detail_pelepasan_ban (pelepasan_ban_id, kendaraan_id, ban_id, detail_pemasangan_ban_id, posisi_ban, km_pemasangan,
           km_pelepasan, km_tempuh, alasan, tujuan, tebal_tapak, keterangan, kondisi_sebelum)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .insert(
      doc?.id ?? null,
      line.kendaraan_id,
      line.ban_id,
      line.id,
      line.posisi_ban,
      line.km_pemasangan,
      v.km_pelepasan,
      kmTempuh,
      v.alasan,
      v.tujuan,
      v.tebal_tapak,
      v.keterangan,
      line.kondisi_ban,
    )
  const effect = EFFECT[v.tujuan]
  await db
    .prepare(`UPDATE ban SET status = ?, kondisi_ban = COALESCE(?, kondisi_ban), updated_at = datetime('now') WHERE id = ?`)
    .run(effect.status, effect.kondisi, line.ban_id)
  await writeRiwayat(db, actor, {
    ban_id: line.ban_id,
    jenis: 'lepas',
    tanggal: doc?.tanggal_awal ?? opts.tanggal ?? today(),
    dokumen: doc ? { jenis: 'pelepasan', id: doc.id, kode: doc.kode_pelepasan } : null,
    kendaraan_id: line.kendaraan_id,
    posisi_ban: line.posisi_ban,
    km: v.km_pelepasan,
    km_tempuh: kmTempuh,
    alasan: v.alasan,
    tujuan: v.tujuan,
    tebal_tapak: v.tebal_tapak,
    keterangan: v.keterangan,
    detail_pemasangan_ban_id: line.id,
    detail_pelepasan_ban_id: lineId,
  })
  if (doc) {
    await recomputeDoc(db, doc.id)
    await raiseVehicleKm(db, doc.kendaraan_id, v.km_pelepasan)
  }
  return lineId
}

/** A document's km: the highest km_pelepasan of its lines. */
async function recomputeDoc(db: DB, id: number) {
  await db
    .prepare(
      `UPDATE pelepasan_ban SET
       km = COALESCE((SELECT MAX(l.km_pelepasan) FROM detail_pelepasan_ban l WHERE l.pelepasan_ban_id = pelepasan_ban.id), km),
       updated_at = datetime('now')
     WHERE id = ?`,
    )
    .run(id)
}

/** A vehicle's km only ever goes up. */
async function raiseVehicleKm(db: DB, vehicleId: number, km: number | null) {
  if (km == null) return
  await db.prepare("UPDATE kendaraan SET km = ?, updated_at = datetime('now') WHERE id = ? AND km < ?").run(km, vehicleId, km)
}

const UNDO_BLOCKED = 'Ban atau posisinya sudah dipakai lagi; pelepasan tidak bisa dibatalkan.'

/**
 * Undoes a removal line: the fitting line holds its tyre and position again, the tyre is `terpasang`
 * with its kondisi of before, the line is deleted, history batal_lepas. 409 when the position is held
 * by a newer fitting line ('Posisi 1A sudah dipakai pemasangan PM000012; pelepasan ini tidak dapat
 * dibatalkan.'), or the tyre has been used since (fitted again, received from the retreader).
 */
async function undoRemoval(db: DB, actor: Actor, lineId: number) {
  const l = (await db
    .prepare(
      `SELECT l.id, l.pelepasan_ban_id, l.kendaraan_id, l.ban_id, l.detail_pemasangan_ban_id, l.posisi_ban, l.km_pelepasan,
         l.tujuan, l.kondisi_sebelum, b.status, p.kode_pelepasan
       FROM detail_pelepasan_ban l JOIN ban b ON b.id = l.ban_id LEFT JOIN pelepasan_ban p ON p.id = l.pelepasan_ban_id
       WHERE l.id = ?`,
    )
    .get(lineId)) as
    | {
        id: number
        pelepasan_ban_id: number | null
        kendaraan_id: number
        ban_id: number
        detail_pemasangan_ban_id: number
        posisi_ban: string
        km_pelepasan: number
        tujuan: Tujuan
        kondisi_sebelum: string | null
        status: string
        kode_pelepasan: string | null
      }
    | undefined
  if (!l) throw notFound('Detail pelepasan ban')
  // A claim raised from this line keeps its figures from it: the claim goes first.
  const klaim = (await db.prepare('SELECT kode_klaim FROM klaim_ban WHERE detail_pelepasan_ban_id = ?').get(l.id)) as
    { kode_klaim: string } | undefined
  if (klaim) throw conflict(`Pelepasan ini sudah diklaim (${klaim.kode_klaim}); hapus klaimnya dahulu.`)
  const holder = await positionHolder(db, l.kendaraan_id, l.posisi_ban)
  if (holder) throw conflict(`Posisi ${l.posisi_ban} sudah dipakai ${holderName(holder)}; pelepasan ini tidak dapat dibatalkan.`)
  const usedSince =
    l.status !== EFFECT[l.tujuan].status ||
    !!(await db.prepare('SELECT 1 FROM vulkanisir_ban WHERE detail_pelepasan_ban_id = ?').get(l.id)) ||
    !!(await db.prepare('SELECT 1 FROM detail_pemasangan_ban WHERE ban_id = ? AND id > ?').get(l.ban_id, l.detail_pemasangan_ban_id))
  if (usedSince) throw conflict(UNDO_BLOCKED)
  const back = await db
    .prepare("UPDATE detail_pemasangan_ban SET dilepas = 0, updated_at = datetime('now') WHERE id = ? AND dilepas = 1")
    .run(l.detail_pemasangan_ban_id)
  if (back.changes === 0) throw conflict(UNDO_BLOCKED)
  await db
    .prepare("UPDATE ban SET status = 'terpasang', kondisi_ban = ?, updated_at = datetime('now') WHERE id = ?")
    .run(l.kondisi_sebelum, l.ban_id)
  await db.prepare('DELETE FROM detail_pelepasan_ban WHERE id = ?').run(l.id)
  await writeRiwayat(db, actor, {
    ban_id: l.ban_id,
    jenis: 'batal_lepas',
    tanggal: today(),
    dokumen: l.pelepasan_ban_id != null ? { jenis: 'pelepasan', id: l.pelepasan_ban_id, kode: l.kode_pelepasan } : null,
    kendaraan_id: l.kendaraan_id,
    posisi_ban: l.posisi_ban,
    km: l.km_pelepasan,
    tujuan: l.tujuan,
    detail_pemasangan_ban_id: l.detail_pemasangan_ban_id,
  })
  if (l.pelepasan_ban_id != null) await recomputeDoc(db, l.pelepasan_ban_id)
}

/** Registers a vehicle's staged removal lines as a new document. Answers its id. */
export async function registerRemoval(db: DB, kendaraanId: number, tanggal: string): Promise<number> {
  if (!(await vehicleExists(db, kendaraanId))) throw notFoundVehicle()
  const staged = (await db
    .prepare('SELECT COUNT(*) AS n, MAX(km_pelepasan) AS km FROM detail_pelepasan_ban WHERE kendaraan_id = ? AND pelepasan_ban_id IS NULL')
    .get(kendaraanId)) as { n: number; km: number | null }
  if (staged.n === 0) throw invalid({ detail: ['Belum ada ban yang dilepas.'] })
  const kode = await nextCode(db, 'pelepasan_ban')
  const id = await db
    .prepare("INSERT INTO pelepasan_ban (kode_pelepasan, kendaraan_id, km, status, tanggal_awal) VALUES (?, ?, ?, 'unpost', ?)")
    .insert(kode, kendaraanId, staged.km, tanggal)
  // The staged lines' 'lepas' history rows get their document and its date.
  await db
    .prepare(
      `UPDATE riwayat_ban SET dokumen_jenis = 'pelepasan', dokumen_id = ?, dokumen_kode = ?, tanggal = ?
     WHERE jenis = 'lepas' AND detail_pelepasan_ban_id IN
       (SELECT id FROM detail_pelepasan_ban WHERE kendaraan_id = ? AND pelepasan_ban_id IS NULL)`,
    )
    .run(id, kode, tanggal, kendaraanId)
  await db
    .prepare(
      "UPDATE detail_pelepasan_ban SET pelepasan_ban_id = ?, updated_at = datetime('now') WHERE kendaraan_id = ? AND pelepasan_ban_id IS NULL",
    )
    .run(id, kendaraanId)
  await raiseVehicleKm(db, kendaraanId, staged.km)
  return id
}

// ---- routes ----------------------------------------------------------------------------------------

export function pelepasanRoutes() {
  const r = new Hono<ApiEnv>()

  // With `page` (the extension 'paged-lists'): one page as {data, meta}, also filtered by date and status.
  r.get('/pelepasan-ban', async (c) => {
    const query = pageQuery(c, REMOVAL_COLUMNS)
    if (!query) return jsonBody(c, await jsonArray(c.get('db'), DOC_JSON, DOC_FROM, 'p.id', []))
    return jsonBody(c, await removalsPage(c.get('db'), docFilter(c), query))
  })

  r.get('/pelepasan-ban/terpasang/:kendaraanId', async (c) => {
    const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
    const db = c.get('db')
    if (!(await vehicleExists(db, kendaraanId))) throw notFoundVehicle()
    const json = DETAIL_JSON.replace(/^json_object\(/, "json_object('kode_pemasangan', f.kode_pemasangan, 'status_pemasangan', f.status, ")
    const text = await jsonArray(
      db,
      json,
      `${DETAIL_FROM} JOIN pemasangan_ban f ON f.id = d.pemasangan_ban_id WHERE d.kendaraan_id = ? AND ${holds('d')}`,
      'd.posisi_ban, d.id',
      [kendaraanId],
    )
    return jsonBody(c, `{"data":${text}}`)
  })

  r.get('/pelepasan-ban/detail-list-ban/:kendaraanId', async (c) => {
    const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
    const db = c.get('db')
    if (!(await vehicleExists(db, kendaraanId))) throw notFoundVehicle()
    return jsonBody(c, `{"data":${await linesJson(db, 'l.kendaraan_id = ? AND l.pelepasan_ban_id IS NULL', kendaraanId)}}`)
  })

  r.post('/pelepasan-ban/detail-ban', async (c) => {
    const db = c.get('db')
    const input = validate(stageSchema, await readBody(c))
    // Staging (no document yet) is the create screen's (Create); a line into a registered document its edit screen's (Update).
    const registered = input.pelepasan_ban_id != null
    await requireGrant(db, c.get('user').id, registered ? LINE_GRANTS.pelepasanRegistered : LINE_GRANTS.pelepasanStaged)
    const actor = await actorOfRequest(c)
    const id = await db.tx(async () => {
      const lineId = await stageRemoval(db, actor, input)
      // A line added to a registered document changes it: the audit trail records that.
      if (input.pelepasan_ban_id != null) {
        await recordAudit(db, c.get('user'), { entitas: 'pelepasan_ban', entitasId: input.pelepasan_ban_id, aksi: 'diubah' })
      }
      return lineId
    })
    return c.json({ message: 'Detail pelepasan ban berhasil disimpan.', data: await loadLine(db, id) }, 201)
  })

  r.delete('/pelepasan-ban/delete-detail-ban/:id', async (c) => {
    const id = idParam(c, 'id', 'Detail pelepasan ban')
    const db = c.get('db')
    const lineOf = async () =>
      (await db.prepare('SELECT pelepasan_ban_id FROM detail_pelepasan_ban WHERE id = ?').get(id)) as
        { pelepasan_ban_id: number | null } | undefined
    // Undoing a staged removal is the create screen's (Create), a registered document's line its edit screen's (Update).
    const checked = await lineOf()
    if (!checked) throw notFound('Detail pelepasan ban')
    const registered = checked.pelepasan_ban_id != null
    await requireGrant(db, c.get('user').id, registered ? LINE_GRANTS.pelepasanRegistered : LINE_GRANTS.pelepasanStaged)
    const actor = await actorOfRequest(c)
    await db.tx(async () => {
      const line = await lineOf()
      if (!line) throw notFound('Detail pelepasan ban')
      // Registered meanwhile (the staged lines saved into a document): the grant asked no longer fits.
      if ((line.pelepasan_ban_id != null) !== registered) throw conflict(LINE_CHANGED)
      if (line.pelepasan_ban_id != null && (await docState(db, line.pelepasan_ban_id))?.status === 'posting') {
        throw conflict('Pelepasan ban sudah diposting, detail ban tidak dapat dihapus.')
      }
      await undoRemoval(db, actor, id)
      if (line.pelepasan_ban_id != null) {
        await recordAudit(db, c.get('user'), { entitas: 'pelepasan_ban', entitasId: line.pelepasan_ban_id, aksi: 'diubah' })
      }
    })
    return c.json({ message: 'Pelepasan ban dibatalkan; ban kembali terpasang.' })
  })

  r.post('/pelepasan-ban/add-pelepasan/:kendaraanId', async (c) => {
    const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
    const db = c.get('db')
    const input = validate(
      z.object({ tanggal_awal: optionalCalendarDate('Tanggal harus berupa tanggal (YYYY-MM-DD).') }),
      await readBody(c),
    )
    const id = await db.tx(async () => {
      const docId = await registerRemoval(db, kendaraanId, input.tanggal_awal ?? today())
      await recordAudit(db, c.get('user'), { entitas: 'pelepasan_ban', entitasId: docId, aksi: 'dibuat' })
      return docId
    })
    return c.json({ message: 'Data pelepasan ban berhasil disimpan.', data: await loadDoc(db, id) }, 201)
  })

  r.get('/detail-pelepasan/:id', async (c) => {
    const id = idParam(c, 'id', 'Pelepasan ban')
    const db = c.get('db')
    const doc = await loadDoc(db, id)
    if (!doc) throw notFoundDoc()
    const text = JSON.stringify(doc).replace(/}$/, `,"detail":${await linesJson(db, 'l.pelepasan_ban_id = ?', id)}}`)
    return jsonBody(c, `{"data":${text}}`)
  })

  r.post('/pelepasan-ban/:id/posting', async (c) => {
    const id = idParam(c, 'id', 'Pelepasan ban')
    const db = c.get('db')
    await changeStatus(
      db,
      'pelepasan_ban',
      id,
      'posting',
      { already: 'Pelepasan ban sudah diposting.', notFound: notFoundDoc },
      c.get('user'),
    )
    return c.json({ message: 'Pelepasan ban berhasil diposting.', data: await loadDoc(db, id) })
  })

  r.post('/pelepasan-ban/:id/unpost', async (c) => {
    const id = idParam(c, 'id', 'Pelepasan ban')
    const db = c.get('db')
    await changeStatus(
      db,
      'pelepasan_ban',
      id,
      'unpost',
      { already: 'Pelepasan ban belum diposting (sudah unpost).', notFound: notFoundDoc },
      c.get('user'),
    )
    return c.json({ message: 'Pelepasan ban berhasil di-unpost.', data: await loadDoc(db, id) })
  })

  r.delete('/pelepasan-ban/:id', async (c) => {
    const id = idParam(c, 'id', 'Pelepasan ban')
    const db = c.get('db')
    const actor = await actorOfRequest(c)
    await db.tx(async () => {
      const doc = await docState(db, id)
      if (!doc) throw notFoundDoc()
      if (doc.status === 'posting') throw conflict('Pelepasan ban sudah diposting dan tidak dapat dihapus.')
      const lines = (await db
        .prepare('SELECT id FROM detail_pelepasan_ban WHERE pelepasan_ban_id = ? ORDER BY id DESC')
        .pluck()
        .all(id)) as number[]
      for (const lineId of lines) await undoRemoval(db, actor, lineId)
      await db.prepare('DELETE FROM pelepasan_ban WHERE id = ?').run(id)
      await recordAudit(db, c.get('user'), { entitas: 'pelepasan_ban', entitasId: id, aksi: 'hapus' })
    })
    return c.json({ message: 'Data Pelepasan telah dihapus.' })
  })

  return r
}
