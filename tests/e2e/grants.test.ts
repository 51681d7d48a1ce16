/**
 * Grants enforced by the app (the server's, so once, without JavaScript): a user with
 * partial grants sees exactly the granted menus, an ungranted menu is a 403 page inside the shell,
 * a show-only menu has no add/edit/delete buttons and its add action answers 403.
 */
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'
import { createUser, loginAs, setGrants, sidebarMenus } from './master-support'
import { APP_URL, createDepartemen, findDepartemen, rowOf } from './support'

test('a partly granted user: sidebar, 403 page, show-only Departemen, 403 on its add action', { tag: ONCE }, async ({ page }) => {
  const { user, password, karyawan } = await createUser('grant')
  await setGrants(user.id, { Departemen: ['show'], 'Jenis Kendaraan': ['show', 'create'] })
  const [dep] = await createDepartemen(unique('Dept Grant'))
  await loginAs(page, user.kode_user, password)
  await expect(page.getByTestId('nama-lengkap')).toHaveText(karyawan.nama_lengkap)
  expect(await sidebarMenus(page)).toEqual(['Departemen', 'Jenis Kendaraan'])

  // An ungranted menu: 403 inside the shell, for the list and its dialogs.
  for (const path of ['/admin/karyawan', '/admin/karyawan/tambah', '/admin/akses/edit/1', '/admin/user']) {
    const res = await page.goto(path)
    expect(res?.status(), path).toBe(403)
    await expect(page.getByText('Anda tidak memiliki akses ke menu ini.')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible()
  }

  // Show only: no add, edit or delete.
  await page.goto(`/admin/departemen?q=${encodeURIComponent(dep.nama)}`)
  await expect(rowOf(page, dep.nama)).toHaveCount(1)
  await expect(page.getByRole('link', { name: 'Tambah Departemen' })).toHaveCount(0)
  await expect(rowOf(page, dep.nama).getByRole('link', { name: 'Edit' })).toHaveCount(0)
  await expect(rowOf(page, dep.nama).getByRole('link', { name: 'Hapus' })).toHaveCount(0)
  // …and the actions refuse, checked in the action itself.
  expect((await page.goto('/admin/departemen/tambah'))?.status()).toBe(403)
  const nama = unique('Dept Terlarang')
  const post = await page.request.post('/admin/departemen/tambah', { headers: { Origin: APP_URL }, form: { nama }, maxRedirects: 0 })
  expect(post.status()).toBe(403)
  const del = await page.request.post(`/admin/departemen/${dep.id}/hapus`, { headers: { Origin: APP_URL }, form: {}, maxRedirects: 0 })
  expect(del.status()).toBe(403)
  expect(await findDepartemen(nama)).toEqual([])
  expect(await findDepartemen(dep.nama)).toHaveLength(1)
})

test('a change of grants takes effect on the next page load', { tag: ONCE }, async ({ page }) => {
  const { user, password } = await createUser('grant2')
  await setGrants(user.id, { Departemen: ['show'] })
  await loginAs(page, user.kode_user, password)
  expect(await sidebarMenus(page)).toEqual(['Departemen'])
  await setGrants(user.id, { Karyawan: ['show', 'create'] })
  await page.goto('/admin/dashboard')
  expect(await sidebarMenus(page)).toEqual(['Karyawan'])
  expect((await page.goto('/admin/departemen'))?.status()).toBe(403)
  const res = await page.goto('/admin/karyawan')
  expect(res?.status()).toBe(200)
  await expect(page.getByRole('link', { name: 'Tambah Karyawan' })).toBeVisible()
})

test('an invoice opens with show; its Cetak needs print (README grants table)', { tag: ONCE }, async ({ page, browser }) => {
  const api = await upstream()
  const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]!
  const beli = await api.post('/api/pembelian-ban/add', {
    supplier_id: supplier.id,
    ban: [{ no_seri: unique('CTK').replace(/\s/g, ''), harga: 1000 }],
  })
  const path = `/admin/pembelian-detail/${beli.json.data.id}`

  const showOnly = await createUser('lihat')
  await setGrants(showOnly.user.id, { 'Pembelian Ban': ['show'] })
  await loginAs(page, showOnly.user.kode_user, showOnly.password)
  expect((await page.goto(path))?.status()).toBe(200)
  await expect(page.getByRole('article', { name: 'Faktur Pembelian Ban' })).toBeVisible()
  await expect(page.getByText('Cetak', { exact: true })).toHaveCount(0)

  const printer = await createUser('cetak')
  await setGrants(printer.user.id, { 'Pembelian Ban': ['show', 'print'] })
  const other = await browser.newPage()
  await loginAs(other, printer.user.kode_user, printer.password)
  expect((await other.goto(path))?.status()).toBe(200)
  await expect(other.getByText('Cetak', { exact: true })).toBeVisible()
  await other.close()

  // Select alone (no show): refused.
  const selectOnly = await createUser('pilih')
  await setGrants(selectOnly.user.id, { 'Pembelian Ban': [] })
  const third = await browser.newPage()
  await loginAs(third, selectOnly.user.kode_user, selectOnly.password)
  expect((await third.goto(path))?.status()).toBe(403)
  await third.close()
})
