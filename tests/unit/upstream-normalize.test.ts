import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import {
  ack,
  arrayOf,
  date,
  docStatus,
  fileName,
  flag,
  id,
  listOf,
  lowerText,
  money,
  nested,
  num,
  numeric,
  optionalId,
  recordOf,
  savedOf,
  text,
  textOrEmpty,
  upperText,
} from '~/upstream/normalize'

const ok = <T extends z.ZodType>(s: T, v: unknown) => {
  const r = s.safeParse(v)
  if (!r.success) throw new Error(`expected success for ${JSON.stringify(v)}: ${r.error.message}`)
  return r.data as z.output<T>
}
const fails = (s: z.ZodType, v: unknown) => expect(s.safeParse(v).success, `should fail: ${JSON.stringify(v)}`).toBe(false)

describe('text', () => {
  it('reads text, numbers and booleans; null, "" and whitespace become null', () => {
    expect(ok(text, 'abc')).toBe('abc')
    expect(ok(text, 42)).toBe('42')
    expect(ok(text, '')).toBeNull()
    expect(ok(text, '   ')).toBeNull()
    expect(ok(text, null)).toBeNull()
    expect(ok(text, undefined)).toBeNull()
    expect(ok(textOrEmpty, null)).toBe('')
    expect(ok(upperText, ' baru ')).toBe('BARU')
    expect(ok(lowerText, 'Stok')).toBe('stok')
    expect(ok(upperText, '')).toBeNull()
  })
})

describe('ids', () => {
  it('accepts numbers and digit strings, refuses the rest', () => {
    expect(ok(id, 5)).toBe(5)
    expect(ok(id, '5')).toBe(5)
    fails(id, 'abc')
    fails(id, null)
    fails(id, 1.5)
    expect(ok(optionalId, '')).toBeNull()
    expect(ok(optionalId, null)).toBeNull()
    expect(ok(optionalId, undefined)).toBeNull()
    expect(ok(optionalId, '12')).toBe(12)
    fails(optionalId, 'x1')
  })
})

describe('numbers', () => {
  it('numeric/money read numbers sent as strings', () => {
    expect(ok(money, '150000.00')).toBe(150000)
    expect(ok(money, '150000')).toBe(150000)
    expect(ok(money, 150000)).toBe(150000)
    expect(ok(money, ' 42 ')).toBe(42)
    expect(ok(money, '12.5')).toBe(12.5)
    expect(ok(money, '-3')).toBe(-3)
    expect(ok(money, null)).toBeNull()
    expect(ok(money, '')).toBeNull()
    expect(ok(money, undefined)).toBeNull()
  })
  it('numeric/money fail on text they cannot read', () => {
    fails(numeric, '150.000,00')
    fails(numeric, 'Rp 5')
    fails(numeric, 'abc')
    fails(numeric, {})
    fails(numeric, true)
  })
  it('num (lenient) keeps its behaviour: unreadable → null', () => {
    expect(ok(num, '150.000')).toBe(150)
    expect(ok(num, 'abc')).toBeNull()
  })
})

describe('flag', () => {
  it('reads 0/1, "0"/"1", booleans and "true"/"false"', () => {
    expect(ok(flag, 1)).toBe(true)
    expect(ok(flag, 0)).toBe(false)
    expect(ok(flag, '1')).toBe(true)
    expect(ok(flag, '0')).toBe(false)
    expect(ok(flag, true)).toBe(true)
    expect(ok(flag, false)).toBe(false)
    expect(ok(flag, 'true')).toBe(true)
    expect(ok(flag, 'FALSE')).toBe(false)
    expect(ok(flag, null)).toBe(false)
    expect(ok(flag, undefined)).toBe(false)
    expect(ok(flag, '')).toBe(false)
  })
  it('fails on anything else', () => {
    fails(flag, 2)
    fails(flag, 'ya')
    fails(flag, {})
  })
})

describe('date', () => {
  it('keeps YYYY-MM-DD and cuts datetimes to the date', () => {
    expect(ok(date, '2024-03-05')).toBe('2024-03-05')
    expect(ok(date, '2024-03-05 13:45:10')).toBe('2024-03-05')
    expect(ok(date, '2024-03-05 13:45')).toBe('2024-03-05')
    expect(ok(date, '2024-03-05T13:45:10')).toBe('2024-03-05')
    expect(ok(date, '2024-03-05T23:59:59.000000')).toBe('2024-03-05')
  })
  it('reads zoned ISO instants in WIB (UTC+7)', () => {
    // Laravel serialises a date cast as UTC: 15 March 00:00 in Jakarta.
    expect(ok(date, '2024-03-14T17:00:00.000000Z')).toBe('2024-03-15')
    expect(ok(date, '2024-03-15T00:00:00.000Z')).toBe('2024-03-15')
    expect(ok(date, '2024-03-15T10:00:00+07:00')).toBe('2024-03-15')
    expect(ok(date, '2024-03-15T23:30:00+07:00')).toBe('2024-03-15')
  })
  it('null, "" and the zero date are null', () => {
    expect(ok(date, null)).toBeNull()
    expect(ok(date, undefined)).toBeNull()
    expect(ok(date, '')).toBeNull()
    expect(ok(date, '0000-00-00')).toBeNull()
    expect(ok(date, '0000-00-00 00:00:00')).toBeNull()
  })
  it('fails on anything else', () => {
    fails(date, 'kemarin')
    fails(date, '05-03-2024')
    fails(date, '2024-02-30')
    fails(date, '2024-13-01')
    fails(date, 20240305)
  })
})

describe('docStatus', () => {
  it('is posting | unpost, case-insensitive; missing is unpost', () => {
    expect(ok(docStatus, 'posting')).toBe('posting')
    expect(ok(docStatus, 'POSTING')).toBe('posting')
    expect(ok(docStatus, ' Posted ')).toBe('posting')
    expect(ok(docStatus, 'unpost')).toBe('unpost')
    expect(ok(docStatus, 'Unpost')).toBe('unpost')
    expect(ok(docStatus, 'unposted')).toBe('unpost')
    expect(ok(docStatus, null)).toBe('unpost')
    expect(ok(docStatus, '')).toBe('unpost')
    expect(ok(docStatus, undefined)).toBe('unpost')
  })
  it('fails on an unknown status', () => {
    fails(docStatus, 'batal')
    fails(docStatus, 1)
  })
})

describe('fileName', () => {
  it('cuts the storage prefix of paths and URLs', () => {
    expect(ok(fileName, 'a1b2.png')).toBe('a1b2.png')
    expect(ok(fileName, '/storage/uploads/a1b2.png')).toBe('a1b2.png')
    expect(ok(fileName, 'storage/uploads/dir/a.jpg')).toBe('dir/a.jpg')
    expect(ok(fileName, 'https://api.example.co.id/storage/uploads/a.png')).toBe('a.png')
    expect(ok(fileName, '')).toBeNull()
    expect(ok(fileName, null)).toBeNull()
  })
})

describe('lists and records', () => {
  const row = z.object({ id, nama: text })
  it('listOf accepts a plain array, {data} and {data: {data}}', () => {
    const rows = [{ id: '1', nama: 'A', extra: true }]
    expect(ok(listOf(row), rows)).toEqual([{ id: 1, nama: 'A' }])
    expect(ok(listOf(row), { data: rows })).toEqual([{ id: 1, nama: 'A' }])
    expect(ok(listOf(row), { data: { current_page: 1, data: rows } })).toEqual([{ id: 1, nama: 'A' }])
    expect(ok(listOf(row), [])).toEqual([])
  })
  it('listOf fails on a non-list and on a bad row (no row is dropped)', () => {
    fails(listOf(row), { message: 'ok' })
    fails(listOf(row), 'oops')
    fails(listOf(row), null)
    fails(listOf(row), [{ id: 1, nama: 'A' }, { nama: 'no id' }])
    fails(listOf(row), [{ id: 1 }, 'x'])
  })
  it('arrayOf: missing/null → [], index-keyed object → its values', () => {
    expect(ok(arrayOf(row), undefined)).toEqual([])
    expect(ok(arrayOf(row), null)).toEqual([])
    expect(ok(arrayOf(row), { '3': { id: 3 }, '4': { id: 4 } })).toEqual([
      { id: 3, nama: null },
      { id: 4, nama: null },
    ])
    fails(arrayOf(row), 'x')
  })
  it('recordOf accepts {data} and bare records', () => {
    expect(ok(recordOf(row), { data: { id: 2, nama: 'B' } })).toEqual({ id: 2, nama: 'B' })
    expect(ok(recordOf(row), { id: 2, nama: 'B' })).toEqual({ id: 2, nama: 'B' })
    fails(recordOf(row), { data: null })
  })
  it('nested: missing, null, arrays and primitives become null', () => {
    const n = nested(z.object({ nama: text }))
    expect(ok(n, undefined)).toBeNull()
    expect(ok(n, null)).toBeNull()
    expect(ok(n, [])).toBeNull()
    expect(ok(n, { nama: 'x', y: 1 })).toEqual({ nama: 'x' })
  })
})

describe('write answers', () => {
  const row = z.object({ id, nama: text })
  it('savedOf reads {message, data}, {data} and a bare record', () => {
    expect(ok(savedOf(row), { message: 'Tersimpan', data: { id: '3', nama: 'C' } })).toEqual({
      message: 'Tersimpan',
      data: { id: 3, nama: 'C' },
    })
    expect(ok(savedOf(row), { data: { id: 3 } })).toEqual({ message: null, data: { id: 3, nama: null } })
    expect(ok(savedOf(row), { id: 3, nama: 'C' })).toEqual({ message: null, data: { id: 3, nama: 'C' } })
  })
  it('savedOf: no record or an unreadable one is data null, not an error (the write happened)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(ok(savedOf(row), { message: 'ok' })).toEqual({ message: 'ok', data: null })
    expect(ok(savedOf(row), null)).toEqual({ message: null, data: null })
    expect(ok(savedOf(row), { message: 'ok', data: { nama: 'no id' } })).toEqual({ message: 'ok', data: null })
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })
  it('ack reads the message of anything', () => {
    expect(ok(ack, { message: 'Dihapus' })).toEqual({ message: 'Dihapus' })
    expect(ok(ack, null)).toEqual({ message: null })
    expect(ok(ack, 'text')).toEqual({ message: null })
  })
})
