/**
 * Riwayat Ban in the browser: a tyre's serial on the purchase invoice opens its history, with
 * JavaScript on and off. The card, the timeline, the QR codes, the 404, the login to a QR address and
 * the labels are the server's HTML, tested without a browser: tests/app/riwayat-ban.test.ts.
 */
import { expect, test } from './fixtures'
import { buyTyres, serial } from './ban-support'

test("a tyre's serial on the purchase invoice opens its history", async ({ loggedIn: page }) => {
  const [t] = await buyTyres([{ no_seri: serial('RS'), harga: 250_000 }])
  await page.goto(`/admin/pembelian-detail/${t!.pembelianId}`)
  const link = page.getByRole('link', { name: `Riwayat ban ${t!.no_seri}` })
  await expect(link).toHaveAttribute('href', `/admin/ban/${t!.id}`)
  await link.click()
  await expect(page).toHaveURL(new RegExp(`/admin/ban/${t!.id}$`))
  await expect(page.getByRole('article', { name: 'Kartu Ban' })).toContainText(t!.no_seri)
})
