/**
 * Security: the login page's demo note, shown only where the embedded api serves the demo (the second
 * app, on a real upstream, has none): this needs the Playwright servers' second app. The headers, the
 * CSP nonce, cross-site POSTs, the uploads and the printed links are tested over plain HTTP in
 * tests/app/security.test.ts.
 */
import { expect, test } from './fixtures'
import { FAULTY_APP_URL } from './support'
import { ONCE } from '../../playwright.config'

test.describe('demo data', { tag: ONCE }, () => {
  // The e2e server runs the embedded api with DEMO_DATA=true; the second app has a real upstream.
  test('the login page says it is demo data only where the embedded api serves the demo', async ({ page }) => {
    await page.goto('/login')
    await expect(page.locator('[data-demo-note]')).toHaveText('Data demo: semua isi aplikasi ini adalah contoh, bukan data perusahaan.')
    await page.goto(`${FAULTY_APP_URL}/login`)
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
    await expect(page.locator('[data-demo-note]')).toHaveCount(0)
  })
})
