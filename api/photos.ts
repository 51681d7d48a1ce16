import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Context } from 'hono'
import { sql } from 'kysely'
import type { Schema } from './schema.ts'
import { grantsOfUser, holds, NO_MENU_ACCESS, NO_PERMISSION, type Permission } from './grants.ts'
import { ApiError } from './http.ts'
import type { ApiEnv, DB } from './types.ts'
import { mimeOfExtension } from './uploads.ts'

/**
 * Every uploaded photo belongs to a record: the tables and columns that hold photo names, and the
 * menu whose screens show them (the Show dialog, and the edit dialog's preview of the current photo).
 */
type PhotoOwner = { [T in keyof Schema]: { table: T; columns: readonly (keyof Schema[T] & string)[]; menu: string } }[keyof Schema]
export const PHOTO_OWNERS: readonly PhotoOwner[] = [
  { table: 'karyawan', columns: ['gambar', 'ft_sim'], menu: '/admin/karyawan' },
  { table: 'kendaraan', columns: ['gambar_barcodesolar', 'gambar_stnk'], menu: '/admin/kendaraan' },
  { table: 'stnk', columns: ['gambar'], menu: '/admin/stnk' },
  { table: 'perpanjangan', columns: ['gambar'], menu: '/admin/perpanjangan-stnk' },
]

/** Either of these on the owner's menu shows its photo: Show (the detail dialog) or Update (the edit dialog's preview). */
export const PHOTO_PERMISSIONS: readonly Permission[] = ['show', 'update']

/** The menus of the records that hold `name` in one of their photo columns (none: nobody's photo). */
export async function photoOwnerMenus(db: DB, name: string): Promise<string[]> {
  const menus: string[] = []
  for (const owner of PHOTO_OWNERS) {
    // The table and its columns come from PHOTO_OWNERS (typed by the Schema), the name is a parameter.
    const where = sql.join(
      owner.columns.map((column) => sql`${sql.ref(column)} = ${name}`),
      sql` OR `,
    )
    const found = await sql<{ found: number }>`SELECT 1 AS found FROM ${sql.table(owner.table)} WHERE ${where} LIMIT 1`.execute(db.q)
    if (found.rows.length) menus.push(owner.menu)
  }
  return menus
}

const NOT_FOUND = 'File tidak ditemukan.'

/**
 * GET /storage/uploads/{name}, after requireToken: the photo only to a user holding Select + Show
 * (or Update) on the menu of a record that holds it; a name no record holds is 404. Never cached by
 * anyone but the browser that asked, never read as anything but the image it is.
 */
export async function servePhoto(c: Context<ApiEnv>, uploadsDir: string) {
  const name = c.req.param('name') ?? ''
  const mime = mimeOfExtension(name)
  if (!/^[\w.-]{1,200}$/.test(name) || name.startsWith('.') || !mime) throw new ApiError(404, NOT_FOUND)
  const db = c.get('db')
  const menus = await photoOwnerMenus(db, name)
  if (menus.length === 0) throw new ApiError(404, NOT_FOUND)
  const grants = await grantsOfUser(db, c.get('user').id)
  if (!PHOTO_PERMISSIONS.some((perm) => holds(grants, { menus, perm }))) {
    // Select on an owner's menu but neither permission: "no permission"; else "no access to the menu".
    throw new ApiError(403, holds(grants, { menus, perm: null }) ? NO_PERMISSION : NO_MENU_ACCESS)
  }
  const path = join(uploadsDir, name)
  if (!existsSync(path)) throw new ApiError(404, NOT_FOUND)
  return c.body(readFileSync(path), 200, {
    'Content-Type': mime,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
    'Cache-Control': 'private, no-store',
  })
}
