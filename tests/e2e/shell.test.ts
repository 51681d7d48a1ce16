/**
 * The admin shell where JavaScript or CSS changes it: the sidebar's groups that open and close, the
 * sample Edit Profile screen, the burger menu at 375 px. Runs with JavaScript on and off. What the server
 * renders alone (the sidebar's entries and links, every screen's heading, unknown paths, the dashboard's
 * cards) is tested without a browser: tests/app/shell.test.ts.
 */
import { expect, test } from './fixtures'
import { APP_URL, sidebar } from './support'

test.describe('sidebar', () => {
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
