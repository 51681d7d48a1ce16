import { beforeEach, describe, expect, it } from 'vitest'
import { NO_PERMISSION } from '../../api/grants.ts'
import { buyTyres, insertMasters, makeFitting, serial, stageTyre, type Api, type Masters } from './fixtures-transaksi.ts'
import { makeApi, userWithGrants } from './harness.ts'

/**
 * The lines of the fitting and removal screens need what the app's route table asks of those screens:
 * staging a line for a new document (no document yet) is the create screen's, Create; adding a line to
 * a registered document or undoing one of its lines is its edit screen's, Update. A user with Select +
 * Create only, calling the api with their own token, is refused (403, nothing changed) on a registered
 * document's line and accepted on a staged one; an Update user is accepted on the registered one.
 */

const PEMASANGAN = '/admin/pemasangan-ban'
const INQUERY_PEMASANGAN = '/admin/inquery-pemasangan-ban'
const PELEPASAN = '/admin/pelepasan-ban'

type Fixture = { api: Api; m: Masters; create: string; update: string }

async function fixture(): Promise<Fixture> {
  const api = await makeApi()
  const m = await insertMasters(api.db)
  await api.login()
  const create = (await userWithGrants(api, 'hanya.buat', { [PEMASANGAN]: ['create'], [PELEPASAN]: ['create'] })).token
  const update = (await userWithGrants(api, 'boleh.ubah', { [PEMASANGAN]: ['update'], [PELEPASAN]: ['update'] })).token
  return { api, m, create, update }
}

type LineTable = 'detail_pemasangan_ban' | 'detail_pelepasan_ban'
const count = async (api: Api, table: LineTable) =>
  Number(
    (
      await api.db.q
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const exists = async (api: Api, table: LineTable, id: number) =>
  !!(await api.db.q.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst())
const fittingLineOf = async (api: Api, noSeri: string) =>
  (
    await api.db.q
      .selectFrom('detail_pemasangan_ban as d')
      .innerJoin('ban as b', 'b.id', 'd.ban_id')
      .select('d.id')
      .where('b.no_seri', '=', noSeri)
      .orderBy('d.id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
  ).id

describe('a fitting line (DELETE /api/pemasangan-ban/delete-detail-ban/{id})', () => {
  let f: Fixture
  let registered: { a: number; b: number; c: number }
  let staged: { d: number; e: number }
  beforeEach(async () => {
    f = await fixture()
    const s = { a: serial('A'), b: serial('B'), c: serial('C'), d: serial('D'), e: serial('E') }
    await buyTyres(f.api, f.m, Object.values(s))
    const v = f.m.kendaraan[10]
    await makeFitting(f.api, v, [
      { no_seri: s.a, posisi_ban: '1A' },
      { no_seri: s.b, posisi_ban: '1B' },
      { no_seri: s.c, posisi_ban: '2A' },
    ])
    expect((await stageTyre(f.api, { kendaraan_id: v, no_seri: s.d, posisi_ban: '2B' })).status).toBe(201)
    expect((await stageTyre(f.api, { kendaraan_id: v, no_seri: s.e, posisi_ban: '2C' })).status).toBe(201)
    registered = { a: await fittingLineOf(f.api, s.a), b: await fittingLineOf(f.api, s.b), c: await fittingLineOf(f.api, s.c) }
    staged = { d: await fittingLineOf(f.api, s.d), e: await fittingLineOf(f.api, s.e) }
  })
  const undo = (id: number, token: string) => f.api.del(`/api/pemasangan-ban/delete-detail-ban/${id}`, { token })

  it('Create only: refused on a registered fitting’s line (nothing deleted), accepted on a staged line', async () => {
    const res = await undo(registered.a, f.create)
    expect(res.status).toBe(403)
    expect(res.json).toEqual({ message: NO_PERMISSION })
    expect(await exists(f.api, 'detail_pemasangan_ban', registered.a)).toBe(true)
    expect((await undo(staged.d, f.create)).status).toBe(200)
    expect(await exists(f.api, 'detail_pemasangan_ban', staged.d)).toBe(false)
  })

  it('Update (on the list or on the inquiry): accepted on a registered line; a staged line still needs Create', async () => {
    expect((await undo(registered.a, f.update)).status).toBe(200)
    expect(await exists(f.api, 'detail_pemasangan_ban', registered.a)).toBe(false)
    const inquiry = (await userWithGrants(f.api, 'ubah.inquery', { [INQUERY_PEMASANGAN]: ['update'] })).token
    expect((await undo(registered.b, inquiry)).status).toBe(200)
    const res = await undo(staged.e, f.update)
    expect(res.status).toBe(403)
    expect(res.json).toEqual({ message: NO_PERMISSION })
    expect(await exists(f.api, 'detail_pemasangan_ban', staged.e)).toBe(true)
  })
})

describe('a removal line (POST /api/pelepasan-ban/detail-ban, DELETE /api/pelepasan-ban/delete-detail-ban/{id})', () => {
  let f: Fixture
  let v: number
  let docId: number
  let registeredLine: number
  let stagedLine: number
  const removal = (token: string, body: Record<string, unknown>) =>
    f.api.post('/api/pelepasan-ban/detail-ban', {
      token,
      json: { kendaraan_id: v, alasan: 'Habis', tujuan: 'stok', km_pelepasan: 110_000, ...body },
    })
  const undo = (id: number, token: string) => f.api.del(`/api/pelepasan-ban/delete-detail-ban/${id}`, { token })

  beforeEach(async () => {
    f = await fixture()
    v = f.m.kendaraan[10]
    const s = [serial('P'), serial('Q'), serial('R'), serial('S')]
    await buyTyres(f.api, f.m, s)
    await makeFitting(
      f.api,
      v,
      s.map((no_seri, i) => ({ no_seri, posisi_ban: ['1A', '1B', '2A', '2B'][i] })),
    )
    // A registered removal document with the tyre of 1A, then a staged removal of 1B.
    registeredLine = (await removal(await f.api.login(), { posisi_ban: '1A' })).json.data.id
    docId = (await f.api.post(`/api/pelepasan-ban/add-pelepasan/${v}`)).json.data.id
    stagedLine = (await removal(await f.api.login(), { posisi_ban: '1B' })).json.data.id
  })

  it('Create only: adding a line to a registered document is refused (nothing stored); staging one is accepted', async () => {
    const lines = await count(f.api, 'detail_pelepasan_ban')
    const res = await removal(f.create, { posisi_ban: '2A', pelepasan_ban_id: docId })
    expect(res.status).toBe(403)
    expect(res.json).toEqual({ message: NO_PERMISSION })
    expect(await count(f.api, 'detail_pelepasan_ban')).toBe(lines)
    const staged = await removal(f.create, { posisi_ban: '2A' })
    expect(staged.status).toBe(201)
    expect(staged.json.data.pelepasan_ban_id).toBeNull()
  })

  it('Update: adding a line to the registered document is accepted; staging one still needs Create', async () => {
    const added = await removal(f.update, { posisi_ban: '2A', pelepasan_ban_id: docId })
    expect(added.status).toBe(201)
    expect(added.json.data.pelepasan_ban_id).toBe(docId)
    const lines = await count(f.api, 'detail_pelepasan_ban')
    expect((await removal(f.update, { posisi_ban: '2B' })).status).toBe(403)
    expect(await count(f.api, 'detail_pelepasan_ban')).toBe(lines)
  })

  it('Create only: undoing a registered document’s line is refused (nothing undone); a staged line is accepted', async () => {
    const res = await undo(registeredLine, f.create)
    expect(res.status).toBe(403)
    expect(res.json).toEqual({ message: NO_PERMISSION })
    expect(await exists(f.api, 'detail_pelepasan_ban', registeredLine)).toBe(true)
    expect((await undo(stagedLine, f.create)).status).toBe(200)
    expect(await exists(f.api, 'detail_pelepasan_ban', stagedLine)).toBe(false)
  })

  it('Update: undoing the registered line is accepted; Delete alone is refused, as the edit screen in the app', async () => {
    const deleter = (await userWithGrants(f.api, 'hanya.hapus', { [PELEPASAN]: ['delete'] })).token
    expect((await undo(registeredLine, deleter)).status).toBe(403)
    expect(await exists(f.api, 'detail_pelepasan_ban', registeredLine)).toBe(true)
    expect((await undo(registeredLine, f.update)).status).toBe(200)
    expect(await exists(f.api, 'detail_pelepasan_ban', registeredLine)).toBe(false)
  })
})
