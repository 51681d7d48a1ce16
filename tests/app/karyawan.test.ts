/**
 * Karyawan as the server applies it (plain HTTP, no browser): a karyawan a user belongs to is not
 * deleted. The list, the dialogs, photos, validation and delete stay in tests/e2e/karyawan.test.ts,
 * both ways.
 */
import { expect, test } from 'vitest'
import { ADMIN, loginAs } from './http'
import { alerts, links, openPage, page, rowsWith, submit } from './html'
import { createKaryawan, unique, upstream } from './upstream'

const q = (s: string) => `q=${encodeURIComponent(s).replace(/%20/g, '+')}`

test('a karyawan a user belongs to is not deleted: the dialog says so, the user keeps it', async () => {
  const admin = await loginAs(ADMIN.kode_user, ADMIN.password)
  const nama = unique('Karyawan Berakun')
  const k = await createKaryawan({ nama_lengkap: nama })
  const api = await upstream()
  const user = await api.post('/api/user/add', { karyawan_id: k.id, kode_user: unique('akun').replace(/\s+/g, '.') })
  expect(user.status).toBe(201)
  const list = await openPage(admin, `/admin/karyawan?${q(nama)}`)
  const href = links(rowsWith(list, nama)[0]!, 'Hapus')[0]?.getAttribute('href')
  expect(href, 'the row’s Hapus link').toBeTruthy()
  let res = await submit(admin, await openPage(admin, href!), 'Ya, hapus!', href!)
  // Without JavaScript the refusal comes back on the page the redirect leads to.
  if (res.status >= 300 && res.status < 400) res = await admin.get(res.headers.get('location')!)
  const refused = alerts(page(res)).filter((t) => t.includes('Error!'))
  expect(refused).toHaveLength(1)
  expect(refused[0]).toContain('Karyawan tidak dapat dihapus karena masih digunakan oleh 1 user.')
  expect(((await api.get('/api/karyawan')).json as { id: number }[]).find((x) => x.id === k.id)).toBeDefined()
  const users = (await api.get('/api/user')).json as { id: number; karyawan_id: number | null }[]
  expect(users.find((u) => u.id === user.json.data.id)?.karyawan_id).toBe(k.id)
})
