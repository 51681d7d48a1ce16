import { MENU_GROUP_LABELS, SCREEN_LIST } from '~/screens'

/** The sidebar: groups with their entries, plus Dashboard, Update Profile, Logout. */
export type MenuEntry = { label: string; to: string }
export type MenuGroup = { label: string; entries: MenuEntry[] }

/** The sidebar's groups and entries, made from the screens' declarations (app/screens.ts). */
export const MENU_GROUPS: MenuGroup[] = MENU_GROUP_LABELS.map((label) => ({
  label,
  entries: SCREEN_LIST.filter((s) => s.group === label).map((s) => ({ label: s.label, to: s.path })),
}))

export const TOP_ENTRIES: MenuEntry[] = [{ label: 'Dashboard', to: '/admin/dashboard' }]
export const BOTTOM_ENTRIES: MenuEntry[] = [{ label: 'Update Profile', to: '/admin/users' }]

/** Menu search (case-insensitive, by entry or group name). */
export function filterMenu(groups: MenuGroup[], q: string): MenuGroup[] {
  const needle = q.trim().toLocaleLowerCase('id-ID')
  if (!needle) return groups
  return groups
    .map((g) =>
      g.label.toLocaleLowerCase('id-ID').includes(needle)
        ? g
        : { ...g, entries: g.entries.filter((e) => e.label.toLocaleLowerCase('id-ID').includes(needle)) },
    )
    .filter((g) => g.entries.length > 0)
}
