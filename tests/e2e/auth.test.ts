/**
 * Login, guard and session. Runs with JavaScript on and off.
 */
import { ONCE } from '../../playwright.config'
import { expect, login, test, unique } from './fixtures'
import {
  APP_URL,
  decryptToken,
  meStatus,
  readSession,
  sessionCookieOf,
  setRawSessionCookie,
  sidebar,
  writeSession,
  SESSION_COOKIE,
} from './support'

const TWO_HOURS = 2 * 60 * 60 * 1000

test.describe('root and guard', () => {
  test('/ redirects to /login', { tag: ONCE }, async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(`${APP_URL}/login`)
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible()
  })

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

  test('every admin path is guarded, including the dialog routes', { tag: ONCE }, async ({ page }) => {
    for (const path of ['/admin/dashboard', '/admin/users', '/admin/departemen/tambah', '/admin/karyawan']) {
      await page.goto(path)
      await expect(page).toHaveURL(`${APP_URL}/login?redirectTo=${encodeURIComponent(path)}`)
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
    }
  })

  test('/login with a session goes to /admin/dashboard', { tag: ONCE }, async ({ loggedIn: page }) => {
    await page.goto('/login')
    await expect(page).toHaveURL(`${APP_URL}/admin/dashboard`)
    await expect(page.getByTestId('nama-lengkap')).toHaveText('Administrator Sistem')
  })

  // Issue 17: the last three were normalised by the URL parser into Location: //evil.example.
  for (const evil of [
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/.//evil.example',
    '/./\\evil.example',
    '/%2e//evil.example',
  ]) {
    // The server's redirect after the login: JavaScript does not choose where it goes.
    test(`redirectTo=${evil} after login lands on /admin/dashboard`, { tag: ONCE }, async ({ page }) => {
      await login(page, evil)
      await expect(page).toHaveURL(`${APP_URL}/admin/dashboard`)
      await expect(page.getByText('Followers')).toBeVisible()
    })
  }
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

// The session is the server's: what the cookie holds and when it is over does not depend on JavaScript.
test.describe('session cookie', { tag: ONCE }, () => {
  test('is __Host-fleet_session, httpOnly, SameSite=Lax, Secure, path /', async ({ ownLogin: page }) => {
    const cookie = await sessionCookieOf(page.context())
    expect(cookie, 'session cookie').not.toBeNull()
    expect(cookie).toMatchObject({ name: SESSION_COOKIE, httpOnly: true, secure: true, sameSite: 'Lax', path: '/', domain: 'localhost' })
    // No other cookie holds anything of the session (armada_css only holds the stylesheet's hash).
    const others = (await page.context().cookies()).filter((c) => c.name !== SESSION_COOKIE)
    expect(others.map((c) => [c.name, c.value.length])).toEqual([['armada_css', 16]])
  })

  test('holds the upstream token only encrypted, and no page hands it to the browser', async ({ ownLogin: page }) => {
    const session = await readSession(page.context())
    expect(session?.user).toMatchObject({ kodeUser: 'admin', namaLengkap: 'Administrator Sistem' })
    expect(Object.keys(session ?? {})).not.toContain('token')
    const token = decryptToken(String(session?.tokenEnc))
    expect(token, 'the encrypted token decrypts with the session secret').toMatch(/^[\w-]{20,}$/)
    // It really is the upstream token of this session.
    expect(await meStatus(token!)).toBe(200)
    const raw = (await sessionCookieOf(page.context()))!.value
    expect(decodeURIComponent(raw)).not.toContain(token!)
    expect(Buffer.from(decodeURIComponent(raw).split('.')[0], 'base64').toString('utf8')).not.toContain(token!)

    for (const path of ['/admin/dashboard', '/admin/departemen', '/admin/departemen/tambah', '/admin/users', '/admin/departemen.data']) {
      const res = await page.request.get(path)
      expect(res.status(), path).toBe(200)
      const body = await res.text()
      expect(body, path).not.toContain(token!)
      expect(body, path).not.toContain(String(session?.tokenEnc))
      expect(body, path).not.toContain(raw)
      expect(body, path).not.toContain('Bearer')
    }
  })

  test('every admin request renews the expiry to two hours ahead', async ({ ownLogin: page }) => {
    const first = await readSession(page.context())
    expect(first?.expiresAt).toBeGreaterThan(Date.now() + TWO_HOURS - 60_000)
    // Pretend the session is an hour and a half old, then make a request.
    const halfHour = Date.now() + 30 * 60_000
    await writeSession(page.context(), { ...first!, expiresAt: halfHour })
    expect((await readSession(page.context()))?.expiresAt).toBe(halfHour)
    const before = Date.now()
    await page.goto('/admin/departemen')
    await expect(page.getByRole('heading', { name: 'Departemen', level: 1 })).toBeVisible()
    const renewed = await readSession(page.context())
    expect(renewed?.expiresAt).toBeGreaterThanOrEqual(before + TWO_HOURS - 1000)
    expect(renewed?.expiresAt).toBeLessThanOrEqual(Date.now() + TWO_HOURS + 1000)
    expect(renewed?.createdAt).toBe(first?.createdAt)
  })

  test('an expired session goes to /login with redirectTo and the cookie is cleared', async ({ ownLogin: page }) => {
    const s = await readSession(page.context())
    await writeSession(page.context(), { ...s!, expiresAt: Date.now() - 1000 })
    await page.goto('/admin/departemen?q=abc')
    await expect(page).toHaveURL(`${APP_URL}/login?redirectTo=%2Fadmin%2Fdepartemen%3Fq%3Dabc`)
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
    const after = await readSession(page.context())
    expect(after?.tokenEnc).toBeUndefined()
  })

  test('a session past the absolute limit (12 h) is over even when recently renewed', async ({ ownLogin: page }) => {
    const s = await readSession(page.context())
    await writeSession(page.context(), { ...s!, createdAt: Date.now() - 13 * 60 * 60 * 1000, expiresAt: Date.now() + TWO_HOURS })
    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL(`${APP_URL}/login?redirectTo=%2Fadmin%2Fdashboard`)
  })

  test('a tampered cookie goes to /login', async ({ ownLogin: page }) => {
    const raw = (await sessionCookieOf(page.context()))!.value
    const decoded = decodeURIComponent(raw)
    // Change the data part (and keep the signature): the signature no longer matches.
    const [data, sig] = [decoded.slice(0, decoded.lastIndexOf('.')), decoded.slice(decoded.lastIndexOf('.') + 1)]
    const json = JSON.parse(Buffer.from(data, 'base64').toString('utf8'))
    json.expiresAt = Date.now() + 100 * TWO_HOURS
    const forged = `${Buffer.from(JSON.stringify(json)).toString('base64')}.${sig}`
    await setRawSessionCookie(page.context(), encodeURIComponent(forged))
    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL(`${APP_URL}/login?redirectTo=%2Fadmin%2Fdashboard`)
    await expect(page.getByTestId('nama-lengkap')).toHaveCount(0)
  })

  test('a session whose encrypted token was altered goes to /login', async ({ ownLogin: page }) => {
    const s = await readSession(page.context())
    const [iv, tag, enc] = String(s?.tokenEnc).split('.')
    const flipped = Buffer.from(enc, 'base64url')
    flipped[0] ^= 0xff
    await writeSession(page.context(), { ...s!, tokenEnc: [iv, tag, flipped.toString('base64url')].join('.') })
    await page.goto('/admin/users')
    await expect(page).toHaveURL(`${APP_URL}/login?redirectTo=%2Fadmin%2Fusers`)
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

test.describe('keep-alive endpoint', { tag: ONCE }, () => {
  test('POST /keepalive renews a live session (Set-Cookie) and refuses without one (401)', async ({ ownLogin: page }) => {
    const anon = await fetch(`${APP_URL}/keepalive`, { method: 'POST' })
    expect.soft(anon.status, 'no session: 401 (the layout sends the user to /login on 401)').toBe(401)

    const s = await readSession(page.context())
    const soon = Date.now() + 10 * 60_000
    await writeSession(page.context(), { ...s!, expiresAt: soon })
    const res = await page.request.post('/keepalive', { headers: { Origin: APP_URL } })
    expect(res.status()).toBe(200)
    expect(res.headers()['set-cookie'] ?? '', 'the renewed session cookie').toContain(`${SESSION_COOKIE}=`)
    expect((await readSession(page.context()))?.expiresAt).toBeGreaterThan(Date.now() + TWO_HOURS - 60_000)
  })
})
