import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { Hono, type Context } from 'hono'
import type { z } from 'zod'
import type { ApiEnv, DB } from '../../types.ts'
import { isForeignKeyError } from '../../database.ts'
import { nextCode, type CodeEntity } from '../../codes.ts'
import { conflict, idParam, invalid, notFound, readBody, validate, type Body } from '../../http.ts'
import { saveImage } from '../../uploads.ts'
import { dueFilter, pagedSql, pageMeta, pageQuery, whereOf, type PagedColumns } from '../../paged.ts'

/**
 * The paged columns of a master list screen: the search in its name column (or its code), sorted by
 * No (id), the code or the name, as the screen's entry in app/screens.ts declares them. Columns of `t`.
 */
export const masterPaged = (kode: string, nama: string, search: string = nama): PagedColumns => ({
  search: [`t.${search}`],
  sort: { id: { expr: 't.id' }, [kode]: { expr: `t.${kode}`, text: true }, [nama]: { expr: `t.${nama}`, text: true } },
  order: 't.id',
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

/** A foreign key given in the form: when present, the record must exist (422 on the field otherwise). */
export type Reference = { field: string; table: string; message: string }

export type ResourceDef<S extends z.ZodObject = z.ZodObject> = {
  /** URL segment under /api. */
  path: string
  /** Indonesian name used in answers: '<label> berhasil ditambahkan.', '<label> tidak ditemukan.' */
  label: string
  table: string
  /** The server-made code and the qrcode column holding the same text. */
  code: { entity: CodeEntity; column: string; qrColumn: string }
  /** Every writable column but files. Absent or empty values are stored as null (the form is sent whole). */
  schema: S
  /** Image fields (multipart files). An absent or empty file on update keeps the stored name. */
  files?: readonly string[]
  references?: readonly Reference[]
  /**
   * `SELECT … FROM <table> t [LEFT JOIN …]`: one answer row. Columns named `a__b` become nested
   * objects ({a: {b}}); a nested object whose id (or every value) is null becomes null.
   */
  select: string
  /** The list as a lookup of other menus answers it (context `listView` 'lookup'): id, code, name … */
  lookupSelect?: string
  /**
   * The list pages when asked (the extension 'paged-lists', api/paged.ts): its search and sort
   * expressions over `select`'s tables. Absent: the list always answers whole.
   */
  paged?: PagedColumns
  /** Date columns the list narrows to with `jatuh_tempo_sampai` / `jatuh_tempo_dari` (dueFilter, api/paged.ts). */
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

export const readAll = async (db: DB, select: string): Promise<Row[]> =>
  ((await db.prepare(`${select} ORDER BY t.id`).all()) as Row[]).map(nestRow)

/** Answers JSON text as it is (200, application/json), as c.json would. */
const jsonText = (c: Context, text: string) => c.body(text, 200, { 'Content-Type': 'application/json' })

const listSql = new Map<string, string>()

/**
 * The same answer as readAll, as JSON text made by SQLite in one statement (no object per row: a
 * list of tens of thousands of rows is one pass). The nesting rules are nestRow's: `a__b` columns
 * become objects, null when their id (or, without an id, every value) is null.
 */
export async function readAllJson(db: DB, select: string, where = '', params: readonly unknown[] = []): Promise<string> {
  let sql = listSql.get(`${select} ${where}`)
  if (!sql) {
    const names = await db.columnsOf(select)
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
    const col = (node: Node, leaf: string) => `q."${[...node.path, leaf].join('__')}"`
    const present = (node: Node): string =>
      node.leaves.includes('id')
        ? `${col(node, 'id')} IS NOT NULL`
        : `(${[...node.leaves.map((l) => `${col(node, l)} IS NOT NULL`), ...[...node.children.values()].map(present)].join(' OR ') || '0'})`
    const object = (node: Node): string =>
      `json_object(${[
        ...node.leaves.map((l) => `'${l}', ${col(node, l)}`),
        ...[...node.children].map(([k, child]) => `'${k}', json(CASE WHEN ${present(child)} THEN ${object(child)} END)`),
      ].join(', ')})`
    sql = `SELECT json_group_array(json(${object(root)}) ORDER BY q."id") FROM (${select} ${where}) q`
    listSql.set(`${select} ${where}`, sql)
  }
  return (
    ((await db
      .prepare(sql)
      .pluck()
      .get(...params)) as string | null) ?? '[]'
  )
}

export const readOne = async (db: DB, select: string, id: number): Promise<Row | null> => {
  const row = (await db.prepare(`${select} WHERE t.id = ?`).get(id)) as Row | undefined
  return row ? nestRow(row) : null
}

// ---- checks -----------------------------------------------------------------------------------------

export async function checkReferences(db: DB, references: readonly Reference[] | undefined, values: Row) {
  const errors: Record<string, string[]> = {}
  for (const ref of references ?? []) {
    const value = values[ref.field]
    if (value === null || value === undefined) continue
    if (!(await db.prepare(`SELECT 1 FROM ${ref.table} WHERE id = ?`).get(value))) errors[ref.field] = [ref.message]
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
    if (await db.prepare(`SELECT 1 FROM "${key.table}" WHERE "${key.column}" = ? LIMIT 1`).get(id)) {
      found.add(TABLE_LABELS[key.table] ?? key.table.replace(/_/g, ' '))
    }
  }
  return [...found]
}

export { isForeignKeyError }

/** A column of another table that refers to a record: `label` names its rows in the 409 message. */
export type UsedBy = { table: string; column: string; label: string }

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
    const n = ((await db.prepare(`SELECT COUNT(*) AS n FROM "${u.table}" WHERE "${u.column}" = ?`).get(id)) as { n: number }).n
    if (n > 0) uses.push({ n, label: u.label })
  }
  if (uses.length > 0) {
    throw conflict(`${label} tidak dapat dihapus karena masih digunakan oleh ${listId(uses.map((u) => `${u.n} ${u.label}`))}.`)
  }
}

/** Deletes table(id); a row still referenced → 409 naming what uses it. */
export async function deleteOrConflict(db: DB, table: string, id: number, label: string) {
  try {
    // Undone alone when a foreign key refuses it, so the references can still be read (PostgreSQL
    // refuses every query of a transaction after a failed one).
    return (await db.attempt(() => db.prepare(`DELETE FROM ${table} WHERE id = ?`).run(id))).changes
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

const columnsOf = (row: Row) => Object.keys(row).filter((k) => /^[a-z_]+$/.test(k))

export function resourceRoutes<S extends z.ZodObject>(def: ResourceDef<S>) {
  const r = new Hono<ApiEnv>()
  const { path, label, table } = def
  const msg = messages(label)

  r.get(`/${path}`, async (c) => {
    // Another menu's lookup reads the choice's columns only (lookupSelect), paged or whole.
    const select = c.get('listView') === 'lookup' && def.lookupSelect ? def.lookupSelect : def.select
    const query = def.paged ? pageQuery(c, def.paged) : null
    const due = def.dueDates ? dueFilter(c, def.dueDates) : null
    if (!def.paged || !query) {
      if (!due) return jsonText(c, await readAllJson(c.get('db'), select))
      return jsonText(c, await readAllJson(c.get('db'), select, `WHERE ${due.condition}`, due.params))
    }
    // One page, searched, sorted and cut by the database: the same rows (same shape) as the whole list's.
    const db = c.get('db')
    const sql = pagedSql(def.paged, query)
    const where = whereOf(due?.condition ?? '', sql.search)
    const params = [...(due?.params ?? []), ...sql.searchParams]
    const total = Number(
      (await db
        .prepare(`SELECT COUNT(*) FROM (${select} ${where}) n`)
        .pluck()
        .get(...params)) ?? 0,
    )
    const rows = (await db.prepare(`${select} ${where} ORDER BY ${sql.order} ${sql.limit}`).all(...params, ...sql.limitParams)) as Row[]
    return c.json({ data: rows.map(nestRow), meta: pageMeta(query, total) })
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
        const cols = columnsOf(row)
        const inserted = (await db
          .prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')}) RETURNING id`)
          .get(...cols.map((k) => row[k]))) as { id: number }
        return inserted.id
      })
      return c.json({ message: msg.created, data: await readOne(db, def.select, id) }, 201)
    } catch (err) {
      removeUploads(uploadsDir, Object.values(files))
      throw err
    }
  })

  r.post(`/${path}/:id/update`, async (c) => {
    const id = idParam(c, 'id', label)
    const db = c.get('db')
    const uploadsDir = c.get('uploadsDir')
    const selectOld = db.prepare(`SELECT * FROM ${table} WHERE id = ?`)
    if (!(await selectOld.get(id))) throw notFound(label)
    const body = await readBody(c)
    const values: Row = { ...validate(def.schema, body) }
    await checkReferences(db, def.references, values)
    const files = await storeFiles(def.files, body, uploadsDir)
    let replaced: unknown[] = []
    try {
      await db.tx(async () => {
        const old = (await selectOld.get(id)) as Row | undefined
        if (!old) throw notFound(label)
        await def.beforeSave?.({ db, values, old })
        const row: Row = { ...values, ...files }
        const cols = columnsOf(row)
        await db
          .prepare(`UPDATE ${table} SET ${cols.map((k) => `${k} = ?`).join(', ')}, updated_at = datetime('now') WHERE id = ?`)
          .run(...cols.map((k) => row[k]), id)
        replaced = Object.keys(files).map((f) => old[f])
      })
    } catch (err) {
      removeUploads(uploadsDir, Object.values(files))
      throw err
    }
    removeUploads(uploadsDir, replaced)
    return c.json({ message: msg.updated, data: await readOne(db, def.select, id) })
  })

  r.delete(`/${path}/:id`, async (c) => {
    const id = idParam(c, 'id', label)
    const db = c.get('db')
    const old = await db.tx(async () => {
      const row = (await db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id)) as Row | undefined
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
