import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { nestBracketKeys, optionalInt, optionalNumber, requiredInt } from '../../api/http.ts'

describe('api number helpers', () => {
  it('optionalInt: empty is null, digits are numbers, text is refused with the message', () => {
    const s = z.object({ km: optionalInt('Km harus berupa angka.') })
    expect(s.parse({ km: '' }).km).toBeNull()
    expect(s.parse({ km: null }).km).toBeNull()
    expect(s.parse({}).km).toBeNull()
    expect(s.parse({ km: '1200' }).km).toBe(1200)
    expect(s.parse({ km: 5 }).km).toBe(5)
    const bad = s.safeParse({ km: 'abc' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0].message).toBe('Km harus berupa angka.')
    expect(s.safeParse({ km: '-3' }).error?.issues[0].message).toBe('Km harus berupa angka.')
  })
  it('requiredInt: absent is refused with the message', () => {
    const s = z.object({ n: requiredInt('Wajib angka.') })
    expect(s.safeParse({}).error?.issues[0].message).toBe('Wajib angka.')
    expect(s.parse({ n: '7' }).n).toBe(7)
  })
  it('optionalNumber: decimals with a point or a comma', () => {
    const s = z.object({ p: optionalNumber('Panjang harus berupa angka.') })
    expect(s.parse({ p: '2,5' }).p).toBe(2.5)
    expect(s.parse({ p: '' }).p).toBeNull()
    expect(s.safeParse({ p: 'x' }).error?.issues[0].message).toBe('Panjang harus berupa angka.')
  })
})

describe('nestBracketKeys', () => {
  it('turns ban[i][field] multipart keys into an array of objects, compacting sparse indexes', () => {
    const body = nestBracketKeys([
      ['supplier_id', '3'],
      ['ban[0][no_seri]', 'A1'],
      ['ban[0][harga]', '100'],
      ['ban[2][no_seri]', 'B2'],
    ])
    expect(body).toEqual({ supplier_id: '3', ban: [{ no_seri: 'A1', harga: '100' }, { no_seri: 'B2' }] })
  })
})

describe('today()', () => {
  it("is the date in Jakarta (UTC+7), not UTC's", async () => {
    const { today } = await import('../../api/http.ts')
    // 2026-11-22 20:30 UTC is already 23 November 03:30 in Jakarta
    expect(today(new Date('2026-11-22T20:30:00Z'))).toBe('2026-11-23')
    expect(today(new Date('2026-11-22T10:00:00Z'))).toBe('2026-11-22')
  })
})
