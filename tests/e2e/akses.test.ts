/**
 * Hak Akses, with
 * JavaScript on and off: the list, the editor (grouped and numbered menus, menu search, Select and
 * the ten permissions, the category toggle), what the upstream stores, and the refusals. A crafted
 * form (the server's rule) is tested over plain HTTP in tests/app/akses.test.ts.
 */
import { PERMISSIONS } from '../../app/lib/grants'
import { expect, test } from './fixtures'
import { createUser, setGrants, storedGrants } from './master-support'
import { APP_URL, flash, holdScripts } from './support'

/** Every permission flag off, as the upstream stores it. */
const FLAGS0 = Object.fromEntries(PERMISSIONS.map((p) => [`can_${p}`, 0]))

test('list: columns, search on kode_user, edit leads to the editor page', async ({ loggedIn: page }) => {
  const { user, karyawan } = await createUser('aksl')
  await page.goto('/admin/akses')
  await expect(page.getByRole('heading', { name: 'Hak Akses', level: 1 })).toBeVisible()
  await expect(page.getByText('Daftar hak akses yang tersedia di sistem')).toBeVisible()
  await expect(page.getByRole('columnheader')).toHaveText([/^No/, /^Kode Akses/, /^Nama Akses/, /^Opsi/])
  await page.getByRole('searchbox', { name: 'Cari user...' }).fill(user.kode_user)
  await page.getByRole('button', { name: 'Cari', exact: true }).click()
  const row = page.getByRole('row').filter({ hasText: user.kode_user })
  await expect(row.getByRole('cell')).toHaveText(['1', user.kode_user, karyawan.nama_lengkap, ''])
  await row.getByRole('link', { name: 'Edit' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/akses/edit/${user.id}`)
  await expect(page.getByRole('heading', { name: 'Edit Hak Akses' })).toBeVisible()
  // Inside the shell, not a dialog.
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('editor: grants chosen are stored as the spec says; banner on /admin/akses', async ({ loggedIn: page }) => {
  const { user } = await createUser('akse')
  await setGrants(user.id, { Karyawan: ['show'] })
  await page.goto(`/admin/akses/edit/${user.id}`)
  // Grouped and numbered.
  const master = page.locator('tbody').filter({ has: page.getByText('Master', { exact: true }) })
  // The Master group's menus of the catalogue (the spec's eleven and Suku Cadang), numbered from 1.
  await expect(master.locator('tr td:first-child')).toHaveText(Array.from({ length: 12 }, (_, i) => String(i + 1)))
  await expect(page.getByRole('checkbox', { name: 'Select Karyawan' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Show Karyawan' })).toBeChecked()
  await page.getByRole('checkbox', { name: 'Select Departemen' }).check()
  await page.getByRole('checkbox', { name: 'Create Departemen' }).check()
  await page.getByRole('checkbox', { name: 'Print Departemen' }).check()
  await page.getByRole('checkbox', { name: 'Select Karyawan' }).uncheck()
  await page.getByRole('button', { name: 'Save Permissions' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/akses`)
  await expect(flash(page, 'Akses berhasil diperbarui!')).toBeAttached()
  expect(await storedGrants(user.id)).toEqual({
    Departemen: expect.objectContaining({ active: 1, ...FLAGS0, can_create: 1, can_print: 1 }),
  })
})

test('an inactive menu: its permissions are shown disabled and never saved as granted', async ({ loggedIn: page, jsEnabled }) => {
  const { user } = await createUser('aksi')
  await page.goto(`/admin/akses/edit/${user.id}`)
  const create = page.getByRole('checkbox', { name: 'Create Supplier' })
  await expect(page.getByRole('checkbox', { name: 'Select Supplier' })).not.toBeChecked()
  if (jsEnabled) {
    await expect(create).toBeDisabled()
    await page.getByRole('checkbox', { name: 'Select Supplier' }).check()
    await expect(create).toBeEnabled()
    await create.check()
    await page.getByRole('checkbox', { name: 'Select Supplier' }).uncheck()
    await expect(create).toBeDisabled()
  } else {
    // Without JS, CSS :has() shows them disabled and they take no clicks.
    await expect(create).toHaveCSS('pointer-events', 'none')
    await expect(create).toHaveCSS('opacity', '0.4')
    await page.getByRole('checkbox', { name: 'Select Supplier' }).check()
    await expect(create).toHaveCSS('pointer-events', 'auto')
  }
})

test('the category checkbox toggles its group (JS at once; without JS a submit that keeps everything)', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const { user } = await createUser('aksg')
  await page.goto(`/admin/akses/edit/${user.id}`)
  // An unsaved change first: it must survive the toggle.
  await page.getByRole('checkbox', { name: 'Select Departemen' }).check()
  await page.getByRole('checkbox', { name: 'Update Departemen' }).check()
  const toggle = jsEnabled
    ? page.getByRole('checkbox', { name: 'Pilih semua Operasional' })
    : page.getByRole('button', { name: 'Pilih semua Operasional' })
  if (jsEnabled) await expect(toggle).not.toBeChecked()
  else await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await toggle.click()
  await expect(page.getByRole('checkbox', { name: 'Select STNK' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Select Perpanjangan STNK' })).toBeChecked()
  if (jsEnabled) await expect(toggle).toBeChecked()
  else await expect(page.getByRole('button', { name: 'Pilih semua Operasional' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('checkbox', { name: 'Select Departemen' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Update Departemen' })).toBeChecked()
  await expect(page).toHaveURL(`${APP_URL}/admin/akses/edit/${user.id}`)
  // Master is not all active: its box is unchecked.
  if (jsEnabled) await expect(page.getByRole('checkbox', { name: 'Pilih semua Master' })).not.toBeChecked()
  else await expect(page.getByRole('button', { name: 'Pilih semua Master' })).toHaveAttribute('aria-pressed', 'false')
  // Nothing is stored until Save Permissions.
  expect(await storedGrants(user.id)).toEqual({})
  await page.getByRole('button', { name: 'Save Permissions' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/akses`)
  expect(Object.keys(await storedGrants(user.id)).sort()).toEqual(['Departemen', 'Perpanjangan STNK', 'STNK'])
  expect((await storedGrants(user.id)).Departemen).toMatchObject({ active: 1, can_update: 1, can_create: 0 })

  // Toggling again turns the whole group off.
  await page.goto(`/admin/akses/edit/${user.id}`)
  await (
    jsEnabled
      ? page.getByRole('checkbox', { name: 'Pilih semua Operasional' })
      : page.getByRole('button', { name: 'Pilih semua Operasional' })
  ).click()
  await expect(page.getByRole('checkbox', { name: 'Select STNK' })).not.toBeChecked()
})

test('Search menu... filters by menu or category name (GET without JS, live with JS); hidden rows are still saved', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const { user } = await createUser('akss')
  await setGrants(user.id, { Departemen: ['show'] })
  await page.goto(`/admin/akses/edit/${user.id}`)
  const box = page.getByRole('searchbox', { name: 'Search menu...' })
  await expect(box).toHaveAttribute('placeholder', 'Search menu...')
  await box.fill('kendaraan')
  if (!jsEnabled) {
    await page.getByRole('button', { name: 'Cari', exact: true }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/akses/edit/${user.id}?q=kendaraan`)
  } else {
    await expect(page).toHaveURL(`${APP_URL}/admin/akses/edit/${user.id}`)
  }
  await expect(page.getByRole('checkbox', { name: 'Select Jenis Kendaraan' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Select Kendaraan', exact: true })).toBeVisible()
  // The category 'Pemeliharaan Kendaraan' matches: its menu shows.
  await expect(page.getByRole('checkbox', { name: 'Select Pemasangan Ban' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Select Departemen' })).toBeHidden()
  await page.getByRole('checkbox', { name: 'Select Kendaraan', exact: true }).check()
  await page.getByRole('button', { name: 'Save Permissions' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/akses`)
  // The hidden Departemen grant was kept.
  expect(Object.keys(await storedGrants(user.id)).sort()).toEqual(['Departemen', 'Kendaraan'])
})

test('Search menu... typed before the scripts have loaded filters once they have (without JS on Cari)', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  await page.goto('/admin/dashboard')
  const { user } = await createUser('aksl')
  const release = await holdScripts(page)
  await page.goto(`/admin/akses/edit/${user.id}`, { waitUntil: 'commit' })
  const box = page.getByRole('searchbox', { name: 'Search menu...' })
  await box.fill('rotasi')
  release()
  if (!jsEnabled) await page.getByRole('button', { name: 'Cari', exact: true }).click()
  await expect(page.getByRole('checkbox', { name: 'Select Rotasi Ban' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Select Departemen' })).toBeHidden()
  await expect(box).toHaveValue('rotasi')
})

test('boxes ticked before the scripts have loaded stay ticked once they have, and are saved', async ({ loggedIn: page, jsEnabled }) => {
  await page.goto('/admin/dashboard')
  const { user } = await createUser('akst')
  const release = await holdScripts(page)
  await page.goto(`/admin/akses/edit/${user.id}`, { waitUntil: 'commit' })
  await page.getByRole('checkbox', { name: 'Select Departemen' }).check()
  await page.getByRole('checkbox', { name: 'Update Departemen' }).check()
  release()
  if (jsEnabled) {
    await expect(page.locator('html[data-hydrated]')).toBeAttached()
    // A render after the scripts took over (another group's toggle) keeps the early ticks.
    await page.getByRole('checkbox', { name: 'Pilih semua Operasional' }).click()
    await expect(page.getByRole('checkbox', { name: 'Select STNK' })).toBeChecked()
  }
  await expect(page.getByRole('checkbox', { name: 'Select Departemen' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Update Departemen' })).toBeChecked()
  await page.getByRole('button', { name: 'Save Permissions' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/akses`)
  expect((await storedGrants(user.id)).Departemen).toMatchObject({ active: 1, can_update: 1, can_create: 0 })
})

test("the editor refuses to take away the current user's own access to Hak Akses; everything kept", async ({ loggedIn: page }) => {
  const admin = (await (await import('./fixtures')).upstream()).get('/api/user')
  const me = ((await admin).json as { id: number; kode_user: string }[]).find((u) => u.kode_user === 'admin')!
  const before = await storedGrants(me.id)
  await page.goto(`/admin/akses/edit/${me.id}`)
  await page.getByRole('checkbox', { name: 'Select Hak Akses' }).uncheck()
  await page.getByRole('checkbox', { name: 'Select Supplier' }).uncheck()
  await page.getByRole('button', { name: 'Save Permissions' }).click()
  await expect(page.getByRole('alert')).toContainText('Anda tidak dapat mencabut akses Anda sendiri ke menu Hak Akses')
  await expect(page).toHaveURL(`${APP_URL}/admin/akses/edit/${me.id}`)
  await expect(page.getByRole('checkbox', { name: 'Select Hak Akses' })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Select Supplier' })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Select Departemen' })).toBeChecked()
  expect(await storedGrants(me.id)).toEqual(before)
})
