/**
 * Login, guard and session. Runs with JavaScript on and off.
 */
import { expect, test, unique } from './fixtures'
import { APP_URL, decryptToken, meStatus, readSession, sessionCookieOf, setRawSessionCookie, sidebar } from './support'

test.describe('root and guard', () => {
  test('an admin page without a session goes to /login with redirectTo, and login comes back to it', async ({ page }) => {
    await page.goto('/admin/departemen?q=x')
    await expect(page).toHaveURL(`${APP_URL}/login?redirectTo=%2Fadmin%2Fdepartemen%3Fq%3Dx`)
    await page.getByLabel('Kode User').fill('admin')
    await page.getByLabel('Password', { exact: true }).fill('admin')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen?q=x`)
    await expect(page.getByRole('heading', { name: 'Departemen', level: 1 })).toBeVisible()
    await expect(page.getByPlaceholder('Cari departemen...')).toHaveValue('x')
  })
})

test.describe('login screen', () => {
  test('shows the logo, the heading, the fields and the register link', async ({ page }) => {
    await page.goto('/login')
    await expect(page.locator('main img[src="/logo.svg"]')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible()
    await expect(page.getByLabel('Kode User')).toHaveAttribute('type', 'text')
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password')
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible()
    const daftar = page.getByRole('link', { name: 'Belum punya akun? Daftar' })
    await expect(daftar).toHaveAttribute('href', '/register')
    await daftar.click()
    await expect(page).toHaveURL(`${APP_URL}/register`)
    await expect(page.getByText('Akun dibuat oleh administrator')).toBeVisible()
    await page.getByRole('link', { name: 'Kembali ke Login' }).click()
    await expect(page).toHaveURL(`${APP_URL}/login`)
  })

  test("a wrong password shows the server's message and keeps the Kode User", async ({ page }) => {
    // A kode_user of its own, so the upstream's failed-login throttle of 'admin' is not touched.
    const kode = unique('tamu').replace(' ', '-')
    await page.goto('/login')
    await page.getByLabel('Kode User').fill(kode)
    await page.getByLabel('Password', { exact: true }).fill('salah-sekali')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Kode user atau password salah.' })).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByLabel('Kode User')).toHaveValue(kode)
    expect(await sessionCookieOf(page.context())).toBeNull()
  })

  test('a wrong password keeps redirectTo, and the next login still goes there', async ({ page }) => {
    await page.goto(`/login?redirectTo=${encodeURIComponent('/admin/users')}`)
    await page.getByLabel('Kode User').fill('admin')
    await page.getByLabel('Password', { exact: true }).fill('bukan-ini')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByText('Kode user atau password salah.')).toBeVisible()
    await page.getByLabel('Password', { exact: true }).fill('admin')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/users`)
    await expect(page.getByRole('button', { name: 'Update Profile' })).toBeVisible()
  })
})

test.describe('logout', () => {
  test('the sidebar Logout goes to /login, ends the session and revokes the upstream token', async ({ ownLogin: page }) => {
    const s = await readSession(page.context())
    const token = decryptToken(String(s?.tokenEnc))!
    expect(await meStatus(token)).toBe(200)
    const oldCookie = (await sessionCookieOf(page.context()))!.value

    await page.goto('/admin/departemen')
    await sidebar(page).getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(`${APP_URL}/login`)
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
    expect((await readSession(page.context()))?.tokenEnc).toBeUndefined()
    // The upstream token is revoked (the spec: logout removes the token; and the token is revoked upstream).
    expect(await meStatus(token)).toBe(401)

    // Back does not show the admin area again.
    await page.goBack()
    await expect(page).toHaveURL(/\/login(\?redirectTo=%2Fadmin%2Fdepartemen)?$/)
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
    await expect(page.getByTestId('nama-lengkap')).toHaveCount(0)

    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL(`${APP_URL}/login?redirectTo=%2Fadmin%2Fdashboard`)

    // Replaying the old cookie: the token inside it is dead, so pages that call the upstream send
    // the user to the login page.
    await setRawSessionCookie(page.context(), oldCookie)
    await page.goto('/admin/departemen')
    await expect(page).toHaveURL(`${APP_URL}/login?redirectTo=%2Fadmin%2Fdepartemen`)
  })
})

test.describe('logout by GET', () => {
  test('opening /admin/logout shows a page with the Logout button and ends nothing; its button logs out', async ({ ownLogin: page }) => {
    const s = await readSession(page.context())
    const token = decryptToken(String(s?.tokenEnc))!
    await page.goto('/admin/logout')
    await expect(page).toHaveURL(`${APP_URL}/admin/logout`)
    await expect(page.getByRole('heading', { name: 'Logout', level: 1 })).toBeVisible()
    expect((await readSession(page.context()))?.tokenEnc, 'the session is kept').toBe(s?.tokenEnc)
    expect(await meStatus(token), 'the upstream token is not revoked').toBe(200)
    // The next page is still logged in.
    await page.goto('/admin/departemen')
    await expect(page.getByTestId('nama-lengkap')).toHaveText('Administrator Sistem')

    await page.goto('/admin/logout')
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(`${APP_URL}/login`)
    expect((await readSession(page.context()))?.tokenEnc).toBeUndefined()
    expect(await meStatus(token)).toBe(401)
  })
})
