import { beforeAll, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { CODE_PREFIX } from '../../api/codes.ts'
import { DOCUMENT_LIST } from '../../api/documents.ts'
import { EXTENSIONS } from '../../api/features.ts'
import { MENU_CATALOGUE } from '../../api/menu-catalogue.ts'
import { API_GRANTS } from '../../api/routes/grants.ts'
import { PERMISSION_FLAGS } from '../../api/routes/master/akses.ts'
import { makeApi, userWithGrants, type Json } from './harness.ts'
import { buyTyres, insertMasters, makeFitting, serial, stageTyre, type Masters } from './fixtures-transaksi.ts'

/**
 * The audit trail (an extension of the spec: docs/upstream-contract.md "Extensions: audit
 * trail"): records written by the api with each change, read through GET /api/riwayat-dokumen/… and
 * GET /api/akses/{id}/riwayat, never edited or deleted.
 */

type Api = Awaited<ReturnType<typeof makeApi>>
type Row = {
  id: number
  aksi: string
  created_at: string
  user: { id: number | null; kode_user: string | null; nama_user: string }
  detail: Json
}

const history = async (api: Api, entitas: string, id: number, token?: string): Promise<Row[]> => {
  const res = await api.get(`/api/riwayat-dokumen/${entitas}/${id}`, token ? { token } : {})
  expect(res.status, JSON.stringify(res.json)).toBe(200)
  return res.json.data
}

/** A karyawan stored directly (no code counter): its id. */
const insertKaryawan = async (api: Api, kode_karyawan: string, nama_lengkap: string) =>
  (await api.db.q.insertInto('karyawan').values({ kode_karyawan, nama_lengkap }).returning('id').executeTakeFirstOrThrow()).id
const allRows = async (api: Api) =>
  (await api.db.q.selectFrom('audit_log').selectAll().orderBy('id').execute()) as Record<string, unknown>[]

/** The ISO time of a record is now (within a minute). */
const isRecent = (iso: string) => Math.abs(Date.parse(iso) - Date.now()) < 60_000

describe('audit trail: documents', () => {
  let api: Api
  let m: Masters
  let adminId: number
  let adminName: string

  beforeAll(async () => {
    api = await makeApi()
    m = await insertMasters(api.db)
    await api.login()
    const me = (await api.get('/api/me')).json.data
    adminId = me.id
    adminName = me.karyawan?.nama_lengkap ?? me.nama_user ?? me.kode_user
  })

  it('is offered as the audit extension (GET /api/fitur)', async () => {
    expect((await api.get('/api/fitur')).json.data).toContain('audit')
  })

  it('records a purchase created, changed, posted and unposted: who and when, oldest first', async () => {
    const p = await buyTyres(api, m, [serial()])
    const upd = await api.post(`/api/pembelian-ban/${p.id}/update`, {
      json: { supplier_id: m.supplier2Id, ban: [{ no_seri: serial(), harga: 5 }] },
    })
    expect(upd.status).toBe(200)
    expect((await api.post(`/api/inquery-pembelian/${p.id}/posting`)).status).toBe(200)
    expect((await api.post(`/api/inquery-pembelian-ban/${p.id}/unpost`)).status).toBe(200)
    expect((await api.post(`/api/inquery-pembelian-ban/${p.id}/posting`)).status).toBe(200)
    const rows = await history(api, 'pembelian_ban', p.id)
    expect(rows.map((r) => r.aksi)).toEqual(['dibuat', 'diubah', 'posting', 'unpost', 'posting'])
    for (const r of rows) {
      expect(r.user).toEqual({ id: adminId, kode_user: 'admin', nama_user: adminName })
      expect(r.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
      expect(isRecent(r.created_at)).toBe(true)
    }
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b))
  })

  it('records nothing for a refused change (409: already posted, a 422)', async () => {
    const p = await buyTyres(api, m, [serial()])
    await api.post(`/api/inquery-pembelian/${p.id}/posting`)
    expect((await api.post(`/api/inquery-pembelian/${p.id}/posting`)).status).toBe(409)
    expect((await api.post(`/api/pembelian-ban/${p.id}/update`, { json: { supplier_id: m.supplierId, ban: [] } })).status).not.toBe(200)
    expect((await history(api, 'pembelian_ban', p.id)).map((r) => r.aksi)).toEqual(['dibuat', 'posting'])
  })

  it('records a fitting created, its details changed in the inquiry, posted and unposted', async () => {
    const [s1, s2] = [serial(), serial()]
    await buyTyres(api, m, [s1, s2])
    const f = await makeFitting(api, m.kendaraan[6], [{ no_seri: s1, posisi_ban: '1A' }])
    const add = await api.post('/api/inquery-pemasangan-ban/detail-ban', {
      json: { pemasangan_ban_id: f.id, no_seri: s2, posisi_ban: '1B', km_pemasangan: 100_000 },
    })
    expect(add.status).toBe(201)
    expect((await api.post(`/api/inquery-pemasangan-ban/${f.id}/update`, { json: {} })).status).toBe(200)
    expect((await api.del(`/api/pemasangan-ban/delete-detail-ban/${add.json.data.id}`)).status).toBe(200)
    expect((await api.post(`/api/inquery-pemasangan/${f.id}/posting`)).status).toBe(200)
    expect((await api.post(`/api/inquery-pemasangan-ban/${f.id}/unpost`)).status).toBe(200)
    const rows = await history(api, 'pemasangan_ban', f.id)
    expect(rows.map((r) => r.aksi)).toEqual(['dibuat', 'diubah', 'diubah', 'diubah', 'posting', 'unpost'])
    expect(rows.every((r) => r.user.id === adminId && r.user.nama_user === adminName)).toBe(true)
  })

  it('does not record staging a tyre before the fitting exists', async () => {
    const before = (await allRows(api)).length
    const s = serial()
    await buyTyres(api, m, [s])
    expect((await stageTyre(api, { kendaraan_id: m.kendaraan[10], no_seri: s, posisi_ban: '1A' })).status).toBe(201)
    // One record: the purchase's 'dibuat'.
    expect((await allRows(api)).slice(before).map((r) => r.aksi)).toEqual(['dibuat'])
  })

  it('records who posted from another account, with the name as it was when that user is renamed later', async () => {
    const p = await buyTyres(api, m, [serial()])
    const clerk = await userWithGrants(api, 'audit-clerk', { '/admin/inquery-pembelian-ban': ['posting', 'show'] })
    await api.db.q.updateTable('users').set({ nama_user: 'Sinta Lama' }).where('id', '=', clerk.id).execute()
    expect((await api.post(`/api/inquery-pembelian/${p.id}/posting`, { token: clerk.token })).status).toBe(200)
    await api.db.q.updateTable('users').set({ nama_user: 'Sinta Baru', kode_user: 'audit-clerk-2' }).where('id', '=', clerk.id).execute()
    const rows = await history(api, 'pembelian_ban', p.id, clerk.token)
    expect(rows.at(-1)).toMatchObject({ aksi: 'posting', user: { id: clerk.id, kode_user: 'audit-clerk', nama_user: 'Sinta Lama' } })
  })

  it("keeps the login name beside the name: an employee renamed 'Administrator Sistem' by its own user does not pass for the admin", async () => {
    const p = await buyTyres(api, m, [serial()])
    const spoof = await userWithGrants(api, 'audit-spoof', {
      '/admin/karyawan': ['update'],
      '/admin/inquery-pembelian-ban': ['posting', 'show'],
    })
    const k = await insertKaryawan(api, 'AUD-S1', 'Sinta')
    await api.db.q.updateTable('users').set({ karyawan_id: k }).where('id', '=', spoof.id).execute()
    const rename = await api.post(`/api/karyawan/${k}/update`, { token: spoof.token, json: { nama_lengkap: adminName } })
    expect(rename.status, JSON.stringify(rename.json)).toBe(200)
    expect((await api.post(`/api/inquery-pembelian/${p.id}/posting`, { token: spoof.token })).status).toBe(200)
    const [dibuat, posting] = await history(api, 'pembelian_ban', p.id)
    expect(dibuat.user).toEqual({ id: adminId, kode_user: 'admin', nama_user: adminName })
    expect(posting.user).toEqual({ id: spoof.id, kode_user: 'audit-spoof', nama_user: adminName })
    // Stored in the row itself, as it was: a later change of the login name does not reach it.
    await api.db.q.updateTable('users').set({ kode_user: 'audit-spoof-2' }).where('id', '=', spoof.id).execute()
    expect((await history(api, 'pembelian_ban', p.id))[1].user.kode_user).toBe('audit-spoof')
  })

  it("names the user by the karyawan's name first, then nama_user, then kode_user", async () => {
    const p = await buyTyres(api, m, [serial()])
    const u = await userWithGrants(api, 'audit-tanpa-nama', { '/admin/inquery-pembelian-ban': ['posting', 'unpost', 'show'] })
    await api.post(`/api/inquery-pembelian/${p.id}/posting`, { token: u.token })
    await api.db.q.updateTable('users').set({ nama_user: 'Budi Pengguna' }).where('id', '=', u.id).execute()
    await api.post(`/api/inquery-pembelian/${p.id}/unpost`, { token: u.token })
    const k = await insertKaryawan(api, 'AUD-K1', 'Budi Santoso')
    await api.db.q.updateTable('users').set({ karyawan_id: k }).where('id', '=', u.id).execute()
    await api.post(`/api/inquery-pembelian/${p.id}/posting`, { token: u.token })
    const names = (await history(api, 'pembelian_ban', p.id)).slice(1).map((r) => r.user.nama_user)
    expect(names).toEqual(['audit-tanpa-nama', 'Budi Pengguna', 'Budi Santoso'])
  })

  it("keeps a deleted document's history, ending with who deleted it", async () => {
    const p = await buyTyres(api, m, [serial()])
    expect((await api.del(`/api/pembelian-ban/${p.id}`)).status).toBe(200)
    expect((await history(api, 'pembelian_ban', p.id)).map((r) => r.aksi)).toEqual(['dibuat', 'hapus'])
  })

  it('answers 404 for a document that never existed, an unknown entitas or a bad id', async () => {
    for (const [key, d] of DOCUMENT_LIST) {
      const res = await api.get(`/api/riwayat-dokumen/${key}/999999`)
      expect({ status: res.status, message: res.json.message }, key).toEqual({ status: 404, message: `${d.what} tidak ditemukan.` })
    }
    expect((await api.get('/api/riwayat-dokumen/pembelian_ban/999999')).status).toBe(404)
    expect((await api.get('/api/riwayat-dokumen/pemasangan_ban/999999')).status).toBe(404)
    expect((await api.get('/api/riwayat-dokumen/stnk/1')).status).toBe(404)
    expect((await api.get('/api/riwayat-dokumen/pembelian_ban/abc')).status).toBe(404)
  })

  it('answers an existing document without records (made before the trail) with an empty list', async () => {
    const { id } = await api.db.q
      .insertInto('pembelian_ban')
      .values({ kode_pembelian_ban: 'AUD-OLD', supplier_id: m.supplierId, grand_total: 0, status: 'unpost', tanggal_awal: '2001-01-01' })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(await history(api, 'pembelian_ban', id)).toEqual([])
  })

  it('needs Show on a menu of the document (403 without it)', async () => {
    const p = await buyTyres(api, m, [serial()])
    const f = await makeFitting(api, m.kendaraan[18], [
      { no_seri: (await buyTyres(api, m, [serial()])).detail_ban[0].no_seri, posisi_ban: '1A' },
    ])
    const selectOnly = await userWithGrants(api, 'audit-select', { '/admin/pembelian-ban': [], '/admin/pemasangan-ban': [] })
    const pembelianShow = await userWithGrants(api, 'audit-pb-show', { '/admin/pembelian-ban': ['show'] })
    const inqueryShow = await userWithGrants(api, 'audit-inq-show', { '/admin/inquery-pemasangan-ban': ['show'] })
    expect((await api.get(`/api/riwayat-dokumen/pembelian_ban/${p.id}`, { token: selectOnly.token })).status).toBe(403)
    expect((await api.get(`/api/riwayat-dokumen/pemasangan_ban/${f.id}`, { token: selectOnly.token })).status).toBe(403)
    expect((await api.get(`/api/riwayat-dokumen/pembelian_ban/${p.id}`, { token: pembelianShow.token })).status).toBe(200)
    expect((await api.get(`/api/riwayat-dokumen/pemasangan_ban/${f.id}`, { token: pembelianShow.token })).status).toBe(403)
    expect((await api.get(`/api/riwayat-dokumen/pemasangan_ban/${f.id}`, { token: inqueryShow.token })).status).toBe(200)
    expect((await api.get(`/api/riwayat-dokumen/pembelian_ban/${p.id}`, { token: null })).status).toBe(401)
  })
})

describe('audit trail: access rights', () => {
  let api: Api
  let menuId: (route: string) => Promise<number>
  const flags = (on: string[]) => Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, on.includes(f) ? 1 : 0]))

  beforeAll(async () => {
    api = await makeApi()
    await api.login()
    menuId = async (route) => (await api.db.q.selectFrom('menu_fitur').select('id').where('route', '=', route).executeTakeFirstOrThrow()).id
  })

  it('records who changed whose grants and, per menu, what was granted and revoked', async () => {
    const target = await userWithGrants(api, 'audit-target', { '/admin/departemen': ['create', 'delete'], '/admin/karyawan': [] })
    const dep = await menuId('/admin/departemen')
    const sup = await menuId('/admin/supplier')
    const res = await api.post(`/api/akses/${target.id}/update`, {
      json: { menus: { [dep]: 1, [sup]: 1 }, permissions: { [dep]: flags(['can_create', 'can_update']), [sup]: flags([]) } },
    })
    expect(res.status).toBe(200)
    const rows = (await api.get(`/api/akses/${target.id}/riwayat`)).json.data as Row[]
    expect(rows).toHaveLength(1)
    const me = (await api.get('/api/me')).json.data
    expect(rows[0]).toMatchObject({ aksi: 'akses_diubah', user: { id: me.id, nama_user: me.karyawan?.nama_lengkap ?? me.nama_user } })
    expect(isRecent(rows[0].created_at)).toBe(true)
    expect(rows[0].detail.perubahan).toEqual([
      { menu_fitur_id: dep, menu: 'Departemen', kategori: 'Master', granted: ['update'], revoked: ['delete'] },
      { menu_fitur_id: await menuId('/admin/karyawan'), menu: 'Karyawan', kategori: 'Master', granted: [], revoked: ['select'] },
      { menu_fitur_id: sup, menu: 'Supplier', kategori: 'Master', granted: ['select'], revoked: [] },
    ])
  })

  it('records nothing for a save that changes nothing, or a refused one (422)', async () => {
    const target = await userWithGrants(api, 'audit-same', { '/admin/departemen': ['create'] })
    const dep = await menuId('/admin/departemen')
    await api.post(`/api/akses/${target.id}/update`, { json: { menus: { [dep]: 1 }, permissions: { [dep]: flags(['can_create']) } } })
    expect((await api.post(`/api/akses/${target.id}/update`, { json: { menus: { 99999: 1 } } })).status).toBe(422)
    expect((await api.get(`/api/akses/${target.id}/riwayat`)).json.data).toEqual([])
  })

  it('answers the last 20 changes, newest first', async () => {
    const target = await userWithGrants(api, 'audit-many', {})
    const dep = await menuId('/admin/departemen')
    for (let i = 0; i < 22; i++) {
      const on = i % 2 === 0 ? { [dep]: 1 } : {}
      expect((await api.post(`/api/akses/${target.id}/update`, { json: { menus: on } })).status).toBe(200)
    }
    const rows = (await api.get(`/api/akses/${target.id}/riwayat`)).json.data as Row[]
    expect(rows).toHaveLength(20)
    expect(rows[0].id).toBeGreaterThan(rows[19].id)
    // The newest (the 22nd, odd: revoked) first.
    expect(rows[0].detail.perubahan[0].revoked).toEqual(['select'])
  })

  it('needs Select on Hak Akses (403 without it); 404 for an unknown user', async () => {
    const viewer = await userWithGrants(api, 'audit-viewer', { '/admin/akses': [] })
    const other = await userWithGrants(api, 'audit-other', { '/admin/departemen': [] })
    expect((await api.get(`/api/akses/${other.id}/riwayat`, { token: viewer.token })).status).toBe(200)
    expect((await api.get(`/api/akses/${viewer.id}/riwayat`, { token: other.token })).status).toBe(403)
    expect((await api.get(`/api/akses/${other.id}/riwayat`, { token: other.token })).status).toBe(403)
    expect((await api.get('/api/akses/999999/riwayat')).status).toBe(404)
  })
})

describe('audit trail: append-only', () => {
  it('refuses UPDATE and DELETE on the table itself', async () => {
    const api = await makeApi()
    const m = await insertMasters(api.db)
    await api.login()
    await buyTyres(api, m, [serial()])
    await expect(api.db.q.updateTable('audit_log').set({ nama_user: 'x' }).execute()).rejects.toThrow(/append-only/)
    await expect(api.db.q.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/)
  })

  it('every non-GET route of the api leaves the existing records unchanged', async () => {
    const api = await makeApi()
    const m = await insertMasters(api.db)
    const token = await api.login()
    const [s1, s2] = [serial(), serial()]
    const p = await buyTyres(api, m, [s1])
    await buyTyres(api, m, [s2])
    const f = await makeFitting(api, m.kendaraan[6], [{ no_seri: s2, posisi_ban: '1A' }])
    await api.post(`/api/inquery-pembelian/${p.id}/posting`)
    await api.post(`/api/inquery-pembelian/${p.id}/unpost`)
    const target = await userWithGrants(api, 'audit-append', { '/admin/departemen': [] })
    await api.post(`/api/akses/${target.id}/update`, { json: { menus: {} } })
    const before = await allRows(api)
    expect(before.length).toBeGreaterThanOrEqual(6)
    const ids: Record<string, number> = { id: p.id, kendaraanId: m.kendaraan[6] }
    const writes = Object.keys(API_GRANTS).filter((k) => !k.startsWith('GET ') && k !== 'POST /api/logout')
    expect(writes.length).toBeGreaterThan(30)
    for (const key of writes) {
      const [method, pattern] = key.split(' ')
      const userRoute = /\/(user|akses)\//.test(pattern)
      const path = pattern.replace(/:(\w+)/g, (_, name: string) => String(userRoute ? target.id : (ids[name] ?? f.id)))
      for (const json of [{}, { menus: {} }]) {
        const res = await api.request(method, path, { token, json: method === 'DELETE' ? undefined : json })
        expect(res.status, `${key} → ${res.status}`).toBeLessThan(500)
      }
    }
    const after = await allRows(api)
    expect(after.slice(0, before.length)).toEqual(before)
  })

  it('is not readable when the extension is switched off (the records are still written)', async () => {
    const api = await makeApi()
    const off = await createApi({ db: api.db, uploadsDir: api.uploadsDir, extensions: new Set() })
    const m = await insertMasters(api.db)
    await api.login()
    const p = await buyTyres(api, m, [serial()])
    const token = (await api.post('/api/login', { json: { kode_user: 'admin', password: 'admin' }, token: null })).json.token
    const res = await off.request(`/api/riwayat-dokumen/pembelian_ban/${p.id}`, { headers: { Authorization: `Bearer ${token}` } })
    expect(res.status).toBe(404)
    const fitur = await off.request('/api/fitur', { headers: { Authorization: `Bearer ${token}` } })
    expect(((await fitur.json()) as { data: string[] }).data).not.toContain('audit')
    expect((await allRows(api)).map((r) => r.aksi)).toEqual(['dibuat'])
  })
})

describe('the documents’ declaration (api/documents.ts)', () => {
  it('gives each its code prefix, a history call guarded by Show on its menus, and its extension in /api/fitur', () => {
    const menus = new Set(MENU_CATALOGUE.map((m) => m.route))
    for (const [key, d] of DOCUMENT_LIST) {
      expect(CODE_PREFIX[key], key).toBe(d.prefix)
      for (const menu of d.menus) expect(menus.has(menu), `${key}: ${menu}`).toBe(true)
      expect(API_GRANTS[`GET /api/riwayat-dokumen/${key}/:id`], key).toEqual({ anyOf: [{ menus: [...d.menus], perm: 'show' }] })
      if (d.extension) expect(EXTENSIONS, key).toContain(d.extension)
    }
  })
})
