import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { ItemServisSchema, itemServisBody } from '~/lib/forms/item-servis'
import { intervalText, readPlanForm, SERVIS_BERSAMA, upstreamPlanErrors } from '~/lib/jadwal-servis'
import { MESSAGES, parseServisFilter, sisaServisText } from '~/lib/servis-jatuh-tempo'

const form = (entries: [string, string][]) => {
  const f = new FormData()
  for (const [k, v] of entries) f.append(k, v)
  return f
}

describe('the Item Servis dialog', () => {
  const parse = (entries: [string, string][]) => parseWithZod(form(entries), { schema: ItemServisSchema })
  const errorsOf = (entries: [string, string][]) => {
    const s = parse(entries)
    return s.status === 'error' ? s.error : null
  }

  it('reads a name, the intervals as people type them and the parts; blanks are null', () => {
    const s = parse([
      ['nama', ' Ganti Oli Mesin '],
      ['interval_km', '10.000'],
      ['interval_hari', ''],
      ['suku_cadang', 'Oli 15W-40'],
    ])
    expect(s.status).toBe('success')
    if (s.status !== 'success') return
    expect(itemServisBody(s.value)).toEqual({ nama: 'Ganti Oli Mesin', interval_km: 10000, interval_hari: null, suku_cadang: 'Oli 15W-40' })
  })

  it('needs a name and one interval at least, each within its bounds', () => {
    const s = errorsOf([
      ['nama', ''],
      ['interval_km', ''],
      ['interval_hari', ''],
    ])
    expect(s?.nama).toEqual(['Nama Item Servis tidak boleh kosong!'])
    expect(s?.interval_km).toEqual(['Isi Interval Km atau Interval Hari.'])
    const bounds = errorsOf([
      ['nama', 'X'],
      ['interval_km', '0'],
      ['interval_hari', '4000'],
    ])
    expect(bounds?.interval_km).toEqual(['Interval Km harus antara 1 dan 1.000.000.'])
    expect(bounds?.interval_hari).toEqual(['Interval Hari harus antara 1 dan 3.650.'])
    expect(
      errorsOf([
        ['nama', 'X'],
        ['interval_hari', 'abc'],
      ])?.interval_hari,
    ).toEqual(['Interval Hari harus berupa angka, misalnya 180.'])
  })
})

describe('a plan form', () => {
  it('reads a line per item in the form, ticked or not, with its intervals', () => {
    const entry = readPlanForm(
      form([
        ['aktif-3', '1'],
        ['km-3', '10.000'],
        ['hari-3', '180'],
        ['km-5', '20000'],
        ['hari-5', ''],
      ]),
      { servis: false },
    )
    expect(entry.errors).toEqual({})
    expect(entry.lines).toEqual([
      { item_servis_id: 3, aktif: true, interval_km: 10000, interval_hari: 180, servis_tanggal: null, servis_km: null },
      { item_servis_id: 5, aktif: false, interval_km: 20000, interval_hari: null, servis_tanggal: null, servis_km: null },
    ])
    expect(entry.typed['km-3']).toBe('10.000')
  })

  it('an active line needs an interval; an inactive line is not checked', () => {
    const entry = readPlanForm(
      form([
        ['aktif-3', '1'],
        ['km-3', ''],
        ['hari-3', ''],
        ['km-4', 'abc'],
      ]),
      { servis: false },
    )
    expect(entry.errors).toEqual({ 'km-3': 'Isi Interval Km atau Interval Hari.' })
  })

  it("a vehicle's last service: date and km together, the date not after today", () => {
    const entry = readPlanForm(
      form([
        ['aktif-1', '1'],
        ['km-1', '10000'],
        ['tanggal-1', '2026-11-01'],
        ['servis_km-1', ''],
        ['aktif-2', '1'],
        ['hari-2', '30'],
        ['tanggal-2', '2026-12-01'],
        ['servis_km-2', '5.000'],
        ['aktif-7', '1'],
        ['hari-7', '30'],
        ['tanggal-7', '2026-10-01'],
        ['servis_km-7', '72.500'],
      ]),
      { servis: true, today: '2026-11-29' },
    )
    expect(entry.errors).toEqual({ 'servis_km-1': SERVIS_BERSAMA, 'tanggal-2': 'Tanggal tidak boleh setelah hari ini.' })
    expect(entry.lines[2]).toMatchObject({ item_servis_id: 7, servis_tanggal: '2026-10-01', servis_km: 72500 })
  })

  it("the upstream's refusal of a line goes beside that item's field; the rest above the form", () => {
    const sent = [{ item_servis_id: 3 }, { item_servis_id: 9 }]
    expect(
      upstreamPlanErrors(
        { 'items.1.interval_hari': ['Interval Hari harus bilangan bulat 1 sampai 3.650.'], items: ['Terlalu banyak.'] },
        sent,
      ),
    ).toEqual({
      errors: { 'hari-9': 'Interval Hari harus bilangan bulat 1 sampai 3.650.' },
      rest: ['Terlalu banyak.'],
    })
  })
})

describe('Servis Jatuh Tempo', () => {
  const choices = { jenis: [{ value: '2' }], item: [{ value: '5' }] }
  it('reads the filter of the URL; the first value not valid is the problem', () => {
    const ok = parseServisFilter(
      new URLSearchParams('status=lewat&jenis_kendaraan_id=2&item_servis_id=5&dalam_km=1.000&dalam_hari=30'),
      choices,
    )
    expect(ok).toEqual({
      filter: { status: 'lewat', jenis_kendaraan_id: '2', item_servis_id: '5', dalam_km: '1000', dalam_hari: '30' },
      problem: null,
    })
    expect(parseServisFilter(new URLSearchParams('status=x'), choices).problem).toEqual({ field: 'status', message: MESSAGES.status })
    expect(parseServisFilter(new URLSearchParams('jenis_kendaraan_id=9'), choices).problem?.field).toBe('jenis_kendaraan_id')
    expect(parseServisFilter(new URLSearchParams('item_servis_id=abc'), { jenis: null, item: null }).problem?.field).toBe('item_servis_id')
    expect(parseServisFilter(new URLSearchParams('dalam_km=-5'), choices).problem).toEqual({
      field: 'dalam_km',
      message: MESSAGES.dalam_km,
    })
    expect(parseServisFilter(new URLSearchParams('dalam_hari=4000'), choices).problem).toEqual({
      field: 'dalam_hari',
      message: MESSAGES.dalam_hari,
    })
  })

  it('says what is left of a service', () => {
    expect(sisaServisText({ belum_ada_riwayat: false, sisa_km: 1250, sisa_hari: 12 })).toBe('1.250 km lagi · 12 hari lagi')
    expect(sisaServisText({ belum_ada_riwayat: false, sisa_km: -300, sisa_hari: null })).toBe('lewat 300 km')
    expect(sisaServisText({ belum_ada_riwayat: false, sisa_km: null, sisa_hari: 0 })).toBe('hari ini')
    expect(sisaServisText({ belum_ada_riwayat: true, sisa_km: null, sisa_hari: null })).toBe('Isi servis terakhir')
    expect(intervalText(10000, 180)).toBe('10.000 km / 180 hari')
    expect(intervalText(null, null)).toBe('—')
  })
})
