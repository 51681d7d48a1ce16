import { z } from 'zod'
import { arrayOf, flag, id, isRecord, nested, optionalId, text, textOrEmpty } from '../normalize'
import { firstText, karyawanRef } from './refs'
import type { AksesState, FeatureState, MenuKategori } from '../../lib/akses-form'
import { PERMISSIONS, type Permission } from '../../lib/grants'

/** GET /api/akses: one row per user. */
export const aksesRowSchema = z.object({ id, kode_user: textOrEmpty, karyawan: karyawanRef })
export type AksesRow = z.infer<typeof aksesRowSchema>

/** The ten action flags of a feature, as the upstream names them: `can_` and the app's name, same order. */
export const CAN_FLAGS = PERMISSIONS.map((p): `can_${Permission}` => `can_${p}`)
export type CanFlag = `can_${Permission}`

// The app's names of the same ten permissions, in the same order.
export { PERMISSIONS, type Permission }
export type { AksesState, FeatureState, MenuKategori }

/** One feature's grant: active and the ten flags, all booleans. */
export const grantSchema = z.object({
  active: flag,
  can_create: flag,
  can_update: flag,
  can_delete: flag,
  can_show: flag,
  can_posting: flag,
  can_unpost: flag,
  can_posting_all: flag,
  can_unpost_all: flag,
  can_search: flag,
  can_print: flag,
})
export type Grant = z.infer<typeof grantSchema>

/** A feature of the catalogue: its name under `nama` (or `nama_fitur` / `name`). */
const fiturSchema = z.preprocess(
  (v) => (isRecord(v) ? { ...v, nama: firstText(v.nama, v.nama_fitur, v.name) } : v),
  z.object({ id, nama: textOrEmpty }),
)
export type Fitur = z.infer<typeof fiturSchema>

export const FALLBACK_KATEGORI = 'Lainnya'

const kategoriOf = (f: Record<string, unknown>): string =>
  firstText(f.kategori, f.category, isRecord(f.menu) ? firstText(f.menu.nama, f.menu.name, f.menu.kategori) : f.menu) ?? FALLBACK_KATEGORI

/**
 * menufiturs → `[{kategori, fiturs: [{id, nama}]}]` in the upstream's order. Accepted forms:
 * - an object keyed by category (the reference api), each value an array of features — or an object
 *   of features keyed by index, as Laravel's groupBy serialises groups after the first;
 * - a flat array (or index-keyed object) of features carrying their category in `kategori`, `category` or `menu` (text or an
 *   object with `nama`), grouped here in first-seen order; a feature with none goes to 'Lainnya';
 * - `[]`, `{}` or null: no features.
 */
export const menufitursSchema = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return []
    // A flat list serialised as an object keyed by index ({"0": {...}, "3": {...}}) is a flat list.
    if (isRecord(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => /^\d+$/.test(k))) {
      v = Object.values(v)
    }
    if (Array.isArray(v)) {
      const groups = new Map<string, unknown[]>()
      for (const f of v) {
        if (!isRecord(f)) return v // not a feature: let the schema fail
        const k = kategoriOf(f)
        const list = groups.get(k) ?? []
        list.push(f)
        groups.set(k, list)
      }
      return [...groups].map(([kategori, fiturs]) => ({ kategori, fiturs }))
    }
    if (isRecord(v)) return Object.entries(v).map(([kategori, fiturs]) => ({ kategori, fiturs }))
    return v
  },
  z.array(z.object({ kategori: z.string(), fiturs: arrayOf(fiturSchema) })),
)

/**
 * userMenu → `Record<featureId, Grant>`. Accepted forms: an object keyed by feature id (the entry's
 * own `menu_fitur_id` wins over the key when present), or an array of entries each carrying
 * `menu_fitur_id` (an entry without one fails). `[]` (PHP's empty array), `{}` and null: no grants.
 * An entry without an `active` field is active (the upstream stores grants only for granted menus).
 */
export const userMenuSchema = z
  .preprocess(
    (v) => {
      if (v === undefined || v === null) return {}
      let entries: [string, unknown][]
      if (Array.isArray(v)) {
        entries = v.map((e) => [isRecord(e) ? (firstText(e.menu_fitur_id) ?? '') : '', e])
      } else if (isRecord(v)) {
        entries = Object.entries(v).map(([k, e]) => [(isRecord(e) ? firstText(e.menu_fitur_id) : null) ?? k, e])
      } else {
        return v
      }
      return Object.fromEntries(entries.map(([k, e]) => [k, isRecord(e) && !('active' in e) ? { ...e, active: 1 } : e]))
    },
    z.record(z.string().regex(/^\d+$/, 'menu_fitur_id tidak valid'), grantSchema),
  )
  .transform((r) => r as Record<number, Grant>)
export type UserMenu = z.infer<typeof userMenuSchema>

/** GET /api/akses/{userId}/edit. */
export const aksesEditSchema = z.object({
  user: nested(z.object({ id: optionalId, kode_user: text, karyawan: karyawanRef })),
  menufiturs: menufitursSchema,
  userMenu: userMenuSchema,
})
export type AksesEdit = z.infer<typeof aksesEditSchema>

// ---- the editor's state and the save payload -------------------------------------------------------

/** POST /api/akses/{userId}/update body: active menu ids, and their ten flags as 0/1. */
export type AksesPayload = {
  menus: Record<string, 1>
  permissions: Record<string, Record<CanFlag, 0 | 1>>
}

/**
 * The editor's state → the contract's `{menus, permissions}`. Only active features are sent, in
 * both maps (the upstream makes every other feature inactive with all flags 0); an inactive
 * feature's flags are meaningless (its checkboxes are disabled). Missing flags count as false.
 */
export function buildAksesPayload(state: Readonly<Record<number, Readonly<Partial<FeatureState>>>>): AksesPayload {
  const payload: AksesPayload = { menus: {}, permissions: {} }
  for (const [fid, s] of Object.entries(state)) {
    if (!/^\d+$/.test(fid)) throw new Error(`akses: id fitur tidak valid: ${fid}`)
    if (!s?.active) continue
    payload.menus[fid] = 1
    const flags = {} as Record<CanFlag, 0 | 1>
    PERMISSIONS.forEach((p, i) => {
      flags[CAN_FLAGS[i]] = s[p] ? 1 : 0
    })
    payload.permissions[fid] = flags
  }
  return payload
}

/** The editor's starting state from the edit answer: every catalogue feature, granted or not. */
export function aksesStateFromEdit(edit: Pick<AksesEdit, 'menufiturs' | 'userMenu'>): AksesState {
  const state: AksesState = {}
  for (const group of edit.menufiturs) {
    for (const f of group.fiturs) {
      const g = edit.userMenu[f.id]
      const s = { active: g?.active ?? false } as FeatureState
      PERMISSIONS.forEach((p, i) => {
        s[p] = g ? g[CAN_FLAGS[i]] : false
      })
      state[f.id] = s
    }
  }
  return state
}
