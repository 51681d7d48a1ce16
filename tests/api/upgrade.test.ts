import BetterSqlite3 from 'better-sqlite3'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { databasePath, openDatabase } from '../../api/db.ts'
import { isOpenGrant } from '../../api/grants.ts'
import { MENU_CATALOGUE, UPGRADE_ACTOR } from '../../api/menu-catalogue.ts'
import { API_GRANTS } from '../../api/routes/grants.ts'
import { PERMISSION_FLAGS } from '../../api/routes/master/akses.ts'
import { prepareDatabase } from '../../api/seed.ts'
import type { DB } from '../../api/types.ts'
import { tableChecksums, UPGRADE_WRITES } from '../../scripts/table-checksums.ts'
import { freshDatabase, onPostgres, track, type Json } from './harness.ts'

/**
 * An upgrade: a database made by the previous release (tests/api/fixtures/previous-release.*.sql,
 * made from git history by tests/api/fixtures/make-previous-release.ts: its migrations and demo seed)
 * started under this one. The menus added since are granted, with every permission, to the
 * administrators (the users holding every permission on Hak Akses) and to nobody else; no old row is
 * lost; a second start changes nothing.
 */

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', `previous-release.${onPostgres ? 'postgres' : 'sqlite'}.sql`)
const PREPARE = { demo: true, adminPassword: 'admin' } as const

type Row = Record<string, unknown>
/** Every table's rows, each row as its JSON, sorted. */
type Snapshot = Map<string, Row[]>

/** A database made by the previous release, not opened (nothing of this release has run on it). */
async function previousRelease(extraSql = ''): Promise<{ url: string; dir: string }> {
  const made = await freshDatabase({ blank: true })
  const sql = readFileSync(FIXTURE, 'utf8')
  if (onPostgres) {
    const client = new pg.Client({ connectionString: made.url })
    await client.connect()
    try {
      await client.query(sql)
      // pg_dump's text empties the search path of its connection.
      await client.query(`SET search_path TO public; ${extraSql}`)
    } finally {
      await client.end()
    }
  } else {
    const sqlite = new BetterSqlite3(databasePath(made.url))
    sqlite.exec(sql + extraSql)
    sqlite.close()
  }
  return made
}

/** Every row of every table, read without this release's code (no migration runs). */
async function snapshot(url: string): Promise<Snapshot> {
  const tables = new Map<string, Row[]>()
  const sortRows = (rows: Row[]) => rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
  if (onPostgres) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const names = (
        await client.query<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
        )
      ).rows.map((r) => r.name)
      for (const name of names) tables.set(name, sortRows((await client.query<Row>(`SELECT * FROM "${name}"`)).rows))
    } finally {
      await client.end()
    }
  } else {
    const sqlite = new BetterSqlite3(databasePath(url), { readonly: true })
    try {
      const names = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]
      for (const name of names) tables.set(name, sortRows(sqlite.prepare(`SELECT * FROM "${name}"`).all() as Row[]))
    } finally {
      sqlite.close()
    }
  }
  return tables
}

/** A user's grants by menu route: the permissions held ('select' for the menu's Select), sorted; menus without any left out. */
function grantsOf(s: Snapshot, kodeUser: string): Record<string, string[]> {
  const user = s.get('users')!.find((u) => u.kode_user === kodeUser)!
  const routes = new Map(s.get('menu_fitur')!.map((m) => [m.id, m.route as string]))
  const held: Record<string, string[]> = {}
  for (const a of s.get('akses')!) {
    if (a.user_id !== user.id || !a.active) continue
    held[routes.get(a.menu_fitur_id)!] = ['select', ...PERMISSION_FLAGS.filter((f) => a[f]).map((f) => f.slice(4))].sort()
  }
  return held
}

/** Tables of counters the database keeps (the ETags' table versions, SQLite's AUTOINCREMENT). */
const COUNTERS = ['table_versions', 'sqlite_sequence']
const EVERYTHING = ['select', ...PERMISSION_FLAGS.map((f) => f.slice(4))].sort()
const usersOf = (s: Snapshot) => s.get('users')!.map((u) => u.kode_user as string)

/** This release's start on the database: its migrations, then the catalogue (api/seed.ts). */
async function start(url: string): Promise<DB> {
  const db = track(await openDatabase(url))
  expect(await prepareDatabase(db, PREPARE)).toBe('existing')
  return db
}

/** The GET routes without parameters that only the given menus open (api/routes/grants.ts). */
function routesOnlyFor(menus: string[]): string[] {
  return Object.entries(API_GRANTS)
    .filter(([key, g]) => key.startsWith('GET ') && !key.includes(':') && !isOpenGrant(g))
    .filter(([, g]) => !isOpenGrant(g) && g.anyOf.every((need) => need.menus.every((m) => menus.includes(m))))
    .map(([key]) => key.slice(4))
}

async function call(db: DB, dir: string, method: string, path: string, o: { token?: string; json?: unknown } = {}) {
  const app = await createApi({ db, uploadsDir: join(dir, 'uploads') })
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (o.token) headers.Authorization = `Bearer ${o.token}`
  if (o.json !== undefined) headers['Content-Type'] = 'application/json'
  const res = await app.request(path, { method, headers, body: o.json === undefined ? undefined : JSON.stringify(o.json) })
  const text = await res.text()
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Json }
}

async function login(db: DB, dir: string, kode_user: string, password: string) {
  const res = await call(db, dir, 'POST', '/api/login', { json: { kode_user, password } })
  expect(res.status, kode_user).toBe(200)
  return res.json.token as string
}

describe(`an upgrade from the previous release (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('grants the menus added since to the admin with every permission, exactly as a fresh database does; nobody else gains; no row is lost; a second start changes nothing', async () => {
    const old = await previousRelease()
    const before = await snapshot(old.url)
    const sumsBefore = await tableChecksums(old.url)
    const oldRoutes = new Set(before.get('menu_fitur')!.map((m) => m.route as string))
    const added = MENU_CATALOGUE.map((m) => m.route).filter((r) => !oldRoutes.has(r))
    // The fixture is a release without them.
    expect(added).toEqual(
      expect.arrayContaining([
        '/admin/rotasi-ban',
        '/admin/klaim-ban',
        '/admin/inquery-klaim-ban',
        '/admin/pemeriksaan-ban',
        '/admin/laporan-pemeriksaan-ban',
        '/admin/laporan-biaya-perpanjangan',
        '/admin/km-kendaraan',
        '/admin/item-servis',
        '/admin/jadwal-servis',
        '/admin/servis-jatuh-tempo',
        '/admin/perintah-kerja',
        '/admin/inquery-perintah-kerja',
      ]),
    )
    expect(grantsOf(before, 'admin')['/admin/rotasi-ban']).toBeUndefined()

    const db = await start(old.url)
    const after = await snapshot(old.url)

    // Every table the upgrade does not write to keeps its row count and content exactly (a checksum
    // of all its rows; a column that only changed type, as money to BIGINT, reads the same).
    const sumsAfter = await tableChecksums(old.url, sumsBefore)
    const kept = [...sumsBefore.keys()].filter((t) => !UPGRADE_WRITES.has(t))
    expect(kept.length).toBeGreaterThan(20)
    for (const table of kept) expect(sumsAfter.get(table), table).toEqual(sumsBefore.get(table))

    // The admin holds every permission on every menu of the catalogue, as on a fresh database.
    const fresh = await freshDatabase()
    await prepareDatabase(track(await openDatabase(fresh.url)), PREPARE)
    const freshAdmin = grantsOf(await snapshot(fresh.url), 'admin')
    expect(grantsOf(after, 'admin')).toEqual(freshAdmin)
    expect(grantsOf(after, 'admin')).toEqual(Object.fromEntries(MENU_CATALOGUE.map((m) => [m.route, EVERYTHING])))

    // Every other user holds what they held, nothing more.
    const others = usersOf(before).filter((u) => u !== 'admin')
    expect(others.length).toBeGreaterThan(3)
    for (const u of others) expect(grantsOf(after, u), u).toEqual(grantsOf(before, u))

    // No row of the old data is lost: every old row of every old table is still there, column by column.
    // (table_versions and sqlite_sequence are counters, which go up.)
    for (const [table, rows] of before) {
      if (COUNTERS.includes(table)) continue
      const now = new Set(
        after.get(table)!.map((r) => JSON.stringify(Object.fromEntries(Object.keys(rows[0] ?? {}).map((c) => [c, r[c]])))),
      )
      for (const row of rows) expect(now.has(JSON.stringify(row)), `${table} ${JSON.stringify(row)}`).toBe(true)
    }
    // The access tables grew by the new menus and the admin's grants of them, nothing else.
    expect(after.get('menu_fitur')!.length).toBe(before.get('menu_fitur')!.length + added.length)
    expect(after.get('akses')!.length).toBe(before.get('akses')!.length + added.length)

    // The grant is in the admin's access history, made by the upgrade.
    const adminToken = await login(db, old.dir, 'admin', 'admin')
    const adminId = before.get('users')!.find((u) => u.kode_user === 'admin')!.id as number
    const riwayat = await call(db, old.dir, 'GET', `/api/akses/${adminId}/riwayat`, { token: adminToken })
    expect(riwayat.status).toBe(200)
    expect(riwayat.json.data[0].user).toEqual({ id: null, kode_user: null, nama_user: UPGRADE_ACTOR })
    expect(riwayat.json.data[0].detail.perubahan.map((p: Json) => [p.menu, p.granted.length, p.revoked])).toEqual(
      MENU_CATALOGUE.filter((m) => added.includes(m.route)).map((m) => [m.nama, EVERYTHING.length, []]),
    )

    // The api opens the new menus' lists to the admin (403 before the upgrade granted them), not to a
    // user of the old release without them.
    const listRoutes = routesOnlyFor(added)
    expect(listRoutes).toEqual(
      expect.arrayContaining([
        '/api/rotasi-ban',
        '/api/pemeriksaan-ban',
        '/api/laporan-pemeriksaan-ban',
        '/api/km-kendaraan',
        '/api/item-servis',
        '/api/jadwal-servis',
        '/api/servis-jatuh-tempo',
      ]),
    )
    const hendra = await login(db, old.dir, 'hendra.gudang', 'demo12345')
    for (const path of listRoutes) {
      const res = await call(db, old.dir, 'GET', path, { token: adminToken })
      expect([path, res.status === 403 ? res.json : 'not 403']).toEqual([path, 'not 403'])
      expect((await call(db, old.dir, 'GET', path, { token: hendra })).status, path).toBe(403)
    }
    expect((await call(db, old.dir, 'GET', '/api/rotasi-ban', { token: adminToken })).status).toBe(200)

    // A second start changes nothing (the logins above left their tokens; tokens aside).
    const once = await snapshot(old.url)
    await db.close()
    await start(old.url)
    expect(await snapshot(old.url)).toEqual(once)
  })

  it('the administrators are the users holding every permission on Hak Akses: one who does gains the new menus, one who lacks a single permission or holds it inactive gains nothing', async () => {
    const all = PERMISSION_FLAGS.join(', ')
    const ones = PERMISSION_FLAGS.map(() => '1').join(', ')
    const grantAkses = (kode: string, active: number, values: string) =>
      `INSERT INTO akses (user_id, menu_fitur_id, active, ${all})
       SELECT u.id, m.id, ${active}, ${values} FROM users u, menu_fitur m WHERE u.kode_user = '${kode}' AND m.route = '/admin/akses';\n`
    const old = await previousRelease(
      grantAkses('sri.keuangan', 1, ones) +
        grantAkses('dewi.hrd', 1, PERMISSION_FLAGS.map((f) => (f === 'can_print' ? '0' : '1')).join(', ')) +
        grantAkses('hendra.gudang', 0, ones),
    )
    const before = await snapshot(old.url)
    await start(old.url)
    const after = await snapshot(old.url)
    const added = MENU_CATALOGUE.map((m) => m.route).filter((r) => !before.get('menu_fitur')!.some((m) => m.route === r))
    expect(grantsOf(after, 'sri.keuangan')).toEqual({
      ...grantsOf(before, 'sri.keuangan'),
      ...Object.fromEntries(added.map((r) => [r, EVERYTHING])),
    })
    for (const u of usersOf(before).filter((u) => u !== 'admin' && u !== 'sri.keuangan'))
      expect(grantsOf(after, u), u).toEqual(grantsOf(before, u))
    expect(after.get('akses')!.length).toBe(before.get('akses')!.length + 2 * added.length)
  })
})
