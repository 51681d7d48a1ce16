import { beforeEach, describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { EXTENSIONS } from '../../api/features.ts'
import { NO_PERMISSION } from '../../api/grants.ts'
import { buyTyres, insertMasters, makeFitting, serial, type Api, type Masters } from './fixtures-transaksi.ts'
import { makeApi, userWithGrants } from './harness.ts'

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
const countBySerial = async (serials: string[]) =>
  Number(
    await api.db
      .prepare(`SELECT COUNT(*) FROM ban WHERE no_seri IN (${serials.map(() => '?').join(', ')})`)
      .pluck()
      .get(...serials),
  )

describe('import of Ban (opening stock)', () => {
  it('stages a batch with every refused row by row number, column and reason, and saves nothing', async () => {
    const [a, b, c, d, e, f] = ['A', 'B', 'C', 'D', 'E', 'F'].map((x) => serial(`IM${x}`))
    const [taken] = [serial('IMT')]
    await buyTyres(api, m, [taken])
    const cabin = (await api.db.prepare('SELECT no_kabin FROM kendaraan WHERE id = ?').pluck().get(m.kendaraan[6])) as string
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
    await api.db.prepare('UPDATE kendaraan SET no_pol = ? WHERE id = ?').run(plate, m.kendaraan[10])
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
    const fittings = (await api.db
      .prepare('SELECT status, km, grand_total FROM pemasangan_ban WHERE kendaraan_id = ?')
      .all(m.kendaraan[10])) as { status: string; km: number; grand_total: number }[]
    expect(fittings).toEqual([{ status: 'posting', km: 98_500, grand_total: 3_000_000 }])
    const history = await api.get(`/api/ban/${bySerial.get(b)?.id}/riwayat`)
    expect(history.json.data.riwayat.map((r: { jenis: string }) => r.jenis).sort()).toEqual(['beli', 'pasang'])

    // Saved once only; a second import of the same serials is refused as registered.
    expect((await api.post(`/api/impor/ban/${res.json.data.id}/simpan`, { json: {} })).status).toBe(409)
    const dup = await stage([tyre(2, a)])
    expect(dup.json.data.ditolak).toEqual([{ baris: 2, kolom: 'No Seri', pesan: `No seri ${a} sudah terdaftar.` }])
  })

  it('checks again when saving: a position taken since the preview refuses the whole batch', async () => {
    const [a, b, bought] = ['A', 'B', 'C'].map((x) => serial(`IR${x}`))
    const cabin = (await api.db.prepare('SELECT no_kabin FROM kendaraan WHERE id = ?').pluck().get(m.kendaraan[6])) as string
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
    expect(Number(await api.db.prepare('SELECT COUNT(*) FROM ban WHERE no_seri LIKE ?').pluck().get(`${prefix}-%`))).toBe(10_000)
    expect(
      Number(
        await api.db
          .prepare("SELECT COUNT(*) FROM riwayat_ban r JOIN ban b ON b.id = r.ban_id WHERE b.no_seri LIKE ? AND r.jenis = 'beli'")
          .pluck()
          .get(`${prefix}-%`),
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
