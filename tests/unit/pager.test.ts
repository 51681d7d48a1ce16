import { describe, expect, it } from 'vitest'
import { pagerWindow } from '~/lib/pager'

const show = (current: number, count: number) =>
  pagerWindow(current, count)
    .map((i) => (i.type === 'gap' ? '…' : String(i.page)))
    .join(' ')

describe('pagerWindow (first, last, current ±2, ellipses)', () => {
  it('shows every page when there are few', () => {
    expect(show(1, 1)).toBe('1')
    expect(show(2, 5)).toBe('1 2 3 4 5')
  })
  it('puts an ellipsis after the window at the start', () => {
    expect(show(1, 10)).toBe('1 2 3 … 10')
  })
  it('puts ellipses on both sides in the middle', () => {
    expect(show(5, 10)).toBe('1 … 3 4 5 6 7 … 10')
  })
  it('marks even a single skipped page with an ellipsis', () => {
    // pages 1 and 3..7: page 2 is skipped, so a gap is shown
    expect(show(5, 7)).toBe('1 … 3 4 5 6 7')
    // pages 1..6 continuous: no gap
    expect(show(4, 6)).toBe('1 2 3 4 5 6')
  })
  it('ends with the window at the last page', () => {
    expect(show(10, 10)).toBe('1 … 8 9 10')
  })
  it('is empty without pages', () => {
    expect(pagerWindow(1, 0)).toEqual([])
  })
})
