import { Hono, type Context } from 'hono'
import { sql, type SelectQueryBuilder } from 'kysely'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { conflict, idParam, invalid, notFound, readBody, today, validate } from '../../http.ts'
import { DEFAULT_TARGET_PRESENTASE, jsonBody, optionalCalendarDate, requiredId, whenJoined } from './common.ts'
import { rupiahRule, wholeField } from '../../numbers.ts'
import { pageMeta } from '../../paged.ts'
import type { Schema } from '../../schema.ts'
import { dayOf, forUpdate, jsonAgg, jsonBuild, nowMoment, parseJson } from '../../sql.ts'
import { askedPage, col, pageOrder, pageSlice, searchCondition, type ListColumns } from './paging.ts'
import { actorOfRequest, writeRiwayat, type Actor } from './riwayat.ts'
import { may, read } from '../../grants.ts'

const STOK_BAN = '/admin/ban'

/**
 * A tyre as the purchase invoice answers it: {id, kode_ban, no_seri, status, harga,
 * kondisi_ban, pembelian_ban_id, ukuran_id, merek_id, typeban_id, ukuran|null, merek|null, typeban|null}:
 * its fields over `ban b` and the joins of `banFrom`.
 */
const banFields = (db: DB) => ({
  id: col('b.id'),
  kode_ban: col('b.kode_ban'),
  no_seri: col('b.no_seri'),
  status: col('b.status'),
  harga: col('b.harga'),
  kondisi_ban: col('b.kondisi_ban'),
  pembelian_ban_id: col('b.pembelian_ban_id'),
  tebal_tapak_awal: col('b.tebal_tapak_awal'),
  ukuran_id: col('b.ukuran_id'),
  merek_id: col('b.merek_id'),
  typeban_id: col('b.typeban_id'),
  ukuran: whenJoined(col('u.id'), jsonBuild(db, { id: col('u.id'), nama: col('u.nama') })),
  merek: whenJoined(col('m.id'), jsonBuild(db, { id: col('m.id'), nama_merek: col('m.nama_merek') })),
  typeban: whenJoined(col('t.id'), jsonBuild(db, { id: col('t.id'), nama_type: col('t.nama_type') })),
})

/** The tyres with their size, brand and type. */
const banFrom = (db: DB) =>
  db.q
    .selectFrom('ban as b')
    .leftJoin('ukuran as u', 'u.id', 'b.ukuran_id')
    .leftJoin('merek as m', 'm.id', 'b.merek_id')
    .leftJoin('typeban as t', 't.id', 'b.typeban_id')

/** The km a tyre ran on its pelepasan lines (Σ km_tempuh, 0 if none), read from their index alone. */
const KM_DILEPAS = sql<number>`COALESCE((SELECT SUM(lx.km_tempuh) FROM detail_pelepasan_ban lx WHERE lx.ban_id = b.id), 0)`

/**
 * A tyre as GET /api/ban answers it: the invoice's fields plus jumlah_vulkanisir, km_tempuh (Σ of its
 * pelepasan lines' km_tempuh, 0 if none) and lokasi {kendaraan_id, no_kabin, no_pol, posisi_ban,
 * km_pemasangan, km_kendaraan, target_presentase}|null (the pemasangan line not removed; km_kendaraan is
 * the vehicle's km now), over `banListFrom`. Everything in one statement; each tyre's km sum is read
 * from the index of its pelepasan lines (ban_id, km_tempuh), so a page of tyres costs its own rows, not
 * a pass over every pelepasan line of the database.
 */
const banListJson = (db: DB) =>
  jsonBuild(db, {
    ...banFields(db),
    jumlah_vulkanisir: col('b.jumlah_vulkanisir'),
    km_tempuh: KM_DILEPAS,
    lokasi: whenJoined(
      col('dl.id'),
      jsonBuild(db, {
        kendaraan_id: col('dl.kendaraan_id'),
        no_kabin: col('kl.no_kabin'),
        no_pol: col('kl.no_pol'),
        posisi_ban: col('dl.posisi_ban'),
        km_pemasangan: col('dl.km_pemasangan'),
        km_kendaraan: col('kl.km'),
        target_presentase: col('dl.target_presentase'),
      }),
    ),
  })

/**
 * The tyres with what their list JSON reads: the pemasangan line that holds each now (`dilepas = 0`,
 * api/routes/transaksi/posisi.ts) and its vehicle.
 */
const banListFrom = (db: DB) =>
  banFrom(db)
    .leftJoin('detail_pemasangan_ban as dl', (join) => join.onRef('dl.ban_id', '=', 'b.id').on('dl.dilepas', '=', 0))
    .leftJoin('kendaraan as kl', 'kl.id', 'dl.kendaraan_id')

export const BAN_STATUSES = ['stok', 'terpasang', 'vulkanisir', 'afkir'] as const
export type BanStatus = (typeof BAN_STATUSES)[number]

/** The tyres of a purchase, full shape, by id. */
export async function bansOfPurchase(db: DB, pembelianId: number): Promise<unknown[]> {
  const row = await banFrom(db)
    .select(jsonAgg(db, jsonBuild(db, banFields(db)), col('b.id')).as('json'))
    .where('b.pembelian_ban_id', '=', pembelianId)
    .executeTakeFirstOrThrow()
  return parseJson(row.json) ?? []
}

/** One tyre as GET /api/ban answers it, or null. */
export const loadBan = async (db: DB, id: number) => {
  const row = await banListFrom(db).select(banListJson(db).as('json')).where('b.id', '=', id).executeTakeFirst()
  return row ? parseJson(row.json) : null
}

/** The pelepasan that sent a tyre to the retreader: its line id and date (the document's, else the day it was staged). */
async function lastPelepasanToVulkanisir(db: DB, banId: number) {
  return await db.q
    .selectFrom('detail_pelepasan_ban as l')
    .leftJoin('pelepasan_ban as p', 'p.id', 'l.pelepasan_ban_id')
    .select(['l.id', sql<string>`COALESCE(p.tanggal_awal, ${dayOf(db, sql.ref('l.created_at'))})`.as('tanggal')])
    .where('l.ban_id', '=', banId)
    .where('l.tujuan', '=', 'vulkanisir')
    .orderBy('l.id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

const terimaSchema = z.object({
  supplier_id: requiredId('Pilih vulkanisir terlebih dahulu!'),
  biaya: wholeField(rupiahRule('Biaya vulkanisir'), {
    notNumber: 'Biaya vulkanisir harus berupa angka.',
    blank: { required: 'Biaya vulkanisir harus berupa angka.' },
  }),
  tanggal: optionalCalendarDate('Tanggal terima harus berupa tanggal (YYYY-MM-DD).'),
})

/** A tyre's cost and km to date (the summary of its history; the cost-per-km report uses the same rules). */
export async function banSummary(db: DB, banId: number) {
  // The pemasangan that holds the tyre now: its line not taken off (`dilepas = 0`, posisi.ts).
  const row = await db.q
    .selectFrom('ban as b')
    .select([
      'b.harga',
      sql<number>`(SELECT COALESCE(SUM(v.biaya), 0) FROM vulkanisir_ban v WHERE v.ban_id = b.id)`.as('biaya_vulkanisir'),
      sql<number>`(SELECT COALESCE(SUM(l.km_tempuh), 0) FROM detail_pelepasan_ban l WHERE l.ban_id = b.id)`.as('km_tempuh'),
      sql<number | null>`(SELECT CASE WHEN k.km > d.km_pemasangan THEN k.km - d.km_pemasangan ELSE 0 END
        FROM detail_pemasangan_ban d JOIN kendaraan k ON k.id = d.kendaraan_id WHERE d.ban_id = b.id AND d.dilepas = 0)`.as('km_berjalan'),
      sql<number | null>`(SELECT d.target_presentase FROM detail_pemasangan_ban d WHERE d.ban_id = b.id ORDER BY d.id DESC LIMIT 1)`.as(
        'target',
      ),
    ])
    .where('b.id', '=', banId)
    .executeTakeFirstOrThrow()
  const total_biaya = row.harga + row.biaya_vulkanisir
  const km_berjalan = row.km_berjalan ?? 0
  const total_km = row.km_tempuh + km_berjalan
  const target_km = row.target ?? DEFAULT_TARGET_PRESENTASE
  return {
    harga_beli: row.harga,
    biaya_vulkanisir: row.biaya_vulkanisir,
    total_biaya,
    km_tempuh: row.km_tempuh,
    km_berjalan,
    total_km,
    biaya_per_km: total_km > 0 ? Math.round(total_biaya / total_km) : null,
    target_km,
    persen_target: target_km > 0 ? Math.round((total_km / target_km) * 1000) / 10 : 0,
  }
}

/**
 * Receives a tyre back from the retreader (one transaction, the caller's): 409 when it is not there,
 * 422 for an unknown retreader or a date before the pelepasan that sent it. Stock, KANISIR, retread
 * count + 1, a vulkanisir_ban row, history terima_vulkanisir.
 */
export async function receiveRetread(
  db: DB,
  actor: Actor,
  id: number,
  input: { supplier_id: number; biaya: number; tanggal: string | null },
) {
  // The tyre's row locked first: a second receipt of it waits, then finds it in stock (409).
  const ban = await db.q.selectFrom('ban').select('status').where('id', '=', id).$call(forUpdate(db)).executeTakeFirst()
  if (!ban) throw notFound('Ban')
  if (!(await db.q.selectFrom('supplier').select('id').where('id', '=', input.supplier_id).executeTakeFirst())) {
    throw invalid({ supplier_id: ['Vulkanisir tidak ditemukan.'] })
  }
  if (ban.status !== 'vulkanisir') throw conflict('Ban tidak sedang di vulkanisir.')
  const pelepasan = await lastPelepasanToVulkanisir(db, id)
  const tanggal = input.tanggal ?? today()
  if (pelepasan && tanggal < pelepasan.tanggal) {
    throw invalid({ tanggal: ['Tanggal terima tidak boleh sebelum tanggal pelepasan.'] })
  }
  const { id: vulkanisirId } = await db.q
    .insertInto('vulkanisir_ban')
    .values({
      ban_id: id,
      supplier_id: input.supplier_id,
      detail_pelepasan_ban_id: pelepasan?.id ?? null,
      biaya: input.biaya,
      tanggal_kirim: pelepasan?.tanggal ?? null,
      tanggal_terima: tanggal,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.q
    .updateTable('ban')
    .set((eb) => ({
      status: 'stok',
      kondisi_ban: 'KANISIR',
      jumlah_vulkanisir: eb('jumlah_vulkanisir', '+', 1),
      updated_at: nowMoment(db),
    }))
    .where('id', '=', id)
    .execute()
  await writeRiwayat(db, actor, {
    ban_id: id,
    jenis: 'terima_vulkanisir',
    tanggal,
    dokumen: { jenis: 'vulkanisir', id: vulkanisirId, kode: vulkanisirCode(vulkanisirId) },
    biaya: input.biaya,
    supplier_id: input.supplier_id,
  })
}

/** Where a tyre is, as Stok Ban writes it (app/lib/stok-ban.ts lokasiText): 'No Kabin · posisi', 'Di vulkanisir' or '—'. */
const LOKASI_TEXT = sql<string>`(CASE WHEN dl.id IS NOT NULL AND (kl.no_kabin IS NOT NULL OR dl.posisi_ban IS NOT NULL)
    THEN COALESCE(kl.no_kabin, '—') || CASE WHEN dl.posisi_ban IS NOT NULL AND dl.posisi_ban <> '' THEN ' · ' || dl.posisi_ban ELSE '' END
  WHEN b.status = 'vulkanisir' THEN 'Di vulkanisir' ELSE '—' END)`

/** The tyre list paged (the extension 'paged-lists'): Stok Ban's search (code or serial) and its sortable columns. */
export const BAN_COLUMNS: ListColumns = {
  search: [col('b.kode_ban'), col('b.no_seri')],
  sort: {
    id: { expr: col('b.id') },
    kode_ban: { expr: col('b.kode_ban'), text: true },
    no_seri: { expr: col('b.no_seri'), text: true },
    ukuran: { expr: col('u.nama'), text: true },
    merek: { expr: col('m.nama_merek'), text: true },
    kondisi: { expr: col('b.kondisi_ban'), text: true },
    status: { expr: col('b.status'), text: true },
    lokasi: { expr: LOKASI_TEXT, text: true },
  },
  order: [col('b.id')],
}

/** A query over the tyres (`ban b`), whatever else it joins. */
type BanQuery = SelectQueryBuilder<Schema & { b: Schema['ban'] }, 'b', object>

/** `name` as a positive id, or null when not sent; anything else → 422 with `message`. */
function idFilter(c: Context<ApiEnv>, name: string, message: string, errors: Record<string, string[]>): number | null {
  const raw = (c.req.query(name) ?? '').trim()
  if (raw === '') return null
  if (!/^\d{1,12}$/.test(raw) || Number(raw) < 1) {
    errors[name] = [message]
    return null
  }
  return Number(raw)
}

/** GET /api/ban[?status=…]; with `page` also ?ukuran={id}&merek={id}, q, sort, dir: one page and its meta. */
export function banRoutes() {
  const r = new Hono<ApiEnv>()
  r.get('/ban', async (c) => {
    const status = (c.req.query('status') ?? '').trim()
    if (status !== '' && !(BAN_STATUSES as readonly string[]).includes(status)) {
      throw invalid({ status: ['Status ban harus stok, terpasang, vulkanisir atau afkir.'] })
    }
    const db = c.get('db')
    const query = askedPage(c, BAN_COLUMNS)
    if (!query) {
      const row = await banListFrom(db)
        .select(jsonAgg(db, banListJson(db), col('b.id')).as('json'))
        .$if(status !== '', (qb) => qb.where('b.status', '=', status))
        .executeTakeFirstOrThrow()
      return jsonBody(c, row.json)
    }
    const errors: Record<string, string[]> = {}
    const ukuran = idFilter(c, 'ukuran', 'ukuran harus id ukuran (bilangan bulat mulai dari 1).', errors)
    const merek = idFilter(c, 'merek', 'merek harus id merek (bilangan bulat mulai dari 1).', errors)
    if (Object.keys(errors).length) throw invalid(errors)
    const search = searchCondition(BAN_COLUMNS, query)
    const order = pageOrder(BAN_COLUMNS, query)
    // The filters and the search read the tyre's own columns.
    const filtered = <QB extends BanQuery>(qb: QB): QB =>
      qb
        .$if(status !== '', (q) => q.where('b.status', '=', status))
        .$if(ukuran !== null, (q) => q.where('b.ukuran_id', '=', ukuran))
        .$if(merek !== null, (q) => q.where('b.merek_id', '=', merek))
        .$if(search !== null, (q) => q.where(search!)) as QB
    // The count needs no join.
    const counted = await db.q
      .selectFrom('ban as b')
      .select((eb) => eb.fn.countAll().as('total'))
      .$call(filtered)
      .executeTakeFirstOrThrow()
    // The page's ids need only the join the sort reads (the search reads the tyre's own columns): the
    // size or the brand name for those sorts, the pemasangan and the vehicle for the place, none else, so
    // a later page skips over tyre ids alone.
    const { limit, offset } = pageSlice(query)
    const from =
      query.sort === 'lokasi'
        ? banListFrom(db)
        : query.sort === 'ukuran'
          ? db.q.selectFrom('ban as b').leftJoin('ukuran as u', 'u.id', 'b.ukuran_id')
          : query.sort === 'merek'
            ? db.q.selectFrom('ban as b').leftJoin('merek as m', 'm.id', 'b.merek_id')
            : db.q.selectFrom('ban as b')
    const ids = (from as unknown as BanQuery).$call(filtered).select('b.id').orderBy(order).limit(limit).offset(offset)
    const rows = await banListFrom(db)
      .select(jsonAgg(db, banListJson(db), order).as('json'))
      .where('b.id', 'in', ids)
      .executeTakeFirstOrThrow()
    return jsonBody(c, `{"data":${rows.json},"meta":${JSON.stringify(pageMeta(query, Number(counted.total)))}}`)
  })
  return r
}

/** How many fitted tyres the dashboard's summary lists by name (the count covers them all). */
export const RINGKASAN_TARGET_SHOWN = 8

/**
 * A pemasangan line's tyre: its life km so far (km of its pelepasan lines, from their index, + the km run
 * on this pemasangan) and its target, as SQL over `detail_pemasangan_ban dl` and its vehicle `kl`
 * (app/lib/ban-target.ts's rules).
 */
const LIFE_KM = sql<number>`((SELECT CASE WHEN SUM(lx.km_tempuh) > 0 THEN SUM(lx.km_tempuh) ELSE 0 END FROM detail_pelepasan_ban lx WHERE lx.ban_id = dl.ban_id)
  + CASE WHEN kl.km > dl.km_pemasangan THEN kl.km - dl.km_pemasangan ELSE 0 END)`
const TARGET_KM = sql<number>`(CASE WHEN dl.target_presentase > 0 THEN dl.target_presentase ELSE ${sql.lit(DEFAULT_TARGET_PRESENTASE)} END)`

/**
 * GET /api/ban/ringkasan (the dashboard): tyres in stock by size (most first) and the fitted tyres at
 * or past 90% of their target km (count, and the most worn few), each one grouped query instead of the
 * whole tyre lists. The stock is counted from the index (status, ukuran_id) alone, the sizes' names
 * joined to the few groups; the worn tyres are one pass over the pemasangan lines that hold a tyre.
 */
export async function banRingkasan(db: DB) {
  const stok_per_ukuran = await db.q
    .selectFrom((eb) =>
      eb
        .selectFrom('ban as b')
        .select((eb2) => ['b.ukuran_id', eb2.fn.countAll<number>().as('jumlah')])
        .where('b.status', '=', 'stok')
        .groupBy('b.ukuran_id')
        .as('s'),
    )
    .leftJoin('ukuran as u', 'u.id', 's.ukuran_id')
    .select(['s.ukuran_id', 'u.nama', 's.jumlah'])
    .orderBy('s.jumlah', 'desc')
    .orderBy('u.nama')
    .orderBy('s.ukuran_id')
    .execute()
  // One pass over the fitted tyres (their pemasangan lines not taken off, `dilepas = 0`): the window
  // counts them all before LIMIT keeps the most worn.
  const { rows } = await sql<{
    id: number
    kode_ban: string
    no_seri: string
    no_kabin: string | null
    posisi_ban: string
    km_tempuh_total: number
    target_km: number
    jumlah: number
  }>`SELECT b.id, b.kode_ban, b.no_seri, n.no_kabin, n.posisi_ban, n.km_tempuh_total, n.target_km, COUNT(*) OVER () AS jumlah
       FROM (SELECT f.* FROM (
               SELECT dl.ban_id, kl.no_kabin, dl.posisi_ban, ${LIFE_KM} AS km_tempuh_total, ${TARGET_KM} AS target_km
               FROM detail_pemasangan_ban dl LEFT JOIN kendaraan kl ON kl.id = dl.kendaraan_id WHERE dl.dilepas = 0
             ) f WHERE f.km_tempuh_total * 100 >= f.target_km * 90) n
       JOIN ban b ON b.id = n.ban_id
       WHERE b.status = 'terpasang'
       ORDER BY n.km_tempuh_total * 1.0 / n.target_km DESC, b.kode_ban, b.id LIMIT ${RINGKASAN_TARGET_SHOWN}`.execute(db.q)
  const jumlah = rows[0]?.jumlah ?? 0
  const ban = rows.map(({ jumlah: _all, ...t }) => ({ ...t, persen: Math.round((t.km_tempuh_total / t.target_km) * 1000) / 10 }))
  return { stok_per_ukuran, mendekati_target: { jumlah, ban } }
}

/** The extension calls of a tyre: its history and receiving it back from the retreader. */
export function banLifecycleRoutes() {
  const r = new Hono<ApiEnv>()

  // Before /ban/:id/… so that 'ringkasan' is never read as an id.
  r.get('/ban/ringkasan', async (c) => c.json({ data: await banRingkasan(c.get('db')) }))

  r.get('/ban/:id/riwayat', async (c) => {
    const id = idParam(c, 'id', 'Ban')
    const db = c.get('db')
    const ban = await loadBan(db, id)
    if (!ban) throw notFound('Ban')
    const bought = await db.q
      .selectFrom('ban as b')
      .innerJoin('pembelian_ban as p', 'p.id', 'b.pembelian_ban_id')
      .leftJoin('supplier as s', 's.id', 'p.supplier_id')
      .select(
        jsonBuild(db, {
          id: col('p.id'),
          kode_pembelian_ban: col('p.kode_pembelian_ban'),
          tanggal_awal: col('p.tanggal_awal'),
          supplier: whenJoined(col('s.id'), jsonBuild(db, { id: col('s.id'), nama_supp: col('s.nama_supp') })),
        }).as('json'),
      )
      .where('b.id', '=', id)
      .executeTakeFirst()
    const pembelian = bought ? parseJson(bought.json) : null
    const rows = await db.q
      .selectFrom('riwayat_ban')
      .selectAll()
      .where('ban_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
    const riwayat = rows.map((h) => ({
      id: h.id,
      jenis: h.jenis,
      tanggal: h.tanggal,
      created_at: h.created_at,
      user: h.user_id != null || h.nama_user != null ? { id: h.user_id, nama_user: h.nama_user } : null,
      dokumen: h.dokumen_jenis ? { jenis: h.dokumen_jenis, id: h.dokumen_id, kode: h.dokumen_kode } : null,
      kendaraan: h.kendaraan_id != null || h.no_kabin != null ? { id: h.kendaraan_id, no_kabin: h.no_kabin } : null,
      posisi_ban: h.posisi_ban,
      posisi_tujuan: h.posisi_tujuan,
      km: h.km,
      km_tempuh: h.km_tempuh,
      biaya: h.biaya,
      alasan: h.alasan,
      tujuan: h.tujuan,
      tebal_tapak: h.tebal_tapak,
      keterangan: h.keterangan,
      supplier: h.supplier_id != null || h.nama_supp != null ? { id: h.supplier_id, nama_supp: h.nama_supp } : null,
    }))
    return c.json({ data: { ban: { ...ban, pembelian }, riwayat, ringkasan: await banSummary(db, id) } })
  })

  r.post('/ban/:id/terima-vulkanisir', async (c) => {
    const id = idParam(c, 'id', 'Ban')
    const db = c.get('db')
    if (!(await db.q.selectFrom('ban').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('Ban')
    const input = validate(terimaSchema, await readBody(c))
    const actor = await actorOfRequest(c)
    await db.tx(async () => receiveRetread(db, actor, id, input))
    return c.json({ message: 'Ban diterima dari vulkanisir.', data: await loadBan(db, id) })
  })

  return r
}

/** A retread received has no code sequence of its own: VK + its number, zero-padded like the other codes. */
export const vulkanisirCode = (id: number) => `VK${String(id).padStart(6, '0')}`

/** Its routes and the grants they need (api/routes/transaksi.ts EXTENSION_ROUTES; the table's rules: api/routes/grants.ts). */
export const BAN_LIFECYCLE_EXTENSION = {
  routes: banLifecycleRoutes,
  grants: {
    // Stok Ban: the list (above), a tyre's history (show), receiving a retread (update; the retreaders
    // are the suppliers, a lookup above).
    'GET /api/ban/ringkasan': read(STOK_BAN),
    'GET /api/ban/:id/riwayat': may('show', STOK_BAN),
    'POST /api/ban/:id/terima-vulkanisir': may('update', STOK_BAN),
  },
}
