/**
 * The grants on the screens of this part: a user with only Supplier (show) and
 * Kendaraan (create) sees only the buttons granted; the other actions answer 403 in the action too,
 * and a menu without Select answers 403. The server's refusals: once, without JavaScript.
 */
import { PERMISSIONS } from '../../app/lib/grants'
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'
import { APP_URL, rowOf } from './support'

const PASSWORD = 'rahasia-uji-123'
const FLAGS = PERMISSIONS.map((p) => `can_${p}`)

async function partialUser(grants: Record<string, string[]>) {
  const api = await upstream()
  const kodeUser = unique('sebagian').replace(' ', '')
  const karyawan = await api.post('/api/karyawan/add', { nama_lengkap: `Karyawan ${kodeUser}` })
  expect(karyawan.status).toBe(201)
  const user = await api.post('/api/user/add', {
    karyawan_id: karyawan.json.data.id,
    kode_user: kodeUser,
    nama_user: kodeUser,
    password: PASSWORD,
  })
  expect(user.status).toBe(201)
  const id = user.json.data.id as number
  const edit = await api.get(`/api/akses/${id}/edit`)
  const features = Object.values(edit.json.menufiturs as Record<string, { id: number; nama: string }[]>).flat()
  const menus: Record<string, 1> = {}
  const permissions: Record<string, Record<string, 0 | 1>> = {}
  for (const [nama, flags] of Object.entries(grants)) {
    const f = features.find((x) => x.nama === nama)!
    menus[f.id] = 1
    permissions[f.id] = Object.fromEntries(FLAGS.map((flag) => [flag, flags.includes(flag) ? 1 : 0]))
  }
  expect((await api.post(`/api/akses/${id}/update`, { menus, permissions })).status).toBe(200)
  return kodeUser
}

test('only the granted buttons show; a refused action answers 403 and changes nothing', { tag: ONCE }, async ({ page }) => {
  const kodeUser = await partialUser({ Supplier: ['can_show'], Kendaraan: ['can_create'] })
  const sup = (await (await upstream()).post('/api/supplier/add', { nama_supp: unique('PT Izin') })).json.data
  await page.goto('/login')
  await page.getByLabel('Kode User').fill(kodeUser)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/admin'))

  await page.goto(`/admin/supplier?q=${encodeURIComponent(sup.nama_supp)}`)
  await expect(page.getByRole('link', { name: 'Tambah Supplier' })).toHaveCount(0)
  const row = rowOf(page, sup.nama_supp)
  await expect(row.getByRole('link', { name: 'Detail' })).toBeVisible()
  await expect(row.getByRole('link', { name: 'Edit' })).toHaveCount(0)
  await expect(row.getByRole('link', { name: 'Hapus' })).toHaveCount(0)
  await row.getByRole('link', { name: 'Detail' }).click()
  await expect(page.getByRole('dialog', { name: 'Detail Supplier' })).toBeVisible()

  expect((await page.goto(`/admin/supplier/${sup.id}/edit`))?.status()).toBe(403)
  await expect(page.getByText('Anda tidak memiliki izin untuk tindakan ini.')).toBeVisible()
  const post = await page.request.post(`${APP_URL}/admin/supplier/${sup.id}/hapus`, {
    form: { intent: 'hapus' },
    headers: { Origin: APP_URL },
    maxRedirects: 0,
  })
  expect(post.status()).toBe(403)
  expect(((await (await upstream()).get('/api/supplier')).json as { id: number }[]).some((s) => s.id === sup.id)).toBe(true)

  await page.goto('/admin/kendaraan')
  await expect(page.getByRole('link', { name: 'Tambah Kendaraan' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Detail' })).toHaveCount(0)

  for (const path of ['/admin/ukuran', '/admin/typban/tambah', '/admin/jenis_kendaraan']) {
    expect((await page.goto(path))?.status(), path).toBe(403)
    await expect(page.getByText('Anda tidak memiliki akses ke menu ini.')).toBeVisible()
  }
})
