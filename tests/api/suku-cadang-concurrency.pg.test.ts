import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { openDatabase } from '../../api/db.ts'
import { ApiError } from '../../api/http.ts'
import { move } from '../../api/stock.ts'
import type { DB } from '../../api/types.ts'
import type { Api } from './fixtures-transaksi.ts'
import { makeApi, track, type Json } from './harness.ts'

/**
 * The parts store under concurrent writes on one PostgreSQL database, through two api instances (each
 * its own pool, as two processes would have). PostgreSQL only (`.pg.test.ts`): SQLite's writers take
 * turns by design. Whatever order the writes land in, a part's stock is the sum of its ledger, each
 * ledger row's balance follows from the one before it, and the stock never goes below zero: of more
 * takes than the shelf holds, exactly as many as it holds succeed, the others are refused with the
 * stock message.
 */

type Call = (method: string, path: string, json?: unknown) => Promise<{ status: number; json: Json }>

async function otherInstance(api: Api): Promise<{ db: DB; call: Call }> {
  const db = track(await openDatabase(api.databaseUrl))
  const app = await createApi({ db, uploadsDir: join(api.dir, 'uploads') })
  let token: string | null = null
  const call: Call = async (method, path, json) => {
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

/** The ledger of a part is a chain: each balance is the one before plus in less out; the part holds the last. */
async function expectConsistent(api: Api, partId: number) {
  const rows = await api.db.q
    .selectFrom('mutasi_suku_cadang')
    .select(['masuk', 'keluar', 'nilai', 'saldo', 'nilai_saldo'])
    .where('suku_cadang_id', '=', partId)
    .orderBy('id')
    .execute()
  let saldo = 0
  let nilai = 0
  for (const r of rows) {
    saldo += Number(r.masuk) - Number(r.keluar)
    nilai += Number(r.nilai)
    expect(Number(r.saldo)).toBe(saldo)
    expect(saldo).toBeGreaterThanOrEqual(0)
    if (saldo === 0) nilai = Number(r.nilai_saldo)
    expect(Number(r.nilai_saldo)).toBe(nilai)
  }
  const part = await api.db.q.selectFrom('suku_cadang').select(['stok', 'nilai_stok']).where('id', '=', partId).executeTakeFirstOrThrow()
  expect([Number(part.stok), Number(part.nilai_stok)]).toEqual([saldo, nilai])
  return saldo
}

describe('Suku Cadang under concurrent writes (PostgreSQL)', () => {
  it('takes beyond the stock from two instances at once: exactly the stock on hand succeeds, the rest is refused', async () => {
    const api = await makeApi()
    await api.login()
    const two = await otherInstance(api)
    const sup = (await api.db.q.selectFrom('supplier').select('id').orderBy('id').executeTakeFirstOrThrow()).id
    const part = (await api.post('/api/suku-cadang', { json: { nama: `Filter Uji ${Date.now()}`, satuan: 'pcs' } })).json.data
    expect(
      (
        await api.post('/api/pembelian-suku-cadang', {
          json: { supplier_id: sup, detail: [{ suku_cadang_id: part.id, jumlah: 10, harga: 1000 }] },
        })
      ).status,
    ).toBe(201)
    const take = (db: DB, n: number) =>
      db
        .tx(() =>
          move(db, { partId: part.id, tanggal: '2026-02-01', jenis: 'perintah_kerja', dokumenId: n, kodeDokumen: `PK${n}`, jumlah: -1 }),
        )
        .then(
          () => 'ok' as const,
          (err: unknown) => {
            if (err instanceof ApiError && err.status === 422) return 'refused' as const
            throw err
          },
        )
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => take(i % 2 ? api.db : two.db, i + 1)))
    expect(results.filter((r) => r === 'ok')).toHaveLength(10)
    expect(results.filter((r) => r === 'refused')).toHaveLength(6)
    expect(await expectConsistent(api, part.id)).toBe(0)
  })

  it('counts, purchases and their deletion on one part at once keep the stock the sum of its ledger', async () => {
    const api = await makeApi()
    await api.login()
    const two = await otherInstance(api)
    const sup = (await api.db.q.selectFrom('supplier').select('id').orderBy('id').executeTakeFirstOrThrow()).id
    const part = (await api.post('/api/suku-cadang', { json: { nama: `Oli Uji ${Date.now()}`, satuan: 'liter' } })).json.data
    const buy = (call: Call, jumlah: number, harga: number) =>
      call('POST', '/api/pembelian-suku-cadang', { supplier_id: sup, detail: [{ suku_cadang_id: part.id, jumlah, harga }] })
    const one: Call = async (method, path, json) => api.request(method, path, json === undefined ? {} : { json })
    const made = await Promise.all([buy(one, 20, 1000), buy(two.call, 30, 1200), buy(one, 5, 900), buy(two.call, 7, 1100)])
    expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201])
    const writes = await Promise.all([
      one('POST', '/api/stok-opname', { suku_cadang_id: part.id, stok_fisik: 50, alasan: 'Hitung A' }),
      two.call('POST', '/api/stok-opname', { suku_cadang_id: part.id, stok_fisik: 61, alasan: 'Hitung B' }),
      one('DELETE', `/api/pembelian-suku-cadang/${made[2]!.json.data.id}`),
      two.call('DELETE', `/api/pembelian-suku-cadang/${made[3]!.json.data.id}`),
      buy(one, 3, 1500),
      buy(two.call, 4, 1000),
    ])
    for (const w of writes) expect([200, 201, 422]).toContain(w.status)
    // Every count recorded the stock it saw, and its difference moved the stock to what it counted.
    const counts = await api.db.q
      .selectFrom('stok_opname')
      .select(['stok_sistem', 'stok_fisik', 'selisih'])
      .where('suku_cadang_id', '=', part.id)
      .execute()
    expect(counts).toHaveLength(2)
    for (const c of counts) expect(Number(c.stok_fisik) - Number(c.stok_sistem)).toBe(Number(c.selisih))
    await expectConsistent(api, part.id)
  })
})
