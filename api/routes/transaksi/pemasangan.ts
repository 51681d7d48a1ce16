import { Hono } from 'hono'
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { recordAudit } from '../../audit.ts'
import { requireGrant, type MenuNeed } from '../../grants.ts'
import { nextCode } from '../../codes.ts'
import { conflict, idParam, invalid, notFound, readBody, requiredText, today, validate } from '../../http.ts'
import { kmRule, KM_MAX, wholeField } from '../../numbers.ts'
import { pageMeta, pageQuery, type PagedColumns, type PageQuery } from '../../paged.ts'
import type { Schema } from '../../schema.ts'
import { caseBlind, forUpdate, nowMoment } from '../../sql.ts'
import {
  DEFAULT_TARGET_PRESENTASE,
  docFilter,
  jsonBody,
  optionalId,
  positionsFor,
  raiseVehicleKm,
  requiredId,
  type DocFilter,
  statusRoutes,
} from './common.ts'
import { lockKendaraan, positionHolder } from './posisi.ts'
import { actorOfRequest, writeRiwayat, type Actor } from './riwayat.ts'

/**
 * Undoing a pemasangan line, as the app's screens ask it: a staged line (no document yet) is the create
 * screen's, Create on Pemasangan Ban; a line of a registered pemasangan is its edit screen's, Update on
 * Pemasangan Ban or its inquiry. The route admits either (api/routes/grants.ts); the handler asks the
 * one the line needs once it has loaded it.
 */
export const PEMASANGAN_LINES: { staged: readonly MenuNeed[]; registered: readonly MenuNeed[] } = {
  staged: [{ menus: ['/admin/pemasangan-ban'], perm: 'create' }],
  registered: [{ menus: ['/admin/pemasangan-ban', '/admin/inquery-pemasangan-ban'], perm: 'update' }],
}

// ---- output ----------------------------------------------------------------------------------------
// The answers are written here from the rows of one query with the same joins as the screens read
// (never a query per row): the same keys in the same order on both databases, nested objects null
// when their joined row is missing.

/** The pemasangan's row with its vehicle and the vehicle's type (the lists' joins). */
const pemasanganRows = (db: DB) =>
  db.q
    .selectFrom('pemasangan_ban as p')
    .leftJoin('kendaraan as k', 'k.id', 'p.kendaraan_id')
    .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')
    .select([
      'p.id',
      'p.kode_pemasangan',
      'p.kendaraan_id',
      'p.supplier_id',
      'p.km',
      'p.grand_total',
      'p.status',
      'p.tanggal_awal',
      'p.created_at',
      'p.updated_at',
      'k.id as k_id',
      'k.kode_kendaraan as k_kode_kendaraan',
      'k.no_kabin as k_no_kabin',
      'k.no_pol as k_no_pol',
      'k.km as k_km',
      'j.id as j_id',
      'j.nama_jenis_kendaraan as j_nama_jenis_kendaraan',
      'j.total_ban as j_total_ban',
    ])

type PemasanganRow = Awaited<ReturnType<ReturnType<typeof pemasanganRows>['executeTakeFirstOrThrow']>>

/**
 * A pemasangan as the lists answer it, with kendaraan {id, kode_kendaraan, no_kabin, no_pol, km,
 * jenis_kendaraan {id, nama_jenis_kendaraan, total_ban}|null}|null.
 */
const pemasanganJson = (r: PemasanganRow) => ({
  id: r.id,
  kode_pemasangan: r.kode_pemasangan,
  kendaraan_id: r.kendaraan_id,
  supplier_id: r.supplier_id,
  km: r.km,
  grand_total: r.grand_total,
  status: r.status,
  tanggal_awal: r.tanggal_awal,
  created_at: r.created_at,
  updated_at: r.updated_at,
  kendaraan:
    r.k_id == null
      ? null
      : {
          id: r.k_id,
          kode_kendaraan: r.k_kode_kendaraan,
          no_kabin: r.k_no_kabin,
          no_pol: r.k_no_pol,
          km: r.k_km,
          jenis_kendaraan: r.j_id == null ? null : { id: r.j_id, nama_jenis_kendaraan: r.j_nama_jenis_kendaraan, total_ban: r.j_total_ban },
        },
})

/** The date and status filter of the lists, on pemasangan `p` (null: the filter asks nothing). */
const filterCondition = (f: DocFilter): RawBuilder<SqlBool> | null => {
  const parts: RawBuilder<unknown>[] = []
  if (f.from && f.to) parts.push(sql`p.tanggal_awal BETWEEN ${f.from} AND ${f.to}`)
  if (f.status) parts.push(sql`p.status = ${f.status}`)
  return parts.length ? sql<SqlBool>`${sql.join(parts, sql` AND `)}` : null
}

export async function pemasanganListJson(db: DB, f: DocFilter): Promise<string> {
  const condition = filterCondition(f)
  const rows = await pemasanganRows(db)
    .$if(condition != null, (qb) => qb.where(condition!))
    .orderBy('p.id')
    .execute()
  return JSON.stringify(rows.map(pemasanganJson))
}

/** The pemasangan list paged (the extension 'paged-lists'): searched by code or cabin number, sortable as the screen's columns. */
export const PEMASANGAN_COLUMNS: PagedColumns = {
  search: ['p.kode_pemasangan', 'k.no_kabin'],
  sort: {
    id: { expr: 'p.id' },
    kode_pemasangan: { expr: 'p.kode_pemasangan', text: true },
    no_kabin: { expr: 'k.no_kabin', text: true },
    jenis_kendaraan: { expr: 'j.nama_jenis_kendaraan', text: true },
    status: { expr: 'p.status', text: true },
    tanggal: { expr: 'p.tanggal_awal' },
  },
  order: 'p.id',
}

/** The inquiry: searched by pemasangan code only, the same sort keys. */
export const INQUIRY_PEMASANGAN_COLUMNS: PagedColumns = { ...PEMASANGAN_COLUMNS, search: ['p.kode_pemasangan'] }

/** The columns the sort keys above name, as references (the only columns a request's sort reaches). */
const SORT_REFS = {
  id: { ref: 'p.id', text: false },
  kode_pemasangan: { ref: 'p.kode_pemasangan', text: true },
  no_kabin: { ref: 'k.no_kabin', text: true },
  jenis_kendaraan: { ref: 'j.nama_jenis_kendaraan', text: true },
  status: { ref: 'p.status', text: true },
  tanggal: { ref: 'p.tanggal_awal', text: false },
} as const satisfies Record<string, { ref: string; text: boolean }>

/** The columns each list's search looks in. */
const SEARCH_REFS = new Map<PagedColumns, readonly ('p.kode_pemasangan' | 'k.no_kabin')[]>([
  [PEMASANGAN_COLUMNS, ['p.kode_pemasangan', 'k.no_kabin']],
  [INQUIRY_PEMASANGAN_COLUMNS, ['p.kode_pemasangan']],
])

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern (ESCAPE '\'). */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/**
 * One page of the pemasangan matching a filter, as JSON text, and its meta (with `posting`: how many
 * of the matching are posted, the inquiry's Posting semua / Unpost semua counts, and `grand_total`:
 * the sum of their grand totals, the dashboard's backlog): the page's ids first (filtered, searched,
 * sorted and cut by the database), then their rows in that order. Empty values sort last in both
 * directions, ties keep the list's own order (id), as the app sorts a whole list.
 */
export async function pemasanganPage(db: DB, f: DocFilter, columns: PagedColumns, query: PageQuery) {
  const searched = query.q === '' ? [] : (SEARCH_REFS.get(columns) ?? [])
  const pattern = likePattern(query.q)
  const sort = query.sort ? SORT_REFS[query.sort as keyof typeof SORT_REFS] : undefined
  // The count and the page's ids name the vehicle and its type, for the search and the sort: a left
  // join on a primary key whose columns a query does not read is dropped by the planner of both
  // databases, so the count reads only pemasangan_ban when neither the search nor the sort needs more.
  const condition = filterCondition(f)
  const base = () =>
    db.q
      .selectFrom('pemasangan_ban as p')
      .leftJoin('kendaraan as k', 'k.id', 'p.kendaraan_id')
      .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')
      .$if(condition != null, (qb) => qb.where(condition!))
      .$if(searched.length > 0, (qb) =>
        qb.where((eb) => eb.or(searched.map((col) => sql<SqlBool>`lower(${sql.ref(col)}) LIKE ${pattern} ESCAPE '\\'`))),
      )
  const counted = await base()
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number | null>`SUM(CASE WHEN p.status = 'posting' THEN 1 ELSE 0 END)`.as('posting'),
      eb.fn.sum<number | null>('p.grand_total').as('grand_total'),
    ])
    .executeTakeFirstOrThrow()
  let ids = base().select('p.id')
  if (sort) {
    const col = sql.ref(sort.ref)
    const empty = sort.text ? sql`${col} IS NULL OR ${col} = ''` : sql`${col} IS NULL`
    ids = ids.orderBy(sql`CASE WHEN ${empty} THEN 1 ELSE 0 END`).orderBy(sort.text ? caseBlind(col as never) : col, query.dir)
  }
  ids = ids
    .orderBy('p.id')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
  const pageIds = (await ids.execute()).map((r) => r.id)
  const rows = pageIds.length ? await pemasanganRows(db).where('p.id', 'in', pageIds).execute() : []
  const byId = new Map(rows.map((r) => [r.id, r]))
  const meta = {
    ...pageMeta(query, Number(counted.total)),
    posting: Number(counted.posting ?? 0),
    grand_total: Number(counted.grand_total ?? 0),
  }
  return { rows: JSON.stringify(pageIds.map((id) => pemasanganJson(byId.get(id)!))), meta: JSON.stringify(meta) }
}

const loadPemasangan = async (db: DB, id: number) => {
  const row = await pemasanganRows(db).where('p.id', '=', id).executeTakeFirst()
  return row ? pemasanganJson(row) : null
}

/** The invoice's pemasangan: as in the list, plus supplier {id, kode_supplier, nama_supp, alamat, telp}|null. */
const loadPemasanganWithSupplier = async (db: DB, id: number) => {
  const row = await pemasanganRows(db)
    .leftJoin('supplier as s', 's.id', 'p.supplier_id')
    .select([
      's.id as s_id',
      's.kode_supplier as s_kode_supplier',
      's.nama_supp as s_nama_supp',
      's.alamat as s_alamat',
      's.telp as s_telp',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst()
  if (!row) return null
  return {
    ...pemasanganJson(row),
    supplier:
      row.s_id == null
        ? null
        : { id: row.s_id, kode_supplier: row.s_kode_supplier, nama_supp: row.s_nama_supp, alamat: row.s_alamat, telp: row.s_telp },
  }
}

/**
 * The pemasangan lines with their ban (and its size, brand and type), as the detail lists read them;
 * `d` the line. Extra columns and joins (the pemasangan of a line) may be added by the caller.
 */
export const detailRows = (db: DB) =>
  db.q
    .selectFrom('detail_pemasangan_ban as d')
    .innerJoin('ban as b', 'b.id', 'd.ban_id')
    .leftJoin('ukuran as u', 'u.id', 'b.ukuran_id')
    .leftJoin('merek as m', 'm.id', 'b.merek_id')
    .leftJoin('typeban as t', 't.id', 'b.typeban_id')
    .select([
      'd.id',
      'd.pemasangan_ban_id',
      'd.kendaraan_id',
      'd.ban_id',
      'd.posisi_ban',
      'd.km_pemasangan',
      'd.target_presentase',
      'd.dilepas',
      'b.id as b_id',
      'b.kode_ban as b_kode_ban',
      'b.no_seri as b_no_seri',
      'b.kondisi_ban as b_kondisi_ban',
      'b.harga as b_harga',
      'u.id as u_id',
      'u.nama as u_nama',
      'm.id as m_id',
      'm.nama_merek as m_nama_merek',
      't.id as t_id',
      't.nama_type as t_nama_type',
    ])

export type DetailRow = Awaited<ReturnType<ReturnType<typeof detailRows>['executeTakeFirstOrThrow']>>

/**
 * A ban on a position: {id, pemasangan_ban_id, kendaraan_id, ban_id, posisi_ban, km_pemasangan,
 * target_presentase, dilepas, ban: {id, kode_ban, no_seri, kondisi_ban, harga, ukuran|null, merek|null, typeban|null}}.
 * dilepas: 1 once a pelepasan line took the ban off (the line no longer holds its position), else 0.
 */
export const detailJson = (r: DetailRow) => ({
  id: r.id,
  pemasangan_ban_id: r.pemasangan_ban_id,
  kendaraan_id: r.kendaraan_id,
  ban_id: r.ban_id,
  posisi_ban: r.posisi_ban,
  km_pemasangan: r.km_pemasangan,
  target_presentase: r.target_presentase,
  dilepas: r.dilepas === 0 ? 0 : 1,
  ban: {
    id: r.b_id,
    kode_ban: r.b_kode_ban,
    no_seri: r.b_no_seri,
    kondisi_ban: r.b_kondisi_ban,
    harga: r.b_harga,
    ukuran: r.u_id == null ? null : { id: r.u_id, nama: r.u_nama },
    merek: r.m_id == null ? null : { id: r.m_id, nama_merek: r.m_nama_merek },
    typeban: r.t_id == null ? null : { id: r.t_id, nama_type: r.t_nama_type },
  },
})

/** Lines by position, as JSON text: a vehicle's staged lines, or a pemasangan's. */
const detailsJson = async (db: DB, of: { stagedOn: number } | { pemasanganId: number }) => {
  const rows = await detailRows(db)
    .$if('stagedOn' in of, (qb) =>
      qb.where('d.kendaraan_id', '=', (of as { stagedOn: number }).stagedOn).where('d.pemasangan_ban_id', 'is', null),
    )
    .$if('pemasanganId' in of, (qb) => qb.where('d.pemasangan_ban_id', '=', (of as { pemasanganId: number }).pemasanganId))
    .orderBy('d.posisi_ban')
    .orderBy('d.id')
    .execute()
  return JSON.stringify(rows.map(detailJson))
}

const loadDetail = async (db: DB, id: number) => {
  const row = await detailRows(db).where('d.id', '=', id).executeTakeFirst()
  return row ? detailJson(row) : null
}

// ---- rules -----------------------------------------------------------------------------------------

const notFoundPemasangan = () => notFound('Pemasangan ban')
const notFoundVehicle = () => notFound('Kendaraan')

const vehicleOf = async (db: DB, id: number) =>
  await db.q
    .selectFrom('kendaraan as k')
    .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')
    .select(['k.id', 'k.km', 'j.total_ban'])
    .where('k.id', '=', id)
    .executeTakeFirst()

/**
 * A pemasangan's id, vehicle and status. In a transaction that changes it (`lock`), its row is locked
 * first (before its vehicle's): two saves of one pemasangan run one after the other, and a posting
 * waits for an edit in progress.
 */
const pemasanganState = async (db: DB, id: number, lock = false) =>
  await db.q
    .selectFrom('pemasangan_ban')
    .select(['id', 'kendaraan_id', 'status'])
    .where('id', '=', id)
    .$if(lock, (qb) => qb.$call(forUpdate(db)))
    .executeTakeFirst()

/** A pemasangan's grand_total (sum of its ban's harga) and km (highest km_pemasangan) from its lines. */
async function recomputePemasangan(db: DB, id: number) {
  await db.q
    .updateTable('pemasangan_ban')
    .set((eb) => ({
      grand_total: eb
        .selectFrom('detail_pemasangan_ban as d')
        .innerJoin('ban as b', 'b.id', 'd.ban_id')
        .select(sql<number>`COALESCE(SUM(b.harga), 0)`.as('total'))
        .whereRef('d.pemasangan_ban_id', '=', 'pemasangan_ban.id'),
      km: eb.fn.coalesce(
        eb
          .selectFrom('detail_pemasangan_ban as d')
          .select((e) => e.fn.max('d.km_pemasangan').as('km'))
          .whereRef('d.pemasangan_ban_id', '=', 'pemasangan_ban.id'),
        eb.ref('km'),
      ),
      updated_at: nowMoment(db),
    }))
    .where('id', '=', id)
    .execute()
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
  /** The target km of the ban on this position. */
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
 * Puts a ban from stock on a position of a vehicle (staged when pemasanganId is null, else part of
 * that pemasangan at once). 422 with every failed rule: no ban in stock with that serial, a position
 * the vehicle's type does not have or that a ban holds now (the message names the holder's ban and
 * pemasangan), km below the vehicle's km. Only `stok` ban are offered (never one at the retreader or
 * scrapped); a position freed by a pelepasan takes a new ban at once (api/routes/transaksi/posisi.ts).
 * Writes the ban's 'pasang' history row. Locks the vehicle (its positions) and the ban it takes, in
 * the caller's transaction, before reading them.
 */
async function stage(
  db: DB,
  v: { kendaraan_id: number; no_seri: string; posisi_ban: string; km_pemasangan: number; target_presentase: number },
  pemasanganId: number | null,
  actor: Actor,
): Promise<number> {
  if (!(await lockKendaraan(db, v.kendaraan_id))) throw invalid({ kendaraan_id: ['Kendaraan tidak ditemukan.'] })
  const vehicle = (await vehicleOf(db, v.kendaraan_id))!
  const errors: Record<string, string[]> = {}
  const ban = await db.q
    .selectFrom('ban as b')
    .select('b.id')
    .where('b.no_seri', '=', v.no_seri)
    .where('b.status', '=', 'stok')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('detail_pemasangan_ban as d').select('d.id').whereRef('d.ban_id', '=', 'b.id').where('d.dilepas', '=', 0))),
    )
    .orderBy('b.id')
    .limit(1)
    .$call(forUpdate(db))
    .executeTakeFirst()
  if (!ban) errors.no_seri = [`Ban dengan nomor seri ${v.no_seri} tidak tersedia di stok.`]
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
  if (Object.keys(errors).length || !ban) throw invalid(errors)
  const { id: detailId } = await db.q
    .insertInto('detail_pemasangan_ban')
    .values({
      pemasangan_ban_id: pemasanganId,
      kendaraan_id: vehicle.id,
      ban_id: ban.id,
      posisi_ban: posisi,
      km_pemasangan: v.km_pemasangan,
      target_presentase: v.target_presentase,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.q
    .updateTable('ban')
    .set({ status: 'terpasang', updated_at: nowMoment(db) })
    .where('id', '=', ban.id)
    .execute()
  const pemasangan =
    pemasanganId == null
      ? undefined
      : await db.q
          .selectFrom('pemasangan_ban')
          .select(['kode_pemasangan', 'tanggal_awal'])
          .where('id', '=', pemasanganId)
          .executeTakeFirst()
  await writeRiwayat(db, actor, {
    ban_id: ban.id,
    jenis: 'pasang',
    tanggal: pemasangan?.tanggal_awal ?? today(),
    dokumen: pemasangan && pemasanganId != null ? { jenis: 'pemasangan', id: pemasanganId, kode: pemasangan.kode_pemasangan } : null,
    kendaraan_id: vehicle.id,
    posisi_ban: posisi,
    km: v.km_pemasangan,
    detail_pemasangan_ban_id: detailId,
  })
  return detailId
}

/** The pemasangan lines a change reaches: one line, or every line of a pemasangan. */
type Lines = { detailId: number } | { pemasanganId: number }

const whereLines = <QB extends SelectQueryBuilder<Schema & { d: Schema['detail_pemasangan_ban'] }, 'd', object>>(qb: QB, of: Lines): QB =>
  ('detailId' in of ? qb.where('d.id', '=', of.detailId) : qb.where('d.pemasangan_ban_id', '=', of.pemasanganId)) as QB

/**
 * Before pemasangan lines are deleted: 409 when one of them has been taken off (the pelepasan keeps
 * it) or moved (the rotasi keeps it); else the ban's 'batal_pasang' history rows. Answers the ban
 * of the lines.
 */
async function undoPemasanganLines(db: DB, actor: Actor, of: Lines): Promise<number[]> {
  const lines = await whereLines(
    db.q
      .selectFrom('detail_pemasangan_ban as d')
      .leftJoin('pemasangan_ban as p', 'p.id', 'd.pemasangan_ban_id')
      .select([
        'd.id',
        'd.ban_id',
        'd.kendaraan_id',
        'd.posisi_ban',
        'd.km_pemasangan',
        'd.dilepas',
        'd.pemasangan_ban_id',
        'p.kode_pemasangan',
      ]),
    of,
  )
    .orderBy('d.id')
    .execute()
  if (lines.some((l) => l.dilepas !== 0)) throw conflict('Ban sudah dilepas; hapus pelepasannya terlebih dahulu.')
  // A moved ban's pemasangan line is kept by its rotasi (the history of the move names it).
  if (lines.length) {
    const ids = lines.map((l) => l.id)
    const rotated = await db.q
      .selectFrom('detail_rotasi_ban as x')
      .select('x.id')
      .where((eb) => eb.or([eb('x.detail_pemasangan_ban_id', 'in', ids), eb('x.detail_pemasangan_ban_tukar_id', 'in', ids)]))
      .limit(1)
      .executeTakeFirst()
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
  return lines.map((l) => l.ban_id)
}

/** The ban of the deleted lines go back to stock. */
async function returnToStock(db: DB, banIds: number[]) {
  if (!banIds.length) return
  await db.q
    .updateTable('ban')
    .set({ status: 'stok', updated_at: nowMoment(db) })
    .where('id', 'in', banIds)
    .execute()
}

// ---- routes ----------------------------------------------------------------------------------------

/** Pemasangan: staging on the create screen, registering, the invoice, the inquiry and its edit screen. */
export function pemasanganRoutes() {
  const r = new Hono<ApiEnv>()

  // With `page` (the extension 'paged-lists'): one page as {data, meta}, also filtered by date and status.
  r.get('/pemasangan-ban', async (c) => {
    const query = pageQuery(c, PEMASANGAN_COLUMNS)
    if (!query) return jsonBody(c, await pemasanganListJson(c.get('db'), { from: null, to: null, status: null }))
    const page = await pemasanganPage(c.get('db'), docFilter(c), PEMASANGAN_COLUMNS, query)
    return jsonBody(c, `{"data":${page.rows},"meta":${page.meta}}`)
  })

  r.delete('/pemasangan-ban/:id', async (c) => {
    const id = idParam(c, 'id', 'Pemasangan ban')
    const db = c.get('db')
    const actor = await actorOfRequest(c)
    await db.tx(async () => {
      const pemasangan = await pemasanganState(db, id, true)
      if (!pemasangan) throw notFoundPemasangan()
      if (pemasangan.status === 'posting') throw conflict('Pemasangan ban sudah diposting dan tidak dapat dihapus.')
      await lockKendaraan(db, pemasangan.kendaraan_id)
      const banIds = await undoPemasanganLines(db, actor, { pemasanganId: id })
      await returnToStock(db, banIds)
      await db.q.deleteFrom('detail_pemasangan_ban').where('pemasangan_ban_id', '=', id).execute()
      await db.q.deleteFrom('pemasangan_ban').where('id', '=', id).execute()
      // The history stays (no foreign key): who deleted it is its last record.
      await recordAudit(db, c.get('user'), { entitas: 'pemasangan_ban', entitasId: id, aksi: 'hapus' })
    })
    return c.json({ message: 'Data Pemasangan telah dihapus.' })
  })

  r.get('/pemasangan-ban/detail-list-ban/:kendaraanId', async (c) => {
    const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
    const db = c.get('db')
    if (!(await vehicleOf(db, kendaraanId))) throw notFoundVehicle()
    return jsonBody(c, `{"data":${await detailsJson(db, { stagedOn: kendaraanId })}}`)
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
    const lineOf = async () =>
      await db.q.selectFrom('detail_pemasangan_ban').select(['pemasangan_ban_id', 'kendaraan_id']).where('id', '=', id).executeTakeFirst()
    // A staged line is the create screen's (Create), a registered pemasangan's line its edit screen's (Update).
    const checked = await lineOf()
    if (!checked) throw notFound('Detail ban')
    const registered = checked.pemasangan_ban_id != null
    await requireGrant(db, c.get('user').id, registered ? PEMASANGAN_LINES.registered : PEMASANGAN_LINES.staged)
    const actor = await actorOfRequest(c)
    await db.tx(async () => {
      // Its pemasangan (when registered) and its vehicle locked first, then the line read again.
      if (checked.pemasangan_ban_id != null) await pemasanganState(db, checked.pemasangan_ban_id, true)
      await lockKendaraan(db, checked.kendaraan_id)
      const detail = await lineOf()
      if (!detail) throw notFound('Detail ban')
      const pemasanganId = detail.pemasangan_ban_id
      // Registered meanwhile (a staged line saved into a document): the grant asked no longer fits.
      if ((pemasanganId != null) !== registered) throw conflict(LINE_CHANGED)
      if (pemasanganId != null && (await pemasanganState(db, pemasanganId))?.status === 'posting') {
        throw conflict('Pemasangan ban sudah diposting, detail ban tidak dapat dihapus.')
      }
      const banIds = await undoPemasanganLines(db, actor, { detailId: id })
      await returnToStock(db, banIds)
      await db.q.deleteFrom('detail_pemasangan_ban').where('id', '=', id).execute()
      if (pemasanganId != null) {
        await recomputePemasangan(db, pemasanganId)
        await recordAudit(db, c.get('user'), { entitas: 'pemasangan_ban', entitasId: pemasanganId, aksi: 'diubah' })
      }
    })
    return c.json({ message: 'Detail ban berhasil dihapus.' })
  })

  r.post('/pemasangan-ban/add-pemasangan/:kendaraanId', async (c) => {
    const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
    const db = c.get('db')
    const id = await db.tx(async () => {
      // The vehicle locked: its staged lines stay as read until they are registered.
      if (!(await lockKendaraan(db, kendaraanId))) throw notFoundVehicle()
      const staged = await db.q
        .selectFrom('detail_pemasangan_ban as d')
        .innerJoin('ban as b', 'b.id', 'd.ban_id')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.max('d.km_pemasangan').as('km'),
          sql<number>`COALESCE(SUM(b.harga), 0)`.as('total'),
        ])
        .where('d.kendaraan_id', '=', kendaraanId)
        .where('d.pemasangan_ban_id', 'is', null)
        .executeTakeFirstOrThrow()
      if (Number(staged.n) === 0) throw invalid({ detail: ['Belum ada ban yang dipasang.'] })
      // The supplier most of the fitted ban were bought from (ties: the first line's).
      const supplier = await db.q
        .selectFrom('detail_pemasangan_ban as d')
        .innerJoin('ban as b', 'b.id', 'd.ban_id')
        .innerJoin('pembelian_ban as p', 'p.id', 'b.pembelian_ban_id')
        .select('p.supplier_id')
        .where('d.kendaraan_id', '=', kendaraanId)
        .where('d.pemasangan_ban_id', 'is', null)
        .groupBy('p.supplier_id')
        .orderBy((eb) => eb.fn.countAll(), 'desc')
        .orderBy((eb) => eb.fn.min('d.id'))
        .limit(1)
        .executeTakeFirst()
      const kode = await nextCode(db, 'pemasangan_ban')
      const km = staged.km == null ? null : Number(staged.km)
      const { id } = await db.q
        .insertInto('pemasangan_ban')
        .values({
          kode_pemasangan: kode,
          kendaraan_id: kendaraanId,
          supplier_id: supplier?.supplier_id ?? null,
          km,
          grand_total: Number(staged.total),
          status: 'unpost',
          tanggal_awal: today(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      // The staged lines' 'pasang' history rows get their document (and its date) now.
      await db.q
        .updateTable('riwayat_ban')
        .set({ dokumen_jenis: 'pemasangan', dokumen_id: id, dokumen_kode: kode, tanggal: today() })
        .where('jenis', '=', 'pasang')
        .where('detail_pemasangan_ban_id', 'in', (eb) =>
          eb
            .selectFrom('detail_pemasangan_ban')
            .select('id')
            .where('kendaraan_id', '=', kendaraanId)
            .where('pemasangan_ban_id', 'is', null),
        )
        .execute()
      await db.q
        .updateTable('detail_pemasangan_ban')
        .set({ pemasangan_ban_id: id, updated_at: nowMoment(db) })
        .where('kendaraan_id', '=', kendaraanId)
        .where('pemasangan_ban_id', 'is', null)
        .execute()
      await raiseVehicleKm(db, kendaraanId, km)
      await recordAudit(db, c.get('user'), { entitas: 'pemasangan_ban', entitasId: id, aksi: 'dibuat' })
      return id
    })
    return c.json({ message: 'Data pemasangan ban berhasil disimpan.', data: await loadPemasangan(db, id) }, 201)
  })

  r.get('/detail-pemasangan/:id', async (c) => {
    const id = idParam(c, 'id', 'Pemasangan ban')
    const db = c.get('db')
    const data = await loadPemasanganWithSupplier(db, id)
    if (!data) throw notFoundPemasangan()
    return jsonBody(c, `{"data":${JSON.stringify(data)},"detail":${await detailsJson(db, { pemasanganId: id })}}`)
  })

  // With `page`: one page as {data: {data: [...]}, meta} (meta.posting: how many matching are posted).
  r.get('/inquery-pemasangan-ban', async (c) => {
    const filter = docFilter(c)
    const query = pageQuery(c, INQUIRY_PEMASANGAN_COLUMNS)
    if (!query) return jsonBody(c, `{"data":{"data":${await pemasanganListJson(c.get('db'), filter)}}}`)
    const page = await pemasanganPage(c.get('db'), filter, INQUIRY_PEMASANGAN_COLUMNS, query)
    return jsonBody(c, `{"data":{"data":${page.rows}},"meta":${page.meta}}`)
  })

  r.get('/inquery-pemasangan-ban/detail-list-ban/:id', async (c) => {
    const id = idParam(c, 'id', 'Pemasangan ban')
    const db = c.get('db')
    if (!(await pemasanganState(db, id))) throw notFoundPemasangan()
    return jsonBody(c, `{"data":${await detailsJson(db, { pemasanganId: id })}}`)
  })

  r.post('/inquery-pemasangan-ban/detail-ban', async (c) => {
    const db = c.get('db')
    const input = validate(inqueryStageSchema, await readBody(c))
    const actor = await actorOfRequest(c)
    const id = await db.tx(async () => {
      const pemasangan = await pemasanganState(db, input.pemasangan_ban_id, true)
      if (!pemasangan) throw invalid({ pemasangan_ban_id: ['Pemasangan ban tidak ditemukan.'] })
      if (pemasangan.status === 'posting') throw conflict('Pemasangan ban sudah diposting dan tidak dapat diubah.')
      if (input.kendaraan_id != null && input.kendaraan_id !== pemasangan.kendaraan_id) {
        throw invalid({ kendaraan_id: ['Kendaraan tidak sesuai dengan kendaraan pemasangan ban.'] })
      }
      const detailId = await stage(db, { ...input, kendaraan_id: pemasangan.kendaraan_id }, pemasangan.id, actor)
      await recomputePemasangan(db, pemasangan.id)
      await raiseVehicleKm(db, pemasangan.kendaraan_id, input.km_pemasangan)
      await recordAudit(db, c.get('user'), { entitas: 'pemasangan_ban', entitasId: pemasangan.id, aksi: 'diubah' })
      return detailId
    })
    return c.json({ message: 'Detail ban berhasil disimpan.', data: await loadDetail(db, id) }, 201)
  })

  r.post('/inquery-pemasangan-ban/:id/update', async (c) => {
    const id = idParam(c, 'id', 'Pemasangan ban')
    const db = c.get('db')
    if (!(await pemasanganState(db, id))) throw notFoundPemasangan()
    const input = validate(z.object({ kendaraan_id: optionalId('Kendaraan tidak valid.') }), await readBody(c))
    await db.tx(async () => {
      const pemasangan = await pemasanganState(db, id, true)
      if (!pemasangan) throw notFoundPemasangan()
      if (pemasangan.status === 'posting') throw conflict('Pemasangan ban sudah diposting dan tidak dapat diubah.')
      const kendaraanId = input.kendaraan_id ?? pemasangan.kendaraan_id
      if (kendaraanId !== pemasangan.kendaraan_id) {
        if (!(await vehicleOf(db, kendaraanId))) throw invalid({ kendaraan_id: ['Kendaraan tidak ditemukan.'] })
        const has = await db.q
          .selectFrom('detail_pemasangan_ban')
          .select('id')
          .where('pemasangan_ban_id', '=', id)
          .limit(1)
          .executeTakeFirst()
        if (has) {
          throw invalid({ kendaraan_id: ['Kendaraan tidak dapat diganti selama pemasangan masih memiliki detail ban.'] })
        }
        await db.q.updateTable('pemasangan_ban').set({ kendaraan_id: kendaraanId }).where('id', '=', id).execute()
      }
      await recomputePemasangan(db, id)
      const { km } = await db.q.selectFrom('pemasangan_ban').select('km').where('id', '=', id).executeTakeFirstOrThrow()
      await raiseVehicleKm(db, kendaraanId, km)
      await recordAudit(db, c.get('user'), { entitas: 'pemasangan_ban', entitasId: id, aksi: 'diubah' })
    })
    return c.json({ message: 'Data pemasangan ban berhasil diperbarui.', data: await loadPemasangan(db, id) })
  })

  for (const base of ['/inquery-pemasangan-ban', '/inquery-pemasangan']) {
    statusRoutes(r, base, { table: 'pemasangan_ban', label: 'Pemasangan ban', load: loadPemasangan })
  }

  return r
}
