import { beforeEach, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { EXTENSIONS } from '../../api/features.ts'
import { NO_MENU_ACCESS, NO_PERMISSION } from '../../api/grants.ts'
import { API_GRANTS } from '../../api/routes/grants.ts'
import { buyTyres, insertMasters, insertVehicle, makeFitting, serial, vehicleKm, type Api, type Masters } from './fixtures-transaksi.ts'
import { makeApi, userWithGrants, type Json } from './harness.ts'

/**
 * Tyre rotation (the extension 'rotasi-ban'; docs/upstream-contract.md "Extensions: tyre rotation"):
 * moves and swaps on one vehicle, staged and registered as a document, posted and locked; the
 * tyre's history and km run across positions.
 */

type Fixture = { api: Api; m: Masters; v: number; s: { a: string; b: string; c: string } }

/** Three tyres fitted on the 6-tyre vehicle at km 100.000: a on 1A, b on 1B, c on 2A (2B–2D empty). */
async function fixture(): Promise<Fixture> {
  const api = await makeApi()
  const m = await insertMasters(api.db)
  await api.login()
  const s = { a: serial('A'), b: serial('B'), c: serial('C') }
  await buyTyres(api, m, [s.a, s.b, s.c], { tanggal_awal: '2024-01-02' })
  const v = m.kendaraan[6]
  await makeFitting(api, v, [
    { no_seri: s.a, posisi_ban: '1A' },
    { no_seri: s.b, posisi_ban: '1B' },
    { no_seri: s.c, posisi_ban: '2A' },
  ])
  return { api, m, v, s }
}

const move = (api: Api, body: Record<string, unknown>, token?: string) =>
  api.post('/api/rotasi-ban/detail-ban', { json: { km: 110_000, ...body }, token })

const tyreId = async (api: Api, noSeri: string) =>
  (await api.db.q.selectFrom('ban').select('id').where('no_seri', '=', noSeri).executeTakeFirstOrThrow()).id

/** Which serial sits on each position of the vehicle now (from the fitted-tyres call). */
async function layout(api: Api, v: number): Promise<Record<string, string>> {
  const res = await api.get(`/api/rotasi-ban/terpasang/${v}`)
  expect(res.status).toBe(200)
  return Object.fromEntries((res.json.data as Json[]).map((d) => [d.posisi_ban, d.ban.no_seri]))
}

describe('rotation (Rotasi Ban)', () => {
  let f: Fixture
  beforeEach(async () => {
    f = await fixture()
  })

  it('swaps two tyres and moves one to an empty position, at once; registers the moves as an RT document with history', async () => {
    const { api, v, s } = f
    const swap = await move(api, { kendaraan_id: v, posisi_asal: '1A', posisi_tujuan: '1B', km: 105_000 })
    expect(swap.status).toBe(201)
    expect(swap.json.data).toMatchObject({ posisi_asal: '1A', posisi_tujuan: '1B', km: 105_000, rotasi_ban_id: null })
    expect(swap.json.data.ban.no_seri).toBe(s.a)
    expect(swap.json.data.ban_tukar.no_seri).toBe(s.b)
    expect(await layout(api, v)).toEqual({ '1A': s.b, '1B': s.a, '2A': s.c })

    const toEmpty = await move(api, { kendaraan_id: v, posisi_asal: '2A', posisi_tujuan: '2C', km: 106_000 })
    expect(toEmpty.status).toBe(201)
    expect(toEmpty.json.data.ban_tukar).toBeNull()
    expect(await layout(api, v)).toEqual({ '1A': s.b, '1B': s.a, '2C': s.c })
    // The km of each tyre's last move is its new floor.
    const fitted = (await api.get(`/api/rotasi-ban/terpasang/${v}`)).json.data as Json[]
    expect(Object.fromEntries(fitted.map((d) => [d.posisi_ban, d.km_terakhir]))).toEqual({ '1A': 105_000, '1B': 105_000, '2C': 106_000 })

    const staged = (await api.get(`/api/rotasi-ban/detail-list-ban/${v}`)).json.data as Json[]
    expect(staged.map((l) => [l.posisi_asal, l.posisi_tujuan])).toEqual([
      ['1A', '1B'],
      ['2A', '2C'],
    ])
    const doc = await api.post(`/api/rotasi-ban/add-rotasi/${v}`, { json: { tanggal_awal: '2024-03-01' } })
    expect(doc.status).toBe(201)
    expect(doc.json.data).toMatchObject({
      kode_rotasi: expect.stringMatching(/^RT\d{6}$/),
      km: 106_000,
      status: 'unpost',
      jumlah_rotasi: 2,
    })
    expect(await vehicleKm(api.db, v)).toBe(106_000)
    expect((await api.get(`/api/rotasi-ban/detail-list-ban/${v}`)).json.data).toEqual([])
    const detail = (await api.get(`/api/detail-rotasi/${doc.json.data.id}`)).json.data
    expect(detail.detail).toHaveLength(2)

    // Both swapped tyres' history show the move: from, to, km, who, the document.
    for (const [noSeri, from, to] of [
      [s.a, '1A', '1B'],
      [s.b, '1B', '1A'],
    ]) {
      const riwayat = (await api.get(`/api/ban/${await tyreId(api, noSeri)}/riwayat`)).json.data.riwayat as Json[]
      expect(riwayat[0]).toMatchObject({
        jenis: 'rotasi',
        posisi_ban: from,
        posisi_tujuan: to,
        km: 105_000,
        tanggal: '2024-03-01',
        user: { nama_user: expect.any(String) },
        dokumen: { jenis: 'rotasi', kode: doc.json.data.kode_rotasi },
      })
    }

    const list = (await api.get(`/api/rotasi-ban?page=1&per_page=10&q=${doc.json.data.kode_rotasi}&sort=kode_rotasi&dir=desc`)).json
    expect(list.meta).toMatchObject({ total: 1, posting: 0 })
    expect(list.data[0].kendaraan.id).toBe(v)
  })

  it("keeps the tyre's km run across positions: neither lost nor counted twice", async () => {
    const { api, v, s } = f
    expect((await move(api, { kendaraan_id: v, posisi_asal: '1A', posisi_tujuan: '2D', km: 120_000 })).status).toBe(201)
    await api.post(`/api/rotasi-ban/add-rotasi/${v}`)
    await api.db.q.updateTable('kendaraan').set({ km: 130000 }).where('id', '=', v).execute()
    const id = await tyreId(api, s.a)
    expect((await api.get(`/api/ban/${id}/riwayat`)).json.data.ringkasan).toMatchObject({
      km_tempuh: 0,
      km_berjalan: 30_000,
      total_km: 30_000,
    })
    // Removed from its new position: the removal counts from the fitting, across the move.
    const removed = await api.post('/api/pelepasan-ban/detail-ban', {
      json: { kendaraan_id: v, posisi_ban: '2D', km_pelepasan: 130_000, alasan: 'Habis', tujuan: 'stok' },
    })
    expect(removed.status).toBe(201)
    expect(removed.json.data).toMatchObject({ km_pemasangan: 100_000, km_tempuh: 30_000 })
    expect((await api.get(`/api/ban/${id}/riwayat`)).json.data.ringkasan).toMatchObject({
      km_tempuh: 30_000,
      km_berjalan: 0,
      total_km: 30_000,
    })
  })

  it('422 on every rule, with Indonesian field messages', async () => {
    const { api, v, m } = f
    const errors = async (body: Record<string, unknown>) => {
      const res = await move(api, body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      return res.json.errors as Record<string, string[]>
    }
    expect(await errors({})).toMatchObject({
      kendaraan_id: ['Kendaraan harus dipilih.'],
      posisi_asal: ['Posisi asal harus dipilih.'],
      posisi_tujuan: ['Posisi tujuan harus dipilih.'],
    })
    expect(await errors({ kendaraan_id: v, posisi_asal: '1A', posisi_tujuan: '1B', km: '' })).toEqual({ km: ['Km Rotasi harus diisi.'] })
    // A position of another vehicle.
    const other = await insertVehicle(api.db, m.jenis[6], 50_000)
    expect(await errors({ kendaraan_id: v, posisi_asal: '1A', posisi_tujuan: '1B', kendaraan_tujuan_id: other })).toEqual({
      posisi_tujuan: ['Posisi tujuan harus posisi kendaraan yang sama.'],
    })
    expect(await errors({ kendaraan_id: v, posisi_asal: '1A', posisi_tujuan: '5D' })).toEqual({
      posisi_tujuan: ['Posisi tujuan harus posisi kendaraan yang sama.'],
    })
    expect(await errors({ kendaraan_id: v, posisi_asal: '1A', posisi_tujuan: '1A' })).toEqual({
      posisi_tujuan: ['Posisi tujuan harus berbeda dari posisi asal.'],
    })
    // Moving an empty position.
    expect(await errors({ kendaraan_id: v, posisi_asal: '2B', posisi_tujuan: '2C' })).toEqual({
      posisi_asal: ['Tidak ada ban terpasang di posisi ini.'],
    })
    // Below the tyre's last km (its fitting's, then its last move's); of a swap, either tyre's.
    expect(await errors({ kendaraan_id: v, posisi_asal: '1A', posisi_tujuan: '2B', km: 99_999 })).toEqual({
      km: ['Km Rotasi tidak boleh di bawah km terakhir ban (100.000).'],
    })
    expect((await move(api, { kendaraan_id: v, posisi_asal: '2A', posisi_tujuan: '2B', km: 104_000 })).status).toBe(201)
    expect(await errors({ kendaraan_id: v, posisi_asal: '1A', posisi_tujuan: '2B', km: 103_000 })).toEqual({
      km: ['Km Rotasi tidak boleh di bawah km terakhir ban (104.000).'],
    })
    expect(await layout(api, v)).toEqual({ '1A': f.s.a, '1B': f.s.b, '2B': f.s.c })
  })

  it('a posted document cannot change: 422 on adding a move, undoing one, deleting it; unpost reopens it', async () => {
    const { api, v } = f
    await move(api, { kendaraan_id: v, posisi_asal: '1A', posisi_tujuan: '2B' })
    const doc = (await api.post(`/api/rotasi-ban/add-rotasi/${v}`)).json.data
    expect((await api.post(`/api/rotasi-ban/${doc.id}/posting`)).status).toBe(200)
    expect((await api.post(`/api/rotasi-ban/${doc.id}/posting`)).status).toBe(409)
    const added = await move(api, { kendaraan_id: v, posisi_asal: '1B', posisi_tujuan: '2C', rotasi_ban_id: doc.id })
    expect(added.status).toBe(422)
    expect(added.json.errors).toEqual({ rotasi_ban_id: ['Rotasi ban sudah diposting dan tidak dapat diubah.'] })
    const line = (await api.get(`/api/detail-rotasi/${doc.id}`)).json.data.detail[0]
    const undone = await api.del(`/api/rotasi-ban/delete-detail-ban/${line.id}`)
    expect(undone.status).toBe(422)
    expect(undone.json.errors).toEqual({ rotasi_ban_id: ['Rotasi ban sudah diposting dan tidak dapat diubah.'] })
    const deleted = await api.del(`/api/rotasi-ban/${doc.id}`)
    expect(deleted.status).toBe(422)
    expect(deleted.json.errors).toEqual({ rotasi_ban_id: ['Rotasi ban sudah diposting dan tidak dapat dihapus.'] })
    expect(await layout(api, v)).toEqual({ '2B': f.s.a, '1B': f.s.b, '2A': f.s.c })

    expect((await api.post(`/api/rotasi-ban/${doc.id}/unpost`)).status).toBe(200)
    expect((await move(api, { kendaraan_id: v, posisi_asal: '1B', posisi_tujuan: '2C', rotasi_ban_id: doc.id })).status).toBe(201)
    expect((await api.get(`/api/detail-rotasi/${doc.id}`)).json.data.jumlah_rotasi).toBe(2)
    const audit = (await api.get(`/api/riwayat-dokumen/rotasi_ban/${doc.id}`)).json.data as Json[]
    expect(audit.map((a) => a.aksi)).toEqual(['dibuat', 'posting', 'unpost', 'diubah'])
  })

  it('undoing a move puts the tyres back; deleting the document undoes its moves; a moved line cannot be unfitted', async () => {
    const { api, v, s } = f
    const swap = (await move(api, { kendaraan_id: v, posisi_asal: '1A', posisi_tujuan: '1B' })).json.data
    const second = (await move(api, { kendaraan_id: v, posisi_asal: '1B', posisi_tujuan: '2D' })).json.data
    // The first move's tyre has moved since: its undo waits for the newer one.
    expect((await api.del(`/api/rotasi-ban/delete-detail-ban/${swap.id}`)).status).toBe(409)
    expect((await api.del(`/api/rotasi-ban/delete-detail-ban/${second.id}`)).status).toBe(200)
    expect(await layout(api, v)).toEqual({ '1A': s.b, '1B': s.a, '2A': s.c })
    const pemasanganLine = await api.db.q
      .selectFrom('detail_pemasangan_ban')
      .select('id')
      .where('posisi_ban', '=', '1B')
      .where('kendaraan_id', '=', v)
      .executeTakeFirstOrThrow()
    const unfit = await api.del(`/api/pemasangan-ban/delete-detail-ban/${pemasanganLine.id}`)
    expect(unfit.status).toBe(409)
    expect(unfit.json.message).toBe('Ban sudah dirotasi; hapus rotasinya terlebih dahulu.')

    const doc = (await api.post(`/api/rotasi-ban/add-rotasi/${v}`)).json.data
    expect((await api.del(`/api/rotasi-ban/${doc.id}`)).status).toBe(200)
    expect(await layout(api, v)).toEqual({ '1A': s.a, '1B': s.b, '2A': s.c })
    const riwayat = (await api.get(`/api/ban/${await tyreId(api, s.a)}/riwayat`)).json.data.riwayat as Json[]
    expect(riwayat.slice(0, 4).map((h) => [h.jenis, h.posisi_ban, h.posisi_tujuan])).toEqual([
      ['batal_rotasi', '1B', '1A'],
      ['batal_rotasi', '2D', '1B'],
      ['rotasi', '1B', '2D'],
      ['rotasi', '1A', '1B'],
    ])
  })

  it('404 for an unknown vehicle, line or document', async () => {
    const { api } = f
    expect((await api.get('/api/rotasi-ban/terpasang/999999')).status).toBe(404)
    expect((await api.get('/api/rotasi-ban/detail-list-ban/999999')).status).toBe(404)
    expect((await api.del('/api/rotasi-ban/delete-detail-ban/999999')).status).toBe(404)
    expect((await api.get('/api/detail-rotasi/999999')).status).toBe(404)
    expect((await api.post('/api/rotasi-ban/999999/posting')).status).toBe(404)
    expect((await api.post(`/api/rotasi-ban/add-rotasi/${f.v}`)).status).toBe(422)
  })
})

describe('rotation: grants and the extension switch', () => {
  it('403 without the grant; Create stages and registers, not posting', async () => {
    const f = await fixture()
    const NEW = Object.keys(API_GRANTS).filter((k) => k.includes('rotasi'))
    expect(NEW.length).toBe(11)
    const tanpa = await userWithGrants(f.api, 'tanparot')
    for (const key of NEW) {
      const [method, pattern] = key.split(' ')
      const res = await f.api.request(method, pattern.replace(/:kendaraanId|:id/g, String(f.v)), {
        token: tanpa.token,
        json: method === 'POST' ? {} : undefined,
      })
      expect(res.status, key).toBe(403)
      expect(res.json, key).toEqual({ message: NO_MENU_ACCESS })
    }
    const user = await userWithGrants(f.api, 'bengkelrot', { '/admin/rotasi-ban': ['create'] })
    expect((await move(f.api, { kendaraan_id: f.v, posisi_asal: '1A', posisi_tujuan: '2B' }, user.token)).status).toBe(201)
    const doc = await f.api.post(`/api/rotasi-ban/add-rotasi/${f.v}`, { token: user.token })
    expect(doc.status).toBe(201)
    const posting = await f.api.post(`/api/rotasi-ban/${doc.json.data.id}/posting`, { token: user.token })
    expect(posting.status).toBe(403)
    expect(posting.json).toEqual({ message: NO_PERMISSION })
    // A move into a registered document is its edit screen's: Update, not Create.
    const into = { kendaraan_id: f.v, posisi_asal: '1B', posisi_tujuan: '2C', rotasi_ban_id: doc.json.data.id }
    expect((await move(f.api, into, user.token)).status).toBe(403)
    const editor = await userWithGrants(f.api, 'ubahrot', { '/admin/rotasi-ban': ['update'] })
    expect((await move(f.api, into, editor.token)).status).toBe(201)
    expect((await move(f.api, { kendaraan_id: f.v, posisi_asal: '2C', posisi_tujuan: '2D' }, editor.token)).status).toBe(403)
  })

  it('GET /api/fitur lists rotasi-ban; the demo seed has a posted swap and an unposted move', async () => {
    const api = await makeApi()
    await api.login()
    expect((await api.get('/api/fitur')).json.data).toContain('rotasi-ban')
    const docs = (await api.get('/api/rotasi-ban')).json as Json[]
    expect(docs.map((d) => [d.status, d.jumlah_rotasi])).toEqual([
      ['posting', 1],
      ['unpost', 1],
    ])
    const swap = (await api.get(`/api/detail-rotasi/${docs[0].id}`)).json.data.detail[0]
    expect(swap.ban_tukar).not.toBeNull()
    const toEmpty = (await api.get(`/api/detail-rotasi/${docs[1].id}`)).json.data.detail[0]
    expect(toEmpty.ban_tukar).toBeNull()

    // Switched off (API_EXTENSIONS without it): not listed, its calls not there.
    const off = await createApi({
      db: api.db,
      uploadsDir: api.uploadsDir,
      extensions: new Set(EXTENSIONS.filter((e) => e !== 'rotasi-ban')),
    })
    const token = await api.login()
    const ask = (path: string) => off.request(path, { headers: { Authorization: `Bearer ${token}` } })
    expect(((await (await ask('/api/fitur')).json()) as Json).data).not.toContain('rotasi-ban')
    expect((await ask('/api/rotasi-ban')).status).toBe(404)
  })
})
