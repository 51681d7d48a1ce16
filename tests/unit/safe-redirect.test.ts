import { describe, expect, it } from 'vitest'
import { safeRedirect } from '~/lib/safe-redirect'

describe('safeRedirect keeps redirectTo inside the app', () => {
  it('accepts paths with their query', () => {
    expect(safeRedirect('/admin/departemen?q=a&page=2')).toBe('/admin/departemen?q=a&page=2')
  })
  it('returns the normalised path, query and hash', () => {
    expect(safeRedirect('/admin/./departemen/../users?x=1#top')).toBe('/admin/users?x=1#top')
    expect(safeRedirect('/admin/departemen?q=a%5Cb')).toBe('/admin/departemen?q=a%5Cb')
    expect(safeRedirect('/admin/%64epartemen')).toBe('/admin/%64epartemen')
    expect(safeRedirect('/admin/departemen?next=//evil.example')).toBe('/admin/departemen?next=//evil.example')
  })
  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'admin',
    '',
    null,
    '/\u0000x',
    // Issue 17: normalised into //evil.example by the URL parser (dot segments, %2e, backslashes).
    '/.//evil.example',
    '/./\\evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/%2e%2e//evil.example',
    '/..//evil.example',
    '/x/..//evil.example',
    '/././/evil.example',
    '/.\\/evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5C%5Cevil.example',
    '/%5Cevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/ /evil.example'.replace(' ', '\u000b'),
    ' //evil.example',
    '/\u007f/evil.example',
    '/%0a/evil.example'.replace('%0a', '%0A'),
    '/http://evil.example'.slice(1),
    'http:/evil.example',
    '/@evil.example'.replace('/', '//'),
    '/%',
  ])('refuses %j', (to) => {
    expect(safeRedirect(to as string)).toBe('/admin/dashboard')
  })
  it('keeps the fallback given', () => {
    expect(safeRedirect('/.//evil.example', '')).toBe('')
  })
})
