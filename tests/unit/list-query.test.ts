import { describe, expect, it } from 'vitest'
import { applyListQuery, listSearch, matches, parseListQuery, sortSearch } from '~/lib/list-query'

const parse = (s: string) => parseListQuery(new URLSearchParams(s), ['id', 'nama'])

describe('parseListQuery', () => {
  it('reads q, sort, dir and page', () => {
    expect(parse('q=Gud&sort=nama&dir=desc&page=3')).toEqual({ q: 'Gud', sort: 'nama', dir: 'desc', page: 3 })
  })
  it('falls back to defaults on anything invalid, never throws', () => {
    expect(parse('sort=password&dir=sideways&page=-2')).toEqual({ q: '', sort: null, dir: 'asc', page: 1 })
    expect(parse('page=abc')).toMatchObject({ page: 1 })
    expect(parse('page=1e9')).toMatchObject({ page: 1 })
    expect(parse('page=0')).toMatchObject({ page: 1 })
  })
  it('caps a very long search', () => {
    expect(parse(`q=${'x'.repeat(500)}`).q.length).toBe(200)
  })
})

describe('matches (case-insensitive substring)', () => {
  it('matches regardless of case', () => {
    expect(matches('gud', 'Gudang')).toBe(true)
    expect(matches('ANG', 'Gudang')).toBe(true)
    expect(matches('x', 'Gudang', null)).toBe(false)
    expect(matches('  ', 'anything')).toBe(true)
  })
})

const rows = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, nama: `Dept ${String.fromCharCode(76 - i)}` }))
const spec = {
  searchIn: (r: (typeof rows)[number]) => [r.nama],
  sortBy: { id: (r: (typeof rows)[number]) => r.id, nama: (r: (typeof rows)[number]) => r.nama },
}

describe('applyListQuery', () => {
  it('pages by 5 and reports the offset for the No column', () => {
    const p = applyListQuery(rows, parse('page=2'), spec)
    expect(p.rows.map((r) => r.id)).toEqual([6, 7, 8, 9, 10])
    expect(p.offset).toBe(5)
    expect(p.pageCount).toBe(3)
    expect(p.total).toBe(12)
  })
  it('sorts ascending and descending by the chosen key', () => {
    expect(applyListQuery(rows, parse('sort=nama&dir=asc'), spec).rows[0].nama).toBe('Dept A')
    expect(applyListQuery(rows, parse('sort=nama&dir=desc'), spec).rows[0].nama).toBe('Dept L')
  })
  it('filters before paging', () => {
    const p = applyListQuery(rows, parse('q=dept%20a'), spec)
    expect(p.total).toBe(1)
    expect(p.rows[0].nama).toBe('Dept A')
  })
  it('a frozen (cached) list gives the same pages as a plain one, sorted once per key, and is not changed', () => {
    const frozen = Object.freeze(rows.slice().reverse())
    const plain = rows.slice().reverse()
    let calls = 0
    const counting = { ...spec, sortBy: { nama: (r: (typeof rows)[number]) => (calls++, r.nama) } }
    for (const qs of ['sort=nama&dir=desc&page=2', 'sort=nama&dir=desc&q=dept&page=2', 'sort=nama&dir=asc&q=a']) {
      expect(applyListQuery(frozen, parse(qs), counting)).toEqual(applyListQuery(plain, parse(qs), counting))
    }
    const before = calls
    applyListQuery(frozen, parse('sort=nama&dir=desc&page=3'), counting)
    expect(calls).toBe(before) // order reused
    applyListQuery(plain, parse('sort=nama&dir=desc&page=3'), counting)
    expect(calls).toBeGreaterThan(before) // a mutable list is sorted each time
    expect(frozen[0].id).toBe(rows.at(-1)?.id)
  })
  it('returns to page 1 when the page is beyond the last page', () => {
    const p = applyListQuery(rows, parse('page=9'), spec)
    expect(p.page).toBe(1)
    expect(p.rows[0].id).toBe(1)
  })
})

describe('listSearch / sortSearch', () => {
  const q = parse('q=a&sort=nama&dir=asc&page=2')
  it('writes the state back, leaving defaults out', () => {
    expect(listSearch(q)).toBe('?q=a&sort=nama&dir=asc&page=2')
    expect(listSearch(parse(''))).toBe('')
  })
  it('first click sorts ascending, the next toggles, and goes to page 1', () => {
    expect(sortSearch(parse(''), 'id')).toBe('?sort=id&dir=asc')
    expect(sortSearch(q, 'nama')).toBe('?q=a&sort=nama&dir=desc')
  })
})
