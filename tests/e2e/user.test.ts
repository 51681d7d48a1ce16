/**
 * User, with JavaScript on and off: list and search on
 * kode_user, 'Tambah User' with an employee and an initial password (the new user can log in),
 * validation, the server's message, and delete.
 */
import { expect, test, unique } from './fixtures'
import { allUsers, createKaryawan, createUser, loginAs, sidebarMenus } from './master-support'
import { flash, rowOf } from './support'

const q = (s: string) => `q=${encodeURIComponent(s).replace(/%20/g, '+')}`
const kode = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const karyawanChoice = (page: import('@playwright/test').Page) => page.getByRole('combobox', { name: /^Karyawan/ })

test('list: columns, search on kode_user, delete is the only row action', async ({ loggedIn: page }) => {
  const { user } = await createUser('cari')
  await page.goto('/admin/user')
  await expect(page.getByRole('heading', { name: 'User', level: 1 })).toBeVisible()
  await expect(page.getByRole('columnheader')).toHaveText([/^No/, /^Kode User/, /^Nama User/, /^QrCode/, /^Opsi/])
  await page.getByRole('searchbox', { name: 'Cari user...' }).fill(user.kode_user.toUpperCase())
  await page.getByRole('button', { name: 'Cari', exact: true }).click()
  await expect(page.getByText('1 data', { exact: true })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: user.kode_user })
  await expect(row.getByRole('cell').nth(2)).toHaveText(user.nama_user!)
  await expect(row.getByRole('link')).toHaveText([''])
  await expect(row.getByRole('link', { name: 'Hapus' })).toBeVisible()
  // Not by name.
  await page.goto(`/admin/user?${q(user.nama_user!)}`)
  await expect(page.getByText('Tidak ada data.')).toBeVisible()
})

test('add with a password: stored with the employee, banner, and the new user can log in', async ({
  loggedIn: page,
  browser,
  jsEnabled,
}) => {
  const k = await createKaryawan({ nama_lengkap: unique('Karyawan User'), telp: '0812111', alamat: 'Jl. Satu' })
  const kodeUser = kode('baru')
  await page.goto('/admin/user')
  await page.getByRole('link', { name: 'Tambah User' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tambah User' })
  if (jsEnabled) {
    // With JS the choice is searchable by typing.
    await dialog.getByRole('searchbox', { name: 'Cari Karyawan' }).fill(k.nama_lengkap)
    await expect(karyawanChoice(page).locator('option')).toHaveCount(2)
  }
  await karyawanChoice(page).selectOption(String(k.id))
  if (jsEnabled) await expect(dialog.getByLabel('Nama User')).toHaveValue(k.nama_lengkap)
  await dialog.getByLabel('Kode User').fill(kodeUser)
  await dialog.getByLabel(/^Password/).fill('rahasia-baru-1')
  await dialog.getByLabel('Ulangi Password').fill('rahasia-baru-1')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(flash(page, 'User berhasil ditambahkan!')).toBeAttached()
  const banner = await flash(page, 'berhasil ditambahkan').textContent()
  expect(banner).toContain('User  berhasil ditambahkan!')
  const [u] = (await allUsers()).filter((x) => x.kode_user === kodeUser)
  expect(u).toMatchObject({ karyawan_id: k.id, nama_user: k.nama_lengkap, telp: '0812111', alamat: 'Jl. Satu' })

  const other = await browser.newContext({ javaScriptEnabled: jsEnabled })
  try {
    const p2 = await other.newPage()
    await loginAs(p2, kodeUser, 'rahasia-baru-1')
    await expect(p2).toHaveURL(/\/admin\/dashboard/)
    await expect(p2.getByTestId('nama-lengkap')).toHaveText(k.nama_lengkap)
    // No grants yet: no menu of the groups.
    expect(await sidebarMenus(p2)).toEqual([])
  } finally {
    await other.close()
  }
})

test('validation: employee required, password rules; values kept, nothing stored', async ({ loggedIn: page }) => {
  const kodeUser = kode('val')
  await page.goto('/admin/user/tambah')
  const dialog = page.getByRole('dialog', { name: 'Tambah User' })
  await dialog.getByLabel('Kode User').fill(kodeUser)
  await dialog.getByLabel('Telepon').fill('0800')
  await dialog.getByLabel(/^Password/).fill('pendek')
  await dialog.getByLabel('Ulangi Password').fill('lain')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(dialog.getByText('Silakan pilih karyawan terlebih dahulu!')).toBeVisible()
  await expect(dialog.getByText('Password minimal 8 karakter.', { exact: true })).toBeVisible()
  await expect(dialog.getByText('Konfirmasi password tidak sama.')).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Tambah User' }).getByLabel('Kode User')).toHaveValue(kodeUser)
  await expect(page.getByRole('dialog', { name: 'Tambah User' }).getByLabel('Telepon')).toHaveValue('0800')
  expect((await allUsers()).filter((x) => x.kode_user === kodeUser)).toEqual([])
})

test("the server's message: a kode_user already taken", async ({ loggedIn: page }) => {
  const { user } = await createUser('dup')
  const k = await createKaryawan({ nama_lengkap: unique('Karyawan Dup') })
  await page.goto('/admin/user/tambah')
  const dialog = page.getByRole('dialog', { name: 'Tambah User' })
  await karyawanChoice(page).selectOption(String(k.id))
  await dialog.getByLabel('Kode User').fill(user.kode_user)
  await dialog.getByLabel(/^Password/).fill('rahasia-123')
  await dialog.getByLabel('Ulangi Password').fill('rahasia-123')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(page.getByText('Kode user sudah digunakan.').first()).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Tambah User' }).getByLabel('Kode User')).toHaveValue(user.kode_user)
  expect((await allUsers()).filter((x) => x.kode_user === user.kode_user)).toHaveLength(1)
})

test('delete: confirmation, Dihapus!, gone upstream', async ({ loggedIn: page }) => {
  const { user } = await createUser('hapus')
  await page.goto(`/admin/user?${q(user.kode_user)}`)
  await rowOf(page, user.nama_user!).getByRole('link', { name: 'Hapus' }).click()
  await expect(page.getByText('Data user ini akan dihapus secara permanen!')).toBeVisible()
  await page.getByRole('button', { name: 'Ya, hapus!' }).click()
  await expect(flash(page, 'Dihapus!')).toBeAttached()
  expect((await allUsers()).find((x) => x.id === user.id)).toBeUndefined()
})
