import { Hono, type Context } from 'hono'
import { sql, type RawBuilder, type SqlBool } from 'kysely'
import type { ApiEnv, AuthUser, DB } from '../types.ts'
import { nextCode } from '../codes.ts'
import { recordAudit } from '../audit.ts'
import { idParam, invalid, notFound, readBody, today, type Body } from '../http.ts'
import { forUpdate, nowMoment } from '../sql.ts'
import { boundMessage, PG_INTEGER_MAX, readWhole, RUPIAH_MAX, rupiahRule, type WholeRule } from '../numbers.ts'
import { askedPage, col, pageMeta, pageOrder, pageSlice, searchCondition, type ListColumns, type PageQuery } from '../paged.ts'
import { either, may, read, type ExtensionGrants } from '../grants.ts'
import { lockPart, move, notEnoughMessage } from '../stock.ts'
import { docFilter, statusRoutes, type DocFilter, type DocStatus } from './transaksi/common.ts'
import { followLatest, idOf, kmOf, lockVehicles, readingOrderErrors, tanggalOf } from './km-kendaraan.ts'

const PERINTAH_KERJA = '/admin/perintah-kerja'
const INQUERY_PERINTAH_KERJA = '/admin/inquery-perintah-kerja'
const KENDARAAN = '/admin/kendaraan'

/**
 * Work orders (the extension 'perintah-kerja'; docs/upstream-contract.md "Extensions: work orders"): a
 * document on one vehicle — its date, km, mechanic, the service items done, the parts taken from the
 * store, the labour — code PK000001 …, posted and unposted, with the audit trail.
 *
 * Saving one (Simpan) in one transaction: locks the vehicle; its km is a reading (`km_kendaraan`
 * sumber 'perintah_kerja', with the work order's id) checked as every reading is (api/routes/km-kendaraan.ts
 * readingOrderErrors) and the vehicle's km follows its latest reading; the parts leave the store
 * through the ledger (api/stock.ts `move`) at their moving average cost then, which the line keeps as
 * its price (harga) and value (subtotal). Every part line is checked against the stock on hand first
 * (two lines of one part count together) and refused line by line. Changing or deleting an unposted
 * work order gives its parts back first (a movement in at the value they took, 'Dokumen diubah' /
 * 'Dokumen dihapus') and its reading goes; posting locks it. Its service lines reset those items' due
 * (api/routes/jadwal-servis.ts servisTerakhir).
 */

const LABEL = 'Perintah Kerja'
/** Lines one work order holds at most, of each kind. */
export const MAX_LINES = 100

export const MESSAGES = {
  kosong: 'Tambahkan minimal satu item servis, suku cadang atau jasa.',
  banyak: `Paling banyak ${MAX_LINES} baris.`,
  kendaraanKosong: 'Kendaraan harus dipilih.',
  kendaraanTidakAda: 'Kendaraan tidak ditemukan.',
  mekanikTidakValid: 'Mekanik tidak valid.',
  mekanikTidakAda: 'Mekanik tidak ditemukan.',
  keteranganPanjang: 'Keterangan paling banyak 255 karakter.',
  itemKosong: 'Item servis harus dipilih.',
  itemTidakAda: 'Item servis tidak ditemukan.',
  itemGanda: 'Item servis ini sudah ada di baris lain.',
  partKosong: 'Suku cadang harus dipilih.',
  partTidakAda: 'Suku cadang tidak ditemukan.',
  jumlahTidakValid: 'Jumlah harus bilangan bulat 1 atau lebih.',
  uraianKosong: 'Uraian jasa tidak boleh kosong.',
  uraianPanjang: 'Uraian jasa paling banyak 255 karakter.',
  biayaTidakValid: 'Biaya harus berupa angka Rupiah.',
  totalBesar: `Total paling banyak Rp ${RUPIAH_MAX.toLocaleString('id-ID')}.`,
  postedChange: 'Perintah Kerja sudah diposting dan tidak dapat diubah.',
  postedDelete: 'Perintah Kerja sudah diposting dan tidak dapat dihapus.',
} as const

// ---- the answer -------------------------------------------------------------------------------------

/** The work orders with their vehicle (and its type) and mechanic: `p` the work order, `k`, `j`, `m`. */
const headersOf = (db: DB) =>
  db.q
    .selectFrom('perintah_kerja as p')
    .innerJoin('kendaraan as k', 'k.id', 'p.kendaraan_id')
    .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')
    .leftJoin('karyawan as m', 'm.id', 'p.karyawan_id')
    .select([
      'p.id',
      'p.kode_perintah_kerja',
      'p.kendaraan_id',
      'p.tanggal_awal',
      'p.km',
      'p.karyawan_id',
      'p.keterangan',
      'p.total_suku_cadang',
      'p.total_jasa',
      'p.grand_total',
      'p.status',
      'p.created_at',
      'p.updated_at',
      'k.kode_kendaraan',
      'k.no_pol',
      'k.no_kabin',
      'j.nama_jenis_kendaraan',
      'm.nama_lengkap',
    ])

type HeaderRow = Awaited<ReturnType<ReturnType<typeof headersOf>['executeTakeFirstOrThrow']>>

const headerOf = (r: HeaderRow) => ({
  id: r.id,
  kode_perintah_kerja: r.kode_perintah_kerja,
  kendaraan_id: r.kendaraan_id,
  tanggal_awal: r.tanggal_awal,
  km: Number(r.km),
  karyawan_id: r.karyawan_id,
  keterangan: r.keterangan,
  total_suku_cadang: Number(r.total_suku_cadang),
  total_jasa: Number(r.total_jasa),
  grand_total: Number(r.grand_total),
  status: r.status as DocStatus,
  created_at: r.created_at,
  updated_at: r.updated_at,
  kendaraan: {
    id: r.kendaraan_id,
    kode_kendaraan: r.kode_kendaraan,
    no_pol: r.no_pol,
    no_kabin: r.no_kabin,
    jenis: r.nama_jenis_kendaraan ?? null,
  },
  mekanik: r.karyawan_id !== null && r.nama_lengkap != null ? { id: r.karyawan_id, nama: r.nama_lengkap } : null,
})

/** A work order with its lines (servis, parts, jasa, each in the order saved), or null. */
export async function loadPerintahKerja(db: DB, id: number) {
  const row = await headersOf(db).where('p.id', '=', id).executeTakeFirst()
  if (!row) return null
  const servis = await db.q
    .selectFrom('detail_perintah_kerja_servis as d')
    .innerJoin('item_servis as i', 'i.id', 'd.item_servis_id')
    .select(['d.id', 'd.item_servis_id', 'i.kode_item_servis', 'i.nama'])
    .where('d.perintah_kerja_id', '=', id)
    .orderBy('d.id')
    .execute()
  const parts = await db.q
    .selectFrom('detail_perintah_kerja_part as d')
    .innerJoin('suku_cadang as s', 's.id', 'd.suku_cadang_id')
    .select(['d.id', 'd.suku_cadang_id', 's.kode_suku_cadang', 's.nama', 's.satuan', 'd.jumlah', 'd.harga', 'd.subtotal'])
    .where('d.perintah_kerja_id', '=', id)
    .orderBy('d.id')
    .execute()
  const jasa = await db.q
    .selectFrom('detail_perintah_kerja_jasa')
    .select(['id', 'uraian', 'biaya'])
    .where('perintah_kerja_id', '=', id)
    .orderBy('id')
    .execute()
  return {
    ...headerOf(row),
    servis,
    parts: parts.map((p) => ({ ...p, jumlah: Number(p.jumlah), harga: Number(p.harga), subtotal: Number(p.subtotal) })),
    jasa: jasa.map((j) => ({ ...j, biaya: Number(j.biaya) })),
  }
}

// ---- the list ---------------------------------------------------------------------------------------

/** The list: searched by code, No Pol, No Kabin; newest first unless sorted. */
export const PERINTAH_KERJA_COLUMNS: ListColumns = {
  search: [col('p.kode_perintah_kerja'), col('k.no_pol'), col('k.no_kabin')],
  sort: {
    id: { expr: col('p.id') },
    kode_perintah_kerja: { expr: col('p.kode_perintah_kerja'), text: true },
    tanggal_awal: { expr: col('p.tanggal_awal') },
    no_kabin: { expr: col('k.no_kabin'), text: true },
    no_pol: { expr: col('k.no_pol'), text: true },
    km: { expr: col('p.km') },
    grand_total: { expr: col('p.grand_total') },
    status: { expr: col('p.status'), text: true },
  },
  order: [sql`p.tanggal_awal DESC`, sql`p.id DESC`],
}

type ListFilter = DocFilter & { kendaraanId: number | null }

function listFilter(c: Context<ApiEnv>): ListFilter {
  const f = docFilter(c)
  const raw = (c.req.query('kendaraan_id') ?? '').trim()
  if (raw !== '' && idOf(raw) === null) throw invalid({ kendaraan_id: ['Kendaraan tidak valid.'] })
  return { ...f, kendaraanId: raw === '' ? null : Number(raw) }
}

function listCondition(f: ListFilter): RawBuilder<SqlBool> | null {
  const parts: RawBuilder<unknown>[] = []
  if (f.from && f.to) parts.push(sql`p.tanggal_awal BETWEEN ${f.from} AND ${f.to}`)
  if (f.status) parts.push(sql`p.status = ${f.status}`)
  if (f.kendaraanId !== null) parts.push(sql`p.kendaraan_id = ${f.kendaraanId}`)
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` AND `)}` : null
}

/** One page of the work orders (headers) and its meta over every match: how many, how many posted, the sums. */
async function listPage(db: DB, f: ListFilter, query: PageQuery) {
  const where = listCondition(f)
  const search = searchCondition(PERINTAH_KERJA_COLUMNS, query)
  const matching = <Q extends { where(e: RawBuilder<SqlBool>): Q }>(qb: Q) => [where, search].reduce((q, e) => (e ? q.where(e) : q), qb)
  const counted = await matching(db.q.selectFrom('perintah_kerja as p').innerJoin('kendaraan as k', 'k.id', 'p.kendaraan_id'))
    .select((eb) => [
      eb.fn.countAll().as('total'),
      sql<number | null>`SUM(CASE WHEN p.status = 'posting' THEN 1 ELSE 0 END)`.as('posting'),
      eb.fn.sum('p.total_suku_cadang').as('total_suku_cadang'),
      eb.fn.sum('p.total_jasa').as('total_jasa'),
      eb.fn.sum('p.grand_total').as('grand_total'),
    ])
    .executeTakeFirstOrThrow()
  const { limit, offset } = pageSlice(query)
  const rows = await matching(headersOf(db)).orderBy(pageOrder(PERINTAH_KERJA_COLUMNS, query)).limit(limit).offset(offset).execute()
  return {
    data: rows.map(headerOf),
    meta: {
      ...pageMeta(query, Number(counted.total)),
      posting: Number(counted.posting ?? 0),
      total_suku_cadang: Number(counted.total_suku_cadang ?? 0),
      total_jasa: Number(counted.total_jasa ?? 0),
      grand_total: Number(counted.grand_total ?? 0),
    },
  }
}

// ---- the body ---------------------------------------------------------------------------------------

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** Lines as an array, or an object keyed by index ({"0": {...}}, a form's servis[0][item_servis_id]); else none. */
const linesOf = (v: unknown): unknown[] => {
  if (Array.isArray(v)) return v
  if (v && typeof v === 'object' && !(v instanceof File)) return Object.values(v)
  return []
}
const objectOf = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {})

const JUMLAH_RULE: WholeRule = { label: 'Jumlah', min: 1, max: 1_000_000 }
const BIAYA_RULE = rupiahRule('Biaya')

export type PerintahKerjaInput = {
  kendaraanId: number
  tanggal: string
  km: number
  karyawanId: number | null
  keterangan: string | null
  servis: number[]
  parts: { partId: number; jumlah: number }[]
  jasa: { uraian: string; biaya: number }[]
}

/**
 * Reads a body; every error found → 422 with keys kendaraan_id, tanggal_awal, km, karyawan_id,
 * keterangan, baris, servis.{i}.item_servis_id, parts.{i}.suku_cadang_id, parts.{i}.jumlah,
 * jasa.{i}.uraian, jasa.{i}.biaya. A servis line may be an id or {item_servis_id}. Answers the input
 * and the errors (the caller adds what only the database knows, then throws).
 */
function readInput(body: Body): { input: PerintahKerjaInput; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {}
  const add = (key: string, message: string) => (errors[key] ??= []).push(message)
  const kendaraanId = idOf(body.kendaraan_id)
  if (kendaraanId === null) add('kendaraan_id', MESSAGES.kendaraanKosong)
  const tanggalErrors: string[] = []
  const tanggal = blank(body.tanggal_awal) ? today() : tanggalOf(body.tanggal_awal, tanggalErrors)
  if (tanggalErrors.length) errors.tanggal_awal = tanggalErrors
  const kmErrors: string[] = []
  const km = kmOf(body.km, kmErrors)
  if (kmErrors.length) errors.km = kmErrors
  let karyawanId: number | null = null
  if (!blank(body.karyawan_id)) {
    karyawanId = idOf(body.karyawan_id)
    if (karyawanId === null) add('karyawan_id', MESSAGES.mekanikTidakValid)
  }
  const keterangan = typeof body.keterangan === 'string' && body.keterangan.trim() !== '' ? body.keterangan.trim() : null
  if (keterangan && keterangan.length > 255) add('keterangan', MESSAGES.keteranganPanjang)

  const servisRaw = linesOf(body.servis)
  const partsRaw = linesOf(body.parts)
  const jasaRaw = linesOf(body.jasa)
  if (!servisRaw.length && !partsRaw.length && !jasaRaw.length) add('baris', MESSAGES.kosong)
  if (servisRaw.length > MAX_LINES || partsRaw.length > MAX_LINES || jasaRaw.length > MAX_LINES) add('baris', MESSAGES.banyak)

  const servis: number[] = []
  const seen = new Set<number>()
  servisRaw.slice(0, MAX_LINES).forEach((line, i) => {
    const id = idOf(typeof line === 'object' && line !== null ? objectOf(line).item_servis_id : line)
    if (id === null) return add(`servis.${i}.item_servis_id`, MESSAGES.itemKosong)
    if (seen.has(id)) return add(`servis.${i}.item_servis_id`, MESSAGES.itemGanda)
    seen.add(id)
    servis.push(id)
  })
  const parts: PerintahKerjaInput['parts'] = []
  partsRaw.slice(0, MAX_LINES).forEach((line, i) => {
    const o = objectOf(line)
    const partId = idOf(o.suku_cadang_id)
    if (partId === null) add(`parts.${i}.suku_cadang_id`, MESSAGES.partKosong)
    const r = blank(o.jumlah) ? null : readWhole(o.jumlah, JUMLAH_RULE)
    if (!r || !r.ok) add(`parts.${i}.jumlah`, !r || r.why === 'not-number' ? MESSAGES.jumlahTidakValid : boundMessage(r.why, JUMLAH_RULE))
    parts.push({ partId: partId ?? 0, jumlah: r?.ok ? r.value : 0 })
  })
  const jasa: PerintahKerjaInput['jasa'] = []
  jasaRaw.slice(0, MAX_LINES).forEach((line, i) => {
    const o = objectOf(line)
    const uraian = typeof o.uraian === 'string' ? o.uraian.trim() : ''
    if (uraian === '') add(`jasa.${i}.uraian`, MESSAGES.uraianKosong)
    else if (uraian.length > 255) add(`jasa.${i}.uraian`, MESSAGES.uraianPanjang)
    const r = blank(o.biaya) ? null : readWhole(o.biaya, BIAYA_RULE)
    if (!r || !r.ok) add(`jasa.${i}.biaya`, !r || r.why === 'not-number' ? MESSAGES.biayaTidakValid : boundMessage(r.why, BIAYA_RULE))
    jasa.push({ uraian, biaya: r?.ok ? r.value : 0 })
  })
  if (jasa.reduce((s, j) => s + j.biaya, 0) > RUPIAH_MAX) add('baris', MESSAGES.totalBesar)
  return {
    input: { kendaraanId: kendaraanId ?? 0, tanggal: tanggal ?? today(), km: km ?? 0, karyawanId, keterangan, servis, parts, jasa },
    errors,
  }
}

/** The errors in the fields' order on the form. */
function ordered(errors: Record<string, string[]>): Record<string, string[]> {
  const rank = (k: string) => {
    const head = ['baris', 'kendaraan_id', 'tanggal_awal', 'km', 'karyawan_id', 'keterangan'].indexOf(k)
    if (head >= 0) return [head, 0, 0] as const
    const [kind, i, field] = k.split('.')
    return [10 + ['servis', 'parts', 'jasa'].indexOf(kind!), Number(i), field === 'jumlah' || field === 'biaya' ? 1 : 0] as const
  }
  const keys = Object.keys(errors).sort((a, b) => {
    const x = rank(a)
    const y = rank(b)
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]
  })
  return Object.fromEntries(keys.map((k) => [k, errors[k]!]))
}

// ---- saving -----------------------------------------------------------------------------------------

/** The vehicle's reading of a work order goes; the vehicle's km goes back when that reading made it. */
async function removeReading(db: DB, perintahKerjaId: number, kendaraanId: number) {
  const latest = await db.q
    .selectFrom('km_kendaraan')
    .select(['id', 'km', 'perintah_kerja_id'])
    .where('kendaraan_id', '=', kendaraanId)
    .orderBy('tanggal', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  await db.q.deleteFrom('km_kendaraan').where('perintah_kerja_id', '=', perintahKerjaId).execute()
  if (latest?.perintah_kerja_id !== perintahKerjaId) return
  // It was the newest reading: the vehicle's km follows the reading now newest (none: it stays).
  await db.q
    .updateTable('kendaraan')
    .set((eb) => ({
      km: eb.fn.coalesce(
        eb
          .selectFrom('km_kendaraan as r')
          .select('r.km')
          .whereRef('r.kendaraan_id', '=', 'kendaraan.id')
          .orderBy('r.tanggal', 'desc')
          .orderBy('r.id', 'desc')
          .limit(1),
        eb.ref('km'),
      ),
      updated_at: nowMoment(db),
    }))
    .where('id', '=', kendaraanId)
    .where('km', '=', Number(latest.km))
    .execute()
}

/** The part lines of a work order given back to the store (at the value they took), newest state kept in the ledger. */
async function giveBack(db: DB, doc: { id: number; kode: string }, keterangan: string, user: AuthUser | null) {
  const lines = await db.q
    .selectFrom('detail_perintah_kerja_part')
    .select(['suku_cadang_id', 'jumlah', 'subtotal'])
    .where('perintah_kerja_id', '=', doc.id)
    .orderBy('suku_cadang_id')
    .orderBy('id')
    .execute()
  for (const l of lines) {
    await move(db, {
      partId: l.suku_cadang_id,
      tanggal: today(),
      jenis: 'perintah_kerja',
      dokumenId: doc.id,
      kodeDokumen: doc.kode,
      jumlah: Number(l.jumlah),
      nilai: Number(l.subtotal),
      keterangan,
      userId: user?.id ?? null,
    })
  }
  await db.q.deleteFrom('detail_perintah_kerja_part').where('perintah_kerja_id', '=', doc.id).execute()
}

/**
 * Checks what only the database knows (the vehicle locked first, then the parts in id order): the
 * vehicle, mechanic, items and parts exist, the km is in the vehicle's order, every part's lines fit
 * its stock on hand. Throws 422 with every error (the body's too).
 */
async function checkAgainstDatabase(db: DB, input: PerintahKerjaInput, errors: Record<string, string[]>) {
  const add = (key: string, message: string) => (errors[key] ??= []).push(message)
  if (input.kendaraanId) {
    const found = await lockVehicles(db, [input.kendaraanId])
    if (!found.has(input.kendaraanId)) add('kendaraan_id', MESSAGES.kendaraanTidakAda)
    else if (!errors.km && !errors.tanggal_awal) {
      for (const m of await readingOrderErrors(db, input.kendaraanId, input.tanggal, input.km)) add('km', m)
    }
  }
  if (input.karyawanId !== null && !errors.karyawan_id) {
    const m = await db.q.selectFrom('karyawan').select('id').where('id', '=', input.karyawanId).executeTakeFirst()
    if (!m) add('karyawan_id', MESSAGES.mekanikTidakAda)
  }
  if (input.servis.length) {
    const known = new Set(
      (
        await db.q
          .selectFrom('item_servis')
          .select('id')
          .where(
            'id',
            'in',
            input.servis.filter((id) => id <= PG_INTEGER_MAX),
          )
          .execute()
      ).map((r) => r.id),
    )
    input.servis.forEach((id, i) => {
      if (!known.has(id)) add(`servis.${i}.item_servis_id`, MESSAGES.itemTidakAda)
    })
  }
  // The parts, locked in id order (two work orders never wait on each other crosswise), then each
  // part's lines together against its stock on hand.
  const asked = new Map<number, number>()
  for (const p of input.parts) if (p.partId) asked.set(p.partId, (asked.get(p.partId) ?? 0) + p.jumlah)
  const stock = new Map<number, Awaited<ReturnType<typeof lockPart>>>()
  for (const id of [...asked.keys()].sort((a, b) => a - b)) stock.set(id, await lockPart(db, id))
  input.parts.forEach((p, i) => {
    if (!p.partId) return
    const part = stock.get(p.partId)
    if (!part) return add(`parts.${i}.suku_cadang_id`, MESSAGES.partTidakAda)
    const total = asked.get(p.partId)!
    if (p.jumlah && total > Number(part.stok)) add(`parts.${i}.jumlah`, notEnoughMessage(part.nama, Number(part.stok), part.satuan, total))
  })
  if (Object.keys(errors).length) throw invalid(ordered(errors))
}

/** Writes a checked work order's lines, its reading and its totals (the header row exists). */
async function writeLines(db: DB, doc: { id: number; kode: string }, input: PerintahKerjaInput, user: AuthUser | null) {
  if (input.servis.length) {
    await db.q
      .insertInto('detail_perintah_kerja_servis')
      .values(input.servis.map((item_servis_id) => ({ perintah_kerja_id: doc.id, item_servis_id })))
      .execute()
  }
  let totalParts = 0
  for (const [i, p] of input.parts.entries()) {
    const taken = await move(db, {
      partId: p.partId,
      tanggal: input.tanggal,
      jenis: 'perintah_kerja',
      dokumenId: doc.id,
      kodeDokumen: doc.kode,
      jumlah: -p.jumlah,
      userId: user?.id ?? null,
      field: `parts.${i}.jumlah`,
    })
    const subtotal = -taken.nilai
    totalParts += subtotal
    await db.q
      .insertInto('detail_perintah_kerja_part')
      .values({ perintah_kerja_id: doc.id, suku_cadang_id: p.partId, jumlah: p.jumlah, harga: taken.harga, subtotal })
      .execute()
  }
  if (input.jasa.length) {
    await db.q
      .insertInto('detail_perintah_kerja_jasa')
      .values(input.jasa.map((j) => ({ perintah_kerja_id: doc.id, uraian: j.uraian, biaya: j.biaya })))
      .execute()
  }
  const totalJasa = input.jasa.reduce((s, j) => s + j.biaya, 0)
  await db.q
    .updateTable('perintah_kerja')
    .set({ total_suku_cadang: totalParts, total_jasa: totalJasa, grand_total: totalParts + totalJasa, updated_at: nowMoment(db) })
    .where('id', '=', doc.id)
    .execute()
  await db.q
    .insertInto('km_kendaraan')
    .values({
      kendaraan_id: input.kendaraanId,
      tanggal: input.tanggal,
      km: input.km,
      sumber: 'perintah_kerja',
      perintah_kerja_id: doc.id,
      user_id: user?.id ?? null,
    })
    .execute()
  await followLatest(db, [input.kendaraanId])
}

/**
 * Saves a new work order (POST /api/perintah-kerja); answers its id. With `user` null (the demo seed)
 * no audit record is written, as the other seeds write none.
 */
export async function createPerintahKerja(db: DB, user: AuthUser | null, body: Body): Promise<number> {
  const { input, errors } = readInput(body)
  return await db.tx(async () => {
    await checkAgainstDatabase(db, input, errors)
    const kode = await nextCode(db, 'perintah_kerja')
    const { id } = await db.q
      .insertInto('perintah_kerja')
      .values({
        kode_perintah_kerja: kode,
        kendaraan_id: input.kendaraanId,
        tanggal_awal: input.tanggal,
        km: input.km,
        karyawan_id: input.karyawanId,
        keterangan: input.keterangan,
        status: 'unpost',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await writeLines(db, { id, kode }, input, user)
    if (user) await recordAudit(db, user, { entitas: 'perintah_kerja', entitasId: id, aksi: 'dibuat' })
    return id
  })
}

/** The work order's row, locked until the transaction ends (the first lock of every change of it). */
const docState = async (db: DB, id: number) =>
  await db.q
    .selectFrom('perintah_kerja')
    .select(['id', 'kode_perintah_kerja', 'kendaraan_id', 'status'])
    .where('id', '=', id)
    .$call(forUpdate(db))
    .executeTakeFirst()

/**
 * Changes an unposted work order (PUT): its parts given back ('Dokumen diubah'), its lines and reading
 * gone, then saved as a new one is (the vehicle may change). All in one transaction: a refusal leaves
 * everything as it was.
 */
async function updatePerintahKerja(db: DB, user: AuthUser, id: number, body: Body) {
  const { input, errors } = readInput(body)
  await db.tx(async () => {
    const doc = await docState(db, id)
    if (!doc) throw notFound(LABEL)
    // The vehicles in id order: the old one (its reading goes) and the new one.
    await lockVehicles(db, [...new Set([doc.kendaraan_id, input.kendaraanId].filter((v) => v > 0))])
    if (doc.status === 'posting') throw invalid({ status: [MESSAGES.postedChange] })
    const ref = { id, kode: doc.kode_perintah_kerja }
    await giveBack(db, ref, 'Dokumen diubah', user)
    await removeReading(db, id, doc.kendaraan_id)
    await db.q.deleteFrom('detail_perintah_kerja_servis').where('perintah_kerja_id', '=', id).execute()
    await db.q.deleteFrom('detail_perintah_kerja_jasa').where('perintah_kerja_id', '=', id).execute()
    await checkAgainstDatabase(db, input, errors)
    await db.q
      .updateTable('perintah_kerja')
      .set({
        kendaraan_id: input.kendaraanId,
        tanggal_awal: input.tanggal,
        km: input.km,
        karyawan_id: input.karyawanId,
        keterangan: input.keterangan,
        updated_at: nowMoment(db),
      })
      .where('id', '=', id)
      .execute()
    await writeLines(db, ref, input, user)
    await recordAudit(db, user, { entitas: 'perintah_kerja', entitasId: id, aksi: 'diubah' })
  })
}

async function deletePerintahKerja(db: DB, user: AuthUser, id: number) {
  await db.tx(async () => {
    const doc = await docState(db, id)
    if (!doc) throw notFound(LABEL)
    await lockVehicles(db, [doc.kendaraan_id])
    if (doc.status === 'posting') throw invalid({ status: [MESSAGES.postedDelete] })
    await giveBack(db, { id, kode: doc.kode_perintah_kerja }, 'Dokumen dihapus', user)
    await removeReading(db, id, doc.kendaraan_id)
    await db.q.deleteFrom('perintah_kerja').where('id', '=', id).execute()
    await recordAudit(db, user, { entitas: 'perintah_kerja', entitasId: id, aksi: 'hapus' })
  })
}

// ---- routes -----------------------------------------------------------------------------------------

export function perintahKerjaRoutes() {
  const r = new Hono<ApiEnv>()

  // Always one page ({data, meta}): filtered by date (both or neither), status, vehicle; searched by
  // code, No Pol, No Kabin; newest first unless sorted.
  r.get('/perintah-kerja', async (c) => {
    const f = listFilter(c)
    const query = askedPage(c, PERINTAH_KERJA_COLUMNS) ?? {
      page: 1,
      perPage: 10,
      q: (c.req.query('q') ?? '').trim().slice(0, 200),
      sort: null,
      dir: 'asc' as const,
      searchIn: null,
    }
    return c.json(await listPage(c.get('db'), f, query))
  })

  r.get('/perintah-kerja/:id', async (c) => {
    const data = await loadPerintahKerja(c.get('db'), idParam(c, 'id', LABEL))
    if (!data) throw notFound(LABEL)
    return c.json({ data })
  })

  r.post('/perintah-kerja', async (c) => {
    const db = c.get('db')
    const id = await createPerintahKerja(db, c.get('user'), await readBody(c))
    return c.json({ message: 'Perintah Kerja berhasil disimpan.', data: await loadPerintahKerja(db, id) }, 201)
  })

  r.put('/perintah-kerja/:id', async (c) => {
    const db = c.get('db')
    const id = idParam(c, 'id', LABEL)
    await updatePerintahKerja(db, c.get('user'), id, await readBody(c))
    return c.json({ message: 'Perintah Kerja berhasil diperbarui.', data: await loadPerintahKerja(db, id) })
  })

  r.delete('/perintah-kerja/:id', async (c) => {
    await deletePerintahKerja(c.get('db'), c.get('user'), idParam(c, 'id', LABEL))
    return c.json({ message: 'Data Perintah Kerja telah dihapus.' })
  })

  statusRoutes(r, '/perintah-kerja', { table: 'perintah_kerja', label: LABEL, load: loadPerintahKerja })

  return r
}

/** Its routes and the grants they need (api/routes/grants.ts takes them into its table, after Jadwal Servis's). */
export const PERINTAH_KERJA_EXTENSION = {
  routes: perintahKerjaRoutes,
  grants: {
    // The list: its screen, the inquiry and the vehicle's detail (its work orders).
    'GET /api/perintah-kerja': read(PERINTAH_KERJA, INQUERY_PERINTAH_KERJA, KENDARAAN),
    // One work order: Show, Cetak, its Edit and Hapus dialogs, on the list and on the inquiry.
    'GET /api/perintah-kerja/:id': either(
      may('show', PERINTAH_KERJA, INQUERY_PERINTAH_KERJA),
      may('update', PERINTAH_KERJA, INQUERY_PERINTAH_KERJA),
      may('delete', PERINTAH_KERJA, INQUERY_PERINTAH_KERJA),
      may('print', PERINTAH_KERJA, INQUERY_PERINTAH_KERJA),
    ),
    'POST /api/perintah-kerja': may('create', PERINTAH_KERJA),
    'PUT /api/perintah-kerja/:id': may('update', PERINTAH_KERJA, INQUERY_PERINTAH_KERJA),
    'DELETE /api/perintah-kerja/:id': may('delete', PERINTAH_KERJA, INQUERY_PERINTAH_KERJA),
    'POST /api/perintah-kerja/:id/posting': either(
      may('posting', PERINTAH_KERJA, INQUERY_PERINTAH_KERJA),
      may('posting_all', INQUERY_PERINTAH_KERJA),
    ),
    'POST /api/perintah-kerja/:id/unpost': either(
      may('unpost', PERINTAH_KERJA, INQUERY_PERINTAH_KERJA),
      may('unpost_all', INQUERY_PERINTAH_KERJA),
    ),
  },
  readers: {
    // The form's pickers: the vehicle, the mechanic, the service items.
    'GET /api/kendaraan': [PERINTAH_KERJA, INQUERY_PERINTAH_KERJA],
    'GET /api/karyawan': [PERINTAH_KERJA, INQUERY_PERINTAH_KERJA],
    'GET /api/item-servis': [PERINTAH_KERJA, INQUERY_PERINTAH_KERJA],
  },
} satisfies { routes: () => Hono<ApiEnv> } & ExtensionGrants
