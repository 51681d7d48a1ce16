import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { tyreLineErrors } from '~/lib/pemasangan'
import {
  ALASAN,
  ALASAN_HARUS_DIPILIH,
  defaultTujuan,
  PELEPASAN_FIELDS,
  pelepasanFormSchema,
  TEBAL_TAPAK_SALAH,
  tujuanLabel,
} from '~/lib/pelepasan'

const form = (fields: Record<string, string>) => {
  const fd = new FormData()
  for (const [k, v] of Object.entries(fields)) fd.set(k, v)
  return fd
}
const parse = (fields: Record<string, string>, km: number | null = 12345) => {
  const s = parseWithZod(form(fields), { schema: pelepasanFormSchema(km) })
  return { status: s.status, error: s.status === 'error' ? s.error : undefined }
}

describe('defaultTujuan (the reason decides where the tyre goes)', () => {
  it.each([
    ['Ke Vulkanisir', 'vulkanisir'],
    ['Afkir', 'afkir'],
    ['Pecah', 'afkir'],
    ['Habis', 'stok'],
    ['Klaim Garansi', 'stok'],
    ['Rotasi/Pindah', 'stok'],
    ['', 'stok'],
    [null, 'stok'],
  ])('%s → %s', (alasan, tujuan) => expect(defaultTujuan(alasan)).toBe(tujuan))

  it('every reason of the select has a default', () => {
    for (const a of ALASAN) expect(['stok', 'vulkanisir', 'afkir']).toContain(defaultTujuan(a))
  })

  it('labels the destinations as the screen shows them', () => {
    expect(tujuanLabel('vulkanisir')).toBe('Vulkanisir')
    expect(tujuanLabel('AFKIR')).toBe('Afkir')
    expect(tujuanLabel(null)).toBe('-')
  })
})

describe('pelepasanFormSchema', () => {
  it('accepts a full pelepasan and keeps the chosen destination', () => {
    const s = parseWithZod(form({ km_pelepasan: '20.000', alasan: 'Pecah', tujuan: 'stok', tebal_tapak: '7,5', keterangan: ' sobek ' }), {
      schema: pelepasanFormSchema(12345),
    })
    expect(s.status).toBe('success')
    if (s.status !== 'success') return
    expect(s.value).toEqual({ km_pelepasan: 20000, alasan: 'Pecah', tujuan: 'stok', tebal_tapak: 7.5, keterangan: 'sobek' })
  })

  it('an empty Tujuan takes the reason’s default (a form sent without JavaScript)', () => {
    const schema = pelepasanFormSchema(12345)
    const a = parseWithZod(form({ km_pelepasan: '13000', alasan: 'Ke Vulkanisir', tujuan: '' }), { schema })
    const b = parseWithZod(form({ km_pelepasan: '13000', alasan: 'Afkir' }), { schema })
    expect(a.status === 'success' && a.value.tujuan).toBe('vulkanisir')
    expect(b.status === 'success' && b.value).toMatchObject({ tujuan: 'afkir', tebal_tapak: null, keterangan: null })
  })

  it('a km below the pemasangan km is refused with the km formatted id-ID', () => {
    const s = parse({ km_pelepasan: '12344', alasan: 'Habis' })
    expect(s.status).toBe('error')
    expect(s.error?.km_pelepasan).toEqual(['Km Pelepasan tidak boleh di bawah Km Pemasangan (12.345).'])
    expect(parse({ km_pelepasan: '12345', alasan: 'Habis' }).status).toBe('success')
  })

  it('without a known pemasangan km any km is taken (the upstream decides)', () => {
    expect(parse({ km_pelepasan: '1', alasan: 'Habis' }, null).status).toBe('success')
  })

  it('says what is missing or wrong', () => {
    const s = parse({ km_pelepasan: '', alasan: '', tujuan: 'gudang', tebal_tapak: '31', keterangan: 'x'.repeat(256) })
    expect(s.error?.km_pelepasan).toEqual(['Km Pelepasan harus diisi.'])
    expect(s.error?.alasan).toEqual([ALASAN_HARUS_DIPILIH])
    expect(s.error?.tujuan).toEqual(['Tujuan ban harus dipilih.'])
    expect(s.error?.tebal_tapak).toEqual([TEBAL_TAPAK_SALAH])
    expect(s.error?.keterangan?.[0]).toMatch(/255/)
    expect(parse({ km_pelepasan: 'abc', alasan: 'Lainnya' }).error).toMatchObject({
      km_pelepasan: ['Km Pelepasan harus berupa angka.'],
      alasan: [ALASAN_HARUS_DIPILIH],
    })
    expect(parse({ km_pelepasan: '20000', alasan: 'Habis', tebal_tapak: '-1' }).error?.tebal_tapak).toEqual([TEBAL_TAPAK_SALAH])
  })

  it('the upstream’s 422 lands beside the dialog’s fields, a position error above the form', () => {
    const r = tyreLineErrors(
      'Km Pelepasan tidak boleh di bawah Km Pemasangan (12.345).',
      {
        km_pelepasan: ['Km Pelepasan tidak boleh di bawah Km Pemasangan (12.345).'],
        posisi_ban: ['Tidak ada ban terpasang di posisi ini.'],
      },
      { fields: PELEPASAN_FIELDS, kmField: 'km_pelepasan' },
    )
    expect(r.fieldErrors).toEqual({ km_pelepasan: ['Km Pelepasan tidak boleh di bawah Km Pemasangan (12.345).'] })
    expect(r.formErrors).toEqual(['Tidak ada ban terpasang di posisi ini.'])
  })
})
