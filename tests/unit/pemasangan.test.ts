import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { pemasanganLineErrors, NO_SERI_HARUS_DIPILIH, PosisiBanSchema, positionOf, tyrePositions } from '~/lib/pemasangan'

const base = ['1A', '1B', '2A', '2B', '2C', '2D']
const axle = (n: number) => [`${n}A`, `${n}B`, `${n}C`, `${n}D`]

describe('tyrePositions', () => {
  it('6 tyres: 1A 1B and 2A–2D, no message', () => {
    const l = tyrePositions(6)
    expect(l.positions).toEqual(base)
    expect(l.rows.map((r) => r.axle)).toEqual([1, 2])
    expect(l.warning).toBeNull()
  })

  it('10 tyres: adds 3A–3D', () => {
    expect(tyrePositions(10).positions).toEqual([...base, ...axle(3)])
    expect(tyrePositions(10).warning).toBeNull()
  })

  it('18 tyres: adds 3A–3D, 4A–4D and 5A–5D', () => {
    expect(tyrePositions(18).positions).toEqual([...base, ...axle(3), ...axle(4), ...axle(5)])
    expect(tyrePositions(18).positions).toHaveLength(18)
  })

  it('22 tyres: axles 1 to 6, 22 positions', () => {
    const l = tyrePositions(22)
    expect(l.positions).toEqual([...base, ...axle(3), ...axle(4), ...axle(5), ...axle(6)])
    expect(l.positions).toHaveLength(22)
    expect(l.rows.map((r) => r.positions.length)).toEqual([2, 4, 4, 4, 4, 4])
  })

  it.each([7, 12, 0, -4, Number.NaN, null, undefined])(
    'an unknown count (%s) shows the base six with a clear message, never throws',
    (n) => {
      const l = tyrePositions(n)
      expect(l.positions).toEqual(base)
      expect(l.warning).toMatch(/posisi dasar \(1A, 1B, 2A-2D\)/)
    },
  )

  it('names the unknown count in its message', () => {
    expect(tyrePositions(7).warning).toContain('Jumlah ban 7 tidak dikenal')
    expect(tyrePositions(null).warning).toContain('belum diisi')
  })

  it('positionOf accepts a position of the layout in any case, nothing else', () => {
    expect(positionOf(tyrePositions(10), '3c')).toBe('3C')
    expect(positionOf(tyrePositions(6), '3C')).toBeNull()
    expect(positionOf(tyrePositions(22), '7A')).toBeNull()
    expect(positionOf(tyrePositions(22), undefined)).toBeNull()
  })
})

describe('the position dialog schema', () => {
  const parse = (fields: Record<string, string>) => {
    const fd = new FormData()
    for (const [k, v] of Object.entries(fields)) fd.set(k, v)
    return parseWithZod(fd, { schema: PosisiBanSchema })
  }
  const errors = (fields: Record<string, string>) => {
    const s = parse(fields)
    return s.status === 'error' ? s.error : null
  }

  it("'Nomor Seri harus dipilih' without a serial", () => {
    expect(errors({ km_pemasangan: '1000' })?.no_seri).toEqual([NO_SERI_HARUS_DIPILIH])
  })

  it('Target Ban defaults to 70000; km with id-ID thousands dots is a number', () => {
    const s = parse({ no_seri: 'BN1', km_pemasangan: '12.500' })
    expect(s.status).toBe('success')
    expect(s.status === 'success' && s.value).toEqual({ no_seri: 'BN1', km_pemasangan: 12500, target_presentase: 70000 })
  })

  it('km that is not a number is refused', () => {
    expect(errors({ no_seri: 'BN1', km_pemasangan: 'abc' })?.km_pemasangan).toEqual(['Km pemasangan harus berupa angka.'])
    expect(errors({ no_seri: 'BN1', km_pemasangan: '' })?.km_pemasangan).toEqual(['Km pemasangan tidak boleh kosong.'])
  })
})

describe('pemasanganLineErrors: the upstream refusal of a tyre line', () => {
  const KM = 'Km pemasangan tidak boleh lebih kecil dari km kendaraan.'

  it('the km rule goes beside Km Pemasangan, not above the form', () => {
    expect(pemasanganLineErrors(KM, { km_pemasangan: [KM] })).toEqual({ fieldErrors: { km_pemasangan: [KM] }, formErrors: [] })
  })

  it('several refusals: the user fields beside them, the position above the form', () => {
    const r = pemasanganLineErrors(`${KM} (dan 2 kesalahan lainnya)`, {
      km_pemasangan: [KM],
      no_seri: ['Ban dengan nomor seri X tidak tersedia di stok.'],
      posisi_ban: ['Posisi ban 2A sudah terisi ban lain.'],
    })
    expect(r.fieldErrors).toEqual({ km_pemasangan: [KM], no_seri: ['Ban dengan nomor seri X tidak tersedia di stok.'] })
    expect(r.formErrors).toEqual(['Posisi ban 2A sudah terisi ban lain.'])
  })

  it('an upstream naming no field: a km message beside Km Pemasangan, any other above the form', () => {
    expect(pemasanganLineErrors(KM, {})).toEqual({ fieldErrors: { km_pemasangan: [KM] }, formErrors: [] })
    expect(pemasanganLineErrors('Kendaraan tidak ditemukan.', {})).toEqual({ fieldErrors: {}, formErrors: ['Kendaraan tidak ditemukan.'] })
    expect(pemasanganLineErrors(null, {})).toEqual({ fieldErrors: {}, formErrors: [] })
  })

  it('indexed keys and empty lists are handled', () => {
    expect(pemasanganLineErrors('x', { 'km_pemasangan.0': [KM], no_seri: [] })).toEqual({
      fieldErrors: { km_pemasangan: [KM] },
      formErrors: [],
    })
  })
})
