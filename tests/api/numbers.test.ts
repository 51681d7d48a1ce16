import { beforeEach, describe, expect, it } from 'vitest'
import {
  buyTyres,
  insertMasters,
  insertVehicle,
  serial,
  stageTyre,
  tyreBySerial,
  vehicleKm,
  type Api,
  type Masters,
} from './fixtures-transaksi.ts'
import { makeApi } from './harness.ts'
import { numberOf, readDecimal, readWhole, RUPIAH_MAX, sheetNumber } from '../../api/numbers.ts'

/**
 * One rule for numbers (api/numbers.ts): every amount, km and tread depth the api takes, as JSON,
 * as a form or from a spreadsheet, is finite, whole where the field is whole (a fraction is refused,
 * never rounded) and within bounds no real value reaches that the columns hold on both databases.
 */

/** Values no real price, cost or km reaches, or that are not whole. */
const HOSTILE: [string, unknown][] = [
  ['1e300', 1e300],
  ['-1', -1],
  ['1.5', 1.5],
  ['10^12 + 1', 1_000_000_000_001],
  ["'1500000.50'", '1500000.50'],
]

let api: Api
let m: Masters
beforeEach(async () => {
  api = await makeApi()
  m = await insertMasters(api.db)
  await api.login()
})

const buy = (harga: unknown, no_seri = serial('NUM')) =>
  api.post('/api/pembelian-ban/add', {
    json: { supplier_id: m.supplierId, ban: [{ no_seri, ukuran_id: m.ukuranId, merek_id: m.merekId, kondisi_ban: 'BARU', harga }] },
  })

describe('the parse', () => {
  it('reads the thousands of both spellings, keeps a fraction as a fraction, and refuses what is not a number', () => {
    expect(numberOf('1.500.000')).toBe(1_500_000)
    expect(numberOf('1,500,000')).toBe(1_500_000)
    expect(numberOf('Rp 1.500.000')).toBe(1_500_000)
    expect(numberOf('1.250.000,50')).toBe(1_250_000.5)
    expect(numberOf('1500000.50')).toBe(1_500_000.5)
    expect(numberOf('-5')).toBe(-5)
    expect(numberOf('1e300')).toBeNull()
    expect(numberOf('seratus')).toBeNull()
    expect(numberOf(Number.POSITIVE_INFINITY)).toBeNull()
    const harga = { label: 'Harga', min: 0, max: RUPIAH_MAX, rupiah: true }
    expect(readWhole('150000.00', harga)).toEqual({ ok: true, value: 150_000 })
    expect(readWhole('1500000.50', harga)).toEqual({ ok: false, why: 'fraction' })
    expect(readWhole(1500000.5, harga)).toEqual({ ok: false, why: 'fraction' })
    expect(readWhole(1e300, harga)).toEqual({ ok: false, why: 'range' })
    expect(readDecimal('7,55', { label: 'Tebal', min: 0, max: 30, places: 1 })).toEqual({ ok: false, why: 'fraction' })
    expect(readDecimal(7.3, { label: 'Tebal', min: 0, max: 30, places: 1 })).toEqual({ ok: true, value: 7.3 })
    // A spreadsheet's number is read to the 15 digits the sheet shows: a formula's binary noise is not a fraction.
    expect(sheetNumber(1664999.9999999998)).toBe(1_665_000)
    expect(sheetNumber(1500000.5)).toBe(1500000.5)
  })
})

describe('POST /api/pembelian-ban/add harga', () => {
  it.each(HOSTILE)('refuses %s beside the line’s price and stores nothing', async (_, harga) => {
    const no_seri = serial('NUMH')
    const res = await buy(harga, no_seri)
    expect(res.status).toBe(422)
    expect(Object.keys(res.json.errors)).toEqual(['ban.0.harga'])
    expect(res.json.errors['ban.0.harga'][0]).toMatch(
      /^Harga (harus bilangan bulat, tanpa desimal|harus antara Rp 0 dan Rp 1\.000\.000\.000\.000)\.$/,
    )
    expect(await tyreBySerial(api.db, no_seri)).toBeUndefined()
  })

  it('says which rule: a fraction, or the bounds', async () => {
    expect((await buy('1500000.50')).json.errors['ban.0.harga']).toEqual(['Harga harus bilangan bulat, tanpa desimal.'])
    expect((await buy(1e300)).json.errors['ban.0.harga']).toEqual(['Harga harus antara Rp 0 dan Rp 1.000.000.000.000.'])
    expect((await buy(-1)).json.errors['ban.0.harga']).toEqual(['Harga harus antara Rp 0 dan Rp 1.000.000.000.000.'])
  })

  it('accepts Rp 2.000.000.000 for one tyre and the thousands of both spellings, stored as typed', async () => {
    for (const [harga, stored] of [
      [2_000_000_000, 2_000_000_000],
      ['2.000.000.000', 2_000_000_000],
      ['1,500,000', 1_500_000],
      ['Rp 1.500.000', 1_500_000],
      ['150000.00', 150_000],
    ] as const) {
      const no_seri = serial('NUMOK')
      const res = await buy(harga, no_seri)
      expect(res.status, String(harga)).toBe(201)
      expect(res.json.data.grand_total).toBe(stored)
      expect((await tyreBySerial(api.db, no_seri))?.harga).toBe(stored)
    }
  })

  it('stores a Rp 5.000.000.000 purchase on both databases, and refuses one whose prices together pass Rp 1.000.000.000.000', async () => {
    const big = await api.post('/api/pembelian-ban/add', {
      json: {
        supplier_id: m.supplierId,
        ban: [
          { no_seri: serial('NUMB'), harga: 2_500_000_000 },
          { no_seri: serial('NUMB'), harga: 2_500_000_000 },
        ],
      },
    })
    expect(big.status).toBe(201)
    expect(big.json.data.grand_total).toBe(5_000_000_000)
    const stored = await api.db.q.selectFrom('pembelian_ban').select('grand_total').where('id', '=', big.json.data.id).executeTakeFirst()
    expect(stored?.grand_total).toBe(5_000_000_000)

    const res = await api.post('/api/pembelian-ban/add', {
      json: {
        supplier_id: m.supplierId,
        ban: [
          { no_seri: serial('NUMT'), harga: 600_000_000_000 },
          { no_seri: serial('NUMT'), harga: 600_000_000_000 },
        ],
      },
    })
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual({ ban: ['Jumlah harga semua ban paling banyak Rp 1.000.000.000.000.'] })
  })
})

describe('POST /api/perpanjangan biaya', () => {
  const renew = (v: number, biaya: unknown) =>
    api.post('/api/perpanjangan', {
      json: { kendaraan_id: v, jenis_dokumen: 'KIR', expired_baru: '2031-01-01', tanggal_bayar: '2026-01-05', biaya },
    })

  it.each(HOSTILE)('refuses %s beside Biaya and saves no renewal', async (_, biaya) => {
    const v = await insertVehicle(api.db, null, 1000)
    const res = await renew(v, biaya)
    expect(res.status).toBe(422)
    expect(Object.keys(res.json.errors)).toEqual(['biaya'])
    expect(res.json.errors.biaya[0]).toMatch(
      /^Biaya (harus bilangan bulat, tanpa desimal|harus antara Rp 1 dan Rp 1\.000\.000\.000\.000|harus lebih dari 0)\.$/,
    )
    expect(await api.db.q.selectFrom('perpanjangan').select('id').where('kendaraan_id', '=', v).execute()).toEqual([])
  })

  it('accepts Rp 2.000.000.000 and stores it', async () => {
    const v = await insertVehicle(api.db, null, 1000)
    const res = await renew(v, '2.000.000.000')
    expect(res.status).toBe(201)
    expect(res.json.data.biaya).toBe(2_000_000_000)
  })
})

describe('POST /api/pemasangan-ban/detail-ban km_pemasangan', () => {
  it.each([
    ['1e300', 1e300],
    ['-1', -1],
    ['1.5', 1.5],
    ['10^12 + 1', 1_000_000_000_001],
    ['10^7 + 1', 10_000_001],
    ["'100000,5'", '100000,5'],
  ])('refuses %s beside Km pemasangan; the tyre stays in stock', async (_, km) => {
    const [s] = [serial('NUMP')]
    await buyTyres(api, m, [s])
    const res = await stageTyre(api, { kendaraan_id: m.kendaraan[6], no_seri: s, posisi_ban: '1A', km_pemasangan: km as number })
    expect(res.status).toBe(422)
    expect(Object.keys(res.json.errors)).toEqual(['km_pemasangan'])
    expect(res.json.errors.km_pemasangan[0]).toMatch(
      /^Km pemasangan (harus bilangan bulat, tanpa desimal|harus antara 0 dan 10\.000\.000)\.$/,
    )
    expect((await tyreBySerial(api.db, s))?.status).toBe('stok')
    expect(await vehicleKm(api.db, m.kendaraan[6])).toBe(100_000)
  })

  it('accepts a km up to 10.000.000 written either way', async () => {
    const [a, b] = [serial('NUMP'), serial('NUMP')]
    await buyTyres(api, m, [a, b])
    expect((await stageTyre(api, { kendaraan_id: m.kendaraan[6], no_seri: a, posisi_ban: '1A', km_pemasangan: '10.000.000' })).status).toBe(
      201,
    )
    expect((await stageTyre(api, { kendaraan_id: m.kendaraan[6], no_seri: b, posisi_ban: '1B', km_pemasangan: '120,000' })).status).toBe(
      201,
    )
  })
})

describe('a sum above what a 4-byte column holds', () => {
  it('a fitting of two Rp 2.000.000.000 tyres stores its Rp 4.000.000.000 grand total on both databases', async () => {
    const [a, b] = [serial('NUMS'), serial('NUMS')]
    await buyTyres(api, m, [a], { harga: 2_000_000_000 })
    await buyTyres(api, m, [b], { harga: 2_000_000_000 })
    for (const [no_seri, posisi_ban] of [
      [a, '1A'],
      [b, '1B'],
    ])
      expect((await stageTyre(api, { kendaraan_id: m.kendaraan[6], no_seri, posisi_ban })).status).toBe(201)
    const res = await api.post(`/api/pemasangan-ban/add-pemasangan/${m.kendaraan[6]}`)
    expect(res.status).toBe(201)
    expect(res.json.data.grand_total).toBe(4_000_000_000)
    expect((await tyreBySerial(api.db, a))?.status).toBe('terpasang')
  })
})

describe('the vehicle’s km (POST /api/kendaraan/add)', () => {
  it.each(HOSTILE)('refuses %s beside Km and adds no vehicle', async (_, km) => {
    const no_kabin = serial('NUMK')
    const res = await api.post('/api/kendaraan/add', { json: { no_kabin, km } })
    expect(res.status).toBe(422)
    expect(Object.keys(res.json.errors)).toEqual(['km'])
    expect(await api.db.q.selectFrom('kendaraan').select('id').where('no_kabin', '=', no_kabin).execute()).toEqual([])
  })

  it('accepts 10.000.000 km', async () => {
    const res = await api.post('/api/kendaraan/add', { json: { no_kabin: serial('NUMK'), km: '10.000.000' } })
    expect(res.status).toBe(201)
    expect(res.json.data.km).toBe(10_000_000)
  })
})

describe('the import (Impor Stok Ban Harga, Km, Tebal Tapak; Impor Kendaraan Km)', () => {
  type Row = { baris: number } & Record<string, string | number | null>
  const tyre = (baris: number, extra: Partial<Row> = {}): Row => ({
    baris,
    no_seri: serial('NUMI'),
    ukuran: 'uji 11.00-20',
    merek: 'Merek Uji',
    tipe: null,
    kondisi: 'BARU',
    harga: 1_500_000,
    tebal_tapak: null,
    kendaraan: null,
    posisi: null,
    km: null,
    ...extra,
  })
  const stage = (jenis: string, rows: Row[]) => api.post(`/api/impor/${jenis}`, { json: { nama_file: `${jenis}.xlsx`, rows } })

  it('refuses each number no real price, km or depth reaches by row and column, and a fraction of a Rupiah', async () => {
    const cabin = (await api.db.q.selectFrom('kendaraan').select('no_kabin').where('id', '=', m.kendaraan[22]!).executeTakeFirstOrThrow())
      .no_kabin
    const res = await stage('ban', [
      tyre(2, { harga: 1e300 }),
      tyre(3, { harga: -1 }),
      tyre(4, { harga: 1.5 }),
      tyre(5, { harga: 1_000_000_000_001 }),
      tyre(6, { harga: '1500000.50' }),
      tyre(7, { harga: 1500000.5 }),
      tyre(8, { kendaraan: cabin, posisi: '1A', km: 1e300 }),
      tyre(9, { kendaraan: cabin, posisi: '1B', km: '120000.5' }),
      tyre(10, { tebal_tapak: '14,55' }),
      tyre(11, { tebal_tapak: 31 }),
    ])
    expect(res.status).toBe(201)
    expect(res.json.data.ditolak).toEqual([
      { baris: 2, kolom: 'Harga', pesan: 'Harga harus antara Rp 0 dan Rp 1.000.000.000.000 (isi: 1e+300).' },
      { baris: 3, kolom: 'Harga', pesan: 'Harga harus antara Rp 0 dan Rp 1.000.000.000.000 (isi: -1).' },
      { baris: 4, kolom: 'Harga', pesan: 'Harga harus bilangan bulat, tanpa desimal (isi: 1.5).' },
      { baris: 5, kolom: 'Harga', pesan: 'Harga harus antara Rp 0 dan Rp 1.000.000.000.000 (isi: 1000000000001).' },
      { baris: 6, kolom: 'Harga', pesan: 'Harga harus bilangan bulat, tanpa desimal (isi: 1500000.50).' },
      { baris: 7, kolom: 'Harga', pesan: 'Harga harus bilangan bulat, tanpa desimal (isi: 1500000.5).' },
      { baris: 8, kolom: 'Km', pesan: 'Km harus antara 0 dan 10.000.000 (isi: 1e+300).' },
      { baris: 9, kolom: 'Km', pesan: 'Km harus bilangan bulat, tanpa desimal (isi: 120000.5).' },
      { baris: 10, kolom: 'Tebal Tapak (mm)', pesan: 'Tebal Tapak (mm) paling banyak satu angka di belakang koma (isi: 14,55).' },
      { baris: 11, kolom: 'Tebal Tapak (mm)', pesan: 'Tebal Tapak (mm) harus berupa angka 0 sampai 30 (isi: 31).' },
    ])
    expect(res.json.data).toMatchObject({ total: 10, siap: 0 })

    // Read as the sheet shows them: 2.000.000.000 holds; a formula's 1664999.9999999998 is 1.665.000.
    const good = await stage('ban', [
      tyre(2, { harga: 2_000_000_000 }),
      tyre(3, { harga: 1664999.9999999998, tebal_tapak: 14.5 }),
      tyre(4, { harga: '1,500,000' }),
    ])
    expect(good.json.data).toMatchObject({ total: 3, siap: 3, ditolak: [] })
    const saved = await api.post(`/api/impor/ban/${good.json.data.id}/simpan`, { json: {} })
    expect(saved.json).toMatchObject({ message: '3 data berhasil diimpor.' })
    const prices = (await api.db.q.selectFrom('ban').select('harga').where('no_seri', 'like', 'NUMI-%').orderBy('harga').execute()).map(
      (r) => r.harga,
    )
    expect(prices.map(Number)).toEqual([1_500_000, 1_665_000, 2_000_000_000])
  })

  it('Impor Kendaraan refuses a km out of bounds or with a fraction by row and column', async () => {
    const vehicle = (baris: number, km: string | number): Row => ({
      baris,
      no_kabin: serial('NUMV'),
      no_pol: null,
      no_rangka: null,
      no_mesin: null,
      jenis_kendaraan: null,
      golongan: null,
      warna: null,
      km,
      expired_stnk: null,
      expired_kir: null,
    })
    const res = await stage('kendaraan', [
      vehicle(2, 1e300),
      vehicle(3, -1),
      vehicle(4, 1.5),
      vehicle(5, '10.000.001'),
      vehicle(6, '1.500.000'),
    ])
    expect(res.status).toBe(201)
    expect(res.json.data.ditolak).toEqual([
      { baris: 2, kolom: 'Km', pesan: 'Km harus antara 0 dan 10.000.000 (isi: 1e+300).' },
      { baris: 3, kolom: 'Km', pesan: 'Km harus antara 0 dan 10.000.000 (isi: -1).' },
      { baris: 4, kolom: 'Km', pesan: 'Km harus bilangan bulat, tanpa desimal (isi: 1.5).' },
      { baris: 5, kolom: 'Km', pesan: 'Km harus antara 0 dan 10.000.000 (isi: 10.000.001).' },
    ])
    expect(res.json.data.siap).toBe(1)
  })
})
