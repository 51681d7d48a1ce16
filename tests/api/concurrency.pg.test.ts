import { join } from 'node:path'
import pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { openDatabase } from '../../api/db.ts'
import type { DB } from '../../api/types.ts'
import { insertMasters, insertVehicle, serial, type Masters } from './fixtures-transaksi.ts'
import { freshDatabase, track, type Json } from './harness.ts'

/**
 * Two api instances on one PostgreSQL database (each its own pool, as two processes would have), and
 * writes that do not wait for each other: no lock every write takes. PostgreSQL only (`.pg.test.ts`:
 * the project api-pg): SQLite's writers take turns by design, one file, one writer.
 *
 * A write "held open" below runs inside a transaction of instance 1 that is not committed yet (the
 * api's handlers join the transaction they are called in): what it has locked stays locked while
 * instance 2 is asked. Were instance 2's write to wait for it, the test would never end — it fails on
 * its timeout, never by a measured time.
 */

type Instance = { db: DB; call: (method: string, path: string, json?: unknown) => Promise<{ status: number; json: Json }> }

let one: Instance
let two: Instance
let url: string
let masters: Masters | undefined

async function instance(dir: string): Promise<Instance> {
  const db = track(await openDatabase(url))
  const app = await createApi({ db, uploadsDir: join(dir, 'uploads') })
  let token: string | null = null
  const call = async (method: string, path: string, json?: unknown) => {
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (token) headers.Authorization = `Bearer ${token}`
    if (json !== undefined) headers['Content-Type'] = 'application/json'
    const res = await app.request(path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) })
    const text = await res.text()
    return { status: res.status, json: text ? JSON.parse(text) : null }
  }
  const login = await call('POST', '/api/login', { kode_user: 'admin', password: 'admin' })
  token = login.json.token
  return { db, call }
}

beforeAll(async () => {
  const made = await freshDatabase({ seeded: true })
  url = made.url
  one = await instance(made.dir)
  two = await instance(made.dir)
})

const addDepartemen = (api: Instance, nama: string) => api.call('POST', '/api/departemen', { nama })

describe('writes of two api instances on PostgreSQL', () => {
  it('a Departemen add goes through while an import of ban is being saved on the other instance', async () => {
    masters = await insertMasters(one.db)
    const rows = Array.from({ length: 300 }, (_, i) => ({
      baris: i + 2,
      no_seri: serial('CC'),
      ukuran: 'uji 11.00-20',
      merek: 'Merek Uji',
      tipe: 'Type Uji',
      kondisi: 'baru',
      harga: '1.500.000',
      tebal_tapak: 14.5,
      kendaraan: null,
      posisi: null,
      km: null,
    }))
    const staged = await one.call('POST', '/api/impor/ban', { nama_file: 'ban.xlsx', rows })
    expect(staged.status).toBe(201)
    expect(staged.json.data.siap).toBe(300)
    const nama = serial('Saat Impor')
    await one.db.tx(async () => {
      const saved = await one.call('POST', `/api/impor/ban/${staged.json.data.id}/simpan`, {})
      expect(saved.status).toBe(200)
      // The import's 300 ban, their codes, their audit entries and table versions are written and
      // not committed; the other instance adds a Departemen meanwhile.
      const added = await addDepartemen(two, nama)
      expect(added.status).toBe(201)
      expect((await two.call('GET', `/api/departemen/${added.json.data.id}`)).json.data.nama).toBe(nama)
    })
    const stored = await two.db.q
      .selectFrom('ban')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'no_seri',
        'in',
        rows.map((r) => r.no_seri),
      )
      .executeTakeFirst()
    expect(stored?.n).toBe(300)
  })

  it('a save of one document goes through while another document of the same kind is changed and held on the other instance', async () => {
    const a = await addDepartemen(one, serial('Dok A'))
    const b = await addDepartemen(one, serial('Dok B'))
    await one.db.tx(async () => {
      expect((await one.call('PUT', `/api/departemen/${a.json.data.id}`, { nama: serial('Dok A diubah') })).status).toBe(200)
      const renamed = serial('Dok B diubah')
      const saved = await two.call('PUT', `/api/departemen/${b.json.data.id}`, { nama: renamed })
      expect(saved.status).toBe(200)
      expect(saved.json.data.nama).toBe(renamed)
    })
  })

  it('gives 100 concurrent adds on two instances 100 different codes, one after the other with no gap', async () => {
    const before = await one.db.q.selectFrom('code_sequences').select('value').where('prefix', '=', 'DP').executeTakeFirst()
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => addDepartemen(i % 2 ? two : one, serial('Serentak'))))
    expect(answers.map((r) => r.status)).toEqual(Array(100).fill(201))
    const numbers = answers.map((r) => Number(String(r.json.data.kode_departemen).slice(2))).sort((x, y) => x - y)
    const first = (before?.value ?? 0) + 1
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => first + i))
  })
})

/** The api calls of the pelepasan below, answering the body's data (throws on another status). */
async function ok(api: Instance, method: string, path: string, json: unknown, status = 201): Promise<Json> {
  const res = await api.call(method, path, json)
  if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`)
  return res.json.data
}

/**
 * A registered, unposted pelepasan of one ban on a new vehicle, made through the api: the ban bought,
 * fitted on 1A, taken off to stock. Answers the document's id, its line's id and the ban's serial.
 */
async function pelepasanOfOneBan(): Promise<{ docId: number; lineId: number; noSeri: string }> {
  masters ??= await insertMasters(one.db)
  const m = masters
  const v = await insertVehicle(one.db, m.jenis[6], 100_000)
  const noSeri = serial('LK')
  await ok(one, 'POST', '/api/pembelian-ban/add', {
    supplier_id: m.supplierId,
    ban: [{ no_seri: noSeri, ukuran_id: m.ukuranId, merek_id: m.merekId, typeban_id: m.typebanId, kondisi_ban: 'BARU', harga: 2_000_000 }],
  })
  await ok(one, 'POST', '/api/pemasangan-ban/detail-ban', { kendaraan_id: v, no_seri: noSeri, posisi_ban: '1A', km_pemasangan: 100_000 })
  await ok(one, 'POST', `/api/pemasangan-ban/add-pemasangan/${v}`, {})
  const line = await ok(one, 'POST', '/api/pelepasan-ban/detail-ban', {
    kendaraan_id: v,
    posisi_ban: '1A',
    alasan: 'Habis',
    tujuan: 'stok',
    km_pelepasan: 110_000,
  })
  const doc = await ok(one, 'POST', `/api/pelepasan-ban/add-pelepasan/${v}`, {})
  return { docId: doc.id, lineId: line.id, noSeri }
}

/** How many connections of the test's database wait for a lock now (pg_stat_activity). */
async function waiting(client: pg.Client): Promise<number> {
  const res = await client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
  )
  return res.rows[0]!.n
}

/**
 * Starts an api request and answers once it waits for a lock (`count` connections then wait): it is
 * polled through pg_stat_activity, query after query, no timer. A request that ends without waiting
 * fails the test — the lock it should have waited for was not taken.
 */
async function startWaiting<T>(client: pg.Client, count: number, request: () => Promise<T>): Promise<{ answer: Promise<T> }> {
  let settled = false
  const running = request().finally(() => {
    settled = true
  })
  running.catch(() => {})
  while ((await waiting(client)) < count) {
    if (settled) throw new Error('The request ended without waiting for the document’s row lock.')
  }
  // Wrapped: an async function's promise of a promise would wait for the request itself.
  return { answer: running }
}

describe('two edits of one document on two api instances (row locks)', () => {
  it('posting a pelepasan and undoing its line, both waiting on its row: the posting first, the undo then refused; nothing lost', async () => {
    const { docId, lineId, noSeri } = await pelepasanOfOneBan()
    // The document's row held by a transaction of the test's own connection, as a third writer would.
    const holder = new pg.Client({ connectionString: url })
    // The waits are read on a connection of their own (in a transaction, pg_stat_activity is a snapshot).
    const watcher = new pg.Client({ connectionString: url })
    await holder.connect()
    await watcher.connect()
    try {
      await holder.query('BEGIN')
      await holder.query('SELECT id FROM pelepasan_ban WHERE id = $1 FOR UPDATE', [docId])
      const posting = await startWaiting(watcher, 1, () => one.call('POST', `/api/pelepasan-ban/${docId}/posting`))
      const undo = await startWaiting(watcher, 2, () => two.call('DELETE', `/api/pelepasan-ban/delete-detail-ban/${lineId}`))
      await holder.query('ROLLBACK')
      // The posting queued first on the row, so it is written first; the undo then finds the document
      // posted and is refused, and leaves the line and the ban as they were.
      const posted = await posting.answer
      const undone = await undo.answer
      expect(posted.status).toBe(200)
      expect(posted.json.data.status).toBe('posting')
      expect(undone.status).toBe(409)
      expect(undone.json.message).toBe('Pelepasan ban sudah diposting, detail ban tidak dapat dihapus.')
    } finally {
      await holder.end()
      await watcher.end()
    }
    const stored = await one.db.q.selectFrom('pelepasan_ban').select(['status', 'km']).where('id', '=', docId).executeTakeFirstOrThrow()
    expect(stored).toEqual({ status: 'posting', km: 110_000 })
    const line = await one.db.q
      .selectFrom('detail_pelepasan_ban')
      .select(['id', 'pelepasan_ban_id'])
      .where('id', '=', lineId)
      .executeTakeFirst()
    expect(line).toEqual({ id: lineId, pelepasan_ban_id: docId })
    const ban = await one.db.q.selectFrom('ban').select(['status', 'kondisi_ban']).where('no_seri', '=', noSeri).executeTakeFirstOrThrow()
    expect(ban).toEqual({ status: 'stok', kondisi_ban: 'BEKAS' })
    const fitted = await one.db.q
      .selectFrom('detail_pemasangan_ban as d')
      .innerJoin('ban as b', 'b.id', 'd.ban_id')
      .select('d.dilepas')
      .where('b.no_seri', '=', noSeri)
      .executeTakeFirstOrThrow()
    expect(fitted.dilepas).toBe(1)
  })
})
