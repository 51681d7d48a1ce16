import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { numberOf, readWhole, rupiahRule } from '~/lib/forms/numbers'
import { formatPrice, PembelianSchema } from '~/lib/forms/pembelian'
import { KendaraanSchema } from '~/lib/forms/kendaraan'
import { JenisKendaraanSchema } from '~/lib/forms/jenis-kendaraan'
import { TerimaVulkanisirSchema } from '~/lib/forms/terima-vulkanisir'
import { PerpanjanganSchema } from '~/lib/perpanjangan'
import { KlaimSchema } from '~/lib/klaim'
import { PosisiBanSchema } from '~/lib/pemasangan'
import { pelepasanFormSchema } from '~/lib/pelepasan'
import { rotasiFormSchema } from '~/lib/rotasi'

/**
 * One rule for the numbers typed into the forms (app/lib/forms/numbers.ts), as Conform parses them
 * (FormData in): an amount, a km or a depth no real value reaches, or a fraction in a whole field,
 * gets its Indonesian message beside the field before any upstream call.
 */

type Schema = Parameters<typeof parseWithZod>[1]['schema']
const errorsOf = (schema: Schema, fields: Record<string, string>) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  const r = parseWithZod(form, { schema })
  return r.status === 'success' ? {} : (r.reply().error ?? {})
}
const valueOf = (schema: Schema, fields: Record<string, string>) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  const r = parseWithZod(form, { schema })
  if (r.status !== 'success') throw new Error(JSON.stringify(r.reply().error))
  return r.value as Record<string, unknown>
}

const FRACTION = (label: string) => `${label} harus bilangan bulat, tanpa desimal.`
const RUPIAH_BOUNDS = (label: string, min = 0) => `${label} harus antara Rp ${min} dan Rp 1.000.000.000.000.`
const KM_BOUNDS = (label: string) => `${label} harus antara 0 dan 10.000.000.`

describe('the parse', () => {
  it('reads id-ID and en-US thousands, keeps a fraction as one, refuses 1e300 typed', () => {
    expect(numberOf('1.500.000')).toBe(1_500_000)
    expect(numberOf('1,500,000')).toBe(1_500_000)
    expect(numberOf('Rp 2.000.000.000')).toBe(2_000_000_000)
    expect(numberOf('1500000.50')).toBe(1_500_000.5)
    expect(numberOf('1e300')).toBeNull()
    const rule = rupiahRule('Harga')
    expect(readWhole('1500000.50', rule, { invalid: 'x' })).toEqual({ error: FRACTION('Harga') })
    expect(readWhole('1.000.000.000.001', rule, { invalid: 'x' })).toEqual({ error: RUPIAH_BOUNDS('Harga') })
    expect(readWhole('-1', rule, { invalid: 'x' })).toEqual({ error: RUPIAH_BOUNDS('Harga') })
    expect(readWhole('1e300', rule, { invalid: 'Harga harus berupa angka.' })).toEqual({ error: 'Harga harus berupa angka.' })
  })
})

describe('Pembelian Ban: the line price', () => {
  const line = (harga: string) => ({ supplier_id: '1', 'ban[0].no_seri': 'BN-1', 'ban[0].harga': harga })
  it.each([
    ['1e300', 'Harga harus berupa angka.'],
    ['-1', RUPIAH_BOUNDS('Harga')],
    ['1,5', FRACTION('Harga')],
    ['1500000.50', FRACTION('Harga')],
    ['1.000.000.000.001', RUPIAH_BOUNDS('Harga')],
  ])('%s is refused beside Harga', (harga, message) => {
    expect(errorsOf(PembelianSchema, line(harga))).toEqual({ 'ban[0].harga': [message] })
  })
  it('the price input never turns a fraction into digits: a comma is left as typed', () => {
    expect(formatPrice('1.500.000,50')).toBe('1.500.000,50')
    expect(formatPrice('1,500,000')).toBe('1,500,000')
    expect(formatPrice('1500000')).toBe('1.500.000')
  })
  it('reads the thousands of both spellings and Rp 2.000.000.000', () => {
    expect((valueOf(PembelianSchema, line('1.500.000')).ban as { harga: string }[])[0].harga).toBe('1500000')
    expect((valueOf(PembelianSchema, line('1,500,000')).ban as { harga: string }[])[0].harga).toBe('1500000')
    expect((valueOf(PembelianSchema, line('Rp 2.000.000.000')).ban as { harga: string }[])[0].harga).toBe('2000000000')
  })
})

describe('Perpanjangan: Biaya', () => {
  const form = (biaya: string) => ({
    kendaraan_id: '1',
    jenis_dokumen: 'KIR',
    expired_baru: '2031-01-01',
    tanggal_bayar: '2026-01-05',
    biaya,
  })
  it.each([
    ['1e300', 'Biaya harus berupa angka Rupiah.'],
    ['-1', 'Biaya harus lebih dari 0.'],
    ['1.5', FRACTION('Biaya')],
    ['1500000.50', FRACTION('Biaya')],
    ['1000000000001', RUPIAH_BOUNDS('Biaya', 1)],
  ])('%s is refused beside Biaya', (biaya, message) => {
    expect(errorsOf(PerpanjanganSchema, form(biaya))).toEqual({ biaya: [message] })
  })
  it('takes Rp 150.000 as 150000', () => {
    expect(valueOf(PerpanjanganSchema, form('Rp 150.000')).biaya).toBe('150000')
  })
})

describe('Terima vulkanisir: Biaya, and Klaim: Nilai Klaim', () => {
  it('refuses fractions and amounts out of bounds', () => {
    const terima = (biaya: string) => errorsOf(TerimaVulkanisirSchema, { supplier_id: '1', biaya, tanggal: '2026-01-05' })
    expect(terima('500000,5')).toEqual({ biaya: [FRACTION('Biaya vulkanisir')] })
    expect(terima('1000000000001')).toEqual({ biaya: [RUPIAH_BOUNDS('Biaya vulkanisir')] })
    expect(terima('500.000')).toEqual({})
    const klaim = (nilai_klaim: string) =>
      errorsOf(KlaimSchema, { detail_pelepasan_ban_id: '1', tanggal_awal: '2026-01-05', jenis: 'Garansi Supplier', nilai_klaim })
    expect(klaim('-1')).toEqual({ nilai_klaim: ['Nilai klaim tidak boleh negatif.'] })
    expect(klaim('1.5')).toEqual({ nilai_klaim: [FRACTION('Nilai klaim')] })
    expect(klaim('1000000000001')).toEqual({ nilai_klaim: [RUPIAH_BOUNDS('Nilai klaim')] })
  })
})

describe('the km fields', () => {
  it.each([
    ['1e300', 'Km pemasangan harus berupa angka.'],
    ['-1', KM_BOUNDS('Km pemasangan')],
    ['1.5', FRACTION('Km pemasangan')],
    ['100000,5', FRACTION('Km pemasangan')],
    ['10.000.001', KM_BOUNDS('Km pemasangan')],
  ])('Pemasangan: %s is refused beside Km pemasangan', (km, message) => {
    expect(errorsOf(PosisiBanSchema, { no_seri: 'BN-1', km_pemasangan: km })).toEqual({ km_pemasangan: [message] })
  })

  it('Pemasangan reads 120.000 and 120,000 alike; Target Ban within 1–10.000.000', () => {
    expect(valueOf(PosisiBanSchema, { no_seri: 'BN-1', km_pemasangan: '120,000' })).toMatchObject({
      km_pemasangan: 120_000,
      target_presentase: 70_000,
    })
    expect(errorsOf(PosisiBanSchema, { no_seri: 'BN-1', km_pemasangan: '1000', target_presentase: '0' })).toEqual({
      target_presentase: ['Target ban harus antara 1 dan 10.000.000.'],
    })
  })

  it('Pelepasan, Rotasi and the vehicle refuse a km out of bounds or with a fraction', () => {
    expect(errorsOf(pelepasanFormSchema(null), { km_pelepasan: '1.5', alasan: 'Habis' })).toEqual({
      km_pelepasan: [FRACTION('Km Pelepasan')],
    })
    expect(errorsOf(rotasiFormSchema([{ posisi: '1B', kmTerakhir: null }], null), { posisi_tujuan: '1B', km: '99999999' })).toEqual({
      km: [KM_BOUNDS('Km Rotasi')],
    })
    expect(errorsOf(KendaraanSchema, { no_kabin: 'K-1', km: '1,5' })).toEqual({ km: [FRACTION('Km')] })
    expect(errorsOf(KendaraanSchema, { no_kabin: 'K-1', km: '10000001' })).toEqual({ km: [KM_BOUNDS('Km')] })
    expect(valueOf(KendaraanSchema, { no_kabin: 'K-1', km: '120.500' }).km).toBe('120500')
  })
})

describe('the decimals', () => {
  it('a tread depth has one decimal at most (Pelepasan); a dimension stays under 100.000', () => {
    const tebal = 'Tebal tapak harus berupa angka 0 sampai 30 (mm) dengan paling banyak satu desimal.'
    expect(errorsOf(pelepasanFormSchema(null), { km_pelepasan: '1000', alasan: 'Habis', tebal_tapak: '7,55' })).toEqual({
      tebal_tapak: [tebal],
    })
    expect(valueOf(pelepasanFormSchema(null), { km_pelepasan: '1000', alasan: 'Habis', tebal_tapak: '7,5' }).tebal_tapak).toBe(7.5)
    expect(errorsOf(JenisKendaraanSchema, { nama_jenis_kendaraan: 'Truk', panjang: '1000000' })).toEqual({
      panjang: ['Panjang harus berupa angka.'],
    })
    expect(valueOf(JenisKendaraanSchema, { nama_jenis_kendaraan: 'Truk', panjang: '7,25' }).panjang).toBe('7.25')
  })
})
