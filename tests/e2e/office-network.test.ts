/**
 * The office network: `npm start`, then a PC on the LAN opens http://<server name>:3000.
 * The session cookie is Secure and the browser drops it over plain HTTP at any address but localhost,
 * so the login page must say so plainly. Chromium reaches a non-local name mapped to 127.0.0.1.
 */
import { expect, test } from './fixtures'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config'
import { APP_URL } from './support'

const WARNING = 'dibuka lewat HTTP biasa di alamat yang bukan localhost'

test('over plain HTTP at an office address the login page says why a login would not stick; at localhost it does not', async ({
  playwright,
  jsEnabled,
}) => {
  const browser = await playwright.chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP kantor.test 127.0.0.1'],
  })
  try {
    const page = await browser.newPage({ javaScriptEnabled: jsEnabled })
    const office = `http://kantor.test:${new URL(APP_URL).port}`
    await page.goto(`${office}/login`)
    await expect(page.getByRole('status')).toContainText(WARNING)
    await expect(page.getByRole('status')).toContainText('INSECURE_COOKIES=true')
    // …and it is true: the right password leads back to the login form there.
    await page.getByLabel('Kode User').fill('admin')
    await page.getByLabel('Password', { exact: true }).fill('admin')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/login/)
    await expect(page.getByRole('status')).toContainText(WARNING)

    await page.goto(`${APP_URL}/login`)
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
    await expect(page.getByText(WARNING)).toHaveCount(0)
  } finally {
    await browser.close()
  }
})
