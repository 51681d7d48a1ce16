/**
 * Jatuh Tempo STNK & KIR, JavaScript on and off: the window in the URL (hari=30/60/90 or
 * a date range), past due included and marked, the print page opened from the list. A bad window's
 * message, the CSV and the print grant are tested over plain HTTP in tests/app/jatuh-tempo.test.ts.
 * Each test makes its own vehicle through the api and searches for its No Kabin, so rows of other
 * tests do not matter.
 */
import type { Page } from '@playwright/test'
import { expect, test, unique, upstream } from './fixtures'
import { dmy, dueRecords } from '../jatuh-tempo-records'

const rows = (page: Page) => page.locator('main table').first().locator(':scope > tbody > tr')
const { vehicle } = dueRecords(upstream, unique)

test('hari=30 lists the past-due KIR marked in red, not the STNK due in 45 days; hari=60 lists both, soonest first', async ({
  loggedIn: page,
}) => {
  const v = await vehicle()
  await page.goto(`/admin/jatuh-tempo?hari=30&q=${v.no_kabin}`)
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText(`${v.no_kabin}G 4545 JTKIR${dmy(v.kir)}lewat 3 hari`)
  await expect(rows(page).first().getByText('lewat 3 hari')).toHaveClass(/text-red-700/)
  await expect(page.getByText('1 dokumen sudah lewat jatuh tempo.')).toBeVisible()

  await page.getByRole('navigation', { name: 'Jangka waktu' }).getByRole('link', { name: '60 hari' }).click()
  await expect(page).toHaveURL(new RegExp(`\\?hari=60&q=${v.no_kabin}$`))
  await expect(rows(page)).toHaveCount(2)
  await expect(rows(page).nth(0)).toContainText('KIR')
  await expect(rows(page).nth(1)).toContainText(`STNK${dmy(v.stnk)}45 hari lagi`)
})

test('a date range lists the documents of those days only', async ({ loggedIn: page }) => {
  const v = await vehicle()
  await page.goto(`/admin/jatuh-tempo?q=${v.no_kabin}`)
  await page.getByLabel('Tanggal Awal').fill(v.stnk)
  await page.getByLabel('Tanggal Akhir').fill(v.stnk)
  await page.getByRole('search', { name: 'Filter tanggal' }).getByRole('button', { name: 'Cari' }).click()
  await expect(page).toHaveURL(new RegExp(`tanggal_awal=${v.stnk}&tanggal_akhir=${v.stnk}`))
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('STNK')
  await expect(page.getByText(`${dmy(v.stnk)} s.d. ${dmy(v.stnk)}`)).toBeVisible()
})

test('Cetak opens the print page of the same window and search, every row, past due marked', async ({
  loggedIn: page,
  context,
  jsEnabled,
}) => {
  await context.addInitScript(() => {
    window.print = () => document.documentElement.setAttribute('data-printed', 'yes')
  })
  const v = await vehicle()
  await page.goto(`/admin/jatuh-tempo?hari=90&q=${v.no_kabin}`)
  const [printPage] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Cetak' }).click()])
  await printPage.waitForLoadState()
  expect(new URL(printPage.url()).pathname).toBe('/admin/jatuh-tempo/cetak')
  await expect(printPage.getByRole('heading', { name: 'Jatuh Tempo STNK & KIR' })).toBeVisible()
  await expect(printPage.getByText('90 hari ke depan (termasuk yang sudah lewat)')).toBeVisible()
  const printed = printPage.locator('tbody tr')
  await expect(printed).toHaveCount(2)
  await expect(printed.nth(0)).toContainText(`${v.no_kabin}G 4545 JTKIR${dmy(v.kir)}lewat 3 hari`)
  await expect(printed.nth(1)).toContainText(`STNK${dmy(v.stnk)}45 hari lagi`)
  await expect(printPage.getByText('2 dokumen, 1 sudah lewat jatuh tempo')).toBeVisible()
  if (jsEnabled) await expect(printPage.locator('html')).toHaveAttribute('data-printed', 'yes')
  await printPage.close()
})
