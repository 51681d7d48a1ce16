/**
 * The admin shell: sidebar groups and
 * entries, the employee name, every screen and unknown paths, the sample screens, the mobile menu.
 * Runs with JavaScript on and off.
 */
import { expect, test } from './fixtures'
import { SCREEN_LIST } from '../../app/screens'
import { APP_URL, sidebar } from './support'
import { ONCE } from '../../playwright.config'

/** The menu routes of the spec's route table (prefix /admin), /logout aside (a POST form). */
const SPEC_ROUTES = [
  '/admin/dashboard',
  '/admin/departemen',
  '/admin/karyawan',
  '/admin/user',
  '/admin/akses',
  '/admin/supplier',
  '/admin/golongan',
  '/admin/jenis_kendaraan',
  '/admin/kendaraan',
  '/admin/ukuran',
  '/admin/merek',
  '/admin/typban',
  '/admin/stnk',
  '/admin/perpanjangan-stnk',
  '/admin/pemasangan-ban',
  '/admin/pembelian-ban',
  '/admin/inquery-pembelian-ban',
  '/admin/inquery-pemasangan-ban',
  '/admin/laporan-pembelian-ban',
  '/admin/users',
]

/** The sidebar's links: the spec's routes and every screen the product declares beyond them (app/screens.ts). */
const ROUTES = [...new Set([...SPEC_ROUTES, ...SCREEN_LIST.map((s) => s.path)])]

test.describe('sidebar', () => {
  test('groups, Dashboard, Update Profile, Logout and the employee name', { tag: ONCE }, async ({ loggedIn: page }) => {
    await page.goto('/admin/dashboard')
    const nav = sidebar(page)
    await expect(nav.getByTestId('nama-lengkap')).toHaveText('Administrator Sistem')
    await expect(nav.locator('summary')).toHaveText(['Master', 'Operasional', 'Pemeliharaan Kendaraan', 'Transaksi', 'Finance', 'Laporan'])
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Update Profile', exact: true })).toBeVisible()
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible()
    await expect(page.getByRole('banner').locator('img[src="/logo.svg"]')).toBeVisible()
    // The dashboard entry is the current page.
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page')
  })

  test('every route of the route table has a link, hidden routes have none', { tag: ONCE }, async ({ loggedIn: page }) => {
    await page.goto('/admin/dashboard')
    // The declaration cannot drop a screen of the spec.
    expect(SPEC_ROUTES.filter((r) => r !== '/admin/dashboard' && r !== '/admin/users' && !SCREEN_LIST.some((s) => s.path === r))).toEqual(
      [],
    )
    const nav = sidebar(page)
    for (const to of ROUTES) await expect(nav.locator(`a[href="${to}"]`), to).toHaveCount(1)
    await expect(nav.locator('form[action="/admin/logout"][method="post"] button')).toHaveText('Logout')
    const hrefs = await nav.locator('a[href^="/admin"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect(hrefs.sort()).toEqual([...ROUTES].sort())
    // Edit, detail and add pages are not listed.
    expect(hrefs.filter((h) => /edit|detail|create-|tambah/.test(h ?? ''))).toEqual([])
  })

  test('the groups collapse and open; the group of the current page is open', async ({ loggedIn: page }) => {
    await page.goto('/admin/dashboard')
    const nav = sidebar(page)
    const master = nav.locator('details').filter({ has: page.locator('summary', { hasText: 'Master' }) })
    await expect(master).not.toHaveAttribute('open')
    await expect(nav.getByRole('link', { name: 'Departemen', exact: true })).toBeHidden()
    await master.locator('summary').click()
    await expect(nav.getByRole('link', { name: 'Departemen', exact: true })).toBeVisible()
    await nav.getByRole('link', { name: 'Departemen', exact: true }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen`)
    await expect(page.getByRole('heading', { name: 'Departemen', level: 1 })).toBeVisible()
    await expect(master).toHaveAttribute('open', '')
    await expect(nav.getByRole('link', { name: 'Departemen', exact: true })).toHaveAttribute('aria-current', 'page')
    const finance = nav.locator('details').filter({ has: page.locator('summary', { hasText: 'Finance' }) })
    await expect(finance).not.toHaveAttribute('open')
  })
})

test.describe('screens', () => {
  // What the server renders for each screen; each screen's own file runs it with JavaScript too.
  test('every screen of the route table opens with its heading', { tag: ONCE }, async ({ loggedIn: page }) => {
    for (const path of ROUTES) {
      const res = await page.goto(path)
      expect(res?.status(), path).toBe(200)
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first(), path).toBeVisible()
    }
  })

  test('an unknown admin path shows "Tidak ditemukan" inside the shell', { tag: ONCE }, async ({ loggedIn: page }) => {
    const res = await page.goto('/admin/xyz')
    expect(res?.status()).toBe(404)
    const alert = page.getByRole('alert')
    await expect(alert.getByRole('heading', { name: 'Tidak ditemukan' })).toBeVisible()
    await expect(alert).toContainText('Halaman yang Anda cari tidak ditemukan.')
    await expect(sidebar(page).getByTestId('nama-lengkap')).toHaveText('Administrator Sistem')
  })

  test('an unknown path outside the admin area shows "Tidak ditemukan"', { tag: ONCE }, async ({ page }) => {
    const res = await page.goto('/tidak-ada-halaman-ini')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Tidak ditemukan' })).toBeVisible()
  })

  test('/admin goes to the dashboard: four sample cards with their captions', { tag: ONCE }, async ({ loggedIn: page }) => {
    await page.goto('/admin')
    await expect(page).toHaveURL(`${APP_URL}/admin/dashboard`)
    const cards = page.getByRole('main').locator('article')
    await expect(cards).toHaveCount(4)
    const labels = ['Number', 'Revenue', 'Logs', 'Followers']
    const captions = ['Update Now', 'Last day', 'In the last hour', 'Update now']
    for (let i = 0; i < 4; i++) {
      await expect(cards.nth(i)).toContainText(labels[i])
      await expect(cards.nth(i).getByText(captions[i], { exact: true })).toBeVisible()
    }
  })

  test('/admin/users shows the Edit Profile sample form and the side card', async ({ loggedIn: page }) => {
    await page.goto('/admin/users')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: 'Edit Profile' })).toBeVisible()
    await expect(main.getByLabel('Company')).toBeDisabled()
    for (const label of ['Username', 'Email address', 'First Name', 'Last Name', 'Address', 'City', 'Country']) {
      await expect(main.getByLabel(label, { exact: true })).toBeEditable()
    }
    await expect(main.getByLabel('Postal Code')).toHaveAttribute('type', 'number')
    const about = main.getByLabel('About Me')
    await expect(about).toHaveJSProperty('tagName', 'TEXTAREA')
    await expect(about).toHaveAttribute('rows', '4')
    await expect(main.getByRole('button', { name: 'Update Profile' })).toBeVisible()
    // The side card: cover, avatar, name, handle, quote, three social buttons.
    const card = main.locator('aside')
    await expect(card.getByRole('img', { name: 'Gambar sampul' })).toBeVisible()
    await expect(card.getByRole('img', { name: 'Avatar' })).toBeVisible()
    await expect(card.getByRole('heading', { level: 2 })).not.toBeEmpty()
    await expect(card.getByRole('button')).toHaveCount(3)
    // The sample form stores nothing: submitting stays on the page.
    await main.getByRole('button', { name: 'Update Profile' }).click()
    await expect(page).toHaveURL(/\/admin\/users(\?)?$/)
    await expect(main.getByLabel('Company')).toBeDisabled()
  })
})

test.describe('mobile (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the burger opens the menu; a navigation closes it', async ({ loggedIn: page }) => {
    await page.goto('/admin/dashboard')
    const nav = sidebar(page)
    await expect(nav).not.toBeInViewport()
    // The burger is a label for a checkbox: it works with and without JavaScript.
    await page.locator('header label[for="nav-toggle"]').click()
    await expect(nav).toBeInViewport()
    await expect(nav.getByTestId('nama-lengkap')).toBeInViewport()
    await nav.getByRole('link', { name: 'Update Profile', exact: true }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/users`)
    await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible()
    await expect(nav).not.toBeInViewport()
    // Opening it again and using the overlay closes it too.
    await page.locator('header label[for="nav-toggle"]').click()
    await expect(nav).toBeInViewport()
    await page.mouse.click(360, 400)
    await expect(nav).not.toBeInViewport()
  })
})
