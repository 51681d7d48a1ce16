import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { LRUCache } from 'lru-cache'
import type { DB } from './types.ts'

/**
 * Conditional GETs for every read of the api (`ETag` + `304` on `If-None-Match`), cheap to compute:
 *
 * - Every table has a version in `table_versions`, bumped by triggers on every INSERT, UPDATE and
 *   DELETE (any writer: this api, the seed CLI, a migration). The triggers are (re)made at start for
 *   every table, so tables added by later migrations get them too.
 * - What a GET depends on is learned, not declared: while a handler runs, every statement it executes
 *   is recorded, and the tables a statement reads come from SQLite itself (`EXPLAIN`: the root pages
 *   it opens for reading, tables and indexes, joins and nested sub-selects included). So a user list
 *   that nests karyawan changes its ETag when a karyawan changes, without anyone remembering it.
 * - The ETag is the process epoch + the versions of those tables. A 304 is answered before the
 *   handler runs (one small query), only for a route whose tables are already known.
 *
 * Answers that depend on the caller (`/api/me`) are left out (EXCLUDED): an ETag here promises the
 * same body to every user allowed to ask.
 */

const UNTRACKED = new Set(['table_versions', 'api_tokens', 'schema_migrations', 'sqlite_sequence'])
const EXCLUDED = new Set(['/api/me', '/api/login', '/api/logout'])

/** Creates `table_versions` and the bump triggers of every table (idempotent). */
export function ensureVersionTriggers(db: DB) {
  db.exec('CREATE TABLE IF NOT EXISTS table_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL)')
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[]
  db.transaction(() => {
    for (const t of tables) {
      if (UNTRACKED.has(t)) continue
      const bump = `INSERT INTO table_versions (name, version) VALUES ('${t}', 1)
        ON CONFLICT(name) DO UPDATE SET version = version + 1`
      for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
        db.exec(`CREATE TRIGGER IF NOT EXISTS "tv_${t}_${op.toLowerCase()}" AFTER ${op} ON "${t}" BEGIN ${bump}; END`)
      }
    }
  })()
}

type Recorder = { tables: Set<string> }
const recording = new AsyncLocalStorage<Recorder>()
const patched = new WeakSet<object>()

type Tracked = { tablesOf: (sql: string) => readonly string[]; versions: (tables: readonly string[]) => string }
const tracked = new WeakMap<DB, Tracked>()

/** Records, for the GET being answered, the tables each executed statement reads. */
function track(db: DB): Tracked {
  const known = tracked.get(db)
  if (known) return known
  const bySql = new Map<string, readonly string[]>()
  const tablesOf = (sql: string): readonly string[] => {
    let tables = bySql.get(sql)
    if (tables) return tables
    const rootToTable = new Map<number, string>(
      (
        db.prepare("SELECT rootpage, tbl_name FROM sqlite_master WHERE type IN ('table', 'index')").all() as {
          rootpage: number
          tbl_name: string
        }[]
      ).map((r) => [r.rootpage, r.tbl_name]),
    )
    const set = new Set<string>()
    try {
      for (const op of db.prepare(`EXPLAIN ${sql}`).all() as { opcode: string; p2: number; p3: number }[]) {
        if (op.opcode === 'OpenRead' && op.p3 === 0) {
          const t = rootToTable.get(op.p2)
          if (t && !UNTRACKED.has(t)) set.add(t)
        }
      }
    } catch {
      set.add('*') // cannot tell: depend on everything
    }
    tables = [...set].sort()
    bySql.set(sql, tables)
    return tables
  }
  const versionOf = db.prepare('SELECT version FROM table_versions WHERE name = ?').pluck()
  const allVersions = db.prepare('SELECT COALESCE(SUM(version), 0) FROM table_versions').pluck()
  const versions = (tables: readonly string[]) =>
    tables.map((t) => (t === '*' ? `*${allVersions.get()}` : `${(versionOf.get(t) as number | undefined) ?? 0}`)).join('.')

  // Statement methods that read: record the statement's tables while a GET is being answered.
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, unknown>
  if (!patched.has(proto)) {
    patched.add(proto)
    for (const name of ['get', 'all', 'iterate']) {
      const original = proto[name] as (...args: unknown[]) => unknown
      proto[name] = function (this: { source: string; database: DB }, ...args: unknown[]) {
        const rec = recording.getStore()
        if (rec) {
          const tables = recording.exit(() => tracked.get(this.database)?.tablesOf(this.source) ?? ['*'])
          for (const t of tables) rec.tables.add(t)
        }
        return original.apply(this, args)
      }
    }
  }
  const t = { tablesOf, versions }
  tracked.set(db, t)
  return t
}

/** The route a GET belongs to for dependency learning: ids folded so /x/1 and /x/2 share one entry. */
const routeKey = (path: string) => path.replace(/\/\d+(?=\/|$)/g, '/:id')

/** An answer is kept only from this length on (a list of hundreds of rows); smaller ones are cheap to make. */
export const BODY_MIN = 32 * 1024

/** A large answer kept with the ETag it was sent with (the ETag names the versions it was made from). */
export type KeptAnswer = { etag: string; text: string; type: string }

/**
 * The large answers kept by URL, at most `maxBytes` of text in all (UTF-8 bytes), the least recently
 * used dropped first; one answer may take at most a quarter of it. `null` (nothing kept) when
 * `maxBytes` is 0 or not a number. Default: `API_BODY_CACHE_MB` (48).
 */
export function keptAnswers(maxBytes = Number(process.env.API_BODY_CACHE_MB ?? 48) * 1024 * 1024): LRUCache<string, KeptAnswer> | null {
  const maxSize = Math.floor(maxBytes)
  if (!(maxSize >= 4)) return null
  return new LRUCache<string, KeptAnswer>({
    maxSize,
    maxEntrySize: Math.floor(maxSize / 4),
    sizeCalculation: (answer) => Buffer.byteLength(answer.text),
  })
}

/**
 * ETag / 304 middleware for GETs (after authentication). A large answer (a list of thousands of
 * rows) is also kept as text with its ETag, so the next full request for the same versions is sent
 * as it is instead of being made again; any write changes the ETag and so retires it.
 */
export function conditionalGets(db: DB): MiddlewareHandler {
  const t = track(db)
  const epoch = randomBytes(6).toString('base64url')
  const depsOf = new Map<string, readonly string[]>()
  const etagOf = (deps: readonly string[]) => `"${epoch}-${deps.join('+')}-${t.versions(deps)}"`
  const bodies = keptAnswers()

  return async (c, next) => {
    if (c.req.method !== 'GET' || EXCLUDED.has(c.req.path)) return next()
    const key = routeKey(c.req.path)
    const deps = depsOf.get(key)
    const before = deps ? etagOf(deps) : null
    const headers = before ? { ETag: before, 'Cache-Control': 'private, no-cache' } : null
    if (before && headers && ifNoneMatch(c.req.header('if-none-match'), before)) return c.body(null, 304, headers)
    const kept = before ? bodies?.get(c.req.url) : undefined
    if (kept && headers && kept.etag === before) return c.body(kept.text, 200, { ...headers, 'Content-Type': kept.type })

    const rec: Recorder = { tables: new Set() }
    await recording.run(rec, next)
    const learned = [...new Set([...(deps ?? []), ...rec.tables])].sort()
    if (!deps || learned.length !== deps.length) depsOf.set(key, learned)
    // Only when the tables were known before the handler read them: the versions then predate the data.
    if (c.res.status === 200 && before && headers && learned.length === deps?.length) {
      const type = c.res.headers.get('content-type') ?? ''
      if (!type.startsWith('application/json')) return
      // A new answer rather than headers set on the old one: @hono/node-server writes a body-and-
      // headers answer from what it was made with, so later header changes would not be sent.
      const text = await c.res.text()
      const answer = new Headers(c.res.headers)
      answer.set('ETag', before)
      answer.set('Cache-Control', headers['Cache-Control'])
      c.res = undefined // drop, not merge
      c.res = new Response(text, { status: 200, headers: answer })
      // One over a quarter of the budget is not kept (maxEntrySize): it would push out too many others.
      if (text.length >= BODY_MIN) bodies?.set(c.req.url, { etag: before, text, type })
    }
  }
}

function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((v) => {
    const s = v.trim()
    return s === '*' || s === etag || s === `W/${etag}`
  })
}
