import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { sql } from 'kysely'
import { LRUCache } from 'lru-cache'
import { today } from './http.ts'
import type { DB } from './types.ts'

/**
 * Conditional GETs for every read of the api (`ETag` + `304` on `If-None-Match`), cheap to compute:
 *
 * - Every table has a version in `table_versions`, bumped by triggers on every INSERT, UPDATE and
 *   DELETE (any writer: this api, the seed CLI, a migration). The triggers are (re)made at start for
 *   every table, so tables added by later migrations get them too.
 * - What a GET depends on is learned, not declared: while a handler runs, every statement it executes
 *   is recorded (Database.onRead), and the tables a statement reads come from SQLite itself
 *   (`EXPLAIN`: the root pages it opens for reading, tables and indexes, joins and nested sub-selects
 *   included) or, on PostgreSQL, from the names after FROM and JOIN. So a user list that nests
 *   karyawan changes its ETag when a karyawan changes, without anyone remembering it.
 * - The ETag is the database's epoch (a random number stored once with the versions, so every api
 *   process on one database makes the same ETags, and a database made anew never repeats old ones) +
 *   the versions of those tables, read before the handler runs. A 304 is answered before the handler
 *   runs (one small query). While a route's tables are not known yet (its first call in a process),
 *   its ETag is made of every table's versions: less often a 304, never a stale one.
 *
 * Answers that depend on the caller (`/api/me`) are left out (EXCLUDED): an ETag here promises the
 * same body to every user allowed to ask.
 */

const UNTRACKED = new Set([
  'table_versions',
  'api_tokens',
  'schema_migrations',
  'kysely_migration',
  'kysely_migration_lock',
  'sqlite_sequence',
  'login_failures',
])
const EXCLUDED = new Set(['/api/me', '/api/login', '/api/logout'])
/** The row of table_versions that holds the database's epoch (no table has this name). */
const EPOCH = '#epoch'

/**
 * Creates `table_versions` and the bump triggers of every table (idempotent).
 *
 * On PostgreSQL the bump is a deferred constraint trigger: it runs when the writing transaction
 * commits, once per table and transaction (a transaction-local setting remembers the tables already
 * bumped), so the version row of a table is locked only for the last moment of a commit — a long
 * write (an import of 10,000 tyres, Posting all) does not hold up every other write of that table, or
 * of the audit trail every write appends to, until it ends. On SQLite a trigger per row and operation
 * (its writers take turns anyway).
 */
export async function ensureVersionTriggers(db: DB) {
  await sql`CREATE TABLE IF NOT EXISTS table_versions (name TEXT PRIMARY KEY, version BIGINT NOT NULL)`.execute(db.q)
  await db.q
    .insertInto('table_versions')
    .values({ name: EPOCH, version: randomBytes(6).readUIntBE(0, 6) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const tables = (await db.tableNames()).filter((t) => !UNTRACKED.has(t))
  await db.tx(async () => {
    if (db.dialect === 'postgres') {
      await sql`CREATE OR REPLACE FUNCTION bump_table_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF current_setting('fleet.bumped_' || TG_TABLE_NAME, true) = 'y' THEN RETURN NULL; END IF;
          PERFORM set_config('fleet.bumped_' || TG_TABLE_NAME, 'y', true);
          INSERT INTO table_versions (name, version) VALUES (TG_TABLE_NAME, 1)
          ON CONFLICT (name) DO UPDATE SET version = table_versions.version + 1;
          RETURN NULL;
        END $$`.execute(db.q)
      // The tables whose trigger is already the deferred one (a constraint trigger); the others get it,
      // in place of the statement trigger of the releases before.
      const deferred = await sql<{ table: string }>`SELECT c.relname AS "table" FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE t.tgname = 'tv_' || c.relname AND t.tgconstraint <> 0 AND c.relnamespace = to_regnamespace(current_schema())`.execute(db.q)
      const done = new Set(deferred.rows.map((r) => r.table))
      for (const t of tables) {
        if (done.has(t)) continue
        const trigger = sql.id(`tv_${t}`)
        await sql`DROP TRIGGER IF EXISTS ${trigger} ON ${sql.table(t)}`.execute(db.q)
        await sql`CREATE CONSTRAINT TRIGGER ${trigger} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(t)}
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_table_version()`.execute(db.q)
      }
      return
    }
    // Only the triggers missing (a table added since): a process opening a database with every trigger
    // in place runs one query, not three statements a table.
    const present = new Set(
      (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'trigger'`.execute(db.q)).rows.map((r) => r.name),
    )
    for (const t of tables) {
      for (const op of ['INSERT', 'UPDATE', 'DELETE'] as const) {
        if (present.has(`tv_${t}_${op.toLowerCase()}`)) continue
        await sql`CREATE TRIGGER IF NOT EXISTS ${sql.id(`tv_${t}_${op.toLowerCase()}`)} AFTER ${sql.raw(op)} ON ${sql.table(t)}
          BEGIN INSERT INTO table_versions (name, version) VALUES (${sql.lit(t)}, 1) ON CONFLICT(name) DO UPDATE SET version = version + 1; END`.execute(
          db.q,
        )
      }
    }
  })
}

type Recorder = { tables: Set<string> }
const recording = new AsyncLocalStorage<Recorder>()

type Tracked = { tablesOf: (sql: string) => readonly string[]; versions: (tables: readonly string[]) => Promise<string> }
const tracked = new WeakMap<DB, Tracked>()

/**
 * The tables a SQL text reads. SQLite says so itself (`EXPLAIN`: the root pages it opens for reading,
 * tables and indexes, joins and nested sub-selects included). On PostgreSQL (whose EXPLAIN needs the
 * values) the names after FROM and JOIN, sub-selects included; a name that is not a table is ignored.
 */
function readTables(db: DB, known: ReadonlySet<string>) {
  const sqlite = db.sqlite
  if (!sqlite) {
    return (sql: string) => {
      const set = new Set<string>()
      for (const m of sql.matchAll(/\b(?:from|join)\s+"?([A-Za-z_]\w*)"?/gi)) {
        const t = m[1]!.toLowerCase()
        if (known.has(t) && !UNTRACKED.has(t)) set.add(t)
      }
      return set
    }
  }
  return (sql: string) => {
    const rootToTable = new Map<number, string>(
      (
        sqlite.prepare("SELECT rootpage, tbl_name FROM sqlite_master WHERE type IN ('table', 'index')").all() as {
          rootpage: number
          tbl_name: string
        }[]
      ).map((r) => [r.rootpage, r.tbl_name]),
    )
    const set = new Set<string>()
    for (const op of sqlite.prepare(`EXPLAIN ${sql}`).all() as { opcode: string; p2: number; p3: number }[]) {
      if (op.opcode === 'OpenRead' && op.p3 === 0) {
        const t = rootToTable.get(op.p2)
        if (t && !UNTRACKED.has(t)) set.add(t)
      }
    }
    return set
  }
}

/** Records, for the GET being answered, the tables each executed statement reads. */
async function track(db: DB): Promise<Tracked> {
  const known = tracked.get(db)
  if (known) return known
  const read = readTables(db, new Set(await db.tableNames()))
  const bySql = new Map<string, readonly string[]>()
  const tablesOf = (sql: string): readonly string[] => {
    let tables = bySql.get(sql)
    if (tables) return tables
    let set: Set<string>
    try {
      set = read(sql)
    } catch {
      set = new Set(['*']) // cannot tell: depend on everything
    }
    tables = [...set].sort()
    bySql.set(sql, tables)
    return tables
  }
  const versionOf = async (name: string) =>
    (await db.q.selectFrom('table_versions').select('version').where('name', '=', name).executeTakeFirst())?.version ?? 0
  const allVersions = async () =>
    (
      await db.q
        .selectFrom('table_versions')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('version'), eb.lit(0)).as('sum'))
        .executeTakeFirst()
    )?.sum ?? 0
  const versions = async (tables: readonly string[]) => {
    const parts: string[] = []
    for (const t of tables) parts.push(t === '*' ? `*${await allVersions()}` : `${await versionOf(t)}`)
    return parts.join('.')
  }
  // Every statement that reads, while a GET is being answered: its tables are that GET's.
  db.onRead = (sql) => {
    const rec = recording.getStore()
    if (rec) for (const t of tablesOf(sql)) rec.tables.add(t)
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
export async function conditionalGets(db: DB): Promise<MiddlewareHandler> {
  const tracking = await track(db)
  const epochRow = await db.q.selectFrom('table_versions').select('version').where('name', '=', EPOCH).executeTakeFirst()
  const epoch = Number(epochRow?.version).toString(36)
  const depsOf = new Map<string, readonly string[]>()
  // The day is part of every ETag: answers that count days from today (the vehicles not inspected for
  // N days, a due window) change at midnight without any table changing.
  const etagOf = async (deps: readonly string[]) => `"${epoch}-${today()}-${deps.join('+')}-${await tracking.versions(deps)}"`
  const bodies = keptAnswers()

  return async (c, next) => {
    if (c.req.method !== 'GET' || EXCLUDED.has(c.req.path)) return next()
    const key = routeKey(c.req.path)
    const deps = depsOf.get(key)
    // A lookup-shaped answer (api/grants.ts `listView`) is another body: another ETag, so neither a
    // 304 nor a kept body ever hands one shape to a caller of the other.
    const view = (c.get('listView' as never) as string | undefined) === 'lookup' ? '-lookup' : ''
    const before = (await etagOf(deps ?? ['*'])).replace(/"$/, `${view}"`)
    const headers = { ETag: before, 'Cache-Control': 'private, no-cache' }
    if (ifNoneMatch(c.req.header('if-none-match'), before)) return c.body(null, 304, headers)
    const kept = bodies?.get(c.req.url)
    if (kept && kept.etag === before) return c.body(kept.text, 200, { ...headers, 'Content-Type': kept.type })

    const rec: Recorder = { tables: new Set() }
    await recording.run(rec, next)
    const learned = [...new Set([...(deps ?? []), ...rec.tables])].sort()
    if (!deps || learned.length !== deps.length) depsOf.set(key, learned)
    // The versions were read before the handler: they predate the data, unless it read a table that
    // was not among the known ones (then no ETag this time).
    if (c.res.status === 200 && (!deps || learned.length === deps.length)) {
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
