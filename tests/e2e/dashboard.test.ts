/**
 * The dashboard's due panel link, clicked with JavaScript on and off: it lands on Jatuh Tempo with the
 * same window and rows. What the server renders in the panels and who sees which panel is tested
 * without a browser: tests/app/dashboard.test.ts. (A panel whose upstream fails leaving the others:
 * tests/unit/dashboard.test.ts.)
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

const panel = (page: Page, name: string) => page.getByTestId(`panel-${name}`)
const rows = (page: Page) => page.locator('main table').first().locator(':scope > tbody > tr')

test('the due panel’s link opens Jatuh Tempo with the same window and the same number of rows', async ({ loggedIn: page }) => {
  await page.goto('/admin/dashboard')
  const link = panel(page, 'jatuh-tempo').getByRole('link', { name: /Lihat semua jatuh tempo/ })
  const n = Number((await link.textContent())!.match(/\((\d+)\)/)![1])
  expect(n).toBeGreaterThanOrEqual(2)
  await link.click()
  await expect(page).toHaveURL(/\/admin\/jatuh-tempo\?hari=30$/)
  await expect(page.getByRole('heading', { name: 'Jatuh Tempo STNK & KIR', level: 1 })).toBeVisible()
  await expect(page.getByText(`${n} data`, { exact: true })).toBeVisible()
  await expect(rows(page).first()).toContainText('K-103')
})
