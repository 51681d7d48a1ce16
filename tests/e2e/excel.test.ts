/**
 * Unduh Excel against a failing upstream: back on the list with the reason, as Unduh CSV does (the
 * faulty server of the e2e run). The workbooks themselves, the print grant and an invalid filter are
 * tested over plain HTTP in tests/app/excel.test.ts.
 */
import { expect, test } from './fixtures'
import { FAULTY_APP_URL, setFaultyMode, withFaultyLock } from './support'
import { loginFaultyByRequest } from './request-login'
import { ONCE } from '../../playwright.config'

test('a failing upstream: Unduh Excel goes back to the list with the reason, as Unduh CSV does', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaultyByRequest(page)
    await setFaultyMode('500')
    await page.goto(`${FAULTY_APP_URL}/admin/inquery-pembelian-ban/csv?q=PB&format=xlsx`)
    // Back on the list (which shows its own load failure) with the download's reason.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/admin/inquery-pembelian-ban?q=PB')
    await expect(page.getByRole('alert').filter({ hasText: 'File Excel tidak dapat dibuat. Gagal memuat data. Error: 500' })).toBeVisible()
  })
})
