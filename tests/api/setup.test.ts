/**
 * What a start puts into an empty database: the demo data set (with its known logins) only when asked
 * for (DEMO_DATA=true, the quick start); a production start gets only the admin user with
 * ADMIN_PASSWORD, and refuses to start without one.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { openDatabase } from '../../api/db.ts'
import { demoDataSetting, EXIT_SETUP_REFUSED, prepareFromEnv, SetupRefused } from '../../api/seed.ts'
import type { DB } from '../../api/types.ts'
import { runProcess } from '../run-process.ts'
import { freshDatabase, track } from './harness.ts'

const root = join(import.meta.dirname, '..', '..')
const DEMO_USERS = ['hendra.gudang', 'sri.keuangan']
const DEMO_TABLES = ['departemen', 'karyawan', 'supplier', 'kendaraan', 'pembelian_ban', 'ban', 'pemasangan_ban', 'stnk'] as const

async function emptyDatabase() {
  const { url, dir } = await freshDatabase()
  return { db: track(await openDatabase(url)), dir, url }
}
const users = async (db: DB) => (await db.q.selectFrom('users').select('kode_user').orderBy('kode_user').execute()).map((u) => u.kode_user)
const rows = async (db: DB, table: (typeof DEMO_TABLES)[number]) =>
  Number(
    (
      await db.q
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

async function loginStatus(db: DB, dir: string, kode_user: string, password: string) {
  const app = await createApi({ db, uploadsDir: join(dir, 'uploads') })
  const res = await app.request('/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ kode_user, password }),
  })
  return { status: res.status, json: (await res.json()) as { token?: string } }
}

describe('a production start on an empty database (DEMO_DATA=false)', () => {
  it('without ADMIN_PASSWORD refuses, naming the setting, and creates no user', async () => {
    const { db } = await emptyDatabase()
    const refused = prepareFromEnv(db, { DEMO_DATA: 'false' })
    await expect(refused).rejects.toBeInstanceOf(SetupRefused)
    await expect(refused).rejects.toThrow(/ADMIN_PASSWORD is required/)
    expect(await users(db)).toEqual([])
  })

  it('with an ADMIN_PASSWORD shorter than 8 characters refuses', async () => {
    const { db } = await emptyDatabase()
    await expect(prepareFromEnv(db, { DEMO_DATA: 'false', ADMIN_PASSWORD: 'admin' })).rejects.toThrow(/at least 8 characters/)
    expect(await users(db)).toEqual([])
  })

  it('with DEMO_DATA unset behaves the same (the api alone never seeds the demo)', async () => {
    const { db } = await emptyDatabase()
    await expect(prepareFromEnv(db, {})).rejects.toThrow(/ADMIN_PASSWORD is required/)
    expect(await users(db)).toEqual([])
  })

  it('with ADMIN_PASSWORD creates only the admin user (every grant), no demo rows and no demo logins', async () => {
    const { db, dir } = await emptyDatabase()
    expect(await prepareFromEnv(db, { DEMO_DATA: 'false', ADMIN_PASSWORD: 'Rahasia-Kuat-7' })).toBe('admin')
    expect(await users(db)).toEqual(['admin'])
    for (const table of DEMO_TABLES) expect(await rows(db, table), table).toBe(0)

    expect((await loginStatus(db, dir, 'admin', 'admin')).status).toBe(401)
    for (const kode of DEMO_USERS) expect((await loginStatus(db, dir, kode, 'demo12345')).status).toBe(401)
    const login = await loginStatus(db, dir, 'admin', 'Rahasia-Kuat-7')
    expect(login.status).toBe(200)
    // The admin holds every permission: the (empty) master lists answer.
    const app = await createApi({ db, uploadsDir: join(dir, 'uploads') })
    const list = await app.request('/api/departemen', {
      headers: { Accept: 'application/json', Authorization: `Bearer ${login.json.token}` },
    })
    expect(list.status).toBe(200)
    expect(await list.json()).toEqual([])
  }, 30_000)

  it('on a database that has users needs no ADMIN_PASSWORD and changes nothing', async () => {
    const { db } = await emptyDatabase()
    await prepareFromEnv(db, { DEMO_DATA: 'false', ADMIN_PASSWORD: 'Rahasia-Kuat-7' })
    expect(await prepareFromEnv(db, { DEMO_DATA: 'false' })).toBe('existing')
    expect(await prepareFromEnv(db, { DEMO_DATA: 'true' })).toBe('existing')
    expect(await users(db)).toEqual(['admin'])
  })
})

describe('the demo start (DEMO_DATA=true, as `npm start` sets it)', () => {
  it('seeds the demo data with its logins (admin / admin, hendra.gudang and sri.keuangan / demo12345)', async () => {
    const { db, dir } = await emptyDatabase()
    expect(await prepareFromEnv(db, { DEMO_DATA: 'true' })).toBe('demo')
    expect(await users(db)).toEqual(expect.arrayContaining(['admin', ...DEMO_USERS]))
    for (const table of DEMO_TABLES) expect(await rows(db, table), table).toBeGreaterThan(0)
    expect((await loginStatus(db, dir, 'admin', 'admin')).status).toBe(200)
    for (const kode of DEMO_USERS) expect((await loginStatus(db, dir, kode, 'demo12345')).status).toBe(200)
  }, 30_000)
})

describe('DEMO_DATA', () => {
  it('is true or false; unset gives the caller’s default; anything else is refused', () => {
    expect(demoDataSetting('true', false)).toBe(true)
    expect(demoDataSetting(' FALSE ', true)).toBe(false)
    expect(demoDataSetting(undefined, true)).toBe(true)
    expect(demoDataSetting(undefined, false)).toBe(false)
    expect(() => demoDataSetting('yes', false)).toThrow(/DEMO_DATA must be true or false/)
  })
})

describe('the processes', () => {
  // SQLite files of their own (the processes open the database themselves), on either test project.
  const run = (script: string, env: Record<string, string>) =>
    runProcess(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', API_PORT: '0', LOG_REQUESTS: 'false', ...env },
      timeoutMs: 30_000,
    })

  it('the api without ADMIN_PASSWORD on an empty database exits with one clear line (no retry by npm start)', async () => {
    const { dir } = await freshDatabase()
    const api = await run('api/main.ts', { DATABASE_URL: `file:${join(dir, 'api.db')}`, UPLOADS_DIR: join(dir, 'uploads') })
    expect(api.status).toBe(EXIT_SETUP_REFUSED)
    expect(api.stderr).toContain('[api] ADMIN_PASSWORD is required')
  }, 60_000)

  it('the one-shot preparation (compose `migrate`, cluster) refuses the same way, and with the password prepares', async () => {
    const { dir } = await freshDatabase()
    const env = { DEMO_DATA: 'false', DATABASE_URL: `file:${join(dir, 'prepare.db')}` }
    const refused = await run('scripts/prepare-database.mjs', env)
    expect(refused.status).toBe(EXIT_SETUP_REFUSED)
    expect(refused.stderr).toContain('[prepare] ADMIN_PASSWORD is required')
    const done = await run('scripts/prepare-database.mjs', { ...env, ADMIN_PASSWORD: 'Rahasia-Kuat-7' })
    expect(done.stderr).toBe('')
    expect(done.status).toBe(0)
    expect(done.stdout).toContain('admin user created')
  }, 90_000)
})
