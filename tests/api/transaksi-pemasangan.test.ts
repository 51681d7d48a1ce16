import { beforeEach, describe, expect, it } from 'vitest'
import { today } from '../../api/http.ts'
import { makeApi, type Json } from './harness.ts'
import {
  buyTyres,
  insertMasters,
  insertVehicle,
  makeFitting,
  serial,
  stageTyre,
  tyreBySerial,
  vehicleKm,
  type Masters,
} from './fixtures-transaksi.ts'

const BASE = ['1A', '1B', '2A', '2B', '2C', '2D']
const axle = (n: number) => ['A', 'B', 'C', 'D'].map((l) => `${n}${l}`)

describe('fittings (pemasangan ban)', () => {
  let api: Awaited<ReturnType<typeof makeApi>>
  let m: Masters
  beforeEach(async () => {
    api = await makeApi()
    m = await insertMasters(api.db)
    await api.login()
  })

  it('needs a token for every call', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/pemasangan-ban'],
      ['DELETE', '/api/pemasangan-ban/1'],
      ['GET', '/api/pemasangan-ban/detail-list-ban/1'],
      ['POST', '/api/pemasangan-ban/detail-ban'],
      ['DELETE', '/api/pemasangan-ban/delete-detail-ban/1'],
      ['POST', '/api/pemasangan-ban/add-pemasangan/1'],
      ['GET', '/api/detail-pemasangan/1'],
      ['GET', '/api/inquery-pemasangan-ban'],
      ['GET', '/api/inquery-pemasangan-ban/detail-list-ban/1'],
      ['POST', '/api/inquery-pemasangan-ban/detail-ban'],
      ['POST', '/api/inquery-pemasangan-ban/1/update'],
      ['POST', '/api/inquery-pemasangan-ban/1/posting'],
      ['POST', '/api/inquery-pemasangan-ban/1/unpost'],
      ['POST', '/api/inquery-pemasangan/1/posting'],
      ['POST', '/api/inquery-pemasangan/1/unpost'],
    ]
    for (const [method, path] of calls) {
      const res = await api.request(method, path, { token: null })
      expect(res.status, `${method} ${path}`).toBe(401)
    }
  })

  it('stages a tyre: 201 with the detail, the tyre is terpasang, the position is taken, target defaults to 70000', async () => {
    const s = serial()
    const p = await buyTyres(api, m, [s], { harga: 2_400_000 })
    const res = await stageTyre(api, { kendaraan_id: m.kendaraan[10], no_seri: s, posisi_ban: '3b', km_pemasangan: '100.500' })
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('Detail ban berhasil disimpan.')
    expect(res.json.data).toEqual({
      id: expect.any(Number),
      pemasangan_ban_id: null,
      kendaraan_id: m.kendaraan[10],
      ban_id: p.detail_ban[0].id,
      posisi_ban: '3B',
      km_pemasangan: 100_500,
      target_presentase: 70000,
      dilepas: 0,
      ban: {
        id: p.detail_ban[0].id,
        kode_ban: p.detail_ban[0].kode_ban,
        no_seri: s,
        kondisi_ban: 'BARU',
        harga: 2_400_000,
        ukuran: { id: m.ukuranId, nama: 'UJI 11.00-20' },
        merek: { id: m.merekId, nama_merek: 'Merek Uji' },
        typeban: { id: m.typebanId, nama_type: 'Type Uji' },
      },
    })
    expect((await tyreBySerial(api.db, s))?.status).toBe('terpasang')
    const list = await api.get(`/api/pemasangan-ban/detail-list-ban/${m.kendaraan[10]}`)
    expect(list.status).toBe(200)
    expect(list.json).toEqual({ data: [res.json.data] })
    // Staging alone does not change the vehicle's km (registering does).
    expect(await vehicleKm(api.db, m.kendaraan[10])).toBe(100_000)
    // The same position cannot take a second tyre; the same tyre cannot be staged twice.
    const other = serial()
    await buyTyres(api, m, [other])
    const taken = await stageTyre(api, { kendaraan_id: m.kendaraan[10], no_seri: other, posisi_ban: '3B' })
    expect(taken.status).toBe(422)
    // The message names the tyre holding the position (a staged one: not saved yet).
    expect(taken.json.errors).toEqual({ posisi_ban: [`Posisi ban 3B sudah terisi ban ${s} yang belum disimpan.`] })
    const twice = await stageTyre(api, { kendaraan_id: m.kendaraan[10], no_seri: s, posisi_ban: '3C' })
    expect(twice.status).toBe(422)
    expect(twice.json.errors).toEqual({ no_seri: [`Ban dengan nomor seri ${s} tidak tersedia di stok.`] })
  })

  it('accepts the staging body as multipart too, with an explicit target', async () => {
    const s = serial()
    await buyTyres(api, m, [s])
    const fd = new FormData()
    for (const [k, v] of Object.entries({
      kendaraan_id: m.kendaraan[6],
      km_pemasangan: '120000',
      posisi_ban: '2D',
      no_seri: s,
      target_presentase: '85000',
    })) {
      fd.append(k, String(v))
    }
    const res = await api.post('/api/pemasangan-ban/detail-ban', { form: fd })
    expect(res.status).toBe(201)
    expect(res.json.data).toMatchObject({ posisi_ban: '2D', km_pemasangan: 120_000, target_presentase: 85_000 })
  })

  it('refuses a staging without serial number with the spec message', async () => {
    const res = await stageTyre(api, { kendaraan_id: m.kendaraan[6], no_seri: '', posisi_ban: '1A' })
    expect(res.status).toBe(422)
    expect(res.json.message).toBe('Nomor Seri harus dipilih')
    expect(res.json.errors).toEqual({ no_seri: ['Nomor Seri harus dipilih'] })
    const empty = await api.post('/api/pemasangan-ban/detail-ban', { json: {} })
    expect(empty.json.errors).toEqual({
      kendaraan_id: ['Kendaraan harus dipilih.'],
      no_seri: ['Nomor Seri harus dipilih'],
      posisi_ban: ['Posisi ban harus dipilih.'],
      km_pemasangan: ['Km pemasangan tidak boleh kosong.'],
    })
  })

  it('refuses unknown serials, unknown vehicles, bad numbers', async () => {
    const unknown = await stageTyre(api, { kendaraan_id: m.kendaraan[6], no_seri: 'TIDAK-ADA', posisi_ban: '1A' })
    expect(unknown.status).toBe(422)
    expect(unknown.json.errors).toEqual({ no_seri: ['Ban dengan nomor seri TIDAK-ADA tidak tersedia di stok.'] })
    const s = serial()
    await buyTyres(api, m, [s])
    const noVehicle = await stageTyre(api, { kendaraan_id: 987654, no_seri: s, posisi_ban: '1A' })
    expect(noVehicle.status).toBe(422)
    expect(noVehicle.json.errors).toEqual({ kendaraan_id: ['Kendaraan tidak ditemukan.'] })
    const badNumbers = await stageTyre(api, {
      kendaraan_id: m.kendaraan[6],
      no_seri: s,
      posisi_ban: '1A',
      km_pemasangan: 'jauh',
      target_presentase: '-5',
    })
    expect(badNumbers.status).toBe(422)
    expect(badNumbers.json.errors).toEqual({
      km_pemasangan: ['Km pemasangan harus berupa angka.'],
      target_presentase: ['Target ban harus antara 1 dan 10.000.000.'],
    })
    expect((await tyreBySerial(api.db, s))?.status).toBe('stok')
  })

  it('refuses a km_pemasangan below the vehicle km', async () => {
    const s = serial()
    await buyTyres(api, m, [s])
    const res = await stageTyre(api, { kendaraan_id: m.kendaraan[6], no_seri: s, posisi_ban: '1A', km_pemasangan: 99_999 })
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual({ km_pemasangan: ['Km pemasangan tidak boleh lebih kecil dari km kendaraan.'] })
    expect((await tyreBySerial(api.db, s))?.status).toBe('stok')
    expect((await stageTyre(api, { kendaraan_id: m.kendaraan[6], no_seri: s, posisi_ban: '1A', km_pemasangan: 100_000 })).status).toBe(201)
  })

  it('allows exactly the positions of the vehicle type (6, 10, 18, 22 tyres; no type = 6)', async () => {
    const noType = await insertVehicle(api.db, null, 100_000)
    const expected: [number, string[]][] = [
      [m.kendaraan[6], BASE],
      [m.kendaraan[10], [...BASE, ...axle(3)]],
      [m.kendaraan[18], [...BASE, ...axle(3), ...axle(4), ...axle(5)]],
      [m.kendaraan[22], [...BASE, ...axle(3), ...axle(4), ...axle(5), ...axle(6)]],
      [noType, BASE],
    ]
    const all = [...BASE, ...axle(3), ...axle(4), ...axle(5), ...axle(6), '7A', '1C', 'X']
    const serials = all.map(() => serial())
    await buyTyres(api, m, serials)
    for (const [vehicle, allowed] of expected) {
      const accepted: string[] = []
      for (const pos of all) {
        let s = ''
        for (const x of serials) {
          if ((await tyreBySerial(api.db, x))?.status === 'stok') {
            s = x
            break
          }
        }
        const res = await stageTyre(api, { kendaraan_id: vehicle, no_seri: s, posisi_ban: pos })
        if (res.status === 201) accepted.push(pos)
        else expect(res.json.errors.posisi_ban).toEqual([`Posisi ban ${pos} tidak ada pada jenis kendaraan ini.`])
      }
      expect(accepted).toEqual(allowed)
      // Free the tyres for the next vehicle.
      for (const d of (await api.get(`/api/pemasangan-ban/detail-list-ban/${vehicle}`)).json.data) {
        expect((await api.del(`/api/pemasangan-ban/delete-detail-ban/${d.id}`)).status).toBe(200)
      }
    }
  })

  it('deleting a staged detail returns the tyre to stock and frees the position', async () => {
    const s = serial()
    await buyTyres(api, m, [s])
    const staged = await stageTyre(api, { kendaraan_id: m.kendaraan[6], no_seri: s, posisi_ban: '1A' })
    const res = await api.del(`/api/pemasangan-ban/delete-detail-ban/${staged.json.data.id}`)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: 'Detail ban berhasil dihapus.' })
    expect((await tyreBySerial(api.db, s))?.status).toBe('stok')
    expect((await api.get(`/api/pemasangan-ban/detail-list-ban/${m.kendaraan[6]}`)).json.data).toEqual([])
    expect((await api.get('/api/ban?status=stok')).json.some((t: Json) => t.no_seri === s)).toBe(true)
    expect((await stageTyre(api, { kendaraan_id: m.kendaraan[6], no_seri: s, posisi_ban: '1A' })).status).toBe(201)
    expect((await api.del('/api/pemasangan-ban/delete-detail-ban/987654')).json).toEqual({ message: 'Detail ban tidak ditemukan.' })
  })

  it('add-pemasangan: 422 when nothing is staged, 404 for an unknown vehicle', async () => {
    const res = await api.post(`/api/pemasangan-ban/add-pemasangan/${m.kendaraan[18]}`)
    expect(res.status).toBe(422)
    expect(res.json.message).toBe('Belum ada ban yang dipasang.')
    expect((await api.post('/api/pemasangan-ban/add-pemasangan/987654')).json).toEqual({ message: 'Kendaraan tidak ditemukan.' })
    expect((await api.get('/api/pemasangan-ban/detail-list-ban/987654')).status).toBe(404)
    expect((await api.get('/api/pemasangan-ban/detail-list-ban/abc')).status).toBe(404)
  })

  it('add-pemasangan registers the staged tyres: code, today, highest km, sum of prices, vehicle km raised', async () => {
    const [a, b, c] = [serial(), serial(), serial()]
    await buyTyres(api, m, [a, b], { harga: 2_000_000, supplierId: m.supplier2Id })
    await buyTyres(api, m, [c], { harga: 3_500_000 })
    const other = serial()
    await buyTyres(api, m, [other])
    // Another vehicle's staged line is not part of this fitting.
    await stageTyre(api, { kendaraan_id: m.kendaraan[6], no_seri: other, posisi_ban: '1A' })
    await stageTyre(api, { kendaraan_id: m.kendaraan[22], no_seri: a, posisi_ban: '6D', km_pemasangan: 101_000 })
    await stageTyre(api, { kendaraan_id: m.kendaraan[22], no_seri: b, posisi_ban: '1A', km_pemasangan: 105_250 })
    await stageTyre(api, { kendaraan_id: m.kendaraan[22], no_seri: c, posisi_ban: '1B', km_pemasangan: 100_000 })
    const res = await api.post(`/api/pemasangan-ban/add-pemasangan/${m.kendaraan[22]}`)
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('Data pemasangan ban berhasil disimpan.')
    const f = res.json.data
    expect(f).toEqual({
      id: expect.any(Number),
      kode_pemasangan: expect.stringMatching(/^PM\d{6}$/),
      kendaraan_id: m.kendaraan[22],
      supplier_id: m.supplier2Id, // most of the tyres came from it
      km: 105_250,
      grand_total: 7_500_000,
      status: 'unpost',
      tanggal_awal: today(),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      kendaraan: {
        id: m.kendaraan[22],
        kode_kendaraan: expect.stringMatching(/^KD\d{6}$/),
        no_kabin: 'UJI-22',
        no_pol: expect.any(String),
        km: 105_250,
        jenis_kendaraan: { id: m.jenis[22], nama_jenis_kendaraan: 'Jenis Uji 22 Ban', total_ban: 22 },
      },
    })
    expect(await vehicleKm(api.db, m.kendaraan[22])).toBe(105_250)
    expect((await api.get(`/api/pemasangan-ban/detail-list-ban/${m.kendaraan[22]}`)).json.data).toEqual([])
    expect((await api.get(`/api/pemasangan-ban/detail-list-ban/${m.kendaraan[6]}`)).json.data).toHaveLength(1)
    // The list (plain array) and the invoice.
    const list = await api.get('/api/pemasangan-ban')
    expect(Array.isArray(list.json)).toBe(true)
    expect(list.json.find((x: Json) => x.id === f.id)).toEqual(f)
    const detail = await api.get(`/api/detail-pemasangan/${f.id}`)
    expect(detail.status).toBe(200)
    expect(detail.json.data).toEqual({
      ...f,
      supplier: {
        id: m.supplier2Id,
        kode_supplier: expect.stringMatching(/^SP\d{6}$/),
        nama_supp: 'CV Uji Ban Dua',
        alamat: 'Jl. Uji No. 2, Brebes',
        telp: '0283-222222',
      },
    })
    expect(detail.json.detail.map((d: Json) => [d.posisi_ban, d.ban.no_seri, d.pemasangan_ban_id])).toEqual([
      ['1A', b, f.id],
      ['1B', c, f.id],
      ['6D', a, f.id],
    ])
    const inquiryDetails = await api.get(`/api/inquery-pemasangan-ban/detail-list-ban/${f.id}`)
    expect(inquiryDetails.json).toEqual({ data: detail.json.detail })
    // A later staging on this vehicle must respect the raised km.
    const d = serial()
    await buyTyres(api, m, [d])
    const low = await stageTyre(api, { kendaraan_id: m.kendaraan[22], no_seri: d, posisi_ban: '2A', km_pemasangan: 105_000 })
    expect(low.json.errors).toEqual({ km_pemasangan: ['Km pemasangan tidak boleh lebih kecil dari km kendaraan.'] })
  })

  it('unknown fitting ids are 404', async () => {
    expect((await api.get('/api/detail-pemasangan/987654')).json).toEqual({ message: 'Pemasangan ban tidak ditemukan.' })
    expect((await api.get('/api/detail-pemasangan/abc')).status).toBe(404)
    expect((await api.del('/api/pemasangan-ban/987654')).status).toBe(404)
    expect((await api.get('/api/inquery-pemasangan-ban/detail-list-ban/987654')).status).toBe(404)
    expect((await api.post('/api/inquery-pemasangan-ban/987654/update', { json: {} })).status).toBe(404)
    for (const base of ['/api/inquery-pemasangan-ban', '/api/inquery-pemasangan']) {
      expect((await api.post(`${base}/987654/posting`)).status).toBe(404)
      expect((await api.post(`${base}/987654/unpost`)).status).toBe(404)
    }
  })

  it('deletes an unposted fitting: its tyres return to stock and its positions are free', async () => {
    const [a, b] = [serial(), serial()]
    await buyTyres(api, m, [a, b])
    const f = await makeFitting(api, m.kendaraan[10], [
      { no_seri: a, posisi_ban: '1A' },
      { no_seri: b, posisi_ban: '3D' },
    ])
    const res = await api.del(`/api/pemasangan-ban/${f.id}`)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: 'Data Pemasangan telah dihapus.' })
    expect((await tyreBySerial(api.db, a))?.status).toBe('stok')
    expect((await tyreBySerial(api.db, b))?.status).toBe('stok')
    expect(
      Number(
        (
          await api.db.q
            .selectFrom('detail_pemasangan_ban')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('kendaraan_id', '=', m.kendaraan[10]!)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0)
    expect((await api.get('/api/pemasangan-ban')).json.some((x: Json) => x.id === f.id)).toBe(false)
    expect((await stageTyre(api, { kendaraan_id: m.kendaraan[10], no_seri: b, posisi_ban: '1A' })).status).toBe(201)
  })

  it('a posted fitting cannot be deleted, edited, or lose a detail (409)', async () => {
    const [a, b] = [serial(), serial()]
    await buyTyres(api, m, [a, b])
    const f = await makeFitting(api, m.kendaraan[6], [{ no_seri: a, posisi_ban: '1A' }])
    expect((await api.post(`/api/inquery-pemasangan-ban/${f.id}/posting`)).status).toBe(200)
    const del = await api.del(`/api/pemasangan-ban/${f.id}`)
    expect(del.status).toBe(409)
    expect(del.json).toEqual({ message: 'Pemasangan ban sudah diposting dan tidak dapat dihapus.' })
    const detailId = (await api.get(`/api/detail-pemasangan/${f.id}`)).json.detail[0].id
    const delDetail = await api.del(`/api/pemasangan-ban/delete-detail-ban/${detailId}`)
    expect(delDetail.status).toBe(409)
    expect(delDetail.json).toEqual({ message: 'Pemasangan ban sudah diposting, detail ban tidak dapat dihapus.' })
    const upd = await api.post(`/api/inquery-pemasangan-ban/${f.id}/update`, { json: { kendaraan_id: m.kendaraan[6] } })
    expect(upd.status).toBe(409)
    expect(upd.json).toEqual({ message: 'Pemasangan ban sudah diposting dan tidak dapat diubah.' })
    const add = await api.post('/api/inquery-pemasangan-ban/detail-ban', {
      json: { pemasangan_ban_id: f.id, kendaraan_id: m.kendaraan[6], no_seri: b, posisi_ban: '1B', km_pemasangan: 100_000 },
    })
    expect(add.status).toBe(409)
    expect((await tyreBySerial(api.db, a))?.status).toBe('terpasang')
    expect((await tyreBySerial(api.db, b))?.status).toBe('stok')
  })

  for (const base of ['/api/inquery-pemasangan-ban', '/api/inquery-pemasangan']) {
    it(`posting and unpost under ${base}/{id}/…`, async () => {
      const a = serial()
      await buyTyres(api, m, [a])
      const f = await makeFitting(api, m.kendaraan[6], [{ no_seri: a, posisi_ban: '2B' }])
      const post = await api.post(`${base}/${f.id}/posting`, { json: {} })
      expect(post.status).toBe(200)
      expect(post.json.message).toBe('Pemasangan ban berhasil diposting.')
      expect(post.json.data).toMatchObject({ id: f.id, status: 'posting', kendaraan: { no_kabin: 'UJI-6' } })
      expect((await api.get('/api/pemasangan-ban')).json.find((x: Json) => x.id === f.id).status).toBe('posting')
      const again = await api.post(`${base}/${f.id}/posting`)
      expect(again.status).toBe(409)
      expect(again.json).toEqual({ message: 'Pemasangan ban sudah diposting.' })
      const unpost = await api.post(`${base}/${f.id}/unpost`)
      expect(unpost.status).toBe(200)
      expect(unpost.json.message).toBe('Pemasangan ban berhasil di-unpost.')
      expect(unpost.json.data.status).toBe('unpost')
      const twice = await api.post(`${base}/${f.id}/unpost`)
      expect(twice.status).toBe(409)
      expect(twice.json).toEqual({ message: 'Pemasangan ban belum diposting (sudah unpost).' })
    })
  }

  it('inquiry edit: adds a detail to the fitting at once and recomputes grand_total and km; removing one recomputes too', async () => {
    const [a, b] = [serial(), serial()]
    await buyTyres(api, m, [a], { harga: 2_000_000 })
    await buyTyres(api, m, [b], { harga: 3_000_000 })
    const f = await makeFitting(api, m.kendaraan[18], [{ no_seri: a, posisi_ban: '1A', km: 100_100 }])
    const res = await api.post('/api/inquery-pemasangan-ban/detail-ban', {
      json: { pemasangan_ban_id: f.id, kendaraan_id: m.kendaraan[18], no_seri: b, posisi_ban: '5D', km_pemasangan: 100_900 },
    })
    expect(res.status).toBe(201)
    expect(res.json.data).toMatchObject({ pemasangan_ban_id: f.id, posisi_ban: '5D', target_presentase: 70000, ban: { no_seri: b } })
    expect((await tyreBySerial(api.db, b))?.status).toBe('terpasang')
    let detail = await api.get(`/api/detail-pemasangan/${f.id}`)
    expect(detail.json.data).toMatchObject({ grand_total: 5_000_000, km: 100_900 })
    expect(detail.json.detail.map((d: Json) => d.posisi_ban)).toEqual(['1A', '5D'])
    expect(await vehicleKm(api.db, m.kendaraan[18])).toBe(100_900)
    // Not staged: the create screen of that vehicle shows nothing.
    expect((await api.get(`/api/pemasangan-ban/detail-list-ban/${m.kendaraan[18]}`)).json.data).toEqual([])

    expect((await api.del(`/api/pemasangan-ban/delete-detail-ban/${res.json.data.id}`)).status).toBe(200)
    detail = await api.get(`/api/detail-pemasangan/${f.id}`)
    expect(detail.json.data).toMatchObject({ grand_total: 2_000_000, km: 100_100 })
    expect((await tyreBySerial(api.db, b))?.status).toBe('stok')
    expect(await vehicleKm(api.db, m.kendaraan[18])).toBe(100_900) // km never goes down
  })

  it('inquiry edit: the same staging rules, plus a known fitting of the same vehicle', async () => {
    const [a, b] = [serial(), serial()]
    await buyTyres(api, m, [a, b])
    const f = await makeFitting(api, m.kendaraan[6], [{ no_seri: a, posisi_ban: '1A' }])
    const body = { pemasangan_ban_id: f.id, kendaraan_id: m.kendaraan[6], no_seri: b, posisi_ban: '1A', km_pemasangan: 100_000 }
    const taken = await api.post('/api/inquery-pemasangan-ban/detail-ban', { json: body })
    expect(taken.status).toBe(422)
    expect(taken.json.errors).toEqual({ posisi_ban: [`Posisi ban 1A sudah terisi ban ${a} dari pemasangan ${f.kode_pemasangan}.`] })
    const noSerial = await api.post('/api/inquery-pemasangan-ban/detail-ban', { json: { ...body, no_seri: '' } })
    expect(noSerial.json.errors).toEqual({ no_seri: ['Nomor Seri harus dipilih'] })
    const noFitting = await api.post('/api/inquery-pemasangan-ban/detail-ban', {
      json: { ...body, pemasangan_ban_id: 987654, posisi_ban: '1B' },
    })
    expect(noFitting.status).toBe(422)
    expect(noFitting.json.errors).toEqual({ pemasangan_ban_id: ['Pemasangan ban tidak ditemukan.'] })
    const missing = await api.post('/api/inquery-pemasangan-ban/detail-ban', { json: { ...body, pemasangan_ban_id: '' } })
    expect(missing.json.errors).toEqual({ pemasangan_ban_id: ['Pemasangan ban harus dipilih.'] })
    const wrongVehicle = await api.post('/api/inquery-pemasangan-ban/detail-ban', {
      json: { ...body, kendaraan_id: m.kendaraan[10], posisi_ban: '1B' },
    })
    expect(wrongVehicle.status).toBe(422)
    expect(wrongVehicle.json.errors).toEqual({ kendaraan_id: ['Kendaraan tidak sesuai dengan kendaraan pemasangan ban.'] })
    const ok = await api.post('/api/inquery-pemasangan-ban/detail-ban', { json: { ...body, kendaraan_id: undefined, posisi_ban: '1B' } })
    expect(ok.status).toBe(201)
    expect(ok.json.data.kendaraan_id).toBe(m.kendaraan[6])
  })

  it('inquiry update: answers the fitting; the vehicle changes only while it has no details', async () => {
    const a = serial()
    await buyTyres(api, m, [a])
    const f = await makeFitting(api, m.kendaraan[6], [{ no_seri: a, posisi_ban: '1A' }])
    const same = await api.post(`/api/inquery-pemasangan-ban/${f.id}/update`, { json: { kendaraan_id: m.kendaraan[6] } })
    expect(same.status).toBe(200)
    expect(same.json.message).toBe('Data pemasangan ban berhasil diperbarui.')
    expect(same.json.data).toMatchObject({ id: f.id, kendaraan_id: m.kendaraan[6], grand_total: 2_000_000, status: 'unpost' })
    const change = await api.post(`/api/inquery-pemasangan-ban/${f.id}/update`, { json: { kendaraan_id: m.kendaraan[10] } })
    expect(change.status).toBe(422)
    expect(change.json.errors).toEqual({ kendaraan_id: ['Kendaraan tidak dapat diganti selama pemasangan masih memiliki detail ban.'] })
    const unknown = await api.post(`/api/inquery-pemasangan-ban/${f.id}/update`, { json: { kendaraan_id: 987654 } })
    expect(unknown.json.errors).toEqual({ kendaraan_id: ['Kendaraan tidak ditemukan.'] })
    const bad = await api.post(`/api/inquery-pemasangan-ban/${f.id}/update`, { json: { kendaraan_id: 'satu' } })
    expect(bad.json.errors).toEqual({ kendaraan_id: ['Kendaraan tidak valid.'] })

    const detailId = (await api.get(`/api/inquery-pemasangan-ban/detail-list-ban/${f.id}`)).json.data[0].id
    await api.del(`/api/pemasangan-ban/delete-detail-ban/${detailId}`)
    const moved = await api.post(`/api/inquery-pemasangan-ban/${f.id}/update`, { json: { kendaraan_id: m.kendaraan[10] } })
    expect(moved.status).toBe(200)
    expect(moved.json.data).toMatchObject({ kendaraan_id: m.kendaraan[10], kendaraan: { no_kabin: 'UJI-10' }, grand_total: 0 })
  })
})
