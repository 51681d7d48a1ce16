import { Hono } from 'hono'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { recordAudit } from '../../audit.ts'
import { requireGrant, type MenuNeed } from '../../grants.ts'
import { nextCode } from '../../codes.ts'
import { conflict, idParam, invalid, notFound, readBody, requiredText, today, validate } from '../../http.ts'
import { kmRule, KM_MAX, wholeField } from '../../numbers.ts'
import { pagedSql, pageMeta, pageQuery, whereOf, type PagedColumns, type PageQuery } from '../../paged.ts'
import {
  DEFAULT_TARGET_PRESENTASE,
  docFilter,
  filterSql,
  jsonArray,
  jsonBody,
  jsonObject,
  nestedJson,
  optionalId,
  positionsFor,
  raiseVehicleKm,
  requiredId,
  type DocFilter,
  type DocStatus,
  statusRoutes,
} from './common.ts'
import { holds, positionHolder, removedFlag } from './posisi.ts'
import { actorOfRequest, writeRiwayat, type Actor } from './riwayat.ts'

/**
 * Undoing a fitting line, as the app's screens ask it: a staged line (no document yet) is the create
 * screen's, Create on Pemasangan Ban; a line of a registered fitting is its edit screen's, Update on
 * Pemasangan Ban or its inquiry. The route admits either (api/routes/grants.ts); the handler asks the
 * one the line needs once it has loaded it.
 */
export const PEMASANGAN_LINES: { staged: readonly MenuNeed[]; registered: readonly MenuNeed[] } = {
  staged: [{ menus: ['/admin/pemasangan-ban'], perm: 'create' }],
  registered: [{ menus: ['/admin/pemasangan-ban', '/admin/inquery-pemasangan-ban'], perm: 'update' }],
}

// ---- output ----------------------------------------------------------------------------------------

/**
 * A fitting as the lists answer it, with kendaraan {id, kode_kendaraan, no_kabin, no_pol, km,
 * jenis_kendaraan {id, nama_jenis_kendaraan, total_ban}|null}|null. `extra` adds pairs (the invoice's supplier).
 */
const fittingJson = (extra = '') => `json_object(
    'id', p.id, 'kode_pemasangan', p.kode_pemasangan, 'kendaraan_id', p.kendaraan_id, 'supplier_id', p.supplier_id,
    'km', p.km, 'grand_total', p.grand_total, 'status', p.status, 'tanggal_awal', p.tanggal_awal,
    'created_at', p.created_at, 'updated_at', p.updated_at,
    'kendaraan', ${nestedJson(
      'k.id',
      `'id', k.id, 'kode_kendaraan', k.kode_kendaraan, 'no_kabin', k.no_kabin, 'no_pol', k.no_pol, 'km', k.km,
       'jenis_kendaraan', ${nestedJson('j.id', "'id', j.id, 'nama_jenis_kendaraan', j.nama_jenis_kendaraan, 'total_ban', j.total_ban")}`,
    )}${extra})`

const FITTING_FROM = `FROM pemasangan_ban p
  LEFT JOIN kendaraan k ON k.id = p.kendaraan_id
  LEFT JOIN jenis_kendaraan j ON j.id = k.jenis_kendaraan_id`

export async function fittingsJson(db: DB, f: DocFilter): Promise<string> {
  const { where, params } = filterSql(f, 'p')
  return await jsonArray(db, fittingJson(), `${FITTING_FROM} ${where}`, 'p.id', params)
}

/** The fitting list paged (the extension 'paged-lists'): searched by fitting code or cabin number, sortable as the screen's columns. */
export const FITTING_COLUMNS: PagedColumns = {
  search: ['p.kode_pemasangan', 'k.no_kabin'],
  sort: {
    id: { expr: 'p.id' },
    kode_pemasangan: { expr: 'p.kode_pemasangan', text: true },
    no_kabin: { expr: 'k.no_kabin', text: true },
    jenis_kendaraan: { expr: 'j.nama_jenis_kendaraan', text: true },
    status: { expr: 'p.status', text: true },
    tanggal: { expr: 'p.tanggal_awal', text: true },
  },
  order: 'p.id',
}

/** The inquiry: searched by fitting code only, the same sort keys. */
export const INQUIRY_FITTING_COLUMNS: PagedColumns = { ...FITTING_COLUMNS, search: ['p.kode_pemasangan'] }

/**
 * One page of the fittings matching a filter, as JSON text, and its meta (with `posting`: how many
 * of the matching fittings are posted, the inquiry's Posting semua / Unpost semua counts, and
 * `grand_total`: the sum of their grand totals, the dashboard's backlog): the page's
 * ids first (filtered, searched, sorted and cut by the database), then their JSON in that order.
 */
export async function fittingsPage(db: DB, f: DocFilter, columns: PagedColumns, query: PageQuery) {
  const { where, params } = filterSql(f, 'p')
  const sql = pagedSql(columns, query)
  const whereAll = whereOf(where, sql.search)
  const allParams = [...params, ...sql.searchParams]
  // The count and the page's ids join only what the search and the sort read (a left join on a
  // primary key never changes the count): the vehicle for the cabin number, its type for the type's name.
  const withVehicle = sql.search !== '' || query.sort === 'no_kabin' || query.sort === 'jenis_kendaraan'
  const countFrom = `FROM pemasangan_ban p${withVehicle ? ' LEFT JOIN kendaraan k ON k.id = p.kendaraan_id' : ''}`
  const idsFrom = query.sort === 'jenis_kendaraan' ? FITTING_FROM : countFrom
  const counted = (await db
    .prepare(
      `SELECT COUNT(*) AS total, SUM(CASE WHEN p.status = 'posting' THEN 1 ELSE 0 END) AS posting,
         SUM(p.grand_total) AS grand_total ${countFrom} ${whereAll}`,
    )
    .get(...allParams)) as { total: unknown; posting: unknown; grand_total: unknown }
  const ids = `p.id IN (SELECT p.id ${idsFrom} ${whereAll} ORDER BY ${sql.order} ${sql.limit})`
  const rows = await jsonArray(db, fittingJson(), `${FITTING_FROM} WHERE ${ids}`, sql.order, [...allParams, ...sql.limitParams])
  const meta = {
    ...pageMeta(query, Number(counted.total)),
    posting: Number(counted.posting ?? 0),
    grand_total: Number(counted.grand_total ?? 0),
  }
  return { rows, meta: JSON.stringify(meta) }
}

const loadFitting = (db: DB, id: number) => jsonObject(db, fittingJson(), `${FITTING_FROM} WHERE p.id = ?`, [id])

/** The invoice's fitting: as in the list, plus supplier {id, kode_supplier, nama_supp, alamat, telp}|null. */
const loadFittingWithSupplier = async (db: DB, id: number) =>
  await jsonObject(
    db,
    fittingJson(
      `, 'supplier', ${nestedJson('s.id', "'id', s.id, 'kode_supplier', s.kode_supplier, 'nama_supp', s.nama_supp, 'alamat', s.alamat, 'telp', s.telp")}`,
    ),
    `${FITTING_FROM} LEFT JOIN supplier s ON s.id = p.supplier_id WHERE p.id = ?`,
    [id],
  )

/**
 * A tyre on a position: {id, pemasangan_ban_id, kendaraan_id, ban_id, posisi_ban, km_pemasangan,
 * target_presentase, dilepas, ban: {id, kode_ban, no_seri, kondisi_ban, harga, ukuran|null, merek|null, typeban|null}}.
 * dilepas: 1 once a removal line took the tyre off (the line no longer holds its position), else 0.
 */
export const DETAIL_JSON = `json_object(
    'id', d.id, 'pemasangan_ban_id', d.pemasangan_ban_id, 'kendaraan_id', d.kendaraan_id, 'ban_id', d.ban_id,
    'posisi_ban', d.posisi_ban, 'km_pemasangan', d.km_pemasangan, 'target_presentase', d.target_presentase,
    'dilepas', ${removedFlag('d')},
    'ban', json_object('id', b.id, 'kode_ban', b.kode_ban, 'no_seri', b.no_seri, 'kondisi_ban', b.kondisi_ban, 'harga', b.harga,
      'ukuran', ${nestedJson('u.id', "'id', u.id, 'nama', u.nama")},
      'merek', ${nestedJson('m.id', "'id', m.id, 'nama_merek', m.nama_merek")},
      'typeban', ${nestedJson('t.id', "'id', t.id, 'nama_type', t.nama_type")}))`

export const DETAIL_FROM = `FROM detail_pemasangan_ban d
  JOIN ban b ON b.id = d.ban_id
  LEFT JOIN ukuran u ON u.id = b.ukuran_id
  LEFT JOIN merek m ON m.id = b.merek_id
  LEFT JOIN typeban t ON t.id = b.typeban_id`

/** Details by position, as JSON text. */
const detailsJson = async (db: DB, where: string, id: number) =>
  await jsonArray(db, DETAIL_JSON, `${DETAIL_FROM} WHERE ${where}`, 'd.posisi_ban, d.id', [id])

const loadDetail = (db: DB, id: number) => jsonObject(db, DETAIL_JSON, `${DETAIL_FROM} WHERE d.id = ?`, [id])

// ---- rules -----------------------------------------------------------------------------------------

const notFoundFitting = () => notFound('Pemasangan ban')
const notFoundVehicle = () => notFound('Kendaraan')

type Vehicle = { id: number; km: number; total_ban: number | null }
const vehicleOf = async (db: DB, id: number) =>
  (await db
    .prepare('SELECT k.id, k.km, j.total_ban FROM kendaraan k LEFT JOIN jenis_kendaraan j ON j.id = k.jenis_kendaraan_id WHERE k.id = ?')
    .get(id)) as Vehicle | undefined

const fittingState = async (db: DB, id: number) =>
  (await db.prepare('SELECT id, kendaraan_id, status FROM pemasangan_ban WHERE id = ?').get(id)) as
    { id: number; kendaraan_id: number; status: DocStatus } | undefined

/** A fitting's grand_total (sum of its tyres' harga) and km (highest km_pemasangan) from its details. */
async function recomputeFitting(db: DB, id: number) {
  await db
    .prepare(
      `UPDATE pemasangan_ban SET
       grand_total = (SELECT COALESCE(SUM(b.harga), 0) FROM detail_pemasangan_ban d JOIN ban b ON b.id = d.ban_id
                      WHERE d.pemasangan_ban_id = pemasangan_ban.id),
       km = COALESCE((SELECT MAX(d.km_pemasangan) FROM detail_pemasangan_ban d WHERE d.pemasangan_ban_id = pemasangan_ban.id), km),
       updated_at = datetime('now')
     WHERE id = ?`,
    )
    .run(id)
}

/** A line registered into a document between its grant check and its change: nothing is changed. */
export const LINE_CHANGED = 'Detail ban baru saja disimpan ke dokumen. Muat ulang halaman lalu coba lagi.'

const stageSchema = z.object({
  kendaraan_id: requiredId('Kendaraan harus dipilih.'),
  no_seri: requiredText('Nomor Seri harus dipilih'),
  posisi_ban: requiredText('Posisi ban harus dipilih.'),
  km_pemasangan: wholeField(kmRule('Km pemasangan'), {
    notNumber: 'Km pemasangan harus berupa angka.',
    blank: { required: 'Km pemasangan tidak boleh kosong.' },
  }),
  /** The target km of the tyre on this position. */
  target_presentase: wholeField(
    { label: 'Target ban', min: 1, max: KM_MAX },
    { notNumber: 'Target ban harus berupa angka.', blank: DEFAULT_TARGET_PRESENTASE },
  ),
})
const inqueryStageSchema = stageSchema.extend({
  pemasangan_ban_id: requiredId('Pemasangan ban harus dipilih.'),
  kendaraan_id: optionalId('Kendaraan tidak valid.'),
})

/**
 * Puts a tyre from stock on a position of a vehicle (staged when fittingId is null, else part of that
 * fitting at once). 422 with every failed rule: no tyre in stock with that serial, a position the
 * vehicle's type does not have or that a tyre holds now (the message names the holder's tyre and
 * fitting), km below the vehicle's km. Only `stok` tyres are offered (never one at the retreader or
 * scrapped); a position freed by a removal takes a new tyre at once (api/routes/transaksi/posisi.ts).
 * Writes the tyre's 'pasang' history row.
 */
async function stage(
  db: DB,
  v: { kendaraan_id: number; no_seri: string; posisi_ban: string; km_pemasangan: number; target_presentase: number },
  fittingId: number | null,
  actor: Actor,
): Promise<number> {
  const vehicle = await vehicleOf(db, v.kendaraan_id)
  if (!vehicle) throw invalid({ kendaraan_id: ['Kendaraan tidak ditemukan.'] })
  const errors: Record<string, string[]> = {}
  const tyre = (await db
    .prepare(
      `SELECT b.id FROM ban b WHERE b.no_seri = ? AND b.status = 'stok'
         AND NOT EXISTS (SELECT 1 FROM detail_pemasangan_ban d WHERE d.ban_id = b.id AND ${holds('d')}) ORDER BY b.id LIMIT 1`,
    )
    .get(v.no_seri)) as { id: number } | undefined
  if (!tyre) errors.no_seri = [`Ban dengan nomor seri ${v.no_seri} tidak tersedia di stok.`]
  const posisi = v.posisi_ban.toUpperCase()
  if (!positionsFor(vehicle.total_ban).includes(posisi)) {
    errors.posisi_ban = [`Posisi ban ${posisi} tidak ada pada jenis kendaraan ini.`]
  } else {
    const holder = await positionHolder(db, vehicle.id, posisi)
    if (holder) {
      errors.posisi_ban = [
        holder.kode_pemasangan
          ? `Posisi ban ${posisi} sudah terisi ban ${holder.no_seri} dari pemasangan ${holder.kode_pemasangan}.`
          : `Posisi ban ${posisi} sudah terisi ban ${holder.no_seri} yang belum disimpan.`,
      ]
    }
  }
  if (v.km_pemasangan < vehicle.km) errors.km_pemasangan = ['Km pemasangan tidak boleh lebih kecil dari km kendaraan.']
  if (Object.keys(errors).length || !tyre) throw invalid(errors)
  const detailId = await db
    .prepare(
      `INSERT INTO detail_pemasangan_ban (pemasangan_ban_id, kendaraan_id, ban_id, posisi_ban, km_pemasangan, target_presentase)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .insert(fittingId, vehicle.id, tyre.id, posisi, v.km_pemasangan, v.target_presentase)
  await db.prepare("UPDATE ban SET status = 'terpasang', updated_at = datetime('now') WHERE id = ?").run(tyre.id)
  const fitting =
    fittingId == null
      ? undefined
      : ((await db.prepare('SELECT kode_pemasangan, tanggal_awal FROM pemasangan_ban WHERE id = ?').get(fittingId)) as
          { kode_pemasangan: string; tanggal_awal: string } | undefined)
  await writeRiwayat(db, actor, {
    ban_id: tyre.id,
    jenis: 'pasang',
    tanggal: fitting?.tanggal_awal ?? today(),
    dokumen: fitting && fittingId != null ? { jenis: 'pemasangan', id: fittingId, kode: fitting.kode_pemasangan } : null,
    kendaraan_id: vehicle.id,
    posisi_ban: posisi,
    km: v.km_pemasangan,
    detail_pemasangan_ban_id: detailId,
  })
  return detailId
}

/**
 * Before fitting lines are deleted: 409 when one of them has been removed (the removal keeps it);
 * else the tyres' 'batal_pasang' history rows.
 */
async function undoFittingLines(db: DB, actor: Actor, where: string, id: number) {
  const lines = (await db
    .prepare(
      `SELECT d.id, d.ban_id, d.kendaraan_id, d.posisi_ban, d.km_pemasangan, ${removedFlag('d')} AS dilepas, d.pemasangan_ban_id, p.kode_pemasangan
       FROM detail_pemasangan_ban d LEFT JOIN pemasangan_ban p ON p.id = d.pemasangan_ban_id WHERE ${where} ORDER BY d.id`,
    )
    .all(id)) as {
    id: number
    ban_id: number
    kendaraan_id: number
    posisi_ban: string
    km_pemasangan: number
    dilepas: number
    pemasangan_ban_id: number | null
    kode_pemasangan: string | null
  }[]
  if (lines.some((l) => l.dilepas === 1)) throw conflict('Ban sudah dilepas; hapus pelepasannya terlebih dahulu.')
  // A moved tyre's fitting line is kept by its rotation (the history of the move names it).
  for (const l of lines) {
    const rotated = await db
      .prepare('SELECT 1 FROM detail_rotasi_ban x WHERE x.detail_pemasangan_ban_id = ? OR x.detail_pemasangan_ban_tukar_id = ?')
      .get(l.id, l.id)
    if (rotated) throw conflict('Ban sudah dirotasi; hapus rotasinya terlebih dahulu.')
  }
  for (const l of lines) {
    await writeRiwayat(db, actor, {
      ban_id: l.ban_id,
      jenis: 'batal_pasang',
      tanggal: today(),
      dokumen: l.pemasangan_ban_id != null ? { jenis: 'pemasangan', id: l.pemasangan_ban_id, kode: l.kode_pemasangan } : null,
      kendaraan_id: l.kendaraan_id,
      posisi_ban: l.posisi_ban,
      km: l.km_pemasangan,
      detail_pemasangan_ban_id: l.id,
    })
  }
}

/** Tyres of the given details go back to stock. */
async function returnToStock(db: DB, where: string, id: number) {
  await db
    .prepare(
      `UPDATE ban SET status = 'stok', updated_at = datetime('now')
     WHERE id IN (SELECT ban_id FROM detail_pemasangan_ban d WHERE ${where})`,
    )
    .run(id)
}

// ---- routes ----------------------------------------------------------------------------------------

/** Fittings: staging on the create screen, registering, the invoice, the inquiry and its edit screen. */
export function pemasanganRoutes() {
  const r = new Hono<ApiEnv>()

  // With `page` (the extension 'paged-lists'): one page as {data, meta}, also filtered by date and status.
  r.get('/pemasangan-ban', async (c) => {
    const query = pageQuery(c, FITTING_COLUMNS)
    if (!query) return jsonBody(c, await fittingsJson(c.get('db'), { from: null, to: null, status: null }))
    const page = await fittingsPage(c.get('db'), docFilter(c), FITTING_COLUMNS, query)
    return jsonBody(c, `{"data":${page.rows},"meta":${page.meta}}`)
  })

  r.delete('/pemasangan-ban/:id', async (c) => {
    const id = idParam(c, 'id', 'Pemasangan ban')
    const db = c.get('db')
    const actor = await actorOfRequest(c)
    await db.tx(async () => {
      const fitting = await fittingState(db, id)
      if (!fitting) throw notFoundFitting()
      if (fitting.status === 'posting') throw conflict('Pemasangan ban sudah diposting dan tidak dapat dihapus.')
      await undoFittingLines(db, actor, 'd.pemasangan_ban_id = ?', id)
      await returnToStock(db, 'd.pemasangan_ban_id = ?', id)
      await db.prepare('DELETE FROM detail_pemasangan_ban WHERE pemasangan_ban_id = ?').run(id)
      await db.prepare('DELETE FROM pemasangan_ban WHERE id = ?').run(id)
      // The history stays (no foreign key): who deleted it is its last record.
      await recordAudit(db, c.get('user'), { entitas: 'pemasangan_ban', entitasId: id, aksi: 'hapus' })
    })
    return c.json({ message: 'Data Pemasangan telah dihapus.' })
  })

  r.get('/pemasangan-ban/detail-list-ban/:kendaraanId', async (c) => {
    const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
    const db = c.get('db')
    if (!(await vehicleOf(db, kendaraanId))) throw notFoundVehicle()
    return jsonBody(c, `{"data":${await detailsJson(db, 'd.kendaraan_id = ? AND d.pemasangan_ban_id IS NULL', kendaraanId)}}`)
  })

  r.post('/pemasangan-ban/detail-ban', async (c) => {
    const db = c.get('db')
    const input = validate(stageSchema, await readBody(c))
    const actor = await actorOfRequest(c)
    const id = await db.tx(async () => stage(db, input, null, actor))
    return c.json({ message: 'Detail ban berhasil disimpan.', data: await loadDetail(db, id) }, 201)
  })

  r.delete('/pemasangan-ban/delete-detail-ban/:id', async (c) => {
    const id = idParam(c, 'id', 'Detail ban')
    const db = c.get('db')
    const fittingOf = async () =>
      (await db.prepare('SELECT pemasangan_ban_id FROM detail_pemasangan_ban WHERE id = ?').get(id)) as
        { pemasangan_ban_id: number | null } | undefined
    // A staged line is the create screen's (Create), a registered fitting's line its edit screen's (Update).
    const checked = await fittingOf()
    if (!checked) throw notFound('Detail ban')
    const registered = checked.pemasangan_ban_id != null
    await requireGrant(db, c.get('user').id, registered ? PEMASANGAN_LINES.registered : PEMASANGAN_LINES.staged)
    const actor = await actorOfRequest(c)
    await db.tx(async () => {
      const detail = await fittingOf()
      if (!detail) throw notFound('Detail ban')
      const fittingId = detail.pemasangan_ban_id
      // Registered meanwhile (a staged line saved into a document): the grant asked no longer fits.
      if ((fittingId != null) !== registered) throw conflict(LINE_CHANGED)
      if (fittingId != null && (await fittingState(db, fittingId))?.status === 'posting') {
        throw conflict('Pemasangan ban sudah diposting, detail ban tidak dapat dihapus.')
      }
      await undoFittingLines(db, actor, 'd.id = ?', id)
      await returnToStock(db, 'd.id = ?', id)
      await db.prepare('DELETE FROM detail_pemasangan_ban WHERE id = ?').run(id)
      if (fittingId != null) {
        await recomputeFitting(db, fittingId)
        await recordAudit(db, c.get('user'), { entitas: 'pemasangan_ban', entitasId: fittingId, aksi: 'diubah' })
      }
    })
    return c.json({ message: 'Detail ban berhasil dihapus.' })
  })

  r.post('/pemasangan-ban/add-pemasangan/:kendaraanId', async (c) => {
    const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
    const db = c.get('db')
    const id = await db.tx(async () => {
      if (!(await vehicleOf(db, kendaraanId))) throw notFoundVehicle()
      const staged = (await db
        .prepare(
          `SELECT COUNT(*) AS n, MAX(d.km_pemasangan) AS km, COALESCE(SUM(b.harga), 0) AS total
           FROM detail_pemasangan_ban d JOIN ban b ON b.id = d.ban_id
           WHERE d.kendaraan_id = ? AND d.pemasangan_ban_id IS NULL`,
        )
        .get(kendaraanId)) as { n: number; km: number | null; total: number }
      if (staged.n === 0) throw invalid({ detail: ['Belum ada ban yang dipasang.'] })
      // The supplier most of the fitted tyres were bought from (ties: the first line's).
      const supplier = (await db
        .prepare(
          `SELECT p.supplier_id FROM detail_pemasangan_ban d JOIN ban b ON b.id = d.ban_id
           JOIN pembelian_ban p ON p.id = b.pembelian_ban_id
           WHERE d.kendaraan_id = ? AND d.pemasangan_ban_id IS NULL
           GROUP BY p.supplier_id ORDER BY COUNT(*) DESC, MIN(d.id) LIMIT 1`,
        )
        .get(kendaraanId)) as { supplier_id: number } | undefined
      const kode = await nextCode(db, 'pemasangan_ban')
      const id = await db
        .prepare(
          `INSERT INTO pemasangan_ban (kode_pemasangan, kendaraan_id, supplier_id, km, grand_total, status, tanggal_awal)
           VALUES (?, ?, ?, ?, ?, 'unpost', ?)`,
        )
        .insert(kode, kendaraanId, supplier?.supplier_id ?? null, staged.km, staged.total, today())
      // The staged lines' 'pasang' history rows get their document (and its date) now.
      await db
        .prepare(
          `UPDATE riwayat_ban SET dokumen_jenis = 'pemasangan', dokumen_id = ?, dokumen_kode = ?, tanggal = ?
         WHERE jenis = 'pasang' AND detail_pemasangan_ban_id IN
           (SELECT id FROM detail_pemasangan_ban WHERE kendaraan_id = ? AND pemasangan_ban_id IS NULL)`,
        )
        .run(id, kode, today(), kendaraanId)
      await db
        .prepare(
          "UPDATE detail_pemasangan_ban SET pemasangan_ban_id = ?, updated_at = datetime('now') WHERE kendaraan_id = ? AND pemasangan_ban_id IS NULL",
        )
        .run(id, kendaraanId)
      await raiseVehicleKm(db, kendaraanId, staged.km)
      await recordAudit(db, c.get('user'), { entitas: 'pemasangan_ban', entitasId: id, aksi: 'dibuat' })
      return id
    })
    return c.json({ message: 'Data pemasangan ban berhasil disimpan.', data: await loadFitting(db, id) }, 201)
  })

  r.get('/detail-pemasangan/:id', async (c) => {
    const id = idParam(c, 'id', 'Pemasangan ban')
    const db = c.get('db')
    const data = await loadFittingWithSupplier(db, id)
    if (!data) throw notFoundFitting()
    return jsonBody(c, `{"data":${JSON.stringify(data)},"detail":${await detailsJson(db, 'd.pemasangan_ban_id = ?', id)}}`)
  })

  // With `page`: one page as {data: {data: [...]}, meta} (meta.posting: how many matching are posted).
  r.get('/inquery-pemasangan-ban', async (c) => {
    const filter = docFilter(c)
    const query = pageQuery(c, INQUIRY_FITTING_COLUMNS)
    if (!query) return jsonBody(c, `{"data":{"data":${await fittingsJson(c.get('db'), filter)}}}`)
    const page = await fittingsPage(c.get('db'), filter, INQUIRY_FITTING_COLUMNS, query)
    return jsonBody(c, `{"data":{"data":${page.rows}},"meta":${page.meta}}`)
  })

  r.get('/inquery-pemasangan-ban/detail-list-ban/:id', async (c) => {
    const id = idParam(c, 'id', 'Pemasangan ban')
    const db = c.get('db')
    if (!(await fittingState(db, id))) throw notFoundFitting()
    return jsonBody(c, `{"data":${await detailsJson(db, 'd.pemasangan_ban_id = ?', id)}}`)
  })

  r.post('/inquery-pemasangan-ban/detail-ban', async (c) => {
    const db = c.get('db')
    const input = validate(inqueryStageSchema, await readBody(c))
    const actor = await actorOfRequest(c)
    const id = await db.tx(async () => {
      const fitting = await fittingState(db, input.pemasangan_ban_id)
      if (!fitting) throw invalid({ pemasangan_ban_id: ['Pemasangan ban tidak ditemukan.'] })
      if (fitting.status === 'posting') throw conflict('Pemasangan ban sudah diposting dan tidak dapat diubah.')
      if (input.kendaraan_id != null && input.kendaraan_id !== fitting.kendaraan_id) {
        throw invalid({ kendaraan_id: ['Kendaraan tidak sesuai dengan kendaraan pemasangan ban.'] })
      }
      const detailId = await stage(db, { ...input, kendaraan_id: fitting.kendaraan_id }, fitting.id, actor)
      await recomputeFitting(db, fitting.id)
      await raiseVehicleKm(db, fitting.kendaraan_id, input.km_pemasangan)
      await recordAudit(db, c.get('user'), { entitas: 'pemasangan_ban', entitasId: fitting.id, aksi: 'diubah' })
      return detailId
    })
    return c.json({ message: 'Detail ban berhasil disimpan.', data: await loadDetail(db, id) }, 201)
  })

  r.post('/inquery-pemasangan-ban/:id/update', async (c) => {
    const id = idParam(c, 'id', 'Pemasangan ban')
    const db = c.get('db')
    if (!(await fittingState(db, id))) throw notFoundFitting()
    const input = validate(z.object({ kendaraan_id: optionalId('Kendaraan tidak valid.') }), await readBody(c))
    await db.tx(async () => {
      const fitting = await fittingState(db, id)
      if (!fitting) throw notFoundFitting()
      if (fitting.status === 'posting') throw conflict('Pemasangan ban sudah diposting dan tidak dapat diubah.')
      const kendaraanId = input.kendaraan_id ?? fitting.kendaraan_id
      if (kendaraanId !== fitting.kendaraan_id) {
        if (!(await vehicleOf(db, kendaraanId))) throw invalid({ kendaraan_id: ['Kendaraan tidak ditemukan.'] })
        const has = await db.prepare('SELECT 1 FROM detail_pemasangan_ban WHERE pemasangan_ban_id = ? LIMIT 1').get(id)
        if (has) {
          throw invalid({ kendaraan_id: ['Kendaraan tidak dapat diganti selama pemasangan masih memiliki detail ban.'] })
        }
        await db.prepare('UPDATE pemasangan_ban SET kendaraan_id = ? WHERE id = ?').run(kendaraanId, id)
      }
      await recomputeFitting(db, id)
      const km = ((await db.prepare('SELECT km FROM pemasangan_ban WHERE id = ?').get(id)) as { km: number | null }).km
      await raiseVehicleKm(db, kendaraanId, km)
      await recordAudit(db, c.get('user'), { entitas: 'pemasangan_ban', entitasId: id, aksi: 'diubah' })
    })
    return c.json({ message: 'Data pemasangan ban berhasil diperbarui.', data: await loadFitting(db, id) })
  })

  for (const base of ['/inquery-pemasangan-ban', '/inquery-pemasangan']) {
    statusRoutes(r, base, { table: 'pemasangan_ban', label: 'Pemasangan ban', load: loadFitting })
  }

  return r
}
