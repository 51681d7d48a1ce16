/**
 * Grants enforced by the app, as the server applies them (plain HTTP, no browser): a user with partial
 * grants sees exactly the granted menus, an ungranted menu is a 403 page inside the shell, a show-only
 * menu has no add/edit/delete buttons and its actions answer 403, a change of grants takes effect on
 * the next page, an invoice's Cetak needs print.
 */
import { expect, test } from 'vitest'
import { loginAs, SAME_ORIGIN } from './http'
import { byText, links, named, openPage, page, rowsWith, sidebarMenus, text } from './html'
import { createDepartemen, createUser, setGrants, unique, upstream } from './upstream'

const findDepartemen = async (nama: string) =>
  ((await (await upstream()).get('/api/departemen')).json as { nama: string }[]).filter((d) => d.nama === nama)

test.concurrent('a partly granted user: sidebar, 403 page, show-only Departemen, 403 on its add action', async () => {
  const { user, password, karyawan } = await createUser('grant')
  await setGrants(user.id, { Departemen: ['show'], 'Jenis Kendaraan': ['show', 'create'] })
  const [dep] = await createDepartemen(unique('Dept Grant'))
  const c = await loginAs(user.kode_user, password)
  const dashboard = await openPage(c, '/admin/dashboard')
  expect(text(dashboard.querySelector('[data-testid="nama-lengkap"]'))).toBe(karyawan.nama_lengkap)
  expect(sidebarMenus(dashboard)).toEqual(['Departemen', 'Jenis Kendaraan'])

  // An ungranted menu: 403 inside the shell, for the list and its dialogs.
  for (const path of ['/admin/karyawan', '/admin/karyawan/tambah', '/admin/akses/edit/1', '/admin/user']) {
    const res = await c.get(path)
    expect(res.status, path).toBe(403)
    const doc = page(res)
    expect(text(doc), path).toContain('Anda tidak memiliki akses ke menu ini.')
    expect(named(doc, 'nav', 'Menu utama'), path).toHaveLength(1)
  }

  // Show only: no add, edit or delete.
  const list = await openPage(c, `/admin/departemen?q=${encodeURIComponent(dep!.nama)}`)
  const row = rowsWith(list, dep!.nama)
  expect(row).toHaveLength(1)
  expect(links(list, 'Tambah Departemen')).toHaveLength(0)
  expect(links(row[0]!, 'Edit')).toHaveLength(0)
  expect(links(row[0]!, 'Hapus')).toHaveLength(0)
  // …and the actions refuse, checked in the action itself.
  expect((await c.get('/admin/departemen/tambah')).status).toBe(403)
  const nama = unique('Dept Terlarang')
  const post = await c.post('/admin/departemen/tambah', { headers: SAME_ORIGIN, form: { nama } })
  expect(post.status).toBe(403)
  const del = await c.post(`/admin/departemen/${dep!.id}/hapus`, { headers: SAME_ORIGIN, form: {} })
  expect(del.status).toBe(403)
  expect(await findDepartemen(nama)).toEqual([])
  expect(await findDepartemen(dep!.nama)).toHaveLength(1)
})

test.concurrent('a change of grants takes effect on the next page load', async () => {
  const { user, password } = await createUser('grant2')
  await setGrants(user.id, { Departemen: ['show'] })
  const c = await loginAs(user.kode_user, password)
  expect(sidebarMenus(await openPage(c, '/admin/dashboard'))).toEqual(['Departemen'])
  await setGrants(user.id, { Karyawan: ['show', 'create'] })
  expect(sidebarMenus(await openPage(c, '/admin/dashboard'))).toEqual(['Karyawan'])
  expect((await c.get('/admin/departemen')).status).toBe(403)
  const res = await c.get('/admin/karyawan')
  expect(res.status).toBe(200)
  expect(links(page(res), 'Tambah Karyawan')).toHaveLength(1)
})

test.concurrent('an invoice opens with show; its Cetak needs print (README grants table)', async () => {
  const api = await upstream()
  const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]!
  const beli = await api.post('/api/pembelian-ban/add', {
    supplier_id: supplier.id,
    ban: [{ no_seri: unique('CTK').replace(/\s/g, ''), harga: 1000 }],
  })
  const path = `/admin/pembelian-detail/${beli.json.data.id}`

  const showOnly = await createUser('lihat')
  await setGrants(showOnly.user.id, { 'Pembelian Ban': ['show'] })
  const shown = await (await loginAs(showOnly.user.kode_user, showOnly.password)).get(path)
  expect(shown.status).toBe(200)
  const viewer = page(shown)
  expect(named(viewer, 'article, [role="article"]', 'Faktur Pembelian Ban')).toHaveLength(1)
  expect(byText(viewer, 'Cetak')).toHaveLength(0)

  const printer = await createUser('cetak')
  await setGrants(printer.user.id, { 'Pembelian Ban': ['show', 'print'] })
  const withPrint = await (await loginAs(printer.user.kode_user, printer.password)).get(path)
  expect(withPrint.status).toBe(200)
  const printed = page(withPrint)
  expect(byText(printed, 'Cetak').length).toBeGreaterThan(0)

  // Select alone (no show): refused.
  const selectOnly = await createUser('pilih')
  await setGrants(selectOnly.user.id, { 'Pembelian Ban': [] })
  expect((await (await loginAs(selectOnly.user.kode_user, selectOnly.password)).get(path)).status).toBe(403)
})
