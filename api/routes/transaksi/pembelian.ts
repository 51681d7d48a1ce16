import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { recordAudit } from '../../audit.ts'
import { nextCode } from '../../codes.ts'
import { conflict, idParam, invalid, notFound, optionalText, readBody, requiredText, today, validate } from '../../http.ts'
import { bansOfPurchase } from './ban.ts'
import { RUPIAH_MAX, rupiahRule, wholeField } from '../../numbers.ts'
import {
  optionalTebalTapak,
  docFilter,
  existingIds,
  filterSql,
  jsonArray,
  jsonBody,
  jsonObject,
  KONDISI_BAN,
  nestedJson,
  optionalCalendarDate,
  optionalChoice,
  optionalId,
  requiredId,
  type DocFilter,
  type DocStatus,
  statusRoutes,
} from './common.ts'
import { actorOfRequest, writePurchaseHistory } from './riwayat.ts'
import { pagedSql, pageMeta, pageQuery, whereOf, type PagedColumns, type PageQuery } from '../../paged.ts'

// ---- input -----------------------------------------------------------------------------------------

const lineSchema = z.object({
  /** An existing tyre of this purchase (on update): kept with its kode_ban. Optional. */
  id: optionalId('Id ban tidak valid.'),
  no_seri: requiredText('No Seri ban tidak boleh kosong!'),
  ukuran_id: optionalId('Ukuran tidak valid.'),
  kondisi_ban: optionalChoice(KONDISI_BAN, `Kondisi ban harus salah satu dari: ${KONDISI_BAN.join(', ')}.`),
  merek_id: optionalId('Merek tidak valid.'),
  typeban_id: optionalId('Type ban tidak valid.'),
  harga: wholeField(rupiahRule('Harga'), { notNumber: 'Harga harus berupa angka.', blank: 0 }),
  /** The tread depth when new (mm, 0–30, one decimal); optional. */
  tebal_tapak_awal: optionalTebalTapak,
})
type Line = z.infer<typeof lineSchema>

/** ban as an array, or as an object keyed by index ({"0": {...}}); anything else → no lines. */
const linesOf = (v: unknown): unknown[] => {
  if (Array.isArray(v)) return v
  if (v && typeof v === 'object' && !(v instanceof File)) return Object.values(v)
  return []
}

const purchaseSchema = z.object({
  supplier_id: requiredId('Pilih supplier terlebih dahulu!'),
  alamat: optionalText,
  tanggal_awal: optionalCalendarDate('Tanggal harus berupa tanggal (YYYY-MM-DD).'),
  ban: z.preprocess(linesOf, z.array(lineSchema).min(1, 'Tambahkan minimal satu ban.')),
})
type PurchaseInput = z.infer<typeof purchaseSchema>

// ---- output ----------------------------------------------------------------------------------------

/**
 * A purchase as every list answers it: header, supplier {id, kode_supplier, nama_supp, alamat, telp}|null,
 * detail_ban [{id, kode_ban, no_seri, ukuran_id, merek_id, typeban_id, kondisi_ban, harga, status}] by id.
 */
const PURCHASE_JSON = `json_object(
    'id', p.id, 'kode_pembelian_ban', p.kode_pembelian_ban, 'supplier_id', p.supplier_id, 'alamat', p.alamat,
    'grand_total', p.grand_total, 'status', p.status, 'tanggal_awal', p.tanggal_awal,
    'created_at', p.created_at, 'updated_at', p.updated_at,
    'supplier', ${nestedJson('s.id', "'id', s.id, 'kode_supplier', s.kode_supplier, 'nama_supp', s.nama_supp, 'alamat', s.alamat, 'telp', s.telp")},
    'detail_ban', (SELECT json_group_array(json_object(
        'id', b.id, 'kode_ban', b.kode_ban, 'no_seri', b.no_seri, 'ukuran_id', b.ukuran_id, 'merek_id', b.merek_id,
        'typeban_id', b.typeban_id, 'kondisi_ban', b.kondisi_ban, 'harga', b.harga, 'status', b.status, 'tebal_tapak_awal', b.tebal_tapak_awal) ORDER BY b.id)
      FROM ban b WHERE b.pembelian_ban_id = p.id))`

const PURCHASE_FROM = 'FROM pembelian_ban p LEFT JOIN supplier s ON s.id = p.supplier_id'

/** The JSON text of the purchases matching a filter (one query, whatever their number). */
export async function purchasesJson(db: DB, f: DocFilter, order = 'p.id'): Promise<string> {
  const { where, params } = filterSql(f, 'p')
  return await jsonArray(db, PURCHASE_JSON, `${PURCHASE_FROM} ${where}`, order, params)
}

/** A grand total as the screens show it: 1.500.000 (what a search for it may type). */
const GRAND_TOTAL_SHOWN = "replace(printf('%,d', p.grand_total), ',', '.')"

/** The purchase list: searched by purchase code, sortable as the screen's columns. */
export const PURCHASE_COLUMNS: PagedColumns = {
  search: ['p.kode_pembelian_ban'],
  sort: {
    id: { expr: 'p.id' },
    kode_pembelian_ban: { expr: 'p.kode_pembelian_ban', text: true },
    nama_supp: { expr: 's.nama_supp', text: true },
    grand_total: { expr: 'p.grand_total' },
    status: { expr: 'p.status', text: true },
    tanggal: { expr: 'p.tanggal_awal', text: true },
  },
  order: 'p.id',
}

/** The inquiry: by code, supplier name or grand total (as digits or as shown). */
export const INQUIRY_COLUMNS: PagedColumns = {
  ...PURCHASE_COLUMNS,
  search: ['p.kode_pembelian_ban', 's.nama_supp', 'CAST(p.grand_total AS TEXT)', GRAND_TOTAL_SHOWN],
}

/** The report reads like a ledger (by date, then by id); searched by code or grand total. */
export const REPORT_COLUMNS: PagedColumns = {
  search: ['p.kode_pembelian_ban', 'CAST(p.grand_total AS TEXT)', GRAND_TOTAL_SHOWN],
  sort: PURCHASE_COLUMNS.sort,
  order: 'p.tanggal_awal, p.id',
}

/**
 * One page of the purchases matching a filter, as JSON text, and how many match: the ids of the page
 * first (filtered, searched, sorted and cut by the database, on the indexes of migration 008), then
 * their JSON in that order.
 */
export async function purchasesPage(db: DB, f: DocFilter, columns: PagedColumns, query: PageQuery) {
  const { where, params } = filterSql(f, 'p')
  const sql = pagedSql(columns, query)
  const whereAll = whereOf(where, sql.search)
  const allParams = [...params, ...sql.searchParams]
  // How many match, and over all of them: how many are posted, and their grand totals' sum (the
  // inquiry's Posting semua / Unpost semua counts and the report's total, without reading every row).
  const counted = (await db
    .prepare(
      `SELECT COUNT(*) AS total, SUM(CASE WHEN p.status = 'posting' THEN 1 ELSE 0 END) AS posting,
         SUM(p.grand_total) AS grand_total ${PURCHASE_FROM} ${whereAll}`,
    )
    .get(...allParams)) as { total: unknown; posting: unknown; grand_total: unknown }
  const total = Number(counted.total)
  const ids = `p.id IN (SELECT p.id ${PURCHASE_FROM} ${whereAll} ORDER BY ${sql.order} ${sql.limit})`
  const rows = await jsonArray(db, PURCHASE_JSON, `${PURCHASE_FROM} WHERE ${ids}`, sql.order, [...allParams, ...sql.limitParams])
  const meta = { ...pageMeta(query, total), posting: Number(counted.posting ?? 0), grand_total: Number(counted.grand_total ?? 0) }
  return { rows, meta: JSON.stringify(meta) }
}

export const loadPurchase = (db: DB, id: number) => jsonObject(db, PURCHASE_JSON, `${PURCHASE_FROM} WHERE p.id = ?`, [id])

// ---- rules -----------------------------------------------------------------------------------------

const notFoundPurchase = () => notFound('Pembelian ban')

/** 409 when a purchase may not change: posted, or one of its tyres staged or fitted. */
async function assertEditable(db: DB, id: number, verb: 'diubah' | 'dihapus') {
  const row = (await db.prepare('SELECT status FROM pembelian_ban WHERE id = ?').get(id)) as { status: DocStatus } | undefined
  if (!row) throw notFoundPurchase()
  if (row.status === 'posting') throw conflict(`Pembelian ban sudah diposting dan tidak dapat ${verb}.`)
  const fitted = await db
    .prepare(
      `SELECT 1 FROM ban b WHERE b.pembelian_ban_id = ?
         AND (b.status = 'terpasang' OR EXISTS (SELECT 1 FROM detail_pemasangan_ban d WHERE d.ban_id = b.id)) LIMIT 1`,
    )
    .get(id)
  if (fitted) throw conflict(`Pembelian ban tidak dapat ${verb} karena ban sudah dipasang.`)
}

/**
 * Checks what the schema cannot: the supplier and the master rows exist, serial numbers are unique
 * (within the body, and among the tyres of other purchases). Answers the header with alamat filled
 * from the supplier when empty.
 */
async function checkPurchase(db: DB, input: PurchaseInput, ownId: number | null) {
  const errors: Record<string, string[]> = {}
  const supplier = (await db.prepare('SELECT alamat FROM supplier WHERE id = ?').get(input.supplier_id)) as
    { alamat: string | null } | undefined
  if (!supplier) errors.supplier_id = ['Supplier tidak ditemukan.']
  const ukuran = await existingIds(
    db,
    'ukuran',
    input.ban.flatMap((l) => (l.ukuran_id ? [l.ukuran_id] : [])),
  )
  const merek = await existingIds(
    db,
    'merek',
    input.ban.flatMap((l) => (l.merek_id ? [l.merek_id] : [])),
  )
  const typeban = await existingIds(
    db,
    'typeban',
    input.ban.flatMap((l) => (l.typeban_id ? [l.typeban_id] : [])),
  )
  const taken = db.prepare(
    'SELECT 1 FROM ban WHERE no_seri = ? AND (pembelian_ban_id IS NULL OR pembelian_ban_id IS DISTINCT FROM ?) LIMIT 1',
  )
  const seen = new Set<string>()
  for (const [i, l] of input.ban.entries()) {
    const add = (field: string, msg: string) => (errors[`ban.${i}.${field}`] ??= []).push(msg)
    if (l.ukuran_id && !ukuran.has(l.ukuran_id)) add('ukuran_id', 'Ukuran tidak ditemukan.')
    if (l.merek_id && !merek.has(l.merek_id)) add('merek_id', 'Merek tidak ditemukan.')
    if (l.typeban_id && !typeban.has(l.typeban_id)) add('typeban_id', 'Type ban tidak ditemukan.')
    if (seen.has(l.no_seri)) add('no_seri', `No seri ${l.no_seri} ganda dalam pembelian ini.`)
    else if (await taken.get(l.no_seri, ownId)) add('no_seri', `No seri ${l.no_seri} sudah terdaftar.`)
    seen.add(l.no_seri)
  }
  const grandTotal = input.ban.reduce((sum, l) => sum + l.harga, 0)
  // The grand total is stored as an amount too: it is bounded as each price is.
  if (grandTotal > RUPIAH_MAX) (errors.ban ??= []).push(`Jumlah harga semua ban paling banyak Rp ${RUPIAH_MAX.toLocaleString('id-ID')}.`)
  if (Object.keys(errors).length) throw invalid(errors)
  return { alamat: input.alamat ?? supplier?.alamat ?? null, grandTotal }
}

async function insertTyre(db: DB, pembelianId: number, l: Line) {
  await db
    .prepare(
      `INSERT INTO ban (kode_ban, no_seri, pembelian_ban_id, ukuran_id, merek_id, typeban_id, kondisi_ban, harga, status, tebal_tapak_awal)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'stok', ?)`,
    )
    .run(
      await nextCode(db, 'ban'),
      l.no_seri,
      pembelianId,
      l.ukuran_id,
      l.merek_id,
      l.typeban_id,
      l.kondisi_ban,
      l.harga,
      l.tebal_tapak_awal,
    )
}

// ---- routes ----------------------------------------------------------------------------------------

/** Purchases, their invoice, posting/unpost (two spellings), the inquiry and the report. */
export function pembelianRoutes() {
  const r = new Hono<ApiEnv>()

  // With `page` (the extension 'paged-lists'): one page as {data: [...], meta}, the list's own filters
  // (tanggal_awal, tanggal_akhir, status) as the inquiry's. Without it: every purchase, as the spec says.
  r.get('/pembelian-ban', async (c) => {
    const query = pageQuery(c, PURCHASE_COLUMNS)
    if (!query) return jsonBody(c, await purchasesJson(c.get('db'), { from: null, to: null, status: null }))
    const page = await purchasesPage(c.get('db'), docFilter(c), PURCHASE_COLUMNS, query)
    return jsonBody(c, `{"data":${page.rows},"meta":${page.meta}}`)
  })

  r.post('/pembelian-ban/add', async (c) => {
    const db = c.get('db')
    const input = validate(purchaseSchema, await readBody(c))
    const actor = await actorOfRequest(c)
    const id = await db.tx(async () => {
      const { alamat, grandTotal } = await checkPurchase(db, input, null)
      const kode = await nextCode(db, 'pembelian_ban')
      const id = await db
        .prepare(
          `INSERT INTO pembelian_ban (kode_pembelian_ban, supplier_id, alamat, grand_total, status, tanggal_awal)
           VALUES (?, ?, ?, ?, 'unpost', ?)`,
        )
        .insert(kode, input.supplier_id, alamat, grandTotal, input.tanggal_awal ?? today())
      for (const line of input.ban) await insertTyre(db, id, line)
      await writePurchaseHistory(db, actor, id)
      await recordAudit(db, c.get('user'), { entitas: 'pembelian_ban', entitasId: id, aksi: 'dibuat' })
      return id
    })
    return c.json({ message: 'PembelianBan berhasil ditambahkan!', data: await loadPurchase(db, id) }, 201)
  })

  r.post('/pembelian-ban/:id/update', async (c) => {
    const id = idParam(c, 'id', 'Pembelian ban')
    const db = c.get('db')
    await assertEditable(db, id, 'diubah')
    const input = validate(purchaseSchema, await readBody(c))
    const actor = await actorOfRequest(c)
    await db.tx(async () => {
      await assertEditable(db, id, 'diubah') // again, inside the write: nothing changed in between
      const { alamat, grandTotal } = await checkPurchase(db, input, id)
      // Lines keep their tyre (and kode_ban) when they name it by id or by its serial number;
      // other lines become new tyres; tyres no line names are deleted.
      const existing = (await db.prepare('SELECT id, no_seri FROM ban WHERE pembelian_ban_id = ? ORDER BY id').all(id)) as {
        id: number
        no_seri: string
      }[]
      const unclaimed = new Map(existing.map((t) => [t.id, t.no_seri]))
      const claims = input.ban.map((l) => {
        if (l.id != null && unclaimed.has(l.id)) {
          unclaimed.delete(l.id)
          return l.id
        }
        return null
      })
      input.ban.forEach((l, i) => {
        if (claims[i] != null) return
        const match = [...unclaimed].find(([, seri]) => seri === l.no_seri)
        if (match) {
          unclaimed.delete(match[0])
          claims[i] = match[0]
        }
      })
      const del = db.prepare('DELETE FROM ban WHERE id = ?')
      for (const tyreId of unclaimed.keys()) await del.run(tyreId)
      const upd = db.prepare(
        `UPDATE ban SET no_seri = ?, ukuran_id = ?, merek_id = ?, typeban_id = ?, kondisi_ban = ?, harga = ?,
           tebal_tapak_awal = ?, updated_at = datetime('now') WHERE id = ?`,
      )
      for (const [i, l] of input.ban.entries()) {
        const tyreId = claims[i]
        if (tyreId != null)
          await upd.run(l.no_seri, l.ukuran_id, l.merek_id, l.typeban_id, l.kondisi_ban, l.harga, l.tebal_tapak_awal, tyreId)
        else await insertTyre(db, id, l)
      }
      await db
        .prepare(
          `UPDATE pembelian_ban SET supplier_id = ?, alamat = ?, grand_total = ?, tanggal_awal = COALESCE(?, tanggal_awal),
           updated_at = datetime('now') WHERE id = ?`,
        )
        .run(input.supplier_id, alamat, grandTotal, input.tanggal_awal, id)
      // The tyres' 'beli' rows follow the purchase (it is not fitted yet, so nothing else happened to them).
      await db
        .prepare(
          `UPDATE riwayat_ban SET tanggal = p.tanggal_awal, dokumen_kode = p.kode_pembelian_ban, biaya = b.harga,
           supplier_id = p.supplier_id, nama_supp = (SELECT nama_supp FROM supplier WHERE id = p.supplier_id)
         FROM ban b JOIN pembelian_ban p ON p.id = b.pembelian_ban_id
         WHERE riwayat_ban.ban_id = b.id AND riwayat_ban.jenis = 'beli' AND p.id = ?`,
        )
        .run(id)
      await writePurchaseHistory(db, actor, id)
      await recordAudit(db, c.get('user'), { entitas: 'pembelian_ban', entitasId: id, aksi: 'diubah' })
    })
    return c.json({ message: 'PembelianBan berhasil diperbarui!', data: await loadPurchase(db, id) })
  })

  r.delete('/pembelian-ban/:id', async (c) => {
    const id = idParam(c, 'id', 'Pembelian ban')
    const db = c.get('db')
    await db.tx(async () => {
      await assertEditable(db, id, 'dihapus')
      await db.prepare('DELETE FROM ban WHERE pembelian_ban_id = ?').run(id)
      await db.prepare('DELETE FROM pembelian_ban WHERE id = ?').run(id)
      // The history stays (no foreign key): who deleted it is its last record.
      await recordAudit(db, c.get('user'), { entitas: 'pembelian_ban', entitasId: id, aksi: 'hapus' })
    })
    return c.json({ message: 'Data Pembelian telah dihapus.' })
  })

  r.get('/detail-pembelian/:id', async (c) => {
    const id = idParam(c, 'id', 'Pembelian ban')
    const db = c.get('db')
    const data = await loadPurchase(db, id)
    if (!data) throw notFoundPurchase()
    return c.json({ data, detail: await bansOfPurchase(db, id) })
  })

  for (const base of ['/inquery-pembelian', '/inquery-pembelian-ban']) {
    statusRoutes(r, base, { table: 'pembelian_ban', label: 'Pembelian ban', load: loadPurchase })
  }

  // The inquiry and the report: with `page`, one page as {data: {data: [...]}, meta}.
  const inquiry = (columns: PagedColumns) => async (c: Context<ApiEnv>) => {
    const filter = docFilter(c)
    const query = pageQuery(c, columns)
    if (!query) return jsonBody(c, `{"data":{"data":${await purchasesJson(c.get('db'), filter, columns.order)}}}`)
    const page = await purchasesPage(c.get('db'), filter, columns, query)
    return jsonBody(c, `{"data":{"data":${page.rows}},"meta":${page.meta}}`)
  }
  r.get('/inquery-pembelian-ban', inquiry(INQUIRY_COLUMNS))
  // The report reads like a ledger: by date, then by id.
  r.get('/laporan-pembelian-ban', inquiry(REPORT_COLUMNS))

  return r
}
