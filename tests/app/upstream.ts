/**
 * The reference api asked directly (the `app` project's embedded api): records made for the tests
 * and what the upstream really stored. The same helpers as tests/e2e/fixtures.ts and
 * master-support.ts, without Playwright.
 */
import { expect } from 'vitest'
import { PERMISSIONS, type Permission } from '../../app/lib/grants'
import { grantRecords } from '../grants-records'
import { PNG_1PX } from '../png-1px'
import { ADMIN, API_URL } from './http'

/** A name no other test uses (tests share one database). */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

let adminToken: Promise<string> | null = null
/** The admin's api token, one login for the file (no test here revokes it). */
function token() {
  adminToken ??= fetch(`${API_URL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(ADMIN),
  }).then(async (res) => ((await res.json()) as { token: string }).token)
  return adminToken
}

export type Up = {
  get: (p: string) => Promise<{ status: number; json: any }> // eslint-disable-line @typescript-eslint/no-explicit-any
  post: (p: string, j?: unknown) => Promise<{ status: number; json: any }> // eslint-disable-line @typescript-eslint/no-explicit-any
  put: (p: string, j?: unknown) => Promise<{ status: number; json: any }> // eslint-disable-line @typescript-eslint/no-explicit-any
  del: (p: string) => Promise<{ status: number; json: any }> // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The reference api as the admin: JSON in, JSON out. */
export async function upstream(): Promise<Up> {
  const bearer = await token()
  const call = async (method: string, path: string, json?: unknown) => {
    const r = await fetch(`${API_URL}${path}`, {
      method,
      headers: { Accept: 'application/json', Authorization: `Bearer ${bearer}`, ...(json ? { 'Content-Type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    })
    return { status: r.status, json: (await r.json().catch(() => null)) as any } // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  return {
    get: (p) => call('GET', p),
    post: (p, j) => call('POST', p, j),
    put: (p, j) => call('PUT', p, j),
    del: (p) => call('DELETE', p),
  }
}

// ---- users and grants ------------------------------------------------------------------------------

/** POST /api/karyawan/add as multipart (with an ID-card photo, ktp.png, when `photo`). */
export async function createKaryawan(
  fields: Record<string, string>,
  opts: { photo?: boolean } = {},
): Promise<{ id: number; gambar: string | null }> {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  if (opts.photo) form.append('gambar', new Blob([new Uint8Array(PNG_1PX)], { type: 'image/png' }), 'ktp.png')
  const r = await fetch(`${API_URL}/api/karyawan/add`, {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${await token()}` },
    body: form,
  })
  expect(r.status, 'POST /api/karyawan/add').toBe(201)
  return ((await r.json()) as { data: { id: number; gambar: string | null } }).data
}

/** A user with an employee and a password, made in the api; kode_user has no spaces. */
export async function createUser(kodePrefix: string, password = 'rahasia-123') {
  const kode_user = `${kodePrefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const k = await createKaryawan({ nama_lengkap: `Karyawan ${kode_user}` })
  const r = await (await upstream()).post('/api/user/add', { karyawan_id: k.id, kode_user, nama_user: `Nama ${kode_user}`, password })
  expect(r.status, 'POST /api/user/add').toBe(201)
  return { user: r.json.data as { id: number; kode_user: string }, karyawan: { id: k.id, nama_lengkap: `Karyawan ${kode_user}` }, password }
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
    menus[id!] = 1
    permissions[id!] = Object.fromEntries(PERMISSIONS.map((p) => [`can_${p}`, perms.includes(p) ? 1 : 0]))
  }
  const r = await (await upstream()).post(`/api/akses/${userId}/update`, { menus, permissions })
  expect(r.status).toBe(200)
}

// ---- departments ---------------------------------------------------------------------------------

/** Creates departments straight in the reference api (in this order), returning what it stored. */
export async function createDepartemen(...names: string[]): Promise<{ id: number; nama: string }[]> {
  const api = await upstream()
  const out: { id: number; nama: string }[] = []
  for (const nama of names) {
    const r = await api.post('/api/departemen', { nama })
    expect(r.status, `POST /api/departemen ${nama}`).toBe(201)
    out.push(r.json.data as { id: number; nama: string })
  }
  return out
}

export async function deleteDepartemen(...ids: number[]) {
  const api = await upstream()
  for (const id of ids) await api.del(`/api/departemen/${id}`)
}
