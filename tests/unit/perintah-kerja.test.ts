import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { buatPerintahKerjaHref, formErrorsOf, MINIMAL_SATU, perintahKerjaBody, PerintahKerjaSchema } from '~/lib/perintah-kerja'

/** A submission's field errors (a successful one has none). */
const errorsOf = (s: { status?: string }) => (s as { error?: Record<string, string[] | null> | null }).error

/** Perintah Kerja's form: its own checks, the body sent (empty rows left out), the upstream's errors back on their rows. */

const formOf = (pairs: [string, string][]) => {
  const f = new FormData()
  for (const [k, v] of pairs) f.append(k, v)
  return f
}
const base: [string, string][] = [
  ['kendaraan_id', '7'],
  ['tanggal_awal', '2026-11-20'],
  ['km', '50.100'],
]

describe('PerintahKerjaSchema and perintahKerjaBody', () => {
  it('sends the checked items, the filled part and labour rows (empty rows left out), numbers as digits', () => {
    const s = parseWithZod(
      formOf([
        ...base,
        ['servis[0]', '3'],
        ['servis[2]', '5'],
        ['parts[0].suku_cadang_id', ''],
        ['parts[0].jumlah', ''],
        ['parts[1].suku_cadang_id', '11'],
        ['parts[1].jumlah', '4'],
        ['jasa[0].uraian', 'Jasa ganti oli'],
        ['jasa[0].biaya', '75.000'],
        ['jasa[1].uraian', ''],
        ['jasa[1].biaya', ''],
      ]),
      { schema: PerintahKerjaSchema },
    )
    expect(s.status).toBe('success')
    if (s.status !== 'success') return
    const { body, at } = perintahKerjaBody(s.value)
    expect(body).toEqual({
      kendaraan_id: 7,
      tanggal_awal: '2026-11-20',
      km: '50100',
      karyawan_id: null,
      keterangan: '',
      servis: [{ item_servis_id: 3 }, { item_servis_id: 5 }],
      parts: [{ suku_cadang_id: 11, jumlah: '4' }],
      jasa: [{ uraian: 'Jasa ganti oli', biaya: '75000' }],
    })
    expect(at).toEqual({ parts: [1], jasa: [0] })
    // The upstream's parts.0 is the form's second row; its baris message above the form.
    expect(formErrorsOf({ 'parts.0.jumlah': ['Stok X tidak cukup'], baris: ['Tambahkan…'], km: ['Km salah'] }, at)).toEqual({
      fieldErrors: { 'parts[1].jumlah': ['Stok X tidak cukup'], km: ['Km salah'] },
      formErrors: ['Tambahkan…'],
    })
  })

  it('refuses a form without any line, a half-filled part row, a labour row without its description', () => {
    const none = parseWithZod(formOf([...base, ['parts[0].suku_cadang_id', ''], ['parts[0].jumlah', '']]), { schema: PerintahKerjaSchema })
    expect(none.status).toBe('error')
    expect(errorsOf(none)?.['']).toEqual([MINIMAL_SATU])
    const half = parseWithZod(formOf([...base, ['parts[0].suku_cadang_id', '11'], ['parts[0].jumlah', ''], ['jasa[0].biaya', '5000']]), {
      schema: PerintahKerjaSchema,
    })
    expect(errorsOf(half)?.['parts[0].jumlah']).toEqual(['Jumlah harus diisi.'])
    expect(errorsOf(half)?.['jasa[0].uraian']).toEqual(['Uraian jasa tidak boleh kosong.'])
    const zero = parseWithZod(formOf([...base, ['parts[0].suku_cadang_id', '11'], ['parts[0].jumlah', '0']]), {
      schema: PerintahKerjaSchema,
    })
    expect(errorsOf(zero)?.['parts[0].jumlah']).toEqual(['Jumlah harus bilangan bulat 1 atau lebih.'])
  })

  it('opens the form from the due list with the vehicle and every due item', () => {
    expect(buatPerintahKerjaHref(4, [1, 2])).toBe('/admin/perintah-kerja/tambah?kendaraan_id=4&item_servis_id=1&item_servis_id=2')
  })
})
