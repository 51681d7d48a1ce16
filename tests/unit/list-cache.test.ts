import { serve, type ServerType } from '@hono/node-server'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { openDatabase } from '../../api/db.ts'
import type { DB } from '../../api/types.ts'
import { prepareDatabase } from '../../api/seed.ts'
import type { Upstream } from '~/upstream/client.server'
import { createDepartemen, deleteDepartemen, listDepartemen, updateDepartemen } from '~/upstream/departemen.server'
import { aksesStateFromEdit, buildAksesPayload, getAksesEdit, getGrantsSource, updateAkses } from '~/upstream/akses.server'
import { UpstreamUnauthorized } from '~/upstream/errors'
import { listUsers } from '~/upstream/user.server'
import { ListCache } from '~/upstream/list-cache.server'

/**
 * The upstream client's list cache against the reference api, served twice: as it is (ETag/304) and
 * through a proxy that strips every validator (an upstream without ETags: the per-token TTL path).
 */
let dir: string
let db: DB
let servers: ServerType[] = []
let withEtag: string
let withoutEtag: string
const requests: { path: string; ifNoneMatch: string | null; status: number }[] = []

async function listen(fetch: (req: Request) => Promise<Response> | Response) {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((r) => server.once('listening', r))
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fleet-cache-'))
  db = await openDatabase(`file:${join(dir, 'cache.db')}`)
  await prepareDatabase(db, { demo: true, adminPassword: 'admin' })
  const app = await createApi({ db, uploadsDir: join(dir, 'uploads') })
  withEtag = await listen(async (req) => {
    const res = await app.fetch(req)
    requests.push({ path: new URL(req.url).pathname, ifNoneMatch: req.headers.get('if-none-match'), status: res.status })
    return res
  })
  withoutEtag = await listen(async (req) => {
    const headers = new Headers(req.headers)
    headers.delete('if-none-match')
    const res = await app.fetch(new Request(req, { headers }))
    const out = new Response(res.body, res)
    out.headers.delete('etag')
    return out
  })
  // A second user who may log in.
  const admin = await token(withEtag, 'admin', 'admin')
  const kar = (await (await fetch(`${withEtag}/api/karyawan`, { headers: auth(admin) })).json()) as { id: number }[]
  const fd = new FormData()
  for (const [k, v] of Object.entries({ karyawan_id: String(kar[1].id), kode_user: 'kedua', nama_user: 'Kedua', password: 'rahasia123' }))
    fd.set(k, v)
  const made = await fetch(`${withEtag}/api/user/add`, { method: 'POST', headers: auth(admin), body: fd })
  expect(made.status).toBe(201)
  // …who may read and add Departemen (the api enforces the grants too).
  const id = ((await made.json()) as { data: { id: number } }).data.id
  const edit = (await (await fetch(`${withEtag}/api/akses/${id}/edit`, { headers: auth(admin) })).json()) as {
    menufiturs: Record<string, { id: number; nama: string }[]>
  }
  const dep = Object.values(edit.menufiturs)
    .flat()
    .find((f) => f.nama === 'Departemen')!
  const granted = await fetch(`${withEtag}/api/akses/${id}/update`, {
    method: 'POST',
    headers: { ...auth(admin), 'Content-Type': 'application/json' },
    body: JSON.stringify({ menus: { [dep.id]: 1 }, permissions: { [dep.id]: { can_create: 1 } } }),
  })
  expect(granted.status).toBe(200)
})

afterAll(async () => {
  for (const s of servers) s.close()
  servers = []
  await db.close()
  rmSync(dir, { recursive: true, force: true })
})

const auth = (t: string) => ({ Accept: 'application/json', Authorization: `Bearer ${t}` })
async function token(base: string, kode_user: string, password: string) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ kode_user, password }),
  })
  return ((await res.json()) as { token: string }).token
}

let cache: ListCache
beforeEach(() => {
  cache = new ListCache({ maxBytes: 10 * 1024 * 1024, ttlMs: 60_000 })
  requests.length = 0
})
const upstream = (baseUrl: string, t: string | null): Upstream => ({ baseUrl, token: t, timeoutMs: 5000, cache })
const names = (list: { nama: string }[]) => list.map((d) => d.nama)

describe('list cache with an upstream that sends ETags', () => {
  it("revalidates with the caller's own token and hands out one shared copy on 304", async () => {
    const a = upstream(withEtag, await token(withEtag, 'admin', 'admin'))
    const b = upstream(withEtag, await token(withEtag, 'kedua', 'rahasia123'))
    await listDepartemen(a) // teaches the api what the list reads
    cache.clear()
    const first = await listDepartemen(a)
    const forB = await listDepartemen(b)
    expect(forB).toBe(first) // the same parsed array: one copy for both users
    expect(Object.isFrozen(first)).toBe(true)
    const calls = requests.filter((r) => r.path === '/api/departemen')
    expect(calls.at(-1)).toMatchObject({ status: 304 })
    expect(calls.at(-1)?.ifNoneMatch).toMatch(/^"/)
    expect(cache.size).toBe(1)
  })

  it('a write through the app is visible to its author at once', async () => {
    const a = upstream(withEtag, await token(withEtag, 'admin', 'admin'))
    await listDepartemen(a)
    await listDepartemen(a)
    const saved = await createDepartemen(a, { nama: 'Baru Sekali' })
    expect(names(await listDepartemen(a))).toContain('Baru Sekali')
    await updateDepartemen(a, saved.id, { nama: 'Baru Diubah' })
    expect(names(await listDepartemen(a))).toContain('Baru Diubah')
    await deleteDepartemen(a, saved.id)
    expect(names(await listDepartemen(a))).not.toContain('Baru Diubah')
  })

  it("another user's write is visible after revalidation", async () => {
    const a = upstream(withEtag, await token(withEtag, 'admin', 'admin'))
    const b = upstream(withEtag, await token(withEtag, 'kedua', 'rahasia123'))
    await listDepartemen(a)
    const before = await listDepartemen(a)
    await createDepartemen(b, { nama: 'Dari Kedua' })
    const after = await listDepartemen(a)
    expect(after).not.toBe(before)
    expect(names(after)).toContain('Dari Kedua')
  })

  it('a token the upstream refuses never gets the cached body', async () => {
    const a = upstream(withEtag, await token(withEtag, 'admin', 'admin'))
    await listDepartemen(a)
    await listDepartemen(a)
    expect(cache.size).toBe(1)
    await expect(listDepartemen(upstream(withEtag, 'not-a-token'))).rejects.toBeInstanceOf(UpstreamUnauthorized)
    await expect(listDepartemen(upstream(withEtag, null))).rejects.toBeInstanceOf(UpstreamUnauthorized)
    // A token that was good and is logged out is refused too, although its list is cached.
    const gone = await token(withEtag, 'kedua', 'rahasia123')
    await listDepartemen(upstream(withEtag, gone))
    await fetch(`${withEtag}/api/logout`, { method: 'POST', headers: auth(gone) })
    await expect(listDepartemen(upstream(withEtag, gone))).rejects.toBeInstanceOf(UpstreamUnauthorized)
  })
})

describe("the user's grants (a single answer kept like a list)", () => {
  it('are revalidated on every read (304: the same frozen object); a change of access is seen at once', async () => {
    const adminToken = await token(withEtag, 'admin', 'admin')
    const a = upstream(withEtag, adminToken)
    const b = upstream(withEtag, await token(withEtag, 'kedua', 'rahasia123'))
    const kedua = (await listUsers(a)).find((u) => u.kode_user === 'kedua')!
    await getGrantsSource(b, kedua.id) // teaches the api what the answer reads
    cache.clear()
    const first = await getGrantsSource(b, kedua.id)
    const again = await getGrantsSource(b, kedua.id)
    expect(again).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
    const calls = requests.filter((r) => r.path === `/api/akses/${kedua.id}/edit`)
    expect(calls.at(-1)).toMatchObject({ status: 304 })
    // The administrator gives kedua a menu: kedua's next read has it (the versions changed).
    const state = aksesStateFromEdit(await getAksesEdit(a, kedua.id))
    const active = (edit: typeof first) => Object.values(edit.userMenu).filter((g) => g.active).length
    const before = active(first)
    const off = Object.keys(state).find((fid) => !state[Number(fid)]!.active)!
    state[Number(off)] = { ...state[Number(off)]!, active: true }
    await updateAkses(a, kedua.id, buildAksesPayload(state))
    const after = await getGrantsSource(b, kedua.id)
    expect(after).not.toBe(first)
    expect(active(after)).toBe(before + 1)
  })
})

describe('list cache with an upstream without validators (per-token time-to-live)', () => {
  it('reuses a list for its token only, and a write by that token drops it at once', async () => {
    const a = upstream(withoutEtag, await token(withoutEtag, 'admin', 'admin'))
    const b = upstream(withoutEtag, await token(withoutEtag, 'kedua', 'rahasia123'))
    const first = await listDepartemen(a)
    expect(await listDepartemen(a)).toBe(first) // within the TTL: no request
    const forB = await listDepartemen(b)
    expect(forB).not.toBe(first) // another token never gets a private entry
    expect(cache.size).toBe(2)
    await createDepartemen(a, { nama: 'Tanpa ETag' })
    expect(names(await listDepartemen(a))).toContain('Tanpa ETag')
    // b's copy is older than a's write: bounded by the TTL, not dropped by another user's write.
    expect(await listDepartemen(b)).toBe(forB)
  })

  it('a refused token never gets a cached body', async () => {
    const a = upstream(withoutEtag, await token(withoutEtag, 'admin', 'admin'))
    await listDepartemen(a)
    await expect(listDepartemen(upstream(withoutEtag, 'not-a-token'))).rejects.toBeInstanceOf(UpstreamUnauthorized)
  })

  it('entries expire after the TTL', () => {
    const c = new ListCache({ maxBytes: 1000, ttlMs: 3000 })
    c.storePrivate('k', 'owner', ['x'], 10, 1_000)
    expect(c.privateFor('k', 'owner', 3_999)).toEqual(['x'])
    expect(c.privateFor('k', 'other', 3_999)).toBeNull()
    expect(c.privateFor('k', 'owner', 4_000)).toBeNull()
    expect(c.bytes).toBe(0)
  })
})

describe('size bound', () => {
  it('never holds more bytes than its bound; least recently used goes first; too large is not kept', () => {
    const c = new ListCache({ maxBytes: 100, ttlMs: 1000 })
    c.storeShared('a', '"1"', ['a'], 40)
    c.storeShared('b', '"1"', ['b'], 40)
    c.hit('a') // a is now the most recently used
    c.storeShared('c', '"1"', ['c'], 40)
    expect(c.bytes).toBeLessThanOrEqual(100)
    expect(c.sharedFor('b', 'x')).toBeNull()
    expect(c.sharedFor('a', 'x')?.data).toEqual(['a'])
    expect(c.sharedFor('c', 'x')?.data).toEqual(['c'])
    c.storeShared('huge', '"1"', ['h'], 101)
    expect(c.sharedFor('huge', 'x')).toBeNull()
    expect(c.bytes).toBe(80)
  })

  it('holds through the client: a bound smaller than a list keeps nothing and answers stay right', async () => {
    cache = new ListCache({ maxBytes: 200, ttlMs: 60_000 })
    const a = upstream(withEtag, await token(withEtag, 'admin', 'admin'))
    const list = await listDepartemen(a)
    expect(list.length).toBeGreaterThan(3)
    expect(await listDepartemen(a)).toEqual(list)
    expect(cache.size).toBe(0)
    expect(cache.bytes).toBe(0)
  })
})
