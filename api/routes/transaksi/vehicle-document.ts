import type { Hono } from 'hono'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { nextCode } from '../../codes.ts'
import { conflict, idParam, invalid, notFound, readBody, today, validate } from '../../http.ts'
import {
  docFilter,
  jsonBody,
  optionalCalendarDate,
  raiseVehicleKm,
  vehicleExists,
  type DocFilter,
  type DocStatus,
  statusRoutes,
} from './common.ts'
import { filterSql, jsonArray, jsonObject, nestedJson } from './legacy-sql.ts'
import { pagedSql, pageMeta, pageQuery, whereOf, type PagedColumns, type PageQuery } from '../../paged.ts'
import { LINE_CHANGED } from './pemasangan.ts'
import { actorOfRequest, type Actor } from './riwayat.ts'
import { recordAudit } from '../../audit.ts'
import { lines as lineGrant, may, read, requireGrant, type ExtensionGrants, type MenuNeed } from '../../grants.ts'

/**
 * A document of lines on one vehicle's positions (Pelepasan Ban, Rotasi Ban). Its lines are staged by
 * vehicle and take effect at once; the document registers a vehicle's staged lines (a code, a date,
 * the highest km of its lines) and Posting locks it. What the kinds share lives here: the document's
 * JSON and its list (whole, or paged in SQL), registering, and the routes that stage and undo a line,
 * register, read, post, unpost and delete a document, with their grants (made from the kind's menu)
 * and audit trail. What a line
 * is and does (its checks, its effect on the tyre, its undoing) is the kind's own.
 *
 * Tables: `{table}` (id, `{kode}`, kendaraan_id, km, status, tanggal_awal, timestamps) and its lines
 * `detail_{table}` (`{table}_id` null while staged, kendaraan_id, `{lineKm}`); history rows
 * (riwayat_ban) of a staged line name it in `detail_{table}_id`.
 */
export type VehicleDocumentKind<Stage> = {
  table: 'pelepasan_ban' | 'rotasi_ban'
  /** The code column: 'kode_pelepasan'. */
  kode: string
  /** The km column of a line: 'km_pelepasan'. */
  lineKm: string
  /** The list's count of lines, by its name in the answer: 'jumlah_ban'. */
  jumlah: string
  /** The document in messages: 'Pelepasan ban'; its line: 'Detail pelepasan ban'. */
  label: string
  lineLabel: string
  /** Paths under /api: '/pelepasan-ban' (list, lines, posting…), '/detail-pelepasan' (one document with its lines), 'add-pelepasan' (register). */
  path: string
  detailPath: string
  registerPath: string
  /** The history rows its staged lines wrote ('lepas'), which registering dates and gives the document ('pelepasan'). */
  riwayat: { jenis: string; dokumen: string }
  /** The order of a document's lines: 'l.posisi_ban, l.id'. */
  lineOrder: string
  /** A line as JSON (`l` the line) and what it is read from: `FROM detail_{table} l JOIN …`. */
  lineJson: string
  lineFrom: string
  /**
   * Staging a line: its body's schema, the document it goes into (null: staged), the change itself
   * (which keeps its document's km: recomputeDoc). `undo` likewise.
   */
  stageSchema: z.ZodType<Stage>
  stagedInto: (input: Stage) => number | null
  stage: (db: DB, actor: Actor, input: Stage) => Promise<number>
  /** Undoing one line (its effect, its history, the line itself), in the caller's transaction. */
  undo: (db: DB, actor: Actor, lineId: number) => Promise<void>
  /**
   * The menu of its screens (the access editor's catalogue route): its routes' grants are made from it
   * (`grants`). A line staged on the vehicle is the create screen's (Create), a line of a registered
   * document its edit screen's (Update), adding and undoing alike: the route admits either, and the
   * handler asks the one the line needs once it has loaded it.
   */
  menu: string
  messages: {
    lineSaved: string
    lineUndone: string
    nothingStaged: string
    registered: string
    deleted: string
    /** The refusal of a change to a posted document: a line staged into it, a line undone, the document deleted. */
    posted: (change: 'line' | 'undo' | 'delete') => Error
  }
}

/** What one kind of vehicle document reads and writes, made from its description. */
export function vehicleDocument<Stage>(kind: VehicleDocumentKind<Stage>) {
  const { table, kode } = kind
  const lines = `detail_${table}`
  const fk = `${table}_id`
  const JUMLAH = `(SELECT COUNT(*) FROM ${lines} l WHERE l.${fk} = p.id)`

  const DOC_JSON = `json_object(
    'id', p.id, '${kode}', p.${kode}, 'kendaraan_id', p.kendaraan_id, 'km', p.km, 'status', p.status,
    'tanggal_awal', p.tanggal_awal, 'created_at', p.created_at, 'updated_at', p.updated_at,
    '${kind.jumlah}', ${JUMLAH},
    'kendaraan', ${nestedJson(
      'k.id',
      `'id', k.id, 'kode_kendaraan', k.kode_kendaraan, 'no_kabin', k.no_kabin, 'no_pol', k.no_pol, 'km', k.km,
       'jenis_kendaraan', ${nestedJson('j.id', "'id', j.id, 'nama_jenis_kendaraan', j.nama_jenis_kendaraan, 'total_ban', j.total_ban")}`,
    )})`

  const DOC_FROM = `FROM ${table} p
  LEFT JOIN kendaraan k ON k.id = p.kendaraan_id
  LEFT JOIN jenis_kendaraan j ON j.id = k.jenis_kendaraan_id`

  /** The list paged (the extension 'paged-lists'): searched by code or cabin number, sortable as the screen's columns. */
  const columns: PagedColumns = {
    search: [`p.${kode}`, 'k.no_kabin'],
    sort: {
      id: { expr: 'p.id' },
      [kode]: { expr: `p.${kode}`, text: true },
      no_kabin: { expr: 'k.no_kabin', text: true },
      tanggal_awal: { expr: 'p.tanggal_awal', text: true },
      [kind.jumlah]: { expr: JUMLAH },
      status: { expr: 'p.status', text: true },
    },
    order: 'p.id',
  }

  /** One page of the documents (filtered by date and status, searched, sorted, cut by the database) and its meta. */
  async function page(db: DB, f: DocFilter, query: PageQuery) {
    const { where, params } = filterSql(f, 'p')
    const sql = pagedSql(columns, query)
    const whereAll = whereOf(where, sql.search)
    const allParams = [...params, ...sql.searchParams]
    // The count and the page's ids join the vehicle only for the search and the cabin sort (a left
    // join on a primary key never changes the count).
    const withVehicle = sql.search !== '' || query.sort === 'no_kabin'
    const from = `FROM ${table} p${withVehicle ? ' LEFT JOIN kendaraan k ON k.id = p.kendaraan_id' : ''}`
    const counted = (await db
      .prepare(`SELECT COUNT(*) AS total, SUM(CASE WHEN p.status = 'posting' THEN 1 ELSE 0 END) AS posting ${from} ${whereAll}`)
      .get(...allParams)) as { total: unknown; posting: unknown }
    const ids = `p.id IN (SELECT p.id ${from} ${whereAll} ORDER BY ${sql.order} ${sql.limit})`
    const rows = await jsonArray(db, DOC_JSON, `${DOC_FROM} WHERE ${ids}`, sql.order, [...allParams, ...sql.limitParams])
    const meta = { ...pageMeta(query, Number(counted.total)), posting: Number(counted.posting ?? 0) }
    return `{"data":${rows},"meta":${JSON.stringify(meta)}}`
  }

  const loadDoc = (db: DB, id: number) => jsonObject(db, DOC_JSON, `${DOC_FROM} WHERE p.id = ?`, [id])
  const linesJson = (db: DB, where: string, id: number) =>
    jsonArray(db, kind.lineJson, `${kind.lineFrom} WHERE ${where}`, kind.lineOrder, [id])
  const loadLine = (db: DB, id: number) => jsonObject(db, kind.lineJson, `${kind.lineFrom} WHERE l.id = ?`, [id])

  const docState = async (db: DB, id: number) =>
    (await db.prepare(`SELECT id, ${kode} AS kode, kendaraan_id, status, tanggal_awal FROM ${table} WHERE id = ?`).get(id)) as
      { id: number; kode: string; kendaraan_id: number; status: DocStatus; tanggal_awal: string } | undefined

  /** A document's km: the highest km of its lines. */
  async function recomputeDoc(db: DB, id: number) {
    await db
      .prepare(
        `UPDATE ${table} SET
       km = COALESCE((SELECT MAX(l.${kind.lineKm}) FROM ${lines} l WHERE l.${fk} = ${table}.id), km),
       updated_at = datetime('now')
     WHERE id = ?`,
      )
      .run(id)
  }

  /** Registers a vehicle's staged lines as a new document. Answers its id. */
  async function register(db: DB, kendaraanId: number, tanggal: string): Promise<number> {
    if (!(await vehicleExists(db, kendaraanId))) throw notFound('Kendaraan')
    const staged = (await db
      .prepare(`SELECT COUNT(*) AS n, MAX(${kind.lineKm}) AS km FROM ${lines} WHERE kendaraan_id = ? AND ${fk} IS NULL`)
      .get(kendaraanId)) as { n: number; km: number | null }
    if (Number(staged.n) === 0) throw invalid({ detail: [kind.messages.nothingStaged] })
    const code = await nextCode(db, table)
    const id = await db
      .prepare(`INSERT INTO ${table} (${kode}, kendaraan_id, km, status, tanggal_awal) VALUES (?, ?, ?, 'unpost', ?)`)
      .insert(code, kendaraanId, staged.km, tanggal)
    // The staged lines' history rows get their document and its date.
    await db
      .prepare(
        `UPDATE riwayat_ban SET dokumen_jenis = ?, dokumen_id = ?, dokumen_kode = ?, tanggal = ?
       WHERE jenis = ? AND ${lines}_id IN (SELECT id FROM ${lines} WHERE kendaraan_id = ? AND ${fk} IS NULL)`,
      )
      .run(kind.riwayat.dokumen, id, code, tanggal, kind.riwayat.jenis, kendaraanId)
    await db
      .prepare(`UPDATE ${lines} SET ${fk} = ?, updated_at = datetime('now') WHERE kendaraan_id = ? AND ${fk} IS NULL`)
      .run(id, kendaraanId)
    await raiseVehicleKm(db, kendaraanId, staged.km)
    return id
  }

  const lineGrants: { staged: readonly MenuNeed[]; registered: readonly MenuNeed[] } = {
    staged: [{ menus: [kind.menu], perm: 'create' }],
    registered: [{ menus: [kind.menu], perm: 'update' }],
  }

  /**
   * The grants of the routes below, on the kind's menu; its screens also read the vehicles (the
   * vehicle picker, the screen's vehicle). The kind adds its own routes' beside them.
   */
  const grants: ExtensionGrants = {
    grants: {
      [`GET /api${kind.path}`]: read(kind.menu),
      [`GET /api${kind.path}/detail-list-ban/:kendaraanId`]: read(kind.menu),
      [`POST /api${kind.path}/detail-ban`]: lineGrant(lineGrants.staged, lineGrants.registered),
      [`DELETE /api${kind.path}/delete-detail-ban/:id`]: lineGrant(lineGrants.staged, lineGrants.registered),
      [`POST /api${kind.path}/${kind.registerPath}/:kendaraanId`]: may('create', kind.menu),
      [`GET /api${kind.detailPath}/:id`]: may('show', kind.menu),
      [`POST /api${kind.path}/:id/posting`]: may('posting', kind.menu),
      [`POST /api${kind.path}/:id/unpost`]: may('unpost', kind.menu),
      [`DELETE /api${kind.path}/:id`]: may('delete', kind.menu),
    },
    readers: { 'GET /api/kendaraan': [kind.menu], 'GET /api/kendaraan/:id/show': [kind.menu] },
  }

  const notFoundDoc = () => notFound(kind.label)
  const audit = (user: ApiEnv['Variables']['user'], db: DB, entitasId: number, aksi: 'dibuat' | 'diubah' | 'hapus') =>
    recordAudit(db, user, { entitas: table, entitasId, aksi })

  /** The routes every kind has; the kind adds its own (its vehicle's tyres, its choices) beside them. */
  function routes(r: Hono<ApiEnv>) {
    // With `page` (the extension 'paged-lists'): one page as {data, meta}, also filtered by date and status.
    r.get(kind.path, async (c) => {
      const query = pageQuery(c, columns)
      if (!query) return jsonBody(c, await jsonArray(c.get('db'), DOC_JSON, DOC_FROM, 'p.id', []))
      return jsonBody(c, await page(c.get('db'), docFilter(c), query))
    })

    // A vehicle's staged lines.
    r.get(`${kind.path}/detail-list-ban/:kendaraanId`, async (c) => {
      const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
      const db = c.get('db')
      if (!(await vehicleExists(db, kendaraanId))) throw notFound('Kendaraan')
      return jsonBody(c, `{"data":${await linesJson(db, `l.kendaraan_id = ? AND l.${fk} IS NULL`, kendaraanId)}}`)
    })

    r.post(`${kind.path}/detail-ban`, async (c) => {
      const db = c.get('db')
      const input = validate(kind.stageSchema, await readBody(c))
      // Staging (no document yet) is the create screen's (Create); a line into a registered document its edit screen's (Update).
      const into = kind.stagedInto(input)
      await requireGrant(db, c.get('user').id, into != null ? lineGrants.registered : lineGrants.staged)
      const actor = await actorOfRequest(c)
      const id = await db.tx(async () => {
        const lineId = await kind.stage(db, actor, input)
        // A line added to a registered document changes it: the audit trail records that.
        if (into != null) await audit(c.get('user'), db, into, 'diubah')
        return lineId
      })
      return c.json({ message: kind.messages.lineSaved, data: await loadLine(db, id) }, 201)
    })

    r.delete(`${kind.path}/delete-detail-ban/:id`, async (c) => {
      const id = idParam(c, 'id', kind.lineLabel)
      const db = c.get('db')
      const lineOf = async () =>
        (await db.prepare(`SELECT ${fk} AS doc FROM ${lines} WHERE id = ?`).get(id)) as { doc: number | null } | undefined
      // Undoing a staged line is the create screen's (Create), a registered document's line its edit screen's (Update).
      const checked = await lineOf()
      if (!checked) throw notFound(kind.lineLabel)
      const registered = checked.doc != null
      await requireGrant(db, c.get('user').id, registered ? lineGrants.registered : lineGrants.staged)
      const actor = await actorOfRequest(c)
      await db.tx(async () => {
        const line = await lineOf()
        if (!line) throw notFound(kind.lineLabel)
        // Registered meanwhile (the staged lines saved into a document): the grant asked no longer fits.
        if ((line.doc != null) !== registered) throw conflict(LINE_CHANGED)
        if (line.doc != null && (await docState(db, line.doc))?.status === 'posting') throw kind.messages.posted('undo')
        await kind.undo(db, actor, id)
        if (line.doc != null) await audit(c.get('user'), db, line.doc, 'diubah')
      })
      return c.json({ message: kind.messages.lineUndone })
    })

    r.post(`${kind.path}/${kind.registerPath}/:kendaraanId`, async (c) => {
      const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
      const db = c.get('db')
      const input = validate(
        z.object({ tanggal_awal: optionalCalendarDate('Tanggal harus berupa tanggal (YYYY-MM-DD).') }),
        await readBody(c),
      )
      const id = await db.tx(async () => {
        const docId = await register(db, kendaraanId, input.tanggal_awal ?? today())
        await audit(c.get('user'), db, docId, 'dibuat')
        return docId
      })
      return c.json({ message: kind.messages.registered, data: await loadDoc(db, id) }, 201)
    })

    r.get(`${kind.detailPath}/:id`, async (c) => {
      const id = idParam(c, 'id', kind.label)
      const db = c.get('db')
      const doc = await loadDoc(db, id)
      if (!doc) throw notFoundDoc()
      const text = JSON.stringify(doc).replace(/}$/, `,"detail":${await linesJson(db, `l.${fk} = ?`, id)}}`)
      return jsonBody(c, `{"data":${text}}`)
    })

    statusRoutes(r, kind.path, { table, label: kind.label, load: loadDoc })

    r.delete(`${kind.path}/:id`, async (c) => {
      const id = idParam(c, 'id', kind.label)
      const db = c.get('db')
      const actor = await actorOfRequest(c)
      await db.tx(async () => {
        const doc = await docState(db, id)
        if (!doc) throw notFoundDoc()
        if (doc.status === 'posting') throw kind.messages.posted('delete')
        const ids = (await db.prepare(`SELECT id FROM ${lines} WHERE ${fk} = ? ORDER BY id DESC`).pluck().all(id)) as number[]
        for (const lineId of ids) await kind.undo(db, actor, lineId)
        await db.prepare(`DELETE FROM ${table} WHERE id = ?`).run(id)
        await audit(c.get('user'), db, id, 'hapus')
      })
      return c.json({ message: kind.messages.deleted })
    })
  }

  return { columns, page, loadDoc, loadLine, linesJson, docState, recomputeDoc, register, routes, grants }
}
