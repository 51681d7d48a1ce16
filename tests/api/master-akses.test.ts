import { beforeEach, describe, expect, it } from 'vitest'
import { MENU_CATALOGUE } from '../../api/menu-catalogue.ts'
import { PERMISSION_FLAGS } from '../../api/routes/master/akses.ts'
import { makeApi, type Json } from './harness.ts'

const flags = (on: readonly string[]) => Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, on.includes(f) ? 1 : 0]))

describe('/api/akses', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  let users: Json[]
  beforeEach(async () => {
    api = await makeApi()
    await api.login()
    users = (await api.get('/api/user')).json
  })
  const userId = (kode: string) => users.find((u) => u.kode_user === kode).id

  it("the api's list of permission flags is the akses table's can_* columns, in order", async () => {
    const columns = await api.db.columnsOf('SELECT * FROM akses')
    expect(columns.filter((c) => c.startsWith('can_'))).toEqual([...PERMISSION_FLAGS])
  })

  it('lists one row per user: {id, kode_user, karyawan: {nama_lengkap}}', async () => {
    const res = await api.get('/api/akses')
    expect(res.status).toBe(200)
    expect(res.json.map((r: Json) => r.id)).toEqual(users.map((u) => u.id))
    expect(res.json.find((r: Json) => r.kode_user === 'admin')).toEqual({
      id: userId('admin'),
      kode_user: 'admin',
      karyawan: { nama_lengkap: 'Administrator Sistem' },
    })
    const older = (await api.post('/api/user', { json: { kode_user: 'tanpa.karyawan' } })).json.data
    const again = await api.get('/api/akses')
    expect(again.json.find((r: Json) => r.id === older.id)).toEqual({ id: older.id, kode_user: 'tanpa.karyawan', karyawan: null })
  })

  it('edit: user, features grouped by kategori in sidebar order, stored grants keyed by feature id', async () => {
    const res = await api.get(`/api/akses/${userId('sri.keuangan')}/edit`)
    expect(res.status).toBe(200)
    expect(res.json.user).toEqual({ id: userId('sri.keuangan'), kode_user: 'sri.keuangan', karyawan: { nama_lengkap: 'Sri Wahyuni' } })
    expect(Object.keys(res.json.menufiturs)).toEqual(['Master', 'Operasional', 'Pemeliharaan Kendaraan', 'Transaksi', 'Finance', 'Laporan'])
    expect(res.json.menufiturs.Master.map((f: Json) => f.nama).slice(0, 4)).toEqual(['Departemen', 'Karyawan', 'User', 'Hak Akses'])
    const inquiry = res.json.menufiturs.Finance.find((f: Json) => f.nama === 'Inquery Pembelian Ban')
    expect(inquiry).toEqual({ id: expect.any(Number), nama: 'Inquery Pembelian Ban', kategori: 'Finance' })
    expect(res.json.userMenu[String(inquiry.id)]).toEqual({
      menu_fitur_id: inquiry.id,
      active: 1,
      ...flags(['can_posting', 'can_unpost', 'can_posting_all', 'can_unpost_all', 'can_show', 'can_search', 'can_print']),
    })
    const departemen = res.json.menufiturs.Master[0]
    expect(res.json.userMenu[String(departemen.id)]).toBeUndefined()
  })

  it('edit of a user without grants has an empty userMenu; unknown user is 404', async () => {
    const res = await api.get(`/api/akses/${userId('budi.driver')}/edit`)
    expect(res.status).toBe(200)
    expect(res.json.userMenu).toEqual({})
    expect((await api.get('/api/akses/999999/edit')).status).toBe(404)
    expect((await api.get('/api/akses/satu/edit')).status).toBe(404)
  })

  it('update replaces every grant; the edit answer shows exactly what was saved', async () => {
    const id = userId('sri.keuangan')
    const features = (await api.get(`/api/akses/${id}/edit`)).json.menufiturs
    const [departemen, karyawan] = features.Master
    const [laporan] = features.Laporan
    const res = await api.post(`/api/akses/${id}/update`, {
      json: {
        menus: { [departemen.id]: 1, [laporan.id]: 1, [karyawan.id]: 0 },
        permissions: {
          [departemen.id]: flags(['can_create', 'can_show']),
          [laporan.id]: { ...flags(['can_print']), can_search: true },
          [karyawan.id]: flags(PERMISSION_FLAGS),
        },
      },
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: 'Akses berhasil diperbarui!' })
    const after = (await api.get(`/api/akses/${id}/edit`)).json.userMenu
    expect(Object.keys(after).sort()).toEqual([String(departemen.id), String(laporan.id)].sort())
    expect(after[departemen.id]).toEqual({ menu_fitur_id: departemen.id, active: 1, ...flags(['can_create', 'can_show']) })
    expect(after[laporan.id]).toEqual({ menu_fitur_id: laporan.id, active: 1, ...flags(['can_print', 'can_search']) })
    // other users keep their grants
    const admin = (await api.get(`/api/akses/${userId('admin')}/edit`)).json.userMenu
    // The admin has every feature of the catalogue.
    expect(Object.keys(admin).length).toBe(MENU_CATALOGUE.length)
  })

  it("concurrent saves of one user's grants replace each other whole, in order: one save's menu remains, the history agrees", async () => {
    const id = userId('sri.keuangan')
    const master = (await api.get(`/api/akses/${id}/edit`)).json.menufiturs.Master.slice(0, 6) as Json[]
    const saves = await Promise.all(
      master.map((menu) =>
        api.post(`/api/akses/${id}/update`, { json: { menus: { [menu.id]: 1 }, permissions: { [menu.id]: flags(['can_show']) } } }),
      ),
    )
    expect(saves.map((r) => r.status)).toEqual(master.map(() => 200))
    // Each save replaced every grant: exactly one save's menu is left, not a mix of several.
    const after = (await api.get(`/api/akses/${id}/edit`)).json.userMenu
    expect(Object.keys(after)).toHaveLength(1)
    // The history's records chain: each one's revoked menus are what the one before it granted.
    const history = ((await api.get(`/api/akses/${id}/riwayat`)).json.data as Json[]).slice(0, master.length).reverse()
    const granted = (record: Json) => (record.detail.perubahan as Json[]).filter((p) => p.granted.length).map((p) => p.menu_fitur_id)
    const revoked = (record: Json) =>
      (record.detail.perubahan as Json[]).filter((p) => p.revoked.includes('select')).map((p) => p.menu_fitur_id)
    for (let i = 1; i < history.length; i++) expect(revoked(history[i]!)).toEqual(granted(history[i - 1]!))
    expect(granted(history[history.length - 1]!)).toEqual(Object.keys(after).map(Number))
  })

  it('an active menu without permissions is active with every flag 0; empty menus revokes all', async () => {
    const id = userId('budi.driver')
    const kendaraan = (await api.get(`/api/akses/${id}/edit`)).json.menufiturs.Master.find((f: Json) => f.nama === 'Kendaraan')
    expect((await api.post(`/api/akses/${id}/update`, { json: { menus: { [kendaraan.id]: '1' } } })).status).toBe(200)
    expect((await api.get(`/api/akses/${id}/edit`)).json.userMenu).toEqual({
      [kendaraan.id]: { menu_fitur_id: kendaraan.id, active: 1, ...flags([]) },
    })
    expect((await api.post(`/api/akses/${id}/update`, { json: { menus: {}, permissions: {} } })).status).toBe(200)
    expect((await api.get(`/api/akses/${id}/edit`)).json.userMenu).toEqual({})
  })

  it('refuses unknown feature ids, bad flag values and a missing menus map with 422, changing nothing', async () => {
    const id = userId('sri.keuangan')
    const before = (await api.get(`/api/akses/${id}/edit`)).json.userMenu
    const unknown = await api.post(`/api/akses/${id}/update`, { json: { menus: { 9999: 1 }, permissions: { 9999: flags([]) } } })
    expect(unknown.status).toBe(422)
    expect(unknown.json.errors['menus.9999']).toEqual(['Menu fitur 9999 tidak dikenal.'])
    expect(unknown.json.errors['permissions.9999']).toEqual(['Menu fitur 9999 tidak dikenal.'])
    const badFlag = await api.post(`/api/akses/${id}/update`, { json: { menus: { 1: 1 }, permissions: { 1: { can_create: 'ya' } } } })
    expect(badFlag.status).toBe(422)
    expect(badFlag.json.errors['permissions.1.can_create']).toEqual(['Nilai izin harus 0 atau 1.'])
    const missing = await api.post(`/api/akses/${id}/update`, { json: {} })
    expect(missing.status).toBe(422)
    expect(missing.json.errors.menus).toBeDefined()
    expect((await api.get(`/api/akses/${id}/edit`)).json.userMenu).toEqual(before)
    expect((await api.post('/api/akses/999999/update', { json: { menus: {} } })).status).toBe(404)
  })

  it('needs a token on every call', async () => {
    const id = userId('sri.keuangan')
    for (const [method, path] of [
      ['GET', '/api/akses'],
      ['GET', `/api/akses/${id}/edit`],
      ['POST', `/api/akses/${id}/update`],
    ]) {
      const json = method === 'POST' ? { menus: {} } : undefined
      expect((await api.request(method, path, { token: null, json })).status, `${method} ${path}`).toBe(401)
    }
    expect(Object.keys((await api.get(`/api/akses/${id}/edit`)).json.userMenu).length).toBeGreaterThan(0)
  })
})
