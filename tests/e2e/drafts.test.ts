/**
 * What the user typed survives an ended session: a form sent after the
 * session expired goes to the login, and after login the same form shows the typed values again,
 * for the user whose session it was only. Covers the plain dialog, the purchase dialog (its tyre
 * lines), the access editor (its checkbox grid) and the fitting position dialog. JS on and off.
 * Whose draft it is (another user logging in sees none of it) and a draft too large for its cookie are
 * the server's rules, tested over plain HTTP in tests/app/drafts.test.ts.
 */
import type { Page } from '@playwright/test'
import { expect, test, unique, upstream } from './fixtures'
import { createUser, setGrants, storedGrants } from './master-support'
import { APP_URL, findDepartemen, readSession, writeSession } from './support'
import { loginByRequest } from './request-login'

const RESTORED = 'Sesi Anda sempat berakhir. Data yang Anda ketik telah dipulihkan'

/** Ends the browser's session the way time does (the signed cookie says it expired a second ago). */
async function expireSession(page: Page) {
  const s = await readSession(page.context())
  expect(s?.user, 'a session to expire').toBeTruthy()
  await writeSession(page.context(), { ...s!, expiresAt: Date.now() - 1000 })
}

/** Logs in on the login page the refused form led to; back on the form afterwards. */
async function loginHere(page: Page, path: string, kodeUser: string, password: string) {
  await expect(page).toHaveURL(`${APP_URL}/login?redirectTo=${encodeURIComponent(path)}`)
  await page.getByLabel('Kode User').fill(kodeUser)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname + url.search === path)
}

/** A user who may add a Departemen: A types a name on the add dialog, A's session ends, A presses Simpan. */
async function draftOfA(page: Page, path: string) {
  const a = await createUser('drafta')
  await setGrants(a.user.id, { Departemen: ['show', 'create'] })
  // A types, the session ends, the save is refused and leads to the login.
  await loginByRequest(page, a.user.kode_user, a.password)
  await page.goto(path)
  const secret = unique('Rahasia A')
  await page.getByRole('dialog', { name: 'Tambah Departemen' }).getByLabel('Nama').fill(secret)
  await expireSession(page)
  await page.getByRole('dialog', { name: 'Tambah Departemen' }).getByRole('button', { name: 'Simpan' }).click()
  return { a, secret }
}

test('A types, A’s session ends, A logs back in: A gets it back, once', async ({ page }) => {
  const path = '/admin/departemen/tambah'
  const { a, secret } = await draftOfA(page, path)
  await loginHere(page, path, a.user.kode_user, a.password)
  const dialog = page.getByRole('dialog', { name: 'Tambah Departemen' })
  await expect(dialog.getByLabel('Nama')).toHaveValue(secret)
  await expect(dialog.getByText(RESTORED)).toBeVisible()
  expect(await findDepartemen(secret)).toEqual([])
  // Used once: a reload shows the empty form.
  await page.reload()
  await expect(page.getByRole('dialog', { name: 'Tambah Departemen' }).getByLabel('Nama')).toHaveValue('')
})

test('the purchase dialog gets its supplier and every tyre line back after the login', async ({ page }) => {
  await loginByRequest(page, 'admin', 'admin')
  const api = await upstream()
  const [s] = (await api.get('/api/supplier')).json as { id: number; alamat: string }[]
  const [first, second] = [unique('SDA').replace(/\s/g, ''), unique('SDB').replace(/\s/g, '')]
  const path = '/admin/pembelian-ban/tambah'
  await page.goto(path)
  let dialog = page.getByRole('dialog', { name: 'Tambah Pembelian Ban' })
  await dialog.locator('select[name=supplier_id]').selectOption(String(s.id))
  await dialog.getByLabel('No Seri ban 1').fill(first)
  await dialog.getByLabel('Harga ban 1').fill('1250000')
  await dialog.getByRole('button', { name: 'Tambah Ban' }).click()
  dialog = page.getByRole('dialog', { name: 'Tambah Pembelian Ban' })
  await dialog.getByLabel('No Seri ban 2').fill(second)
  await dialog.getByLabel('Kondisi ban 2').selectOption('BEKAS')
  await dialog.getByLabel('Harga ban 2').fill('750.000')
  await expireSession(page)
  await dialog.getByRole('button', { name: 'Simpan' }).click()

  await loginHere(page, path, 'admin', 'admin')
  dialog = page.getByRole('dialog', { name: 'Tambah Pembelian Ban' })
  await expect(dialog.getByText(RESTORED)).toBeVisible()
  await expect(dialog.locator('select[name=supplier_id]')).toHaveValue(String(s.id))
  await expect(dialog.getByLabel('Alamat')).toHaveValue(s.alamat)
  await expect(dialog.getByLabel('No Seri ban 1')).toHaveValue(first)
  // The price as the dialog shows it (typed without JS as digits only).
  await expect(dialog.getByLabel('Harga ban 1')).toHaveValue('1.250.000')
  await expect(dialog.getByLabel('No Seri ban 2')).toHaveValue(second)
  await expect(dialog.getByLabel('Kondisi ban 2')).toHaveValue('BEKAS')
  await expect(dialog.getByLabel('Harga ban 2')).toHaveValue('750.000')
  await expect(dialog.locator('output')).toHaveText('2.000.000')
  const list = (await api.get('/api/pembelian-ban')).json as { detail_ban: { no_seri: string }[] }[]
  expect(list.some((p) => p.detail_ban.some((l) => l.no_seri === first))).toBe(false)

  // And it saves as restored.
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(page).toHaveURL(/\/admin\/pembelian-ban(\?|$)/)
  const after = (await api.get('/api/pembelian-ban')).json as { detail_ban: { no_seri: string }[] }[]
  expect(
    after
      .find((p) => p.detail_ban.some((l) => l.no_seri === first))
      ?.detail_ban.map((l) => l.no_seri)
      .sort(),
  ).toEqual([first, second].sort())
})

test('the access editor gets its ticked boxes back after the login, and saves them', async ({ page }) => {
  const { user } = await createUser('draftakses')
  await setGrants(user.id, { Departemen: ['show'] })
  await loginByRequest(page, 'admin', 'admin')
  const path = `/admin/akses/edit/${user.id}`
  await page.goto(path)
  await page.getByRole('checkbox', { name: 'Select Supplier' }).check()
  await page.getByRole('checkbox', { name: 'Create Supplier' }).check()
  await page.getByRole('checkbox', { name: 'Select Departemen' }).uncheck()
  await expireSession(page)
  await page.getByRole('button', { name: 'Save Permissions' }).click()

  await loginHere(page, path, 'admin', 'admin')
  await expect(page.getByText(RESTORED)).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Select Supplier' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Create Supplier' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Update Supplier' })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Select Departemen' })).not.toBeChecked()
  // Nothing stored while the session was over.
  expect(Object.keys(await storedGrants(user.id))).toEqual(['Departemen'])

  await page.getByRole('button', { name: 'Save Permissions' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/akses`)
  const stored = await storedGrants(user.id)
  expect(Object.keys(stored)).toEqual(['Supplier'])
  expect(stored.Supplier).toMatchObject({ can_create: 1, can_update: 0 })
})

test('the fitting position dialog gets its tyre, km and target back after the login', async ({ page }) => {
  await loginByRequest(page, 'admin', 'admin')
  const api = await upstream()
  const jenis = await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: unique('Jenis Draft'), total_ban: 6 })
  const v = (
    await api.post('/api/kendaraan/add', { no_kabin: unique('KBD'), no_pol: 'B 8 DR', jenis_kendaraan_id: jenis.json.data.id, km: 40_000 })
  ).json.data as { id: number }
  const [supplier] = (await api.get('/api/supplier')).json as { id: number }[]
  const tyre = unique('DRS').replace(/\s/g, '')
  expect(
    (
      await api.post('/api/pembelian-ban/add', {
        supplier_id: supplier.id,
        ban: [{ no_seri: tyre, kondisi_ban: 'BARU', harga: 1_000_000 }],
      })
    ).status,
  ).toBe(201)

  const path = `/admin/create-pemasangan-ban/posisi/1B?kendaraan_id=${v.id}`
  await page.goto(path)
  let dialog = page.getByRole('dialog', { name: 'Form Input Pemasangan Ban (1B)' })
  await dialog.locator('select[name=no_seri]').selectOption(tyre)
  await dialog.getByLabel('Km Pemasangan').fill('41234')
  await dialog.getByLabel('Target Ban').fill('65000')
  await expireSession(page)
  await dialog.getByRole('button', { name: 'Simpan' }).click()

  await loginHere(page, path, 'admin', 'admin')
  dialog = page.getByRole('dialog', { name: 'Form Input Pemasangan Ban (1B)' })
  await expect(dialog.getByText(RESTORED)).toBeVisible()
  await expect(dialog.locator('select[name=no_seri]')).toHaveValue(tyre)
  await expect(dialog.getByLabel('Km Pemasangan')).toHaveValue('41234')
  await expect(dialog.getByLabel('Target Ban')).toHaveValue('65000')
  expect((await api.get(`/api/pemasangan-ban/detail-list-ban/${v.id}`)).json.data).toEqual([])
})
