/**
 * Data helpers for the Karyawan, User, Hak Akses and grants tests: records made straight in the
 * reference api, and logging in as another user. Only test code.
 */
import type { Page } from '@playwright/test'
import { PERMISSIONS, type Permission } from '../../app/lib/grants'
import { API_URL } from '../../playwright.config'
import { expect, upstream } from './fixtures'
import { grantRecords } from '../grants-records'
import { PNG_1PX } from '../png-1px'

export { PNG_1PX }

export type Karyawan = {
  id: number
  kode_karyawan: string
  nama_lengkap: string
  gender: string | null
  departemen_id: number | null
  departemen: { nama: string } | null
  no_ktp: string | null
  no_sim: string | null
  tanggal_lahir: string | null
  tanggal_gabung: string | null
  telp: string | null
  gmail: string | null
  alamat: string | null
  nama_bank: string | null
  gambar: string | null
  ft_sim: string | null
}

async function adminToken() {
  const r = await fetch(`${API_URL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ kode_user: 'admin', password: 'admin' }),
  })
  return ((await r.json()) as { token: string }).token
}

/** POST /api/karyawan/add as multipart (with an ID-card photo when `photo`). */
export async function createKaryawan(fields: Record<string, string>, opts: { photo?: boolean } = {}): Promise<Karyawan> {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  if (opts.photo) form.append('gambar', new Blob([PNG_1PX], { type: 'image/png' }), 'ktp.png')
  const r = await fetch(`${API_URL}/api/karyawan/add`, {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${await adminToken()}` },
    body: form,
  })
  expect(r.status, 'POST /api/karyawan/add').toBe(201)
  return ((await r.json()) as { data: Karyawan }).data
}

export async function allKaryawan(): Promise<Karyawan[]> {
  const r = await (await upstream()).get('/api/karyawan')
  expect(r.status).toBe(200)
  return r.json as Karyawan[]
}

export const findKaryawan = async (nama: string) => (await allKaryawan()).filter((k) => k.nama_lengkap === nama)

export type User = {
  id: number
  kode_user: string
  nama_user: string | null
  karyawan_id: number | null
  telp: string | null
  alamat: string | null
}

export async function allUsers(): Promise<User[]> {
  const r = await (await upstream()).get('/api/user')
  expect(r.status).toBe(200)
  return r.json as User[]
}

/** A user with an employee and a password, made in the api; kode_user has no spaces. */
export async function createUser(kodePrefix: string, password = 'rahasia-123') {
  const kode_user = `${kodePrefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const k = await createKaryawan({ nama_lengkap: `Karyawan ${kode_user}` })
  const r = await (await upstream()).post('/api/user/add', { karyawan_id: k.id, kode_user, nama_user: `Nama ${kode_user}`, password })
  expect(r.status, 'POST /api/user/add').toBe(201)
  return { user: r.json.data as User, karyawan: k, password }
}

export const { featureIds, storedGrants } = grantRecords(upstream)

/** POST /api/akses/{id}/update: exactly these menus active, with these permissions. */
export async function setGrants(userId: number, grants: Record<string, Permission[]>) {
  const ids = await featureIds(userId)
  const menus: Record<string, 1> = {}
  const permissions: Record<string, Record<string, 0 | 1>> = {}
  for (const [nama, perms] of Object.entries(grants)) {
    const id = ids[nama]
    expect(id, `feature ${nama}`).toBeTruthy()
    menus[id] = 1
    permissions[id] = Object.fromEntries(PERMISSIONS.map((p) => [`can_${p}`, perms.includes(p) ? 1 : 0]))
  }
  const r = await (await upstream()).post(`/api/akses/${userId}/update`, { menus, permissions })
  expect(r.status).toBe(200)
}

/** Logs in through the login screen as any user. */
export async function loginAs(page: Page, kode_user: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Kode User').fill(kode_user)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/admin'))
}

/** The menu entries of the sidebar (every group, collapsed or not), without Dashboard, Update Profile and Logout. */
export async function sidebarMenus(page: Page): Promise<string[]> {
  const texts = await page.getByRole('navigation', { name: 'Menu utama' }).locator('a').allTextContents()
  return texts.map((t) => t.trim()).filter((t) => !['Dashboard', 'Update Profile', 'Logout'].includes(t))
}
