import { describe, expect, it } from 'vitest'
import { listOf, recordOf, savedOf } from '~/upstream/normalize'
import { laporanPembelianSchema } from '~/upstream/schemas/laporan'
import { detailPemasanganAnswerSchema, detailPemasanganSchema, pemasanganSchema } from '~/upstream/schemas/pemasangan-ban'
import { detailPembelianSchema, pembelianSchema, sumHarga } from '~/upstream/schemas/pembelian-ban'

const purchase = {
  id: 1,
  kode_pembelian_ban: 'PB000001',
  supplier_id: 2,
  alamat: 'Jl. Industri',
  grand_total: 3000000,
  status: 'unpost',
  tanggal_awal: '2024-05-01',
  supplier: { id: 2, kode_supplier: 'SP000002', nama_supp: 'PT Ban Jaya', alamat: 'Jl. Industri', telp: '021' },
  detail_ban: [
    {
      id: 10,
      kode_ban: 'BN000010',
      no_seri: 'S1',
      ukuran_id: 1,
      merek_id: 1,
      typeban_id: 1,
      kondisi_ban: 'BARU',
      harga: 1500000,
      status: 'stok',
    },
    {
      id: 11,
      kode_ban: 'BN000011',
      no_seri: 'S2',
      ukuran_id: 1,
      merek_id: 1,
      typeban_id: 1,
      kondisi_ban: 'BARU',
      harga: 1500000,
      status: 'stok',
    },
  ],
}

describe('pembelian ban', () => {
  it('reads the reference list row', () => {
    const p = pembelianSchema.parse(purchase)
    expect(p).toMatchObject({ id: 1, grand_total: 3000000, status: 'unpost', tanggal_awal: '2024-05-01' })
    expect(p.supplier).toEqual({ id: 2, kode_supplier: 'SP000002', nama_supp: 'PT Ban Jaya', alamat: 'Jl. Industri', telp: '021' })
    expect(p.detail_ban).toHaveLength(2)
  })
  it('normalises a Laravel-style row: strings, POSTING, datetime, no detail list', () => {
    const p = pembelianSchema.parse({
      ...purchase,
      id: '1',
      supplier_id: '2',
      grand_total: '3000000.00',
      status: 'POSTING',
      tanggal_awal: '2024-05-01 08:00:00',
      detail_ban: undefined,
      created_at: 'x',
    })
    expect(p).toMatchObject({ id: 1, supplier_id: 2, grand_total: 3000000, status: 'posting', tanggal_awal: '2024-05-01', detail_ban: [] })
    expect(p).not.toHaveProperty('created_at')
  })
  it('takes the date from tanggal or created_at when tanggal_awal is absent', () => {
    expect(pembelianSchema.parse({ ...purchase, tanggal_awal: undefined, tanggal: '2024-06-02' }).tanggal_awal).toBe('2024-06-02')
    expect(pembelianSchema.parse({ ...purchase, tanggal_awal: null, created_at: '2024-06-03T01:00:00.000000Z' }).tanggal_awal).toBe(
      '2024-06-03',
    )
  })
  it('reads grand_total null or "" as null', () => {
    expect(pembelianSchema.parse({ ...purchase, grand_total: null }).grand_total).toBeNull()
    expect(pembelianSchema.parse({ ...purchase, grand_total: '' }).grand_total).toBeNull()
  })
  it('fails on an unknown status, a bad total, a bad line', () => {
    expect(pembelianSchema.safeParse({ ...purchase, status: 'selesai' }).success).toBe(false)
    expect(pembelianSchema.safeParse({ ...purchase, grand_total: 'Rp 3.000.000' }).success).toBe(false)
    expect(pembelianSchema.safeParse({ ...purchase, detail_ban: [{ no_seri: 'no id' }] }).success).toBe(false)
    expect(listOf(pembelianSchema).safeParse([purchase, { ...purchase, id: null }]).success).toBe(false)
  })
  it('reads the inquiry answer in data.data and the saved record in data', () => {
    expect(listOf(pembelianSchema).parse({ data: { data: [purchase] } })).toHaveLength(1)
    expect(savedOf(pembelianSchema).parse({ message: 'ok', data: purchase }).data?.id).toBe(1)
  })
  it('sums line prices like the form (non-numeric is 0)', () => {
    expect(sumHarga([{ harga: 1000 }, { harga: '2500' }, { harga: 'abc' }, { harga: null }, {}])).toBe(3500)
  })
})

describe('the report supplier, from any of its four forms', () => {
  const parse = (over: Record<string, unknown>) => laporanPembelianSchema.parse({ ...purchase, ...over }).supplier
  it('a nested object', () => {
    expect(parse({})).toMatchObject({ nama_supp: 'PT Ban Jaya', kode_supplier: 'SP000002' })
  })
  it('a nested object naming it nama_supplier', () => {
    expect(parse({ supplier: { id: 2, nama_supplier: 'PT Nested', kode_supplier: 'SP9' } })).toMatchObject({
      nama_supp: 'PT Nested',
      kode_supplier: 'SP9',
    })
  })
  it('nama_supplier on the row', () => {
    expect(parse({ supplier: undefined, nama_supplier: 'PT Flat' })).toEqual({
      id: 2,
      nama_supp: 'PT Flat',
      kode_supplier: null,
      alamat: null,
      telp: null,
    })
  })
  it('kode_supplier on the row', () => {
    expect(parse({ supplier: null, kode_supplier: 'SP000002' })).toMatchObject({ nama_supp: null, kode_supplier: 'SP000002' })
  })
  it('a plain string', () => {
    expect(parse({ supplier: 'PT String' })).toMatchObject({ id: 2, nama_supp: 'PT String', kode_supplier: null })
  })
  it('flat values fill what the nested object lacks', () => {
    expect(parse({ supplier: { id: 2 }, nama_supplier: 'PT A', kode_supplier: 'SP1' })).toMatchObject({
      nama_supp: 'PT A',
      kode_supplier: 'SP1',
    })
  })
  it('no form at all is null', () => {
    expect(parse({ supplier: null, supplier_id: null })).toBeNull()
  })
  it('reads the report list in data.data, rows with detail_ban', () => {
    const rows = listOf(laporanPembelianSchema).parse({ data: { data: [{ ...purchase, supplier: 'PT S' }] } })
    expect(rows[0].supplier?.nama_supp).toBe('PT S')
    expect(rows[0].detail_ban.map((b) => [b.no_seri, b.kode_ban])).toEqual([
      ['S1', 'BN000010'],
      ['S2', 'BN000011'],
    ])
  })
})

describe('detail pembelian', () => {
  const tyre = {
    id: 10,
    kode_ban: 'BN10',
    no_seri: 'S1',
    harga: '1500000',
    kondisi_ban: 'BARU',
    ukuran: { id: 1, nama: '11.00-20' },
    merek: { id: 1, nama_merek: 'GT' },
    typeban: { id: 1, nama_type: 'Radial' },
  }
  it('reads {data, detail}', () => {
    const d = detailPembelianSchema.parse({ data: purchase, detail: [tyre] })
    expect(d.data.kode_pembelian_ban).toBe('PB000001')
    expect(d.detail[0]).toMatchObject({ harga: 1500000, merek: { nama_merek: 'GT' } })
  })
  it('falls back to data.detail_ban, and reads a bare purchase', () => {
    expect(detailPembelianSchema.parse({ data: purchase }).detail).toHaveLength(2)
    expect(detailPembelianSchema.parse(purchase).detail.map((b) => b.no_seri)).toEqual(['S1', 'S2'])
  })
  it('fails without a purchase', () => {
    expect(detailPembelianSchema.safeParse({ data: null, detail: [] }).success).toBe(false)
    expect(detailPembelianSchema.safeParse({ message: 'Data tidak ditemukan.' }).success).toBe(false)
  })
})

const pemasangan = {
  id: 4,
  kode_pemasangan: 'PM000004',
  kendaraan_id: 3,
  supplier_id: null,
  km: 120000,
  grand_total: 3000000,
  status: 'posting',
  tanggal_awal: '2024-05-02',
  kendaraan: {
    id: 3,
    kode_kendaraan: 'KD3',
    no_kabin: 'K-03',
    no_pol: 'B 3',
    km: 120000,
    jenis_kendaraan: { id: 1, nama_jenis_kendaraan: 'Tronton', total_ban: 10 },
  },
}

describe('pemasangan ban', () => {
  it('reads the reference row; kendaraan.jenis_kendaraan.nama_jenis_kendaraan is reachable', () => {
    const p = pemasanganSchema.parse(pemasangan)
    expect(p.kendaraan?.jenis_kendaraan?.nama_jenis_kendaraan).toBe('Tronton')
    expect(p).toMatchObject({ status: 'posting', supplier: null, km: 120000 })
  })
  it('reads the type as a plain string, flat on the vehicle, or on the row', () => {
    const k = pemasangan.kendaraan
    const name = (v: Record<string, unknown>) => pemasanganSchema.parse(v).kendaraan?.jenis_kendaraan?.nama_jenis_kendaraan
    expect(name({ ...pemasangan, kendaraan: { ...k, jenis_kendaraan: 'Engkel' } })).toBe('Engkel')
    expect(name({ ...pemasangan, kendaraan: { ...k, jenis_kendaraan: undefined, nama_jenis_kendaraan: 'Fuso' } })).toBe('Fuso')
    expect(name({ ...pemasangan, kendaraan: { ...k, jenis_kendaraan: null }, jenis_kendaraan: { nama_jenis_kendaraan: 'Trailer' } })).toBe(
      'Trailer',
    )
    expect(name({ ...pemasangan, kendaraan: { ...k, jenis_kendaraan: null }, nama_jenis_kendaraan: 'Colt' })).toBe('Colt')
  })
  it('builds the vehicle from flat row fields when it is not nested', () => {
    const p = pemasanganSchema.parse({ ...pemasangan, kendaraan: undefined, no_kabin: 'K-9', jenis_kendaraan: 'Engkel' })
    expect(p.kendaraan).toMatchObject({ id: 3, no_kabin: 'K-9', jenis_kendaraan: { nama_jenis_kendaraan: 'Engkel' } })
  })
  it('reads strings and a missing vehicle', () => {
    const p = pemasanganSchema.parse({ ...pemasangan, id: '4', km: '120000', grand_total: '3000000.00', status: 'Unpost', kendaraan: null })
    expect(p).toMatchObject({ id: 4, km: 120000, grand_total: 3000000, status: 'unpost', kendaraan: null })
  })
  it('reads the inquiry list in data.data; fails on a bad row', () => {
    expect(listOf(pemasanganSchema).parse({ data: { data: [pemasangan] } })).toHaveLength(1)
    expect(listOf(pemasanganSchema).safeParse([pemasangan, { ...pemasangan, status: 'x' }]).success).toBe(false)
    expect(listOf(pemasanganSchema).safeParse({ data: 'none' }).success).toBe(false)
  })
})

const detail = {
  id: 20,
  pemasangan_ban_id: null,
  kendaraan_id: 3,
  ban_id: 10,
  posisi_ban: '1a',
  km_pemasangan: '120000',
  target_presentase: 70000,
  ban: {
    id: 10,
    kode_ban: 'BN10',
    no_seri: 'S1',
    kondisi_ban: 'BARU',
    harga: 1500000,
    ukuran: { id: 1, nama: '11.00-20' },
    merek: null,
    typeban: null,
  },
}

describe('detail pemasangan', () => {
  it('reads staged details in {data: [...]}', () => {
    const [d] = listOf(detailPemasanganSchema).parse({ data: [detail] })
    expect(d).toMatchObject({ id: 20, pemasangan_ban_id: null, posisi_ban: '1A', km_pemasangan: 120000, ban: { no_seri: 'S1' } })
  })
  it('reads the invoice answer {data, detail} and its fallbacks', () => {
    const a = detailPemasanganAnswerSchema.parse({
      data: { ...pemasangan, supplier: { id: 2, nama_supp: 'PT S', kode_supplier: 'SP2', alamat: 'A', telp: '1' } },
      detail: [detail],
    })
    expect(a.data.supplier).toMatchObject({ nama_supp: 'PT S', kode_supplier: 'SP2' })
    expect(a.detail).toHaveLength(1)
    expect(detailPemasanganAnswerSchema.parse({ data: { ...pemasangan, details: [detail] } }).detail).toHaveLength(1)
    expect(detailPemasanganAnswerSchema.parse({ data: pemasangan }).detail).toEqual([])
  })
  it('reads a saved detail', () => {
    expect(savedOf(detailPemasanganSchema).parse({ message: 'ok', data: detail }).data?.posisi_ban).toBe('1A')
    expect(recordOf(detailPemasanganSchema).parse(detail).ban?.kode_ban).toBe('BN10')
  })
  it('fails on a detail without an id or with an unreadable km', () => {
    expect(listOf(detailPemasanganSchema).safeParse({ data: [{ ...detail, id: undefined }] }).success).toBe(false)
    expect(listOf(detailPemasanganSchema).safeParse({ data: [{ ...detail, km_pemasangan: '120.000 km' }] }).success).toBe(false)
  })
})
