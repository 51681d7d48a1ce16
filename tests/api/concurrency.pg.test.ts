import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { openDatabase } from '../../api/db.ts'
import type { DB } from '../../api/types.ts'
import { insertMasters, serial } from './fixtures-transaksi.ts'
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
  it('a Departemen add goes through while an import of tyres is being saved on the other instance', async () => {
    await insertMasters(one.db)
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
      // The import's 300 tyres, their codes, their audit entries and table versions are written and
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
