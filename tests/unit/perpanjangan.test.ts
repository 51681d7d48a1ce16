import { describe, expect, it } from 'vitest'
import { biayaPerpanjangan, perpanjangHref, PerpanjanganSchema } from '~/lib/perpanjangan'
import { dueRows } from '~/lib/jatuh-tempo'

/** Perpanjangan STNK & KIR: the cost report's sums, the form's own checks, the due lists' link. */

const renewal = (kendaraan_id: number, no_kabin: string, jenis_dokumen: string, biaya: number) => ({
  kendaraan_id,
  jenis_dokumen,
  biaya,
  kendaraan: { no_kabin, no_pol: `B ${kendaraan_id}` },
})

describe('biayaPerpanjangan', () => {
  it('sums per vehicle (STNK, KIR, count, total; costliest first) and per document', () => {
    const r = biayaPerpanjangan([
      renewal(1, 'K-01', 'STNK', 1_850_000),
      renewal(2, 'K-02', 'KIR', 150_000),
      renewal(1, 'K-01', 'KIR', 125_000),
      renewal(3, 'K-03', 'KIR', 150_000),
    ])
    expect(r.kendaraan).toEqual([
      { kendaraan_id: 1, no_kabin: 'K-01', no_pol: 'B 1', stnk: 1_850_000, kir: 125_000, jumlah: 2, total: 1_975_000 },
      { kendaraan_id: 2, no_kabin: 'K-02', no_pol: 'B 2', stnk: 0, kir: 150_000, jumlah: 1, total: 150_000 },
      { kendaraan_id: 3, no_kabin: 'K-03', no_pol: 'B 3', stnk: 0, kir: 150_000, jumlah: 1, total: 150_000 },
    ])
    expect(r.dokumen).toEqual([
      { jenis_dokumen: 'STNK', jumlah: 1, total: 1_850_000 },
      { jenis_dokumen: 'KIR', jumlah: 3, total: 425_000 },
    ])
    expect(r).toMatchObject({ jumlah: 4, total: 2_275_000 })
  })

  it('an empty period is zeros, both documents listed', () => {
    expect(biayaPerpanjangan([])).toEqual({
      kendaraan: [],
      dokumen: [
        { jenis_dokumen: 'STNK', jumlah: 0, total: 0 },
        { jenis_dokumen: 'KIR', jumlah: 0, total: 0 },
      ],
      jumlah: 0,
      total: 0,
    })
  })
})

describe('PerpanjanganSchema', () => {
  const form = (fields: Record<string, string>) => ({
    kendaraan_id: '4',
    jenis_dokumen: 'STNK',
    expired_lama: '2026-01-10',
    expired_baru: '2027-01-10',
    tanggal_bayar: '2026-01-05',
    biaya: 'Rp 1.850.000',
    ...fields,
  })
  const errors = (v: Record<string, string>) => {
    const r = PerpanjanganSchema.safeParse(v)
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
  }

  it('reads the cost as typed in Rupiah', () => {
    const r = PerpanjanganSchema.parse(form({}))
    expect(r.biaya).toBe('1850000')
  })

  it('refuses a new expiry not after the old one, a cost of 0, no vehicle and another document, in Indonesian', () => {
    expect(errors(form({ expired_baru: '2026-01-10' }))).toEqual({
      expired_baru: 'Tanggal expired baru harus setelah tanggal expired lama (10/01/2026).',
    })
    expect(errors(form({ biaya: '0' }))).toEqual({ biaya: 'Biaya harus lebih dari 0.' })
    expect(errors(form({ biaya: 'sejuta' }))).toEqual({ biaya: 'Biaya harus berupa angka Rupiah.' })
    expect(errors(form({ kendaraan_id: '' }))).toEqual({ kendaraan_id: 'Pilih kendaraan yang diperpanjang!' })
    expect(errors(form({ jenis_dokumen: 'BPKB' }))).toEqual({ jenis_dokumen: 'Pilih dokumen: STNK atau KIR!' })
  })
})

describe("the due lists' Perpanjang", () => {
  it("links to the form with the vehicle and the document; an STNK record's row carries its vehicle", () => {
    expect(perpanjangHref(7, 'KIR')).toBe('/admin/perpanjangan-stnk/tambah?kendaraan_id=7&jenis_dokumen=KIR')
    const rows = dueRows(
      [{ id: 7, no_kabin: 'K-07', no_pol: 'B 7', expired_stnk: '2026-02-01', expired_kir: null }],
      [
        { id: 3, kendaraan_id: 7, no_pol: 'B 7', expired_stnk: '2026-03-01', kendaraan: { id: 7, no_kabin: 'K-07', no_pol: 'B 7' } },
        { id: 4, kendaraan_id: null, no_pol: 'B 8', expired_stnk: '2026-04-01', kendaraan: null },
      ],
    )
    expect(rows.map((r) => [r.key, r.kendaraan_id])).toEqual([
      ['k7-STNK', 7],
      ['s3-STNK', 7],
      ['s4-STNK', null],
    ])
  })
})
