import { join } from 'node:path'
import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { openDatabase } from '../../api/db.ts'
import type { DB } from '../../api/types.ts'
import { insertVehicle, type Api } from './fixtures-transaksi.ts'
import { insertPart, ledgerOf, stockOf } from './fixtures-bengkel.ts'
import { makeApi, track, type Json } from './harness.ts'

/**
 * Two work orders taking the last units of one part at once, through two api instances on one
 * PostgreSQL database (each its own pool, as two processes would have). PostgreSQL only: SQLite's
 * writers take turns by design. The first work order's save is held open inside a transaction of the
 * test; the second is started and the test waits, by asking PostgreSQL, until it waits for the part's
 * lock; then the first commits. No timing is measured.
 */

type Instance = { db: DB; call: (method: string, path: string, json?: unknown) => Promise<{ status: number; json: Json }> }

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

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

async function someoneWaits(db: DB) {
  for (;;) {
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE NOT l.granted AND a.datname = current_database()`.execute(db.q)
    if (Number(rows[0]!.n) > 0) return
    await new Promise((r) => setImmediate(r))
  }
}

describe('work orders taking the last units of one part at once (PostgreSQL)', () => {
  let one: Api
  let two: Instance
  let part: number
  let nama: string
  let a: number
  let b: number

  beforeEach(async () => {
    one = await makeApi()
    await one.login()
    two = await otherInstance(one)
    nama = `Filter Terakhir ${Date.now().toString(36)}`
    part = await insertPart(one.db, { nama, stok: 3, nilai: 90_000 })
    a = await insertVehicle(one.db, null, 1_000, `PKC-A-${Date.now().toString(36)}`)
    b = await insertVehicle(one.db, null, 1_000, `PKC-B-${Date.now().toString(36)}`)
  })

  /** The part's stock never below zero, and its ledger's sum is its stock (quantity and value). */
  async function consistent() {
    const stock = await stockOf(one.db, part)
    const ledger = await ledgerOf(one.db, part)
    expect(stock.stok).toBeGreaterThanOrEqual(0)
    expect(ledger.reduce((s, l) => s + l.masuk - l.keluar, 0)).toBe(stock.stok)
    expect(ledger.reduce((s, l) => s + l.nilai, 0)).toBe(stock.nilai_stok)
    return stock
  }

  it('the second waits for the first, then is refused with the stock on hand; only the first took the part', async () => {
    const done = deferred()
    const commit = deferred()
    const held = one.db.tx(async () => {
      const first = await one.post('/api/perintah-kerja', {
        json: { kendaraan_id: a, km: 1_100, parts: [{ suku_cadang_id: part, jumlah: 3 }] },
      })
      expect(first.status, JSON.stringify(first.json)).toBe(201)
      done.resolve()
      await commit.promise
    })
    await done.promise
    const second = two.call('POST', '/api/perintah-kerja', { kendaraan_id: b, km: 1_100, parts: [{ suku_cadang_id: part, jumlah: 2 }] })
    await someoneWaits(one.db)
    commit.resolve()
    await held
    const answer = await second
    expect(answer.status).toBe(422)
    expect(answer.json.errors).toEqual({ 'parts.0.jumlah': [`Stok ${nama} tidak cukup: tersedia 0 pcs, diminta 2.`] })
    expect(await consistent()).toEqual({ stok: 0, nilai_stok: 0 })
    const orders = await one.db.q.selectFrom('perintah_kerja').select('kendaraan_id').where('kendaraan_id', 'in', [a, b]).execute()
    expect(orders.map((o) => o.kendaraan_id)).toEqual([a])
  })

  it('two sent side by side for the last 2 of 3 each: exactly one is saved, the other 422 with the stock message', async () => {
    const answers = await Promise.all([
      one.post('/api/perintah-kerja', { json: { kendaraan_id: a, km: 1_100, parts: [{ suku_cadang_id: part, jumlah: 2 }] } }),
      two.call('POST', '/api/perintah-kerja', { kendaraan_id: b, km: 1_100, parts: [{ suku_cadang_id: part, jumlah: 2 }] }),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([201, 422])
    const refused = answers.find((r) => r.status === 422)!
    expect(refused.json.errors).toEqual({ 'parts.0.jumlah': [`Stok ${nama} tidak cukup: tersedia 1 pcs, diminta 2.`] })
    expect(await consistent()).toEqual({ stok: 1, nilai_stok: 30_000 })
  })
})
