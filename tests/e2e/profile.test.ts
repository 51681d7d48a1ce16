/**
 * Update Profile's real part, with JavaScript on and off: one's own password (Ganti
 * Password) and contact (Kontak), on the upstream's extension `password`. Every test makes its own
 * user through the api: the shared admin's password is never changed (other tests log in as admin).
 * The app's own length rule for a new password is tested over plain HTTP in tests/app/profile.test.ts.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createUser, loginAs } from './master-support'
import { API_URL, APP_URL, FAULTY_APP_URL, flash, withFaultyLock } from './support'
import { loginByRequest, loginFaultyByRequest } from './request-login'
import { ONCE } from '../../playwright.config'

const NEW_PASSWORD = 'sandi-baru-2026'

/** POST /api/login on the reference api: what the upstream now accepts. */
async function apiLogin(kode_user: string, password: string) {
  const r = await fetch(`${API_URL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ kode_user, password }),
  })
  return r.status
}

const card = (page: Page, name: string) => page.getByRole('region', { name })

async function changePassword(page: Page, lama: string, baru: string, ulang = baru) {
  const form = card(page, 'Ganti Password')
  await form.getByLabel('Password Lama').fill(lama)
  await form.getByLabel(/^Password Baru/).fill(baru)
  await form.getByLabel('Ulangi Password Baru').fill(ulang)
  await form.getByRole('button', { name: 'Ganti Password' }).click()
}

test('a user changes her password in one session: the old one no longer logs in, the new one does, her other session goes to /login', async ({
  page,
  browser,
  jsEnabled,
}) => {
  const { user, password } = await createUser('profil')
  const other = await browser.newContext({ baseURL: APP_URL, javaScriptEnabled: jsEnabled })
  try {
    const otherPage = await other.newPage()
    await loginByRequest(otherPage, user.kode_user, password)
    await loginByRequest(page, user.kode_user, password)

    await page.goto('/admin/users')
    await changePassword(page, password, NEW_PASSWORD)
    await expect(flash(page, 'Password berhasil diubah. Sesi lain Anda telah dikeluarkan.')).toBeAttached()
    await expect(page).toHaveURL(`${APP_URL}/admin/users`)
    // This session stays logged in.
    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL(`${APP_URL}/admin/dashboard`)
    await expect(page.getByTestId('nama-lengkap')).toBeVisible()

    // What the upstream stored: the old password is refused, the new one accepted.
    expect(await apiLogin(user.kode_user, password)).toBe(401)
    expect(await apiLogin(user.kode_user, NEW_PASSWORD)).toBe(200)

    // The other session's next page is the login.
    await otherPage.goto('/admin/dashboard')
    await expect(otherPage).toHaveURL(/\/login(\?|$)/)
    await expect(otherPage.getByRole('button', { name: 'Login' })).toBeVisible()
    // …where the new password works.
    await loginAs(otherPage, user.kode_user, NEW_PASSWORD)
    await expect(otherPage).toHaveURL(/\/admin\//)
  } finally {
    await other.close()
  }
})

test('a wrong current password: its message beside the field, no password comes back, nothing changed', async ({ page }) => {
  const { user, password } = await createUser('profil')
  await loginByRequest(page, user.kode_user, password)
  await page.goto('/admin/users')
  await changePassword(page, 'bukan-password-saya', NEW_PASSWORD)
  const form = card(page, 'Ganti Password')
  const lama = form.getByLabel('Password Lama')
  await expect(lama).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByText('Password lama salah.')).toBeVisible()
  // Passwords are never sent back into the form.
  for (const label of ['Password Lama', 'Ulangi Password Baru']) await expect(form.getByLabel(label)).toHaveValue('')
  await expect(form.getByLabel(/^Password Baru/)).toHaveValue('')
  expect(await page.content()).not.toContain(NEW_PASSWORD)
  expect(await apiLogin(user.kode_user, password)).toBe(200)
  expect(await apiLogin(user.kode_user, NEW_PASSWORD)).toBe(401)
})

test('the contact is saved and shown again; a wrong telephone says why and keeps the address typed', async ({ page }) => {
  const { user, password } = await createUser('profil')
  await loginByRequest(page, user.kode_user, password)
  await page.goto('/admin/users')
  const form = card(page, 'Kontak')
  await expect(form.getByLabel('Kode User')).toHaveValue(user.kode_user)
  const alamat = `Jl. Melati No. ${Date.now() % 1000}, Bekasi`

  await form.getByLabel('Telepon').fill('0812-abc')
  await form.getByLabel('Alamat').fill(alamat)
  await form.getByRole('button', { name: 'Simpan Kontak' }).click()
  await expect(form.getByText('Telepon hanya boleh berisi angka, spasi, + dan -.')).toBeVisible()
  await expect(form.getByLabel('Alamat')).toHaveValue(alamat)

  await form.getByLabel('Telepon').fill('+62 812-3456 7890')
  await form.getByRole('button', { name: 'Simpan Kontak' }).click()
  await expect(flash(page, 'Kontak berhasil disimpan.')).toBeAttached()

  await page.reload()
  await expect(card(page, 'Kontak').getByLabel('Telepon')).toHaveValue('+62 812-3456 7890')
  await expect(card(page, 'Kontak').getByLabel('Alamat')).toHaveValue(alamat)
  // What the upstream stored.
  const r = await fetch(`${API_URL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ kode_user: user.kode_user, password }),
  })
  const stored = ((await r.json()) as { user: { telp: string; alamat: string } }).user
  expect(stored).toMatchObject({ telp: '+62 812-3456 7890', alamat })
})

test('against an upstream without the extension both cards say so and show no form', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaultyByRequest(page)
    await page.goto(`${FAULTY_APP_URL}/admin/users`)
    await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible()
    for (const name of ['Ganti Password', 'Kontak']) {
      await expect(card(page, name).getByText('Fitur ini belum tersedia di server.')).toBeVisible()
      await expect(card(page, name).locator('form')).toHaveCount(0)
    }
    await expect(page.getByLabel('Password Lama')).toHaveCount(0)
  })
})
