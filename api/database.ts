import { AsyncLocalStorage } from 'node:async_hooks'
import type BetterSqlite3 from 'better-sqlite3'
import { CompiledQuery, Kysely, sql, type Dialect as KyselyDialect, type QueryResult } from 'kysely'
import { LRUCache } from 'lru-cache'
import type pg from 'pg'
import type { Schema } from './schema.ts'

/**
 * The api's one way to the database, for SQLite (better-sqlite3) and PostgreSQL (pg) alike, through
 * Kysely typed by the schema (`db.q`: a `Kysely<Schema>`, api/schema.ts); where the two databases
 * differ, api/sql.ts says how each does it.
 *
 * A transaction (`tx`) holds one connection for its callback: every query made inside it, however deep
 * the call, runs on that connection (an AsyncLocalStorage carries it; `db.q` is it), so helpers need
 * no handle passed down. On SQLite it begins IMMEDIATE (the write lock up front: two api processes on
 * one file never deadlock upgrading a read), and Kysely's SQLite driver lets one callback at a time use
 * the connection, so transactions of concurrent requests never interleave. On PostgreSQL transactions
 * run side by side (READ COMMITTED): a write locks the rows it changes, and a row read to be changed or
 * to check a rule on it (a document, a tyre) is read `FOR UPDATE` (api/sql.ts `forUpdate`), so two
 * saves of one document take turns while saves of different documents do not wait for each other;
 * codes come from a counter row per prefix (api/codes.ts) and the ETags' table versions are bumped at
 * commit (api/versions.ts). A transaction that loses a deadlock is run again.
 */

export type Dialect = 'sqlite' | 'postgres'
export type RunResult = { changes: number }
type Row = Record<string, unknown>

/** What a GET's dependency tracking (api/versions.ts) learns from: every SQL text that reads. */
export type ReadListener = (sql: string) => void

export class Statement {
  constructor(
    private readonly db: Database,
    readonly source: string,
    private readonly plucked = false,
  ) {}

  /** The first column of each row instead of the row (better-sqlite3's `pluck()`). */
  pluck(): Statement {
    return new Statement(this.db, this.source, true)
  }

  async all(...params: unknown[]): Promise<unknown[]> {
    const rows = (await this.db.query(this.source, params, true)).rows
    return this.plucked ? rows.map(firstColumn) : rows
  }

  async get(...params: unknown[]): Promise<unknown> {
    const rows = (await this.db.query(this.source, params, true)).rows
    if (rows.length === 0) return undefined
    return this.plucked ? firstColumn(rows[0]) : rows[0]
  }

  /**
   * An INSERT of one row, answering the new row's id (`RETURNING id`: SQLite and PostgreSQL alike,
   * where better-sqlite3's lastInsertRowid has no PostgreSQL twin).
   */
  async insert(...params: unknown[]): Promise<number> {
    const rows = (await this.db.query(`${this.source} RETURNING id`, params, false)).rows
    return Number(rows[0]?.id)
  }

  async run(...params: unknown[]): Promise<RunResult> {
    const result = await this.db.query(this.source, params, false)
    return { changes: Number(result.numAffectedRows ?? 0n) }
  }
}

/** A statement that reads rows: what the dependency tracking is told of. */
const READS = /^\s*(select|with)\b/i

const firstColumn = (row: Row) => {
  for (const key in row) return row[key]
  return undefined
}

/** A Kysely bound to one connection: the one a transaction holds. */
type Connection = Kysely<Schema>

/** PostgreSQL's answers to a transaction that lost to a concurrent one: run it again. */
const RETRYABLE = new Set(['40001', '40P01'])
const TX_ATTEMPTS = 5
/** Tries of a read that met an ended connection (each try may take another dead one from the pool). */
const CONNECTION_ATTEMPTS = 4
/**
 * The connection was lost, not the query refused: the server ended it (57P01 admin shutdown, 57P02
 * crash shutdown, 57P03 cannot connect now), the socket broke, or pg found it closed.
 */
export function isConnectionLost(error: unknown): boolean {
  const code = String(codeOf(error))
  if (['57P01', '57P02', '57P03', 'ECONNRESET', 'EPIPE', 'ECONNREFUSED'].includes(code)) return true
  const message = error instanceof Error ? error.message : ''
  return /Connection terminated|Client has encountered a connection error|not queryable/i.test(message)
}

export class Database {
  /** Set by api/versions.ts while it learns what the GETs read. */
  onRead: ReadListener | null = null
  private readonly current = new AsyncLocalStorage<Connection>()
  /** The typed query builder on the pool (on SQLite, its one connection). Use `q` in a transaction. */
  readonly kysely: Kysely<Schema>

  constructor(
    readonly dialect: Dialect,
    driver: KyselyDialect,
    /** The better-sqlite3 handle (SQLite only): multi-statement scripts and EXPLAIN. */
    readonly sqlite: BetterSqlite3.Database | null,
    /** The pg pool (PostgreSQL only): what Kysely does not tell, the columns of an answer. */
    readonly pool: pg.Pool | null = null,
  ) {
    // Every statement that reads (a SELECT, or WITH … SELECT) tells the GET's dependency tracking
    // (api/versions.ts) its text, builder queries and SQL text alike: Kysely logs each executed query
    // in the caller's async context.
    this.kysely = new Kysely<Schema>({
      dialect: driver,
      log: (event) => {
        if (event.level === 'query' && this.onRead && READS.test(event.query.sql)) this.onRead(event.query.sql)
      },
    })
  }

  /**
   * The typed query builder for this moment: inside `tx` the transaction's connection, however deep
   * the call; outside it the pool. Every query of the api goes through it (`db.q.selectFrom(…)`).
   */
  get q(): Kysely<Schema> {
    return this.current.getStore() ?? this.kysely
  }

  /** SQL text as PostgreSQL takes it (see above), kept per text. */
  private readonly postgresText = new LRUCache<string, string>({ max: 2000 })
  private forDialect(sql: string): string {
    if (this.dialect !== 'postgres') return sql
    let text = this.postgresText.get(sql)
    if (text === undefined) {
      text = sql.replace(/\bjson_object\(/gi, 'json_build_object(')
      this.postgresText.set(sql, text)
    }
    return text
  }

  prepare(sql: string): Statement {
    return new Statement(this, sql)
  }

  /** Runs SQL text with its values; `reads`: the statement returns rows (a SELECT, or RETURNING). */
  async query(sql: string, params: readonly unknown[], _reads: boolean): Promise<QueryResult<Row>> {
    const [text, values] = placeholders(this.forDialect(sql), params, this.dialect)
    const inTx = this.current.getStore()
    const run = () => (inTx ?? this.kysely).executeQuery(CompiledQuery.raw(text, values)) as Promise<QueryResult<Row>>
    // A read outside a transaction that met a connection the database had ended (it restarted) runs
    // again on another one: a SELECT changes nothing, so nothing is done twice.
    if (inTx || this.dialect !== 'postgres' || !/^\s*SELECT\b/i.test(text)) return run()
    for (let attempt = 1; ; attempt++) {
      try {
        return await run()
      } catch (error) {
        if (attempt >= CONNECTION_ATTEMPTS || !isConnectionLost(error)) throw error
      }
    }
  }

  /** A script of several statements without values (migrations, triggers). */
  async exec(script: string): Promise<void> {
    const inTx = this.current.getStore()
    const run = async (connection: Connection) => {
      if (this.sqlite) this.sqlite.exec(script)
      else await connection.executeQuery(CompiledQuery.raw(script, []))
    }
    if (inTx) return run(inTx)
    return this.kysely.connection().execute(run)
  }

  /**
   * `fn` as one transaction: committed when it resolves, rolled back when it throws (the error goes
   * on). Inside a transaction already, `fn` simply joins it.
   */
  async tx<T>(fn: () => Promise<T>): Promise<T> {
    if (this.current.getStore()) return fn()
    const begin = this.dialect === 'sqlite' ? 'BEGIN IMMEDIATE' : 'BEGIN'
    for (let attempt = 1; ; attempt++) {
      // A connection the database had ended fails at BEGIN, before anything ran: safe to try again.
      let begun = false
      try {
        return await this.kysely.connection().execute(async (connection) => {
          await connection.executeQuery(CompiledQuery.raw(begin, []))
          begun = true
          try {
            const result = await this.current.run(connection, fn)
            await connection.executeQuery(CompiledQuery.raw('COMMIT', []))
            return result
          } catch (error) {
            await connection.executeQuery(CompiledQuery.raw('ROLLBACK', [])).catch(() => undefined)
            throw error
          }
        })
      } catch (error) {
        const again = RETRYABLE.has(String(codeOf(error))) || (!begun && isConnectionLost(error))
        if (attempt >= TX_ATTEMPTS || !again) throw error
      }
    }
  }

  /**
   * `fn` undone alone when it throws, the transaction going on (a SAVEPOINT): for a write that may
   * fail on a constraint and be answered from further queries — PostgreSQL refuses every query of a
   * transaction after a failed one. Outside a transaction, just `fn`.
   */
  async attempt<T>(fn: () => Promise<T>): Promise<T> {
    const connection = this.current.getStore()
    if (!connection) return fn()
    await connection.executeQuery(CompiledQuery.raw('SAVEPOINT attempt', []))
    try {
      const result = await fn()
      await connection.executeQuery(CompiledQuery.raw('RELEASE SAVEPOINT attempt', []))
      return result
    } catch (error) {
      await connection.executeQuery(CompiledQuery.raw('ROLLBACK TO SAVEPOINT attempt', []))
      throw error
    }
  }

  /** The names of the columns a SELECT answers, without reading its rows. */
  async columnsOf(sql: string): Promise<string[]> {
    if (this.sqlite) {
      return this.sqlite
        .prepare(sql)
        .columns()
        .map((col) => col.name)
    }
    const answer = await this.pool!.query(`SELECT * FROM (${sql}) q LIMIT 0`)
    return answer.fields.map((f) => f.name)
  }

  /** The names of the database's tables (its own, not the catalogue's). */
  async tableNames(): Promise<string[]> {
    const query =
      this.dialect === 'postgres'
        ? sql<{
            name: string
          }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`
        : sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`
    return (await query.execute(this.q)).rows.map((r) => r.name)
  }

  /** The tables (and their columns) whose rows refer to `table` through a RESTRICT / NO ACTION foreign key. */
  async restrictingKeys(table: string): Promise<{ table: string; column: string }[]> {
    if (this.dialect === 'postgres') {
      const keys = await sql<{ table: string; column: string }>`SELECT cl.relname AS "table", att.attname AS "column"
         FROM pg_constraint c
         JOIN pg_class cl ON cl.oid = c.conrelid
         JOIN pg_class ref ON ref.oid = c.confrelid
         JOIN pg_attribute att ON att.attrelid = c.conrelid AND att.attnum = c.conkey[1]
         WHERE c.contype = 'f' AND c.confdeltype IN ('r', 'a') AND ref.relname = ${table} AND cl.relnamespace = to_regnamespace(current_schema())
         ORDER BY cl.relname, att.attname`.execute(this.q)
      return keys.rows
    }
    const keys = await sql<{ table: string; column: string }>`SELECT m.name AS "table", k."from" AS "column"
       FROM sqlite_master m, pragma_foreign_key_list(m.name) k
       WHERE m.type = 'table' AND k."table" = ${table} AND upper(k.on_delete) IN ('RESTRICT', 'NO ACTION')
       ORDER BY m.name, k."from"`.execute(this.q)
    return keys.rows
  }

  async close(): Promise<void> {
    await this.kysely.destroy()
  }
}

const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code

/**
 * A foreign key stops the write: SQLite's SQLITE_CONSTRAINT_FOREIGNKEY (SQLITE_CONSTRAINT_TRIGGER for an
 * ON DELETE RESTRICT), PostgreSQL's 23503 (foreign_key_violation).
 */
export const isForeignKeyError = (err: unknown) => {
  const code = codeOf(err)
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === 'SQLITE_CONSTRAINT_TRIGGER' || code === '23503'
}

/** A UNIQUE constraint stops the write: SQLite's SQLITE_CONSTRAINT_UNIQUE, PostgreSQL's 23505 (unique_violation). */
export const isUniqueError = (err: unknown) => {
  const code = codeOf(err)
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505'
}

/**
 * A number too large for its column: PostgreSQL's 22003 (numeric_value_out_of_range), e.g. a sum of
 * prices written to an INTEGER column. SQLite's columns take it (8 bytes), so only PostgreSQL raises it.
 */
export const isOutOfRangeError = (err: unknown) => codeOf(err) === '22003'

/**
 * SQL text with `?` (values in order) or `@name` (values in one object) → the text the dialect takes
 * (`?` for SQLite, `$1 …` for PostgreSQL) and the values in order. Quoted text ('…', "…") and
 * comments are left alone.
 */
export function placeholders(sql: string, params: readonly unknown[], dialect: Dialect): [string, unknown[]] {
  const named =
    params.length === 1 &&
    params[0] !== null &&
    typeof params[0] === 'object' &&
    !Array.isArray(params[0]) &&
    !(params[0] instanceof Uint8Array)
      ? (params[0] as Record<string, unknown>)
      : null
  const positional = named ? [] : params.flat()
  if (!named && dialect === 'sqlite') return [sql, positional]
  const values: unknown[] = []
  let out = ''
  let next = 0
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]
    if (ch === "'" || ch === '"') {
      const end = sql.indexOf(ch, i + 1)
      const stop = end < 0 ? sql.length : end
      out += sql.slice(i, stop + 1)
      i = stop
    } else if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i)
      const stop = end < 0 ? sql.length : end
      out += sql.slice(i, stop)
      i = stop - 1
    } else if (ch === '?' && !named) {
      values.push(positional[next++])
      out += dialect === 'postgres' ? `$${values.length}` : '?'
    } else if (ch === '@' && named && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      const name = /^[A-Za-z_]\w*/.exec(sql.slice(i + 1))![0]
      if (!(name in named)) throw new Error(`No value for @${name}`)
      values.push(named[name])
      out += dialect === 'postgres' ? `$${values.length}` : '?'
      i += name.length
    } else out += ch
  }
  return [out, values]
}
