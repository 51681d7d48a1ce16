import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { patchesApplied } from '../../scripts/patches.mjs'

const require = createRequire(import.meta.url)

describe('the @remix-run/router patch (patches/, scripts/patches.mjs)', () => {
  it('is applied to the router the server loads', () => {
    expect(patchesApplied().applied).toBe(true)
  })

  it('matches as before: the kept pattern gives each path its own params, case and end as asked', () => {
    const { matchPath } = require('@remix-run/router') as typeof import('@remix-run/router')
    expect(matchPath('/admin/departemen/:id/edit', '/admin/departemen/5/edit')?.params).toEqual({ id: '5' })
    expect(matchPath('/admin/departemen/:id/edit', '/admin/departemen/6/edit')?.params).toEqual({ id: '6' })
    expect(matchPath('/admin/departemen/:id/edit', '/admin/departemen/6')).toBeNull()
    expect(matchPath({ path: '/Admin', caseSensitive: true }, '/admin')).toBeNull()
    expect(matchPath({ path: '/Admin', caseSensitive: false }, '/admin')).not.toBeNull()
    expect(matchPath({ path: '/admin', end: false }, '/admin/ban')?.pathnameBase).toBe('/admin')
    expect(matchPath({ path: '/admin', end: true }, '/admin/ban')).toBeNull()
  })
})
