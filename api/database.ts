import { AsyncLocalStorage } from 'node:async_hooks'
import type BetterSqlite3 from 'better-sqlite3'
import { CompiledQuery, Kysely, sql, type Dialect as KyselyDialect } from 'kysely'
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

/** What a GET's dependency tracking (api/versions.ts) learns from: every SQL text that reads. */
export type ReadListener = (sql: string) => void

/** A statement that reads rows: what the dependency tracking is told of. */
const READS = /^\s*(select|with)\b/i

/** A Kysely bound to one connection: the one a transaction holds. */
type Connection = Kysely<Schema>

/** PostgreSQL's answers to a transaction that lost to a concurrent one: run it again. */
const RETRYABLE = new Set(['40001', '40P01'])
const TX_ATTEMPTS = 5
/** Tries of a read that met an ended connection (each try may take another dead one from the pool). */
export const CONNECTION_ATTEMPTS = 4
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

/**
 * The transaction a call runs in, with the Database it belongs to: one storage for the process, not
 * one per Database. Node 20 calls every AsyncLocalStorage that ever ran on each promise made, for as
 * long as the process lives; a storage per Database made each promise of a process that opens many
 * databases (a test run opens hundreds) cost more with every one.
 */
const inTransaction = new AsyncLocalStorage<{ database: Database; connection: Connection }>()

export class Database {
  /** Set by api/versions.ts while it learns what the GETs read. */
  onRead: ReadListener | null = null
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
    return this.connection() ?? this.kysely
  }

  /** The connection of the transaction of this database the call runs in, if any. */
  private connection(): Connection | undefined {
    const store = inTransaction.getStore()
    return store?.database === this ? store.connection : undefined
  }

  /**
   * `fn` as one transaction: committed when it resolves, rolled back when it throws (the error goes
   * on). Inside a transaction already, `fn` simply joins it.
   */
  async tx<T>(fn: () => Promise<T>): Promise<T> {
    if (this.connection()) return fn()
    const begin = this.dialect === 'sqlite' ? 'BEGIN IMMEDIATE' : 'BEGIN'
    for (let attempt = 1; ; attempt++) {
      // A connection the database had ended fails at BEGIN, before anything ran: safe to try again.
      let begun = false
      try {
        return await this.kysely.connection().execute(async (connection) => {
          await connection.executeQuery(CompiledQuery.raw(begin, []))
          begun = true
          try {
            const result = await inTransaction.run({ database: this, connection }, fn)
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
    const connection = this.connection()
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
