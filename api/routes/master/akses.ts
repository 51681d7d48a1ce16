import { Hono } from 'hono'
import type { ApiEnv, DB } from '../../types.ts'
import { recordAudit } from '../../audit.ts'
import { idParam, invalid, notFound, readBody } from '../../http.ts'
import { forUpdate } from '../../sql.ts'
import { readAllJson, readOne } from './resource.ts'

/**
 * Hak akses: per-user grants on the feature catalogue (menu_fitur, api/menu-catalogue.ts).
 *   GET  /api/akses            → [{id, kode_user, karyawan: {nama_lengkap} | null}]   (one row per user)
 *   GET  /api/akses/{id}/edit  → {user, menufiturs: {kategori: [{id, nama, kategori}]}, userMenu: {id: grant}}
 *   POST /api/akses/{id}/update {menus: {id: 1}, permissions: {id: {can_*: 0|1}}} → {message}
 */

/** The ten permission flags of a grant, as the columns of akses are named: the api's one list of them. */
export const PERMISSION_FLAGS = [
  'can_create',
  'can_update',
  'can_delete',
  'can_show',
  'can_posting',
  'can_unpost',
  'can_posting_all',
  'can_unpost_all',
  'can_search',
  'can_print',
] as const
type Flag = (typeof PERMISSION_FLAGS)[number]
/** A permission by its name without `can_` (create, update, … print). */
export type Permission = Flag extends `can_${infer P}` ? P : never

const aksesSelect = (db: DB) =>
  db.q
    .selectFrom('users as t')
    .leftJoin('karyawan as k', 'k.id', 't.karyawan_id')
    .select(['t.id', 't.kode_user', 'k.nama_lengkap as karyawan__nama_lengkap'])

async function userOf(db: DB, id: number) {
  const row = await readOne(aksesSelect(db), id)
  if (!row) throw notFound('User')
  return row
}

/** The catalogue in the sidebar's order. */
const catalogue = (db: DB) => db.q.selectFrom('menu_fitur').select(['id', 'nama', 'kategori']).orderBy('urutan').orderBy('id').execute()

/** A user's grant rows: the menu, its active flag and the ten permissions. */
const grantRows = (db: DB, userId: number) =>
  db.q
    .selectFrom('akses')
    .select(['menu_fitur_id', 'active', ...PERMISSION_FLAGS])
    .where('user_id', '=', userId)
    .orderBy('menu_fitur_id')
    .execute()

/** 1, '1', true, 'true', 'on' → 1; 0, '0', false, 'false', '', null → 0; anything else → null (invalid). */
function flagValue(v: unknown): 0 | 1 | null {
  if (v === 1 || v === true || v === '1' || v === 'true' || v === 'on') return 1
  if (v === 0 || v === false || v === '0' || v === 'false' || v === '' || v === null || v === undefined) return 0
  return null
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/** The names a grant's parts carry in the audit trail: 'select' (the menu's active flag), then the ten permissions. */
export type GrantPart = 'select' | Permission

/** A user's stored grants: menu id → the parts held (an inactive menu holds nothing). */
async function grantsByMenu(db: DB, userId: number): Promise<Map<number, Set<GrantPart>>> {
  const rows = await grantRows(db, userId)
  const held = new Map<number, Set<GrantPart>>()
  for (const row of rows) {
    if (!row.active) continue
    const parts = new Set<GrantPart>(['select'])
    for (const flag of PERMISSION_FLAGS) if (row[flag]) parts.add(flag.slice(4) as GrantPart)
    held.set(row.menu_fitur_id, parts)
  }
  return held
}

/**
 * What changed per menu, in catalogue order: [{menu_fitur_id, menu, kategori, granted: [...], revoked: [...]}]
 * with the parts in the order select, create … print. Menus that did not change are left out.
 */
async function grantDiff(db: DB, before: Map<number, Set<GrantPart>>, after: Map<number, Set<GrantPart>>) {
  const order: GrantPart[] = ['select', ...PERMISSION_FLAGS.map((f) => f.slice(4) as GrantPart)]
  const features = await catalogue(db)
  const changes: { menu_fitur_id: number; menu: string; kategori: string; granted: GrantPart[]; revoked: GrantPart[] }[] = []
  for (const f of features) {
    const was = before.get(f.id) ?? new Set<GrantPart>()
    const is = after.get(f.id) ?? new Set<GrantPart>()
    const granted = order.filter((p) => is.has(p) && !was.has(p))
    const revoked = order.filter((p) => was.has(p) && !is.has(p))
    if (granted.length || revoked.length) changes.push({ menu_fitur_id: f.id, menu: f.nama, kategori: f.kategori, granted, revoked })
  }
  return changes
}

export function aksesRoutes() {
  const r = new Hono<ApiEnv>()

  r.get('/akses', async (c) =>
    c.body(await readAllJson(c.get('db'), aksesSelect(c.get('db'))), 200, { 'Content-Type': 'application/json' }),
  )

  r.get('/akses/:id/edit', async (c) => {
    const db = c.get('db')
    const id = idParam(c, 'id', 'User')
    const user = await userOf(db, id)
    const features = await catalogue(db)
    // Keys in sidebar order: a kategori appears where its first feature does.
    const menufiturs: Record<string, { id: number; nama: string; kategori: string }[]> = {}
    for (const f of features) (menufiturs[f.kategori] ??= []).push(f)
    const grants = await grantRows(db, id)
    const userMenu = Object.fromEntries(grants.map((g) => [String(g.menu_fitur_id), g]))
    return c.json({ user, menufiturs, userMenu })
  })

  r.post('/akses/:id/update', async (c) => {
    const db = c.get('db')
    const id = idParam(c, 'id', 'User')
    await userOf(db, id)
    const body = await readBody(c)
    const menus = body.menus
    const permissions = body.permissions ?? {}
    const errors: Record<string, string[]> = {}
    // menus is required (an empty object revokes every grant), so an empty or unreadable body
    // never wipes a user's rights by accident.
    if (menus === undefined) errors.menus = ['menus wajib dikirim (objek {id_menu: 1}).']
    else if (!isPlainObject(menus)) errors.menus = ['menus harus berupa objek {id_menu: 1}.']
    if (!isPlainObject(permissions)) errors.permissions = ['permissions harus berupa objek {id_menu: {can_create: 0|1, …}}.']
    if (Object.keys(errors).length > 0) throw invalid(errors)
    const menuMap = menus as Record<string, unknown>
    const permissionMap = permissions as Record<string, unknown>

    const known = new Set((await db.q.selectFrom('menu_fitur').select('id').execute()).map((f) => String(f.id)))
    const active = new Map<number, Record<Flag, 0 | 1>>()
    for (const [key, value] of Object.entries(menuMap)) {
      if (!known.has(key)) {
        ;(errors[`menus.${key}`] ??= []).push(`Menu fitur ${key} tidak dikenal.`)
        continue
      }
      const on = flagValue(value)
      if (on === null) (errors[`menus.${key}`] ??= []).push('Nilai menu harus 0 atau 1.')
      if (on !== 1) continue
      const given = permissionMap[key]
      if (given !== undefined && !isPlainObject(given)) {
        ;(errors[`permissions.${key}`] ??= []).push('Izin menu harus berupa objek.')
        continue
      }
      const flags = {} as Record<Flag, 0 | 1>
      for (const flag of PERMISSION_FLAGS) {
        const v = flagValue(given?.[flag])
        if (v === null) (errors[`permissions.${key}.${flag}`] ??= []).push('Nilai izin harus 0 atau 1.')
        flags[flag] = v ?? 0
      }
      active.set(Number(key), flags)
    }
    for (const key of Object.keys(permissionMap)) {
      if (!known.has(key)) (errors[`permissions.${key}`] ??= []).push(`Menu fitur ${key} tidak dikenal.`)
    }
    if (Object.keys(errors).length > 0) throw invalid(errors)

    // Replace every grant: active features with their flags; every other feature has no grant
    // (inactive, all flags 0).
    await db.tx(async () => {
      // The user's row locked first: two saves of one user's grants run one after the other, each
      // diffing against what the other stored (the audit trail's before and after stay true).
      const locked = await db.q.selectFrom('users').select('id').where('id', '=', id).$call(forUpdate(db)).executeTakeFirst()
      if (!locked) throw notFound('User')
      const before = await grantsByMenu(db, id)
      await db.q.deleteFrom('akses').where('user_id', '=', id).execute()
      if (active.size) {
        await db.q
          .insertInto('akses')
          .values([...active].map(([menuId, flags]) => ({ user_id: id, menu_fitur_id: menuId, active: 1, ...flags })))
          .execute()
      }
      // Who changed whose rights, and what: recorded with the change (a save that changes nothing is no change).
      const perubahan = await grantDiff(db, before, await grantsByMenu(db, id))
      if (perubahan.length)
        await recordAudit(db, c.get('user'), { entitas: 'akses', entitasId: id, aksi: 'akses_diubah', detail: { perubahan } })
    })
    return c.json({ message: 'Akses berhasil diperbarui!' })
  })

  return r
}
