/**
 * Lists at phone width: at 375 px every list screen fits the screen (no
 * sideways scrolling of the page, the shell's sidebar folded away), each row shown as a card whose
 * lines carry the column header; a purchase's Grand Total, Status and its Aksi menu are on screen
 * and the menu opens inside it. JavaScript on and off.
 */
import type { Locator, Page } from '@playwright/test'
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'

const PHONE = { width: 375, height: 800 }

/**
 * The list screens. `js`: the screen changes with JavaScript (the document lists' row menu, a button
 * once hydrated and a <details> without; the finance date filter), so it is checked both ways; the
 * master lists render the same HTML either way (the sidebar folds by CSS alone): once.
 */
const LISTS = [
  { name: 'Departemen', path: '/admin/departemen', js: false },
  { name: 'Karyawan', path: '/admin/karyawan', js: false },
  { name: 'Kendaraan', path: '/admin/kendaraan', js: false },
  { name: 'STNK', path: '/admin/stnk', js: false },
  { name: 'Pembelian Ban', path: '/admin/pembelian-ban', js: true },
  { name: 'Pemasangan Ban', path: '/admin/pemasangan-ban', js: true },
  { name: 'Inquery Pembelian Ban', path: '/admin/inquery-pembelian-ban', js: true },
  { name: 'Inquery Pemasangan Ban', path: '/admin/inquery-pemasangan-ban', js: true },
  { name: 'Laporan Pembelian Ban', path: '/admin/laporan-pembelian-ban', js: true },
  { name: 'Hak Akses', path: '/admin/akses', js: false },
  { name: 'User', path: '/admin/user', js: false },
]

/** The element lies within the phone's width (0..375 px) and is shown. */
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible()
  const box = await locator.boundingBox()
  expect(box, 'the element has a box').not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width)
}

const firstRow = (page: Page) => page.locator('main table').first().locator(':scope > tbody > tr:not([data-row-detail])').first()

test.beforeEach(async ({ loggedIn: page }) => {
  await page.setViewportSize(PHONE)
})

for (const list of LISTS) {
  test(
    `${list.name} at 375 px: no sideways scrolling, rows as cards with their headers`,
    { tag: list.js ? [] : ONCE },
    async ({ loggedIn: page }) => {
      await page.goto(list.path)
      await expect(page.getByRole('heading', { level: 1, name: list.name })).toBeVisible()
      const row = firstRow(page)
      await expect(row).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      // The sidebar is folded away: its menu is off-screen until the menu button opens it.
      await expect(page.getByRole('navigation', { name: 'Menu utama' })).not.toBeInViewport()
      // Each cell is a line of its own, labelled with its column's header, and within the screen.
      const cells = row.locator(':scope > td[data-label]')
      const count = await cells.count()
      expect(count).toBeGreaterThan(1)
      const headers = await page.locator('main table').first().locator(':scope > thead th').allTextContents()
      for (let i = 0; i < count; i++) {
        const cell = cells.nth(i)
        expect(headers[i]).toContain(await cell.getAttribute('data-label'))
        if ((await cell.innerHTML()) === '') continue
        await expectOnScreen(cell)
        const label = await cell.evaluate((td) => getComputedStyle(td, '::before').content)
        expect(label, 'the header shown beside the value').not.toBe('none')
      }
      const [first, second] = await Promise.all([cells.nth(0).boundingBox(), cells.nth(1).boundingBox()])
      expect(second!.y, 'the second cell under the first, not beside it').toBeGreaterThanOrEqual(first!.y + first!.height - 1)
      // The page's own controls fit too: the search box and the pager.
      await expectOnScreen(page.locator('main').getByRole('search').last())
      const pager = page.getByRole('navigation', { name: 'Halaman' })
      if (await pager.count()) await expectOnScreen(pager)
    },
  )
}

// The dashboard and the report's print page render the same HTML with and without JavaScript (no part
// of the dashboard changes once hydrated; the print page carries no app JavaScript at all): once. The
// invoice runs both ways: its toolbar holds the Cetak button once hydrated, the Ctrl+P hint before.
test(
  'the dashboard at 375 px: every panel within the screen, the tread panel without a sideways scroll of its own',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    await page.goto('/admin/dashboard')
    const tread = page.getByTestId('panel-ban-aus')
    await expect(tread.getByTestId('ban-aus-row').first()).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    for (const panel of await page.locator('main section[data-testid^="panel-"]').all()) await expectOnScreen(panel)
    const table = tread.locator('table')
    expect(await table.evaluate((t) => t.scrollWidth <= (t.parentElement?.clientWidth ?? 0))).toBe(true)
  },
)

test('Pembelian Ban at 375 px: Grand Total, Status and the Aksi menu of a row are on screen and usable', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  await page.goto('/admin/pembelian-ban')
  const row = firstRow(page)
  await expectOnScreen(row.locator('td[data-label="Grand Total"]'))
  await expect(row.locator('td[data-label="Grand Total"]')).toHaveText(/^\d{1,3}(\.\d{3})*$/)
  await expectOnScreen(row.locator('td[data-label="Status"]'))
  await expect(row.locator('td[data-label="Status"]')).toHaveText(/Posting|Unpost/)
  const aksi = jsEnabled ? row.getByRole('button', { name: /Aksi/ }) : row.locator('summary', { hasText: 'Aksi' })
  await expectOnScreen(aksi)
  await aksi.click()
  const items = row.getByRole('menuitem')
  await expect(items.first()).toBeVisible()
  for (const item of await items.all()) await expectOnScreen(item)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
})

test('Laporan Pembelian Ban at 375 px: the date filter, Cetak and a row with its tyres fit the screen', async ({ loggedIn: page }) => {
  await page.goto('/admin/laporan-pembelian-ban?tanggal_awal=2026-01-01&tanggal_akhir=2026-12-31')
  await expectOnScreen(page.getByLabel('Tanggal Awal'))
  await expectOnScreen(page.getByLabel('Tanggal Akhir'))
  await expectOnScreen(page.getByRole('button', { name: 'Cetak' }))
  await page
    .locator('summary')
    .filter({ hasText: /^Detail ban/ })
    .first()
    .click()
  const tyres = page.locator('main table table').first()
  await expectOnScreen(tyres)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
})

test('a purchase invoice at 375 px: its fields one under another, its lines scroll inside the page, nothing beside the page', async ({
  loggedIn: page,
}) => {
  const api = await upstream()
  const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]!
  const made = await api.post('/api/pembelian-ban/add', {
    supplier_id: supplier.id,
    ban: [{ no_seri: unique('HP').replace(/\s/g, ''), harga: 1_250_000 }],
  })
  expect(made.status).toBe(201)
  await page.goto(`/admin/pembelian-detail/${made.json.data.id}`)
  await expect(page.getByRole('heading', { name: 'Faktur Pembelian Ban' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  // The supplier's name and the invoice number do not overlap: the two field lists stack at this width.
  const supplierName = page.locator('dd').first()
  const noFaktur = page.locator('dt', { hasText: 'No Faktur' })
  await expectOnScreen(supplierName)
  await expectOnScreen(noFaktur)
  const [a, b] = [await supplierName.boundingBox(), await noFaktur.boundingBox()]
  expect(b!.y, 'No Faktur under the supplier, not beside it').toBeGreaterThanOrEqual(a!.y + a!.height - 1)
  await expect(page.getByText('Rp 1.250.000').first()).toBeAttached()
})

test("the purchase report's print page at 375 px: its table scrolls inside the page", { tag: ONCE }, async ({ loggedIn: page }) => {
  await page.goto('/admin/laporan-pembelian-ban/cetak?tanggal_awal=2026-01-01&tanggal_akhir=2026-12-31')
  await expect(page.getByRole('heading', { name: 'Laporan Pembelian Ban' })).toBeVisible()
  await expect(page.locator('table').first()).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
})

/**
 * A document form's lines (app/ui/line-table.tsx) and a service plan's items at 375 px: each line or
 * item a card, no sideways scrolling of the page or of the table, every field of the first line and
 * its remove button within the screen. Both ways: with JavaScript the part picker is a combobox.
 */
const LINE_FORMS = [
  {
    path: '/admin/pembelian-ban/tambah',
    fields: ['No Seri ban 1', 'Ukuran ban 1', 'Harga ban 1', 'Tebal Tapak Awal ban 1'],
    remove: 'Hapus ban 1',
  },
  {
    path: '/admin/pembelian-suku-cadang/tambah',
    fields: ['Suku cadang baris 1', 'Jumlah baris 1', 'Harga baris 1'],
    remove: 'Hapus baris 1',
  },
  {
    path: '/admin/perintah-kerja/tambah',
    fields: ['Suku cadang baris 1', 'Cari Suku cadang baris 1', 'Jumlah suku cadang baris 1', 'Uraian jasa baris 1', 'Biaya jasa baris 1'],
    remove: 'Hapus jasa baris 1',
  },
  { path: '/admin/jadwal-servis/jenis/1', fields: ['Interval Km Filter Oli', 'Interval Hari Filter Oli'], remove: null },
  {
    path: '/admin/jadwal-servis/kendaraan/1',
    fields: ['Interval Km Filter Oli', 'Tanggal servis terakhir Filter Oli', 'Km servis terakhir Filter Oli'],
    remove: null,
  },
]

test('document lines and service plans at 375 px: cards, nothing scrolls sideways, every field on screen', async ({ loggedIn: page }) => {
  for (const form of LINE_FORMS) {
    await page.goto(form.path)
    for (const label of form.fields) await expectOnScreen(page.getByLabel(label, { exact: true }).first())
    if (form.remove) await expectOnScreen(page.getByRole('button', { name: form.remove, exact: true }))
    const widths = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      ...[...document.querySelectorAll('table')].map((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
    ])
    expect(widths[0], form.path).toBeLessThanOrEqual(PHONE.width)
    expect(Math.max(...widths.slice(1)), `${form.path}: a table scrolls sideways`).toBeLessThanOrEqual(0)
  }
})
