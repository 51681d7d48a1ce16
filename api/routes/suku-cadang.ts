import { Hono, type Context } from 'hono'
import { sql, type SqlBool } from 'kysely'
import type { ApiEnv, DB } from '../types.ts'
import { conflict, idParam, invalid, notFound, readBody, today, type Body } from '../http.ts'
import { isCalendarDate } from '../dates.ts'
import { nextCode } from '../codes.ts'
import { isUniqueError } from '../database.ts'
import { recordAudit } from '../audit.ts'
import { caseBlind, forUpdate, nowMoment } from '../sql.ts'
import { col, pageOrder, searchCondition, type ListColumns, type PageQuery } from '../paged.ts'
import { boundMessage, PG_INTEGER_MAX, readWhole, rupiahRule, RUPIAH_MAX, type WholeRule } from '../numbers.ts'
import { either, may, read, type ExtensionGrants } from '../grants.ts'
import { averageCost, lockPart, move } from '../stock.ts'
import { MENU_CATALOGUE } from '../menu-catalogue.ts'
import { docFilter, statusRoutes } from './transaksi/common.ts'

/**
 * The parts store (the extension 'suku-cadang'; docs/upstream-contract.md "Extensions: the parts
 * store"): the master of parts, Pembelian Suku Cadang (a purchase like Pembelian Ban whose lines enter
 * the stock at Simpan), the stock list with its value, a part's Kartu Stok (the ledger of
 * api/stock.ts, with the running balance) and Stok Opname (a count that adjusts the stock). Every stock
 * change goes through `move` (api/stock.ts) inside the write's transaction.
 */

export const SUKU_CADANG = '/admin/suku-cadang'
export const PEMBELIAN_SUKU_CADANG = '/admin/pembelian-suku-cadang'
export const INQUERY_PEMBELIAN_SUKU_CADANG = '/admin/inquery-pembelian-suku-cadang'
export const STOK_SUKU_CADANG = '/admin/stok-suku-cadang'
export const STOK_OPNAME = '/admin/stok-opname'
/**
 * The work orders' screen picks parts (its extension and menu are another module's): a reader of the
 * parts once its menu is in the catalogue.
 */
const PERINTAH_KERJA = MENU_CATALOGUE.some((m) => m.route === '/admin/perintah-kerja') ? ['/admin/perintah-kerja'] : []

export const SATUAN = ['pcs', 'liter', 'set', 'unit', 'kg', 'meter', 'botol'] as const
export type Satuan = (typeof SATUAN)[number]

export const NAMA_MAX = 100
export const KATEGORI_MAX = 100
export const KETERANGAN_MAX = 255
export const JUMLAH_MAX = 1_000_000
export const STOK_MINIMUM_MAX = 1_000_000
export const MAX_LINES = 200
/** The lists' largest page (a download reads them in pages this size). */
export const PER_PAGE_MAX = 2_000
const PER_PAGE_DEFAULT = 10

export const MESSAGES = {
  namaKosong: 'Nama suku cadang tidak boleh kosong!',
  namaPanjang: `Nama suku cadang maksimal ${NAMA_MAX} karakter.`,
  namaAda: 'Nama suku cadang sudah ada.',
  satuan: `Satuan harus salah satu dari: ${SATUAN.join(', ')}.`,
  kategoriPanjang: `Kategori maksimal ${KATEGORI_MAX} karakter.`,
  stokMinimum: 'Stok Minimum harus bilangan bulat 0 atau lebih.',
  supplierKosong: 'Pilih supplier terlebih dahulu!',
  supplierTidakAda: 'Supplier tidak ditemukan.',
  tanggal: 'Tanggal harus berupa tanggal (YYYY-MM-DD).',
  keteranganPanjang: `Keterangan maksimal ${KETERANGAN_MAX} karakter.`,
  detailKosong: 'Tambahkan minimal satu suku cadang.',
  detailBanyak: `Paling banyak ${MAX_LINES} baris sekali simpan.`,
  partKosong: 'Pilih suku cadang.',
  partTidakAda: 'Suku cadang tidak ditemukan.',
  jumlah: `Jumlah harus bilangan bulat 1 sampai ${JUMLAH_MAX.toLocaleString('id-ID')}.`,
  hargaAngka: 'Harga harus berupa angka.',
  grandTotal: `Jumlah harga semua baris paling banyak Rp ${RUPIAH_MAX.toLocaleString('id-ID')}.`,
  stokFisikKosong: 'Stok Fisik tidak boleh kosong!',
  stokFisik: `Stok Fisik harus bilangan bulat 0 sampai ${JUMLAH_MAX.toLocaleString('id-ID')}.`,
  alasanKosong: 'Alasan tidak boleh kosong!',
  alasanPanjang: `Alasan maksimal ${KETERANGAN_MAX} karakter.`,
  bawahMinimum: 'bawah_minimum harus 1 atau 0.',
} as const

export const dipakaiMessage = (n: number) => `Suku Cadang dipakai di ${n} dokumen.`
export const postedMessage = (verb: 'diubah' | 'dihapus') => `Pembelian suku cadang sudah diposting dan tidak dapat ${verb}.`

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')
const textOf = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '')

/** A positive id given as number or digit string, else null. */
function idOf(v: unknown): number | null {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : ''
  return /^\d{1,10}$/.test(s) && +s >= 1 && +s <= PG_INTEGER_MAX ? +s : null
}

// ---- paging ------------------------------------------------------------------------------------------

/**
 * The page a list asks for: always one page (page 1 without `page`), `per_page` up to PER_PAGE_MAX,
 * `q`, `sort` and `dir` checked as the paged lists do (api/paged.ts, the same messages).
 */
function pageOf(c: Context<ApiEnv>, columns: ListColumns): PageQuery {
  const errors: Record<string, string[]> = {}
  const whole = (raw: string, min: number, max: number) => (/^\d{1,9}$/.test(raw) && +raw >= min && +raw <= max ? +raw : null)
  const rawPage = (c.req.query('page') ?? '').trim()
  const page = rawPage === '' ? 1 : whole(rawPage, 1, 1_000_000)
  if (page === null) errors.page = ['page harus bilangan bulat mulai dari 1.']
  const rawPer = (c.req.query('per_page') ?? '').trim()
  const perPage = rawPer === '' ? PER_PAGE_DEFAULT : whole(rawPer, 1, PER_PAGE_MAX)
  if (perPage === null) errors.per_page = [`per_page harus bilangan bulat 1 sampai ${PER_PAGE_MAX}.`]
  const rawSort = (c.req.query('sort') ?? '').trim()
  const sort = rawSort === '' ? null : rawSort
  if (sort !== null && !Object.hasOwn(columns.sort, sort)) {
    errors.sort = [`sort harus salah satu dari: ${Object.keys(columns.sort).join(', ')}.`]
  }
  const rawDir = (c.req.query('dir') ?? '').trim().toLowerCase()
  if (rawDir !== '' && rawDir !== 'asc' && rawDir !== 'desc') errors.dir = ['dir harus asc atau desc.']
  if (Object.keys(errors).length) throw invalid(errors)
  const q = (c.req.query('q') ?? '').trim().slice(0, 200)
  return { page: page!, perPage: perPage!, q, sort, dir: rawDir === 'desc' ? 'desc' : 'asc', searchIn: null }
}

const metaOf = (q: PageQuery, total: number) => ({
  total,
  page: q.page,
  per_page: q.perPage,
  last_page: Math.max(1, Math.ceil(total / q.perPage)),
})

// ---- the master ------------------------------------------------------------------------------------

export type Part = {
  id: number
  kode_suku_cadang: string
  nama: string
  satuan: string
  kategori: string | null
  stok_minimum: number
  stok: number
  nilai_stok: number
  harga_rata_rata: number
  created_at: string
  updated_at: string
}

const partsFrom = (db: DB) =>
  db.q
    .selectFrom('suku_cadang as sc')
    .select([
      'sc.id',
      'sc.kode_suku_cadang',
      'sc.nama',
      'sc.satuan',
      'sc.kategori',
      'sc.stok_minimum',
      'sc.stok',
      'sc.nilai_stok',
      'sc.created_at',
      'sc.updated_at',
    ])

type PartRow = Awaited<ReturnType<ReturnType<typeof partsFrom>['executeTakeFirstOrThrow']>>

const partOf = (r: PartRow): Part => {
  const stok = Number(r.stok)
  const nilai = Number(r.nilai_stok)
  return {
    id: r.id,
    kode_suku_cadang: r.kode_suku_cadang,
    nama: r.nama,
    satuan: r.satuan,
    kategori: r.kategori,
    stok_minimum: Number(r.stok_minimum),
    stok,
    nilai_stok: nilai,
    harga_rata_rata: averageCost(stok, nilai),
    created_at: String(r.created_at),
    updated_at: String(r.updated_at),
  }
}

export async function partOne(db: DB, id: number): Promise<Part> {
  const row = await partsFrom(db).where('sc.id', '=', id).executeTakeFirst()
  if (!row) throw notFound('Suku Cadang')
  return partOf(row)
}

export const PART_COLUMNS: ListColumns = {
  search: [col('sc.kode_suku_cadang'), col('sc.nama')],
  sort: {
    kode_suku_cadang: { expr: col('sc.kode_suku_cadang'), text: true },
    nama: { expr: col('sc.nama'), text: true },
    satuan: { expr: col('sc.satuan'), text: true },
    kategori: { expr: col('sc.kategori'), text: true },
    stok_minimum: { expr: col('sc.stok_minimum') },
    stok: { expr: col('sc.stok') },
    nilai_stok: { expr: col('sc.nilai_stok') },
  },
  order: [sql`lower(sc.nama)`, col('sc.id')],
}

/** 'At or below its minimum': a part with a minimum (> 0) whose stock is not above it. */
const BELOW_MINIMUM = sql<SqlBool>`(sc.stok_minimum > 0 AND sc.stok <= sc.stok_minimum)`

type PartFilter = { kategori: string | null; bawahMinimum: boolean }

function partFilter(c: Context<ApiEnv>): PartFilter {
  const kategori = (c.req.query('kategori') ?? '').trim()
  const raw = (c.req.query('bawah_minimum') ?? '').trim()
  if (raw !== '' && raw !== '0' && raw !== '1') throw invalid({ bawah_minimum: [MESSAGES.bawahMinimum] })
  return { kategori: kategori === '' ? null : kategori.slice(0, KATEGORI_MAX), bawahMinimum: raw === '1' }
}

/** One page of the parts of a filter, with the filter's totals (how many, their value, how many below minimum). */
export async function partsPage(db: DB, f: PartFilter, query: PageQuery) {
  const search = searchCondition(PART_COLUMNS, query)
  const matching = () =>
    db.q
      .selectFrom('suku_cadang as sc')
      .$if(search !== null, (qb) => qb.where(search!))
      .$if(f.kategori !== null, (qb) => qb.where((eb) => eb(caseBlind(eb.ref('sc.kategori')), '=', f.kategori!.toLowerCase())))
      .$if(f.bawahMinimum, (qb) => qb.where(BELOW_MINIMUM))
  const counted = await matching()
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>('sc.nilai_stok').as('jumlah_nilai'),
      sql<number>`SUM(CASE WHEN ${BELOW_MINIMUM} THEN 1 ELSE 0 END)`.as('bawah'),
    ])
    .executeTakeFirstOrThrow()
  const rows = await partsFrom(db)
    .where(
      'sc.id',
      'in',
      matching()
        .select('sc.id')
        .orderBy(pageOrder(PART_COLUMNS, query))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage),
    )
    .orderBy(pageOrder(PART_COLUMNS, query))
    .execute()
  return {
    data: rows.map(partOf),
    meta: {
      ...metaOf(query, Number(counted.total)),
      jumlah_nilai: Number(counted.jumlah_nilai ?? 0),
      jumlah_bawah_minimum: Number(counted.bawah ?? 0),
    },
  }
}

/** A part's values from a body, or 422 with every error; the name's uniqueness (without case) checked too. */
async function partValues(db: DB, body: Body, id: number | null) {
  const errors: Record<string, string[]> = {}
  const nama = textOf(body.nama)
  if (nama === '') errors.nama = [MESSAGES.namaKosong]
  else if (nama.length > NAMA_MAX) errors.nama = [MESSAGES.namaPanjang]
  else {
    const same = await db.q
      .selectFrom('suku_cadang')
      .select('id')
      .where((eb) => eb(caseBlind(eb.ref('nama')), '=', nama.toLowerCase()))
      .$if(id !== null, (qb) => qb.where('id', '<>', id!))
      .executeTakeFirst()
    if (same) errors.nama = [MESSAGES.namaAda]
  }
  const satuanText = textOf(body.satuan).toLowerCase()
  const satuan = SATUAN.find((s) => s === satuanText)
  if (!satuan) errors.satuan = [MESSAGES.satuan]
  const kategori = blank(body.kategori) ? null : textOf(body.kategori)
  if (kategori !== null && kategori.length > KATEGORI_MAX) errors.kategori = [MESSAGES.kategoriPanjang]
  let stokMinimum = 0
  if (!blank(body.stok_minimum)) {
    const r = readWhole(body.stok_minimum, { label: 'Stok Minimum', min: 0, max: STOK_MINIMUM_MAX })
    if (r.ok) stokMinimum = r.value
    else errors.stok_minimum = [MESSAGES.stokMinimum]
  }
  if (Object.keys(errors).length) throw invalid(errors)
  return { nama, satuan: satuan!, kategori, stok_minimum: stokMinimum }
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

/** How many documents name a part: its ledger's documents, or its lines' when more (they are in the ledger too). */
async function partUses(db: DB, id: number): Promise<number> {
  const ledger = await db.q
    .selectFrom(db.q.selectFrom('mutasi_suku_cadang').select(['jenis', 'dokumen_id']).distinct().where('suku_cadang_id', '=', id).as('d'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const distinct = (table: 'detail_pembelian_suku_cadang' | 'detail_perintah_kerja_part', key: string) =>
    db.q
      .selectFrom(table)
      .select(sql<number>`COUNT(DISTINCT ${sql.ref(key)})`.as('n'))
      .where('suku_cadang_id', '=', id)
      .executeTakeFirstOrThrow()
  const pembelian = await distinct('detail_pembelian_suku_cadang', 'pembelian_suku_cadang_id')
  const pk = await distinct('detail_perintah_kerja_part', 'perintah_kerja_id')
  const opname = await db.q
    .selectFrom('stok_opname')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('suku_cadang_id', '=', id)
    .executeTakeFirstOrThrow()
  return Math.max(Number(ledger.n), Number(pembelian.n) + Number(pk.n) + Number(opname.n))
}

// ---- Pembelian Suku Cadang -------------------------------------------------------------------------

type PurchaseLine = { suku_cadang_id: number; jumlah: number; harga: number; subtotal: number }
type PurchaseInput = { supplier_id: number; tanggal_awal: string | null; keterangan: string | null; detail: PurchaseLine[] }

const HARGA_RULE: WholeRule = rupiahRule('Harga')

/** The lines of `detail`: a list, or an object keyed 0, 1 … (a form's detail[0][…]). */
function linesOf(v: unknown): Record<string, unknown>[] {
  const list = Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : []
  return list.map((l: unknown) => (l && typeof l === 'object' ? (l as Record<string, unknown>) : {}))
}

/** A purchase's values from a body, or 422 with every error (lines under detail.N.field). */
async function purchaseValues(db: DB, body: Body): Promise<PurchaseInput> {
  const errors: Record<string, string[]> = {}
  const add = (field: string, msg: string) => (errors[field] ??= []).push(msg)
  const supplierId = idOf(body.supplier_id)
  if (supplierId === null) add('supplier_id', MESSAGES.supplierKosong)
  else if (!(await db.q.selectFrom('supplier').select('id').where('id', '=', supplierId).executeTakeFirst()))
    add('supplier_id', MESSAGES.supplierTidakAda)
  let tanggal: string | null = null
  if (!blank(body.tanggal_awal)) {
    tanggal = textOf(body.tanggal_awal)
    if (!isCalendarDate(tanggal)) add('tanggal_awal', MESSAGES.tanggal)
  }
  const keterangan = blank(body.keterangan) ? null : textOf(body.keterangan)
  if (keterangan !== null && keterangan.length > KETERANGAN_MAX) add('keterangan', MESSAGES.keteranganPanjang)
  const raw = linesOf(body.detail)
  if (!raw.length) add('detail', MESSAGES.detailKosong)
  if (raw.length > MAX_LINES) add('detail', MESSAGES.detailBanyak)
  const ids = raw.map((l) => idOf(l.suku_cadang_id))
  const wanted = [...new Set(ids.filter((i) => i !== null))]
  const known = new Set(
    wanted.length ? (await db.q.selectFrom('suku_cadang').select('id').where('id', 'in', wanted).execute()).map((r) => r.id) : [],
  )
  const detail: PurchaseLine[] = []
  raw.slice(0, MAX_LINES).forEach((l, i) => {
    const id = ids[i]!
    if (blank(l.suku_cadang_id)) add(`detail.${i}.suku_cadang_id`, MESSAGES.partKosong)
    else if (id === null || !known.has(id)) add(`detail.${i}.suku_cadang_id`, MESSAGES.partTidakAda)
    const jumlah = readWhole(l.jumlah, { label: 'Jumlah', min: 1, max: JUMLAH_MAX })
    if (!jumlah.ok) add(`detail.${i}.jumlah`, MESSAGES.jumlah)
    const harga = blank(l.harga) ? ({ ok: true, value: 0 } as const) : readWhole(l.harga, HARGA_RULE)
    if (!harga.ok) add(`detail.${i}.harga`, harga.why === 'not-number' ? MESSAGES.hargaAngka : boundMessage(harga.why, HARGA_RULE))
    if (id !== null && jumlah.ok && harga.ok) {
      detail.push({ suku_cadang_id: id, jumlah: jumlah.value, harga: harga.value, subtotal: jumlah.value * harga.value })
    }
  })
  const grandTotal = detail.reduce((s, l) => s + l.subtotal, 0)
  if (grandTotal > RUPIAH_MAX) add('detail', MESSAGES.grandTotal)
  if (Object.keys(errors).length) throw invalid(errors)
  return { supplier_id: supplierId!, tanggal_awal: tanggal, keterangan, detail }
}

const purchasesFrom = (db: DB) =>
  db.q
    .selectFrom('pembelian_suku_cadang as p')
    .leftJoin('supplier as s', 's.id', 'p.supplier_id')
    .select([
      'p.id',
      'p.kode_pembelian_suku_cadang',
      'p.supplier_id',
      'p.tanggal_awal',
      'p.keterangan',
      'p.grand_total',
      'p.status',
      'p.created_at',
      'p.updated_at',
      's.kode_supplier',
      's.nama_supp',
      's.alamat',
      's.telp',
    ])

type PurchaseRow = Awaited<ReturnType<ReturnType<typeof purchasesFrom>['executeTakeFirstOrThrow']>>

/** The lines of some purchases with their part's code, name and unit, by purchase then line id. */
async function linesOfPurchases(db: DB, ids: readonly number[]) {
  if (!ids.length) return new Map<number, unknown[]>()
  const rows = await db.q
    .selectFrom('detail_pembelian_suku_cadang as d')
    .innerJoin('suku_cadang as sc', 'sc.id', 'd.suku_cadang_id')
    .select([
      'd.id',
      'd.pembelian_suku_cadang_id',
      'd.suku_cadang_id',
      'sc.kode_suku_cadang',
      'sc.nama',
      'sc.satuan',
      'd.jumlah',
      'd.harga',
      'd.subtotal',
    ])
    .where('d.pembelian_suku_cadang_id', 'in', [...ids])
    .orderBy('d.pembelian_suku_cadang_id')
    .orderBy('d.id')
    .execute()
  const byPurchase = new Map<number, unknown[]>()
  for (const { pembelian_suku_cadang_id: p, ...line } of rows) {
    const list = byPurchase.get(p) ?? []
    list.push({ ...line, jumlah: Number(line.jumlah), harga: Number(line.harga), subtotal: Number(line.subtotal) })
    byPurchase.set(p, list)
  }
  return byPurchase
}

const purchaseOf = (r: PurchaseRow, detail: unknown[]) => ({
  id: r.id,
  kode_pembelian_suku_cadang: r.kode_pembelian_suku_cadang,
  supplier_id: r.supplier_id,
  tanggal_awal: String(r.tanggal_awal),
  keterangan: r.keterangan,
  grand_total: Number(r.grand_total),
  status: r.status,
  created_at: String(r.created_at),
  updated_at: String(r.updated_at),
  supplier:
    r.kode_supplier === null
      ? null
      : { id: r.supplier_id, kode_supplier: r.kode_supplier, nama_supp: r.nama_supp, alamat: r.alamat, telp: r.telp },
  detail,
})

export async function loadPurchase(db: DB, id: number) {
  const row = await purchasesFrom(db).where('p.id', '=', id).executeTakeFirst()
  if (!row) return null
  const lines = await linesOfPurchases(db, [id])
  return purchaseOf(row, lines.get(id) ?? [])
}

export const PURCHASE_COLUMNS: ListColumns = {
  search: [col('p.kode_pembelian_suku_cadang'), col('s.nama_supp'), sql`CAST(p.grand_total AS TEXT)`],
  sort: {
    kode_pembelian_suku_cadang: { expr: col('p.kode_pembelian_suku_cadang'), text: true },
    nama_supp: { expr: col('s.nama_supp'), text: true },
    grand_total: { expr: col('p.grand_total') },
    status: { expr: col('p.status'), text: true },
    tanggal: { expr: col('p.tanggal_awal') },
  },
  order: [sql`p.id DESC`],
}

async function purchasesPage(c: Context<ApiEnv>) {
  const db = c.get('db')
  const f = docFilter(c)
  const query = pageOf(c, PURCHASE_COLUMNS)
  const search = searchCondition(PURCHASE_COLUMNS, query)
  const matching = () =>
    db.q
      .selectFrom('pembelian_suku_cadang as p')
      .leftJoin('supplier as s', 's.id', 'p.supplier_id')
      .$if(f.from !== null && f.to !== null, (qb) => qb.where('p.tanggal_awal', '>=', f.from!).where('p.tanggal_awal', '<=', f.to!))
      .$if(f.status !== null, (qb) => qb.where('p.status', '=', f.status!))
      .$if(search !== null, (qb) => qb.where(search!))
  const counted = await matching()
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number | null>`SUM(CASE WHEN p.status = 'posting' THEN 1 ELSE 0 END)`.as('posting'),
      eb.fn.sum<number>('p.grand_total').as('grand_total'),
    ])
    .executeTakeFirstOrThrow()
  const order = pageOrder(PURCHASE_COLUMNS, query)
  const rows = await purchasesFrom(db)
    .where(
      'p.id',
      'in',
      matching()
        .select('p.id')
        .orderBy(order)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage),
    )
    .orderBy(order)
    .execute()
  const lines = await linesOfPurchases(
    db,
    rows.map((r) => r.id),
  )
  return {
    data: rows.map((r) => purchaseOf(r, lines.get(r.id) ?? [])),
    meta: {
      ...metaOf(query, Number(counted.total)),
      posting: Number(counted.posting ?? 0),
      grand_total: Number(counted.grand_total ?? 0),
    },
  }
}

/** The purchase's row locked, or 404; 409 when posted. */
async function lockEditable(db: DB, id: number, verb: 'diubah' | 'dihapus') {
  const row = await db.q
    .selectFrom('pembelian_suku_cadang')
    .select(['id', 'status', 'kode_pembelian_suku_cadang', 'tanggal_awal'])
    .where('id', '=', id)
    .$call(forUpdate(db))
    .executeTakeFirst()
  if (!row) throw notFound('Pembelian suku cadang')
  if (row.status === 'posting') throw conflict(postedMessage(verb))
  return row
}

/** Locks the parts' rows in id order first (two writes on the same parts never wait on each other in a circle). */
async function lockParts(db: DB, ids: Iterable<number>) {
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) await lockPart(db, id)
}

const oldLinesOf = (db: DB, id: number) =>
  db.q
    .selectFrom('detail_pembelian_suku_cadang')
    .select(['id', 'suku_cadang_id', 'jumlah', 'subtotal'])
    .where('pembelian_suku_cadang_id', '=', id)
    .orderBy('id')
    .execute()

/**
 * Takes a purchase's old lines back out of the stock (each at its own value: api/stock.ts), a
 * refusal named on the field of the line of `fieldOf`.
 */
async function undoLines(
  db: DB,
  doc: { id: number; kode: string; tanggal: string },
  old: { suku_cadang_id: number; jumlah: number; subtotal: number }[],
  keterangan: string,
  userId: number,
  fieldOf: (line: { suku_cadang_id: number }, i: number) => string,
) {
  for (const [i, l] of old.entries()) {
    await move(db, {
      partId: l.suku_cadang_id,
      tanggal: doc.tanggal,
      jenis: 'pembelian',
      dokumenId: doc.id,
      kodeDokumen: doc.kode,
      jumlah: -Number(l.jumlah),
      nilai: Number(l.subtotal),
      keterangan,
      userId,
      field: fieldOf(l, i),
    })
  }
}

async function applyLines(db: DB, doc: { id: number; kode: string; tanggal: string }, lines: PurchaseLine[], userId: number) {
  for (const [i, l] of lines.entries()) {
    await db.q
      .insertInto('detail_pembelian_suku_cadang')
      .values({
        pembelian_suku_cadang_id: doc.id,
        suku_cadang_id: l.suku_cadang_id,
        jumlah: l.jumlah,
        harga: l.harga,
        subtotal: l.subtotal,
      })
      .execute()
    await move(db, {
      partId: l.suku_cadang_id,
      tanggal: doc.tanggal,
      jenis: 'pembelian',
      dokumenId: doc.id,
      kodeDokumen: doc.kode,
      jumlah: l.jumlah,
      nilai: l.subtotal,
      userId,
      field: `detail.${i}.jumlah`,
    })
  }
}

// ---- Kartu Stok --------------------------------------------------------------------------------------

async function kartuStok(c: Context<ApiEnv>) {
  const db = c.get('db')
  const id = idParam(c, 'id', 'Suku Cadang')
  const f = docFilter(c)
  const query = pageOf(c, { search: [], sort: {}, order: [] })
  const part = await partOne(db, id)
  const inRange = () =>
    db.q
      .selectFrom('mutasi_suku_cadang as m')
      .where('m.suku_cadang_id', '=', id)
      .$if(f.from !== null && f.to !== null, (qb) => qb.where('m.tanggal', '>=', f.from!).where('m.tanggal', '<=', f.to!))
  const counted = await inRange()
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.min<number>('m.id').as('first')])
    .executeTakeFirstOrThrow()
  // The balance before the range: before its first row; a range without rows, after the last row
  // dated before it (none: 0).
  let saldoAwal = 0
  let nilaiSaldoAwal = 0
  if (counted.first !== null && counted.first !== undefined) {
    const first = await db.q
      .selectFrom('mutasi_suku_cadang')
      .select(['masuk', 'keluar', 'nilai', 'saldo', 'nilai_saldo'])
      .where('id', '=', Number(counted.first))
      .executeTakeFirstOrThrow()
    saldoAwal = Number(first.saldo) - Number(first.masuk) + Number(first.keluar)
    nilaiSaldoAwal = Number(first.nilai_saldo) - Number(first.nilai)
  } else if (f.from !== null) {
    const before = await db.q
      .selectFrom('mutasi_suku_cadang')
      .select(['saldo', 'nilai_saldo'])
      .where('suku_cadang_id', '=', id)
      .where('tanggal', '<', f.from)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    if (before) [saldoAwal, nilaiSaldoAwal] = [Number(before.saldo), Number(before.nilai_saldo)]
  }
  const rows = await inRange()
    .select([
      'm.id',
      'm.tanggal',
      'm.jenis',
      'm.dokumen_id',
      'm.kode_dokumen',
      'm.masuk',
      'm.keluar',
      'm.nilai',
      'm.saldo',
      'm.nilai_saldo',
      'm.keterangan',
      'm.created_at',
    ])
    .orderBy('m.id')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute()
  return {
    data: rows.map((r) => ({
      ...r,
      tanggal: String(r.tanggal),
      masuk: Number(r.masuk),
      keluar: Number(r.keluar),
      nilai: Number(r.nilai),
      saldo: Number(r.saldo),
      nilai_saldo: Number(r.nilai_saldo),
      created_at: String(r.created_at),
    })),
    meta: { ...metaOf(query, Number(counted.total)), part, saldo_awal: saldoAwal, nilai_saldo_awal: nilaiSaldoAwal },
  }
}

// ---- Stok Opname -------------------------------------------------------------------------------------

const opnamesFrom = (db: DB) =>
  db.q
    .selectFrom('stok_opname as o')
    .innerJoin('suku_cadang as sc', 'sc.id', 'o.suku_cadang_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.kode_stok_opname',
      'o.suku_cadang_id',
      'sc.kode_suku_cadang',
      'sc.nama',
      'sc.satuan',
      'o.tanggal',
      'o.stok_sistem',
      'o.stok_fisik',
      'o.selisih',
      'o.nilai_selisih',
      'o.alasan',
      'o.user_id',
      'u.kode_user',
      'o.created_at',
    ])

type OpnameRow = Awaited<ReturnType<ReturnType<typeof opnamesFrom>['executeTakeFirstOrThrow']>>

const opnameOf = (r: OpnameRow) => ({
  id: r.id,
  kode_stok_opname: r.kode_stok_opname,
  suku_cadang_id: r.suku_cadang_id,
  suku_cadang: { id: r.suku_cadang_id, kode_suku_cadang: r.kode_suku_cadang, nama: r.nama, satuan: r.satuan },
  tanggal: String(r.tanggal),
  stok_sistem: Number(r.stok_sistem),
  stok_fisik: Number(r.stok_fisik),
  selisih: Number(r.selisih),
  nilai_selisih: Number(r.nilai_selisih),
  alasan: r.alasan,
  user_id: r.user_id,
  kode_user: r.kode_user,
  created_at: String(r.created_at),
})

const OPNAME_COLUMNS: ListColumns = {
  search: [col('o.kode_stok_opname'), col('sc.kode_suku_cadang'), col('sc.nama')],
  sort: {
    tanggal: { expr: col('o.tanggal') },
    kode_stok_opname: { expr: col('o.kode_stok_opname'), text: true },
    nama: { expr: col('sc.nama'), text: true },
    selisih: { expr: col('o.selisih') },
    nilai_selisih: { expr: col('o.nilai_selisih') },
  },
  order: [sql`o.id DESC`],
}

/** Applies a count: the difference through the ledger (jenis 'opname'), stored with the count. */
async function simpanOpname(db: DB, userId: number, body: Body) {
  const errors: Record<string, string[]> = {}
  const partId = idOf(body.suku_cadang_id)
  if (partId === null) errors.suku_cadang_id = [blank(body.suku_cadang_id) ? MESSAGES.partKosong : MESSAGES.partTidakAda]
  let tanggal = today()
  if (!blank(body.tanggal)) {
    tanggal = textOf(body.tanggal)
    if (!isCalendarDate(tanggal)) errors.tanggal = [MESSAGES.tanggal]
  }
  let fisik = 0
  if (blank(body.stok_fisik)) errors.stok_fisik = [MESSAGES.stokFisikKosong]
  else {
    const r = readWhole(body.stok_fisik, { label: 'Stok Fisik', min: 0, max: JUMLAH_MAX })
    if (r.ok) fisik = r.value
    else errors.stok_fisik = [MESSAGES.stokFisik]
  }
  const alasan = textOf(body.alasan)
  if (alasan === '') errors.alasan = [MESSAGES.alasanKosong]
  else if (alasan.length > KETERANGAN_MAX) errors.alasan = [MESSAGES.alasanPanjang]
  if (Object.keys(errors).length) throw invalid(errors)
  return await db.tx(async () => {
    const part = await lockPart(db, partId!)
    if (!part) throw invalid({ suku_cadang_id: [MESSAGES.partTidakAda] })
    const stok = Number(part.stok)
    const selisih = fisik - stok
    const kode = await nextCode(db, 'stok_opname')
    const { id } = await db.q
      .insertInto('stok_opname')
      .values({
        kode_stok_opname: kode,
        suku_cadang_id: partId!,
        tanggal,
        stok_sistem: stok,
        stok_fisik: fisik,
        selisih,
        nilai_selisih: 0,
        alasan,
        user_id: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (selisih !== 0) {
      // A count above the books: the extra units at the average cost, or at the last purchase's
      // price when the shelf was empty (no average then).
      let nilai: number | undefined
      if (selisih > 0) {
        let harga = averageCost(stok, Number(part.nilai_stok))
        if (stok === 0) {
          // The ledger's last purchase in (a deleted purchase's price is still the last one paid).
          const last = await db.q
            .selectFrom('mutasi_suku_cadang')
            .select(['nilai', 'masuk'])
            .where('suku_cadang_id', '=', partId!)
            .where('jenis', '=', 'pembelian')
            .where('masuk', '>', 0)
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst()
          harga = last ? Math.round(Number(last.nilai) / Number(last.masuk)) : 0
        }
        nilai = harga * selisih
      }
      const moved = await move(db, {
        partId: partId!,
        tanggal,
        jenis: 'opname',
        dokumenId: id,
        kodeDokumen: kode,
        jumlah: selisih,
        nilai,
        keterangan: alasan,
        userId,
        field: 'stok_fisik',
      })
      await db.q.updateTable('stok_opname').set({ nilai_selisih: moved.nilai }).where('id', '=', id).execute()
    }
    return id
  })
}

// ---- routes ------------------------------------------------------------------------------------------

export function sukuCadangRoutes() {
  const r = new Hono<ApiEnv>()

  r.get('/suku-cadang', async (c) => c.json(await partsPage(c.get('db'), partFilter(c), pageOf(c, PART_COLUMNS))))
  r.get('/suku-cadang/:id', async (c) => c.json({ data: await partOne(c.get('db'), idParam(c, 'id', 'Suku Cadang')) }))

  r.post('/suku-cadang', async (c) => {
    const db = c.get('db')
    const body = await readBody(c)
    const id = await uniqueName(db, async () => {
      const values = await partValues(db, body, null)
      const row = await db.q
        .insertInto('suku_cadang')
        .values({ kode_suku_cadang: await nextCode(db, 'suku_cadang'), ...values })
        .returning('id')
        .executeTakeFirstOrThrow()
      return row.id
    })
    return c.json({ message: 'Suku Cadang berhasil ditambahkan.', data: await partOne(db, id) }, 201)
  })

  r.put('/suku-cadang/:id', async (c) => {
    const db = c.get('db')
    const id = idParam(c, 'id', 'Suku Cadang')
    const body = await readBody(c)
    await uniqueName(db, async () => {
      if (!(await lockPart(db, id))) throw notFound('Suku Cadang')
      const values = await partValues(db, body, id)
      await db.q
        .updateTable('suku_cadang')
        .set({ ...values, updated_at: nowMoment(db) })
        .where('id', '=', id)
        .execute()
    })
    return c.json({ message: 'Suku Cadang berhasil diperbarui.', data: await partOne(db, id) })
  })

  r.delete('/suku-cadang/:id', async (c) => {
    const db = c.get('db')
    const id = idParam(c, 'id', 'Suku Cadang')
    await db.tx(async () => {
      if (!(await lockPart(db, id))) throw notFound('Suku Cadang')
      const uses = await partUses(db, id)
      if (uses > 0) throw conflict(dipakaiMessage(uses))
      await db.q.deleteFrom('suku_cadang').where('id', '=', id).execute()
    })
    return c.json({ message: 'Suku Cadang berhasil dihapus.' })
  })

  r.get('/suku-cadang/:id/kartu-stok', async (c) => c.json(await kartuStok(c)))

  r.get('/stok-suku-cadang', async (c) => c.json(await partsPage(c.get('db'), partFilter(c), pageOf(c, PART_COLUMNS))))

  r.get('/pembelian-suku-cadang', async (c) => c.json(await purchasesPage(c)))

  r.get('/pembelian-suku-cadang/:id', async (c) => {
    const data = await loadPurchase(c.get('db'), idParam(c, 'id', 'Pembelian suku cadang'))
    if (!data) throw notFound('Pembelian suku cadang')
    return c.json({ data })
  })

  r.post('/pembelian-suku-cadang', async (c) => {
    const db = c.get('db')
    const body = await readBody(c)
    const user = c.get('user')
    const input = await purchaseValues(db, body)
    const id = await db.tx(async () => {
      await lockParts(
        db,
        input.detail.map((l) => l.suku_cadang_id),
      )
      const kode = await nextCode(db, 'pembelian_suku_cadang')
      const tanggal = input.tanggal_awal ?? today()
      const { id } = await db.q
        .insertInto('pembelian_suku_cadang')
        .values({
          kode_pembelian_suku_cadang: kode,
          supplier_id: input.supplier_id,
          tanggal_awal: tanggal,
          keterangan: input.keterangan,
          grand_total: input.detail.reduce((s, l) => s + l.subtotal, 0),
          status: 'unpost',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await applyLines(db, { id, kode, tanggal }, input.detail, user.id)
      await recordAudit(db, user, { entitas: 'pembelian_suku_cadang', entitasId: id, aksi: 'dibuat' })
      return id
    })
    return c.json({ message: 'Pembelian suku cadang berhasil ditambahkan.', data: await loadPurchase(db, id) }, 201)
  })

  r.put('/pembelian-suku-cadang/:id', async (c) => {
    const db = c.get('db')
    const id = idParam(c, 'id', 'Pembelian suku cadang')
    const body = await readBody(c)
    const user = c.get('user')
    await lockEditable(db, id, 'diubah')
    const input = await purchaseValues(db, body)
    await db.tx(async () => {
      const doc = await lockEditable(db, id, 'diubah')
      const old = await oldLinesOf(db, id)
      await lockParts(db, [...old.map((l) => l.suku_cadang_id), ...input.detail.map((l) => l.suku_cadang_id)])
      const tanggal = input.tanggal_awal ?? String(doc.tanggal_awal)
      const ref = { id, kode: doc.kode_pembelian_suku_cadang, tanggal }
      // The new lines in first, then the old ones out: an edit that only changes a price or adds to
      // a line is never refused because work orders took some of the old lines meanwhile.
      await db.q.deleteFrom('detail_pembelian_suku_cadang').where('pembelian_suku_cadang_id', '=', id).execute()
      await applyLines(db, ref, input.detail, user.id)
      await undoLines(db, { ...ref, tanggal: String(doc.tanggal_awal) }, old, 'Dokumen diubah', user.id, (l, i) => {
        const j = input.detail.findIndex((n) => n.suku_cadang_id === l.suku_cadang_id)
        return `detail.${j >= 0 ? j : i}.jumlah`
      })
      await db.q
        .updateTable('pembelian_suku_cadang')
        .set({
          supplier_id: input.supplier_id,
          tanggal_awal: tanggal,
          keterangan: input.keterangan,
          grand_total: input.detail.reduce((s, l) => s + l.subtotal, 0),
          updated_at: nowMoment(db),
        })
        .where('id', '=', id)
        .execute()
      await recordAudit(db, user, { entitas: 'pembelian_suku_cadang', entitasId: id, aksi: 'diubah' })
    })
    return c.json({ message: 'Pembelian suku cadang berhasil diperbarui.', data: await loadPurchase(db, id) })
  })

  r.delete('/pembelian-suku-cadang/:id', async (c) => {
    const db = c.get('db')
    const id = idParam(c, 'id', 'Pembelian suku cadang')
    const user = c.get('user')
    await db.tx(async () => {
      const doc = await lockEditable(db, id, 'dihapus')
      const old = await oldLinesOf(db, id)
      await lockParts(
        db,
        old.map((l) => l.suku_cadang_id),
      )
      const ref = { id, kode: doc.kode_pembelian_suku_cadang, tanggal: String(doc.tanggal_awal) }
      await undoLines(db, ref, old, 'Dokumen dihapus', user.id, (_, i) => `detail.${i}.jumlah`)
      await db.q.deleteFrom('pembelian_suku_cadang').where('id', '=', id).execute()
      await recordAudit(db, user, { entitas: 'pembelian_suku_cadang', entitasId: id, aksi: 'hapus' })
    })
    return c.json({ message: 'Pembelian suku cadang berhasil dihapus.' })
  })

  statusRoutes(r, '/pembelian-suku-cadang', { table: 'pembelian_suku_cadang', label: 'Pembelian suku cadang', load: loadPurchase })

  r.get('/stok-opname', async (c) => {
    const db = c.get('db')
    const f = docFilter(c)
    const query = pageOf(c, OPNAME_COLUMNS)
    const search = searchCondition(OPNAME_COLUMNS, query)
    const matching = () =>
      db.q
        .selectFrom('stok_opname as o')
        .innerJoin('suku_cadang as sc', 'sc.id', 'o.suku_cadang_id')
        .$if(f.from !== null && f.to !== null, (qb) => qb.where('o.tanggal', '>=', f.from!).where('o.tanggal', '<=', f.to!))
        .$if(search !== null, (qb) => qb.where(search!))
    const counted = await matching()
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>('o.nilai_selisih').as('nilai_selisih')])
      .executeTakeFirstOrThrow()
    const order = pageOrder(OPNAME_COLUMNS, query)
    const rows = await opnamesFrom(db)
      .where(
        'o.id',
        'in',
        matching()
          .select('o.id')
          .orderBy(order)
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
      )
      .orderBy(order)
      .execute()
    return c.json({
      data: rows.map(opnameOf),
      meta: { ...metaOf(query, Number(counted.total)), jumlah_nilai_selisih: Number(counted.nilai_selisih ?? 0) },
    })
  })

  r.post('/stok-opname', async (c) => {
    const db = c.get('db')
    const id = await simpanOpname(db, c.get('user').id, await readBody(c))
    const row = await opnamesFrom(db).where('o.id', '=', id).executeTakeFirstOrThrow()
    return c.json({ message: 'Stok opname berhasil disimpan.', data: opnameOf(row) }, 201)
  })

  return r
}

/** Its routes and the grants they need (api/routes/grants.ts takes them into its table). */
export const SUKU_CADANG_EXTENSION = {
  routes: sukuCadangRoutes,
  grants: {
    // The parts: their master, and the pickers of the purchase, the count and the work order.
    'GET /api/suku-cadang': read(
      SUKU_CADANG,
      PEMBELIAN_SUKU_CADANG,
      INQUERY_PEMBELIAN_SUKU_CADANG,
      STOK_SUKU_CADANG,
      STOK_OPNAME,
      ...PERINTAH_KERJA,
    ),
    'GET /api/suku-cadang/:id': read(
      SUKU_CADANG,
      PEMBELIAN_SUKU_CADANG,
      INQUERY_PEMBELIAN_SUKU_CADANG,
      STOK_SUKU_CADANG,
      STOK_OPNAME,
      ...PERINTAH_KERJA,
    ),
    'POST /api/suku-cadang': may('create', SUKU_CADANG),
    'PUT /api/suku-cadang/:id': may('update', SUKU_CADANG),
    'DELETE /api/suku-cadang/:id': may('delete', SUKU_CADANG),
    'GET /api/suku-cadang/:id/kartu-stok': read(STOK_SUKU_CADANG, SUKU_CADANG),
    'GET /api/stok-suku-cadang': read(STOK_SUKU_CADANG),
    'GET /api/pembelian-suku-cadang': read(PEMBELIAN_SUKU_CADANG, INQUERY_PEMBELIAN_SUKU_CADANG),
    'GET /api/pembelian-suku-cadang/:id': read(PEMBELIAN_SUKU_CADANG, INQUERY_PEMBELIAN_SUKU_CADANG),
    'POST /api/pembelian-suku-cadang': may('create', PEMBELIAN_SUKU_CADANG),
    'PUT /api/pembelian-suku-cadang/:id': may('update', PEMBELIAN_SUKU_CADANG, INQUERY_PEMBELIAN_SUKU_CADANG),
    'DELETE /api/pembelian-suku-cadang/:id': may('delete', PEMBELIAN_SUKU_CADANG, INQUERY_PEMBELIAN_SUKU_CADANG),
    'POST /api/pembelian-suku-cadang/:id/posting': either(
      may('posting', PEMBELIAN_SUKU_CADANG, INQUERY_PEMBELIAN_SUKU_CADANG),
      may('posting_all', INQUERY_PEMBELIAN_SUKU_CADANG),
    ),
    'POST /api/pembelian-suku-cadang/:id/unpost': either(
      may('unpost', PEMBELIAN_SUKU_CADANG, INQUERY_PEMBELIAN_SUKU_CADANG),
      may('unpost_all', INQUERY_PEMBELIAN_SUKU_CADANG),
    ),
    // Import of parts from a spreadsheet (api/routes/impor.ts; mounted with the extension 'impor').
    'POST /api/impor/suku-cadang': may('create', SUKU_CADANG),
    'GET /api/impor/suku-cadang/:id': may('create', SUKU_CADANG),
    'GET /api/impor/suku-cadang/:id/ditolak': may('create', SUKU_CADANG),
    'POST /api/impor/suku-cadang/:id/simpan': may('create', SUKU_CADANG),
    'DELETE /api/impor/suku-cadang/:id': may('create', SUKU_CADANG),
    'GET /api/stok-opname': read(STOK_OPNAME),
    'POST /api/stok-opname': may('create', STOK_OPNAME),
  },
  readers: {
    // The purchase form's supplier picker.
    'GET /api/supplier': [PEMBELIAN_SUKU_CADANG, INQUERY_PEMBELIAN_SUKU_CADANG],
  },
} satisfies { routes: () => Hono<ApiEnv> } & ExtensionGrants
