import { describe, expect, it } from 'vitest'
import { safeRedirect } from '~/lib/safe-redirect'

describe('safeRedirect keeps redirectTo inside the app', () => {
  it('accepts paths with their query', () => {
    expect(safeRedirect('/admin/departemen?q=a&page=2')).toBe('/admin/departemen?q=a&page=2')
  })
  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'admin', '', null, '/\u0000x'])(
    'refuses %s',
    (to) => {
      expect(safeRedirect(to as string)).toBe('/admin/dashboard')
    },
  )
})
