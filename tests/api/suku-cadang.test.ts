import { beforeAll, describe, expect, it } from 'vitest'
import { NO_MENU_ACCESS, NO_PERMISSION } from '../../api/grants.ts'
import { move } from '../../api/stock.ts'
import { dipakaiMessage, MESSAGES, postedMessage } from '../../api/routes/suku-cadang.ts'
import type { Api } from './fixtures-transaksi.ts'
import { makeApi, userWithGrants, type Json } from './harness.ts'
import { SUKU_CADANG_DEMO } from '../../api/seed/suku-cadang.ts'

/**
 * Suku Cadang (the extension 'suku-cadang'; docs/upstream-contract.md "Extensions: the parts store"):
 * the master, Pembelian Suku Cadang and its stock movements, the stock list and its value, the Kartu
 * Stok with its running balance, Stok Opname — the stock and its value computed to the Rupiah, the
 * same on both databases.
 */

let unique = 0
const tag = () => `SC${++unique}${Date.now().toString(36).toUpperCase()}`

async function supplier(api: Api) {
  const row = await api.db.q.selectFrom('supplier').select('id').orderBy('id').executeTakeFirstOrThrow()
  return row.id
}

async function part(api: Api, nama: string, extra: Record<string, unknown> = {}) {
  const res = await api.post('/api/suku-cadang', { json: { nama, satuan: 'pcs', ...extra } })
  expect(res.status, JSON.stringify(res.json)).toBe(201)
  return res.json.data as Json
}

const stockOf = async (api: Api, id: number) => {
  const p = (await api.get(`/api/suku-cadang/${id}`)).json.data
  return { stok: p.stok, nilai_stok: p.nilai_stok, harga_rata_rata: p.harga_rata_rata }
}

/** A work order taking parts (what the perintah-kerja extension does through the same ledger). */
const takeOut = (api: Api, partId: number, jumlah: number) =>
  api.db.tx(() =>
    move(api.db, { partId, tanggal: '2026-01-20', jenis: 'perintah_kerja', dokumenId: 999_999, kodeDokumen: 'PK999999', jumlah: -jumlah }),
  )

describe('Suku Cadang: the master', () => {
  let api: Api
  beforeAll(async () => {
    api = await makeApi()
    await api.login()
  })

  it('adds, reads, edits, lists and deletes a part; code SC + 6 digits; messages in Indonesian', async () => {
    const t = tag()
    const added = await api.post('/api/suku-cadang', {
      json: { nama: ` ${t} Filter Oli `, satuan: 'PCS', kategori: 'Filter', stok_minimum: '5' },
    })
    expect(added.status).toBe(201)
    expect(added.json.message).toBe('Suku Cadang berhasil ditambahkan.')
    const data = added.json.data
    expect(data).toEqual({
      id: expect.any(Number),
      kode_suku_cadang: expect.stringMatching(/^SC\d{6}$/),
      nama: `${t} Filter Oli`,
      satuan: 'pcs',
      kategori: 'Filter',
      stok_minimum: 5,
      stok: 0,
      nilai_stok: 0,
      harga_rata_rata: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    })
    expect((await api.get(`/api/suku-cadang/${data.id}`)).json).toEqual({ data })

    const dup = await api.post('/api/suku-cadang', { json: { nama: `${t} FILTER OLI`, satuan: 'pcs' } })
    expect(dup.status).toBe(422)
    expect(dup.json.errors.nama).toEqual([MESSAGES.namaAda])
    const bad = await api.post('/api/suku-cadang', { json: { nama: '', satuan: 'galon', stok_minimum: '-1' } })
    expect(bad.status).toBe(422)
    expect(bad.json.errors).toEqual({
      nama: ['Nama suku cadang tidak boleh kosong!'],
      satuan: ['Satuan harus salah satu dari: pcs, liter, set, unit, kg, meter, botol.'],
      stok_minimum: ['Stok Minimum harus bilangan bulat 0 atau lebih.'],
    })
    expect((await api.post('/api/suku-cadang', { json: { nama: `${t} X`, satuan: 'liter', stok_minimum: '1,5' } })).json.errors).toEqual({
      stok_minimum: [MESSAGES.stokMinimum],
    })

    const edited = await api.put(`/api/suku-cadang/${data.id}`, {
      json: { nama: `${t} Filter Oli Mesin`, satuan: 'set', kategori: '', stok_minimum: 0 },
    })
    expect(edited.status).toBe(200)
    expect(edited.json.data).toMatchObject({ nama: `${t} Filter Oli Mesin`, satuan: 'set', kategori: null, stok_minimum: 0 })

    const other = await part(api, `${t} Kampas Rem`, { kategori: 'Rem', stok_minimum: 2 })
    const list = await api.get(`/api/suku-cadang?q=${t.toLowerCase()}&per_page=1`)
    expect(list.status).toBe(200)
    expect(list.json.meta).toMatchObject({ total: 2, page: 1, per_page: 1, last_page: 2 })
    expect(list.json.data.map((p: Json) => p.id)).toEqual([data.id])
    const byKategori = await api.get(`/api/suku-cadang?q=${t}&kategori=rem`)
    expect(byKategori.json.data.map((p: Json) => p.id)).toEqual([other.id])
    const below = await api.get(`/api/suku-cadang?q=${t}&bawah_minimum=1`)
    expect(below.json.data.map((p: Json) => p.id)).toEqual([other.id])
    const sorted = await api.get(`/api/suku-cadang?q=${t}&sort=nama&dir=desc`)
    expect(sorted.json.data.map((p: Json) => p.id)).toEqual([other.id, data.id])
    expect((await api.get('/api/suku-cadang?sort=harga')).status).toBe(422)

    expect((await api.del(`/api/suku-cadang/${data.id}`)).json).toEqual({ message: 'Suku Cadang berhasil dihapus.' })
    expect((await api.get(`/api/suku-cadang/${data.id}`)).status).toBe(404)
  })

  it('a part named by a purchase or the ledger is not deleted (409 with how many documents)', async () => {
    const t = tag()
    const p = await part(api, `${t} Oli`)
    const sup = await supplier(api)
    for (const _ of [1, 2]) {
      const res = await api.post('/api/pembelian-suku-cadang', {
        json: { supplier_id: sup, detail: [{ suku_cadang_id: p.id, jumlah: 1, harga: 10 }] },
      })
      expect(res.status).toBe(201)
    }
    const res = await api.del(`/api/suku-cadang/${p.id}`)
    expect(res.status).toBe(409)
    expect(res.json.message).toBe(dipakaiMessage(2))
    expect(res.json.message).toBe('Suku Cadang dipakai di 2 dokumen.')
  })
})

describe('Pembelian Suku Cadang, the stock and its value, Kartu Stok, Stok Opname', () => {
  let api: Api
  beforeAll(async () => {
    api = await makeApi()
    await api.login()
  })

  it('computes the stock and the moving average cost to the Rupiah through purchases, edits, deletes, work orders and counts', async () => {
    const t = tag()
    const sup = await supplier(api)
    const a = await part(api, `${t} Filter Solar`, { stok_minimum: 10 })
    const b = await part(api, `${t} Bearing`)

    const p1 = await api.post('/api/pembelian-suku-cadang', {
      json: {
        supplier_id: sup,
        tanggal_awal: '2026-01-05',
        keterangan: 'Stok awal',
        detail: [{ suku_cadang_id: a.id, jumlah: 10, harga: 1000 }],
      },
    })
    expect(p1.status, JSON.stringify(p1.json)).toBe(201)
    expect(p1.json.message).toBe('Pembelian suku cadang berhasil ditambahkan.')
    expect(p1.json.data).toMatchObject({
      kode_pembelian_suku_cadang: expect.stringMatching(/^PS\d{6}$/),
      supplier_id: sup,
      tanggal_awal: '2026-01-05',
      keterangan: 'Stok awal',
      grand_total: 10_000,
      status: 'unpost',
      supplier: { id: sup, kode_supplier: expect.any(String), nama_supp: expect.any(String) },
      detail: [
        {
          suku_cadang_id: a.id,
          kode_suku_cadang: a.kode_suku_cadang,
          nama: a.nama,
          satuan: 'pcs',
          jumlah: 10,
          harga: 1000,
          subtotal: 10_000,
        },
      ],
    })
    expect(await stockOf(api, a.id)).toEqual({ stok: 10, nilai_stok: 10_000, harga_rata_rata: 1000 })

    const p2 = await api.post('/api/pembelian-suku-cadang', {
      json: {
        supplier_id: String(sup),
        tanggal_awal: '2026-01-10',
        detail: { 0: { suku_cadang_id: String(a.id), jumlah: '5', harga: '1.300' }, 1: { suku_cadang_id: b.id, jumlah: 2, harga: 700 } },
      },
    })
    expect(p2.status, JSON.stringify(p2.json)).toBe(201)
    expect(p2.json.data.grand_total).toBe(6500 + 1400)
    expect(await stockOf(api, a.id)).toEqual({ stok: 15, nilai_stok: 16_500, harga_rata_rata: 1100 })

    // A work order takes 4: round(16.500 × 4 / 15) = 4.400.
    expect(await takeOut(api, a.id, 4)).toEqual({ nilai: -4400, harga: 1100, saldo: 11, nilai_saldo: 12_100 })

    // Edit: 5 × 1.300 becomes 3 × 1.500 — the new line in (+4.500), the old out at its own value (−6.500).
    const e = await api.put(`/api/pembelian-suku-cadang/${p2.json.data.id}`, {
      json: {
        supplier_id: sup,
        tanggal_awal: '2026-01-10',
        detail: [
          { suku_cadang_id: a.id, jumlah: 3, harga: 1500 },
          { suku_cadang_id: b.id, jumlah: 2, harga: 700 },
        ],
      },
    })
    expect(e.status, JSON.stringify(e.json)).toBe(200)
    expect(e.json.data.grand_total).toBe(4500 + 1400)
    expect(await stockOf(api, a.id)).toEqual({ stok: 9, nilai_stok: 10_100, harga_rata_rata: 1122 })

    // A count of 7: −2 at round(10.100 × 2 / 9) = 2.244.
    const o1 = await api.post('/api/stok-opname', {
      json: { suku_cadang_id: a.id, tanggal: '2026-01-25', stok_fisik: 7, alasan: 'Hilang 2' },
    })
    expect(o1.status, JSON.stringify(o1.json)).toBe(201)
    expect(o1.json.data).toMatchObject({
      kode_stok_opname: expect.stringMatching(/^SO\d{6}$/),
      stok_sistem: 9,
      stok_fisik: 7,
      selisih: -2,
      nilai_selisih: -2244,
      alasan: 'Hilang 2',
      suku_cadang: { id: a.id, nama: a.nama },
    })
    expect(await stockOf(api, a.id)).toEqual({ stok: 7, nilai_stok: 7856, harga_rata_rata: 1122 })
    // A count of 8: +1 at the average, round(7.856 / 7) = 1.122.
    const o2 = await api.post('/api/stok-opname', {
      json: { suku_cadang_id: a.id, tanggal: '2026-01-26', stok_fisik: '8', alasan: 'Ketemu 1' },
    })
    expect(o2.json.data).toMatchObject({ selisih: 1, nilai_selisih: 1122 })
    expect(await stockOf(api, a.id)).toEqual({ stok: 8, nilai_stok: 8978, harga_rata_rata: 1122 })
    // No difference: still recorded.
    const o3 = await api.post('/api/stok-opname', { json: { suku_cadang_id: a.id, tanggal: '2026-01-27', stok_fisik: 8, alasan: 'Cocok' } })
    expect(o3.json.data).toMatchObject({ stok_sistem: 8, stok_fisik: 8, selisih: 0, nilai_selisih: 0 })

    // Deleting the first purchase would take 10 of 8: refused on its line's field, nothing changed.
    const refused = await api.del(`/api/pembelian-suku-cadang/${p1.json.data.id}`)
    expect(refused.status).toBe(422)
    expect(refused.json.errors).toEqual({ 'detail.0.jumlah': [`Stok ${a.nama} tidak cukup: tersedia 8 pcs, diminta 10.`] })
    expect(await stockOf(api, a.id)).toEqual({ stok: 8, nilai_stok: 8978, harga_rata_rata: 1122 })
    // … and so is an edit that cuts it below what was used.
    const cut = await api.put(`/api/pembelian-suku-cadang/${p1.json.data.id}`, {
      json: { supplier_id: sup, detail: [{ suku_cadang_id: a.id, jumlah: 1, harga: 1000 }] },
    })
    expect(cut.status).toBe(422)
    expect(cut.json.errors['detail.0.jumlah']).toEqual([`Stok ${a.nama} tidak cukup: tersedia 9 pcs, diminta 10.`])
    expect(await stockOf(api, a.id)).toEqual({ stok: 8, nilai_stok: 8978, harga_rata_rata: 1122 })

    // Deleting the second: −3 at its own 4.500 (a) and −2 at 1.400 (b).
    const del = await api.del(`/api/pembelian-suku-cadang/${p2.json.data.id}`)
    expect(del.json).toEqual({ message: 'Pembelian suku cadang berhasil dihapus.' })
    expect(await stockOf(api, a.id)).toEqual({ stok: 5, nilai_stok: 4478, harga_rata_rata: 896 })
    expect(await stockOf(api, b.id)).toEqual({ stok: 0, nilai_stok: 0, harga_rata_rata: 0 })
    // A count on an empty shelf: the last purchase's price (700).
    const o4 = await api.post('/api/stok-opname', {
      json: { suku_cadang_id: b.id, tanggal: '2026-01-28', stok_fisik: 3, alasan: 'Sisa lama' },
    })
    expect(o4.json.data).toMatchObject({ stok_sistem: 0, selisih: 3, nilai_selisih: 2100 })
    expect(await stockOf(api, b.id)).toEqual({ stok: 3, nilai_stok: 2100, harga_rata_rata: 700 })

    // The stock is the sum of its ledger.
    const ledger = await api.db.q
      .selectFrom('mutasi_suku_cadang')
      .select((eb) => [
        eb.fn.sum<number>('masuk').as('masuk'),
        eb.fn.sum<number>('keluar').as('keluar'),
        eb.fn.sum<number>('nilai').as('nilai'),
      ])
      .where('suku_cadang_id', '=', a.id)
      .executeTakeFirstOrThrow()
    expect(Number(ledger.masuk) - Number(ledger.keluar)).toBe(5)
    expect(Number(ledger.nilai)).toBe(4478)

    // Kartu Stok: every movement by id, its running balance, and the balance before the range.
    const kartu = await api.get(`/api/suku-cadang/${a.id}/kartu-stok?per_page=50`)
    expect(kartu.status).toBe(200)
    expect(
      kartu.json.data.map((r: Json) => [r.tanggal, r.jenis, r.masuk, r.keluar, r.nilai, r.saldo, r.nilai_saldo, r.keterangan]),
    ).toEqual([
      ['2026-01-05', 'pembelian', 10, 0, 10_000, 10, 10_000, null],
      ['2026-01-10', 'pembelian', 5, 0, 6500, 15, 16_500, null],
      ['2026-01-20', 'perintah_kerja', 0, 4, -4400, 11, 12_100, null],
      ['2026-01-10', 'pembelian', 3, 0, 4500, 14, 16_600, null],
      ['2026-01-10', 'pembelian', 0, 5, -6500, 9, 10_100, 'Dokumen diubah'],
      ['2026-01-25', 'opname', 0, 2, -2244, 7, 7856, 'Hilang 2'],
      ['2026-01-26', 'opname', 1, 0, 1122, 8, 8978, 'Ketemu 1'],
      ['2026-01-10', 'pembelian', 0, 3, -4500, 5, 4478, 'Dokumen dihapus'],
    ])
    expect(kartu.json.data[0]).toMatchObject({ kode_dokumen: p1.json.data.kode_pembelian_suku_cadang, dokumen_id: p1.json.data.id })
    expect(kartu.json.meta).toMatchObject({ total: 8, saldo_awal: 0, nilai_saldo_awal: 0, part: { id: a.id, stok: 5 } })
    const ranged = await api.get(`/api/suku-cadang/${a.id}/kartu-stok?tanggal_awal=2026-01-20&tanggal_akhir=2026-01-31`)
    expect(ranged.json.data.map((r: Json) => r.saldo)).toEqual([11, 7, 8])
    expect(ranged.json.meta).toMatchObject({ total: 3, saldo_awal: 15, nilai_saldo_awal: 16_500 })
    expect((await api.get(`/api/suku-cadang/${a.id}/kartu-stok?tanggal_awal=2026-01-20`)).json.errors).toEqual({
      tanggal_akhir: ['Silakan pilih Tanggal Awal dan Tanggal Akhir'],
    })

    // Stok Suku Cadang: the rows with their value, the filter's total value and how many below minimum.
    const stok = await api.get(`/api/stok-suku-cadang?q=${t}`)
    expect(stok.json.data.map((p: Json) => [p.nama, p.stok, p.harga_rata_rata, p.nilai_stok])).toEqual([
      [b.nama, 3, 700, 2100],
      [a.nama, 5, 896, 4478],
    ])
    expect(stok.json.meta).toMatchObject({ total: 2, jumlah_nilai: 6578, jumlah_bawah_minimum: 1 })

    // The counts' list: newest first, searched by part.
    const counts = await api.get(`/api/stok-opname?q=${encodeURIComponent(b.nama)}`)
    expect(counts.json.data.map((o: Json) => o.selisih)).toEqual([3])
    const inRange = await api.get(`/api/stok-opname?q=${t}&tanggal_awal=2026-01-25&tanggal_akhir=2026-01-26`)
    expect(inRange.json.data.map((o: Json) => o.selisih)).toEqual([1, -2])
  })

  it('validates a purchase line by line and a count; refuses what is wrong with its field', async () => {
    const t = tag()
    const a = await part(api, `${t} Oli`)
    const res = await api.post('/api/pembelian-suku-cadang', {
      json: {
        supplier_id: '',
        tanggal_awal: '2026-02-30',
        detail: [
          { suku_cadang_id: a.id, jumlah: 0, harga: 'abc' },
          { suku_cadang_id: '', jumlah: 1.5, harga: -1 },
        ],
      },
    })
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual({
      supplier_id: ['Pilih supplier terlebih dahulu!'],
      tanggal_awal: ['Tanggal harus berupa tanggal (YYYY-MM-DD).'],
      'detail.0.jumlah': [MESSAGES.jumlah],
      'detail.0.harga': ['Harga harus berupa angka.'],
      'detail.1.suku_cadang_id': ['Pilih suku cadang.'],
      'detail.1.jumlah': [MESSAGES.jumlah],
      'detail.1.harga': [expect.stringContaining('Harga')],
    })
    const none = await api.post('/api/pembelian-suku-cadang', { json: { supplier_id: await supplier(api), detail: [] } })
    expect(none.json.errors).toEqual({ detail: ['Tambahkan minimal satu suku cadang.'] })
    const count = await api.post('/api/stok-opname', { json: { suku_cadang_id: a.id, stok_fisik: '', alasan: ' ' } })
    expect(count.json.errors).toEqual({ stok_fisik: ['Stok Fisik tidak boleh kosong!'], alasan: ['Alasan tidak boleh kosong!'] })
    expect((await api.post('/api/stok-opname', { json: { suku_cadang_id: 99_999_999, stok_fisik: 1, alasan: 'x' } })).json.errors).toEqual({
      suku_cadang_id: ['Suku cadang tidak ditemukan.'],
    })
  })

  it('a posted purchase cannot change; posting and unpost leave the audit trail; the list filters by date and status', async () => {
    const t = tag()
    const sup = await supplier(api)
    const a = await part(api, `${t} Minyak Rem`, { satuan: 'botol' })
    const made = await api.post('/api/pembelian-suku-cadang', {
      json: { supplier_id: sup, tanggal_awal: '2025-03-03', detail: [{ suku_cadang_id: a.id, jumlah: 2, harga: 25_000 }] },
    })
    const id = made.json.data.id
    const posted = await api.post(`/api/pembelian-suku-cadang/${id}/posting`)
    expect(posted.status).toBe(200)
    expect(posted.json).toMatchObject({ message: 'Pembelian suku cadang berhasil diposting.', data: { id, status: 'posting' } })
    expect((await api.post(`/api/pembelian-suku-cadang/${id}/posting`)).json.message).toBe('Pembelian suku cadang sudah diposting.')
    const put = await api.put(`/api/pembelian-suku-cadang/${id}`, {
      json: { supplier_id: sup, detail: [{ suku_cadang_id: a.id, jumlah: 1, harga: 1 }] },
    })
    expect(put.status).toBe(409)
    expect(put.json.message).toBe(postedMessage('diubah'))
    const del = await api.del(`/api/pembelian-suku-cadang/${id}`)
    expect(del.status).toBe(409)
    expect(del.json.message).toBe('Pembelian suku cadang sudah diposting dan tidak dapat dihapus.')
    expect(await stockOf(api, a.id)).toEqual({ stok: 2, nilai_stok: 50_000, harga_rata_rata: 25_000 })

    const list = await api.get('/api/pembelian-suku-cadang?tanggal_awal=2025-03-01&tanggal_akhir=2025-03-31&status=posting')
    expect(list.json.data.map((p: Json) => p.id)).toContain(id)
    expect(list.json.meta).toMatchObject({ posting: list.json.meta.total })
    const none = await api.get('/api/pembelian-suku-cadang?tanggal_awal=2025-03-01&tanggal_akhir=2025-03-31&status=unpost')
    expect(none.json.data.map((p: Json) => p.id)).not.toContain(id)
    expect((await api.get('/api/pembelian-suku-cadang?tanggal_awal=2025-03-01')).json.errors).toEqual({
      tanggal_akhir: ['Silakan pilih Tanggal Awal dan Tanggal Akhir'],
    })
    expect(
      (await api.get(`/api/pembelian-suku-cadang?q=${made.json.data.kode_pembelian_suku_cadang}`)).json.data.map((p: Json) => p.id),
    ).toEqual([id])

    expect((await api.post(`/api/pembelian-suku-cadang/${id}/unpost`)).json.data.status).toBe('unpost')
    const riwayat = await api.get(`/api/riwayat-dokumen/pembelian_suku_cadang/${id}`)
    expect(riwayat.status).toBe(200)
    expect(riwayat.json.data.map((r: Json) => r.aksi)).toEqual(expect.arrayContaining(['dibuat', 'posting', 'unpost']))
    expect((await api.get('/api/fitur')).json.data).toContain('suku-cadang')
  })

  it('grants: the menus of the parts store; a user without them gets 403', async () => {
    const t = tag()
    const a = await part(api, `${t} Aki`)
    const stokOnly = await userWithGrants(api, `st${unique}${Date.now() % 100000}`, { '/admin/stok-suku-cadang': [] })
    expect((await api.get('/api/stok-suku-cadang', { token: stokOnly.token })).status).toBe(200)
    expect((await api.get(`/api/suku-cadang/${a.id}/kartu-stok`, { token: stokOnly.token })).status).toBe(200)
    expect((await api.get('/api/suku-cadang', { token: stokOnly.token })).status).toBe(200)
    const write = await api.post('/api/suku-cadang', { json: { nama: `${t} Y`, satuan: 'pcs' }, token: stokOnly.token })
    expect(write.status).toBe(403)
    expect(write.json.message).toBe(NO_MENU_ACCESS)
    expect((await api.get('/api/pembelian-suku-cadang', { token: stokOnly.token })).json.message).toBe(NO_MENU_ACCESS)
    expect((await api.get('/api/stok-opname', { token: stokOnly.token })).status).toBe(403)

    const master = await userWithGrants(api, `ms${unique}${Date.now() % 100000}`, { '/admin/suku-cadang': [] })
    const refused = await api.post('/api/suku-cadang', { json: { nama: `${t} Z`, satuan: 'pcs' }, token: master.token })
    expect(refused.status).toBe(403)
    expect(refused.json.message).toBe(NO_PERMISSION)
    const nobody = await userWithGrants(api, `nb${unique}${Date.now() % 100000}`, {})
    expect((await api.get('/api/suku-cadang', { token: nobody.token })).status).toBe(403)
    const counter = await userWithGrants(api, `op${unique}${Date.now() % 100000}`, { '/admin/stok-opname': ['create'] })
    expect(
      (await api.post('/api/stok-opname', { json: { suku_cadang_id: a.id, stok_fisik: 0, alasan: 'x' }, token: counter.token })).status,
    ).toBe(201)
  })
})

describe('Suku Cadang: the seeds', () => {
  it('the demo: twelve parts, three purchases (two posted), a count; some at or below their minimum; every stock the sum of its ledger', async () => {
    const api = await makeApi()
    await api.login()
    const parts = await api.get('/api/stok-suku-cadang?per_page=100')
    expect(parts.json.meta.total).toBe(SUKU_CADANG_DEMO.length)
    expect(parts.json.meta.jumlah_bawah_minimum).toBeGreaterThanOrEqual(3)
    const oli = parts.json.data.find((p: Json) => p.nama === 'Oli Mesin 15W-40')
    // Bought: 200 × 48.000 + 40 × 50.000 = 11.600.000 for 240 liter; the demo's work orders then took
    // some at the average cost (api/seed/perintah-kerja.ts).
    const taken = await api.db.q
      .selectFrom('mutasi_suku_cadang')
      .select((eb) => [eb.fn.sum<number>('keluar').as('keluar'), eb.fn.sum<number>('nilai').as('nilai')])
      .where('suku_cadang_id', '=', oli.id)
      .where('jenis', '=', 'perintah_kerja')
      .executeTakeFirstOrThrow()
    expect(Number(taken.keluar)).toBeGreaterThan(0)
    expect(oli).toMatchObject({
      satuan: 'liter',
      stok: 240 - Number(taken.keluar),
      nilai_stok: 11_600_000 + Number(taken.nilai),
      harga_rata_rata: Math.round((11_600_000 + Number(taken.nilai)) / (240 - Number(taken.keluar))),
    })
    const purchases = await api.get('/api/pembelian-suku-cadang')
    expect(purchases.json.meta).toMatchObject({ total: 3, posting: 2 })
    expect((await api.get('/api/stok-opname')).json.data.map((o: Json) => o.selisih)).toEqual([-1])
    const sums = await api.db.q
      .selectFrom('mutasi_suku_cadang')
      .select((eb) => [
        'suku_cadang_id',
        eb.fn.sum<number>('masuk').as('masuk'),
        eb.fn.sum<number>('keluar').as('keluar'),
        eb.fn.sum<number>('nilai').as('nilai'),
      ])
      .groupBy('suku_cadang_id')
      .execute()
    for (const s of sums) {
      const p = parts.json.data.find((x: Json) => x.id === s.suku_cadang_id)
      expect([Number(s.masuk) - Number(s.keluar), Number(s.nilai)]).toEqual([p.stok, p.nilai_stok])
    }
  })
})

describe('Suku Cadang: import from a spreadsheet', () => {
  it('stages the rows, refuses a bad unit, a name twice or already a part, then saves the ready ones with their codes', async () => {
    const api = await makeApi()
    await api.login()
    const t = tag()
    await part(api, `${t} Ada`)
    const rows = [
      { baris: 2, nama: `${t} Filter A`, satuan: 'PCS', kategori: 'Filter', stok_minimum: 4 },
      { baris: 3, nama: `${t} Oli B`, satuan: 'liter', kategori: '', stok_minimum: '' },
      { baris: 4, nama: `${t} filter a`, satuan: 'pcs' },
      { baris: 5, nama: `${t} ada`, satuan: 'pcs' },
      { baris: 6, nama: `${t} Galon`, satuan: 'galon' },
      { baris: 7, nama: '', satuan: 'pcs', stok_minimum: 1.5 },
    ]
    const staged = await api.post('/api/impor/suku-cadang', { json: { nama_file: 'part.xlsx', rows } })
    expect(staged.status, JSON.stringify(staged.json)).toBe(201)
    expect(staged.json.data).toMatchObject({ total: 6, siap: 2 })
    expect(staged.json.data.ditolak).toEqual([
      { baris: 4, kolom: 'Nama', pesan: `Nama ${t} filter a ganda dalam file (juga di baris 2).` },
      { baris: 5, kolom: 'Nama', pesan: `Nama suku cadang ${t} ada sudah ada.` },
      { baris: 6, kolom: 'Satuan', pesan: 'Satuan harus salah satu dari: pcs, liter, set, unit, kg, meter, botol.' },
      { baris: 7, kolom: 'Nama', pesan: 'Nama wajib diisi.' },
      { baris: 7, kolom: 'Stok Minimum', pesan: expect.stringContaining('Stok Minimum harus bilangan bulat') },
    ])
    // A batch with refused rows is not saved; the ready rows alone are.
    expect((await api.post(`/api/impor/suku-cadang/${staged.json.data.id}/simpan`, { json: {} })).status).toBe(422)
    const clean = await api.post('/api/impor/suku-cadang', { json: { nama_file: 'part.xlsx', rows: rows.slice(0, 2) } })
    const saved = await api.post(`/api/impor/suku-cadang/${clean.json.data.id}/simpan`, { json: {} })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    const list = await api.get(`/api/suku-cadang?q=${t}&sort=nama`)
    expect(list.json.data.map((p: Json) => [p.nama, p.satuan, p.kategori, p.stok_minimum, p.stok])).toEqual([
      [`${t} Ada`, 'pcs', null, 0, 0],
      [`${t} Filter A`, 'pcs', 'Filter', 4, 0],
      [`${t} Oli B`, 'liter', null, 0, 0],
    ])
    expect(list.json.data[1].kode_suku_cadang).toMatch(/^SC\d{6}$/)
  })
})
