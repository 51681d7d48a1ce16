import { Hono, type Context } from 'hono'
import { sql, type Expression } from 'kysely'
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
  docFilterCondition,
  jsonBody,
  KONDISI_BAN,
  optionalCalendarDate,
  optionalChoice,
  optionalId,
  requiredId,
  type DocFilter,
  statusRoutes,
  whenJoined,
} from './common.ts'
import { actorOfRequest, writePurchaseHistory } from './riwayat.ts'
import { pageMeta, type PageQuery } from '../../paged.ts'
import { forUpdate, jsonAgg, jsonArrayFrom, jsonBuild, lockName, momentText, nowMoment, parseJson, thousandsDotted } from '../../sql.ts'
import { askedPage, col, listOrder, pageOrder, pageSlice, searchCondition, type ListColumns } from './paging.ts'

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
 * detail_ban [{id, kode_ban, no_seri, ukuran_id, merek_id, typeban_id, kondisi_ban, harga, status}] by id
 * — over `purchaseFrom`'s joins.
 */
const purchaseJson = (db: DB) =>
  jsonBuild(db, {
    id: col('p.id'),
    kode_pembelian_ban: col('p.kode_pembelian_ban'),
    supplier_id: col('p.supplier_id'),
    alamat: col('p.alamat'),
    grand_total: col('p.grand_total'),
    status: col('p.status'),
    tanggal_awal: col('p.tanggal_awal'),
    created_at: momentText(db, col('p.created_at')),
    updated_at: momentText(db, col('p.updated_at')),
    supplier: whenJoined(
      col('s.id'),
      jsonBuild(db, {
        id: col('s.id'),
        kode_supplier: col('s.kode_supplier'),
        nama_supp: col('s.nama_supp'),
        alamat: col('s.alamat'),
        telp: col('s.telp'),
      }),
    ),
    detail_ban: jsonArrayFrom(
      db,
      db.q
        .selectFrom('ban as b')
        .select([
          'b.id',
          'b.kode_ban',
          'b.no_seri',
          'b.ukuran_id',
          'b.merek_id',
          'b.typeban_id',
          'b.kondisi_ban',
          'b.harga',
          'b.status',
          'b.tebal_tapak_awal',
        ])
        .where('b.pembelian_ban_id', '=', col<number>('p.id'))
        .orderBy('b.id'),
    ),
  })

/** The purchases with what their JSON reads. */
const purchaseFrom = (db: DB) => db.q.selectFrom('pembelian_ban as p').leftJoin('supplier as s', 's.id', 'p.supplier_id')

/** The JSON text of the purchases matching a filter (one query, whatever their number), in `order`. */
export async function purchasesJson(db: DB, f: DocFilter, order: Expression<unknown> = col('p.id')): Promise<string> {
  const where = docFilterCondition(f, 'p')
  const row = await purchaseFrom(db)
    .select(jsonAgg(db, purchaseJson(db), order).as('json'))
    .$if(where !== null, (qb) => qb.where(where!))
    .executeTakeFirstOrThrow()
  return row.json
}

/** The purchase list: searched by purchase code, sortable as the screen's columns. */
export const PURCHASE_COLUMNS: ListColumns = {
  search: [col('p.kode_pembelian_ban')],
  sort: {
    id: { expr: col('p.id') },
    kode_pembelian_ban: { expr: col('p.kode_pembelian_ban'), text: true },
    nama_supp: { expr: col('s.nama_supp'), text: true },
    grand_total: { expr: col('p.grand_total') },
    status: { expr: col('p.status'), text: true },
    tanggal: { expr: col('p.tanggal_awal') },
  },
  order: [col('p.id')],
}

/** The grand total as text, as digits and as the screens show it (1.500.000: what a search for it may type). */
const grandTotalTexts = (db: DB) => [sql`CAST(p.grand_total AS TEXT)`, thousandsDotted(db, col<number>('p.grand_total'))]

/** The inquiry: by code, supplier name or grand total (as digits or as shown). */
export const inquiryColumns = (db: DB): ListColumns => ({
  ...PURCHASE_COLUMNS,
  search: [col('p.kode_pembelian_ban'), col('s.nama_supp'), ...grandTotalTexts(db)],
})

/** The report reads like a ledger (by date, then by id); searched by code or grand total. */
export const reportColumns = (db: DB): ListColumns => ({
  search: [col('p.kode_pembelian_ban'), ...grandTotalTexts(db)],
  sort: PURCHASE_COLUMNS.sort,
  order: [col('p.tanggal_awal'), col('p.id')],
})

/**
 * One page of the purchases matching a filter, as JSON text, and how many match: the ids of the page
 * first (filtered, searched, sorted and cut by the database, on the indexes of migration 008), then
 * their JSON in that order.
 */
export async function purchasesPage(db: DB, f: DocFilter, columns: ListColumns, query: PageQuery) {
  const where = docFilterCondition(f, 'p')
  const search = searchCondition(columns, query)
  const order = pageOrder(columns, query)
  const matching = () =>
    purchaseFrom(db)
      .$if(where !== null, (qb) => qb.where(where!))
      .$if(search !== null, (qb) => qb.where(search!))
  // How many match, and over all of them: how many are posted, and their grand totals' sum (the
  // inquiry's Posting semua / Unpost semua counts and the report's total, without reading every row).
  const counted = await matching()
    .select((eb) => [
      eb.fn.countAll().as('total'),
      sql<number | null>`SUM(CASE WHEN p.status = 'posting' THEN 1 ELSE 0 END)`.as('posting'),
      eb.fn.sum('p.grand_total').as('grand_total'),
    ])
    .executeTakeFirstOrThrow()
  const { limit, offset } = pageSlice(query)
  const ids = matching().select('p.id').orderBy(order).limit(limit).offset(offset)
  const rows = await purchaseFrom(db)
    .select(jsonAgg(db, purchaseJson(db), order).as('json'))
    .where('p.id', 'in', ids)
    .executeTakeFirstOrThrow()
  const meta = {
    ...pageMeta(query, Number(counted.total)),
    posting: Number(counted.posting ?? 0),
    grand_total: Number(counted.grand_total ?? 0),
  }
  return { rows: rows.json, meta: JSON.stringify(meta) }
}

export const loadPurchase = async (db: DB, id: number) => {
  const row = await purchaseFrom(db).select(purchaseJson(db).as('json')).where('p.id', '=', id).executeTakeFirst()
  return row ? parseJson(row.json) : null
}

// ---- rules -----------------------------------------------------------------------------------------

const notFoundPurchase = () => notFound('Pembelian ban')

/**
 * 409 when a purchase may not change: posted, or one of its tyres staged or fitted. Inside the write's
 * transaction the purchase's row and then its tyres' rows are locked first: a concurrent posting or
 * edit of it waits for this one, and a tyre cannot be fitted between the check and the change (a
 * pemasangan locks its tyre's row).
 */
async function assertEditable(db: DB, id: number, verb: 'diubah' | 'dihapus') {
  const row = await db.q.selectFrom('pembelian_ban').select('status').where('id', '=', id).$call(forUpdate(db)).executeTakeFirst()
  if (!row) throw notFoundPurchase()
  if (row.status === 'posting') throw conflict(`Pembelian ban sudah diposting dan tidak dapat ${verb}.`)
  const banList = await db.q
    .selectFrom('ban')
    .select(['id', 'status'])
    .where('pembelian_ban_id', '=', id)
    .orderBy('id')
    .$call(forUpdate(db))
    .execute()
  const staged = banList.length
    ? await db.q
        .selectFrom('detail_pemasangan_ban')
        .select('id')
        .where(
          'ban_id',
          'in',
          banList.map((b) => b.id),
        )
        .limit(1)
        .executeTakeFirst()
    : undefined
  if (staged || banList.some((b) => b.status === 'terpasang'))
    throw conflict(`Pembelian ban tidak dapat ${verb} karena ban sudah dipasang.`)
}

/**
 * Checks what the schema cannot: the supplier and the master rows exist, serial numbers are unique
 * (within the body, and among the tyres of other purchases). Answers the header with alamat filled
 * from the supplier when empty.
 */
async function checkPurchase(db: DB, input: PurchaseInput, ownId: number | null) {
  const errors: Record<string, string[]> = {}
  const supplier = await db.q.selectFrom('supplier').select('alamat').where('id', '=', input.supplier_id).executeTakeFirst()
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
  // A serial number is one tyre's: two purchases saved at once may not both take it (no unique index
  // holds it, tyres of a purchase being replaced keep theirs), so each serial's name is locked first.
  const taken = (noSeri: string) =>
    db.q
      .selectFrom('ban')
      .select('id')
      .where('no_seri', '=', noSeri)
      .where((eb) => eb.or([eb('pembelian_ban_id', 'is', null), eb('pembelian_ban_id', 'is distinct from', ownId)]))
      .limit(1)
      .executeTakeFirst()
  for (const noSeri of [...new Set(input.ban.map((l) => l.no_seri))].sort()) await lockName(db, `ban.no_seri:${noSeri}`)
  const seen = new Set<string>()
  for (const [i, l] of input.ban.entries()) {
    const add = (field: string, msg: string) => (errors[`ban.${i}.${field}`] ??= []).push(msg)
    if (l.ukuran_id && !ukuran.has(l.ukuran_id)) add('ukuran_id', 'Ukuran tidak ditemukan.')
    if (l.merek_id && !merek.has(l.merek_id)) add('merek_id', 'Merek tidak ditemukan.')
    if (l.typeban_id && !typeban.has(l.typeban_id)) add('typeban_id', 'Type ban tidak ditemukan.')
    if (seen.has(l.no_seri)) add('no_seri', `No seri ${l.no_seri} ganda dalam pembelian ini.`)
    else if (await taken(l.no_seri)) add('no_seri', `No seri ${l.no_seri} sudah terdaftar.`)
    seen.add(l.no_seri)
  }
  const grandTotal = input.ban.reduce((sum, l) => sum + l.harga, 0)
  // The grand total is stored as an amount too: it is bounded as each price is.
  if (grandTotal > RUPIAH_MAX) (errors.ban ??= []).push(`Jumlah harga semua ban paling banyak Rp ${RUPIAH_MAX.toLocaleString('id-ID')}.`)
  if (Object.keys(errors).length) throw invalid(errors)
  return { alamat: input.alamat ?? supplier?.alamat ?? null, grandTotal }
}

async function insertBan(db: DB, pembelianId: number, l: Line) {
  await db.q
    .insertInto('ban')
    .values({
      kode_ban: await nextCode(db, 'ban'),
      no_seri: l.no_seri,
      pembelian_ban_id: pembelianId,
      ukuran_id: l.ukuran_id,
      merek_id: l.merek_id,
      typeban_id: l.typeban_id,
      kondisi_ban: l.kondisi_ban,
      harga: l.harga,
      status: 'stok',
      tebal_tapak_awal: l.tebal_tapak_awal,
    })
    .execute()
}

// ---- routes ----------------------------------------------------------------------------------------

/** Purchases, their invoice, posting/unpost (two spellings), the inquiry and the report. */
export function pembelianRoutes() {
  const r = new Hono<ApiEnv>()

  // With `page` (the extension 'paged-lists'): one page as {data: [...], meta}, the list's own filters
  // (tanggal_awal, tanggal_akhir, status) as the inquiry's. Without it: every purchase, as the spec says.
  r.get('/pembelian-ban', async (c) => {
    const query = askedPage(c, PURCHASE_COLUMNS)
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
      const { id } = await db.q
        .insertInto('pembelian_ban')
        .values({
          kode_pembelian_ban: kode,
          supplier_id: input.supplier_id,
          alamat,
          grand_total: grandTotal,
          status: 'unpost',
          tanggal_awal: input.tanggal_awal ?? today(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (const line of input.ban) await insertBan(db, id, line)
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
      const existing = await db.q.selectFrom('ban').select(['id', 'no_seri']).where('pembelian_ban_id', '=', id).orderBy('id').execute()
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
      const unclaimedIds = [...unclaimed.keys()]
      if (unclaimedIds.length) await db.q.deleteFrom('ban').where('id', 'in', unclaimedIds).execute()
      for (const [i, l] of input.ban.entries()) {
        const banId = claims[i]
        if (banId != null)
          await db.q
            .updateTable('ban')
            .set({
              no_seri: l.no_seri,
              ukuran_id: l.ukuran_id,
              merek_id: l.merek_id,
              typeban_id: l.typeban_id,
              kondisi_ban: l.kondisi_ban,
              harga: l.harga,
              tebal_tapak_awal: l.tebal_tapak_awal,
              updated_at: nowMoment(db),
            })
            .where('id', '=', banId)
            .execute()
        else await insertBan(db, id, l)
      }
      await db.q
        .updateTable('pembelian_ban')
        .set((eb) => ({
          supplier_id: input.supplier_id,
          alamat,
          grand_total: grandTotal,
          tanggal_awal: eb.fn.coalesce(eb.val(input.tanggal_awal), eb.ref('tanggal_awal')),
          updated_at: nowMoment(db),
        }))
        .where('id', '=', id)
        .execute()
      // The tyres' 'beli' rows follow the purchase (it is not fitted yet, so nothing else happened to them).
      await db.q
        .updateTable('riwayat_ban')
        .from('ban as b')
        .innerJoin('pembelian_ban as p', 'p.id', 'b.pembelian_ban_id')
        .set((eb) => ({
          tanggal: eb.ref('p.tanggal_awal'),
          dokumen_kode: eb.ref('p.kode_pembelian_ban'),
          biaya: eb.ref('b.harga'),
          supplier_id: eb.ref('p.supplier_id'),
          nama_supp: eb.selectFrom('supplier').select('supplier.nama_supp').whereRef('supplier.id', '=', 'p.supplier_id'),
        }))
        .whereRef('riwayat_ban.ban_id', '=', 'b.id')
        .where('riwayat_ban.jenis', '=', 'beli')
        .where('p.id', '=', id)
        .execute()
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
      await db.q.deleteFrom('ban').where('pembelian_ban_id', '=', id).execute()
      await db.q.deleteFrom('pembelian_ban').where('id', '=', id).execute()
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
  const inquiry = (columnsOf: (db: DB) => ListColumns) => async (c: Context<ApiEnv>) => {
    const filter = docFilter(c)
    const columns = columnsOf(c.get('db'))
    const query = askedPage(c, columns)
    if (!query) return jsonBody(c, `{"data":{"data":${await purchasesJson(c.get('db'), filter, listOrder(columns))}}}`)
    const page = await purchasesPage(c.get('db'), filter, columns, query)
    return jsonBody(c, `{"data":{"data":${page.rows}},"meta":${page.meta}}`)
  }
  r.get('/inquery-pembelian-ban', inquiry(inquiryColumns))
  // The report reads like a ledger: by date, then by id.
  r.get('/laporan-pembelian-ban', inquiry(reportColumns))

  return r
}
