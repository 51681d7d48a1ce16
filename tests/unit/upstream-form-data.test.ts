import { describe, expect, it } from 'vitest'
import { asFormData, toFormData } from '~/lib/form-data'
import { sumHarga } from '~/upstream/schemas/pembelian-ban'

const entries = (f: FormData) =>
  [...f.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}:${(v as File).size}`])

describe('toFormData', () => {
  it('skips null, undefined and ""; numbers and booleans become text', () => {
    expect(entries(toFormData({ a: 'x', b: null, c: undefined, d: '', e: 0, f: 12.5, g: true, h: false, i: ' ' }))).toEqual([
      ['a', 'x'],
      ['e', '0'],
      ['f', '12.5'],
      ['g', '1'],
      ['h', '0'],
      ['i', ' '],
    ])
  })
  it('keeps "" with keepEmpty (updates: a cleared field is cleared upstream)', () => {
    expect(entries(toFormData({ a: '', b: null }, { keepEmpty: true }))).toEqual([['a', '']])
  })
  it('appends files as files and leaves out empty ones (no file chosen)', () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'foto.png', { type: 'image/png' })
    const none = new File([], '', { type: 'application/octet-stream' })
    const f = toFormData({ nama: 'Budi', gambar: photo, ft_sim: none })
    expect(entries(f)).toEqual([
      ['nama', 'Budi'],
      ['gambar', 'file:foto.png:3'],
    ])
    expect(f.get('gambar')).toBeInstanceOf(File)
  })
  it('appends a nameless Blob as a file', () => {
    const f = toFormData({ gambar: new Blob([new Uint8Array([1])]) })
    expect(f.get('gambar')).toBeInstanceOf(Blob)
  })
  it('turns nested arrays into ban[i][field] keys', () => {
    const f = toFormData({
      supplier_id: 2,
      ban: [
        { no_seri: 'S1', harga: 100, merek_id: null },
        { no_seri: 'S2', harga: '', kondisi_ban: 'BARU' },
      ],
      tags: ['a', null, 'c'],
      meta: { x: 1, y: { z: 'deep' } },
    })
    expect(entries(f)).toEqual([
      ['supplier_id', '2'],
      ['ban[0][no_seri]', 'S1'],
      ['ban[0][harga]', '100'],
      ['ban[1][no_seri]', 'S2'],
      ['ban[1][kondisi_ban]', 'BARU'],
      ['tags[0]', 'a'],
      ['tags[2]', 'c'],
      ['meta[x]', '1'],
      ['meta[y][z]', 'deep'],
    ])
  })
  it('skips non-finite numbers', () => {
    expect(entries(toFormData({ a: Number.NaN, b: Number.POSITIVE_INFINITY }))).toEqual([])
  })
  it('asFormData passes a FormData through untouched', () => {
    const f = new FormData()
    f.append('x', '')
    expect(asFormData(f)).toBe(f)
    expect(entries(asFormData({ x: '' }))).toEqual([])
  })
})

describe('sumHarga', () => {
  it('adds the line prices; non-numeric counts as 0', () => {
    expect(sumHarga([])).toBe(0)
    expect(sumHarga([{ harga: '150000.00' }, { harga: 50000 }, { harga: '1.500' }, { harga: 'x' }, { harga: '12,5' }])).toBe(201500)
  })
})
