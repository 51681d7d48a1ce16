import { matchRoutes, type AgnosticDataRouteObject } from '@remix-run/router'
import { describe, expect, it, vi } from 'vitest'
import { rememberMatches } from '../../scripts/remix-runtime-patches.mjs'

type Route = AgnosticDataRouteObject
/** The same route table made anew (as Remix does for every render): same shape, other objects. */
const table = (): Route[] => [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'login', path: 'login' },
      {
        id: 'admin',
        path: 'admin',
        children: [
          { id: 'departemen', path: 'departemen' },
          { id: 'departemen-edit', path: 'departemen/:id/edit' },
        ],
      },
    ],
  },
]

describe('rememberMatches (scripts/remix-runtime-patches.mjs)', () => {
  const summary = (ms: ReturnType<typeof matchRoutes>) => ms?.map((m) => [m.route.id, m.pathname, m.params])

  it('answers as matchRoutes does, computing a path once per table shape', () => {
    const original = vi.fn(matchRoutes)
    const remembered = rememberMatches(original) as typeof matchRoutes
    const routes = table()
    for (const path of ['/admin/departemen/7/edit', '/admin/departemen/7/edit?x=1', '/login', '/nothing']) {
      expect(summary(remembered(routes, path)), path).toEqual(summary(matchRoutes(routes, path)))
    }
    expect(original).toHaveBeenCalledTimes(3) // the query string is not part of the match
    expect(summary(remembered(table(), { pathname: '/login' } as Location))).toEqual(summary(matchRoutes(routes, '/login')))
    expect(original).toHaveBeenCalledTimes(3)
  })

  it('hands each caller fresh matches that point at the routes of the table it passed', () => {
    const remembered = rememberMatches(matchRoutes) as typeof matchRoutes
    const first = table()
    const second = table()
    const a = remembered(first, '/admin/departemen/7/edit')!
    const b = remembered(second, '/admin/departemen/7/edit')!
    expect(a.at(-1)!.route).toBe(first[0]!.children![1]!.children![1])
    expect(b.at(-1)!.route).toBe(second[0]!.children![1]!.children![1])
    const params = a.at(-1)!.params as Record<string, string>
    params.id = 'changed'
    expect(remembered(first, '/admin/departemen/7/edit')!.at(-1)!.params.id).toBe('7')
  })

  it('does not mix tables of another shape, and leaves a table without unique ids to matchRoutes', () => {
    const original = vi.fn(matchRoutes)
    const remembered = rememberMatches(original) as typeof matchRoutes
    const other = table()
    other[0]!.children![1]!.children![0]!.path = 'karyawan'
    expect(remembered(table(), '/admin/departemen')?.at(-1)?.route.id).toBe('departemen')
    expect(remembered(other, '/admin/departemen')).toBeNull()
    const noIds = [{ path: 'a' }, { path: 'b' }] as unknown as Route[]
    remembered(noIds, '/a')
    remembered(noIds, '/a')
    expect(original).toHaveBeenCalledTimes(4)
  })
})
