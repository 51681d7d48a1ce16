import { MENU_GROUPS, type MenuGroup } from './menu'

/**
 * Per-menu grants of the access editor, enforced by the app.
 * Pure logic: the server side (loading the grants, 403) is in grants.server.ts.
 */

export const PERMISSIONS = [
  'create',
  'update',
  'delete',
  'show',
  'posting',
  'unpost',
  'posting_all',
  'unpost_all',
  'search',
  'print',
] as const
export type Permission = (typeof PERMISSIONS)[number]

/** The access editor's column headers. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  show: 'Show',
  posting: 'Posting',
  unpost: 'Unpost',
  posting_all: 'Posting All',
  unpost_all: 'Unpost All',
  search: 'Search',
  print: 'Print',
}

/** What a user may do on one menu: active (Select) plus the ten permissions. */
export type MenuGrant = { active: boolean } & Record<Permission, boolean>
/** The menus (by their path, e.g. '/admin/karyawan') the user may open, with their permissions. */
export type Grants = Record<string, MenuGrant>
/** The ten permissions of one menu as plain booleans, for a screen to show or hide its buttons. */
export type Can = Record<Permission, boolean>

export const NO_GRANT: MenuGrant = {
  active: false,
  create: false,
  update: false,
  delete: false,
  show: false,
  posting: false,
  unpost: false,
  posting_all: false,
  unpost_all: false,
  search: false,
  print: false,
}

const normalise = (s: string) => s.trim().toLocaleLowerCase('id-ID').replace(/\s+/g, ' ')

/** Menu path by the feature name the upstream's catalogue uses (the sidebar's labels). */
const PATH_BY_NAME = new Map(MENU_GROUPS.flatMap((g) => g.entries.map((e) => [normalise(e.label), e.to] as const)))

/** The menu path a catalogue feature stands for (by name, case- and space-insensitive), or null. */
export function menuPathOfFeature(nama: string): string | null {
  return PATH_BY_NAME.get(normalise(nama)) ?? null
}

type FlagGrant = { active: boolean } & Record<`can_${Permission}`, boolean>

/**
 * The access editor's answer (catalogue + userMenu keyed by feature id) → grants by menu path.
 * Features the app does not know are ignored; a menu without an entry has no grant.
 */
export function grantsFromAkses(menufiturs: { fiturs: { id: number; nama: string }[] }[], userMenu: Record<number, FlagGrant>): Grants {
  const grants: Grants = {}
  for (const group of menufiturs) {
    for (const f of group.fiturs) {
      const path = menuPathOfFeature(f.nama)
      const g = Object.hasOwn(userMenu, f.id) ? userMenu[f.id] : undefined
      if (!path || !g) continue
      const grant = { active: !!g.active } as MenuGrant
      for (const p of PERMISSIONS) grant[p] = !!g.active && !!g[`can_${p}`]
      // Two features with one name: the more generous grant wins.
      const prev = Object.hasOwn(grants, path) ? grants[path] : undefined
      if (prev) for (const k of Object.keys(grant) as (keyof MenuGrant)[]) grant[k] ||= prev[k]
      grants[path] = grant
    }
  }
  return grants
}

/** May the user open this menu (Select on), and — when `perm` is given — do that there? */
export function allows(grants: Grants, menu: string, perm?: Permission): boolean {
  const g = grantOf(grants, menu)
  if (!g?.active) return false
  return perm ? Object.hasOwn(g, perm) && g[perm] === true : true
}

/** A menu's grant: an own entry only, never something inherited from Object.prototype. */
const grantOf = (grants: Grants, menu: string): MenuGrant | undefined => (Object.hasOwn(grants, menu) ? grants[menu] : undefined)

/** The ten permissions of one menu (all false when the menu is not active). */
export function canOn(grants: Grants, menu: string): Can {
  const g = grantOf(grants, menu) ?? NO_GRANT
  const can = {} as Can
  for (const p of PERMISSIONS) can[p] = g.active === true && Object.hasOwn(g, p) && g[p] === true
  return can
}

/** The sidebar groups with only the menus whose Select is on (empty groups dropped). */
export function visibleMenu(grants: Grants, groups: MenuGroup[] = MENU_GROUPS): MenuGroup[] {
  return groups.map((g) => ({ ...g, entries: g.entries.filter((e) => allows(grants, e.to)) })).filter((g) => g.entries.length > 0)
}
