import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { NO_MENU_ACCESS, NO_PERMISSION } from '../../api/grants.ts'
import { MENU_CATALOGUE } from '../../api/menu-catalogue.ts'
import { API_GRANTS } from '../../api/routes/grants.ts'
import { PERMISSION_FLAGS } from '../../api/routes/master/akses.ts'
import { call, entries, idsOf, isOpen, LINE_ROUTES, snapshot, type Api } from './grant-walk.ts'
import { makeApi, setGrants, userWithGrants, type Json } from './harness.ts'

/**
 * Grants enforced by the api: every /api route has an entry in api/routes/grants.ts, and
 * a token's user gets only what the access editor gave them: 403 {message} otherwise.
 */

describe('the grants table', () => {
  it('names every route the api registers, and nothing else (a new route without an entry fails here)', async () => {
    const api = await makeApi({ seed: false })
    const registered = new Set(
      api.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`),
    )
    expect(registered.size).toBeGreaterThan(60)
    const missing = [...registered].filter((k) => !Object.hasOwn(API_GRANTS, k))
    expect(missing, 'routes without a grant entry').toEqual([])
    const stale = Object.keys(API_GRANTS).filter((k) => !registered.has(k))
    expect(stale, 'entries without a route').toEqual([])
  })

  it('names only menus of the catalogue, and only the login, logout, /me, /fitur and one’s own password and contact are open', () => {
    const menus = new Set(MENU_CATALOGUE.map((m) => m.route))
    for (const [key, grant] of entries) {
      if (isOpen(grant)) continue
      for (const need of grant.anyOf) for (const m of need.menus) expect(menus.has(m), `${key}: ${m}`).toBe(true)
    }
    expect(
      entries
        .filter(([, g]) => isOpen(g))
        .map(([k]) => k)
        .sort(),
    ).toEqual(['GET /api/fitur', 'GET /api/me', 'POST /api/login', 'POST /api/logout', 'POST /api/password', 'POST /api/profil'])
  })
})

describe('a token of a user without any grant', () => {
  let api: Api
  let fill: (p: string) => Promise<string>
  let tanpa: { id: number; token: string }
  beforeEach(async () => {
    api = await makeApi()
    fill = await idsOf(api)
    tanpa = await userWithGrants(api, 'tanpa')
  })

  it('gets 403 {message} on every route of the table but the open ones, and nothing is stored', async () => {
    const before = await snapshot(api)
    for (const [key, grant] of entries) {
      if (isOpen(grant)) continue
      const res = await call(api, key, tanpa.token, fill)
      expect(res.status, key).toBe(403)
      expect(res.json, key).toEqual({ message: NO_MENU_ACCESS })
    }
    expect(await snapshot(api)).toEqual(before)
  })

  it('cannot make itself administrator, add a user or a department, or read a report', async () => {
    const edit = (await api.get(`/api/akses/${tanpa.id}/edit`, { token: tanpa.token })).json
    const menus = Object.fromEntries(
      Object.values(edit.menufiturs as Record<string, Json[]>)
        .flat()
        .map((f) => [f.id, 1]),
    )
    const all = Object.fromEntries(Object.keys(menus).map((id) => [id, { can_create: 1, can_update: 1, can_delete: 1 }]))
    const self = await api.post(`/api/akses/${tanpa.id}/update`, { token: tanpa.token, json: { menus, permissions: all } })
    expect(self.status).toBe(403)
    expect((await api.get(`/api/akses/${tanpa.id}/edit`, { token: tanpa.token })).json.userMenu).toEqual({})
    expect((await api.post('/api/departemen', { token: tanpa.token, json: { nama: 'Bobol' } })).status).toBe(403)
    expect((await api.post('/api/user/add', { token: tanpa.token, json: { karyawan_id: 1, kode_user: 'bobol' } })).status).toBe(403)
    expect(
      await api.db.q
        .selectFrom('departemen')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('nama', '=', 'Bobol')
        .executeTakeFirst(),
    ).toEqual({ n: 0 })
    expect(
      await api.db.q
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('kode_user', '=', 'bobol')
        .executeTakeFirst(),
    ).toEqual({ n: 0 })
    expect((await api.get('/api/laporan-pembelian-ban', { token: tanpa.token })).status).toBe(403)
    expect((await api.get('/api/inquery-pembelian-ban', { token: tanpa.token })).status).toBe(403)
  })

  it("may log out, read itself and its own grants (the app reads them on every request), no one else's", async () => {
    const own = await api.get(`/api/akses/${tanpa.id}/edit`, { token: tanpa.token })
    expect(own.status).toBe(200)
    expect(own.json.user.kode_user).toBe('tanpa')
    expect((await api.get('/api/me', { token: tanpa.token })).json.data.kode_user).toBe('tanpa')
    expect((await api.get(`/api/akses/${(await fill('/api/akses/:id/edit')).split('/')[3]}/edit`, { token: tanpa.token })).status).toBe(403)
    // Other spellings of its own id are someone else's route parameter: refused, not open.
    expect((await api.get(`/api/akses/0${tanpa.id}/edit`, { token: tanpa.token })).status).toBe(403)
    expect((await api.post('/api/logout', { token: tanpa.token })).status).toBe(200)
    expect((await api.get(`/api/akses/${tanpa.id}/edit`, { token: tanpa.token })).status).toBe(401)
  })

  it('an unknown path is still 404, a missing token still 401', async () => {
    expect((await api.get('/api/tidak-ada', { token: tanpa.token })).status).toBe(404)
    expect((await api.get('/api/departemen', { token: null })).status).toBe(401)
  })
})

// Every menu × every route: thousands of calls, growing with each screen. One test a menu (each with
// its own time), in one api and database: the last test checks that none of them wrote anything.
describe('Select alone on a menu', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  let fill: Awaited<ReturnType<typeof idsOf>>
  let user: Awaited<ReturnType<typeof userWithGrants>>
  let before: Awaited<ReturnType<typeof snapshot>>
  beforeAll(async () => {
    api = await makeApi()
    fill = await idsOf(api)
    user = await userWithGrants(api, 'pilih')
    before = await snapshot(api)
  })

  it.each(MENU_CATALOGUE.map((m) => m.route))(
    "%s: reads what that menu's screens read (its lookups too) and nothing else",
    async (menu) => {
      await setGrants(api, user.id, { [menu]: [] })
      for (const [key, grant] of entries) {
        if (isOpen(grant)) continue
        const readable = grant.anyOf.some((n) => n.perm === null && n.menus.includes(menu))
        const named = grant.anyOf.some((n) => n.menus.includes(menu))
        const res = await call(api, key, user.token, fill)
        if (readable) expect(res.status, `${menu}: ${key}`).toBe(200)
        else {
          expect(res.status, `${menu}: ${key}`).toBe(403)
          // The menu is open to the user but not this action: the message says so.
          expect(res.json.message, `${menu}: ${key}`).toBe(named ? NO_PERMISSION : NO_MENU_ACCESS)
        }
      }
    },
  )

  it('wrote nothing, whichever menu it held', async () => {
    await setGrants(api, user.id, {})
    const after = await snapshot(api)
    for (const t of Object.keys(before)) expect(after[t], t).toEqual(before[t])
  })
})

describe('the grant a route names', () => {
  it('is enough: for every alternative of every entry, a user holding only that passes the check', async () => {
    const api = await makeApi()
    const fill = await idsOf(api)
    const user = await userWithGrants(api, 'tepat')
    for (const [key, grant] of entries) {
      // The lines of the fitting and removal screens: which alternative suffices depends on the line
      // (staged or of a registered document); tests/api/line-grants.test.ts walks each.
      if (isOpen(grant) || LINE_ROUTES.includes(key)) continue
      for (const need of grant.anyOf) {
        for (const menu of need.menus) {
          await setGrants(api, user.id, { [menu]: need.perm ? [need.perm] : [] })
          const res = await call(api, key, user.token, fill)
          // The handler answers (200, 201, 404, 409, 422 …): never the grant's 403.
          expect(res.status, `${key} with ${need.perm ?? 'Select'} on ${menu}`).not.toBe(403)
        }
      }
    }
  })

  it('Select + create on Departemen adds a department; update and delete still need their own permission', async () => {
    const api = await makeApi()
    const user = await userWithGrants(api, 'dep.tambah', { '/admin/departemen': ['create'] })
    const made = await api.post('/api/departemen', { token: user.token, json: { nama: 'Dari Pengguna Terbatas' } })
    expect(made.status).toBe(201)
    expect(await api.db.q.selectFrom('departemen').select('nama').where('id', '=', made.json.data.id).executeTakeFirst()).toEqual({
      nama: 'Dari Pengguna Terbatas',
    })
    const put = await api.put(`/api/departemen/${made.json.data.id}`, { token: user.token, json: { nama: 'Diubah' } })
    expect(put.status).toBe(403)
    expect(put.json).toEqual({ message: NO_PERMISSION })
    expect((await api.del(`/api/departemen/${made.json.data.id}`, { token: user.token })).status).toBe(403)
    expect(await api.db.q.selectFrom('departemen').select('nama').where('id', '=', made.json.data.id).executeTakeFirst()).toEqual({
      nama: 'Dari Pengguna Terbatas',
    })
  })

  it("the purchase form's lookups are open to Select on Pembelian Ban, their writes are not", async () => {
    const api = await makeApi()
    const user = await userWithGrants(api, 'beli', { '/admin/pembelian-ban': [] })
    for (const path of ['/api/supplier', '/api/ukuran', '/api/merek', '/api/typeban', '/api/pembelian-ban']) {
      expect((await api.get(path, { token: user.token })).status, path).toBe(200)
    }
    expect((await api.get('/api/karyawan', { token: user.token })).status).toBe(403)
    expect((await api.post('/api/ukuran/add', { token: user.token, json: { nama: 'X' } })).status).toBe(403)
  })

  it('posting_all on an inquiry posts its documents one by one (the app\'s "Posting semua"), posting alone on the list too', async () => {
    const api = await makeApi()
    const id = (
      await api.db.q
        .selectFrom('pembelian_ban')
        .select('id')
        .where('status', '=', 'unpost')
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id
    const bulk = await userWithGrants(api, 'semua', { '/admin/inquery-pembelian-ban': ['posting_all'] })
    expect((await api.post(`/api/inquery-pembelian/${id}/posting`, { token: bulk.token, json: {} })).status).toBe(200)
    expect((await api.post(`/api/inquery-pembelian/${id}/unpost`, { token: bulk.token, json: {} })).status).toBe(403)
    const list = await userWithGrants(api, 'daftar', { '/admin/pembelian-ban': ['unpost'] })
    expect((await api.post(`/api/inquery-pembelian/${id}/unpost`, { token: list.token, json: {} })).status).toBe(200)
    expect(await api.db.q.selectFrom('pembelian_ban').select('status').where('id', '=', id).executeTakeFirst()).toEqual({
      status: 'unpost',
    })
  })

  it("changing anyone's grants, one's own included, needs update on Hak Akses", async () => {
    const api = await makeApi()
    const viewer = await userWithGrants(api, 'lihat.akses', { '/admin/akses': [] })
    expect((await api.get('/api/akses', { token: viewer.token })).status).toBe(200)
    const self = await api.post(`/api/akses/${viewer.id}/update`, { token: viewer.token, json: { menus: {} } })
    expect(self.status).toBe(403)
    expect(self.json).toEqual({ message: NO_PERMISSION })
    const editor = await userWithGrants(api, 'ubah.akses', { '/admin/akses': ['update'] })
    expect((await api.post(`/api/akses/${viewer.id}/update`, { token: editor.token, json: { menus: {} } })).status).toBe(200)
    expect((await api.get('/api/akses', { token: viewer.token })).status).toBe(403)
  })

  it('the seeded admin holds every grant of the catalogue', async () => {
    const api = await makeApi()
    const admin = await api.db.q.selectFrom('users').select('id').where('kode_user', '=', 'admin').executeTakeFirstOrThrow()
    const rows = await PERMISSION_FLAGS.reduce(
      (query, flag) => query.where(`a.${flag}`, '=', 1),
      api.db.q
        .selectFrom('akses as a')
        .innerJoin('menu_fitur as f', 'f.id', 'a.menu_fitur_id')
        .select('f.route')
        .where('a.user_id', '=', admin.id)
        .where('a.active', '=', 1),
    ).execute()
    expect(rows.map((r) => r.route).sort()).toEqual(MENU_CATALOGUE.map((m) => m.route).sort())
  })
})
