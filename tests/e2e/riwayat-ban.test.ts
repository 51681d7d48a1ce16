/**
 * Riwayat Ban: a tyre's card with the QR code of its page, its history newest first and
 * its cost per km; the 404 of an unknown tyre; its QR address after a login; the labels of a
 * purchase's tyres; the serial links on the purchase invoice. JavaScript on and off; every tyre is
 * made through the reference api with known numbers.
 */
import { ONCE } from '../../playwright.config'
import { expect, login, test, upstream } from './fixtures'
import { buyTyres, firstSupplier, fit, makeVehicle, removeTyres, serial } from './ban-support'
import { qrFor } from '../../app/server/qr.server'
import { APP_URL } from './support'

/**
 * A tyre bought for Rp 1.400.000, fitted at 10.000 km (target 80.000 km), removed at 30.000 km to the
 * retreader and received back for Rp 200.000: 20.000 km for Rp 1.600.000 → Rp 80/km, 25,0% of target.
 */
async function retreadedTyre() {
  const [t] = await buyTyres([{ no_seri: serial('RW'), harga: 1_400_000 }])
  const v = await makeVehicle(10_000)
  await fit(v, [t!], 10_000, 80_000)
  await removeTyres(v, [{ posisi: '1A', km: 30_000, tujuan: 'vulkanisir' }])
  const supplier = await firstSupplier()
  const r = await (await upstream()).post(`/api/ban/${t!.id}/terima-vulkanisir`, { supplier_id: supplier.id, biaya: 200_000 })
  expect(r.status, JSON.stringify(r.json)).toBe(200)
  return { t: t!, v, supplier }
}

// The card, the timeline, the QR codes and the labels are the server's HTML: once, without JavaScript.
// A link between the screens (the invoice's serial to the tyre's history) runs both ways below.
test('the summary: total km, total cost, cost per km and the progress toward the target', { tag: ONCE }, async ({ loggedIn: page }) => {
  const { t } = await retreadedTyre()
  await page.goto(`/admin/ban/${t.id}`)
  await expect(page.getByRole('heading', { name: 'Riwayat Ban', level: 1 })).toBeVisible()
  const summary = page.getByRole('article', { name: 'Ringkasan Biaya' })
  await expect(summary).toContainText('Harga BeliRp 1.400.000')
  await expect(summary).toContainText('Biaya VulkanisirRp 200.000')
  await expect(summary).toContainText('Total BiayaRp 1.600.000')
  await expect(summary).toContainText('Total Km20.000 km')
  await expect(summary).toContainText('Biaya per KmRp 80/km')
  await expect(summary).toContainText('Target Km80.000 km')
  const bar = summary.getByRole('progressbar', { name: /Progres menuju target/ })
  await expect(bar).toHaveAttribute('aria-valuenow', '25')
  await expect(bar).toHaveAttribute('aria-valuetext', '25,0% dari target 80.000 km')
})

test('the card and the timeline, newest first: received, removed, fitted, bought', { tag: ONCE }, async ({ loggedIn: page }) => {
  const { t, v, supplier } = await retreadedTyre()
  await page.goto(`/admin/ban/${t.id}`)
  const card = page.getByRole('article', { name: 'Kartu Ban' })
  await expect(card).toContainText(`No Seri${t.no_seri}`)
  await expect(card).toContainText(`Kode Ban${t.kode_ban}`)
  await expect(card).toContainText('KondisiKANISIR')
  await expect(card).toContainText('Jumlah Vulkanisir1')
  await expect(card).toContainText('Lokasi—')
  const titles = await page.locator('ol > li h3').allInnerTexts()
  expect(titles.map((s) => s.trim())).toEqual(['Diterima dari vulkanisir', 'Dilepas ke vulkanisir', 'Dipasang', 'Dibeli'])
  const items = page.locator('ol > li')
  await expect(items.nth(0)).toContainText('Rp 200.000')
  await expect(items.nth(1)).toContainText('Km Pelepasan30.000 km')
  await expect(items.nth(1)).toContainText('Km Tempuh20.000 km')
  await expect(items.nth(1)).toContainText('AlasanKe Vulkanisir')
  await expect(items.nth(2)).toContainText(`Kendaraan${v.no_kabin} · 1A`)
  await expect(items.nth(2)).toContainText('Km Pemasangan10.000 km')
  await expect(items.nth(3)).toContainText(`Supplier${supplier.nama_supp}`)
  await expect(items.nth(3)).toContainText('HargaRp 1.400.000')
  // The purchase document links to its invoice (the admin may open it).
  await items.nth(3).getByRole('link', { name: t.kodePembelian }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/pembelian-detail/${t.pembelianId}$`))
})

test('a tyre still fitted: its place, and cost per km not yet known', { tag: ONCE }, async ({ loggedIn: page }) => {
  const [t] = await buyTyres([{ no_seri: serial('RF'), harga: 900_000 }])
  const v = await makeVehicle(5_000)
  await fit(v, [t!], 5_000)
  await page.goto(`/admin/ban/${t!.id}`)
  await expect(page.getByRole('article', { name: 'Kartu Ban' })).toContainText(`Lokasi${v.no_kabin} · 1A`)
  await expect(page.getByRole('article', { name: 'Ringkasan Biaya' })).toContainText('Biaya per KmBelum ada km tempuh')
})

test('the QR code (150 px) encodes the absolute address of the page', { tag: ONCE }, async ({ loggedIn: page }) => {
  const [t] = await buyTyres([{ no_seri: serial('RQ'), harga: 100_000 }])
  await page.goto(`/admin/ban/${t!.id}`)
  const url = `${APP_URL}/admin/ban/${t!.id}`
  const svg = page.getByRole('img', { name: `QR code Riwayat Ban ${t!.no_seri}` })
  await expect(svg).toHaveAttribute('width', '150')
  await expect(svg.locator('path')).toHaveAttribute('d', qrFor(url)!.path)
  await expect(page.getByText(url, { exact: true })).toBeVisible()
})

test("the QR's address opens the page after a login", { tag: ONCE }, async ({ page }) => {
  const [t] = await buyTyres([{ no_seri: serial('RL'), harga: 100_000 }])
  await page.goto(`/admin/ban/${t!.id}`)
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fadmin%2Fban%2F${t!.id}$`))
  await login(page, `/admin/ban/${t!.id}`)
  await expect(page).toHaveURL(new RegExp(`/admin/ban/${t!.id}$`))
  await expect(page.getByRole('article', { name: 'Kartu Ban' })).toContainText(t!.no_seri)
})

test('an unknown tyre: 404 with a clear message in the shell', { tag: ONCE }, async ({ loggedIn: page }) => {
  const res = await page.goto('/admin/ban/987654321')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('alert')).toContainText('Ban tidak ditemukan.')
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible()
})

test('Cetak label: one label per tyre of the purchase, each with its QR to its history', { tag: ONCE }, async ({ loggedIn: page }) => {
  const prefix = serial('RB')
  const tyres = await buyTyres(['1', '2', '3'].map((n) => ({ no_seri: `${prefix}${n}`, harga: 100_000 })))
  await page.goto(`/admin/pembelian-detail/${tyres[0]!.pembelianId}`)
  // The invoice keeps its own buttons beside Cetak label.
  await expect(page.getByRole('link', { name: '← Kembali' })).toBeVisible()
  await page.getByRole('link', { name: 'Cetak label' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/label-ban/${tyres[0]!.pembelianId}$`))
  const labels = page.locator('[data-label-ban]')
  await expect(labels).toHaveCount(3)
  for (const [i, t] of tyres.entries()) {
    const label = labels.nth(i)
    await expect(label).toContainText(t.no_seri)
    await expect(label).toContainText(t.kode_ban)
    const url = `${APP_URL}/admin/ban/${t.id}`
    await expect(label).toHaveAttribute('data-qr-url', url)
    await expect(label.locator('path')).toHaveAttribute('d', qrFor(url)!.path)
  }
})

test("a tyre's serial on the purchase invoice opens its history", async ({ loggedIn: page }) => {
  const [t] = await buyTyres([{ no_seri: serial('RS'), harga: 250_000 }])
  await page.goto(`/admin/pembelian-detail/${t!.pembelianId}`)
  const link = page.getByRole('link', { name: `Riwayat ban ${t!.no_seri}` })
  await expect(link).toHaveAttribute('href', `/admin/ban/${t!.id}`)
  await link.click()
  await expect(page).toHaveURL(new RegExp(`/admin/ban/${t!.id}$`))
  await expect(page.getByRole('article', { name: 'Kartu Ban' })).toContainText(t!.no_seri)
})
