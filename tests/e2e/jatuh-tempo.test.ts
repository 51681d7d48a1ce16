/**
 * Jatuh Tempo STNK & KIR, JavaScript on and off: the window in the URL (hari=30/60/90 or
 * a date range), past due included and marked, a bad window's message with what was typed kept, the
 * print page and the CSV of the same rows. Each test makes its own vehicle through the api and
 * searches for its No Kabin, so rows of other tests do not matter.
 */
import type { Page } from '@playwright/test'
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'
import { createUser, loginAs, setGrants } from './master-support'

const rows = (page: Page) => page.locator('main table').first().locator(':scope > tbody > tr')
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
const plus = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
const dmy = (day: string) => day.split('-').reverse().join('/')

/** A vehicle whose KIR expired 3 days ago and whose STNK expires in 45 days. */
async function vehicle() {
  const day = today()
  const no_kabin = unique('JT').replace(/\s/g, '')
  const api = await upstream()
  const r = await api.post('/api/kendaraan/add', {
    no_kabin,
    no_pol: 'G 4545 JT',
    jenis_kendaraan_id: 1,
    km: 1000,
    expired_kir: plus(day, -3),
    expired_stnk: plus(day, 45),
  })
  expect(r.status, JSON.stringify(r.json)).toBe(201)
  return { no_kabin, kir: plus(day, -3), stnk: plus(day, 45) }
}

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

test('a bad window: a clear message, nothing listed, the typed dates kept', { tag: ONCE }, async ({ loggedIn: page }) => {
  await page.goto('/admin/jatuh-tempo?hari=45')
  await expect(page.getByRole('alert').filter({ hasText: 'Jangka waktu harus 30, 60 atau 90 hari.' })).toContainText('45')
  await expect(page.getByText('Perbaiki jangka waktu di atas.')).toBeVisible()

  await page.goto('/admin/jatuh-tempo?tanggal_awal=2026-12-01&tanggal_akhir=2026-01-01')
  await expect(page.getByRole('alert').filter({ hasText: 'Tanggal Akhir tidak boleh sebelum Tanggal Awal.' })).toBeVisible()
  await expect(page.getByLabel('Tanggal Awal')).toHaveValue('2026-12-01')
  await expect(page.getByLabel('Tanggal Akhir')).toHaveValue('2026-01-01')
  await expect(page.getByRole('link', { name: 'Unduh CSV' })).toHaveCount(0)
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

test('Unduh CSV: the rows of the window and search, UTF-8 with BOM, ; separated, days left', { tag: ONCE }, async ({ loggedIn: page }) => {
  const v = await vehicle()
  await page.goto(`/admin/jatuh-tempo?hari=60&q=${v.no_kabin}`)
  const href = await page.getByRole('link', { name: 'Unduh CSV' }).getAttribute('href')
  expect(href).toBe(`/admin/jatuh-tempo/csv?hari=60&q=${v.no_kabin}`)
  const res = await page.request.get(href!)
  expect(res.headers()['content-type']).toBe('text/csv; charset=utf-8')
  expect(res.headers()['content-disposition']).toContain('jatuh-tempo-stnk-kir_')
  const body = await res.body()
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = body.subarray(3).toString('utf8').trimEnd().split('\r\n')
  expect(lines).toEqual([
    'No;No Kabin;No Pol;Dokumen;Tanggal Jatuh Tempo;Sisa Hari;Keterangan',
    `1;${v.no_kabin};G 4545 JT;KIR;${dmy(v.kir)};-3;lewat 3 hari`,
    `2;${v.no_kabin};G 4545 JT;STNK;${dmy(v.stnk)};45;45 hari lagi`,
  ])
})

test('Cetak and Unduh CSV need the print grant', { tag: ONCE }, async ({ page }) => {
  const { user, password } = await createUser('jt')
  await setGrants(user.id, { 'Jatuh Tempo STNK & KIR': ['search'] })
  await loginAs(page, user.kode_user, password)
  expect((await page.goto('/admin/jatuh-tempo?hari=30'))?.status()).toBe(200)
  await expect(rows(page).first()).toContainText('K-103')
  await expect(page.getByRole('link', { name: 'Cetak' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Unduh CSV' })).toHaveCount(0)
  expect((await page.request.get('/admin/jatuh-tempo/csv?hari=30', { maxRedirects: 0 })).status()).toBe(403)
  expect((await page.goto('/admin/jatuh-tempo/cetak?hari=30'))?.status()).toBe(403)
})
