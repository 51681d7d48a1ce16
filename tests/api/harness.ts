import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { inject } from 'vitest'
import { createApi } from '../../api/app.ts'
import { openDatabase } from '../../api/db.ts'
import { PERMISSION_FLAGS, type Permission } from '../../api/routes/master/akses.ts'
import type { DB } from '../../api/types.ts'
import { prepareDatabase } from '../../api/seed.ts'

export type Json = any // eslint-disable-line @typescript-eslint/no-explicit-any

export type RequestOptions = {
  token?: string | null
  json?: unknown
  form?: FormData
  /** A body sent as it is, with its Content-Type (e.g. an urlencoded form written by hand). */
  raw?: { type: string; body: string }
  headers?: Record<string, string>
}

/**
 * The database the contract tests run on: SQLite (vitest project `api`), or the private PostgreSQL
 * server of the run (project `api-pg`, tests/api/postgres-setup.ts) — the same tests, both databases.
 */
const postgresUrl: string | undefined = inject('postgresUrl')
export const onPostgres = postgresUrl !== undefined
/** On SQLite, the run's template files (tests/api/sqlite-setup.ts). */
const sqliteTemplates = onPostgres ? undefined : inject('sqliteTemplates')

/**
 * What this test file made: databases closed, dropped (PostgreSQL) and folders removed after its tests
 * (tests/api/per-file.ts: the test files of a worker share this module, isolation being off).
 */
const opened: DB[] = []
const folders: string[] = []
const databases: string[] = []
async function cleanUp() {
  for (const db of opened.splice(0)) await db.close()
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
  if (postgresUrl && databases.length) await admin(databases.splice(0).map((name) => `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
}
;(globalThis as Record<symbol, unknown>)[Symbol.for('fleet.api-tests.clean-up')] = cleanUp

async function admin(statements: string[]) {
  const client = new pg.Client({ connectionString: postgresUrl })
  await client.connect()
  try {
    for (const sql of statements) await client.query(sql)
  } finally {
    await client.end()
  }
}

/**
 * PostgreSQL 15 copies a template through its write-ahead log by default, every page of it for every
 * test; a file copy (15 and later) is cheaper for the small templates here (the private server keeps
 * no WAL for recovery: scripts/postgres.mjs).
 */
let strategy: Promise<string> | undefined
function copyStrategy(): Promise<string> {
  strategy ??= (async () => {
    const client = new pg.Client({ connectionString: postgresUrl })
    await client.connect()
    try {
      const { rows } = await client.query<{ v: string }>('SHOW server_version_num')
      return Number(rows[0]!.v) >= 150000 ? ' STRATEGY FILE_COPY' : ''
    } finally {
      await client.end()
    }
  })()
  return strategy
}

/**
 * A new database of its own for a test, and a temporary folder (uploads, files): a copy of a template
 * made once for the run — on SQLite a file in the folder copied from `seeded.db` or `empty.db`
 * (tests/api/sqlite-setup.ts), on PostgreSQL a database made from `fleet_seeded` (the demo seed) or
 * `fleet_empty` (migrations only); `blank`: no table at all (a new SQLite file, PostgreSQL's
 * template0). Not opened: pass `url` to openDatabase (then `track` it).
 */
export async function freshDatabase(opts: { seeded?: boolean; blank?: boolean } = {}): Promise<{ url: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-api-'))
  folders.push(dir)
  if (!postgresUrl) {
    const file = join(dir, 'test.db')
    if (!opts.blank) copyFileSync(opts.seeded ? sqliteTemplates!.seeded : sqliteTemplates!.empty, file)
    return { url: `file:${file}`, dir }
  }
  const name = `t_${randomBytes(6).toString('hex')}`
  const template = opts.blank ? 'template0' : opts.seeded ? 'fleet_seeded' : 'fleet_empty'
  await admin([`CREATE DATABASE "${name}" TEMPLATE "${template}"${await copyStrategy()}`])
  databases.push(name)
  return { url: postgresUrl.replace(/\/[^/]*$/, `/${name}`), dir }
}

/** Closes `db` after the file's tests. */
export function track(db: DB): DB {
  opened.push(db)
  return db
}

/**
 * A fresh reference api on a database of its own (freshDatabase) with the demo seed (admin / admin),
 * called in process through Hono's app.request — no port, no network.
 */
export async function makeApi(opts: { seed?: boolean; trustedProxies?: string[] } = {}) {
  const { url: databaseUrl, dir } = await freshDatabase({ seeded: opts.seed !== false })
  const db: DB = track(await openDatabase(databaseUrl))
  if (opts.seed !== false) await prepareDatabase(db, { demo: true, adminPassword: 'admin' })
  const uploadsDir = join(dir, 'uploads')
  const app = await createApi({ db, uploadsDir, trustedProxies: opts.trustedProxies })
  let defaultToken: string | null = null

  async function request(method: string, path: string, o: RequestOptions = {}) {
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers }
    const token = o.token === undefined ? defaultToken : o.token
    if (token) headers.Authorization = `Bearer ${token}`
    let body: BodyInit | undefined
    if (o.json !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(o.json)
    } else if (o.form) {
      body = o.form
    } else if (o.raw) {
      headers['Content-Type'] = o.raw.type
      body = o.raw.body
    }
    const res = await app.request(path, { method, headers, body })
    const text = await res.text()
    let json: Json = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      json = text
    }
    return { status: res.status, json, headers: res.headers }
  }

  async function login(kode_user = 'admin', password = 'admin') {
    const res = await request('POST', '/api/login', { json: { kode_user, password }, token: null })
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`)
    defaultToken = res.json.token
    return res.json.token as string
  }

  return {
    app,
    db,
    databaseUrl,
    dir,
    uploadsDir,
    request,
    login,
    get: (path: string, o?: RequestOptions) => request('GET', path, o),
    post: (path: string, o?: RequestOptions) => request('POST', path, o),
    put: (path: string, o?: RequestOptions) => request('PUT', path, o),
    del: (path: string, o?: RequestOptions) => request('DELETE', path, o),
  }
}

/** multipart body from a plain object; File values are sent as files; null/undefined skipped. */
export function formData(fields: Record<string, string | number | File | null | undefined>) {
  const fd = new FormData()
  for (const [k, v] of Object.entries(fields)) {
    if (v === null || v === undefined) continue
    fd.append(k, v instanceof File ? v : String(v))
  }
  return fd
}

/** A tiny valid PNG (1×1). */
export const PNG_1x1 = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
)
export const pngFile = (name = 'foto.png') => new File([PNG_1x1], name, { type: 'image/png' })

type Api = Awaited<ReturnType<typeof makeApi>>
export type Perm = Permission

/**
 * A new user who can log in (password 'rahasia123'), with exactly `grants` (menu route → permissions;
 * an empty list is Select alone), written straight into the access editor's table. Returns its id
 * and a token.
 */
export async function userWithGrants(api: Api, kode_user: string, grants: Record<string, readonly Perm[]> = {}) {
  const { hashPassword } = await import('../../api/auth.ts')
  const db = api.db
  const { id } = await db.q
    .insertInto('users')
    .values({ kode_user, qrcode_user: kode_user, password_hash: hashPassword('rahasia123') })
    .returning('id')
    .executeTakeFirstOrThrow()
  await setGrants(api, id, grants)
  const res = await api.request('POST', '/api/login', { json: { kode_user, password: 'rahasia123' }, token: null })
  if (res.status !== 200) throw new Error(`login of ${kode_user} failed: ${res.status}`)
  return { id, token: res.json.token as string }
}

/** Replaces a user's grants in the database (menu route → permissions; [] = Select alone). */
export async function setGrants(api: Api, userId: number, grants: Record<string, readonly Perm[]>) {
  const db = api.db
  await db.q.deleteFrom('akses').where('user_id', '=', userId).execute()
  for (const [route, perms] of Object.entries(grants)) {
    const feature = await db.q.selectFrom('menu_fitur').select('id').where('route', '=', route).executeTakeFirst()
    if (!feature) throw new Error(`no menu ${route}`)
    const flags = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, perms.some((p) => `can_${p}` === flag) ? 1 : 0])) as Record<
      (typeof PERMISSION_FLAGS)[number],
      number
    >
    await db.q
      .insertInto('akses')
      .values({ user_id: userId, menu_fitur_id: feature.id, active: 1, ...flags })
      .execute()
  }
}

/** The api on a real socket (127.0.0.1, a free port): for what needs a peer address or real streaming. */
export async function serveApi(app: { fetch: (req: Request) => Response | Promise<Response> }) {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
