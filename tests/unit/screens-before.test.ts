import { describe, expect, it } from 'vitest'
import { MASTER_SCREENS } from '~/lib/master-screens'
import { MENU_GROUPS } from '~/lib/menu'
import { ROUTE_TABLE, type RouteEntry } from '~/route-table'
import before from './fixtures/screens-before.json'

/** Every route of the table with its parent's id, ordered by id (route order does not decide a match: Remix ranks them). */
function flatten(entries: RouteEntry[], parent: string | null = null): unknown[] {
  return entries.flatMap((e) => [
    { id: e.id, parent, ...(e.index ? { index: true } : { path: e.path }), file: e.file, access: e.access },
    ...flatten(e.children ?? [], e.id),
  ])
}
const byId = (a: unknown, b: unknown) => ((a as { id: string }).id < (b as { id: string }).id ? -1 : 1)

describe('the screens as the fixture records them', () => {
  it('the route table has the same routes: id, parent, path, file and access', () => {
    expect(flatten(ROUTE_TABLE).sort(byId)).toEqual(before.routeTable)
  })

  it('the sidebar has the same groups and entries in the same order', () => {
    expect(MENU_GROUPS).toEqual(before.menuGroups)
  })

  it('the master screens have the same texts and columns', () => {
    expect(MASTER_SCREENS).toEqual(before.masterScreens)
  })
})
