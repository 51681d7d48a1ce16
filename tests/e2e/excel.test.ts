/**
 * Unduh Excel: beside Unduh CSV, the same rows as an .xlsx workbook: the list's title and filter above
 * a frozen header, amounts as Rupiah numbers, dates as date cells. Downloaded by clicking the link (a
 * plain <a download>, which JavaScript does not change: every test runs once, without JavaScript) and
 * read with exceljs; the rows are made through the reference api.
 */
import type { Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { expect, test, unique, upstream } from './fixtures'
import { firstSupplier, tyresInEveryState } from './ban-support'
import { createUser, setGrants } from './master-support'
import { FAULTY_APP_URL, setFaultyMode, withFaultyLock } from './support'
import { loginByRequest, loginFaultyByRequest } from './request-login'
import { ONCE } from '../../playwright.config'

/** Clicks 'Unduh Excel' and reads the downloaded workbook's only sheet. */
async function downloadExcel(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Unduh Excel' }).click()])
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.read(await download.createReadStream())
  return { name: download.suggestedFilename(), sheet: workbook.worksheets[0]! }
}

/** The data rows under the header row (the row whose first cell is 'No'), as arrays of cell values. */
function tableOf(sheet: ExcelJS.Worksheet) {
  let headerRow = 0
  sheet.eachRow((row, n) => {
    if (!headerRow && row.getCell(1).value === 'No') headerRow = n
  })
  const rows: ExcelJS.Row[] = []
  for (let n = headerRow + 1; n <= sheet.rowCount; n++) rows.push(sheet.getRow(n))
  return { headerRow, header: (sheet.getRow(headerRow).values as unknown[]).slice(1), rows }
}

const textLines = (sheet: ExcelJS.Worksheet, upTo: number) => Array.from({ length: upTo - 1 }, (_, i) => sheet.getCell(i + 1, 1).value)

test(
  "Stok Ban's Unduh Excel: the filtered tyres, the filter above a frozen header, prices as Rupiah numbers",
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    const t = await tyresInEveryState()
    await page.goto(`/admin/ban?q=${t.prefix}`)
    await expect(page.getByRole('link', { name: 'Unduh Excel' })).toHaveAttribute('href', `/admin/ban/csv?q=${t.prefix}&format=xlsx`)
    const { name, sheet } = await downloadExcel(page)
    expect(name).toBe('stok-ban.xlsx')
    const { headerRow, header, rows } = tableOf(sheet)
    expect(textLines(sheet, headerRow)).toEqual(['Stok Ban', `Pencarian: ${t.prefix}`, null])
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow })
    expect(header).toEqual([
      'No',
      'Kode Ban',
      'No Seri',
      'Ukuran',
      'Merek',
      'Type',
      'Kondisi',
      'Status',
      'Lokasi',
      'Jumlah Vulkanisir',
      'Harga',
    ])
    expect(sheet.getRow(headerRow).getCell(1).font?.bold).toBe(true)
    // The four tyres the api holds under the prefix, one row each.
    expect(rows.map((r) => r.getCell(3).value).sort()).toEqual([t.afkir, t.stok, t.terpasang, t.vulkanisir].map((b) => b.no_seri).sort())
    expect(rows.map((r) => r.getCell(1).value)).toEqual([1, 2, 3, 4])
    const vulkanisir = rows.find((r) => r.getCell(3).value === t.vulkanisir.no_seri)!
    expect(vulkanisir.getCell(2).value).toBe(t.vulkanisir.kode_ban)
    expect(vulkanisir.getCell(8).value).toBe('Vulkanisir')
    expect(vulkanisir.getCell(10).value).toBe(0)
    expect(vulkanisir.getCell(11).value).toBe(1_000_000)
    expect(vulkanisir.getCell(11).numFmt).toBe('"Rp" #,##0')

    // The status filter is the same download's: one row and its line above the table.
    await page.goto(`/admin/ban?q=${t.prefix}&status=afkir`)
    const afkir = await downloadExcel(page)
    expect(afkir.name).toBe('stok-ban_afkir.xlsx')
    const table = tableOf(afkir.sheet)
    expect(textLines(afkir.sheet, table.headerRow)).toEqual(['Stok Ban', 'Status: Afkir', `Pencarian: ${t.prefix}`, null])
    expect(table.rows.map((r) => r.getCell(3).value)).toEqual([t.afkir.no_seri])
  },
)

test(
  "Inquery Pembelian Ban's Unduh Excel: the period's purchases with dates as dates and totals as Rupiah",
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    // A day of this test's own (tests share one database), and one after it that stays out.
    const day = new Date(Date.UTC(2100, 0, 1) + Math.floor(Math.random() * 292_000) * 86_400_000).toISOString().slice(0, 10)
    const after = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    const api = await upstream()
    const supplier = await firstSupplier()
    const buy = async (tanggal: string, harga: number[]) => {
      const ban = harga.map((h) => ({ no_seri: unique('XL').replace(/\s/g, ''), kondisi_ban: 'BARU', harga: h }))
      const r = await api.post('/api/pembelian-ban/add', { supplier_id: supplier.id, tanggal_awal: tanggal, ban })
      expect(r.status).toBe(201)
      return r.json.data as { id: number; kode_pembelian_ban: string }
    }
    const a = await buy(day, [1_500_000, 1_250_000])
    const b = await buy(day, [900_000])
    expect((await api.post(`/api/inquery-pembelian/${b.id}/posting`, {})).status).toBe(200)
    await buy(after, [1_000_000])

    await page.goto(`/admin/inquery-pembelian-ban?tanggal_awal=${day}&tanggal_akhir=${day}&sort=kode_pembelian_ban&dir=asc`)
    const { name, sheet } = await downloadExcel(page)
    expect(name).toBe(`inquery-pembelian-ban_${day}_${day}.xlsx`)
    const { headerRow, header, rows } = tableOf(sheet)
    const shown = day.split('-').reverse().join('/')
    expect(textLines(sheet, headerRow)).toEqual(['Inquery Pembelian Ban', `Periode: ${shown} – ${shown}`, null])
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow })
    expect(header).toEqual(['No', 'Tanggal', 'Kode Pembelian Ban', 'Nama Supplier', 'Grand Total', 'Status'])
    expect(rows.map((r) => r.getCell(3).value)).toEqual([a.kode_pembelian_ban, b.kode_pembelian_ban])
    const [first, second] = rows
    expect(first!.getCell(2).value).toEqual(new Date(`${day}T00:00:00Z`))
    expect(first!.getCell(2).numFmt).toBe('dd/mm/yyyy')
    expect(first!.getCell(4).value).toBe(supplier.nama_supp)
    expect(first!.getCell(5).value).toBe(2_750_000)
    expect(first!.getCell(5).numFmt).toBe('"Rp" #,##0')
    expect(first!.getCell(6).value).toBe('Unpost')
    expect(second!.getCell(5).value).toBe(900_000)
    expect(second!.getCell(6).value).toBe('Posting')

    // With the status filter the line says so and only the posted purchase is there.
    await page.goto(`/admin/inquery-pembelian-ban?tanggal_awal=${day}&tanggal_akhir=${day}&status=posting`)
    const posted = await downloadExcel(page)
    const table = tableOf(posted.sheet)
    expect(textLines(posted.sheet, table.headerRow)).toEqual([
      'Inquery Pembelian Ban',
      `Periode: ${shown} – ${shown}`,
      'Status: Posting',
      null,
    ])
    expect(table.rows.map((r) => r.getCell(3).value)).toEqual([b.kode_pembelian_ban])
  },
)

test('Unduh Excel needs the print grant, as Unduh CSV', { tag: ONCE }, async ({ page }) => {
  const { user, password } = await createUser('xls')
  await setGrants(user.id, { 'Inquery Pembelian Ban': ['show', 'search'] })
  await loginByRequest(page, user.kode_user, password)
  await page.goto('/admin/inquery-pembelian-ban')
  await expect(page.getByRole('heading', { name: 'Inquery Pembelian Ban' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Unduh Excel' })).toHaveCount(0)
  expect((await page.request.get('/admin/inquery-pembelian-ban/csv?format=xlsx', { maxRedirects: 0 })).status()).toBe(403)
})

test('a filter that is not valid: Unduh Excel goes back to the list, which says why', { tag: ONCE }, async ({ loggedIn: page }) => {
  const res = await page.request.get('/admin/inquery-pembelian-ban/csv?tanggal_awal=2026-02-30&tanggal_akhir=2026-03-01&format=xlsx', {
    maxRedirects: 0,
  })
  expect(res.status()).toBe(302)
  expect(res.headers()['location']).toBe('/admin/inquery-pembelian-ban?tanggal_awal=2026-02-30&tanggal_akhir=2026-03-01')
})

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
