import { sql } from 'kysely'
import { beforeEach, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { EXTENSIONS } from '../../api/features.ts'
import { IMPOR_LIMIT_BYTES } from '../../api/body-limit.ts'
import { nextCode } from '../../api/codes.ts'
import { NO_PERMISSION } from '../../api/grants.ts'
import { fold, NO_PEMASANGAN_GRANT } from '../../api/routes/impor.ts'
import type { Schema } from '../../api/schema.ts'
import { SIMPLE_ENTITIES } from '../../api/simple-entities.ts'
import { buyTyres, insertMasters, makeFitting, serial, type Api, type Masters } from './fixtures-transaksi.ts'
import { makeApi, setGrants, userWithGrants } from './harness.ts'

/**
 * Import from a spreadsheet (the extension 'impor'; docs/upstream-contract.md "Extensions: import
 * from Excel"): the Ban opening stock staged with its refused rows, then saved all or none.
 */

type Row = { baris: number } & Record<string, string | number | null>

let api: Api
let m: Masters
beforeEach(async () => {
  api = await makeApi()
  m = await insertMasters(api.db)
  await api.login()
})

const tyre = (baris: number, no_seri: string, extra: Partial<Row> = {}): Row => ({
  baris,
  no_seri,
  ukuran: 'uji 11.00-20',
  merek: 'Merek Uji',
  tipe: 'Type Uji',
  kondisi: 'baru',
  harga: '1.500.000',
  tebal_tapak: 14.5,
  kendaraan: null,
  posisi: null,
  km: null,
  ...extra,
})

const stage = (rows: Row[], token?: string) => api.post('/api/impor/ban', { json: { nama_file: 'ban.xlsx', rows }, token })
const cabinOf = async (kendaraanId: number) =>
  (await api.db.q.selectFrom('kendaraan').select('no_kabin').where('id', '=', kendaraanId).executeTakeFirstOrThrow()).no_kabin
const batchCount = async (column: 'id' | 'user_id', value: number) =>
  Number(
    (
      await api.db.q
        .selectFrom('impor_batch')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(column, '=', value)
        .executeTakeFirstOrThrow()
    ).n,
  )
const pemasanganStatuses = async (kendaraanId: number) =>
  api.db.q.selectFrom('pemasangan_ban').select('status').where('kendaraan_id', '=', kendaraanId).execute()
const countBySerial = async (serials: string[]) =>
  Number(
    (
      await api.db.q
        .selectFrom('ban')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('no_seri', 'in', serials)
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('import of Ban (opening stock)', () => {
  it('stages a batch with every refused row by row number, column and reason, and saves nothing', async () => {
    const [a, b, c, d, e, f] = ['A', 'B', 'C', 'D', 'E', 'F'].map((x) => serial(`IM${x}`))
    const [taken] = [serial('IMT')]
    await buyTyres(api, m, [taken])
    const cabin = await cabinOf(m.kendaraan[6]!)
    const res = await stage([
      tyre(2, a),
      tyre(3, a), // the same serial twice in the file
      tyre(4, taken), // a serial the database has
      tyre(5, b, { merek: 'Merek Entah' }),
      tyre(6, c, { kendaraan: cabin, posisi: '3A', km: 120_000 }), // a 6-tyre vehicle has no 3A
      tyre(7, d, { kendaraan: cabin, posisi: '1A', km: 120_000 }),
      tyre(8, e, { kendaraan: cabin, posisi: '1a', km: 120_000 }), // 1A again
      tyre(9, f, { harga: 'seratus', ukuran: null }),
    ])
    expect(res.status).toBe(201)
    const batch = res.json.data
    expect(batch).toMatchObject({ jenis: 'ban', total: 8, siap: 2, disimpan: false, nama_file: 'ban.xlsx' })
    expect(batch.ditolak).toEqual(
      expect.arrayContaining([
        { baris: 3, kolom: 'No Seri', pesan: `No seri ${a} ganda dalam file (juga di baris 2).` },
        { baris: 4, kolom: 'No Seri', pesan: `No seri ${taken} sudah terdaftar.` },
        { baris: 5, kolom: 'Merek', pesan: 'Merek "Merek Entah" tidak dikenal; pilih dari daftar di template.' },
        { baris: 6, kolom: 'Posisi', pesan: `Posisi 3A tidak ada pada kendaraan ${cabin} (6 ban).` },
        { baris: 8, kolom: 'Posisi', pesan: `Posisi 1A kendaraan ${cabin} sudah diisi baris 7; satu posisi hanya untuk satu ban.` },
        { baris: 9, kolom: 'Ukuran', pesan: 'Ukuran wajib diisi.' },
        { baris: 9, kolom: 'Harga', pesan: 'Harga harus berupa angka bulat tidak negatif (isi: seratus).' },
      ]),
    )
    expect(batch.ditolak).toHaveLength(7)
    expect(await countBySerial([a, b, c, d, e, f])).toBe(0)

    // Read back by id (the preview page of any app instance).
    const again = await api.get(`/api/impor/ban/${batch.id}`)
    expect(again.status).toBe(200)
    expect(again.json.data).toEqual(batch)

    // Saving a batch with refused rows saves none of them.
    const saved = await api.post(`/api/impor/ban/${batch.id}/simpan`, { json: {} })
    expect(saved.status).toBe(422)
    expect(saved.json.errors['baris.3']).toEqual([`No Seri: No seri ${a} ganda dalam file (juga di baris 2).`])
    expect(await countBySerial([a, b, c, d, e, f])).toBe(0)
  })

  it('saves every row in one go: stock tyres, fitted tyres with one posted fitting per vehicle, their history', async () => {
    const [a, b, c] = ['A', 'B', 'C'].map((x) => serial(`IS${x}`))
    const plate = `G ${serial('').slice(-5)} IMP`
    await api.db.q.updateTable('kendaraan').set({ no_pol: plate }).where('id', '=', m.kendaraan[10]!).execute()
    const res = await stage([
      tyre(2, a),
      tyre(3, b, { kendaraan: plate.toLowerCase(), posisi: '3a', km: '98.500' }),
      tyre(4, c, { kendaraan: plate, posisi: '1A', km: 98_000, kondisi: 'BEKAS', tebal_tapak: null }),
    ])
    expect(res.status).toBe(201)
    expect(res.json.data).toMatchObject({ total: 3, siap: 3, ditolak: [] })
    const saved = await api.post(`/api/impor/ban/${res.json.data.id}/simpan`, { json: {} })
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject({ message: '3 data berhasil diimpor.', data: { disimpan: true } })

    const tyres = await api.get('/api/ban')
    const list = (Array.isArray(tyres.json) ? tyres.json : tyres.json.data) as { no_seri: string }[]
    const bySerial = new Map(list.map((t) => [t.no_seri, t as Record<string, unknown>]))
    expect(bySerial.get(a)).toMatchObject({ status: 'stok', harga: 1_500_000, kondisi_ban: 'BARU', lokasi: null })
    expect(bySerial.get(b)).toMatchObject({
      status: 'terpasang',
      lokasi: { kendaraan_id: m.kendaraan[10], posisi_ban: '3A', km_pemasangan: 98_500 },
    })
    expect(bySerial.get(c)).toMatchObject({
      status: 'terpasang',
      kondisi_ban: 'BEKAS',
      lokasi: { posisi_ban: '1A', km_pemasangan: 98_000 },
    })
    const pemasangan = await api.db.q
      .selectFrom('pemasangan_ban')
      .select(['status', 'km', 'grand_total'])
      .where('kendaraan_id', '=', m.kendaraan[10]!)
      .execute()
    expect(pemasangan).toEqual([{ status: 'posting', km: 98_500, grand_total: 3_000_000 }])
    const history = await api.get(`/api/ban/${bySerial.get(b)?.id}/riwayat`)
    expect(history.json.data.riwayat.map((r: { jenis: string }) => r.jenis).sort()).toEqual(['beli', 'pasang'])

    // Saved once only; a second import of the same serials is refused as registered.
    expect((await api.post(`/api/impor/ban/${res.json.data.id}/simpan`, { json: {} })).status).toBe(409)
    const dup = await stage([tyre(2, a)])
    expect(dup.json.data.ditolak).toEqual([{ baris: 2, kolom: 'No Seri', pesan: `No seri ${a} sudah terdaftar.` }])
  })

  it('checks again when saving: a position taken since the preview refuses the whole batch', async () => {
    const [a, b, bought] = ['A', 'B', 'C'].map((x) => serial(`IR${x}`))
    const cabin = await cabinOf(m.kendaraan[6]!)
    const res = await stage([tyre(2, a), tyre(3, b, { kendaraan: cabin, posisi: '2A', km: 100_000 })])
    expect(res.json.data.siap).toBe(2)
    await buyTyres(api, m, [bought])
    await makeFitting(api, m.kendaraan[6], [{ no_seri: bought, posisi_ban: '2A' }])
    const saved = await api.post(`/api/impor/ban/${res.json.data.id}/simpan`, { json: {} })
    expect(saved.status).toBe(422)
    expect(saved.json.errors['baris.3']).toEqual([`Posisi: Posisi 2A kendaraan ${cabin} sudah terisi ban ${bought}.`])
    expect(await countBySerial([a, b])).toBe(0)
    expect((await api.get(`/api/impor/ban/${res.json.data.id}`)).json.data).toMatchObject({ siap: 1, disimpan: false })
  })

  it('needs Create on Stok Ban; a batch is its own user’s', async () => {
    const reader = await userWithGrants(api, `imr${serial('').slice(-6)}`, { '/admin/ban': [] })
    const refused = await stage([tyre(2, serial('IG'))], reader.token)
    expect(refused.status).toBe(403)
    expect(refused.json.message).toBe(NO_PERMISSION)
    const writer = await userWithGrants(api, `imw${serial('').slice(-6)}`, { '/admin/ban': ['create'] })
    const own = await stage([tyre(2, serial('IG'))], writer.token)
    expect(own.status).toBe(201)
    // The admin may import too, but another user's batch is not found.
    expect((await api.get(`/api/impor/ban/${own.json.data.id}`)).status).toBe(404)
    expect((await api.post(`/api/impor/ban/${own.json.data.id}/simpan`, { json: {} })).status).toBe(404)
    expect((await api.del(`/api/impor/ban/${own.json.data.id}`)).status).toBe(404)
    expect((await api.post(`/api/impor/ban/${own.json.data.id}/simpan`, { json: {}, token: writer.token })).status).toBe(200)
    // A saved batch is kept; an unsaved one can be dropped ('Batalkan').
    expect((await api.del(`/api/impor/ban/${own.json.data.id}`, { token: writer.token })).status).toBe(409)
    const other = await stage([tyre(2, serial('IG'))], writer.token)
    expect((await api.del(`/api/impor/ban/${other.json.data.id}`, { token: writer.token })).status).toBe(200)
    expect((await api.get(`/api/impor/ban/${other.json.data.id}`, { token: writer.token })).status).toBe(404)
  })

  it('refuses a body without rows or with more than 10,000', async () => {
    expect((await api.post('/api/impor/ban', { json: { rows: [] } })).json.errors.rows).toEqual(['File tidak berisi baris data.'])
    const many = Array.from({ length: 10_001 }, (_, i) => ({ baris: i + 2, no_seri: `X${i}` }))
    const res = await api.post('/api/impor/ban', { json: { rows: many } })
    expect(res.status).toBe(422)
    expect(res.json.errors.rows).toEqual(['File berisi lebih dari 10.000 baris.'])
  })

  it('validates and saves 10,000 tyres', async () => {
    const prefix = serial('BIG')
    const rows = Array.from({ length: 10_000 }, (_, i) => tyre(i + 2, `${prefix}-${i}`))
    const res = await stage(rows)
    expect(res.json.data).toMatchObject({ total: 10_000, siap: 10_000, ditolak: [] })
    const saved = await api.post(`/api/impor/ban/${res.json.data.id}/simpan`, { json: {} })
    expect(saved.status).toBe(200)
    expect(
      Number(
        (
          await api.db.q
            .selectFrom('ban')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('no_seri', 'like', `${prefix}-%`)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(10_000)
    expect(
      Number(
        (
          await api.db.q
            .selectFrom('riwayat_ban as r')
            .innerJoin('ban as b', 'b.id', 'r.ban_id')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('b.no_seri', 'like', `${prefix}-%`)
            .where('r.jenis', '=', 'beli')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(10_000)
  }, 60_000)

  it('is not there without the extension', async () => {
    const { db } = api
    const app = await createApi({ db, uploadsDir: api.uploadsDir, extensions: new Set(EXTENSIONS.filter((e) => e !== 'impor')) })
    const token = await api.login()
    const fitur = await app.request('/api/fitur', { headers: { Authorization: `Bearer ${token}` } })
    expect(((await fitur.json()) as { data: string[] }).data).not.toContain('impor')
    const res = await app.request('/api/impor/ban', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ rows: [tyre(2, 'X')] }),
    })
    expect(res.status).toBe(404)
  })
})

const stageOf = (jenis: string, rows: Row[], token?: string) =>
  api.post(`/api/impor/${jenis}`, { json: { nama_file: `${jenis}.xlsx`, rows }, token })
const saveOf = (jenis: string, id: number, token?: string) => api.post(`/api/impor/${jenis}/${id}/simpan`, { json: {}, token })
/** A master's list (the spec's lists answer a bare array; a paged list, {data}). */
const listOf = async (path: string) => {
  const res = await api.get(path)
  return (Array.isArray(res.json) ? res.json : res.json.data) as Record<string, unknown>[]
}
const countWhere = async <T extends 'kendaraan' | 'supplier' | 'karyawan'>(table: T, column: keyof Schema[T] & string, values: string[]) =>
  Number(
    (
      await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} IN (${sql.join(values)})`.execute(
        api.db.q,
      )
    ).rows[0]!.n,
  )

describe('import of Kendaraan', () => {
  const vehicle = (baris: number, no_kabin: string | null, extra: Partial<Row> = {}): Row => ({
    baris,
    no_kabin,
    no_pol: null,
    no_rangka: null,
    no_mesin: null,
    jenis_kendaraan: 'jenis uji 10 ban',
    golongan: null,
    warna: null,
    km: null,
    expired_stnk: null,
    expired_kir: null,
    ...extra,
  })

  it('refuses empty, duplicate (in the file and the database) and unknown cells, bad numbers and dates; saves nothing', async () => {
    const [a, b, c] = ['A', 'B', 'C'].map((x) => serial(`KB${x}`))
    const plate = `B ${serial('').slice(-6)} IM`
    const known = await api.db.q
      .selectFrom('kendaraan')
      .select(['no_kabin', 'no_pol'])
      .where('id', '=', m.kendaraan[6]!)
      .executeTakeFirstOrThrow()
    const res = await stageOf('kendaraan', [
      vehicle(2, a, { no_pol: plate, expired_stnk: '31/12/2027', km: '120.000' }),
      vehicle(3, ` ${a.toLowerCase()} `), // the same cabin number again
      vehicle(4, known.no_kabin), // already registered
      vehicle(5, b, { no_pol: plate.replace(/ /g, '') }), // the plate of row 2
      vehicle(6, c, { no_pol: known.no_pol, jenis_kendaraan: 'Truk Entah' }),
      vehicle(7, null, { km: 'seratus', expired_kir: '31/02/2027', warna: 'Emas' }),
    ])
    expect(res.status).toBe(201)
    expect(res.json.data).toMatchObject({ jenis: 'kendaraan', total: 6, siap: 1, disimpan: false })
    expect(res.json.data.ditolak).toEqual([
      { baris: 3, kolom: 'No Kabin', pesan: `No kabin ${a.toLowerCase()} ganda dalam file (juga di baris 2).` },
      { baris: 4, kolom: 'No Kabin', pesan: `No kabin ${known.no_kabin} sudah terdaftar.` },
      { baris: 5, kolom: 'No Polisi', pesan: `No polisi ${plate.replace(/ /g, '')} ganda dalam file (juga di baris 2).` },
      { baris: 6, kolom: 'No Polisi', pesan: `No polisi ${known.no_pol} sudah terdaftar.` },
      { baris: 6, kolom: 'Jenis Kendaraan', pesan: 'Jenis kendaraan "Truk Entah" tidak dikenal; pilih dari daftar di template.' },
      { baris: 7, kolom: 'No Kabin', pesan: 'No Kabin wajib diisi.' },
      {
        baris: 7,
        kolom: 'Warna',
        pesan: 'Warna harus salah satu dari: Hitam, Putih, Cokelat, Hijau, Orange, Merah, Ungu, Kuning, Biru, Silver.',
      },
      { baris: 7, kolom: 'Km', pesan: 'Km harus berupa angka bulat tidak negatif (isi: seratus).' },
      { baris: 7, kolom: 'Expired KIR', pesan: 'Tanggal tidak valid (isi: 31/02/2027); tulis dd/mm/yyyy.' },
    ])
    const saved = await saveOf('kendaraan', res.json.data.id)
    expect(saved.status).toBe(422)
    expect(saved.json.errors['baris.4']).toEqual([`No Kabin: No kabin ${known.no_kabin} sudah terdaftar.`])
    expect(await countWhere('kendaraan', 'no_kabin', [a, b, c])).toBe(0)
  })

  it('saves every row as the create writes it: a KD code (also the QR text), the type, the dates', async () => {
    const [a, b] = ['A', 'B'].map((x) => serial(`KS${x}`))
    const res = await stageOf('kendaraan', [
      vehicle(2, a, { no_pol: 'b 1 uji', warna: 'hitam', km: '120.500', expired_stnk: '31/12/2027', expired_kir: 46_387 }),
      vehicle(3, b, { jenis_kendaraan: null, expired_stnk: '2027-01-05' }),
    ])
    expect(res.json.data).toMatchObject({ total: 2, siap: 2, ditolak: [] })
    const saved = await saveOf('kendaraan', res.json.data.id)
    expect(saved.status).toBe(200)
    expect(saved.json.message).toBe('2 data berhasil diimpor.')
    const rows = (await listOf('/api/kendaraan')).filter((k) => k.no_kabin === a || k.no_kabin === b)
    expect(rows).toHaveLength(2)
    const first = rows.find((k) => k.no_kabin === a) as Record<string, unknown>
    expect(first).toMatchObject({
      no_pol: 'b 1 uji',
      warna: 'Hitam',
      km: 120_500,
      expired_stnk: '2027-12-31',
      expired_kir: '2026-12-31',
      jenis_kendaraan: { id: m.jenis[10] },
    })
    expect(first.kode_kendaraan).toMatch(/^KD\d{6}$/)
    expect(first.qrcode_kendaraan).toBe(first.kode_kendaraan)
    expect(rows.find((k) => k.no_kabin === b)).toMatchObject({ km: 0, jenis_kendaraan_id: null, expired_stnk: '2027-01-05' })
    // The next vehicle made by the form takes the next code.
    const next = await api.post('/api/kendaraan/add', { json: { no_kabin: serial('KSN') } })
    expect(next.status).toBe(201)
    expect(next.json.data.kode_kendaraan > (first.kode_kendaraan as string)).toBe(true)
    // A second import of the same cabin numbers is refused as registered.
    const again = await stageOf('kendaraan', [vehicle(2, a)])
    expect(again.json.data.ditolak).toEqual([{ baris: 2, kolom: 'No Kabin', pesan: `No kabin ${a} sudah terdaftar.` }])
  })

  it('all or none: a cabin number registered since the preview refuses the whole batch', async () => {
    const [a, b] = ['A', 'B'].map((x) => serial(`KR${x}`))
    const res = await stageOf('kendaraan', [vehicle(2, a), vehicle(3, b)])
    expect(res.json.data.siap).toBe(2)
    expect((await api.post('/api/kendaraan/add', { json: { no_kabin: b } })).status).toBe(201)
    const saved = await saveOf('kendaraan', res.json.data.id)
    expect(saved.status).toBe(422)
    expect(saved.json.errors['baris.3']).toEqual([`No Kabin: No kabin ${b} sudah terdaftar.`])
    expect(await countWhere('kendaraan', 'no_kabin', [a])).toBe(0)
    expect((await api.get(`/api/impor/kendaraan/${res.json.data.id}`)).json.data).toMatchObject({ siap: 1, disimpan: false })
  })

  it('needs Create on Kendaraan (Create on another master is not enough)', async () => {
    const tag = serial('').slice(-6)
    const reader = await userWithGrants(api, `ikr${tag}`, { '/admin/kendaraan': ['show', 'update'] })
    expect((await stageOf('kendaraan', [vehicle(2, serial('KG'))], reader.token)).status).toBe(403)
    const other = await userWithGrants(api, `iko${tag}`, { '/admin/ban': ['create'], '/admin/supplier': ['create'] })
    expect((await stageOf('kendaraan', [vehicle(2, serial('KG'))], other.token)).status).toBe(403)
    const writer = await userWithGrants(api, `ikw${tag}`, { '/admin/kendaraan': ['create'] })
    const own = await stageOf('kendaraan', [vehicle(2, serial('KG'))], writer.token)
    expect(own.status).toBe(201)
    expect((await saveOf('kendaraan', own.json.data.id, writer.token)).status).toBe(200)
    // A Kendaraan batch is not read as another master's.
    expect((await api.get(`/api/impor/ban/${own.json.data.id}`, { token: writer.token })).status).toBe(403)
  })
})

describe('import of Supplier', () => {
  const supplier = (baris: number, nama_supp: string | null, extra: Partial<Row> = {}): Row => ({
    baris,
    nama_supp,
    nama_person: null,
    telp: null,
    alamat: null,
    nama_bank: null,
    ...extra,
  })

  it('refuses an empty name and an unknown bank; saves the rest all or none with SP codes', async () => {
    const [a, b] = ['A', 'B'].map((x) => serial(`SU${x}`))
    const bad = await stageOf('supplier', [
      supplier(2, a),
      supplier(3, null, { telp: '0283' }),
      supplier(4, b, { nama_bank: 'Bank Entah' }),
    ])
    expect(bad.json.data).toMatchObject({ jenis: 'supplier', total: 3, siap: 1 })
    expect(bad.json.data.ditolak).toEqual([
      { baris: 3, kolom: 'Nama Supplier', pesan: 'Nama Supplier wajib diisi.' },
      { baris: 4, kolom: 'Nama Bank', pesan: expect.stringMatching(/^Nama Bank harus salah satu dari: BRI, MANDIRI, /) },
    ])
    expect((await saveOf('supplier', bad.json.data.id)).status).toBe(422)
    expect(await countWhere('supplier', 'nama_supp', [a, b])).toBe(0)

    const good = await stageOf('supplier', [
      supplier(2, a, { nama_bank: 'bca', alamat: 'Jl. Impor 1', telp: 283_111 }),
      supplier(3, b, { nama_person: 'Bu Sari' }),
    ])
    expect(good.json.data).toMatchObject({ siap: 2, ditolak: [] })
    expect((await saveOf('supplier', good.json.data.id)).status).toBe(200)
    const list = await listOf('/api/supplier')
    const saved = list.find((s) => s.nama_supp === a) as Record<string, unknown>
    expect(saved).toMatchObject({ nama_bank: 'BCA', alamat: 'Jl. Impor 1', telp: '283111' })
    expect(saved.kode_supplier).toMatch(/^SP\d{6}$/)
    expect(saved.qrcode_supplier).toBe(saved.kode_supplier)
    expect(list.find((s) => s.nama_supp === b)).toMatchObject({ nama_person: 'Bu Sari' })
  })

  it('needs Create on Supplier', async () => {
    const reader = await userWithGrants(api, `isr${serial('').slice(-6)}`, { '/admin/kendaraan': ['create'] })
    expect((await stageOf('supplier', [supplier(2, serial('SG'))], reader.token)).status).toBe(403)
    const writer = await userWithGrants(api, `isw${serial('').slice(-6)}`, { '/admin/supplier': ['create'] })
    expect((await stageOf('supplier', [supplier(2, serial('SG'))], writer.token)).status).toBe(201)
  })
})

describe('import of Karyawan', () => {
  const employee = (baris: number, nama_lengkap: string | null, extra: Partial<Row> = {}): Row => ({
    baris,
    nama_lengkap,
    gender: null,
    departemen: null,
    tanggal_lahir: null,
    tanggal_gabung: null,
    ...extra,
  })

  it('refuses an empty name, an unknown department or gender and a bad date; saves with KY codes and the department', async () => {
    const dept = serial('Dept Impor')
    const made = await api.post('/api/departemen', { json: { nama: dept } })
    expect(made.status).toBe(201)
    const [a, b] = ['A', 'B'].map((x) => serial(`KY${x}`))
    const bad = await stageOf('karyawan', [
      employee(2, a, { departemen: dept.toUpperCase(), gender: 'perempuan', tanggal_lahir: '05/03/1990' }),
      employee(3, null),
      employee(4, b, { departemen: 'Dept Entah', gender: 'X', tanggal_gabung: 'kemarin' }),
    ])
    expect(bad.json.data).toMatchObject({ jenis: 'karyawan', total: 3, siap: 1 })
    expect(bad.json.data.ditolak).toEqual([
      { baris: 3, kolom: 'Nama Lengkap', pesan: 'Nama Lengkap wajib diisi.' },
      { baris: 4, kolom: 'Gender', pesan: 'Gender harus salah satu dari: Laki-laki, Perempuan.' },
      { baris: 4, kolom: 'Departemen', pesan: 'Departemen "Dept Entah" tidak dikenal; pilih dari daftar di template.' },
      { baris: 4, kolom: 'Tanggal Gabung', pesan: 'Tanggal tidak valid (isi: kemarin); tulis dd/mm/yyyy.' },
    ])
    expect((await saveOf('karyawan', bad.json.data.id)).status).toBe(422)
    expect(await countWhere('karyawan', 'nama_lengkap', [a, b])).toBe(0)

    const good = await stageOf('karyawan', [
      employee(2, a, { departemen: dept.toUpperCase(), gender: 'perempuan', tanggal_lahir: '05/03/1990' }),
      employee(3, b),
    ])
    expect((await saveOf('karyawan', good.json.data.id)).status).toBe(200)
    const list = await listOf('/api/karyawan')
    const saved = list.find((k) => k.nama_lengkap === a) as Record<string, unknown>
    expect(saved).toMatchObject({ gender: 'Perempuan', tanggal_lahir: '1990-03-05', departemen: { id: made.json.data.id, nama: dept } })
    expect(saved.kode_karyawan).toMatch(/^KY\d{6}$/)
    expect(list.find((k) => k.nama_lengkap === b)).toMatchObject({ departemen_id: null })
  })

  it('needs Create on Karyawan', async () => {
    const reader = await userWithGrants(api, `iyr${serial('').slice(-6)}`, { '/admin/karyawan': ['show'] })
    expect((await stageOf('karyawan', [employee(2, serial('YG'))], reader.token)).status).toBe(403)
    const writer = await userWithGrants(api, `iyw${serial('').slice(-6)}`, { '/admin/karyawan': ['create'] })
    expect((await stageOf('karyawan', [employee(2, serial('YG'))], writer.token)).status).toBe(201)
  })
})

describe('staged batches are bounded', () => {
  const gone = 'Data impor tidak ditemukan atau sudah kedaluwarsa; unggah file lagi.'
  const unsaved = async (userId: number, jenis: string) =>
    Number(
      (
        await api.db.q
          .selectFrom('impor_batch')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .where('jenis', '=', jenis)
          .where('disimpan_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('a user keeps the newest three unsaved batches of a master, a new upload replacing the oldest; other users’ and other masters’ stay', async () => {
    const tag = serial('').slice(-6)
    const writer = await userWithGrants(api, `ibw${tag}`, { '/admin/ban': ['create'], '/admin/supplier': ['create'] })
    const adminId = (await api.db.q.selectFrom('users').select('id').where('kode_user', '=', 'admin').executeTakeFirstOrThrow()).id
    const others = await stage([tyre(2, serial('IBA'))])
    const supplierBatch = await stageOf('supplier', [{ baris: 2, nama_supp: serial('SB') }], writer.token)
    // A saved batch is the record of its import: it is not replaced.
    const kept = await stage([tyre(2, serial('IBK'))], writer.token)
    expect((await saveOf('ban', kept.json.data.id, writer.token)).status).toBe(200)

    const ids: number[] = []
    for (let i = 0; i < 12; i++) {
      const res = await stage([tyre(2, serial(`IB${i}`))], writer.token)
      expect(res.status).toBe(201)
      ids.push(res.json.data.id)
    }
    expect(await unsaved(writer.id, 'ban')).toBe(3)
    expect(await batchCount('user_id', writer.id)).toBe(5)
    // The replaced batches' previews answer 'gone'; the newest three are there.
    for (const id of ids.slice(0, 9)) {
      const old = await api.get(`/api/impor/ban/${id}`, { token: writer.token })
      expect(old.status).toBe(404)
      expect(old.json.message).toBe(gone)
    }
    for (const id of ids.slice(9)) expect((await api.get(`/api/impor/ban/${id}`, { token: writer.token })).status).toBe(200)
    expect((await api.get(`/api/impor/ban/${kept.json.data.id}`, { token: writer.token })).json.data.disimpan).toBe(true)
    // Another user's batch of the same master and the user's batch of another master are untouched.
    expect(await unsaved(adminId, 'ban')).toBeGreaterThanOrEqual(1)
    expect((await api.get(`/api/impor/ban/${others.json.data.id}`)).status).toBe(200)
    expect(await unsaved(writer.id, 'supplier')).toBe(1)
    expect((await api.get(`/api/impor/supplier/${supplierBatch.json.data.id}`, { token: writer.token })).status).toBe(200)
  })

  it('an expired unsaved batch is gone when read, and deleted', async () => {
    const res = await stage([tyre(2, serial('IBE'))])
    const id = res.json.data.id as number
    await api.db.q.updateTable('impor_batch').set({ expires_at: '2000-01-01 00:00:00' }).where('id', '=', id).execute()
    const read = await api.get(`/api/impor/ban/${id}`)
    expect(read.status).toBe(404)
    expect(read.json.message).toBe(gone)
    expect(await batchCount('id', id)).toBe(0)
  })

  it('takes 10,000 realistic rows of the widest template; a body much bigger is 413', async () => {
    const dept = serial('Operasional Armada')
    expect((await api.post('/api/departemen', { json: { nama: dept } })).status).toBe(201)
    const employee = (i: number): Row => ({
      baris: i + 2,
      nama_lengkap: `Muhammad Rizky Pratama Wijaya ${i}`,
      nama_kecil: 'Rizky',
      gender: 'Laki-laki',
      departemen: dept,
      no_ktp: '3175091234567890',
      no_sim: '1234-5678-901234',
      tanggal_lahir: '1990-03-05',
      tanggal_gabung: '2015-07-01',
      telp: '0812-3456-7890',
      gmail: 'rizky.pratama.wijaya@gmail.com',
      alamat: 'Jl. Melati Indah Blok C5 No. 12 RT 005 RW 008, Kel. Cempaka Putih, Jakarta Pusat 10510',
      atas_nama: 'Muhammad Rizky Pratama Wijaya',
      norek: '1234567890123',
      nama_bank: 'BCA',
    })
    const rows = Array.from({ length: 10_000 }, (_, i) => employee(i))
    expect(JSON.stringify({ rows }).length).toBeGreaterThan(4_500_000)
    const fits = await stageOf('karyawan', rows)
    expect(fits.status).toBe(201)
    expect(fits.json.data).toMatchObject({ total: 10_000, siap: 10_000 })

    // The same 10,000 rows with an address of 1,000 characters each (about 14 MB): beyond any real sheet.
    const wide = rows.map((r) => ({ ...r, alamat: 'x'.repeat(1000) }))
    expect(JSON.stringify({ rows: wide }).length).toBeGreaterThan(IMPOR_LIMIT_BYTES)
    const refused = await stageOf('karyawan', wide)
    expect(refused.status).toBe(413)
    expect(refused.json.message).toBe('Data yang dikirim terlalu besar (maksimal 8 MB).')
  }, 60_000)
})

describe('fitted tyres need Create on Pemasangan Ban', () => {
  it('refuses each fitted row of a user without it, with the reason; the stock rows are fine; with it they save', async () => {
    const tag = serial('').slice(-6)
    const cabin = await cabinOf(m.kendaraan[10]!)
    const [a, b, c] = ['A', 'B', 'C'].map((x) => serial(`IF${x}`))
    const rows = [
      tyre(2, a),
      tyre(3, b, { kendaraan: cabin, posisi: '1A', km: 90_000 }),
      tyre(4, c, { kendaraan: null, posisi: '1B', km: null }),
    ]
    const stockOnly = await userWithGrants(api, `ifs${tag}`, { '/admin/ban': ['create'], '/admin/pemasangan-ban': ['show'] })
    const res = await stage(rows, stockOnly.token)
    expect(res.status).toBe(201)
    expect(res.json.data).toMatchObject({ total: 3, siap: 1 })
    expect(res.json.data.ditolak).toEqual([
      { baris: 3, kolom: 'Kendaraan', pesan: NO_PEMASANGAN_GRANT },
      { baris: 4, kolom: 'Kendaraan', pesan: NO_PEMASANGAN_GRANT },
    ])
    expect(NO_PEMASANGAN_GRANT).toBe('Anda tidak punya hak Create pada Pemasangan Ban untuk mencatat ban terpasang.')
    expect((await saveOf('ban', res.json.data.id, stockOnly.token)).status).toBe(422)
    // The stock rows alone save.
    const stock = await stage([tyre(2, a)], stockOnly.token)
    expect(stock.json.data).toMatchObject({ siap: 1, ditolak: [] })
    expect((await saveOf('ban', stock.json.data.id, stockOnly.token)).status).toBe(200)
    expect(await pemasanganStatuses(m.kendaraan[10]!)).toEqual([])

    // A grant taken away between the preview and 'Simpan semua' refuses then too.
    const fitter = await userWithGrants(api, `iff${tag}`, { '/admin/ban': ['create'], '/admin/pemasangan-ban': ['create'] })
    const staged = await stage([tyre(2, b, { kendaraan: cabin, posisi: '1A', km: 90_000 })], fitter.token)
    expect(staged.json.data).toMatchObject({ siap: 1, ditolak: [] })
    await setGrants(api, fitter.id, { '/admin/ban': ['create'] })
    const refused = await saveOf('ban', staged.json.data.id, fitter.token)
    expect(refused.status).toBe(422)
    expect(refused.json.errors['baris.2']).toEqual([`Kendaraan: ${NO_PEMASANGAN_GRANT}`])
    await setGrants(api, fitter.id, { '/admin/ban': ['create'], '/admin/pemasangan-ban': ['create'] })
    const again = await stage([tyre(2, b, { kendaraan: cabin, posisi: '1A', km: 90_000 })], fitter.token)
    expect((await saveOf('ban', again.json.data.id, fitter.token)).status).toBe(200)
    expect(await pemasanganStatuses(m.kendaraan[10]!)).toEqual([{ status: 'posting' }])
  })
})

describe('names match blind to case, spaces and punctuation; ambiguous ones are refused', () => {
  /** A simple master stored directly with its next code: its id. */
  const insertNamed = async (entity: 'ukuran' | 'merek' | 'typeban' | 'golongan', nama: string) => {
    const e = SIMPLE_ENTITIES[entity]
    const row = { [e.code]: await nextCode(api.db, entity), [e.name]: nama }
    return (
      await api.db.q
        .insertInto(entity)
        .values(row as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  }

  it('finds a size, brand, type and vehicle written another way, and refuses a name two masters fold to', async () => {
    const tag = serial('')
      .slice(-5)
      .replace(/[^a-z0-9]/gi, '')
    const size = `Q${tag} 295/80R22.5`
    const sizeId = await insertNamed('ukuran', size)
    const brandId = await insertNamed('merek', `Bridge-Stone ${tag}`)
    const typeId = await insertNamed('typeban', `Radial T/L ${tag}`)
    // Two sizes that fold to one key: only their exact spellings tell them apart.
    const twinA = `Z${tag} 10.00-20`
    const twinB = `Z${tag} 1000-20`
    const twinAId = await insertNamed('ukuran', twinA)
    await insertNamed('ukuran', twinB)
    const plateText = `B 9${tag.slice(0, 3)} KL`
    await api.db.q
      .updateTable('kendaraan')
      .set({ no_kabin: `K-${tag}`, no_pol: plateText })
      .where('id', '=', m.kendaraan[10]!)
      .execute()

    const [a, b, c, d, e] = ['A', 'B', 'C', 'D', 'E'].map((x) => serial(`NM${x}`))
    const res = await stage([
      tyre(2, a, { ukuran: `q${tag} 295/80 r22,5`, merek: `bridgestone ${tag}`, tipe: `radial tl ${tag}` }),
      tyre(3, b, { ukuran: `Q${tag}295/80 R 22.5`, kendaraan: `k ${tag}`, posisi: '1A', km: 1000 }),
      tyre(4, c, { ukuran: `  ${twinA}  ` }), // written exactly as one of the twins
      tyre(5, d, { ukuran: `z${tag} 10.00 20` }), // folds to both twins
      tyre(6, e, { ukuran: `Q${tag} 295/80R22.6`, kendaraan: plateText.replace(/ /g, '-').toLowerCase(), posisi: '1B', km: 1000 }),
    ])
    expect(res.status).toBe(201)
    expect(res.json.data.ditolak).toEqual([
      {
        baris: 5,
        kolom: 'Ukuran',
        pesan: `Ukuran "z${tag} 10.00 20" cocok dengan lebih dari satu data master ("${twinA}", "${twinB}"); tulis persis seperti salah satunya, atau perbaiki nama di master agar berbeda.`,
      },
      // A digit is never dropped: 22.6 is not 22.5.
      { baris: 6, kolom: 'Ukuran', pesan: `Ukuran "Q${tag} 295/80R22.6" tidak dikenal; pilih dari daftar di template.` },
    ])
    expect(res.json.data.siap).toBe(3)
    const ok = await stage([
      tyre(2, a, { ukuran: `q${tag} 295/80 r22,5`, merek: `bridgestone ${tag}`, tipe: `radial tl ${tag}` }),
      tyre(3, b, { ukuran: `Q${tag}295/80 R 22.5`, kendaraan: `k ${tag}`, posisi: '1A', km: 1000 }),
      tyre(4, c, { ukuran: `  ${twinA}  ` }),
      tyre(6, e, { ukuran: size, kendaraan: plateText.replace(/ /g, '-').toLowerCase(), posisi: '1B', km: 1000 }),
    ])
    expect(ok.json.data).toMatchObject({ siap: 4, ditolak: [] })
    expect((await saveOf('ban', ok.json.data.id)).status).toBe(200)
    const saved = await api.db.q
      .selectFrom('ban')
      .select(['no_seri', 'ukuran_id', 'merek_id', 'typeban_id', 'status'])
      .where('no_seri', 'in', [a, b, c, e])
      .orderBy('no_seri')
      .execute()
    const by = new Map(saved.map((t) => [t.no_seri, t]))
    expect(by.get(a)).toMatchObject({ ukuran_id: sizeId, merek_id: brandId, typeban_id: typeId, status: 'stok' })
    expect(by.get(b)).toMatchObject({ ukuran_id: sizeId, status: 'terpasang' })
    expect(by.get(c)).toMatchObject({ ukuran_id: twinAId })
    expect(by.get(e)).toMatchObject({ status: 'terpasang' })
    const fitted = (
      await api.db.q
        .selectFrom('detail_pemasangan_ban as d')
        .innerJoin('ban as b', 'b.id', 'd.ban_id')
        .select('d.posisi_ban')
        .where('d.kendaraan_id', '=', m.kendaraan[10]!)
        .orderBy('d.posisi_ban')
        .execute()
    ).map((r) => r.posisi_ban)
    expect(fitted).toEqual(['1A', '1B'])
  })

  it('matches the masters of Kendaraan and Karyawan and the fixed lists the same way', async () => {
    const tag = serial('')
      .slice(-5)
      .replace(/[^a-z0-9]/gi, '')
    const { id: jenisId } = await api.db.q
      .insertInto('jenis_kendaraan')
      .values({
        kode_jenis_kendaraan: await nextCode(api.db, 'jenis_kendaraan'),
        nama_jenis_kendaraan: `Truk-Tronton ${tag}`,
        total_ban: 10,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const golonganId = await insertNamed('golongan', `Gol. III/${tag}`)
    const dept = `Operasional, Armada ${tag}`
    const made = await api.post('/api/departemen', { json: { nama: dept } })
    expect(made.status).toBe(201)
    const kabin = serial('NK')
    const vehicles = await stageOf('kendaraan', [
      {
        baris: 2,
        no_kabin: kabin,
        jenis_kendaraan: `truk tronton ${tag}`,
        golongan: `gol iii ${tag}`,
        warna: 'SILVER',
      },
    ])
    expect(vehicles.json.data).toMatchObject({ siap: 1, ditolak: [] })
    expect((await saveOf('kendaraan', vehicles.json.data.id)).status).toBe(200)
    expect(
      await api.db.q
        .selectFrom('kendaraan')
        .select(['jenis_kendaraan_id', 'golongan_id', 'warna'])
        .where('no_kabin', '=', kabin)
        .executeTakeFirst(),
    ).toEqual({
      jenis_kendaraan_id: jenisId,
      golongan_id: golonganId,
      warna: 'Silver',
    })
    const nama = serial('NY')
    const people = await stageOf('karyawan', [
      { baris: 2, nama_lengkap: nama, departemen: `operasional armada ${tag}`, gender: 'laki laki' },
    ])
    expect(people.json.data).toMatchObject({ siap: 1, ditolak: [] })
    expect((await saveOf('karyawan', people.json.data.id)).status).toBe(200)
    expect(
      await api.db.q.selectFrom('karyawan').select(['departemen_id', 'gender']).where('nama_lengkap', '=', nama).executeTakeFirst(),
    ).toEqual({
      departemen_id: made.json.data.id,
      gender: 'Laki-laki',
    })
  })

  it('folds spaces, case, NFKC forms and - . , / _ only', () => {
    expect(fold('295/80 R22.5')).toBe(fold('295/80r22,5'))
    expect(fold(' K-01 ')).toBe(fold('k 01'))
    expect(fold('１１.００-２０')).toBe(fold('11.00-20'))
    expect(fold('295/80 R22.5')).not.toBe(fold('295/80 R22.6'))
    expect(fold('A&B')).not.toBe(fold('AB'))
  })
})

describe('the refused rows of a batch', () => {
  it('answers each refused row’s cells as sent and its reasons, by row; nothing for a batch without refusals', async () => {
    const [a, b, c] = ['A', 'B', 'C'].map((x) => serial(`RD${x}`))
    const res = await stage([
      tyre(5, a, { harga: 'seratus', merek: 'Merek Entah' }),
      tyre(2, b),
      tyre(3, c, { ukuran: null, tebal_tapak: 45 }),
    ])
    expect(res.json.data.siap).toBe(1)
    const refused = await api.get(`/api/impor/ban/${res.json.data.id}/ditolak`)
    expect(refused.status).toBe(200)
    expect(refused.json.data).toEqual([
      {
        baris: 3,
        cells: { ...tyre(3, c, { ukuran: null, tebal_tapak: 45 }), baris: undefined },
        alasan: ['Ukuran: Ukuran wajib diisi.', 'Tebal Tapak (mm): Tebal Tapak (mm) harus berupa angka 0 sampai 30 (isi: 45).'],
      },
      {
        baris: 5,
        cells: { ...tyre(5, a, { harga: 'seratus', merek: 'Merek Entah' }), baris: undefined },
        alasan: [
          'Merek: Merek "Merek Entah" tidak dikenal; pilih dari daftar di template.',
          'Harga: Harga harus berupa angka bulat tidak negatif (isi: seratus).',
        ],
      },
    ])
    expect(refused.json.data[0].cells).not.toHaveProperty('baris')
    // Another user's batch is not found; a reader of Stok Ban without Create is refused.
    const other = await userWithGrants(api, `rdo${serial('').slice(-6)}`, { '/admin/ban': ['create'] })
    expect((await api.get(`/api/impor/ban/${res.json.data.id}/ditolak`, { token: other.token })).status).toBe(404)
    const reader = await userWithGrants(api, `rdr${serial('').slice(-6)}`, { '/admin/ban': [] })
    expect((await api.get(`/api/impor/ban/${res.json.data.id}/ditolak`, { token: reader.token })).status).toBe(403)
    const clean = await stage([tyre(2, b)])
    expect((await api.get(`/api/impor/ban/${clean.json.data.id}/ditolak`)).json).toEqual({ data: [] })
  })
})
