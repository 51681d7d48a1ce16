import { describe, expect, it } from 'vitest'
import { TerimaVulkanisirSchema } from '~/lib/forms/terima-vulkanisir'
import {
  formatBiayaPerKm,
  formatKm,
  jenisLabel,
  lokasiText,
  matchesStokFilter,
  parseStokFilter,
  stokFilterEntries,
  tanggalKirimVulkanisir,
  targetProgress,
} from '~/lib/stok-ban'
import { banStokSchema, riwayatBanSchema } from '~/upstream/schemas/ban'

const params = (s: string) => new URLSearchParams(s)
const known = { ukuran: new Set(['1', '2']), merek: new Set(['7']) }

describe('parseStokFilter', () => {
  it('reads status, ukuran and merek', () => {
    expect(parseStokFilter(params('status=vulkanisir&ukuran=2&merek=7'), known)).toEqual({
      filter: { status: 'vulkanisir', ukuran: '2', merek: '7' },
      problem: null,
    })
  })
  it('an empty filter is no filter', () => {
    expect(parseStokFilter(params(''), known)).toEqual({ filter: { status: '', ukuran: '', merek: '' }, problem: null })
  })
  it('status is case-insensitive and trimmed', () => {
    expect(parseStokFilter(params('status=%20Afkir%20')).filter.status).toBe('afkir')
  })
  it('an unknown status is a message naming the four states, the value kept', () => {
    const p = parseStokFilter(params('status=hilang&ukuran=1'), known)
    expect(p.problem).toEqual({ field: 'status', message: 'Status harus Stok, Terpasang, Vulkanisir atau Afkir.' })
    expect(p.filter).toEqual({ status: 'hilang', ukuran: '1', merek: '' })
  })
  it('a size or brand that is not an id is a message', () => {
    expect(parseStokFilter(params('ukuran=abc')).problem?.field).toBe('ukuran')
    expect(parseStokFilter(params('merek=-1')).problem?.message).toMatch(/^Merek tidak valid/)
    expect(parseStokFilter(params('ukuran=0')).problem?.field).toBe('ukuran')
  })
  it('an id of no known size is a message', () => {
    expect(parseStokFilter(params('ukuran=99'), known).problem).toEqual({
      field: 'ukuran',
      message: 'Ukuran dengan id 99 tidak ditemukan.',
    })
    expect(parseStokFilter(params('ukuran=99')).problem).toBeNull()
  })
  it('cuts long values', () => {
    expect(parseStokFilter(params(`status=${'x'.repeat(500)}`)).filter.status).toHaveLength(40)
  })
  it('writes the non-empty values back in a fixed order', () => {
    expect(stokFilterEntries({ status: 'stok', ukuran: '', merek: '7' })).toEqual([
      ['status', 'stok'],
      ['merek', '7'],
    ])
  })
})

describe('matchesStokFilter', () => {
  const tyre = { status: 'stok', ukuran_id: 2, merek_id: null, ukuran: { id: 2 }, merek: { id: 7 } }
  it('matches each part', () => {
    expect(matchesStokFilter(tyre, { status: 'stok', ukuran: '2', merek: '7' })).toBe(true)
    expect(matchesStokFilter(tyre, { status: 'afkir', ukuran: '', merek: '' })).toBe(false)
    expect(matchesStokFilter(tyre, { status: '', ukuran: '1', merek: '' })).toBe(false)
    expect(matchesStokFilter(tyre, { status: '', ukuran: '', merek: '8' })).toBe(false)
  })
})

describe('lokasiText', () => {
  it('vehicle and position while fitted, the retreader, else a dash', () => {
    expect(lokasiText('terpasang', { no_kabin: 'KB-01', posisi_ban: '2B' })).toBe('KB-01 · 2B')
    expect(lokasiText('vulkanisir', null)).toBe('Di vulkanisir')
    expect(lokasiText('stok', null)).toBe('—')
    expect(lokasiText('afkir', undefined)).toBe('—')
  })
})

describe('summary formatting', () => {
  it('km and cost per km in id-ID', () => {
    expect(formatKm(12345)).toBe('12.345 km')
    expect(formatKm(null)).toBe('—')
    expect(formatBiayaPerKm(245)).toBe('Rp 245/km')
    expect(formatBiayaPerKm(1234567)).toBe('Rp 1.234.567/km')
    expect(formatBiayaPerKm(null)).toBe('Belum ada km tempuh')
  })
  it('progress toward the target: percent with one decimal (id-ID), the bar capped at 100', () => {
    expect(targetProgress(42.5, 29750, 70000)).toEqual({ text: '42,5%', width: 42.5, value: 42.5 })
    expect(targetProgress(150, 105000, 70000)).toEqual({ text: '150,0%', width: 100, value: 150 })
    expect(targetProgress(null, 35000, 70000)).toEqual({ text: '50,0%', width: 50, value: 50 })
    expect(targetProgress(null, null, null)).toEqual({ text: '0,0%', width: 0, value: 0 })
  })
  it('history titles', () => {
    expect(jenisLabel('lepas', 'afkir')).toBe('Dilepas dan diafkir')
    expect(jenisLabel('lepas', 'vulkanisir')).toBe('Dilepas ke vulkanisir')
    expect(jenisLabel('batal_lepas', null)).toBe('Pelepasan dibatalkan')
    expect(jenisLabel('terima_vulkanisir', null)).toBe('Diterima dari vulkanisir')
    expect(jenisLabel('lain', null)).toBe('lain')
  })
  it('a retread went out on the date of the nearest older pelepasan to the retreader', () => {
    const rows = [
      { jenis: 'terima_vulkanisir', tanggal: '2026-03-10', tujuan: null },
      { jenis: 'lepas', tanggal: '2026-03-01', tujuan: 'vulkanisir' },
      { jenis: 'pasang', tanggal: '2026-01-01', tujuan: null },
      { jenis: 'terima_vulkanisir', tanggal: '2025-12-01', tujuan: null },
    ]
    expect(tanggalKirimVulkanisir(rows)).toEqual(['2026-03-01', null, null, null])
  })
})

describe('schemas', () => {
  const spec = { id: 1, kode_ban: 'BN000001', no_seri: 'S1', status: 'stok', harga: '1500000.00', kondisi_ban: 'baru' }
  it('a spec-only tyre parses: 0 retreads, no place', () => {
    const b = banStokSchema.parse(spec)
    expect(b.jumlah_vulkanisir).toBe(0)
    expect(b.lokasi).toBeNull()
    expect(b.harga).toBe(1500000)
  })
  it('a fitted tyre keeps its place', () => {
    const b = banStokSchema.parse({
      ...spec,
      status: 'terpasang',
      jumlah_vulkanisir: '2',
      lokasi: { kendaraan_id: 3, no_kabin: 'KB-1', no_pol: 'B 1', posisi_ban: '1a', km_pemasangan: '1000' },
    })
    expect(b.jumlah_vulkanisir).toBe(2)
    // Without the km fields: 0 km behind it, vehicle km and target unknown.
    expect(b.km_tempuh).toBe(0)
    expect(b.lokasi).toEqual({
      kendaraan_id: 3,
      no_kabin: 'KB-1',
      no_pol: 'B 1',
      posisi_ban: '1a',
      km_pemasangan: 1000,
      km_kendaraan: null,
      target_presentase: null,
    })
  })
  it('the km fields of the list: km_tempuh, the vehicle km and the target', () => {
    const b = banStokSchema.parse({
      ...spec,
      status: 'terpasang',
      km_tempuh: '12345',
      lokasi: { kendaraan_id: 3, no_kabin: 'KB-1', posisi_ban: '1A', km_pemasangan: 1000, km_kendaraan: '61000', target_presentase: 60000 },
    })
    expect(b.km_tempuh).toBe(12_345)
    expect(b.lokasi).toMatchObject({ km_pemasangan: 1000, km_kendaraan: 61_000, target_presentase: 60_000 })
  })
  it('the history answer', () => {
    const r = riwayatBanSchema.parse({
      data: {
        ban: { ...spec, pembelian: { id: 4, kode_pembelian_ban: 'PB000004', tanggal_awal: '2026-01-02', supplier: null } },
        riwayat: [{ id: 9, jenis: 'beli', tanggal: '2026-01-02', biaya: '1500000', supplier: { id: 1, nama_supp: 'PT A' } }],
        ringkasan: {
          harga_beli: 1500000,
          biaya_vulkanisir: 0,
          total_biaya: 1500000,
          km_tempuh: 0,
          km_berjalan: 0,
          total_km: 0,
          biaya_per_km: null,
          target_km: 70000,
          persen_target: 0,
        },
      },
    })
    expect(r.ban.pembelian?.kode_pembelian_ban).toBe('PB000004')
    expect(r.riwayat[0]).toMatchObject({ jenis: 'beli', biaya: 1500000, kendaraan: null, supplier: { nama_supp: 'PT A' } })
    expect(r.ringkasan.biaya_per_km).toBeNull()
  })
})

describe('TerimaVulkanisirSchema', () => {
  const parse = (v: Record<string, string>) => TerimaVulkanisirSchema.safeParse(v)
  it('reads Rp with grouping', () => {
    expect(parse({ supplier_id: '3', biaya: 'Rp 350.000', tanggal: '2026-11-20' })).toMatchObject({
      success: true,
      data: { supplier_id: '3', biaya: '350000', tanggal: '2026-11-20' },
    })
  })
  it('refuses a missing retreader, a cost that is not a number, an impossible date', () => {
    const r = parse({ supplier_id: '', biaya: 'tiga ratus', tanggal: '2026-02-30' })
    expect(r.success).toBe(false)
    const messages = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    expect(messages).toEqual([
      'supplier_id: Pilih vulkanisir terlebih dahulu!',
      'biaya: Biaya vulkanisir harus berupa angka.',
      'tanggal: Tanggal Terima harus tanggal yang valid.',
    ])
  })
})
