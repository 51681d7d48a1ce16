/**
 * Every download of the app, found by walking the route table (app/route-table.ts): each resource
 * route (a route module with a loader and no page) that takes no path parameter is asked by the admin, plain
 * HTTP against the built app, each list download in both formats. Every answer says
 * `X-Content-Type-Options: nosniff`; the files (`Content-Disposition: attachment`) are exactly the
 * lists' CSV and Excel downloads and the import templates, so the walk cannot pass by finding none.
 */
import type { APIRequestContext } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROUTE_TABLE, type RouteEntry } from '../../app/route-table'
import { adminContext, expect, test } from './fixtures'

/** The route table's resource routes that answer a GET (a module with a loader and no page), without a path parameter. */
function resourceRoutes(entries: RouteEntry[], parent = ''): string[] {
  return entries.flatMap((e) => {
    const path = e.index ? parent || '/' : `${parent}/${e.path}`.replace(/\/+/g, '/')
    const source = readFileSync(join('app', e.file), 'utf8')
    const answersGet = !/export default/.test(source) && /export (async )?(function|const) loader\b/.test(source)
    return [...(answersGet && !/[:*]/.test(path) ? [path] : []), ...(e.children ? resourceRoutes(e.children, path) : [])]
  })
}
const RESOURCES = resourceRoutes(ROUTE_TABLE)

let api: APIRequestContext

test.beforeAll(async ({ browser, adminState }) => {
  api = (await adminContext(browser, adminState, { javaScriptEnabled: false })).request
})

test('every download answers with nosniff: the route table’s resource routes, each list download as CSV and as Excel', async () => {
  const downloads: string[] = []
  const asked = RESOURCES.flatMap((path) => (path.endsWith('/csv') ? [path, `${path}?format=xlsx`] : [path]))
  expect(asked.length).toBeGreaterThan(20)
  for (const path of asked) {
    const res = await api.get(path, { maxRedirects: 0 })
    expect(res.status(), path).toBeLessThan(500)
    expect([path, res.headers()['x-content-type-options']]).toEqual([path, 'nosniff'])
    const disposition = res.headers()['content-disposition'] ?? ''
    if (disposition.startsWith('attachment')) {
      expect(res.status(), path).toBe(200)
      downloads.push(path)
    }
    await res.dispose()
  }
  // Every list download and every import template gave its file.
  expect(downloads.sort()).toEqual(asked.filter((p) => /\/csv(\?format=xlsx)?$|\/impor\/template$/.test(p)).sort())
})
