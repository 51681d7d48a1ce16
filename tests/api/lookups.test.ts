import { describe, expect, it } from 'vitest'
import { makeApi, userWithGrants, type Json } from './harness.ts'

/**
 * Lists that other screens use as lookups answer the full record only to a holder of Select on the
 * record's own menu; to the others the fields a choice needs (api/routes/grants.ts `lookup`).
 */

type Api = Awaited<ReturnType<typeof makeApi>>
const keysOf = (rows: Json[]) => [...new Set(rows.flatMap((r: Json) => Object.keys(r)))].sort()

async function seeded() {
  const api = await makeApi()
  await api.login()
  const k = await api.post('/api/karyawan/add', {
    json: {
      nama_lengkap: 'Rahasia',
      no_ktp: '3201',
      no_sim: 'SIM-1',
      norek: '123',
      nama_bank: 'BCA',
      atas_nama: 'R',
      telp: '0811',
      alamat: 'Jl. A',
    },
  })
  expect(k.status, JSON.stringify(k.json)).toBe(201)
  const s = await api.post('/api/supplier/add', { json: { nama_supp: 'Supplier Rahasia', npwp: '01.234', norek: '999', alamat: 'Jl. B' } })
  expect(s.status, JSON.stringify(s.json)).toBe(201)
  return api
}

const list = async (api: Api, path: string, token: string) => {
  const res = await api.get(path, { token })
  expect(res.status, JSON.stringify(res.json)).toBe(200)
  return res.json as Json[]
}

describe('lookups give a choice, not the record', { timeout: 30_000 }, () => {
  it('Select on User alone: /api/karyawan without KTP, SIM, bank account or photos; Karyawan Select: all of it', async () => {
    const api = await seeded()
    const userOnly = await userWithGrants(api, 'lookup-user', { '/admin/user': [] })
    const rows = await list(api, '/api/karyawan', userOnly.token)
    expect(keysOf(rows)).toEqual(['alamat', 'id', 'kode_karyawan', 'nama_lengkap', 'qrcode_karyawan', 'telp'])
    expect(rows.find((r) => r.nama_lengkap === 'Rahasia')).toMatchObject({ telp: '0811', alamat: 'Jl. A' })
    const full = await userWithGrants(api, 'lookup-karyawan', { '/admin/karyawan': [] })
    const all = await list(api, '/api/karyawan', full.token)
    expect(all.find((r) => r.nama_lengkap === 'Rahasia')).toMatchObject({ no_ktp: '3201', no_sim: 'SIM-1', norek: '123' })
  })

  it('a page of the lookup (paged lists) has the same choice columns as the whole lookup', async () => {
    const api = await seeded()
    const userOnly = await userWithGrants(api, 'lookup-user', { '/admin/user': [] })
    const res = await api.get('/api/karyawan?page=1&per_page=50&q=rahasia', { token: userOnly.token })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    expect(keysOf(res.json.data)).toEqual(['alamat', 'id', 'kode_karyawan', 'nama_lengkap', 'qrcode_karyawan', 'telp'])
    expect(res.json.meta.total).toBeGreaterThan(0)
    expect(JSON.stringify(res.json)).not.toContain('3201')
  })

  it('the two shapes have different ETags: a 304 never hands one to a caller of the other', async () => {
    const api = await seeded()
    const userOnly = await userWithGrants(api, 'lookup-user', { '/admin/user': [] })
    const full = await userWithGrants(api, 'lookup-karyawan', { '/admin/karyawan': [] })
    const fullAnswer = await api.get('/api/karyawan', { token: full.token })
    const etag = fullAnswer.headers.get('etag')!
    expect(etag).toBeTruthy()
    const asLookup = await api.get('/api/karyawan', { token: userOnly.token, headers: { 'If-None-Match': etag } })
    expect(asLookup.status).toBe(200)
    expect(JSON.stringify(asLookup.json)).not.toContain('3201')
  })

  it('Select on Kendaraan alone: /api/user without phones or addresses', async () => {
    const api = await seeded()
    const kendaraan = await userWithGrants(api, 'lookup-kendaraan', { '/admin/kendaraan': [] })
    const rows = await list(api, '/api/user', kendaraan.token)
    expect(keysOf(rows)).toEqual(['id', 'karyawan', 'karyawan_id', 'kode_user', 'nama_user'])
    const full = await userWithGrants(api, 'lookup-userfull', { '/admin/user': [] })
    expect(keysOf(await list(api, '/api/user', full.token))).toContain('telp')
  })

  it('Select on Stok Ban or Pembelian Ban alone: /api/supplier without bank account or NPWP', async () => {
    const api = await seeded()
    for (const menu of ['/admin/ban', '/admin/pembelian-ban']) {
      const u = await userWithGrants(api, `lookup-${menu.split('/').pop()}`, { [menu]: [] })
      const rows = await list(api, '/api/supplier', u.token)
      expect(keysOf(rows), menu).toEqual(['alamat', 'id', 'kode_supplier', 'nama_supp', 'qrcode_supplier'])
    }
    const full = await userWithGrants(api, 'lookup-supplier', { '/admin/supplier': [] })
    expect((await list(api, '/api/supplier', full.token)).find((r) => r.nama_supp === 'Supplier Rahasia')).toMatchObject({
      npwp: '01.234',
      norek: '999',
    })
  })
})
