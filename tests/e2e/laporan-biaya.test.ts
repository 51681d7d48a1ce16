/**
 * Laporan Biaya Ban per Km, JavaScript on and off. Every test makes its own tyres
 * through the api with known numbers — a purchase with prices, fittings at km 1.000, a removal at km
 * 21.000 (to the retreader) dated on a day of the far future no other test uses, the retread's cost —
 * under a merek, supplier and vehicle of its own, and reads the report for that day narrowed to them.
 *
 * The numbers of one fleet (fleet(), tests/laporan-biaya-records.ts): tyre A bought for Rp 2.000.000, run 20.000 km, retread
 * Rp 400.000 → Rp 2.400.000, Rp 120 per km; tyre B bought for Rp 1.800.000, still fitted, 20.000 km so
 * far (the vehicle is at 21.000 since the removal) → Rp 90 per km. The merek: 2 tyres, 40.000 km,
 * Rp 4.200.000, Rp 105 per km.
 */
import type { Page } from '@playwright/test'
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'
import { FAULTY_APP_URL, loginFaulty, withFaultyLock } from './support'
import { fleetRecords, freeDay, period } from '../laporan-biaya-records'

const { fleet } = fleetRecords(upstream, unique)

/** The report's group rows (not the rows under them holding the tyres). */
const rows = (page: Page) => page.locator('main table').first().locator(':scope > tbody > tr:not([data-row-detail])')
const url = (day: string, q: string, more = '') => `/admin/laporan-biaya-ban?${period(day)}&q=${encodeURIComponent(q)}${more}`

// What the report shows is the server's: tests/app/laporan-biaya.test.ts reads it over plain HTTP. Here,
// both ways: the filter form (a GET) in the order test, the <details> of a group's tyres in the expanding test.
test('expanding a group shows its tyres; the still fitted one is marked', async ({ loggedIn: page }) => {
  const day = freeDay()
  const f = await fleet(day)
  await page.goto(url(day, f.merek))
  const tyreA = page.locator(`tr[data-ban="${f.a.no_seri}"]`)
  await expect(tyreA).toBeHidden()
  await page
    .locator('summary')
    .filter({ hasText: `Rincian ban ${f.merek} (2)` })
    .click()
  await expect(tyreA).toBeVisible()
  // Cheapest per km first inside the group too: B (Rp 90) before A (Rp 120).
  const tyres = page.locator('tr[data-ban]')
  await expect(tyres).toHaveCount(2)
  await expect(tyres.nth(0)).toHaveAttribute('data-ban', f.b.no_seri)
  await expect(tyreA.locator('td')).toHaveText([f.a.kode_ban, f.a.no_seri, f.noKabin, '20.000', 'Rp 2.400.000', 'Rp 120', 'Rp 2.400.000'])
  await expect(tyreA).not.toContainText('Masih terpasang')
  const tyreB = page.locator(`tr[data-ban="${f.b.no_seri}"]`)
  await expect(tyreB.locator('td')).toHaveText([
    f.b.kode_ban,
    f.b.no_seri,
    `${f.noKabin}Masih terpasang`,
    '20.000',
    'Rp 1.800.000',
    'Rp 90',
    'Rp 1.800.000',
  ])
  await expect(page.getByText('Ban yang masih terpasang dihitung dengan km tempuh sampai saat ini')).toBeVisible()
  // The code opens the tyre's history (Riwayat Ban) for a user with Stok Ban.
  await expect(tyreA.getByRole('link', { name: f.a.kode_ban })).toHaveAttribute('href', `/admin/ban/${f.a.id}`)
})

test('order: cheapest per km first, or dearest first', async ({ loggedIn: page }) => {
  const day = freeDay()
  const prefix = unique('Urut')
  // Hemat: Rp 105 per km (as above); Boros: (4.000.000 + 400.000 + 3.600.000) / 40.000 = Rp 200 per km.
  await fleet(day, { merek: `${prefix} Hemat` })
  await fleet(day, { merek: `${prefix} Boros`, hargaA: 4_000_000, hargaB: 3_600_000 })
  await page.goto(url(day, prefix))
  await expect(rows(page)).toHaveCount(2)
  await expect(rows(page).nth(0)).toContainText(`${prefix} Hemat`)
  await expect(rows(page).nth(1)).toContainText('Rp 200')
  await expect(page.getByTestId('total-biaya-per-km')).toHaveText('Rp 153')
  await page.getByLabel('Urutan').selectOption('terburuk')
  await page.getByRole('button', { name: 'Cari', exact: true }).first().click()
  await expect(page).toHaveURL(/urutan=terburuk/)
  await expect(rows(page).nth(0)).toContainText(`${prefix} Boros`)
  await expect(rows(page).nth(1)).toContainText(`${prefix} Hemat`)
})

test('against an upstream without the extension the screen says so, and only that', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaulty(page)
    for (const path of ['/admin/laporan-biaya-ban', '/admin/laporan-biaya-ban/cetak?tanggal_awal=2026-01-01&tanggal_akhir=2026-01-31']) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status(), path).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
      await expect(page.getByText('belum menyediakan fitur ini')).toBeVisible()
    }
    expect((await page.request.get(`${FAULTY_APP_URL}/admin/laporan-biaya-ban/csv`)).status()).toBe(501)
  })
})
