import type { Hono } from 'hono'
import { sql, type Expression } from 'kysely'
import { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { nextCode } from '../../codes.ts'
import { conflict, idParam, invalid, notFound, readBody, today, validate } from '../../http.ts'
import {
  docFilter,
  docFilterCondition,
  jsonBody,
  optionalCalendarDate,
  raiseVehicleKm,
  vehicleExists,
  whenJoined,
  type DocFilter,
  type DocStatus,
  statusRoutes,
} from './common.ts'
import { pageMeta, type PageQuery } from '../../paged.ts'
import { forUpdate, jsonAgg, jsonBuild, momentText, nowMoment, parseJson, type JsonText } from '../../sql.ts'
import { askedPage, col, listOrder, pageOrder, pageSlice, searchCondition, type ListColumns } from './paging.ts'
import { LINE_CHANGED } from './pemasangan.ts'
import { lockKendaraan } from './posisi.ts'
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
 * is and does (its checks, its effect on the ban, its undoing, its JSON) is the kind's own.
 *
 * Tables: `{table}` (id, `{kode}`, kendaraan_id, km, status, tanggal_awal, timestamps) and its lines
 * `detail_{table}` (`{table}_id` null while staged, kendaraan_id, `{lineKm}`); history rows
 * (riwayat_ban) of a staged line name it in `detail_{table}_id`.
 */
export type VehicleDocumentKind<Stage> = {
  table: 'pelepasan_ban' | 'rotasi_ban'
  /** The code column: 'kode_pelepasan'. */
  kode: 'kode_pelepasan' | 'kode_rotasi'
  /** The km column of a line: 'km_pelepasan'. */
  lineKm: 'km_pelepasan' | 'km'
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
  /**
   * The lines as the api answers them, a JSON array (text) made by the database with the kind's typed
   * query, in the kind's order of lines: a vehicle's staged lines, a document's, or one line.
   */
  lines: (db: DB, of: LinesOf) => Promise<JsonText<unknown[]>>
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

/** Which lines: a vehicle's staged ones (no document yet), a document's, or one line. */
export type LinesOf = { stagedOn: number } | { documentId: number } | { lineId: number }

/** What one kind of vehicle document reads and writes, made from its description. */
export function vehicleDocument<Stage>(kind: VehicleDocumentKind<Stage>) {
  const { table, kode } = kind
  // The two kinds' tables have the same columns but for the code (named by the kind) and the lines'
  // document and km columns: the builder is typed with pelepasan's names, and the columns that differ
  // are references made from the kind's constants (never from a request).
  const docTable = table as 'pelepasan_ban'
  const linesTable = `detail_${table}` as 'detail_pelepasan_ban'
  const fk = `${table}_id` as 'pelepasan_ban_id'
  const lineKm = kind.lineKm as 'km_pelepasan'
  const riwayatLine = `detail_${table}_id` as 'detail_pelepasan_ban_id'
  const kodeCol = col<string>(`p.${kode}`)
  const JUMLAH = sql<number>`(SELECT COUNT(*) FROM ${sql.table(linesTable)} l WHERE ${sql.ref(`l.${fk}`)} = p.id)`

  const docFrom = (db: DB) =>
    db.q
      .selectFrom(`${docTable} as p`)
      .leftJoin('kendaraan as k', 'k.id', 'p.kendaraan_id')
      .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')

  /** A document with its vehicle (and the vehicle's type) and its count of lines. */
  const docJson = (db: DB) =>
    jsonBuild(db, {
      id: col('p.id'),
      [kode]: kodeCol,
      kendaraan_id: col('p.kendaraan_id'),
      km: col('p.km'),
      status: col('p.status'),
      tanggal_awal: col('p.tanggal_awal'),
      created_at: momentText(db, col('p.created_at')),
      updated_at: momentText(db, col('p.updated_at')),
      [kind.jumlah]: JUMLAH,
      kendaraan: whenJoined(
        col('k.id'),
        jsonBuild(db, {
          id: col('k.id'),
          kode_kendaraan: col('k.kode_kendaraan'),
          no_kabin: col('k.no_kabin'),
          no_pol: col('k.no_pol'),
          km: col('k.km'),
          jenis_kendaraan: whenJoined(
            col('j.id'),
            jsonBuild(db, { id: col('j.id'), nama_jenis_kendaraan: col('j.nama_jenis_kendaraan'), total_ban: col('j.total_ban') }),
          ),
        }),
      ),
    } as Record<string, Expression<unknown>>)

  /** The list paged (the extension 'paged-lists'): searched by code or cabin number, sortable as the screen's columns. */
  const columns: ListColumns = {
    search: [kodeCol, col('k.no_kabin')],
    sort: {
      id: { expr: col('p.id') },
      [kode]: { expr: kodeCol, text: true },
      no_kabin: { expr: col('k.no_kabin'), text: true },
      tanggal_awal: { expr: col('p.tanggal_awal') },
      [kind.jumlah]: { expr: JUMLAH },
      status: { expr: col('p.status'), text: true },
    },
    order: [col('p.id')],
  }

  /** The whole list, oldest first, as JSON text. */
  async function list(db: DB) {
    const row = await docFrom(db)
      .select(jsonAgg(db, docJson(db), listOrder(columns)).as('json'))
      .executeTakeFirstOrThrow()
    return row.json
  }

  /** One page of the documents (filtered by date and status, searched, sorted, cut by the database) and its meta. */
  async function page(db: DB, f: DocFilter, query: PageQuery) {
    const filter = docFilterCondition(f, 'p')
    const search = searchCondition(columns, query)
    const order = pageOrder(columns, query)
    // The count and the page's ids name the vehicle for the search and the cabin sort: a left join on
    // a primary key whose columns a query does not read is dropped by the planner of both databases.
    const matching = () =>
      db.q
        .selectFrom(`${docTable} as p`)
        .leftJoin('kendaraan as k', 'k.id', 'p.kendaraan_id')
        .$if(filter !== null, (qb) => qb.where(filter!))
        .$if(search !== null, (qb) => qb.where(search!))
    const counted = await matching()
      .select((eb) => [
        eb.fn.countAll().as('total'),
        sql<number | null>`SUM(CASE WHEN p.status = 'posting' THEN 1 ELSE 0 END)`.as('posting'),
      ])
      .executeTakeFirstOrThrow()
    const { limit, offset } = pageSlice(query)
    const ids = matching().select('p.id').orderBy(order).limit(limit).offset(offset)
    const rows = await docFrom(db)
      .select(jsonAgg(db, docJson(db), order).as('json'))
      .where('p.id', 'in', ids)
      .executeTakeFirstOrThrow()
    const meta = { ...pageMeta(query, Number(counted.total)), posting: Number(counted.posting ?? 0) }
    return `{"data":${rows.json},"meta":${JSON.stringify(meta)}}`
  }

  const loadDoc = async (db: DB, id: number) => {
    const row = await docFrom(db).select(docJson(db).as('json')).where('p.id', '=', id).executeTakeFirst()
    return row ? parseJson(row.json as JsonText<Record<string, unknown>>) : null
  }
  const linesJson = (db: DB, of: LinesOf) => kind.lines(db, of)
  const loadLine = async (db: DB, id: number) => parseJson(await kind.lines(db, { lineId: id }))?.[0] ?? null

  /**
   * A document's state, its row locked until the transaction ends: two changes of one document (a
   * line staged into it or undone, a posting, a delete) run one after the other, each seeing what the
   * other wrote.
   */
  const docState = async (db: DB, id: number) => {
    const row = await db.q
      .selectFrom(`${docTable} as p`)
      .select(['p.id', kodeCol.as('kode'), 'p.kendaraan_id', 'p.status', 'p.tanggal_awal'])
      .where('p.id', '=', id)
      .$call(forUpdate(db))
      .executeTakeFirst()
    return row ? { ...row, status: row.status as DocStatus } : undefined
  }

  /** A document's km: the highest km of its lines. */
  async function recomputeDoc(db: DB, id: number) {
    await db.q
      .updateTable(docTable)
      .set({
        km: sql<
          number | null
        >`COALESCE((SELECT MAX(${sql.ref(`l.${lineKm}`)}) FROM ${sql.table(linesTable)} l WHERE ${sql.ref(`l.${fk}`)} = ${sql.ref(`${docTable}.id`)}), km)`,
        updated_at: nowMoment(db),
      })
      .where('id', '=', id)
      .execute()
  }

  /**
   * Registers a vehicle's staged lines as a new document. Answers its id. The vehicle is locked first
   * (as staging and undoing a line lock it), then its staged lines: none is staged or undone meanwhile.
   */
  async function register(db: DB, kendaraanId: number, tanggal: string): Promise<number> {
    if (!(await lockKendaraan(db, kendaraanId))) throw notFound('Kendaraan')
    const staged = await db.q
      .selectFrom(linesTable)
      .select(['id', `${lineKm} as km`])
      .where('kendaraan_id', '=', kendaraanId)
      .where(fk, 'is', null)
      .$call(forUpdate(db))
      .execute()
    if (staged.length === 0) throw invalid({ detail: [kind.messages.nothingStaged] })
    const km = Math.max(...staged.map((l) => l.km))
    const lineIds = staged.map((l) => l.id)
    const code = await nextCode(db, table)
    const { id } = await db.q
      .insertInto(docTable)
      .values({ [kode]: code, kendaraan_id: kendaraanId, km, status: 'unpost', tanggal_awal: tanggal } as { kode_pelepasan: string } & {
        kendaraan_id: number
        km: number
        status: string
        tanggal_awal: string
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // The staged lines' history rows get their document and its date.
    await db.q
      .updateTable('riwayat_ban')
      .set({ dokumen_jenis: kind.riwayat.dokumen, dokumen_id: id, dokumen_kode: code, tanggal })
      .where('jenis', '=', kind.riwayat.jenis)
      .where(riwayatLine, 'in', lineIds)
      .execute()
    await db.q
      .updateTable(linesTable)
      .set({ [fk]: id, updated_at: nowMoment(db) } as { pelepasan_ban_id: number })
      .where('id', 'in', lineIds)
      .execute()
    await raiseVehicleKm(db, kendaraanId, km)
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

  /** The routes every kind has; the kind adds its own (its vehicle's ban, its choices) beside them. */
  function routes(r: Hono<ApiEnv>) {
    // With `page` (the extension 'paged-lists'): one page as {data, meta}, also filtered by date and status.
    r.get(kind.path, async (c) => {
      const query = askedPage(c, columns)
      if (!query) return jsonBody(c, await list(c.get('db')))
      return jsonBody(c, await page(c.get('db'), docFilter(c), query))
    })

    // A vehicle's staged lines.
    r.get(`${kind.path}/detail-list-ban/:kendaraanId`, async (c) => {
      const kendaraanId = idParam(c, 'kendaraanId', 'Kendaraan')
      const db = c.get('db')
      if (!(await vehicleExists(db, kendaraanId))) throw notFound('Kendaraan')
      return jsonBody(c, `{"data":${await linesJson(db, { stagedOn: kendaraanId })}}`)
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
      const lineOf = async () => await db.q.selectFrom(linesTable).select(`${fk} as doc`).where('id', '=', id).executeTakeFirst()
      // Undoing a staged line is the create screen's (Create), a registered document's line its edit screen's (Update).
      const checked = await lineOf()
      if (!checked) throw notFound(kind.lineLabel)
      const registered = checked.doc != null
      await requireGrant(db, c.get('user').id, registered ? lineGrants.registered : lineGrants.staged)
      const actor = await actorOfRequest(c)
      await db.tx(async () => {
        // Its document locked first (docState): a posting or another change of it waits for this undo.
        const seen = await lineOf()
        if (seen?.doc != null) await docState(db, seen.doc)
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
      const text = JSON.stringify(doc).replace(/}$/, `,"detail":${await linesJson(db, { documentId: id })}}`)
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
        const lineIds = await db.q.selectFrom(linesTable).select('id').where(fk, '=', id).orderBy('id', 'desc').execute()
        for (const line of lineIds) await kind.undo(db, actor, line.id)
        await db.q.deleteFrom(docTable).where('id', '=', id).execute()
        await audit(c.get('user'), db, id, 'hapus')
      })
      return c.json({ message: kind.messages.deleted })
    })
  }

  return { columns, page, loadDoc, loadLine, linesJson, docState, recomputeDoc, register, routes, grants }
}
