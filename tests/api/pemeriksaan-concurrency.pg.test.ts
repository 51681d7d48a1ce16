import { join } from 'node:path'
import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { openDatabase } from '../../api/db.ts'
import { today } from '../../api/http.ts'
import type { DB } from '../../api/types.ts'
import { buyTyres, insertMasters, makeFitting, serial, type Api } from './fixtures-transaksi.ts'
import { makeApi, track, type Json } from './harness.ts'

/**
 * One Pemeriksaan Ban round changed at once through two api instances on one PostgreSQL database
 * (each its own pool, as two processes would have). PostgreSQL only (`.pg.test.ts`: the project
 * api-pg): SQLite's writers take turns by design.
 *
 * Instance one's write is held open: it runs inside a transaction of the test that is not committed
 * yet (the api's handlers join the transaction they are called in). Instance two's write is then
 * started and the test waits, by asking PostgreSQL, until that write waits for a lock; then it lets
 * the first commit. No timing is measured: had instance two's write not waited, the poll would never
 * see a waiter and the test fails on its timeout.
 */

type Instance = { db: DB; call: (method: string, path: string, json?: unknown) => Promise<{ status: number; json: Json }> }

/** A second api instance on `api`'s database, logged in as admin. */
async function otherInstance(api: Api): Promise<Instance> {
  const db = track(await openDatabase(api.databaseUrl))
  const app = await createApi({ db, uploadsDir: join(api.dir, 'uploads') })
  let token: string | null = null
  const call = async (method: string, path: string, json?: unknown) => {
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (token) headers.Authorization = `Bearer ${token}`
    if (json !== undefined) headers['Content-Type'] = 'application/json'
    const res = await app.request(path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) })
    const text = await res.text()
    return { status: res.status, json: text ? JSON.parse(text) : null }
  }
  token = (await call('POST', '/api/login', { kode_user: 'admin', password: 'admin' })).json.token
  return { db, call }
}

const daysAgo = (days: number) => new Date(Date.parse(`${today()}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

/** Until a session of this database waits for a lock (asked outside any transaction: a fresh view each time). */
async function someoneWaits(db: DB) {
  for (;;) {
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE NOT l.granted AND a.datname = current_database()`.execute(db.q)
    if (Number(rows[0]!.n) > 0) return
    await new Promise((r) => setImmediate(r))
  }
}

/**
 * Runs `first` through instance one in a transaction held open, starts `second` (instance two) once
 * `first` is done, waits until `second` waits for a lock, then commits `first`. Answers `second`'s answer.
 */
async function whileHeld<T>(one: Api, first: () => Promise<void>, second: () => Promise<T>): Promise<T> {
  const done = deferred()
  const commit = deferred()
  const held = one.db.tx(async () => {
    await first()
    done.resolve()
    await commit.promise
  })
  await done.promise
  const answer = second()
  await someoneWaits(one.db)
  commit.resolve()
  await held
  return await answer
}

const LINES = (a: number, b: number, c: number) => [
  { posisi_ban: '1A', tebal_tapak: a },
  { posisi_ban: '1B', tebal_tapak: b },
  { posisi_ban: '2A', tebal_tapak: c },
]

describe('one Pemeriksaan Ban round changed through two api instances on PostgreSQL', () => {
  let one: Api
  let two: Instance
  let roundId: number
  let v: number

  // Three bans fitted 50 days ago on a 6-ban vehicle, one round 40 days ago at km 110.000.
  beforeEach(async () => {
    one = await makeApi()
    const m = await insertMasters(one.db)
    await one.login()
    two = await otherInstance(one)
    const s = [serial('A'), serial('B'), serial('C')]
    await buyTyres(one, m, s, { tanggal_awal: daysAgo(60) })
    v = m.kendaraan[6]!
    const pemasangan = await makeFitting(one, v, [
      { no_seri: s[0]!, posisi_ban: '1A' },
      { no_seri: s[1]!, posisi_ban: '1B' },
      { no_seri: s[2]!, posisi_ban: '2A' },
    ])
    await one.db.q
      .updateTable('pemasangan_ban')
      .set({ tanggal_awal: daysAgo(50) })
      .where('id', '=', pemasangan.id)
      .execute()
    const made = await one.post('/api/pemeriksaan-ban', {
      json: { kendaraan_id: v, tanggal_awal: daysAgo(40), km: 110_000, detail: LINES(14, 12, 10) },
    })
    expect(made.status).toBe(201)
    roundId = made.json.data.id
  })

  const stored = async () => ({
    round: await one.db.q.selectFrom('pemeriksaan_ban').select(['km', 'status']).where('id', '=', roundId).executeTakeFirstOrThrow(),
    lines: (
      await one.db.q
        .selectFrom('detail_pemeriksaan_ban')
        .select(['posisi_ban', 'tebal_tapak'])
        .where('pemeriksaan_ban_id', '=', roundId)
        .orderBy('posisi_ban')
        .execute()
    ).map((l) => [l.posisi_ban, Number(l.tebal_tapak)]),
  })

  it('an edit sent while the round is being posted waits, then is refused: the posted round keeps what it had', async () => {
    const edit = await whileHeld(
      one,
      async () => {
        const posted = await one.post(`/api/pemeriksaan-ban/${roundId}/posting`)
        expect(posted.status).toBe(200)
      },
      () => two.call('PUT', `/api/pemeriksaan-ban/${roundId}`, { km: 111_000, detail: LINES(13, 11, 9) }),
    )
    expect(edit.status).toBe(422)
    expect(edit.json.errors.pemeriksaan_ban_id).toEqual(['Pemeriksaan ban sudah diposting dan tidak dapat diubah.'])
    expect(await stored()).toEqual({
      round: { km: 110_000, status: 'posting' },
      lines: [
        ['1A', 14],
        ['1B', 12],
        ['2A', 10],
      ],
    })
  })

  it('two edits at once both apply, one after the other: the later one is what is stored, checked against the earlier', async () => {
    const second = await whileHeld(
      one,
      async () => {
        const first = await one.put(`/api/pemeriksaan-ban/${roundId}`, { json: { km: 111_000, detail: LINES(13, 11, 9) } })
        expect(first.status).toBe(200)
      },
      () => two.call('PUT', `/api/pemeriksaan-ban/${roundId}`, { km: 112_000, detail: LINES(12.5, 10.5, 8.5) }),
    )
    expect(second.status).toBe(200)
    expect(second.json.data.km).toBe(112_000)
    expect(await stored()).toEqual({
      round: { km: 112_000, status: 'unpost' },
      lines: [
        ['1A', 12.5],
        ['1B', 10.5],
        ['2A', 8.5],
      ],
    })
    // Both edits are on record, the vehicle's km is the later edit's.
    const audit = await one.db.q
      .selectFrom('audit_log')
      .select('aksi')
      .where('entitas', '=', 'pemeriksaan_ban')
      .where('entitas_id', '=', roundId)
      .where('aksi', '=', 'diubah')
      .execute()
    expect(audit).toHaveLength(2)
    const kendaraan = await one.db.q.selectFrom('kendaraan').select('km').where('id', '=', v).executeTakeFirstOrThrow()
    expect(Number(kendaraan.km)).toBe(112_000)
  })
})
