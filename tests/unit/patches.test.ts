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

  it('matches a route table as before: layouts, index routes, params, trailing slashes, case, splats and optional segments', () => {
    const { matchRoutes } = require('@remix-run/router') as typeof import('@remix-run/router')
    const table = [
      {
        id: 'root',
        path: '',
        children: [
          { id: 'home', index: true },
          {
            id: 'admin',
            path: 'admin',
            children: [
              { id: 'layout', children: [{ id: 'dep', path: 'departemen', children: [{ id: 'dep-edit', path: ':id/edit' }] }] },
              { id: 'Case', path: 'Kasus', caseSensitive: true },
              { id: 'ban', path: 'ban/:id?' },
              { id: 'files', path: 'files/*' },
              { id: 'admin-index', index: true },
            ],
          },
          { id: 'not-found', path: '*' },
        ],
      },
    ]
    const ids = (path: string) => matchRoutes(table, path)?.map((m) => m.route.id) ?? null
    for (let round = 0; round < 2; round++) {
      // twice: the second round uses the table's kept branches
      expect(ids('/')).toEqual(['root', 'home'])
      expect(ids('/admin')).toEqual(['root', 'admin', 'admin-index'])
      expect(ids('/admin/')).toEqual(['root', 'admin', 'admin-index'])
      expect(ids('/ADMIN/DEPARTEMEN')).toEqual(['root', 'admin', 'layout', 'dep'])
      expect(ids('/admin/departemen/7/edit')).toEqual(['root', 'admin', 'layout', 'dep', 'dep-edit'])
      expect(matchRoutes(table, '/admin/departemen/7/edit')?.at(-1)?.params).toEqual({ id: '7' })
      expect(ids('/admin//departemen')).toEqual(['root', 'not-found'])
      expect(ids('/admin/Kasus')).toEqual(['root', 'admin', 'Case'])
      expect(ids('/admin/kasus')).toEqual(['root', 'not-found'])
      expect(ids('/admin/ban')).toEqual(['root', 'admin', 'ban'])
      expect(ids('/admin/ban/3')).toEqual(['root', 'admin', 'ban'])
      expect(matchRoutes(table, '/admin/files/a/b')?.at(-1)?.params).toEqual({ '*': 'a/b' })
      expect(ids('/lain/sekali')).toEqual(['root', 'not-found'])
    }
  })
})
