import Database from 'better-sqlite3'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql, type RawBuilder } from 'kysely'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { migrate, sqliteDatabase } from '../../api/db.ts'
import { NO_MENU_ACCESS, NO_PERMISSION } from '../../api/grants.ts'
import { API_GRANTS } from '../../api/routes/grants.ts'
import { tyresNearTarget } from '../../app/lib/ban-target.ts'
import { addDays } from '../../api/seed/transaksi.ts'
import { ensureVersionTriggers } from '../../api/versions.ts'
import {
  buyTyres,
  insertMasters,
  makeFitting,
  serial,
  stageTyre,
  tyreBySerial,
  vehicleKm,
  type Api,
  type Masters,
} from './fixtures-transaksi.ts'
import { makeApi, onPostgres, userWithGrants, type Json } from './harness.ts'

/**
 * The tyre's whole life (extension calls; docs/upstream-contract.md "Extensions: the tyre's
 * whole life"): removal documents, the history of a serial, receiving a retread, the cost-per-km report,
 * and what they change in the fitting calls.
 */

type Fixture = { api: Api; m: Masters; v: number; s: { a: string; b: string; c: string }; fittingId: number }

/**
 * Three tyres (2.000.000 each) fitted on the 6-tyre vehicle at km 100.000: a on 1A, b on 1B, c on 2A.
 * The demo seed's fittings, removals and retreads are cleared first (its tyres stay, in stock), so
 * lists and the report hold only what a test makes.
 */
async function fixture(): Promise<Fixture> {
  const api = await makeApi()
  for (const table of [
    'klaim_ban',
    'detail_rotasi_ban',
    'rotasi_ban',
    'vulkanisir_ban',
    'detail_pelepasan_ban',
    'pelepasan_ban',
    'detail_pemasangan_ban',
    'pemasangan_ban',
  ] as const)
    await api.db.q.deleteFrom(table).execute()
  await api.db.q.updateTable('ban').set({ status: 'stok' }).execute()
  const m = await insertMasters(api.db)
  await api.login()
  const s = { a: serial('A'), b: serial('B'), c: serial('C') }
  await buyTyres(api, m, [s.a, s.b, s.c], { tanggal_awal: '2024-01-02' })
  const v = m.kendaraan[6]
  const fitting = await makeFitting(api, v, [
    { no_seri: s.a, posisi_ban: '1A' },
    { no_seri: s.b, posisi_ban: '1B' },
    { no_seri: s.c, posisi_ban: '2A' },
  ])
  return { api, m, v, s, fittingId: fitting.id }
}

const remove = (api: Api, body: Record<string, unknown>) =>
  api.post('/api/pelepasan-ban/detail-ban', { json: { alasan: 'Habis', tujuan: 'stok', km_pelepasan: 110_000, ...body } })

const countOf = async (api: Api, table: 'detail_pelepasan_ban') =>
  Number(
    (
      await api.db.q
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

const setKm = async (api: Api, kendaraanId: number, km: number) =>
  await api.db.q.updateTable('kendaraan').set({ km }).where('id', '=', kendaraanId).execute()

const tyre = async (api: Api, noSeri: string) =>
  await api.db.q
    .selectFrom('ban')
    .select(['id', 'status', 'kondisi_ban', 'jumlah_vulkanisir'])
    .where('no_seri', '=', noSeri)
    .executeTakeFirstOrThrow()

const history = async (api: Api, banId: number) =>
  (await api.db.q.selectFrom('riwayat_ban').selectAll().where('ban_id', '=', banId).orderBy('id').execute()) as Record<string, unknown>[]

const fittingLine = async (api: Api, banId: number) =>
  await api.db.q
    .selectFrom('detail_pemasangan_ban')
    .select(['id', 'dilepas'])
    .where('ban_id', '=', banId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()

describe('removal (Pelepasan Ban)', () => {
  let f: Fixture
  beforeEach(async () => {
    f = await fixture()
  })

  it('stages removals, frees the positions at once, registers them as a PL document with history', async () => {
    const { api, v, s } = f
    const before = await api.get(`/api/pelepasan-ban/terpasang/${v}`)
    expect(before.status).toBe(200)
    expect(before.json.data.map((d: Json) => d.posisi_ban)).toEqual(['1A', '1B', '2A'])
    expect(before.json.data[0]).toMatchObject({ kode_pemasangan: expect.stringMatching(/^PM\d{6}$/), km_pemasangan: 100_000 })
    expect(before.json.data[0].ban).toMatchObject({ no_seri: s.a })

    const one = await remove(api, {
      kendaraan_id: v,
      posisi_ban: '1a',
      km_pelepasan: '112345',
      alasan: 'Ke Vulkanisir',
      tujuan: 'vulkanisir',
      tebal_tapak: '4,5',
      keterangan: 'tapak tipis',
    })
    expect(one.status).toBe(201)
    expect(one.json.message).toBeTruthy()
    expect(one.json.data).toEqual({
      id: expect.any(Number),
      pelepasan_ban_id: null,
      kendaraan_id: v,
      ban_id: (await tyre(api, s.a)).id,
      detail_pemasangan_ban_id: (await fittingLine(api, (await tyre(api, s.a)).id)).id,
      posisi_ban: '1A',
      km_pemasangan: 100_000,
      km_pelepasan: 112_345,
      km_tempuh: 12_345,
      alasan: 'Ke Vulkanisir',
      tujuan: 'vulkanisir',
      tebal_tapak: 4.5,
      keterangan: 'tapak tipis',
      ban: {
        id: (await tyre(api, s.a)).id,
        kode_ban: expect.stringMatching(/^BN\d{6}$/),
        no_seri: s.a,
        kondisi_ban: 'BARU',
        harga: 2_000_000,
        status: 'vulkanisir',
        ukuran: { id: f.m.ukuranId, nama: 'UJI 11.00-20' },
        merek: { id: f.m.merekId, nama_merek: 'Merek Uji' },
        typeban: { id: f.m.typebanId, nama_type: 'Type Uji' },
      },
    })
    const two = await remove(api, { kendaraan_id: v, posisi_ban: '1B', km_pelepasan: 110_000, alasan: 'Pecah', tujuan: 'afkir' })
    expect(two.status).toBe(201)

    expect(await tyre(api, s.a)).toMatchObject({ status: 'vulkanisir', kondisi_ban: 'BARU' })
    expect(await tyre(api, s.b)).toMatchObject({ status: 'afkir', kondisi_ban: 'AFKIR' })
    expect((await fittingLine(api, (await tyre(api, s.a)).id)).dilepas).toBe(1)
    const staged = await api.get(`/api/pelepasan-ban/detail-list-ban/${v}`)
    expect(staged.json.data.map((d: Json) => d.posisi_ban)).toEqual(['1A', '1B'])
    expect((await api.get(`/api/pelepasan-ban/terpasang/${v}`)).json.data.map((d: Json) => d.posisi_ban)).toEqual(['2A'])

    // The position is free for a new fitting at once.
    const fresh = serial('N')
    await buyTyres(api, f.m, [fresh])
    expect((await stageTyre(api, { kendaraan_id: v, no_seri: fresh, posisi_ban: '1A', km_pemasangan: 112_345 })).status).toBe(201)

    const add = await api.post(`/api/pelepasan-ban/add-pelepasan/${v}`, { json: { tanggal_awal: '2024-03-10' } })
    expect(add.status).toBe(201)
    expect(add.json.data).toMatchObject({
      kode_pelepasan: expect.stringMatching(/^PL\d{6}$/),
      kendaraan_id: v,
      km: 112_345,
      status: 'unpost',
      tanggal_awal: '2024-03-10',
      jumlah_ban: 2,
      kendaraan: { id: v, no_kabin: 'UJI-6', km: 112_345, jenis_kendaraan: { total_ban: 6 } },
    })
    expect(await vehicleKm(api.db, v)).toBe(112_345)
    expect((await api.get(`/api/pelepasan-ban/detail-list-ban/${v}`)).json.data).toEqual([])

    const list = await api.get('/api/pelepasan-ban')
    expect(list.status).toBe(200)
    expect(list.json.find((d: Json) => d.id === add.json.data.id)).toEqual(add.json.data)
    const detail = await api.get(`/api/detail-pelepasan/${add.json.data.id}`)
    expect(detail.status).toBe(200)
    expect(detail.json.data).toMatchObject({ ...add.json.data, detail: [{ posisi_ban: '1A' }, { posisi_ban: '1B' }] })
    expect(detail.json.data.detail[0].pelepasan_ban_id).toBe(add.json.data.id)
    expect((await api.get('/api/detail-pelepasan/999999')).status).toBe(404)

    // History: lepas with the document, its date, km and km run.
    const lepas = (await history(api, (await tyre(api, s.a)).id)).find((h) => h.jenis === 'lepas')
    expect(lepas).toMatchObject({
      tanggal: '2024-03-10',
      dokumen_jenis: 'pelepasan',
      dokumen_id: add.json.data.id,
      dokumen_kode: add.json.data.kode_pelepasan,
      kendaraan_id: v,
      no_kabin: 'UJI-6',
      posisi_ban: '1A',
      km: 112_345,
      km_tempuh: 12_345,
      alasan: 'Ke Vulkanisir',
      tujuan: 'vulkanisir',
      tebal_tapak: 4.5,
      keterangan: 'tapak tipis',
      nama_user: 'Administrator',
    })
    expect((await api.post(`/api/pelepasan-ban/add-pelepasan/${v}`)).status).toBe(422)
  })

  it('tujuan stok returns the tyre to stock as BEKAS, offered for a new fitting', async () => {
    const { api, v, s } = f
    expect((await remove(api, { kendaraan_id: v, posisi_ban: '2A', alasan: 'Rotasi/Pindah', tujuan: 'stok' })).status).toBe(201)
    expect(await tyre(api, s.c)).toMatchObject({ status: 'stok', kondisi_ban: 'BEKAS' })
    const other = f.m.kendaraan[10]
    expect((await stageTyre(api, { kendaraan_id: other, no_seri: s.c, posisi_ban: '1A' })).status).toBe(201)
    expect((await tyre(api, s.c)).status).toBe('terpasang')
  })

  it('422 on every rule of the body, with the contract messages', async () => {
    const { api, v } = f
    const bad = await api.post('/api/pelepasan-ban/detail-ban', {
      json: { kendaraan_id: v, posisi_ban: '1A', alasan: 'Hilang', tujuan: 'gudang', tebal_tapak: 31, keterangan: 'x'.repeat(256) },
    })
    expect(bad.status).toBe(422)
    expect(bad.json.errors).toEqual({
      km_pelepasan: ['Km Pelepasan harus diisi.'],
      alasan: ['Alasan pelepasan harus dipilih.'],
      tujuan: ['Tujuan ban harus dipilih.'],
      tebal_tapak: ['Tebal tapak harus berupa angka 0–30 mm.'],
      keterangan: ['Keterangan paling banyak 255 karakter.'],
    })
    const low = await remove(api, { kendaraan_id: v, posisi_ban: '1A', km_pelepasan: 99_999 })
    expect(low.status).toBe(422)
    expect(low.json.errors).toEqual({ km_pelepasan: ['Km Pelepasan tidak boleh di bawah Km Pemasangan (100.000).'] })
    const empty = await remove(api, { kendaraan_id: v, posisi_ban: '2D' })
    expect(empty.status).toBe(422)
    expect(empty.json.errors).toEqual({ posisi_ban: ['Tidak ada ban terpasang di posisi ini.'] })
    expect((await remove(api, { kendaraan_id: v, posisi_ban: '1A', km_pelepasan: 'abc' })).status).toBe(422)
    expect((await remove(api, { kendaraan_id: 999999, posisi_ban: '1A' })).json.errors).toHaveProperty('kendaraan_id')
    // Nothing changed.
    expect(await countOf(api, 'detail_pelepasan_ban')).toBe(0)
    expect((await tyre(api, f.s.a)).status).toBe('terpasang')
  })

  it('two removals of the same tyre at once: exactly one 201, the other 409', async () => {
    const { api, v, s } = f
    const [x, y] = await Promise.all([
      remove(api, { kendaraan_id: v, posisi_ban: '1A' }),
      remove(api, { kendaraan_id: v, posisi_ban: '1A', tujuan: 'afkir', alasan: 'Afkir' }),
    ])
    expect([x.status, y.status].sort()).toEqual([201, 409])
    expect([x, y].find((r) => r.status === 409)!.json).toEqual({ message: 'Ban ini sudah dilepas.' })
    expect(await countOf(api, 'detail_pelepasan_ban')).toBe(1)
    expect((await history(api, (await tyre(api, s.a)).id)).filter((h) => h.jenis === 'lepas')).toHaveLength(1)
  })

  it('a scrapped tyre is never offered for fitting', async () => {
    const { api, v, s } = f
    expect((await remove(api, { kendaraan_id: v, posisi_ban: '1B', alasan: 'Afkir', tujuan: 'afkir' })).status).toBe(201)
    const again = await stageTyre(api, { kendaraan_id: f.m.kendaraan[10], no_seri: s.b, posisi_ban: '1A' })
    expect(again.status).toBe(422)
    expect(again.json.errors.no_seri).toEqual([`Ban dengan nomor seri ${s.b} tidak tersedia di stok.`])
    // Nor one at the retreader.
    expect((await remove(api, { kendaraan_id: v, posisi_ban: '1A', alasan: 'Ke Vulkanisir', tujuan: 'vulkanisir' })).status).toBe(201)
    expect((await stageTyre(api, { kendaraan_id: f.m.kendaraan[10], no_seri: s.a, posisi_ban: '1A' })).status).toBe(422)
    expect((await api.get('/api/ban?status=stok')).json.some((t: Json) => t.no_seri === s.a || t.no_seri === s.b)).toBe(false)
  })

  it('a line can join an existing document at once (404 unknown, 422 other vehicle, 409 posted)', async () => {
    const { api, v } = f
    await remove(api, { kendaraan_id: v, posisi_ban: '1A', km_pelepasan: 105_000 })
    const doc = (await api.post(`/api/pelepasan-ban/add-pelepasan/${v}`)).json.data
    expect((await remove(api, { kendaraan_id: v, posisi_ban: '1B', pelepasan_ban_id: 999999 })).status).toBe(404)
    const other = await remove(api, { kendaraan_id: f.m.kendaraan[10], posisi_ban: '1A', pelepasan_ban_id: doc.id })
    expect(other.status).toBe(422)
    expect(other.json.errors).toHaveProperty('kendaraan_id')
    const joined = await remove(api, { kendaraan_id: v, posisi_ban: '1B', km_pelepasan: 118_000, pelepasan_ban_id: doc.id })
    expect(joined.status).toBe(201)
    expect(joined.json.data.pelepasan_ban_id).toBe(doc.id)
    const after = (await api.get(`/api/detail-pelepasan/${doc.id}`)).json.data
    expect(after).toMatchObject({ km: 118_000, jumlah_ban: 2 })
    expect(await vehicleKm(api.db, v)).toBe(118_000)
    expect((await history(api, (await tyre(api, f.s.b)).id)).find((h) => h.jenis === 'lepas')).toMatchObject({ dokumen_id: doc.id })
  })

  it('a posted removal cannot change: 409 on adding a line, undoing a line, deleting it; unpost reopens it', async () => {
    const { api, v } = f
    const line = (await remove(api, { kendaraan_id: v, posisi_ban: '1A' })).json.data
    const doc = (await api.post(`/api/pelepasan-ban/add-pelepasan/${v}`)).json.data
    const post = await api.post(`/api/pelepasan-ban/${doc.id}/posting`)
    expect(post.status).toBe(200)
    expect(post.json.data.status).toBe('posting')
    expect((await api.post(`/api/pelepasan-ban/${doc.id}/posting`)).status).toBe(409)
    expect((await remove(api, { kendaraan_id: v, posisi_ban: '1B', pelepasan_ban_id: doc.id })).status).toBe(409)
    expect((await api.del(`/api/pelepasan-ban/delete-detail-ban/${line.id}`)).status).toBe(409)
    expect((await api.del(`/api/pelepasan-ban/${doc.id}`)).status).toBe(409)
    expect((await tyre(api, f.s.a)).status).toBe('stok')
    expect((await tyre(api, f.s.b)).status).toBe('terpasang')
    const unpost = await api.post(`/api/pelepasan-ban/${doc.id}/unpost`)
    expect(unpost.status).toBe(200)
    expect(unpost.json.data.status).toBe('unpost')
    expect((await api.post(`/api/pelepasan-ban/${doc.id}/unpost`)).status).toBe(409)
    expect((await api.post('/api/pelepasan-ban/999999/posting')).status).toBe(404)
    expect((await api.del(`/api/pelepasan-ban/${doc.id}`)).status).toBe(200)
    expect((await tyre(api, f.s.a)).status).toBe('terpasang')
    expect((await api.get(`/api/detail-pelepasan/${doc.id}`)).status).toBe(404)
  })

  it('undoing a line puts the tyre back on its position with its kondisi; 409 once the position is used again', async () => {
    const { api, v, s } = f
    const line = (await remove(api, { kendaraan_id: v, posisi_ban: '1A', tujuan: 'stok' })).json.data
    expect((await tyre(api, s.a)).kondisi_ban).toBe('BEKAS')
    const undo = await api.del(`/api/pelepasan-ban/delete-detail-ban/${line.id}`)
    expect(undo.status).toBe(200)
    expect(undo.json.message).toBeTruthy()
    expect(await tyre(api, s.a)).toMatchObject({ status: 'terpasang', kondisi_ban: 'BARU' })
    expect((await fittingLine(api, (await tyre(api, s.a)).id)).dilepas).toBe(0)
    expect((await history(api, (await tyre(api, s.a)).id)).map((h) => h.jenis)).toEqual(['beli', 'pasang', 'lepas', 'batal_lepas'])
    expect((await api.del(`/api/pelepasan-ban/delete-detail-ban/${line.id}`)).status).toBe(404)

    // Removed again, the position refilled: the undo would put two tyres on 1A.
    const again = (await remove(api, { kendaraan_id: v, posisi_ban: '1A', tujuan: 'stok' })).json.data
    const fresh = serial('N')
    await buyTyres(api, f.m, [fresh])
    expect((await stageTyre(api, { kendaraan_id: v, no_seri: fresh, posisi_ban: '1A' })).status).toBe(201)
    const blocked = await api.del(`/api/pelepasan-ban/delete-detail-ban/${again.id}`)
    expect(blocked.status).toBe(409)
    expect(blocked.json).toEqual({
      message: `Posisi 1A sudah dipakai ban ${fresh} yang belum disimpan; pelepasan ini tidak dapat dibatalkan.`,
    })

    // Deleting a document undoes every line, or none when one cannot be undone.
    await remove(api, { kendaraan_id: v, posisi_ban: '1B' })
    const doc = (await api.post(`/api/pelepasan-ban/add-pelepasan/${v}`)).json.data
    expect(doc.jumlah_ban).toBe(2)
    const refused = await api.del(`/api/pelepasan-ban/${doc.id}`)
    expect(refused.status).toBe(409)
    expect((await tyre(api, s.b)).status).toBe('stok')
    expect((await api.get(`/api/detail-pelepasan/${doc.id}`)).json.data.jumlah_ban).toBe(2)
  })

  it('a position goes fit → remove → fit → remove again and again, the removals registered and posted', async () => {
    const { api, m, v, s, fittingId } = f
    const held = async () =>
      ((await api.get(`/api/pelepasan-ban/terpasang/${v}`)).json.data as Json[]).map((d) => [
        d.posisi_ban,
        d.ban.no_seri,
        d.kode_pemasangan,
      ])
    const lokasi = async (noSeri: string) =>
      ((await api.get('/api/ban')).json as Json[]).find((b) => b.no_seri === noSeri)?.lokasi?.posisi_ban ?? null
    const first = (await api.get(`/api/detail-pemasangan/${fittingId}`)).json.data.kode_pemasangan as string

    // a (to the retreader) and b (scrapped) off 1A and 1B; the document registered, then posted.
    expect((await remove(api, { kendaraan_id: v, posisi_ban: '1A', km_pelepasan: 142_000, tujuan: 'vulkanisir' })).status).toBe(201)
    expect((await remove(api, { kendaraan_id: v, posisi_ban: '1B', km_pelepasan: 137_000, alasan: 'Pecah', tujuan: 'afkir' })).status).toBe(
      201,
    )
    const doc = (await api.post(`/api/pelepasan-ban/add-pelepasan/${v}`)).json.data
    expect((await api.post(`/api/pelepasan-ban/${doc.id}/posting`)).status).toBe(200)
    expect(await held()).toEqual([['2A', s.c, first]])
    // The first fitting's lines say which were taken off.
    const invoice = (await api.get(`/api/detail-pemasangan/${fittingId}`)).json.detail as Json[]
    expect(invoice.map((d) => [d.posisi_ban, d.dilepas])).toEqual([
      ['1A', 1],
      ['1B', 1],
      ['2A', 0],
    ])
    expect([await lokasi(s.a), await lokasi(s.b), await lokasi(s.c)]).toEqual([null, null, '2A'])

    // a back from the retreader; a on 1A again and a new tyre on 1B: both positions are free.
    const aId = (await tyre(api, s.a)).id
    expect((await api.post(`/api/ban/${aId}/terima-vulkanisir`, { json: { supplier_id: m.supplierId, biaya: 500_000 } })).status).toBe(200)
    const n1 = serial('N')
    await buyTyres(api, m, [n1])
    const second = await makeFitting(api, v, [
      { no_seri: s.a, posisi_ban: '1A', km: 142_000 },
      { no_seri: n1, posisi_ban: '1B', km: 142_000 },
    ])
    expect(await held()).toEqual([
      ['1A', s.a, second.kode_pemasangan],
      ['1B', n1, second.kode_pemasangan],
      ['2A', s.c, first],
    ])
    expect([await lokasi(s.a), await lokasi(n1)]).toEqual(['1A', '1B'])

    // A held position is refused with its holder; undoing the old removal would put two tyres on 1A.
    const n2 = serial('N')
    await buyTyres(api, m, [n2])
    const taken = await stageTyre(api, { kendaraan_id: v, no_seri: n2, posisi_ban: '1A', km_pemasangan: 142_000 })
    expect(taken.status).toBe(422)
    expect(taken.json.errors).toEqual({ posisi_ban: [`Posisi ban 1A sudah terisi ban ${s.a} dari pemasangan ${second.kode_pemasangan}.`] })
    expect((await api.post(`/api/pelepasan-ban/${doc.id}/unpost`)).status).toBe(200)
    const oldLine = ((await api.get(`/api/detail-pelepasan/${doc.id}`)).json.data.detail as Json[]).find((l) => l.posisi_ban === '1B')!
    const undo = await api.del(`/api/pelepasan-ban/delete-detail-ban/${oldLine.id}`)
    expect(undo.status).toBe(409)
    expect(undo.json).toEqual({
      message: `Posisi 1B sudah dipakai pemasangan ${second.kode_pemasangan}; pelepasan ini tidak dapat dibatalkan.`,
    })
    const delDoc = await api.del(`/api/pelepasan-ban/${doc.id}`)
    expect(delDoc.status).toBe(409)
    expect(delDoc.json.message).toMatch(new RegExp(`^Posisi 1[AB] sudah dipakai pemasangan ${second.kode_pemasangan}; `))
    expect((await api.get(`/api/detail-pelepasan/${doc.id}`)).json.data.jumlah_ban).toBe(2)

    // Round after round on 1A: remove (registered, then posted), fit a new tyre, remove it again.
    let km = 142_000
    let onIt = s.a
    for (const round of [1, 2, 3]) {
      km += 10_000
      expect((await remove(api, { kendaraan_id: v, posisi_ban: '1A', km_pelepasan: km })).status).toBe(201)
      const d = (await api.post(`/api/pelepasan-ban/add-pelepasan/${v}`)).json.data
      if (round % 2 === 1) expect((await api.post(`/api/pelepasan-ban/${d.id}/posting`)).status).toBe(200)
      expect((await held()).map((h) => h[0])).toEqual(['1B', '2A'])
      expect(await lokasi(onIt)).toBeNull()
      const next = serial('R')
      await buyTyres(api, m, [next])
      const fitting = await makeFitting(api, v, [{ no_seri: next, posisi_ban: '1A', km }])
      expect((await held())[0]).toEqual(['1A', next, fitting.kode_pemasangan])
      expect(await lokasi(next)).toBe('1A')
      onIt = next
    }
    // The last tyre is removable again, and a's history tells both of its fittings.
    expect((await remove(api, { kendaraan_id: v, posisi_ban: '1A', km_pelepasan: km + 1 })).status).toBe(201)
    expect((await held()).map((h) => h[0])).toEqual(['1B', '2A'])
    expect((await history(api, aId)).map((h) => h.jenis)).toEqual(['beli', 'pasang', 'lepas', 'terima_vulkanisir', 'pasang', 'lepas'])
  })

  it('a fitting line whose tyre was removed cannot be deleted, nor its fitting; the invoice still lists it', async () => {
    const { api, v, s, fittingId } = f
    await remove(api, { kendaraan_id: v, posisi_ban: '1A' })
    const line = await fittingLine(api, (await tyre(api, s.a)).id)
    const del = await api.del(`/api/pemasangan-ban/delete-detail-ban/${line.id}`)
    expect(del.status).toBe(409)
    expect(del.json).toEqual({ message: 'Ban sudah dilepas; hapus pelepasannya terlebih dahulu.' })
    const delFitting = await api.del(`/api/pemasangan-ban/${fittingId}`)
    expect(delFitting.status).toBe(409)
    expect(delFitting.json).toEqual({ message: 'Ban sudah dilepas; hapus pelepasannya terlebih dahulu.' })
    const invoice = await api.get(`/api/detail-pemasangan/${fittingId}`)
    expect(invoice.json.detail.map((d: Json) => d.posisi_ban)).toEqual(['1A', '1B', '2A'])
    // A line not removed still can be deleted: its tyre back to stock, history batal_pasang.
    const lineC = await fittingLine(api, (await tyre(api, s.c)).id)
    expect((await api.del(`/api/pemasangan-ban/delete-detail-ban/${lineC.id}`)).status).toBe(200)
    expect((await tyre(api, s.c)).status).toBe('stok')
    expect((await history(api, (await tyre(api, s.c)).id)).map((h) => h.jenis)).toEqual(['beli', 'pasang', 'batal_pasang'])
  })

  it('404 for an unknown vehicle or line', async () => {
    const { api } = f
    expect((await api.get('/api/pelepasan-ban/terpasang/999999')).status).toBe(404)
    expect((await api.get('/api/pelepasan-ban/detail-list-ban/999999')).status).toBe(404)
    expect((await api.post('/api/pelepasan-ban/add-pelepasan/999999')).status).toBe(404)
    expect((await api.del('/api/pelepasan-ban/delete-detail-ban/999999')).status).toBe(404)
    expect((await api.del('/api/pelepasan-ban/999999')).status).toBe(404)
  })
})

describe('tyres: the list, the history, the retread', () => {
  let f: Fixture
  beforeEach(async () => {
    f = await fixture()
  })

  it('GET /api/ban: jumlah_vulkanisir, lokasi while fitted, the four statuses, 422 otherwise', async () => {
    const { api, v, s } = f
    const list = (await api.get('/api/ban')).json
    expect(list.find((t: Json) => t.no_seri === s.a)).toMatchObject({
      status: 'terpasang',
      jumlah_vulkanisir: 0,
      lokasi: { kendaraan_id: v, no_kabin: 'UJI-6', no_pol: expect.any(String), posisi_ban: '1A', km_pemasangan: 100_000 },
    })
    await remove(api, { kendaraan_id: v, posisi_ban: '1A', alasan: 'Ke Vulkanisir', tujuan: 'vulkanisir' })
    await remove(api, { kendaraan_id: v, posisi_ban: '1B', alasan: 'Afkir', tujuan: 'afkir' })
    const vulk = (await api.get('/api/ban?status=vulkanisir')).json
    expect(vulk.map((t: Json) => t.no_seri)).toEqual([s.a])
    expect(vulk[0].lokasi).toBeNull()
    expect((await api.get('/api/ban?status=afkir')).json.map((t: Json) => t.no_seri)).toEqual([s.b])
    expect((await api.get('/api/ban?status=rusak')).status).toBe(422)
  })

  it('GET /api/ban: km_tempuh (Σ of the removals), lokasi.km_kendaraan and target_presentase, for the life km so far', async () => {
    const { api, v, s, m } = f
    const row = async (noSeri: string) => ((await api.get('/api/ban')).json as Json[]).find((t) => t.no_seri === noSeri)!
    // Fitted at 100.000, nothing removed yet: 0 km behind it, the vehicle at 100.000, the default target.
    expect(await row(s.b)).toMatchObject({
      km_tempuh: 0,
      lokasi: { posisi_ban: '1B', km_pemasangan: 100_000, km_kendaraan: 100_000, target_presentase: 70_000 },
    })
    // a off at 112.345 (12.345 km), back to stock; the document raises the vehicle to 112.345.
    await remove(api, { kendaraan_id: v, posisi_ban: '1A', km_pelepasan: 112_345, tujuan: 'stok' })
    await api.post(`/api/pelepasan-ban/add-pelepasan/${v}`, { json: { tanggal_awal: '2024-03-10' } })
    expect(await row(s.a)).toMatchObject({ status: 'stok', km_tempuh: 12_345, lokasi: null })
    expect((await row(s.b)).lokasi).toMatchObject({ km_pemasangan: 100_000, km_kendaraan: 112_345 })
    // a fitted again on another vehicle at 100.000 with a target of 50.000, then off at 130.000 (30.000 more)…
    const w = m.kendaraan[10]
    expect((await stageTyre(api, { kendaraan_id: w, no_seri: s.a, posisi_ban: '1A', target_presentase: 50_000 })).status).toBe(201)
    expect((await api.post(`/api/pemasangan-ban/add-pemasangan/${w}`)).status).toBe(201)
    await remove(api, { kendaraan_id: w, posisi_ban: '1A', km_pelepasan: 130_000, tujuan: 'stok' })
    await api.post(`/api/pelepasan-ban/add-pelepasan/${w}`, { json: { tanggal_awal: '2024-04-10' } })
    expect((await row(s.a)).km_tempuh).toBe(42_345)
    // …and once more on the same vehicle, now at 130.000 (target 60.000), which has since run to 141.000.
    expect(
      (await stageTyre(api, { kendaraan_id: w, no_seri: s.a, posisi_ban: '1B', km_pemasangan: 130_000, target_presentase: 60_000 })).status,
    ).toBe(201)
    expect((await api.post(`/api/pemasangan-ban/add-pemasangan/${w}`)).status).toBe(201)
    await setKm(api, w, 141000)
    expect(await row(s.a)).toMatchObject({
      status: 'terpasang',
      km_tempuh: 42_345,
      lokasi: { kendaraan_id: w, posisi_ban: '1B', km_pemasangan: 130_000, km_kendaraan: 141_000, target_presentase: 60_000 },
    })
    // Life so far 42.345 + 11.000 = 53.345 of 60.000. The filtered list and the history's tyre carry the same.
    const fitted = (await api.get('/api/ban?status=terpasang')).json as Json[]
    expect(fitted.find((t) => t.no_seri === s.a)).toMatchObject({ km_tempuh: 42_345, lokasi: { km_kendaraan: 141_000 } })
    const riwayat = (await api.get(`/api/ban/${(await tyre(api, s.a)).id}/riwayat`)).json.data
    expect(riwayat.ban).toMatchObject({ km_tempuh: 42_345, lokasi: { km_kendaraan: 141_000, target_presentase: 60_000 } })
    expect(riwayat.ringkasan).toMatchObject({ total_km: 53_345, target_km: 60_000, persen_target: 88.9 })
  })

  it('the ETag of GET /api/ban changes after a removal', async () => {
    const { api, v } = f
    await api.get('/api/ban')
    const e1 = (await api.get('/api/ban')).headers.get('etag')!
    expect(e1).toBeTruthy()
    expect((await api.get('/api/ban', { headers: { 'If-None-Match': e1 } })).status).toBe(304)
    await remove(api, { kendaraan_id: v, posisi_ban: '1A' })
    const after = await api.get('/api/ban', { headers: { 'If-None-Match': e1 } })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(e1)
  })

  it('receives a retread back: 404, 422 rules, 409 when not at the retreader; stock KANISIR, count + 1, history', async () => {
    const { api, v, s, m } = f
    const a = (await tyre(api, s.a)).id
    expect((await api.post('/api/ban/999999/terima-vulkanisir', { json: { supplier_id: m.supplierId, biaya: 1 } })).status).toBe(404)
    const notThere = await api.post(`/api/ban/${a}/terima-vulkanisir`, { json: { supplier_id: m.supplierId, biaya: 500_000 } })
    expect(notThere.status).toBe(409)
    expect(notThere.json).toEqual({ message: 'Ban tidak sedang di vulkanisir.' })

    await remove(api, { kendaraan_id: v, posisi_ban: '1A', km_pelepasan: 150_000, alasan: 'Ke Vulkanisir', tujuan: 'vulkanisir' })
    await api.post(`/api/pelepasan-ban/add-pelepasan/${v}`, { json: { tanggal_awal: '2024-03-10' } })

    const empty = await api.post(`/api/ban/${a}/terima-vulkanisir`, { json: {} })
    expect(empty.status).toBe(422)
    expect(empty.json.errors).toEqual({
      supplier_id: ['Pilih vulkanisir terlebih dahulu!'],
      biaya: ['Biaya vulkanisir harus berupa angka.'],
    })
    const letters = await api.post(`/api/ban/${a}/terima-vulkanisir`, { json: { supplier_id: m.supplierId, biaya: 'mahal' } })
    expect(letters.json.errors).toEqual({ biaya: ['Biaya vulkanisir harus berupa angka.'] })
    expect((await api.post(`/api/ban/${a}/terima-vulkanisir`, { json: { supplier_id: 999999, biaya: 1 } })).json.errors).toHaveProperty(
      'supplier_id',
    )
    const early = await api.post(`/api/ban/${a}/terima-vulkanisir`, {
      json: { supplier_id: m.supplier2Id, biaya: 500_000, tanggal: '2024-03-09' },
    })
    expect(early.status).toBe(422)
    expect(early.json.errors).toEqual({ tanggal: ['Tanggal terima tidak boleh sebelum tanggal pelepasan.'] })
    expect((await tyre(api, s.a)).status).toBe('vulkanisir')

    const ok = await api.post(`/api/ban/${a}/terima-vulkanisir`, {
      json: { supplier_id: m.supplier2Id, biaya: '500.000', tanggal: '2024-03-20' },
    })
    expect(ok.status).toBe(200)
    expect(ok.json.message).toBe('Ban diterima dari vulkanisir.')
    expect(ok.json.data).toMatchObject({ id: a, status: 'stok', kondisi_ban: 'KANISIR', jumlah_vulkanisir: 1, lokasi: null })
    expect(
      await api.db.q.selectFrom('vulkanisir_ban').select(['ban_id', 'supplier_id', 'biaya', 'tanggal_kirim', 'tanggal_terima']).execute(),
    ).toEqual([{ ban_id: a, supplier_id: m.supplier2Id, biaya: 500_000, tanggal_kirim: '2024-03-10', tanggal_terima: '2024-03-20' }])
    expect((await history(api, a)).at(-1)).toMatchObject({
      jenis: 'terima_vulkanisir',
      tanggal: '2024-03-20',
      biaya: 500_000,
      supplier_id: m.supplier2Id,
      nama_supp: 'CV Uji Ban Dua',
      dokumen_jenis: 'vulkanisir',
    })
    expect((await api.post(`/api/ban/${a}/terima-vulkanisir`, { json: { supplier_id: m.supplierId, biaya: 1 } })).status).toBe(409)
    // Back in stock: offered for fitting again.
    expect((await stageTyre(api, { kendaraan_id: m.kendaraan[10], no_seri: s.a, posisi_ban: '1A', km_pemasangan: 100_000 })).status).toBe(
      201,
    )
  })

  it('GET /api/ban/{id}/riwayat: the tyre, its purchase, every step newest first, the summary', async () => {
    const { api, v, s, m } = f
    const a = (await tyre(api, s.a)).id
    const c = (await tyre(api, s.c)).id
    await remove(api, { kendaraan_id: v, posisi_ban: '1A', km_pelepasan: 150_000, alasan: 'Ke Vulkanisir', tujuan: 'vulkanisir' })
    const doc = (await api.post(`/api/pelepasan-ban/add-pelepasan/${v}`, { json: { tanggal_awal: '2024-03-10' } })).json.data
    await api.post(`/api/ban/${a}/terima-vulkanisir`, { json: { supplier_id: m.supplier2Id, biaya: 500_000, tanggal: '2024-03-20' } })

    const res = await api.get(`/api/ban/${a}/riwayat`)
    expect(res.status).toBe(200)
    const { ban, riwayat, ringkasan } = res.json.data
    expect(ban).toMatchObject({
      id: a,
      no_seri: s.a,
      status: 'stok',
      kondisi_ban: 'KANISIR',
      jumlah_vulkanisir: 1,
      lokasi: null,
      pembelian: {
        id: expect.any(Number),
        kode_pembelian_ban: expect.stringMatching(/^PB\d{6}$/),
        tanggal_awal: '2024-01-02',
        supplier: { id: m.supplierId, nama_supp: 'PT Uji Ban Satu' },
      },
    })
    expect(riwayat.map((h: Json) => h.jenis)).toEqual(['terima_vulkanisir', 'lepas', 'pasang', 'beli'])
    const [terima, lepas, pasang, beli] = riwayat
    expect(beli).toEqual({
      id: expect.any(Number),
      jenis: 'beli',
      tanggal: '2024-01-02',
      created_at: expect.any(String),
      user: { id: expect.any(Number), nama_user: 'Administrator' },
      dokumen: { jenis: 'pembelian', id: ban.pembelian.id, kode: ban.pembelian.kode_pembelian_ban },
      kendaraan: null,
      posisi_ban: null,
      posisi_tujuan: null,
      km: null,
      km_tempuh: null,
      biaya: 2_000_000,
      alasan: null,
      tujuan: null,
      tebal_tapak: null,
      keterangan: null,
      supplier: { id: m.supplierId, nama_supp: 'PT Uji Ban Satu' },
    })
    expect(pasang).toMatchObject({
      dokumen: { jenis: 'pemasangan', id: f.fittingId, kode: expect.stringMatching(/^PM\d{6}$/) },
      kendaraan: { id: v, no_kabin: 'UJI-6' },
      posisi_ban: '1A',
      km: 100_000,
    })
    expect(lepas).toMatchObject({
      tanggal: '2024-03-10',
      dokumen: { jenis: 'pelepasan', id: doc.id, kode: doc.kode_pelepasan },
      km: 150_000,
      km_tempuh: 50_000,
      alasan: 'Ke Vulkanisir',
      tujuan: 'vulkanisir',
    })
    expect(terima).toMatchObject({ tanggal: '2024-03-20', biaya: 500_000, supplier: { id: m.supplier2Id, nama_supp: 'CV Uji Ban Dua' } })
    expect(ringkasan).toEqual({
      harga_beli: 2_000_000,
      biaya_vulkanisir: 500_000,
      total_biaya: 2_500_000,
      km_tempuh: 50_000,
      km_berjalan: 0,
      total_km: 50_000,
      biaya_per_km: 50,
      target_km: 70_000,
      persen_target: 71.4,
    })
    // A tyre still fitted: the km run so far (the vehicle is at 150.000 now).
    expect((await api.get(`/api/ban/${c}/riwayat`)).json.data.ringkasan).toMatchObject({
      km_tempuh: 0,
      km_berjalan: 50_000,
      total_km: 50_000,
      total_biaya: 2_000_000,
      biaya_per_km: 40,
    })
    // Never run: no cost per km.
    const fresh = serial('N')
    await buyTyres(api, m, [fresh])
    const freshId = (await tyreBySerial(api.db, fresh))!.id
    expect((await api.get(`/api/ban/${freshId}/riwayat`)).json.data.ringkasan).toMatchObject({
      total_km: 0,
      biaya_per_km: null,
      persen_target: 0,
    })
    expect((await api.get('/api/ban/999999/riwayat')).status).toBe(404)
  })
})

describe('history written by the purchase and fitting calls', () => {
  it("a purchase writes 'beli' rows; an update's new lines get theirs and the rows follow its date and prices", async () => {
    const api = await makeApi()
    const m = await insertMasters(api.db)
    await api.login()
    const [x, y] = [serial('X'), serial('Y')]
    const purchase = await buyTyres(api, m, [x], { tanggal_awal: '2024-02-01', harga: 1_500_000 })
    const beli = async (noSeri: string) => (await history(api, (await tyre(api, noSeri)).id)).filter((h) => h.jenis === 'beli')
    expect(await beli(x)).toEqual([
      expect.objectContaining({ tanggal: '2024-02-01', biaya: 1_500_000, dokumen_id: purchase.id, nama_supp: 'PT Uji Ban Satu' }),
    ])
    const line = (no_seri: string, harga: number) => ({ no_seri, ukuran_id: m.ukuranId, merek_id: m.merekId, harga })
    const upd = await api.post(`/api/pembelian-ban/${purchase.id}/update`, {
      json: { supplier_id: m.supplier2Id, tanggal_awal: '2024-02-03', ban: [line(x, 1_600_000), line(y, 1_700_000)] },
    })
    expect(upd.status).toBe(200)
    expect(await beli(x)).toEqual([expect.objectContaining({ tanggal: '2024-02-03', biaya: 1_600_000, nama_supp: 'CV Uji Ban Dua' })])
    expect(await beli(y)).toEqual([expect.objectContaining({ tanggal: '2024-02-03', biaya: 1_700_000, dokumen_jenis: 'pembelian' })])
    // Deleting the purchase (nothing fitted) deletes its tyres with their history.
    expect((await api.del(`/api/pembelian-ban/${purchase.id}`)).status).toBe(200)
    expect(
      await api.db.q.selectFrom('riwayat_ban').select('id').where('dokumen_id', '=', purchase.id).where('jenis', '=', 'beli').execute(),
    ).toEqual([])
  })

  it("a staged fitting line's 'pasang' row gets its document on registration; the vehicle type may change once its tyres are off", async () => {
    const f = await fixture()
    const { api, v, s } = f
    const pasang = (await history(api, (await tyre(api, s.a)).id)).find((h) => h.jenis === 'pasang')
    expect(pasang).toMatchObject({ dokumen_jenis: 'pemasangan', dokumen_id: f.fittingId, km: 100_000, posisi_ban: '1A', no_kabin: 'UJI-6' })
    for (const posisi_ban of ['1A', '1B', '2A']) expect((await remove(api, { kendaraan_id: v, posisi_ban })).status).toBe(201)
    const kendaraan = (await api.get(`/api/kendaraan/${v}/show`)).json.data
    const res = await api.post(`/api/kendaraan/${v}/update`, {
      json: { no_kabin: kendaraan.no_kabin, jenis_kendaraan_id: f.m.jenis[10] },
    })
    expect(res.status).toBe(200)
  })
})

describe('GET /api/laporan-biaya-ban', () => {
  /**
   * By hand: a (2.000.000 + retread 500.000, 50.000 km) → 50/km; b (2.000.000, 20.000 km, scrapped)
   * → 100/km; c still fitted on UJI-6 (2.000.000, 150.000 − 100.000 km) → 40/km; d of another brand
   * and supplier on UJI-10 (3.000.000, 110.000 − 100.000 km) → 300/km.
   */
  let api: Api
  let ids: Record<'a' | 'b' | 'c' | 'd', number>
  let m: Masters
  beforeEach(async () => {
    const f = await fixture()
    api = f.api
    m = f.m
    const { id: merek2 } = await api.db.q
      .insertInto('merek')
      .values({ kode_merek: 'MBX', nama_merek: 'Merek Dua' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const d = serial('D')
    await buyTyres(api, { ...m, merekId: merek2 }, [d], { harga: 3_000_000, supplierId: m.supplier2Id })
    await makeFitting(api, m.kendaraan[10], [{ no_seri: d, posisi_ban: '1A' }])
    await api.db.q.updateTable('pemasangan_ban').set({ tanggal_awal: '2024-01-05' }).execute()
    await remove(api, { kendaraan_id: f.v, posisi_ban: '1A', km_pelepasan: 150_000, alasan: 'Ke Vulkanisir', tujuan: 'vulkanisir' })
    await remove(api, { kendaraan_id: f.v, posisi_ban: '1B', km_pelepasan: 120_000, alasan: 'Pecah', tujuan: 'afkir' })
    await api.post(`/api/pelepasan-ban/add-pelepasan/${f.v}`, { json: { tanggal_awal: '2024-03-10' } })
    ids = { a: (await tyre(api, f.s.a)).id, b: (await tyre(api, f.s.b)).id, c: (await tyre(api, f.s.c)).id, d: (await tyre(api, d)).id }
    await api.post(`/api/ban/${ids.a}/terima-vulkanisir`, { json: { supplier_id: m.supplier2Id, biaya: 500_000, tanggal: '2024-03-20' } })
    await setKm(api, m.kendaraan[10]!, 110000)
  })

  it('groups by merek (the default) with figures computed by hand, cheapest per km first', async () => {
    const res = await api.get('/api/laporan-biaya-ban?tanggal_awal=2024-03-01&tanggal_akhir=2024-03-31')
    expect(res.status).toBe(200)
    const { group, rows, total } = res.json.data
    expect(group).toBe('merek')
    expect(rows.map((r: Json) => [r.label, r.jumlah_ban, r.km_tempuh, r.total_biaya, r.biaya_per_km])).toEqual([
      ['Merek Uji', 3, 120_000, 6_500_000, 54],
      ['Merek Dua', 1, 10_000, 3_000_000, 300],
    ])
    expect(rows[0].key).toBe(String(m.merekId))
    expect(rows[0].ban.map((t: Json) => [t.id, t.km_tempuh, t.total_biaya, t.biaya_per_km, t.masih_terpasang])).toEqual([
      [ids.c, 50_000, 2_000_000, 40, true],
      [ids.a, 50_000, 2_500_000, 50, false],
      [ids.b, 20_000, 2_000_000, 100, false],
    ])
    expect(rows[0].ban[1]).toEqual({
      id: ids.a,
      kode_ban: expect.stringMatching(/^BN\d{6}$/),
      no_seri: expect.any(String),
      merek: 'Merek Uji',
      ukuran: 'UJI 11.00-20',
      supplier: 'PT Uji Ban Satu',
      no_kabin: 'UJI-6',
      km_tempuh: 50_000,
      total_biaya: 2_500_000,
      klaim_disetujui: 0,
      biaya_bersih: 2_500_000,
      biaya_per_km: 50,
      masih_terpasang: false,
    })
    expect(total).toEqual({
      jumlah_ban: 4,
      km_tempuh: 130_000,
      total_biaya: 9_500_000,
      biaya_berjalan: 9_500_000,
      ban_belum_berjalan: 0,
      biaya_belum_berjalan: 0,
      biaya_per_km: 73,
      // No claim here: the net equals the gross.
      klaim_disetujui: 0,
      klaim_berjalan: 0,
      biaya_bersih: 9_500_000,
      biaya_bersih_per_km: 73,
    })
  })

  it('groups by supplier, ukuran and kendaraan', async () => {
    const q = '/api/laporan-biaya-ban?tanggal_awal=2024-03-01&tanggal_akhir=2024-03-31&group='
    const supplier = (await api.get(`${q}supplier`)).json.data
    expect(supplier.rows.map((r: Json) => [r.label, r.jumlah_ban])).toEqual([
      ['PT Uji Ban Satu', 3],
      ['CV Uji Ban Dua', 1],
    ])
    expect((await api.get(`${q}ukuran`)).json.data.rows.map((r: Json) => [r.label, r.jumlah_ban, r.biaya_per_km])).toEqual([
      ['UJI 11.00-20', 4, 73],
    ])
    const kendaraan = (await api.get(`${q}kendaraan`)).json.data
    expect(kendaraan.group).toBe('kendaraan')
    expect(kendaraan.rows.map((r: Json) => [r.label, r.key, r.jumlah_ban])).toEqual([
      ['UJI-6', String(m.kendaraan[6]), 3],
      ['UJI-10', String(m.kendaraan[10]), 1],
    ])
  })

  it('the period: removals dated in it, tyres fitted by its end; without dates all time', async () => {
    const april = (await api.get('/api/laporan-biaya-ban?tanggal_awal=2024-04-01&tanggal_akhir=2024-04-30')).json.data
    expect(april.rows.flatMap((r: Json) => r.ban.map((t: Json) => [t.id, t.masih_terpasang]))).toEqual([
      [ids.c, true],
      [ids.d, true],
    ])
    const before = (await api.get('/api/laporan-biaya-ban?tanggal_awal=2023-01-01&tanggal_akhir=2023-12-31')).json.data
    expect(before).toEqual({
      group: 'merek',
      rows: [],
      total: {
        jumlah_ban: 0,
        km_tempuh: 0,
        total_biaya: 0,
        biaya_berjalan: 0,
        ban_belum_berjalan: 0,
        biaya_belum_berjalan: 0,
        biaya_per_km: null,
        klaim_disetujui: 0,
        klaim_berjalan: 0,
        biaya_bersih: 0,
        biaya_bersih_per_km: null,
      },
    })
    expect((await api.get('/api/laporan-biaya-ban')).json.data.total.jumlah_ban).toBe(4)
  })

  it('a tyre that has not run yet has no cost per km and comes last', async () => {
    await setKm(api, m.kendaraan[10]!, 100000)
    const rows = (await api.get('/api/laporan-biaya-ban')).json.data.rows
    expect(rows.map((r: Json) => [r.label, r.biaya_per_km])).toEqual([
      ['Merek Uji', 54],
      ['Merek Dua', null],
    ])
  })

  it('the cost per km is over the tyres that ran; a tyre that has not run is counted apart, in its group and the total, both ways of asking', async () => {
    await setKm(api, m.kendaraan[10]!, 100000)
    for (const q of ['', '?tanpa_ban=1']) {
      const { rows, total } = (await api.get(`/api/laporan-biaya-ban${q}`)).json.data
      expect(
        rows.map((r: Json) => [r.label, r.total_biaya, r.biaya_berjalan, r.ban_belum_berjalan, r.biaya_belum_berjalan, r.biaya_per_km]),
      ).toEqual([
        ['Merek Uji', 6_500_000, 6_500_000, 0, 0, 54],
        ['Merek Dua', 3_000_000, 0, 1, 3_000_000, null],
      ])
      // Not 9.500.000 / 120.000 = 79: Merek Dua's tyre adds cost and no km.
      expect(total).toEqual({
        jumlah_ban: 4,
        km_tempuh: 120_000,
        total_biaya: 9_500_000,
        biaya_berjalan: 6_500_000,
        ban_belum_berjalan: 1,
        biaya_belum_berjalan: 3_000_000,
        biaya_per_km: 54,
        klaim_disetujui: 0,
        klaim_berjalan: 0,
        biaya_bersih: 9_500_000,
        biaya_bersih_per_km: 54,
      })
    }
  })

  it('422 on an invalid date or group', async () => {
    const bad = await api.get('/api/laporan-biaya-ban?group=warna')
    expect(bad.status).toBe(422)
    expect(bad.json.errors).toEqual({ group: ['Pengelompokan harus merek, ukuran, supplier atau kendaraan.'] })
    const date = await api.get('/api/laporan-biaya-ban?tanggal_awal=2024-02-30&tanggal_akhir=2024-03-01')
    expect(date.status).toBe(422)
    expect(date.json.errors).toHaveProperty('tanggal_awal')
    expect((await api.get('/api/laporan-biaya-ban?tanggal_awal=2024-03-01')).status).toBe(422)
  })

  it("urutan=terburuk: dearest per km first, for the rows and for each row's tyres", async () => {
    await setKm(api, m.kendaraan[10]!, 100000)
    const q = '/api/laporan-biaya-ban?tanggal_awal=2024-03-01&tanggal_akhir=2024-03-31'
    const worst = (await api.get(`${q}&urutan=terburuk`)).json.data
    // Merek Dua's tyre has run no km: null last in both orders.
    expect(worst.rows.map((r: Json) => [r.label, r.biaya_per_km])).toEqual([
      ['Merek Uji', 54],
      ['Merek Dua', null],
    ])
    expect(worst.rows[0].ban.map((t: Json) => t.id)).toEqual([ids.b, ids.a, ids.c])
    const byUkuran = (await api.get(`${q}&group=ukuran&urutan=terburuk`)).json.data
    expect(byUkuran.rows[0].ban.map((t: Json) => [t.id, t.biaya_per_km])).toEqual([
      [ids.b, 100],
      [ids.a, 50],
      [ids.c, 40],
      [ids.d, null],
    ])
    const best = (await api.get(`${q}&group=ukuran&urutan=terbaik`)).json.data
    expect(best.rows[0].ban.map((t: Json) => t.id)).toEqual([ids.c, ids.a, ids.b, ids.d])
  })

  it("maks_ban cuts each row's tyres (in the urutan) and keeps its figures over all of them", async () => {
    const q = '/api/laporan-biaya-ban?tanggal_awal=2024-03-01&tanggal_akhir=2024-03-31'
    const full = (await api.get(q)).json.data
    const cut = (await api.get(`${q}&maks_ban=2`)).json.data
    expect(cut.rows.map((r: Json) => [r.label, r.jumlah_ban, r.km_tempuh, r.total_biaya, r.biaya_per_km, r.ban.length])).toEqual([
      ['Merek Uji', 3, 120_000, 6_500_000, 54, 2],
      ['Merek Dua', 1, 10_000, 3_000_000, 300, 1],
    ])
    expect(cut.rows[0].ban.map((t: Json) => t.id)).toEqual([ids.c, ids.a])
    expect(cut.total).toEqual(full.total)
    const worst = (await api.get(`${q}&maks_ban=1&urutan=terburuk`)).json.data
    expect(worst.rows.map((r: Json) => r.ban.map((t: Json) => t.id))).toEqual([[ids.d], [ids.b]])
  })

  it('tanpa_ban=1: every row with its figures over all its tyres but no tyres; the total unchanged', async () => {
    const q = '/api/laporan-biaya-ban?tanggal_awal=2024-03-01&tanggal_akhir=2024-03-31'
    const full = (await api.get(q)).json.data
    const bare = (await api.get(`${q}&tanpa_ban=1`)).json.data
    expect(bare.rows).toEqual(full.rows.map((r: Json) => ({ ...r, ban: [] })))
    expect(bare.rows.map((r: Json) => [r.label, r.jumlah_ban])).toEqual([
      ['Merek Uji', 3],
      ['Merek Dua', 1],
    ])
    expect(bare.total).toEqual(full.total)
    expect((await api.get(`${q}&tanpa_ban=0`)).json.data).toEqual(full)
  })

  it('kelompok=k1,k2: only the groups with those keys, with their tyres; the total over those', async () => {
    const q = '/api/laporan-biaya-ban?tanggal_awal=2024-03-01&tanggal_akhir=2024-03-31&group=kendaraan'
    const full = (await api.get(q)).json.data
    const one = (await api.get(`${q}&kelompok=${m.kendaraan[10]}`)).json.data
    expect(one.rows).toEqual([full.rows[1]])
    expect(one.rows[0].label).toBe('UJI-10')
    const { key: _k, label: _l, ban: _b, ...figures } = full.rows[1]
    expect(one.total).toEqual(figures)
    const both = (await api.get(`${q}&kelompok=${m.kendaraan[10]},${m.kendaraan[6]},999999&maks_ban=1&urutan=terburuk`)).json.data
    // In the urutan's order (dearest first), whatever the order of the keys; an unknown key is no group.
    expect(both.rows.map((r: Json) => [r.label, r.jumlah_ban, r.ban.length])).toEqual([
      ['UJI-10', 1, 1],
      ['UJI-6', 3, 1],
    ])
    expect((await api.get(`${q}&kelompok=999999`)).json.data.rows).toEqual([])
    // '0' is the missing group: a tyre without a merek.
    await api.db.q.updateTable('ban').set({ merek_id: null }).where('id', '=', ids.d).execute()
    const byMerek = '/api/laporan-biaya-ban?tanggal_awal=2024-03-01&tanggal_akhir=2024-03-31&group=merek'
    const missing = (await api.get(`${byMerek}&kelompok=0`)).json.data.rows
    expect(missing.map((r: Json) => [r.key, r.label, r.ban.map((t: Json) => t.id)])).toEqual([['0', '(tanpa merek)', [ids.d]]])
  })

  it('422 on an invalid tanpa_ban or kelompok, in Indonesian', async () => {
    const tanpa = await api.get('/api/laporan-biaya-ban?tanpa_ban=ya')
    expect(tanpa.status).toBe(422)
    expect(tanpa.json.errors).toEqual({ tanpa_ban: ['tanpa_ban harus 0 atau 1.'] })
    for (const v of ['', 'a', '1,,2', '1;2', Array.from({ length: 1001 }, (_, i) => i + 1).join(',')]) {
      const bad = await api.get(`/api/laporan-biaya-ban?kelompok=${v}`)
      expect(bad.status).toBe(422)
      expect(bad.json.errors).toEqual({ kelompok: ['kelompok harus daftar kunci kelompok (angka, dipisah koma, paling banyak 1000).'] })
    }
  })

  it('422 on an invalid urutan or maks_ban, in Indonesian', async () => {
    const urutan = await api.get('/api/laporan-biaya-ban?urutan=acak')
    expect(urutan.status).toBe(422)
    expect(urutan.json.errors).toEqual({ urutan: ['Urutan harus terbaik atau terburuk.'] })
    for (const v of ['0', '-3', '2.5', 'semua']) {
      const bad = await api.get(`/api/laporan-biaya-ban?maks_ban=${v}`)
      expect(bad.status).toBe(422)
      expect(bad.json.errors).toEqual({ maks_ban: ['maks_ban harus bilangan bulat positif.'] })
    }
  })
})

describe('GET /api/ban/ringkasan (the dashboard)', () => {
  it('stock by size and the fitted tyres at or past 90% of their target, figures by hand', async () => {
    const { api, m, v, s } = await fixture()
    const [d, e, f1, f2] = [serial('D'), serial('E'), serial('F'), serial('G')]
    await buyTyres(api, m, [d, e, f1, f2], { tanggal_awal: '2024-01-02' })
    // c: off at 110.000 (10.000 km), back to stock, then on vehicle 10 at 100.000, which runs to 155.000.
    await remove(api, { kendaraan_id: v, posisi_ban: '2A', km_pelepasan: 110_000, tujuan: 'stok' })
    expect((await api.post(`/api/pelepasan-ban/add-pelepasan/${v}`, { json: { tanggal_awal: '2024-03-10' } })).status).toBe(201)
    await makeFitting(api, m.kendaraan[10], [{ no_seri: s.c, posisi_ban: '1A' }])
    // d on vehicle 18 (to 162.999: 62.999 km, just under 90%); e on vehicle 22, whose km was typed below the fitting's.
    await makeFitting(api, m.kendaraan[18], [{ no_seri: d, posisi_ban: '1A' }])
    await makeFitting(api, m.kendaraan[22], [{ no_seri: e, posisi_ban: '1A' }])
    await setKm(api, v, 163_000)
    await setKm(api, m.kendaraan[10]!, 155_000)
    await setKm(api, m.kendaraan[18]!, 162_999)
    await setKm(api, m.kendaraan[22]!, 50_000)
    // a's target 50.000; b's 0 (counts as the default 70.000). f2 has no size.
    const target = async (targetKm: number, banId: number) =>
      await api.db.q
        .updateTable('detail_pemasangan_ban')
        .set({ target_presentase: targetKm })
        .where('ban_id', '=', banId)
        .where('dilepas', '=', 0)
        .execute()
    await target(50_000, (await tyre(api, s.a)).id)
    await target(0, (await tyre(api, s.b)).id)
    await api.db.q.updateTable('ban').set({ ukuran_id: null }).where('no_seri', '=', f2).execute()

    const res = await api.get('/api/ban/ringkasan')
    expect(res.status).toBe(200)
    const { stok_per_ukuran, mendekati_target } = res.json.data
    // a: 63.000 / 50.000 = 126%; c: 10.000 + 55.000 = 65.000 / 70.000 = 92.9%; b: 63.000 / 70.000 = exactly 90%.
    expect(mendekati_target).toEqual({
      jumlah: 3,
      ban: [
        {
          id: (await tyre(api, s.a)).id,
          kode_ban: expect.any(String),
          no_seri: s.a,
          no_kabin: 'UJI-6',
          posisi_ban: '1A',
          km_tempuh_total: 63_000,
          target_km: 50_000,
          persen: 126,
        },
        {
          id: (await tyre(api, s.c)).id,
          kode_ban: expect.any(String),
          no_seri: s.c,
          no_kabin: 'UJI-10',
          posisi_ban: '1A',
          km_tempuh_total: 65_000,
          target_km: 70_000,
          persen: 92.9,
        },
        {
          id: (await tyre(api, s.b)).id,
          kode_ban: expect.any(String),
          no_seri: s.b,
          no_kabin: 'UJI-6',
          posisi_ban: '1B',
          km_tempuh_total: 63_000,
          target_km: 70_000,
          persen: 90,
        },
      ],
    })
    // In stock of the test's size: f1 only (f2 lost its size); the demo's tyres in their own sizes.
    expect(stok_per_ukuran).toContainEqual({ ukuran_id: m.ukuranId, nama: 'UJI 11.00-20', jumlah: 1 })
    expect(stok_per_ukuran).toContainEqual({ ukuran_id: null, nama: null, jumlah: 1 })
    const stok = (await api.get('/api/ban?status=stok')).json as Json[]
    expect(stok_per_ukuran.reduce((n: number, r: Json) => n + r.jumlah, 0)).toBe(stok.length)
    const counts = stok_per_ukuran.map((r: Json) => r.jumlah)
    expect(counts).toEqual([...counts].sort((x, y) => y - x))
  })

  it('agrees with the list-based computation (app/lib/ban-target.ts) on the demo seed', async () => {
    const api = await makeApi()
    await api.login()
    const { stok_per_ukuran, mendekati_target } = (await api.get('/api/ban/ringkasan')).json.data
    type Fitted = {
      id: number
      kode_ban: string
      no_seri: string
      status: string
      km_tempuh: number
      lokasi: { no_kabin: string; posisi_ban: string; km_pemasangan: number; km_kendaraan: number; target_presentase: number }
    }
    const fitted = ((await api.get('/api/ban?status=terpasang')).json as Fitted[]).filter((t) => t.status === 'terpasang')
    const worn = tyresNearTarget(fitted)
    expect(worn.length).toBeGreaterThan(0)
    expect(mendekati_target.jumlah).toBe(worn.length)
    expect(mendekati_target.ban).toEqual(
      worn.slice(0, 8).map(({ tyre: t, km, target, persen }) => ({
        id: t.id,
        kode_ban: t.kode_ban,
        no_seri: t.no_seri,
        no_kabin: t.lokasi.no_kabin,
        posisi_ban: t.lokasi.posisi_ban,
        km_tempuh_total: km,
        target_km: target,
        persen,
      })),
    )
    const bySize = new Map<string, Json>()
    for (const t of (await api.get('/api/ban?status=stok')).json as Json[]) {
      const key = String(t.ukuran_id)
      const row = bySize.get(key) ?? { ukuran_id: t.ukuran_id, nama: t.ukuran?.nama ?? null, jumlah: 0 }
      row.jumlah++
      bySize.set(key, row)
    }
    expect([...stok_per_ukuran].sort((x: Json, y: Json) => String(x.ukuran_id).localeCompare(String(y.ukuran_id)))).toEqual(
      [...bySize.values()].sort((x, y) => String(x.ukuran_id).localeCompare(String(y.ukuran_id))),
    )
  })

  it('needs Select on Stok Ban (not taken as a tyre id: no 404 or 422)', async () => {
    const f = await fixture()
    const tanpa = await userWithGrants(f.api, 'tanpa-ringkasan')
    expect((await f.api.get('/api/ban/ringkasan', { token: tanpa.token })).status).toBe(403)
    const gudang = await userWithGrants(f.api, 'stok-ringkasan', { '/admin/ban': [] })
    expect((await f.api.get('/api/ban/ringkasan', { token: gudang.token })).status).toBe(200)
  })
})

describe('grants of the new calls', () => {
  const NEW = Object.keys(API_GRANTS).filter(
    (k) =>
      !k.includes('riwayat-dokumen') &&
      !k.includes('klaim') &&
      !k.includes('laporan-biaya-kendaraan') &&
      /ban\/:id\/(riwayat|terima)|pelepasan|laporan-biaya/.test(k),
  )

  it('a user without grants gets 403 on each new call', async () => {
    const f = await fixture()
    const tanpa = await userWithGrants(f.api, 'tanpa19')
    expect(NEW.length).toBe(13)
    for (const key of NEW) {
      const [method, pattern] = key.split(' ')
      const path = pattern.replace(/:kendaraanId|:id/g, String(f.v))
      const res = await f.api.request(method, path, { token: tanpa.token, json: method === 'POST' ? {} : undefined })
      expect(res.status, key).toBe(403)
      expect(res.json, key).toEqual({ message: NO_MENU_ACCESS })
    }
  })

  it('Pelepasan Ban create stages, undoes and registers; Select alone cannot; Stok Ban show reads the history', async () => {
    const f = await fixture()
    const user = await userWithGrants(f.api, 'bengkel19', { '/admin/pelepasan-ban': ['create'], '/admin/ban': ['show'] })
    const staged = await f.api.post('/api/pelepasan-ban/detail-ban', {
      token: user.token,
      json: { kendaraan_id: f.v, posisi_ban: '1A', km_pelepasan: 110_000, alasan: 'Habis', tujuan: 'stok' },
    })
    expect(staged.status).toBe(201)
    expect((await f.api.del(`/api/pelepasan-ban/delete-detail-ban/${staged.json.data.id}`, { token: user.token })).status).toBe(200)
    await remove(f.api, { kendaraan_id: f.v, posisi_ban: '1A' })
    const doc = await f.api.post(`/api/pelepasan-ban/add-pelepasan/${f.v}`, { token: user.token })
    expect(doc.status).toBe(201)
    const posting = await f.api.post(`/api/pelepasan-ban/${doc.json.data.id}/posting`, { token: user.token })
    expect(posting.status).toBe(403)
    expect(posting.json).toEqual({ message: NO_PERMISSION })
    expect((await f.api.del(`/api/pelepasan-ban/${doc.json.data.id}`, { token: user.token })).status).toBe(403)
    expect((await f.api.get(`/api/ban/${(await tyre(f.api, f.s.a)).id}/riwayat`, { token: user.token })).status).toBe(200)
    expect((await f.api.get('/api/laporan-biaya-ban', { token: user.token })).status).toBe(403)

    const reader = await userWithGrants(f.api, 'lihat19', { '/admin/pelepasan-ban': [] })
    expect((await f.api.get('/api/pelepasan-ban', { token: reader.token })).status).toBe(200)
    expect((await remove(f.api, { kendaraan_id: f.v, posisi_ban: '1B' })).status).toBe(201)
    const line = (await f.api.get(`/api/pelepasan-ban/detail-list-ban/${f.v}`, { token: reader.token })).json.data[0]
    const refused = await f.api.del(`/api/pelepasan-ban/delete-detail-ban/${line.id}`, { token: reader.token })
    expect(refused.status).toBe(403)
    expect(refused.json).toEqual({ message: NO_PERMISSION })
  })

  it('Update alone (the edit screen) undoes a line of a registered removal', async () => {
    const f = await fixture()
    await remove(f.api, { kendaraan_id: f.v, posisi_ban: '1A' })
    const doc = (await f.api.post(`/api/pelepasan-ban/add-pelepasan/${f.v}`)).json.data
    const line = (await f.api.get(`/api/detail-pelepasan/${doc.id}`)).json.data.detail[0]
    const editor = await userWithGrants(f.api, 'ubah19', { '/admin/pelepasan-ban': ['update'] })
    expect((await f.api.del(`/api/pelepasan-ban/delete-detail-ban/${line.id}`, { token: editor.token })).status).toBe(200)
    expect((await tyre(f.api, f.s.a)).status).toBe('terpasang')
  })
})

// SQLite's own history: PostgreSQL starts from the schema as it stands (api/migrations/postgres), so
// this one runs in the SQLite project only.
describe.skipIf(onPostgres)('migration 004 on a SQLite database of the old schema', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })

  it('keeps every row, ids and counters; fitting lines not removed; history backfilled', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-mig-'))
    dirs.push(dir)
    const db = new Database(join(dir, 'old.db'))
    db.pragma('foreign_keys = ON')
    db.exec('CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)')
    for (const file of ['001_schema.sql', '003_transaksi.sql']) {
      db.exec(readFileSync(join(import.meta.dirname, '../../api/migrations', file), 'utf8'))
      db.prepare("INSERT INTO schema_migrations (name, applied_at) VALUES (?, datetime('now'))").run(file)
    }
    const api = sqliteDatabase(db)
    await ensureVersionTriggers(api)
    const ins = (sql: string, ...p: unknown[]) => Number(db.prepare(sql).run(...p).lastInsertRowid)
    const sup = ins("INSERT INTO supplier (kode_supplier, nama_supp) VALUES ('SP1', 'PT Lama')")
    const jenis = ins("INSERT INTO jenis_kendaraan (kode_jenis_kendaraan, nama_jenis_kendaraan, total_ban) VALUES ('JK1', 'Engkel', 6)")
    const kend = ins("INSERT INTO kendaraan (kode_kendaraan, no_kabin, jenis_kendaraan_id, km) VALUES ('KD1', 'K-LAMA', ?, 5000)", jenis)
    const pb = ins(
      "INSERT INTO pembelian_ban (kode_pembelian_ban, supplier_id, grand_total, tanggal_awal) VALUES ('PB1', ?, 3000, '2023-05-06')",
      sup,
    )
    const tyres = [1, 2, 3].map((n) =>
      ins("INSERT INTO ban (kode_ban, no_seri, pembelian_ban_id, harga, status) VALUES (?, ?, ?, 1000, 'stok')", `BN${n}`, `S${n}`, pb),
    )
    db.prepare('DELETE FROM ban WHERE id = ?').run(tyres[2]) // a gap: the next tyre must not take id 3
    db.prepare("UPDATE ban SET status = 'terpasang' WHERE id = ?").run(tyres[0])
    const pm = ins(
      "INSERT INTO pemasangan_ban (kode_pemasangan, kendaraan_id, km, tanggal_awal) VALUES ('PM1', ?, 4000, '2023-06-07')",
      kend,
    )
    ins(
      "INSERT INTO detail_pemasangan_ban (pemasangan_ban_id, kendaraan_id, ban_id, posisi_ban, km_pemasangan) VALUES (?, ?, ?, '1A', 4000)",
      pm,
      kend,
      tyres[0],
    )
    const banBefore = db.prepare('SELECT id, kode_ban, no_seri, pembelian_ban_id, harga, status, created_at FROM ban ORDER BY id').all()

    await migrate(api)
    await ensureVersionTriggers(api)

    expect(db.prepare('SELECT id, kode_ban, no_seri, pembelian_ban_id, harga, status, created_at FROM ban ORDER BY id').all()).toEqual(
      banBefore,
    )
    expect(db.prepare('SELECT jumlah_vulkanisir FROM ban').pluck().all()).toEqual([0, 0])
    expect(db.prepare('SELECT ban_id, posisi_ban, dilepas FROM detail_pemasangan_ban').all()).toEqual([
      { ban_id: tyres[0], posisi_ban: '1A', dilepas: 0 },
    ])
    expect(db.prepare('SELECT ban_id, jenis, tanggal, dokumen_kode, nama_supp, no_kabin, km FROM riwayat_ban ORDER BY id').all()).toEqual([
      { ban_id: tyres[0], jenis: 'beli', tanggal: '2023-05-06', dokumen_kode: 'PB1', nama_supp: 'PT Lama', no_kabin: null, km: null },
      { ban_id: tyres[1], jenis: 'beli', tanggal: '2023-05-06', dokumen_kode: 'PB1', nama_supp: 'PT Lama', no_kabin: null, km: null },
      { ban_id: tyres[0], jenis: 'pasang', tanggal: '2023-06-07', dokumen_kode: 'PM1', nama_supp: null, no_kabin: 'K-LAMA', km: 4000 },
    ])
    expect(db.pragma('foreign_key_check')).toEqual([])
    // The counter survived the rebuild; the new states are accepted; a position holds one tyre among lines not removed.
    expect(ins("INSERT INTO ban (kode_ban, no_seri, harga, status) VALUES ('BN4', 'S4', 1, 'afkir')")).toBe(4)
    const line = "INSERT INTO detail_pemasangan_ban (kendaraan_id, ban_id, posisi_ban, km_pemasangan, dilepas) VALUES (?, ?, '1A', 1, ?)"
    expect(() => ins(line, kend, tyres[1], 0)).toThrow(/UNIQUE/)
    expect(ins(line, kend, tyres[1], 1)).toBeGreaterThan(0)
    // The version triggers are back on the rebuilt tables.
    const v = db.prepare("SELECT version FROM table_versions WHERE name = 'ban'").pluck()
    const before = v.get() as number
    db.prepare("UPDATE ban SET harga = 2 WHERE kode_ban = 'BN4'").run()
    expect(v.get()).toBe(before + 1)
    await api.close()
  })
})

describe('the seeds', () => {
  /** What must hold after any seed: states follow the fitting lines and the removals. */
  async function expectConsistent(api: Api) {
    // Each rule as plain SQL (a count of the rows that break it, no values): clearer than the builder here.
    const n = async (query: RawBuilder<{ n: number }>) => Number((await query.execute(api.db.q)).rows[0]!.n)
    // terpasang exactly when a fitting line not removed holds the tyre.
    expect(
      await n(sql`SELECT COUNT(*) AS n FROM ban b WHERE (b.status = 'terpasang') <>
           EXISTS (SELECT 1 FROM detail_pemasangan_ban d WHERE d.ban_id = b.id AND d.dilepas = 0)`),
    ).toBe(0)
    // Every removed fitting line has its removal line, and the other way round.
    expect(
      await n(sql`SELECT COUNT(*) AS n FROM detail_pemasangan_ban d WHERE (d.dilepas = 1) <>
           EXISTS (SELECT 1 FROM detail_pelepasan_ban l WHERE l.detail_pemasangan_ban_id = d.id)`),
    ).toBe(0)
    // At the retreader or scrapped: the latest removal sent it there.
    expect(
      await n(sql`SELECT COUNT(*) AS n FROM ban b WHERE b.status IN ('vulkanisir', 'afkir') AND b.status <>
           (SELECT l.tujuan FROM detail_pelepasan_ban l WHERE l.ban_id = b.id ORDER BY l.id DESC LIMIT 1)`),
    ).toBe(0)
    expect(
      await n(
        sql`SELECT COUNT(*) AS n FROM ban WHERE jumlah_vulkanisir <> (SELECT COUNT(*) FROM vulkanisir_ban v WHERE v.ban_id = ban.id)`,
      ),
    ).toBe(0)
    expect(
      await n(sql`SELECT COUNT(*) AS n FROM detail_pelepasan_ban WHERE km_tempuh <> km_pelepasan - km_pemasangan OR km_tempuh < 0`),
    ).toBe(0)
    // Every tyre has its purchase in its history; every fitting line its 'pasang', every removal its 'lepas'.
    expect(
      await n(
        sql`SELECT COUNT(*) AS n FROM ban b WHERE NOT EXISTS (SELECT 1 FROM riwayat_ban r WHERE r.ban_id = b.id AND r.jenis = 'beli')`,
      ),
    ).toBe(0)
    expect(
      await n(sql`SELECT COUNT(*) AS n FROM detail_pemasangan_ban d
           WHERE NOT EXISTS (SELECT 1 FROM riwayat_ban r WHERE r.detail_pemasangan_ban_id = d.id AND r.jenis = 'pasang')`),
    ).toBe(0)
    expect(
      await n(sql`SELECT COUNT(*) AS n FROM detail_pelepasan_ban l
           WHERE NOT EXISTS (SELECT 1 FROM riwayat_ban r WHERE r.detail_pelepasan_ban_id = l.id AND r.jenis = 'lepas')`),
    ).toBe(0)
  }

  it('the demo shows every state, every kind of step, and report figures this month and before', async () => {
    const api = await makeApi()
    await api.login()
    await expectConsistent(api)
    const states = (await api.db.q.selectFrom('ban').select('status').distinct().execute()).map((r) => r.status).sort()
    expect(states).toEqual(['afkir', 'stok', 'terpasang', 'vulkanisir'])
    expect(
      await api.db.q.selectFrom('ban').select('id').where('kondisi_ban', '=', 'KANISIR').where('jumlah_vulkanisir', '=', 1).execute(),
    ).toHaveLength(1)
    const jenis = (await api.db.q.selectFrom('riwayat_ban').select('jenis').distinct().execute()).map((r) => r.jenis).sort()
    expect(jenis).toEqual(['beli', 'lepas', 'pasang', 'rotasi', 'terima_vulkanisir'])
    const docs = (await api.get('/api/pelepasan-ban')).json
    // The third: two tyres removed early, raised as tyre claims (api/seed/klaim.ts).
    expect(docs.map((d: Json) => [d.status, d.jumlah_ban])).toEqual([
      ['posting', 2],
      ['unpost', 2],
      ['unpost', 2],
    ])
    const today = new Date().toISOString().slice(0, 10)
    const monthStart = `${today.slice(0, 8)}01`
    const thisMonth = (await api.get(`/api/laporan-biaya-ban?tanggal_awal=${monthStart}&tanggal_akhir=${today}`)).json.data
    const earlier = (await api.get(`/api/laporan-biaya-ban?tanggal_awal=2000-01-01&tanggal_akhir=${addDays(monthStart, -1)}`)).json.data
    for (const period of [thisMonth, earlier]) {
      expect(period.rows.length).toBeGreaterThan(0)
      expect(period.total.biaya_per_km).toBeGreaterThan(0)
    }
    // The retreaded tyre's history: bought, fitted, removed, received back.
    const kanisir = await api.db.q.selectFrom('ban').select('id').where('jumlah_vulkanisir', '=', 1).executeTakeFirstOrThrow()
    const riwayat = (await api.get(`/api/ban/${kanisir.id}/riwayat`)).json.data
    expect(riwayat.riwayat.map((h: Json) => h.jenis)).toEqual(['terima_vulkanisir', 'lepas', 'pasang', 'beli'])
    expect(riwayat.ringkasan.biaya_vulkanisir).toBe(650_000)
    // The dashboard's worn tyre: fitted, past 90% of its target km (from the list's own figures).
    const worn = ((await api.get('/api/ban?status=terpasang')).json as Json[]).filter(
      (t) => (t.km_tempuh + Math.max(0, t.lokasi.km_kendaraan - t.lokasi.km_pemasangan)) / t.lokasi.target_presentase >= 0.9,
    )
    expect(worn.length).toBeGreaterThan(0)
  })

  it('the scale seed removes, retreads and scraps tyres of its fittings, consistently', async () => {
    const { seedScale } = await import('../../api/seed/scale.ts')
    const api = await makeApi()
    const demoDocs = Number(
      (
        await api.db.q
          .selectFrom('pelepasan_ban')
          .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    const counts = await seedScale(api.db, 150, { today: '2025-06-30' })
    expect(counts.pelepasan_ban).toBeGreaterThan(20)
    expect(counts.detail_pelepasan_ban).toBeGreaterThan(counts.pelepasan_ban)
    expect(counts.vulkanisir_ban).toBeGreaterThan(5)
    await expectConsistent(api)
    const states = (await api.db.q.selectFrom('ban').select('status').distinct().execute()).map((r) => r.status).sort()
    expect(states).toEqual(['afkir', 'stok', 'terpasang', 'vulkanisir'])
    expect(
      await api.db.q
        .selectFrom('pelepasan_ban')
        .select('id')
        .where('id', '>', demoDocs)
        .where((eb) => eb.or([eb('tanggal_awal', '>', '2025-06-30'), eb('tanggal_awal', '<', '2024-06-01')]))
        .execute(),
    ).toEqual([])
    // Seeds 150 vehicles with their tyres and documents: seconds on a busy machine, not a unit of work.
  }, 60_000)
})
