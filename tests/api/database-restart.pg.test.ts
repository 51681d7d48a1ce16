import { sql } from 'kysely'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../api/db.ts'
import type { DB } from '../../api/types.ts'
import { freshDatabase, track } from './harness.ts'

const departemenCount = async (db: DB) =>
  Number(
    (
      await db.q
        .selectFrom('departemen')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/**
 * The api's PostgreSQL pool after the database ended its connections (a restart ends every one): the
 * next reads and writes answer at once on new connections, none fails, and the process keeps running.
 * PostgreSQL only (`.pg.test.ts`: the project api-pg, not api).
 */
describe('the PostgreSQL pool after the database ended its connections', () => {
  it('answers every read and write right after, on new connections', async () => {
    const { url } = await freshDatabase({ seeded: true })
    const db = track(await openDatabase(url))
    // Several connections open and idle in the pool.
    await Promise.all(Array.from({ length: 6 }, () => sql`SELECT pg_sleep(0.05), count(*) AS n FROM departemen`.execute(db.q)))
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      const ended = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
      expect(ended.rowCount).toBeGreaterThanOrEqual(2)
    } finally {
      await admin.end()
    }
    const reads = await Promise.allSettled(Array.from({ length: 12 }, () => departemenCount(db)))
    expect(reads.filter((r) => r.status === 'rejected')).toEqual([])
    expect(reads.every((r) => r.status === 'fulfilled' && Number(r.value) > 0)).toBe(true)
    const kode = `RST${Date.now() % 100000}`
    await db.tx(() => db.q.insertInto('departemen').values({ kode_departemen: kode, nama: 'Setelah restart' }).execute())
    expect((await db.q.selectFrom('departemen').select('nama').where('kode_departemen', '=', kode).executeTakeFirst())?.nama).toBe(
      'Setelah restart',
    )
  })

  it('connections ended while reads hold them: the reads answer on new connections, the process keeps running', async () => {
    const { url } = await freshDatabase({ seeded: true })
    const db = track(await openDatabase(url))
    const uncaught: unknown[] = []
    const onUncaught = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', onUncaught)
    try {
      // Six reads hold their connections for a second while the database ends every connection.
      const held = Array.from({ length: 6 }, () => sql`SELECT pg_sleep(1), count(*) AS n FROM departemen`.execute(db.q))
      await new Promise((resolve) => setTimeout(resolve, 300))
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      try {
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        )
      } finally {
        await admin.end()
      }
      // A read that met its ended connection is tried again on a new one.
      const settled = await Promise.allSettled(held)
      expect(settled.filter((r) => r.status === 'rejected')).toEqual([])
      // Let the ended sockets' events run, then the pool answers on new connections.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(await departemenCount(db)).toBeGreaterThan(0)
      expect(uncaught).toEqual([])
    } finally {
      process.off('uncaughtException', onUncaught)
    }
  })
})
