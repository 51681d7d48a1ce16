import { describe, expect, it } from 'vitest'
import { MENU_CATALOGUE } from '../../api/menu-catalogue.ts'
import { SCREEN_LIST } from '~/screens'

/** One menu as `group | label | path`, sorted: the comparison ignores order. */
const lines = (menus: readonly { group: string; label: string; path: string }[]) =>
  menus.map((m) => `${m.group} | ${m.label} | ${m.path}`).sort()

// The app reads a user's grants by the catalogue's feature names (menuPathOfFeature, app/lib/grants.ts):
// a feature whose name is not a screen's label grants nothing.
describe("the api's access-editor catalogue", () => {
  it('names the same menus (group, label, path) as the screens the app declares, in any order (the api lists them in the order they were added)', () => {
    expect(lines(MENU_CATALOGUE.map((m) => ({ group: m.kategori, label: m.nama, path: m.route })))).toEqual(lines(SCREEN_LIST))
  })
})
