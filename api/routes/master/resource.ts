import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { Hono, type Context } from 'hono'
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely'
import type { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { isForeignKeyError } from '../../database.ts'
import { nextCode, type CodeEntity } from '../../codes.ts'
import { conflict, idParam, invalid, notFound, readBody, validate, type Body } from '../../http.ts'
import { saveImage } from '../../uploads.ts'
import { askedPage, col, dueCondition, pageMeta, pageOrder, pageSlice, searchCondition, type ListColumns } from '../../paged.ts'
import type { Schema } from '../../schema.ts'
import type { SimpleEntityKey } from '../../simple-entities.ts'
import { forUpdate, jsonAgg, jsonBuild, momentText, nowMoment, type JsonText } from '../../sql.ts'

/** The tables the generic master resource serves (each has an id, a code, a qrcode and updated_at). */
export type MasterTable = 'supplier' | 'jenis_kendaraan' | 'karyawan' | 'kendaraan' | SimpleEntityKey

/** A column of a master table, by its name in the Schema. */
type ColumnOf<T extends keyof Schema> = keyof Schema[T] & string

/**
 * The paged columns of a master list screen: the search in its name column (or its code), sorted by
 * No (id), the code or the name, as the screen's entry in app/screens.ts declares them. Columns of `t`.
 */
type MasterColumn = { [T in MasterTable]: ColumnOf<T> }[MasterTable]
export const masterPaged = (kode: MasterColumn, nama: MasterColumn, search: MasterColumn = nama): ListColumns => ({
  search: [col(`t.${search}`)],
  sort: { id: { expr: col('t.id') }, [kode]: { expr: col(`t.${kode}`), text: true }, [nama]: { expr: col(`t.${nama}`), text: true } },
  order: [col('t.id')],
})

/**
 * The generic part of the master-data resources, which share one pattern of calls:
 *   GET    /api/{path}              → plain array, ordered by id, nested objects included
 *   POST   /api/{path}/add          → 201 {message, data}
 *   POST   /api/{path}/{id}/update  → 200 {message, data}
 *   DELETE /api/{path}/{id}         → 200 {message}; 409 while another record still refers to it
 * Each resource states its own fields, messages, files and references in a ResourceDef.
 */

export type Row = Record<string, unknown>

/**
 * The query of a master's answer rows: `SELECT … FROM <table> AS t [LEFT JOIN …]` with the builder,
 * no WHERE of its own. Each master joins its own tables, so the resource reads its rows generically.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each master's query is over its own joins
export type RowQuery = SelectQueryBuilder<any, any, Row>

/** A foreign key given in the form: when present, the record must exist (422 on the field otherwise). */
export type Reference = { field: string; table: keyof Schema; message: string }

export type ResourceDef<S extends z.ZodObject = z.ZodObject> = {
  /** URL segment under /api. */
  path: string
  /** Indonesian name used in answers: '<label> berhasil ditambahkan.', '<label> tidak ditemukan.' */
  label: string
  table: MasterTable
  /** The server-made code and the qrcode column holding the same text. */
  code: { entity: CodeEntity; column: string; qrColumn: string }
  /** Every writable column but files. Absent or empty values are stored as null (the form is sent whole). */
  schema: S
  /** Image fields (multipart files). An absent or empty file on update keeps the stored name. */
  files?: readonly string[]
  references?: readonly Reference[]
  /**
   * `SELECT … FROM <table> AS t [LEFT JOIN …]`: one answer row. Columns named `a__b` become nested
   * objects ({a: {b}}); a nested object whose id (or every value) is null becomes null.
   */
  select: (db: DB) => RowQuery
  /** The list as a lookup of other menus answers it (context `listView` 'lookup'): id, code, name … */
  lookupSelect?: (db: DB) => RowQuery
  /**
   * The list pages when asked (the extension 'paged-lists', api/paged.ts): its search and sort
   * expressions over `select`'s tables. Absent: the list always answers whole.
   */
  paged?: ListColumns
  /** Date columns (of `select`'s tables) the list narrows to with `jatuh_tempo_sampai` / `jatuh_tempo_dari` (api/paged.ts). */
  dueDates?: readonly string[]
  /**
   * Rows that point here with ON DELETE SET NULL and must not be unlinked silently: a delete is
   * refused (409, naming how many of each) while any exist.
   */
  usedBy?: readonly UsedBy[]
  /** Last adjustments and checks before a write (old is null on create). Throw an ApiError to refuse. */
  beforeSave?: (ctx: { db: DB; values: Row; old: Row | null }) => Promise<void>
}

export const messages = (label: string) => ({
  created: `${label} berhasil ditambahkan.`,
  updated: `${label} berhasil diperbarui.`,
  deleted: `${label} berhasil dihapus.`,
})

// ---- reading ----------------------------------------------------------------------------------------

/** `{a__id: 1, a__nama: 'x', b__id: null}` → `{a: {id: 1, nama: 'x'}, b: null}`. */
export function nestRow(flat: Row): Row {
  const out: Row = {}
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('__')
    let node = out
    for (const part of parts.slice(0, -1)) {
      if (!node[part] || typeof node[part] !== 'object') node[part] = {}
      node = node[part] as Row
    }
    node[parts[parts.length - 1]] = value
  }
  const collapse = (obj: Row): Row | null => {
    for (const [k, v] of Object.entries(obj)) {
      if (v && typeof v === 'object' && !Array.isArray(v)) obj[k] = collapse(v as Row)
    }
    const empty = 'id' in obj ? obj.id === null : Object.values(obj).every((v) => v === null)
    return empty ? null : obj
  }
  for (const [k, v] of Object.entries(out)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) out[k] = collapse(v as Row)
  }
  return out
}

/** Answers JSON text as it is (200, application/json), as c.json would. */
const jsonText = (c: Context, text: string) => c.body(text, 200, { 'Content-Type': 'application/json' })

/** The answer columns of each master's query (by its SQL text), read once from the database. */
const answerColumns = new Map<string, string[]>()

/**
 * The same answer as the rows of `query` nested by nestRow, as JSON text made by the database in one
 * statement (no object per row: a list of tens of thousands of rows is one pass), ordered by id.
 * `a__b` columns become objects, null when their id (or, without an id, every value) is null.
 */
export async function readAllJson(db: DB, query: RowQuery, where: Expression<SqlBool> | null = null): Promise<string> {
  const text = query.compile().sql
  let names = answerColumns.get(text)
  if (!names) answerColumns.set(text, (names = await db.columnsOf(text)))
  type Node = { leaves: string[]; children: Map<string, Node>; path: string[] }
  const root: Node = { leaves: [], children: new Map(), path: [] }
  for (const name of names) {
    const parts = name.split('__')
    let node = root
    for (const part of parts.slice(0, -1)) {
      let next = node.children.get(part)
      if (!next) node.children.set(part, (next = { leaves: [], children: new Map(), path: [...node.path, part] }))
      node = next
    }
    node.leaves.push(parts[parts.length - 1])
  }
  // Column names of the database's own answer, referred to as such (never text from a request).
  const ref = (node: Node, leaf: string) => sql.ref<string | null>(`q.${[...node.path, leaf].join('__')}`)
  const present = (node: Node): Expression<SqlBool> =>
    node.leaves.includes('id')
      ? sql<SqlBool>`${ref(node, 'id')} IS NOT NULL`
      : sql<SqlBool>`(${sql.join(
          [...node.leaves.map((l) => sql`${ref(node, l)} IS NOT NULL`), ...[...node.children.values()].map(present)],
          sql` OR `,
        )})`
  const object = (node: Node): Expression<JsonText<Row>> =>
    jsonBuild(db, {
      // A moment (created_at, updated_at) as the api answers it, not as PostgreSQL's JSON writes a timestamptz.
      ...Object.fromEntries(node.leaves.map((l) => [l, MOMENTS.has(l) ? momentText(db, ref(node, l)) : ref(node, l)])),
      ...Object.fromEntries([...node.children].map(([k, child]) => [k, sql`CASE WHEN ${present(child)} THEN ${object(child)} END`])),
    })
  const rows = where ? query.where(where) : query
  const list = await db.q
    .selectFrom(rows.as('q'))
    .select(jsonAgg(db, object(root), sql.ref('q.id')).as('list'))
    .executeTakeFirst()
  return list?.list ?? '[]'
}

/** The moment columns of the masters' rows (the rest are numbers, text and days, which JSON keeps as they are). */
const MOMENTS = new Set(['created_at', 'updated_at'])

/** `t.id = id`, for a master's query. */
const byId = (id: number) => sql<SqlBool>`${sql.ref('t.id')} = ${id}`

export const readOne = async (query: RowQuery, id: number): Promise<Row | null> => {
  const row = await query.where(byId(id)).executeTakeFirst()
  return row ? nestRow(row) : null
}

// ---- checks -----------------------------------------------------------------------------------------

export async function checkReferences(db: DB, references: readonly Reference[] | undefined, values: Row) {
  const errors: Record<string, string[]> = {}
  for (const ref of references ?? []) {
    const value = values[ref.field]
    if (value === null || value === undefined) continue
    if (!(await db.q.selectFrom(ref.table).select('id').where('id', '=', Number(value)).executeTakeFirst()))
      errors[ref.field] = [ref.message]
  }
  if (Object.keys(errors).length > 0) throw invalid(errors)
}

/** How the tables that may block a delete are named in the 409 message. */
const TABLE_LABELS: Record<string, string> = {
  departemen: 'departemen',
  karyawan: 'karyawan',
  users: 'user',
  supplier: 'supplier',
  kendaraan: 'kendaraan',
  stnk: 'STNK',
  ban: 'ban',
  pembelian_ban: 'pembelian ban',
  pemasangan_ban: 'pemasangan ban',
  detail_pemasangan_ban: 'pemasangan ban',
  pelepasan_ban: 'pelepasan ban',
  detail_pelepasan_ban: 'pelepasan ban',
  vulkanisir_ban: 'vulkanisir ban',
}

/** The tables whose rows still point at table(id) through a RESTRICT / NO ACTION foreign key. */
export async function blockingReferences(db: DB, table: string, id: number): Promise<string[]> {
  const found = new Set<string>()
  for (const key of await db.restrictingKeys(table)) {
    // The table and column come from the database's own catalogue (restrictingKeys), the id is a parameter.
    const hit = await sql`SELECT 1 FROM ${sql.table(key.table)} WHERE ${sql.ref(key.column)} = ${id} LIMIT 1`.execute(db.q)
    if (hit.rows.length) {
      found.add(TABLE_LABELS[key.table] ?? key.table.replace(/_/g, ' '))
    }
  }
  return [...found]
}

export { isForeignKeyError }

/** A column of another table that refers to a record: `label` names its rows in the 409 message. */
export type UsedBy = { [T in keyof Schema]: { table: T; column: ColumnOf<T>; label: string } }[keyof Schema]

/** 'a', 'a dan b', 'a, b dan c'. */
const listId = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} dan ${items[items.length - 1]}`)

/**
 * Refuses (409) to delete table(id) while rows of `usedBy` still refer to it, naming how many:
 * 'Departemen tidak dapat dihapus karena masih digunakan oleh 3 karyawan dan 1 supplier.'
 * Call inside the transaction that deletes.
 */
export async function refuseWhileUsed(db: DB, label: string, id: number, usedBy: readonly UsedBy[] | undefined) {
  const uses: { n: number; label: string }[] = []
  for (const u of usedBy ?? []) {
    // Table and column from the resource's constant usedBy (typed by the Schema), the id a parameter.
    const counted = await sql<{
      n: number | string
    }>`SELECT COUNT(*) AS n FROM ${sql.table(u.table)} WHERE ${sql.ref(u.column)} = ${id}`.execute(db.q)
    const n = Number(counted.rows[0]?.n ?? 0)
    if (n > 0) uses.push({ n, label: u.label })
  }
  if (uses.length > 0) {
    throw conflict(`${label} tidak dapat dihapus karena masih digunakan oleh ${listId(uses.map((u) => `${u.n} ${u.label}`))}.`)
  }
}

/** Deletes table(id); a row still referenced → 409 naming what uses it. */
export async function deleteOrConflict(db: DB, table: MasterTable | 'users', id: number, label: string) {
  try {
    // Undone alone when a foreign key refuses it, so the references can still be read (PostgreSQL
    // refuses every query of a transaction after a failed one).
    const deleted = await db.attempt(() => db.q.deleteFrom(table).where('id', '=', id).executeTakeFirst())
    return Number(deleted.numDeletedRows)
  } catch (err) {
    if (!isForeignKeyError(err)) throw err
    const users = await blockingReferences(db, table, id)
    throw conflict(
      users.length > 0
        ? `${label} tidak dapat dihapus karena masih digunakan oleh data ${users.join(', ')}.`
        : `${label} tidak dapat dihapus karena masih digunakan oleh data lain.`,
    )
  }
}

// ---- files ------------------------------------------------------------------------------------------

/** Removes stored uploads by name (best effort; names we did not generate are ignored). */
export function removeUploads(uploadsDir: string, names: unknown[]) {
  for (const name of names) {
    if (typeof name !== 'string' || !/^[\w.-]+$/.test(name)) continue
    try {
      rmSync(join(uploadsDir, name), { force: true })
    } catch {
      // a file that cannot be removed is only wasted space
    }
  }
}

/** Saves the new files of a body; returns {field: name} for those sent. All or nothing. */
export async function storeFiles(fields: readonly string[] | undefined, body: Body, uploadsDir: string): Promise<Row> {
  const stored: Row = {}
  try {
    for (const field of fields ?? []) {
      const name = await saveImage(body[field], field, uploadsDir)
      if (name) stored[field] = name
    }
  } catch (err) {
    removeUploads(uploadsDir, Object.values(stored))
    throw err
  }
  return stored
}

// ---- the routes -------------------------------------------------------------------------------------

/** The row's columns: the names of the resource's own fields (a safety net: only lower-case names and _). */
const pick = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([k]) => /^[a-z_]+$/.test(k)))

export function resourceRoutes<S extends z.ZodObject>(def: ResourceDef<S>) {
  const r = new Hono<ApiEnv>()
  const { path, label, table } = def
  const msg = messages(label)
  /** The stored row, locked until the transaction ends when `locked` (an edit or a delete reads it so first). */
  const storedRow = (db: DB, id: number, locked: boolean) =>
    db.q
      .selectFrom(table)
      .selectAll()
      .where('id', '=', id)
      .$if(locked, (qb) => qb.$call(forUpdate(db)))
      .executeTakeFirst() as Promise<Row | undefined>

  r.get(`/${path}`, async (c) => {
    const db = c.get('db')
    // Another menu's lookup reads the choice's columns only (lookupSelect), paged or whole.
    const select = (c.get('listView') === 'lookup' && def.lookupSelect ? def.lookupSelect : def.select)(db)
    const query = def.paged ? askedPage(c, def.paged) : null
    // Jatuh Tempo's window (422 for a bad date), on any of the due columns.
    const dues = (def.dueDates ?? []).map((column) => dueCondition(c, col(column))).filter((d) => d !== null)
    const due = dues.length ? sql<SqlBool>`(${sql.join(dues, sql` OR `)})` : null
    if (!def.paged || !query) return jsonText(c, await readAllJson(db, select, due))
    // One page, searched, sorted and cut by the database: the same rows (same shape) as the whole list's.
    const search = searchCondition(def.paged, query)
    const rows = select.$if(due !== null, (qb) => qb.where(due!)).$if(search !== null, (qb) => qb.where(search!))
    const counted = await db.q
      .selectFrom(rows.as('n'))
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow()
    const { limit, offset } = pageSlice(query)
    const page = await rows.orderBy(pageOrder(def.paged, query)).limit(limit).offset(offset).execute()
    return c.json({ data: page.map(nestRow), meta: pageMeta(query, Number(counted.total)) })
  })

  r.post(`/${path}/add`, async (c) => {
    const db = c.get('db')
    const uploadsDir = c.get('uploadsDir')
    const body = await readBody(c)
    const values: Row = { ...validate(def.schema, body) }
    await checkReferences(db, def.references, values)
    await def.beforeSave?.({ db, values, old: null })
    const files = await storeFiles(def.files, body, uploadsDir)
    try {
      const id = await db.tx(async () => {
        const kode = await nextCode(db, def.code.entity)
        const row: Row = { [def.code.column]: kode, [def.code.qrColumn]: kode, ...values, ...files }
        // The columns are the resource's own (its code, its schema's fields, its files), never the request's names.
        const inserted = await db.q
          .insertInto(table)
          .values(pick(row) as never)
          .returning('id')
          .executeTakeFirstOrThrow()
        return inserted.id
      })
      return c.json({ message: msg.created, data: await readOne(def.select(db), id) }, 201)
    } catch (err) {
      removeUploads(uploadsDir, Object.values(files))
      throw err
    }
  })

  r.post(`/${path}/:id/update`, async (c) => {
    const id = idParam(c, 'id', label)
    const db = c.get('db')
    const uploadsDir = c.get('uploadsDir')
    if (!(await storedRow(db, id, false))) throw notFound(label)
    const body = await readBody(c)
    const values: Row = { ...validate(def.schema, body) }
    await checkReferences(db, def.references, values)
    const files = await storeFiles(def.files, body, uploadsDir)
    let replaced: unknown[] = []
    try {
      await db.tx(async () => {
        // Locked first: beforeSave's rules read it (kendaraan: its type under fitted ban), and two
        // edits of one record run one after the other.
        const old = await storedRow(db, id, true)
        if (!old) throw notFound(label)
        await def.beforeSave?.({ db, values, old })
        const row: Row = { ...values, ...files }
        await db.q
          .updateTable(table)
          .set({ ...pick(row), updated_at: nowMoment(db) } as never)
          .where('id', '=', id)
          .execute()
        replaced = Object.keys(files).map((f) => old[f])
      })
    } catch (err) {
      removeUploads(uploadsDir, Object.values(files))
      throw err
    }
    removeUploads(uploadsDir, replaced)
    return c.json({ message: msg.updated, data: await readOne(def.select(db), id) })
  })

  r.delete(`/${path}/:id`, async (c) => {
    const id = idParam(c, 'id', label)
    const db = c.get('db')
    const old = await db.tx(async () => {
      // Locked before the uses are counted: a row saved meanwhile that refers to it waits (its
      // foreign key shares the row) and is counted, or is refused after the delete.
      const row = await storedRow(db, id, true)
      if (!row) throw notFound(label)
      await refuseWhileUsed(db, label, id, def.usedBy)
      if ((await deleteOrConflict(db, table, id, label)) === 0) throw notFound(label)
      return row
    })
    removeUploads(
      c.get('uploadsDir'),
      (def.files ?? []).map((f) => old[f]),
    )
    return c.json({ message: msg.deleted })
  })

  return r
}
