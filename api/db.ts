import BetterSqlite3 from 'better-sqlite3'
import {
  CompiledQuery,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import { migrate } from './migrate.ts'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import pg from 'pg'
import { CONNECTION_ATTEMPTS, Database, isConnectionLost } from './database.ts'
import type { DB } from './types.ts'
import { ensureVersionTriggers } from './versions.ts'

/** `file:./data/app.db`, `./data/app.db` or `:memory:` → a path better-sqlite3 understands. */
export function databasePath(url: string): string {
  if (url === ':memory:' || url === 'file::memory:') return ':memory:'
  return url.replace(/^file:/, '')
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url)

// COUNT(*) and SUM(…) come back from PostgreSQL as int8 / numeric, which pg gives as text (they may
// not fit a JS number); the api's figures always do, so they are numbers, as on SQLite.
pg.types.setTypeParser(20, (v) => Number(v))
pg.types.setTypeParser(1700, (v) => Number(v))
// JSON made by the database (the large lists) is sent on as the text it is, as SQLite gives it.
pg.types.setTypeParser(114, (v) => v)
// A day (date) as the text it is, 'YYYY-MM-DD', as SQLite keeps it — never a JS Date, whose zone
// would move it. A moment (timestamptz, which the pool reads in UTC: its TimeZone below) as
// 'YYYY-MM-DD HH:MM:SS' in UTC, SQLite's datetime('now'); a query that needs another form (the
// audit trail's ISO 8601) formats it itself (api/sql.ts).
pg.types.setTypeParser(1082, (v) => v)
pg.types.setTypeParser(1184, (v) => v.slice(0, 19))
pg.types.setTypeParser(3802, (v) => v)

/**
 * Opens the database named by `url` (`postgres://…` → PostgreSQL, anything else → SQLite: `file:…`,
 * a path or `:memory:`) and brings its schema up to this release (api/migrate.ts).
 */
export async function openDatabase(url: string): Promise<DB> {
  let db: Database
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      // A database that does not answer fails the request in 5 s instead of queueing it for ever;
      // TCP keep-alive notices a connection the network dropped.
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      // Moments are written and read in UTC, whatever the server's zone; a day of the company is
      // asked for in its own zone where it is meant (api/sql.ts `dayOf`).
      options: '-c TimeZone=UTC',
    })
    // A restart of the database ends every connection, idle or held by a request. Each connection's
    // 'error' is logged here; without a listener it would end the process. The pool drops an ended
    // idle one (its own 'error', logged by the connection's listener) and opens new ones on demand;
    // a held one fails its request's query (a transaction retries, a read answers 503).
    pool.on('connect', (client) =>
      client.on('error', (error) =>
        console.error(`[api] PostgreSQL ended a connection (${error.message}); a new one is opened when needed`),
      ),
    )
    pool.on('error', () => {})
    db = new Database('postgres', new ReconnectingPostgresDialect({ pool }), null, pool)
  } else {
    const path = databasePath(url)
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
    const sqlite = new BetterSqlite3(path)
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma('busy_timeout = 5000')
    db = sqliteDatabase(sqlite)
  }
  await migrate(db)
  await db.tx(() => ensureVersionTriggers(db))
  return db
}

/** An open better-sqlite3 handle as the api's Database (no migrations run). */
export const sqliteDatabase = (sqlite: BetterSqlite3.Database) => new Database('sqlite', new ImmediateSqliteDialect(sqlite), sqlite)

/**
 * Kysely's SQLite dialect, with two changes: a transaction begins IMMEDIATE (it takes the database's
 * write lock at its start, waiting up to busy_timeout for another process's, instead of failing when
 * a read turns into a write), and the Migrator runs its changes in one transaction (SQLite's DDL is
 * transactional), so two processes starting on one new file never apply a change twice.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly handle: BetterSqlite3.Database) {
    super({ database: handle })
  }
  override createDriver() {
    return new ImmediateSqliteDriver({ database: this.handle })
  }
  override createAdapter() {
    return new TransactionalSqliteAdapter()
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'))
  }
}

class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true
  }
}

export { migrate } from './migrate.ts'

/**
 * Kysely's PostgreSQL dialect, with one change: a read outside a transaction that met a connection
 * the database had ended (it restarted: every idle connection of the pool is dead) runs again on
 * another connection, up to CONNECTION_ATTEMPTS tries in all — a SELECT changes nothing, so nothing
 * is done twice. Inside a transaction (from its BEGIN to its COMMIT or ROLLBACK) nothing is retried
 * here: `db.tx` retries the whole transaction when it failed before it began.
 */
class ReconnectingPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new ReconnectingDriver(super.createDriver())
  }
}

class ReconnectingDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init = () => this.inner.init()
  destroy = () => this.inner.destroy()
  async acquireConnection(): Promise<DatabaseConnection> {
    return new ReconnectingConnection(await this.inner.acquireConnection(), this.inner)
  }
  releaseConnection = (c: DatabaseConnection) => this.inner.releaseConnection((c as ReconnectingConnection).inner)
  beginTransaction = (c: DatabaseConnection, settings: TransactionSettings) => this.inner.beginTransaction(c, settings)
  commitTransaction = (c: DatabaseConnection) => this.inner.commitTransaction(c)
  rollbackTransaction = (c: DatabaseConnection) => this.inner.rollbackTransaction(c)
}

const BEGINS = /^\s*(BEGIN|START\s+TRANSACTION)\b/i
const ENDS = /^\s*(COMMIT|END|ROLLBACK)(\s+(WORK|TRANSACTION))?\s*;?\s*$/i
const SELECT = /^\s*SELECT\b/i

class ReconnectingConnection implements DatabaseConnection {
  private inTransaction = false
  constructor(
    readonly inner: DatabaseConnection,
    private readonly driver: Driver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (BEGINS.test(query.sql)) this.inTransaction = true
    else if (ENDS.test(query.sql)) this.inTransaction = false
    try {
      return await this.inner.executeQuery<R>(query)
    } catch (error) {
      if (this.inTransaction || !SELECT.test(query.sql) || !isConnectionLost(error)) throw error
      return this.again<R>(query, 2)
    }
  }

  private async again<R>(query: CompiledQuery, attempt: number): Promise<QueryResult<R>> {
    const fresh = await this.driver.acquireConnection()
    try {
      return await fresh.executeQuery<R>(query)
    } catch (error) {
      if (attempt >= CONNECTION_ATTEMPTS || !isConnectionLost(error)) throw error
      return this.again<R>(query, attempt + 1)
    } finally {
      await this.driver.releaseConnection(fresh)
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize)
  }
}
