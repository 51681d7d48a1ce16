import { menuPathOfFeature, PERMISSIONS, type Permission } from './grants'

/**
 * The access editor's form, pure logic:
 * checkbox names, reading the posted form into the editor's state, the group toggle, and the rule
 * that a user may not take away their own access to Hak Akses.
 */

/** The editor's state of one feature: whether it is active, and each permission. */
export type FeatureState = { active: boolean } & Record<Permission, boolean>
/** The editor's state: feature id → its state. */
export type AksesState = Record<number, FeatureState>
/** A category of the feature catalogue and its features (the upstream's menufiturs, read by app/upstream/schemas/akses.ts). */
export type MenuKategori = { kategori: string; fiturs: { id: number; nama: string }[] }

export const activeName = (fid: number) => `active-${fid}`
export const permName = (fid: number, p: (typeof PERMISSIONS)[number]) => `${p}-${fid}`
export const TOGGLE_PREFIX = 'toggle-group-'

/** 'on' (a checked box) or '1'/'true' count as checked. */
const checked = (form: FormData, name: string) => {
  const v = form.get(name)
  return v === 'on' || v === '1' || v === 'true'
}

/**
 * The posted form → the editor's state, for every feature of the catalogue (a feature whose boxes
 * were not sent is inactive with no permissions). An inactive menu's permissions are never granted,
 * whatever was sent for them.
 */
export function stateFromForm(groups: MenuKategori[], form: FormData): AksesState {
  return readBoxes(groups, (name) => checked(form, name), true)
}

/**
 * The editor's boxes as they stand in the page → its state: what was ticked before the page's
 * scripts ran (a slow network) is taken into the state once they run. Unlike the posted form, an
 * inactive menu keeps its ticked permissions here, as the editor keeps them until it is saved.
 */
export function stateFromBoxes(groups: MenuKategori[], isTicked: (name: string) => boolean): AksesState {
  return readBoxes(groups, isTicked, false)
}

function readBoxes(groups: MenuKategori[], isTicked: (name: string) => boolean, inactiveDropsPermissions: boolean): AksesState {
  const state: AksesState = {}
  for (const g of groups) {
    for (const f of g.fiturs) {
      const active = isTicked(activeName(f.id))
      const s = { active } as FeatureState
      for (const p of PERMISSIONS) s[p] = (active || !inactiveDropsPermissions) && isTicked(permName(f.id, p))
      state[f.id] = s
    }
  }
  return state
}

/** Is every menu of the group active (the category checkbox is checked only then)? */
export function groupAllActive(group: MenuKategori, state: AksesState): boolean {
  return group.fiturs.length > 0 && group.fiturs.every((f) => state[f.id]?.active)
}

/** The category toggle: all on when any is off, else all off. Permissions stay as they were. */
export function toggleGroup(group: MenuKategori, state: AksesState): AksesState {
  const on = !groupAllActive(group, state)
  const next: AksesState = { ...state }
  for (const f of group.fiturs) next[f.id] = { ...(state[f.id] ?? emptyFeature()), active: on }
  return next
}

export const emptyFeature = (): FeatureState => {
  const s = { active: false } as FeatureState
  for (const p of PERMISSIONS) s[p] = false
  return s
}

/** The group a `toggle-group-<kategori>` intent names, or null. */
export function groupOfIntent(groups: MenuKategori[], intent: string | null): MenuKategori | null {
  if (!intent?.startsWith(TOGGLE_PREFIX)) return null
  const name = intent.slice(TOGGLE_PREFIX.length)
  return groups.find((g) => g.kategori === name) ?? null
}

export const AKSES_SELF_LOCKOUT =
  'Anda tidak dapat mencabut akses Anda sendiri ke menu Hak Akses (Select dan Update harus tetap dicentang). Tidak ada yang disimpan.'

/**
 * Would this state take away the editing user's own access to Hak Akses (its Select or the
 * Update permission the editor needs)? Only asked when the user edits their own grants.
 */
export function locksOutOfAkses(groups: MenuKategori[], state: AksesState): boolean {
  const akses = groups.flatMap((g) => g.fiturs).filter((f) => menuPathOfFeature(f.nama) === '/admin/akses')
  if (akses.length === 0) return false
  return !akses.some((f) => state[f.id]?.active && state[f.id]?.update)
}

/** Case-insensitive match of the menu search on the feature or its category (spec: 'filters by feature or menu name'). */
export function featureMatches(q: string, kategori: string, nama: string): boolean {
  const needle = q.trim().toLocaleLowerCase('id-ID')
  if (!needle) return true
  return nama.toLocaleLowerCase('id-ID').includes(needle) || kategori.toLocaleLowerCase('id-ID').includes(needle)
}
