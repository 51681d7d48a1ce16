/**
 * Finance: both inquiries and the purchase report filtered by
 * date through the URL, posting and unpost single and all documents, update and delete from the
 * inquiry, the report's tyres, its print page and the CSV downloads. JavaScript on and off.
 *
 * Every test makes its own documents through the api on a day far in the future that no other test
 * uses, so a filter on that day shows exactly them.
 */
import type { Page } from '@playwright/test'
import { expect, test, unique, upstream } from './fixtures'
import { APP_URL, flash, holdScripts } from './support'
import { financeRecords, freeDay, nextDay, period } from '../finance-records'

const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })
/** The list's rows (not the report's tyre rows under them, nor the rows of the tyre tables). */
const rows = (page: Page) => page.locator('main table').first().locator(':scope > tbody > tr:not([data-row-detail])')

/** The fittings' stock purchases use a day outside freeDay's range. */
const STOCK_DAY = '2999-12-31'
const { purchase, stored } = financeRecords(upstream, unique)

async function openMenu(page: Page, kode: string, jsEnabled: boolean) {
  const row = rows(page).filter({ hasText: kode })
  // With JavaScript: once hydrated (the menu button exists only then), a right-click opens the menu.
  if (jsEnabled) await expect(row.getByRole('button', { name: /Aksi/ })).toHaveAttribute('aria-haspopup', 'menu')
  if (jsEnabled) await row.click({ button: 'right' })
  else await row.getByText('Aksi').click()
  return page.getByRole('menu')
}

// The search form's GET runs both ways in the test of dates typed before the scripts have loaded.
test('dates typed before the scripts have loaded are kept, and the filter finds that period', async ({ loggedIn: page, jsEnabled }) => {
  await page.goto('/admin/dashboard')
  const day = freeDay()
  const p = await purchase(day)
  // A slow network: the app's scripts (with JavaScript on) arrive only after the user has typed.
  const release = await holdScripts(page)
  await page.goto('/admin/inquery-pembelian-ban', { waitUntil: 'commit' })
  await page.getByLabel('Tanggal Awal').fill(day)
  await page.getByLabel('Tanggal Akhir').fill(day)
  release()
  // With JavaScript the end field, once live, takes the start typed as its least date.
  if (jsEnabled) await expect(page.getByLabel('Tanggal Akhir')).toHaveAttribute('min', day)
  await expect(page.getByLabel('Tanggal Awal')).toHaveValue(day)
  await expect(page.getByLabel('Tanggal Akhir')).toHaveValue(day)
  await page.getByRole('button', { name: 'Cari', exact: true }).first().click()
  await expect(page).toHaveURL(new RegExp(`tanggal_awal=${day}&tanggal_akhir=${day}`))
  await expect(rows(page).filter({ hasText: p.kode_pembelian_ban })).toHaveCount(1)
})

test('the date form: with JavaScript the end waits for the start and follows it; without, one date alone warns', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const day = freeDay()
  await page.goto('/admin/inquery-pembelian-ban')
  const akhir = page.getByLabel('Tanggal Akhir')
  if (jsEnabled) {
    await expect(akhir).toBeDisabled()
    await page.getByLabel('Tanggal Awal').fill(day)
    // The day lies after today: the end proposed is the start itself, never an end before it.
    await expect(akhir).toBeEnabled()
    await expect(akhir).toHaveValue(day)
    await expect(akhir).toHaveAttribute('min', day)
    await page.getByLabel('Tanggal Awal').fill(nextDay(day))
    await expect(akhir).toHaveValue('')
  } else {
    await page.getByLabel('Tanggal Awal').fill(day)
    await page.getByRole('button', { name: 'Cari', exact: true }).first().click()
    await expect(alert(page, 'Silakan pilih Tanggal Awal dan Tanggal Akhir')).toBeVisible()
  }
})

test('posting and unpost from the row menu come back to the same filter with a banner', async ({ loggedIn: page, jsEnabled }) => {
  const day = freeDay()
  const p = await purchase(day)
  const url = `/admin/inquery-pembelian-ban?${period(day)}&q=${p.kode_pembelian_ban}`
  await page.goto(url)
  let menu = await openMenu(page, p.kode_pembelian_ban, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Posting', 'Update', 'Show', 'Riwayat', 'Delete'])
  await menu.getByRole('menuitem', { name: 'Posting' }).click()
  await expect(flash(page, 'Dokumen berhasil diposting.')).toBeAttached()
  await expect(page).toHaveURL(`${APP_URL}${url}`)
  expect((await stored(p.id))?.status).toBe('posting')

  menu = await openMenu(page, p.kode_pembelian_ban, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Unpost', 'Show', 'Riwayat'])
  await expect(menu.getByRole('menuitem', { name: 'Show' })).toHaveAttribute('href', new RegExp(`/admin/pembelian-detail/${p.id}\\?back=`))
  await menu.getByRole('menuitem', { name: 'Unpost' }).click()
  await expect(flash(page, 'Dokumen berhasil di-unpost.')).toBeAttached()
  await expect(page).toHaveURL(`${APP_URL}${url}`)
  expect((await stored(p.id))?.status).toBe('unpost')
})

test('update opens the purchase dialog pre-filled and returns to the filter; delete removes the document', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const day = freeDay()
  const p = await purchase(day, { tyres: 2, harga: 500_000 })
  const url = `/admin/inquery-pembelian-ban?${period(day)}`
  await page.goto(url)
  let menu = await openMenu(page, p.kode_pembelian_ban, jsEnabled)
  await menu.getByRole('menuitem', { name: 'Update' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Pembelian Ban' })
  await expect(dialog.getByLabel('No Seri ban 1')).toHaveValue(p.detail_ban[0]!.no_seri)
  await expect(dialog.locator('output')).toHaveText('1.000.000')
  await dialog.getByLabel('Harga ban 2').fill('750000')
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(flash(page, 'PembelianBan berhasil diperbarui!')).toBeAttached()
  await expect(page).toHaveURL(`${APP_URL}${url}`)
  expect(Number((await stored(p.id))?.grand_total)).toBe(1_250_000)

  menu = await openMenu(page, p.kode_pembelian_ban, jsEnabled)
  await menu.getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Apakah Anda yakin?' })
  await expect(confirm).toContainText('Data pembelian ban ini akan dihapus secara permanen!')
  await confirm.getByRole('button', { name: 'Ya, hapus!' }).click()
  await expect(flash(page, 'Data Pembelian telah dihapus.')).toContainText('Dihapus!')
  await expect(page).toHaveURL(`${APP_URL}${url}`)
  expect(await stored(p.id)).toBeUndefined()
  await expect(rows(page)).toHaveText(['Tidak ada data.'])
})

test('Posting semua names how many, posts every unposted document of the filter, Unpost semua reverses it', async ({ loggedIn: page }) => {
  const day = freeDay()
  const docs = [await purchase(day), await purchase(day), await purchase(day, { status: 'posting' })]
  const outside = await purchase(nextDay(day))
  const url = `/admin/inquery-pembelian-ban?${period(day)}`
  await page.goto(url)
  await page.getByRole('link', { name: 'Posting semua (2)' }).click()
  let dialog = page.getByRole('alertdialog', { name: 'Posting semua' })
  await expect(dialog).toContainText('2 dokumen akan diposting')
  await dialog.getByRole('button', { name: 'Ya, posting 2 dokumen' }).click()
  await expect(flash(page, '2 dari 2 dokumen berhasil diposting.')).toBeAttached()
  await expect(page).toHaveURL(`${APP_URL}${url}`)
  for (const d of docs) expect((await stored(d.id))?.status).toBe('posting')
  expect((await stored(outside.id))?.status).toBe('unpost')

  await page.getByRole('link', { name: 'Unpost semua (3)' }).click()
  dialog = page.getByRole('alertdialog', { name: 'Unpost semua' })
  await dialog.getByRole('button', { name: 'Ya, unpost 3 dokumen' }).click()
  await expect(flash(page, '3 dari 3 dokumen berhasil di-unpost.')).toBeAttached()
  for (const d of docs) expect((await stored(d.id))?.status).toBe('unpost')
})

test('Posting semua refuses when the documents changed after the confirmation opened', async ({ loggedIn: page }) => {
  const day = freeDay()
  await purchase(day)
  await page.goto(`/admin/inquery-pembelian-ban/posting-semua?${period(day)}`)
  const dialog = page.getByRole('alertdialog', { name: 'Posting semua' })
  await expect(dialog).toContainText('1 dokumen akan diposting')
  const added = await purchase(day)
  await dialog.getByRole('button', { name: 'Ya, posting 1 dokumen' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Posting semua' })).toContainText(
    'Jumlah dokumen berubah sejak halaman ini dibuka (sekarang 2)',
  )
  expect((await stored(added.id))?.status).toBe('unpost')
})

test('the report lists the period with each purchase expandable to its tyres and the total under it', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const day = freeDay()
  const a = await purchase(day, { tyres: 2, harga: 400_000 })
  const b = await purchase(day, { tyres: 1, harga: 250_000 })
  await page.goto(`/admin/laporan-pembelian-ban?${period(day)}`)
  await expect(rows(page)).toHaveCount(2)
  await expect(page.getByTestId('laporan-total')).toHaveText('Rp 1.050.000')
  const row = rows(page).filter({ hasText: a.kode_pembelian_ban })
  await expect(row).toContainText('800.000')
  const serial = page.getByRole('cell', { name: a.detail_ban[0]!.no_seri })
  await expect(serial).toBeHidden()
  // With JavaScript a click on the row opens it; without, the <details> summary does.
  if (jsEnabled) await row.getByText(a.kode_pembelian_ban).click()
  else await page.locator('summary').filter({ hasText: 'Detail ban (2)' }).click()
  await expect(serial).toBeVisible()
  await expect(page.getByRole('cell', { name: a.detail_ban[1]!.no_seri })).toBeVisible()
  // Search by grand total text, as shown.
  await page.getByPlaceholder('Cari kode pembelian atau grand total...').fill('250.000')
  await page.getByRole('button', { name: 'Cari', exact: true }).last().click()
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText(b.kode_pembelian_ban)
})

test('Cetak opens the print page of the period; without both dates it warns', async ({ loggedIn: page, jsEnabled, context }) => {
  await context.addInitScript(() => {
    window.print = () => document.documentElement.setAttribute('data-printed', 'yes')
  })
  const day = freeDay()
  const a = await purchase(day, { tyres: 2, harga: 300_000 })
  await page.goto(`/admin/laporan-pembelian-ban?${period(day)}`)
  const [printPage] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Cetak' }).click()])
  await printPage.waitForLoadState()
  expect(new URL(printPage.url()).pathname).toBe('/admin/laporan-pembelian-ban/cetak')
  await expect(printPage.getByRole('heading', { name: 'Laporan Pembelian Ban' })).toBeVisible()
  const label = day.split('-').reverse().join('/')
  await expect(printPage.getByText(`${label} s.d. ${label}`)).toBeVisible()
  await expect(printPage.getByRole('cell', { name: a.kode_pembelian_ban, exact: true })).toBeVisible()
  await expect(printPage.getByRole('cell', { name: a.detail_ban[1]!.no_seri })).toBeVisible()
  await expect(printPage.getByRole('cell', { name: 'Rp 600.000' }).first()).toBeVisible()
  // The print page carries no app JavaScript (its rows are sent once, as HTML); Cetak still prints.
  await expect(printPage.locator('script[type="module"], link[rel="modulepreload"]')).toHaveCount(0)
  if (jsEnabled) {
    await expect(printPage.locator('html')).toHaveAttribute('data-printed', 'yes')
    await printPage.evaluate(() => document.documentElement.removeAttribute('data-printed'))
    await printPage.getByRole('button', { name: 'Cetak' }).click()
    await expect(printPage.locator('html')).toHaveAttribute('data-printed', 'yes')
  } else {
    await expect(printPage.getByText('tekan Ctrl+P')).toBeVisible()
  }
  await printPage.close()

  await page.goto('/admin/laporan-pembelian-ban')
  if (jsEnabled) {
    // Hydrated (the end date waits for a start only with JavaScript), so the click is handled by the page.
    await expect(page.getByLabel('Tanggal Akhir')).toBeDisabled()
    await page.getByRole('button', { name: 'Cetak' }).click()
    await expect(alert(page, 'Silakan pilih Tanggal Awal dan Tanggal Akhir')).toBeVisible()
  } else {
    const [warn] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Cetak' }).click()])
    await expect(warn.getByRole('alert')).toContainText('Silakan pilih Tanggal Awal dan Tanggal Akhir')
  }
  await page.goto(`/admin/laporan-pembelian-ban/cetak?${period('2099-12-31')}`)
  await expect(page.getByText('Tidak ada data untuk dicetak')).toBeVisible()
})

// ---- Inquery Pemasangan Ban -------------------------------------------------------------------------

type Fitting = { id: number; kode_pemasangan: string; status: string }

/** A fitting made through the api: a new vehicle, a purchased tyre fitted on 1A, registered. */
async function fitting(): Promise<Fitting> {
  const api = await upstream()
  const jenis = ((await api.get('/api/jenis_kendaraan')).json as { id: number; total_ban: number }[]).find((j) => j.total_ban === 6)!
  const k = await api.post('/api/kendaraan/add', { no_kabin: unique('FK'), jenis_kendaraan_id: jenis.id, km: 1000 })
  expect(k.status).toBe(201)
  const tyre = (await purchase(STOCK_DAY)).detail_ban[0]!
  const staged = await api.post('/api/pemasangan-ban/detail-ban', {
    kendaraan_id: k.json.data.id,
    km_pemasangan: 1500,
    posisi_ban: '1A',
    no_seri: tyre.no_seri,
    target_presentase: 70000,
  })
  expect(staged.status, JSON.stringify(staged.json)).toBe(201)
  const f = await api.post(`/api/pemasangan-ban/add-pemasangan/${k.json.data.id}`)
  expect(f.status).toBe(201)
  return f.json.data as Fitting
}
const fittingStatus = async (id: number) =>
  ((await (await upstream()).get('/api/pemasangan-ban')).json as Fitting[]).find((f) => f.id === id)?.status

test("the fitting inquiry: today's filter, search by code, posting from the menu, update and show lead to the fitting pages", async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const f = await fitting()
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date())
  const url = `/admin/inquery-pemasangan-ban?${period(today)}&status=unpost&q=${f.kode_pemasangan}`
  await page.goto(url)
  await expect(rows(page)).toHaveCount(1)
  let menu = await openMenu(page, f.kode_pemasangan, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Posting', 'Update', 'Show', 'Riwayat', 'Delete'])
  await expect(menu.getByRole('menuitem', { name: 'Update' })).toHaveAttribute(
    'href',
    new RegExp(`^/admin/inquery-pemasangan-ban/edit/${f.id}\\?`),
  )
  await expect(menu.getByRole('menuitem', { name: 'Show' })).toHaveAttribute('href', new RegExp(`^/admin/pemasangan-detail/${f.id}\\?`))
  await menu.getByRole('menuitem', { name: 'Posting' }).click()
  await expect(flash(page, 'Dokumen berhasil diposting.')).toBeAttached()
  await expect(page).toHaveURL(`${APP_URL}${url}`)
  // The status filter is unpost: the posted fitting left the list.
  await expect(rows(page)).toHaveText(['Tidak ada data.'])
  expect(await fittingStatus(f.id)).toBe('posting')

  await page.goto(`/admin/inquery-pemasangan-ban?q=${f.kode_pemasangan}`)
  menu = await openMenu(page, f.kode_pemasangan, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Unpost', 'Show', 'Riwayat'])
  await menu.getByRole('menuitem', { name: 'Unpost' }).click()
  await expect(flash(page, 'Dokumen berhasil di-unpost.')).toBeAttached()
  expect(await fittingStatus(f.id)).toBe('unpost')
})

test("the fitting inquiry deletes an unposted fitting with the spec's texts", async ({ loggedIn: page }) => {
  const f = await fitting()
  await page.goto(`/admin/inquery-pemasangan-ban/${f.id}/hapus?q=${f.kode_pemasangan}`)
  const confirm = page.getByRole('alertdialog', { name: 'Apakah Anda yakin?' })
  await expect(confirm).toContainText('Data pemasangan ban ini akan dihapus secara permanen!')
  await confirm.getByRole('button', { name: 'Ya, hapus!' }).click()
  await expect(flash(page, 'Data Pemasangan telah dihapus.')).toBeAttached()
  expect(await fittingStatus(f.id)).toBeUndefined()
})
