import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { conflict, idParam, invalid, notFound, readBody, today, validate } from '../../http.ts'
import { DEFAULT_TARGET_PRESENTASE, jsonArray, jsonBody, jsonObject, nestedJson, optionalCalendarDate, requiredId } from './common.ts'
import { rupiahRule, wholeField } from '../../numbers.ts'
import { pagedSql, pageMeta, pageQuery, whereOf, type PagedColumns } from '../../paged.ts'
import { holds } from './posisi.ts'
import { actorOfRequest, writeRiwayat, type Actor } from './riwayat.ts'
import { may, read } from '../../grants.ts'

const STOK_BAN = '/admin/ban'

/**
 * A tyre as the purchase invoice answers it: {id, kode_ban, no_seri, status, harga,
 * kondisi_ban, pembelian_ban_id, ukuran_id, merek_id, typeban_id, ukuran|null, merek|null, typeban|null}.
 * Built by SQLite (json_object) over `ban b` and the joins of BAN_FROM.
 */
export const BAN_JSON = `json_object(
    'id', b.id, 'kode_ban', b.kode_ban, 'no_seri', b.no_seri, 'status', b.status, 'harga', b.harga,
    'kondisi_ban', b.kondisi_ban, 'pembelian_ban_id', b.pembelian_ban_id, 'tebal_tapak_awal', b.tebal_tapak_awal,
    'ukuran_id', b.ukuran_id, 'merek_id', b.merek_id, 'typeban_id', b.typeban_id,
    'ukuran', ${nestedJson('u.id', "'id', u.id, 'nama', u.nama")},
    'merek', ${nestedJson('m.id', "'id', m.id, 'nama_merek', m.nama_merek")},
    'typeban', ${nestedJson('t.id', "'id', t.id, 'nama_type', t.nama_type")})`

export const BAN_FROM = `FROM ban b
  LEFT JOIN ukuran u ON u.id = b.ukuran_id
  LEFT JOIN merek m ON m.id = b.merek_id
  LEFT JOIN typeban t ON t.id = b.typeban_id`

/** SQL: the km a tyre ran on its removal lines (Σ km_tempuh, 0 if none), read from their index alone. */
const KM_REMOVED = (banId: string) => `COALESCE((SELECT SUM(lx.km_tempuh) FROM detail_pelepasan_ban lx WHERE lx.ban_id = ${banId}), 0)`

/**
 * A tyre as GET /api/ban answers it: BAN_JSON plus jumlah_vulkanisir, km_tempuh (Σ of its
 * removal lines' km_tempuh, 0 if none) and lokasi {kendaraan_id, no_kabin, no_pol, posisi_ban,
 * km_pemasangan, km_kendaraan, target_presentase}|null (the fitting line not removed; km_kendaraan is
 * the vehicle's km now). Everything in one statement; each tyre's km sum is read from the index of its
 * removal lines (ban_id, km_tempuh), so a page of tyres costs its own rows, not a pass over every
 * removal line of the database.
 */
export const BAN_LIST_JSON = `json_object(
    'id', b.id, 'kode_ban', b.kode_ban, 'no_seri', b.no_seri, 'status', b.status, 'harga', b.harga,
    'kondisi_ban', b.kondisi_ban, 'pembelian_ban_id', b.pembelian_ban_id, 'tebal_tapak_awal', b.tebal_tapak_awal,
    'ukuran_id', b.ukuran_id, 'merek_id', b.merek_id, 'typeban_id', b.typeban_id,
    'ukuran', ${nestedJson('u.id', "'id', u.id, 'nama', u.nama")},
    'merek', ${nestedJson('m.id', "'id', m.id, 'nama_merek', m.nama_merek")},
    'typeban', ${nestedJson('t.id', "'id', t.id, 'nama_type', t.nama_type")},
    'jumlah_vulkanisir', b.jumlah_vulkanisir,
    'km_tempuh', ${KM_REMOVED('b.id')},
    'lokasi', ${nestedJson(
      'dl.id',
      `'kendaraan_id', dl.kendaraan_id, 'no_kabin', kl.no_kabin, 'no_pol', kl.no_pol, 'posisi_ban', dl.posisi_ban,
       'km_pemasangan', dl.km_pemasangan, 'km_kendaraan', kl.km, 'target_presentase', dl.target_presentase`,
    )})`

export const BAN_LIST_FROM = `${BAN_FROM}
  LEFT JOIN detail_pemasangan_ban dl ON dl.ban_id = b.id AND ${holds('dl')}
  LEFT JOIN kendaraan kl ON kl.id = dl.kendaraan_id`

export const BAN_STATUSES = ['stok', 'terpasang', 'vulkanisir', 'afkir'] as const
export type BanStatus = (typeof BAN_STATUSES)[number]

/** The tyres of a purchase, full shape, by id. */
export async function bansOfPurchase(db: DB, pembelianId: number): Promise<unknown[]> {
  return JSON.parse(await jsonArray(db, BAN_JSON, `${BAN_FROM} WHERE b.pembelian_ban_id = ?`, 'b.id', [pembelianId]))
}

/** One tyre as GET /api/ban answers it, or null. */
export const loadBan = (db: DB, id: number) => jsonObject(db, BAN_LIST_JSON, `${BAN_LIST_FROM} WHERE b.id = ?`, [id])

/** The removal that sent a tyre to the retreader: its line id and date (the document's, else the day it was staged). */
async function lastRemovalToRetreader(db: DB, banId: number) {
  return (await db
    .prepare(
      `SELECT l.id, COALESCE(p.tanggal_awal, substr(l.created_at, 1, 10)) AS tanggal FROM detail_pelepasan_ban l
       LEFT JOIN pelepasan_ban p ON p.id = l.pelepasan_ban_id
       WHERE l.ban_id = ? AND l.tujuan = 'vulkanisir' ORDER BY l.id DESC LIMIT 1`,
    )
    .get(banId)) as { id: number; tanggal: string } | undefined
}

const terimaSchema = z.object({
  supplier_id: requiredId('Pilih vulkanisir terlebih dahulu!'),
  biaya: wholeField(rupiahRule('Biaya vulkanisir'), {
    notNumber: 'Biaya vulkanisir harus berupa angka.',
    blank: { required: 'Biaya vulkanisir harus berupa angka.' },
  }),
  tanggal: optionalCalendarDate('Tanggal terima harus berupa tanggal (YYYY-MM-DD).'),
})

type HistoryRow = {
  id: number
  jenis: string
  tanggal: string
  created_at: string
  user_id: number | null
  nama_user: string | null
  dokumen_jenis: string | null
  dokumen_id: number | null
  dokumen_kode: string | null
  kendaraan_id: number | null
  no_kabin: string | null
  posisi_ban: string | null
  posisi_tujuan: string | null
  km: number | null
  km_tempuh: number | null
  biaya: number | null
  alasan: string | null
  tujuan: string | null
  tebal_tapak: number | null
  keterangan: string | null
  supplier_id: number | null
  nama_supp: string | null
}

/** A tyre's cost and km to date (the summary of its history; the cost-per-km report uses the same rules). */
export async function tyreSummary(db: DB, banId: number) {
  const row = (await db
    .prepare(
      `SELECT b.harga,
         (SELECT COALESCE(SUM(v.biaya), 0) FROM vulkanisir_ban v WHERE v.ban_id = b.id) AS biaya_vulkanisir,
         (SELECT COALESCE(SUM(l.km_tempuh), 0) FROM detail_pelepasan_ban l WHERE l.ban_id = b.id) AS km_tempuh,
         (SELECT CASE WHEN k.km > d.km_pemasangan THEN k.km - d.km_pemasangan ELSE 0 END FROM detail_pemasangan_ban d JOIN kendaraan k ON k.id = d.kendaraan_id
          WHERE d.ban_id = b.id AND ${holds('d')}) AS km_berjalan,
         (SELECT d.target_presentase FROM detail_pemasangan_ban d WHERE d.ban_id = b.id ORDER BY d.id DESC LIMIT 1) AS target
       FROM ban b WHERE b.id = ?`,
    )
    .get(banId)) as { harga: number; biaya_vulkanisir: number; km_tempuh: number; km_berjalan: number | null; target: number | null }
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
 * 422 for an unknown retreader or a date before the removal that sent it. Stock, KANISIR, retread
 * count + 1, a vulkanisir_ban row, history terima_vulkanisir.
 */
export async function receiveRetread(
  db: DB,
  actor: Actor,
  id: number,
  input: { supplier_id: number; biaya: number; tanggal: string | null },
) {
  const tyre = (await db.prepare('SELECT status FROM ban WHERE id = ?').get(id)) as { status: string } | undefined
  if (!tyre) throw notFound('Ban')
  if (!(await db.prepare('SELECT 1 FROM supplier WHERE id = ?').get(input.supplier_id))) {
    throw invalid({ supplier_id: ['Vulkanisir tidak ditemukan.'] })
  }
  if (tyre.status !== 'vulkanisir') throw conflict('Ban tidak sedang di vulkanisir.')
  const removal = await lastRemovalToRetreader(db, id)
  const tanggal = input.tanggal ?? today()
  if (removal && tanggal < removal.tanggal) {
    throw invalid({ tanggal: ['Tanggal terima tidak boleh sebelum tanggal pelepasan.'] })
  }
  const vulkanisirId = await db
    .prepare(
      `INSERT INTO vulkanisir_ban (ban_id, supplier_id, detail_pelepasan_ban_id, biaya, tanggal_kirim, tanggal_terima)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .insert(id, input.supplier_id, removal?.id ?? null, input.biaya, removal?.tanggal ?? null, tanggal)
  await db
    .prepare(
      `UPDATE ban SET status = 'stok', kondisi_ban = 'KANISIR', jumlah_vulkanisir = jumlah_vulkanisir + 1,
       updated_at = datetime('now') WHERE id = ?`,
    )
    .run(id)
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
const LOKASI_TEXT = `(CASE WHEN dl.id IS NOT NULL AND (kl.no_kabin IS NOT NULL OR dl.posisi_ban IS NOT NULL)
    THEN COALESCE(kl.no_kabin, '—') || CASE WHEN dl.posisi_ban IS NOT NULL AND dl.posisi_ban <> '' THEN ' · ' || dl.posisi_ban ELSE '' END
  WHEN b.status = 'vulkanisir' THEN 'Di vulkanisir' ELSE '—' END)`

/** The tyre list paged (the extension 'paged-lists'): Stok Ban's search (code or serial) and its sortable columns. */
export const BAN_COLUMNS: PagedColumns = {
  search: ['b.kode_ban', 'b.no_seri'],
  sort: {
    id: { expr: 'b.id' },
    kode_ban: { expr: 'b.kode_ban', text: true },
    no_seri: { expr: 'b.no_seri', text: true },
    ukuran: { expr: 'u.nama', text: true },
    merek: { expr: 'm.nama_merek', text: true },
    kondisi: { expr: 'b.kondisi_ban', text: true },
    status: { expr: 'b.status', text: true },
    lokasi: { expr: LOKASI_TEXT, text: true },
  },
  order: 'b.id',
}

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
    const query = pageQuery(c, BAN_COLUMNS)
    if (!query) {
      const text = status
        ? await jsonArray(db, BAN_LIST_JSON, `${BAN_LIST_FROM} WHERE b.status = ?`, 'b.id', [status])
        : await jsonArray(db, BAN_LIST_JSON, BAN_LIST_FROM, 'b.id', [])
      return jsonBody(c, text)
    }
    const errors: Record<string, string[]> = {}
    const ukuran = idFilter(c, 'ukuran', 'ukuran harus id ukuran (bilangan bulat mulai dari 1).', errors)
    const merek = idFilter(c, 'merek', 'merek harus id merek (bilangan bulat mulai dari 1).', errors)
    if (Object.keys(errors).length) throw invalid(errors)
    const conditions: string[] = []
    const params: unknown[] = []
    for (const [column, value] of [
      ['b.status', status || null],
      ['b.ukuran_id', ukuran],
      ['b.merek_id', merek],
    ] as const) {
      if (value === null) continue
      conditions.push(`${column} = ?`)
      params.push(value)
    }
    const sql = pagedSql(BAN_COLUMNS, query)
    const allParams = [...params, ...sql.searchParams]
    // The page's ids need only the join the sort reads (the search reads the tyre's own columns): the
    // size or the brand name for those sorts, the fitting and the vehicle for the place, none else, so
    // a later page skips over tyre ids alone.
    const from =
      query.sort === 'lokasi'
        ? BAN_LIST_FROM
        : query.sort === 'ukuran'
          ? 'FROM ban b LEFT JOIN ukuran u ON u.id = b.ukuran_id'
          : query.sort === 'merek'
            ? 'FROM ban b LEFT JOIN merek m ON m.id = b.merek_id'
            : 'FROM ban b'
    const whereAll = whereOf(...conditions, sql.search)
    // The filters and the search read the tyre's own columns: the count needs no join.
    const total = Number(
      (await db
        .prepare(`SELECT COUNT(*) FROM ban b ${whereAll}`)
        .pluck()
        .get(...allParams)) ?? 0,
    )
    const ids = `b.id IN (SELECT b.id ${from} ${whereAll} ORDER BY ${sql.order} ${sql.limit})`
    const rows = await jsonArray(db, BAN_LIST_JSON, `${BAN_LIST_FROM} WHERE ${ids}`, sql.order, [...allParams, ...sql.limitParams])
    return jsonBody(c, `{"data":${rows},"meta":${JSON.stringify(pageMeta(query, total))}}`)
  })
  return r
}

/** How many fitted tyres the dashboard's summary lists by name (the count covers them all). */
export const RINGKASAN_TARGET_SHOWN = 8

/**
 * A fitting line's tyre: its life km so far (km of its removal lines, from their index, + the km run
 * on this fitting) and its target, as SQL over `detail_pemasangan_ban dl` and its vehicle `kl`
 * (app/lib/ban-target.ts's rules).
 */
const LIFE_KM = `((SELECT CASE WHEN SUM(lx.km_tempuh) > 0 THEN SUM(lx.km_tempuh) ELSE 0 END FROM detail_pelepasan_ban lx WHERE lx.ban_id = dl.ban_id)
  + CASE WHEN kl.km > dl.km_pemasangan THEN kl.km - dl.km_pemasangan ELSE 0 END)`
const TARGET_KM = `(CASE WHEN dl.target_presentase > 0 THEN dl.target_presentase ELSE ${DEFAULT_TARGET_PRESENTASE} END)`

/**
 * GET /api/ban/ringkasan (the dashboard): tyres in stock by size (most first) and the fitted tyres at
 * or past 90% of their target km (count, and the most worn few), each one grouped query instead of the
 * whole tyre lists. The stock is counted from the index (status, ukuran_id) alone, the sizes' names
 * joined to the few groups; the worn tyres are one pass over the fitting lines that hold a tyre.
 */
export async function banRingkasan(db: DB) {
  const stok_per_ukuran = (await db
    .prepare(
      `SELECT s.ukuran_id, u.nama, s.jumlah
       FROM (SELECT b.ukuran_id, COUNT(*) AS jumlah FROM ban b WHERE b.status = 'stok' GROUP BY b.ukuran_id) s
       LEFT JOIN ukuran u ON u.id = s.ukuran_id ORDER BY s.jumlah DESC, u.nama, s.ukuran_id`,
    )
    .all()) as { ukuran_id: number | null; nama: string | null; jumlah: number }[]
  // One pass over the fitted tyres: the window counts them all before LIMIT keeps the most worn.
  const rows = (await db
    .prepare(
      `SELECT b.id, b.kode_ban, b.no_seri, n.no_kabin, n.posisi_ban, n.km_tempuh_total, n.target_km, COUNT(*) OVER () AS jumlah
       FROM (SELECT f.* FROM (
               SELECT dl.ban_id, kl.no_kabin, dl.posisi_ban, ${LIFE_KM} AS km_tempuh_total, ${TARGET_KM} AS target_km
               FROM detail_pemasangan_ban dl LEFT JOIN kendaraan kl ON kl.id = dl.kendaraan_id WHERE ${holds('dl')}
             ) f WHERE f.km_tempuh_total * 100 >= f.target_km * 90) n
       JOIN ban b ON b.id = n.ban_id
       WHERE b.status = 'terpasang'
       ORDER BY n.km_tempuh_total * 1.0 / n.target_km DESC, b.kode_ban, b.id LIMIT ?`,
    )
    .all(RINGKASAN_TARGET_SHOWN)) as { km_tempuh_total: number; target_km: number; jumlah: number }[]
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
    const pembelian = await jsonObject(
      db,
      `json_object('id', p.id, 'kode_pembelian_ban', p.kode_pembelian_ban, 'tanggal_awal', p.tanggal_awal,
         'supplier', ${nestedJson('s.id', "'id', s.id, 'nama_supp', s.nama_supp")})`,
      'FROM ban b JOIN pembelian_ban p ON p.id = b.pembelian_ban_id LEFT JOIN supplier s ON s.id = p.supplier_id WHERE b.id = ?',
      [id],
    )
    const rows = (await db.prepare('SELECT * FROM riwayat_ban WHERE ban_id = ? ORDER BY created_at DESC, id DESC').all(id)) as HistoryRow[]
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
    return c.json({ data: { ban: { ...ban, pembelian }, riwayat, ringkasan: await tyreSummary(db, id) } })
  })

  r.post('/ban/:id/terima-vulkanisir', async (c) => {
    const id = idParam(c, 'id', 'Ban')
    const db = c.get('db')
    if (!(await db.prepare('SELECT 1 FROM ban WHERE id = ?').get(id))) throw notFound('Ban')
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
