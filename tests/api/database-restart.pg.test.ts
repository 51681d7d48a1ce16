import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../api/db.ts'
import { freshDatabase, track } from './harness.ts'

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
    await Promise.all(Array.from({ length: 6 }, () => db.prepare('SELECT pg_sleep(0.05), count(*) AS n FROM departemen').get()))
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
    const reads = await Promise.allSettled(
      Array.from({ length: 12 }, () => db.prepare('SELECT count(*) AS n FROM departemen').pluck().get()),
    )
    expect(reads.filter((r) => r.status === 'rejected')).toEqual([])
    expect(reads.every((r) => r.status === 'fulfilled' && Number(r.value) > 0)).toBe(true)
    const kode = `RST${Date.now() % 100000}`
    await db.tx(() => db.prepare('INSERT INTO departemen (kode_departemen, nama) VALUES (?, ?)').run(kode, 'Setelah restart'))
    expect(await db.prepare('SELECT nama FROM departemen WHERE kode_departemen = ?').pluck().get(kode)).toBe('Setelah restart')
  })
})
