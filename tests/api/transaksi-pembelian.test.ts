import { beforeEach, describe, expect, it } from 'vitest'
import { today } from '../../api/http.ts'
import { makeApi, type Json } from './harness.ts'
import { buyTyres, insertMasters, makeFitting, serial, stageTyre, tyreBySerial, type Masters } from './fixtures-transaksi.ts'

/** A multipart purchase body exactly as the spec describes it: header fields plus ban[i][…]. */
function purchaseForm(m: Masters, lines: { no_seri: string; harga: string; kondisi_ban?: string }[], header: Record<string, string> = {}) {
  const fd = new FormData()
  fd.append('supplier_id', String(m.supplierId))
  fd.append('alamat', '')
  fd.append('grand_total', '1') // ignored: the server sums the lines
  for (const [k, v] of Object.entries(header)) fd.set(k, v)
  lines.forEach((l, i) => {
    fd.append(`ban[${i}][no_seri]`, l.no_seri)
    fd.append(`ban[${i}][ukuran_id]`, String(m.ukuranId))
    fd.append(`ban[${i}][kondisi_ban]`, l.kondisi_ban ?? 'BARU')
    fd.append(`ban[${i}][merek_id]`, String(m.merekId))
    fd.append(`ban[${i}][typeban_id]`, String(m.typebanId))
    fd.append(`ban[${i}][harga]`, l.harga)
  })
  return fd
}

describe('/api/pembelian-ban', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  let m: Masters
  beforeEach(async () => {
    api = await makeApi()
    m = await insertMasters(api.db)
    await api.login()
  })

  it('needs a token for every call', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/pembelian-ban'],
      ['POST', '/api/pembelian-ban/add'],
      ['POST', '/api/pembelian-ban/1/update'],
      ['DELETE', '/api/pembelian-ban/1'],
      ['GET', '/api/detail-pembelian/1'],
      ['POST', '/api/inquery-pembelian/1/posting'],
      ['POST', '/api/inquery-pembelian/1/unpost'],
      ['POST', '/api/inquery-pembelian-ban/1/posting'],
      ['POST', '/api/inquery-pembelian-ban/1/unpost'],
      ['GET', '/api/inquery-pembelian-ban'],
      ['GET', '/api/laporan-pembelian-ban'],
    ]
    for (const [method, path] of calls) {
      const res = await api.request(method, path, { token: null })
      expect(res.status, `${method} ${path}`).toBe(401)
      expect(res.json).toEqual({ message: 'Unauthenticated.' })
    }
  })

  it('adds from multipart ban[i][…]: one tyre per line in stock, own codes, grand_total summed by the server', async () => {
    const s = [serial(), serial(), serial(), serial()]
    const res = await api.post('/api/pembelian-ban/add', {
      form: purchaseForm(m, [
        { no_seri: s[0], harga: '1500000' },
        { no_seri: s[1], harga: '1500000.00' },
        { no_seri: s[2], harga: '1.250.000', kondisi_ban: 'kanisir' },
        { no_seri: s[3], harga: 'Rp 2.000.000' },
      ]),
    })
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('PembelianBan berhasil ditambahkan!')
    const d = res.json.data
    expect(d.kode_pembelian_ban).toMatch(/^PB\d{6}$/)
    expect(d).toMatchObject({
      supplier_id: m.supplierId,
      alamat: 'Jl. Uji No. 1, Tegal', // empty alamat → the supplier's
      grand_total: 6_250_000,
      status: 'unpost',
      tanggal_awal: today(),
      supplier: {
        id: m.supplierId,
        kode_supplier: expect.stringMatching(/^SP\d{6}$/),
        nama_supp: 'PT Uji Ban Satu',
        alamat: 'Jl. Uji No. 1, Tegal',
        telp: '0283-111111',
      },
    })
    expect(d.detail_ban).toHaveLength(4)
    expect(d.detail_ban.map((t: Json) => t.harga)).toEqual([1_500_000, 1_500_000, 1_250_000, 2_000_000])
    expect(d.detail_ban.map((t: Json) => t.no_seri)).toEqual(s)
    expect(d.detail_ban[2].kondisi_ban).toBe('KANISIR')
    const codes = d.detail_ban.map((t: Json) => t.kode_ban)
    expect(new Set(codes).size).toBe(4)
    for (const t of d.detail_ban) {
      expect(t).toEqual({
        id: expect.any(Number),
        kode_ban: expect.stringMatching(/^BN\d{6}$/),
        no_seri: expect.any(String),
        ukuran_id: m.ukuranId,
        merek_id: m.merekId,
        typeban_id: m.typebanId,
        kondisi_ban: expect.any(String),
        harga: expect.any(Number),
        status: 'stok',
        tebal_tapak_awal: null,
      })
    }
    // Read back: stored rows, the list, the tyre list.
    const stored = await api.db.q.selectFrom('pembelian_ban').select(['grand_total', 'status']).where('id', '=', d.id).executeTakeFirst()
    expect(stored).toEqual({ grand_total: 6_250_000, status: 'unpost' })
    const list = await api.get('/api/pembelian-ban')
    expect(Array.isArray(list.json)).toBe(true)
    expect(list.json.find((p: Json) => p.id === d.id)).toEqual(d)
    const stok = (await api.get('/api/ban?status=stok')).json.filter((t: Json) => t.pembelian_ban_id === d.id)
    expect(stok.map((t: Json) => t.kode_ban)).toEqual(codes)
  })

  it('adds from JSON with a given date and without alamat', async () => {
    const res = await api.post('/api/pembelian-ban/add', {
      json: {
        supplier_id: String(m.supplier2Id),
        tanggal_awal: '2023-06-15',
        alamat: 'Gudang Timur',
        ban: [{ no_seri: serial(), harga: 3_100_000 }],
      },
    })
    expect(res.status).toBe(201)
    expect(res.json.data).toMatchObject({
      supplier_id: m.supplier2Id,
      tanggal_awal: '2023-06-15',
      alamat: 'Gudang Timur',
      grand_total: 3_100_000,
    })
    expect(res.json.data.detail_ban[0]).toMatchObject({ ukuran_id: null, merek_id: null, typeban_id: null, kondisi_ban: null })
  })

  it('refuses invalid purchases with field errors and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await api.db.q
            .selectFrom('pembelian_ban')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ) +
      Number(
        (
          await api.db.q
            .selectFrom('ban')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()

    const noSupplier = await api.post('/api/pembelian-ban/add', {
      form: purchaseForm(m, [{ no_seri: serial(), harga: '1' }], { supplier_id: '' }),
    })
    expect(noSupplier.status).toBe(422)
    expect(noSupplier.json.message).toBe('Pilih supplier terlebih dahulu!')
    expect(noSupplier.json.errors).toEqual({ supplier_id: ['Pilih supplier terlebih dahulu!'] })

    const unknown = await api.post('/api/pembelian-ban/add', {
      json: { supplier_id: 987654, ban: [{ no_seri: serial(), ukuran_id: 987654 }] },
    })
    expect(unknown.status).toBe(422)
    expect(unknown.json.errors).toEqual({ supplier_id: ['Supplier tidak ditemukan.'], 'ban.0.ukuran_id': ['Ukuran tidak ditemukan.'] })

    const noLines = await api.post('/api/pembelian-ban/add', { json: { supplier_id: m.supplierId } })
    expect(noLines.status).toBe(422)
    expect(noLines.json.errors).toEqual({ ban: ['Tambahkan minimal satu ban.'] })

    const badLines = await api.post('/api/pembelian-ban/add', {
      form: purchaseForm(m, [
        { no_seri: '', harga: '1000' },
        { no_seri: serial(), harga: 'seratus' },
        { no_seri: serial(), harga: '1000', kondisi_ban: 'RUSAK' },
      ]),
    })
    expect(badLines.status).toBe(422)
    expect(badLines.json.errors).toEqual({
      'ban.0.no_seri': ['No Seri ban tidak boleh kosong!'],
      'ban.1.harga': ['Harga harus berupa angka.'],
      'ban.2.kondisi_ban': ['Kondisi ban harus salah satu dari: BARU, BEKAS, KANISIR, AFKIR, PROFIT.'],
    })
    expect(badLines.json.message).toBe('No Seri ban tidak boleh kosong! (dan 2 kesalahan lainnya)')

    const taken = serial()
    await buyTyres(api, m, [taken])
    const afterFirst = await count()
    const dup = serial()
    const dupes = await api.post('/api/pembelian-ban/add', {
      form: purchaseForm(m, [
        { no_seri: dup, harga: '1' },
        { no_seri: dup, harga: '1' },
        { no_seri: taken, harga: '1' },
      ]),
    })
    expect(dupes.status).toBe(422)
    expect(dupes.json.errors).toEqual({
      'ban.1.no_seri': [`No seri ${dup} ganda dalam pembelian ini.`],
      'ban.2.no_seri': [`No seri ${taken} sudah terdaftar.`],
    })
    expect(await count()).toBe(afterFirst)
    expect(afterFirst).toBe(before + 2)
  })

  it('updates: replaces the lines, keeps the tyre (and kode_ban) of an unchanged serial, recomputes grand_total', async () => {
    const [keep, drop, add] = [serial(), serial(), serial()]
    const p = await buyTyres(api, m, [keep, drop], { tanggal_awal: '2024-01-10' })
    const kept = p.detail_ban[0]
    const res = await api.post(`/api/pembelian-ban/${p.id}/update`, {
      form: purchaseForm(
        m,
        [
          { no_seri: keep, harga: '2.500.000', kondisi_ban: 'BEKAS' },
          { no_seri: add, harga: '3000000' },
        ],
        {
          supplier_id: String(m.supplier2Id),
          alamat: 'Alamat baru',
          tanggal_awal: '',
        },
      ),
    })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('PembelianBan berhasil diperbarui!')
    const d = res.json.data
    expect(d).toMatchObject({
      id: p.id,
      kode_pembelian_ban: p.kode_pembelian_ban,
      supplier_id: m.supplier2Id,
      alamat: 'Alamat baru',
      grand_total: 5_500_000,
      tanggal_awal: '2024-01-10',
      status: 'unpost',
      supplier: { nama_supp: 'CV Uji Ban Dua' },
    })
    expect(d.detail_ban.map((t: Json) => [t.no_seri, t.harga])).toEqual([
      [keep, 2_500_000],
      [add, 3_000_000],
    ])
    expect(d.detail_ban[0]).toMatchObject({ id: kept.id, kode_ban: kept.kode_ban, kondisi_ban: 'BEKAS' })
    expect(d.detail_ban[1].kode_ban).not.toBe(p.detail_ban[1].kode_ban)
    expect(await tyreBySerial(api.db, drop)).toBeUndefined()
    expect((await tyreBySerial(api.db, add))?.status).toBe('stok')
    // A line may also name its tyre by id and change the serial.
    const renamed = serial()
    const byId = await api.post(`/api/pembelian-ban/${p.id}/update`, {
      json: { supplier_id: m.supplierId, tanggal_awal: '2024-01-11', ban: [{ id: kept.id, no_seri: renamed, harga: 100 }] },
    })
    expect(byId.status).toBe(200)
    expect(byId.json.data.detail_ban).toEqual([
      expect.objectContaining({ id: kept.id, kode_ban: kept.kode_ban, no_seri: renamed, harga: 100 }),
    ])
    expect(byId.json.data).toMatchObject({ tanggal_awal: '2024-01-11', grand_total: 100 })
  })

  it('validates updates; unknown ids are 404', async () => {
    const p = await buyTyres(api, m, [serial()])
    const bad = await api.post(`/api/pembelian-ban/${p.id}/update`, { json: { supplier_id: '', ban: [] } })
    expect(bad.status).toBe(422)
    expect(bad.json.errors).toEqual({ supplier_id: ['Pilih supplier terlebih dahulu!'], ban: ['Tambahkan minimal satu ban.'] })
    const body = { json: { supplier_id: m.supplierId, ban: [{ no_seri: serial() }] } }
    expect((await api.post('/api/pembelian-ban/987654/update', body)).json).toEqual({ message: 'Pembelian ban tidak ditemukan.' })
    expect((await api.post('/api/pembelian-ban/x1/update', body)).status).toBe(404)
    expect((await api.del('/api/pembelian-ban/987654')).status).toBe(404)
    expect((await api.get('/api/detail-pembelian/987654')).status).toBe(404)
    expect((await api.get('/api/detail-pembelian/abc')).status).toBe(404)
  })

  it('deletes an unposted purchase with its tyres', async () => {
    const s = [serial(), serial()]
    const p = await buyTyres(api, m, s)
    const res = await api.del(`/api/pembelian-ban/${p.id}`)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: 'Data Pembelian telah dihapus.' })
    expect((await api.get('/api/pembelian-ban')).json.some((x: Json) => x.id === p.id)).toBe(false)
    expect((await api.get('/api/ban')).json.filter((t: Json) => s.includes(t.no_seri))).toEqual([])
    expect((await api.del(`/api/pembelian-ban/${p.id}`)).status).toBe(404)
  })

  it('refuses to change or delete a posted purchase (409) and allows it again after unpost', async () => {
    const p = await buyTyres(api, m, [serial()])
    expect((await api.post(`/api/inquery-pembelian/${p.id}/posting`)).status).toBe(200)
    const upd = await api.post(`/api/pembelian-ban/${p.id}/update`, { json: { supplier_id: m.supplierId, ban: [{ no_seri: serial() }] } })
    expect(upd.status).toBe(409)
    expect(upd.json).toEqual({ message: 'Pembelian ban sudah diposting dan tidak dapat diubah.' })
    const del = await api.del(`/api/pembelian-ban/${p.id}`)
    expect(del.status).toBe(409)
    expect(del.json).toEqual({ message: 'Pembelian ban sudah diposting dan tidak dapat dihapus.' })
    expect((await api.get(`/api/detail-pembelian/${p.id}`)).json.detail).toHaveLength(1)
    expect((await api.post(`/api/inquery-pembelian/${p.id}/unpost`)).status).toBe(200)
    expect((await api.del(`/api/pembelian-ban/${p.id}`)).status).toBe(200)
  })

  it('refuses to change or delete a purchase whose tyres are staged or fitted (409)', async () => {
    const [a, b] = [serial(), serial()]
    const p = await buyTyres(api, m, [a, b])
    expect((await stageTyre(api, { kendaraan_id: m.kendaraan[6], no_seri: a, posisi_ban: '1A' })).status).toBe(201)
    const upd = await api.post(`/api/pembelian-ban/${p.id}/update`, { json: { supplier_id: m.supplierId, ban: [{ no_seri: b }] } })
    expect(upd.status).toBe(409)
    expect(upd.json.message).toBe('Pembelian ban tidak dapat diubah karena ban sudah dipasang.')
    await api.post(`/api/pemasangan-ban/add-pemasangan/${m.kendaraan[6]}`)
    const del = await api.del(`/api/pembelian-ban/${p.id}`)
    expect(del.status).toBe(409)
    expect(del.json.message).toBe('Pembelian ban tidak dapat dihapus karena ban sudah dipasang.')
    expect((await tyreBySerial(api.db, b))?.status).toBe('stok')
  })

  it('GET /api/detail-pembelian/{id} answers {data, detail} with nested size, brand and type', async () => {
    const s = [serial(), serial()]
    const p = await buyTyres(api, m, s, { harga: '2.250.000' })
    const res = await api.get(`/api/detail-pembelian/${p.id}`)
    expect(res.status).toBe(200)
    expect(Object.keys(res.json).sort()).toEqual(['data', 'detail'])
    expect(res.json.data).toMatchObject({
      id: p.id,
      kode_pembelian_ban: p.kode_pembelian_ban,
      grand_total: 4_500_000,
      supplier: { nama_supp: 'PT Uji Ban Satu', telp: '0283-111111' },
    })
    expect(res.json.detail).toEqual(
      p.detail_ban.map((t: Json) => ({
        id: t.id,
        kode_ban: t.kode_ban,
        no_seri: t.no_seri,
        status: 'stok',
        harga: 2_250_000,
        kondisi_ban: 'BARU',
        pembelian_ban_id: p.id,
        tebal_tapak_awal: null,
        ukuran_id: m.ukuranId,
        merek_id: m.merekId,
        typeban_id: m.typebanId,
        ukuran: { id: m.ukuranId, nama: 'UJI 11.00-20' },
        merek: { id: m.merekId, nama_merek: 'Merek Uji' },
        typeban: { id: m.typebanId, nama_type: 'Type Uji' },
      })),
    )
  })

  for (const base of ['/api/inquery-pembelian', '/api/inquery-pembelian-ban']) {
    it(`posting and unpost under ${base}/{id}/…: transitions, 409 when already there, 404 unknown`, async () => {
      const p = await buyTyres(api, m, [serial()])
      const post = await api.post(`${base}/${p.id}/posting`, { json: {} })
      expect(post.status).toBe(200)
      expect(post.json.message).toBe('Pembelian ban berhasil diposting.')
      expect(post.json.data).toMatchObject({ id: p.id, status: 'posting' })
      expect((await api.db.q.selectFrom('pembelian_ban').select('status').where('id', '=', p.id).executeTakeFirstOrThrow()).status).toBe(
        'posting',
      )
      const again = await api.post(`${base}/${p.id}/posting`)
      expect(again.status).toBe(409)
      expect(again.json).toEqual({ message: 'Pembelian ban sudah diposting.' })

      const unpost = await api.post(`${base}/${p.id}/unpost`)
      expect(unpost.status).toBe(200)
      expect(unpost.json.message).toBe('Pembelian ban berhasil di-unpost.')
      expect(unpost.json.data.status).toBe('unpost')
      expect((await api.get('/api/pembelian-ban')).json.find((x: Json) => x.id === p.id).status).toBe('unpost')
      const twice = await api.post(`${base}/${p.id}/unpost`)
      expect(twice.status).toBe(409)
      expect(twice.json).toEqual({ message: 'Pembelian ban belum diposting (sudah unpost).' })

      expect((await api.post(`${base}/987654/posting`)).json).toEqual({ message: 'Pembelian ban tidak ditemukan.' })
      expect((await api.post(`${base}/987654/unpost`)).status).toBe(404)
    })
  }

  it('unposting keeps the tyres fitted on a vehicle as they are', async () => {
    const a = serial()
    const p = await buyTyres(api, m, [a])
    await makeFitting(api, m.kendaraan[10], [{ no_seri: a, posisi_ban: '3C' }])
    await api.post(`/api/inquery-pembelian/${p.id}/posting`)
    expect((await api.post(`/api/inquery-pembelian/${p.id}/unpost`)).status).toBe(200)
    expect((await tyreBySerial(api.db, a))?.status).toBe('terpasang')
  })
})
