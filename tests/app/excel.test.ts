/**
 * Unduh Excel as the server sends it (plain HTTP, no browser): beside Unduh CSV, the same rows as an
 * .xlsx workbook — the list's title and filter above a frozen header, amounts as Rupiah numbers, dates
 * as date cells — got from the list's link and read with exceljs; the rows are made through the
 * reference api. The print grant and an invalid filter as the server answers them.
 * What stays in tests/e2e/excel.test.ts: a failing upstream (the faulty server of the e2e run).
 */
import ExcelJS from 'exceljs'
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, download, fileNameOf, loginAs, type Client } from './http'
import { headingTexts, hrefOf, links, openPage } from './html'
import { createUser, setGrants, unique, upstream } from './upstream'
import { banRecords } from '../ban-records'
import { freeDay } from '../laporan-biaya-records'

const { firstSupplier, tyresInEveryState } = banRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

/** 'Unduh Excel' of the list at `path` followed: the file's name and the workbook's only sheet. */
async function downloadExcel(path: string) {
  const got = await download(admin, hrefOf(await openPage(admin, path), 'Unduh Excel'))
  expect(got.status).toBe(200)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(got.bytes as unknown as ExcelJS.Buffer)
  return { name: fileNameOf(got.headers), sheet: workbook.worksheets[0]! }
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

test.concurrent("Stok Ban's Unduh Excel: the filtered tyres, the filter above a frozen header, prices as Rupiah numbers", async () => {
  const t = await tyresInEveryState()
  expect(hrefOf(await openPage(admin, `/admin/ban?q=${t.prefix}`), 'Unduh Excel')).toBe(`/admin/ban/csv?q=${t.prefix}&format=xlsx`)
  const { name, sheet } = await downloadExcel(`/admin/ban?q=${t.prefix}`)
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
  const afkir = await downloadExcel(`/admin/ban?q=${t.prefix}&status=afkir`)
  expect(afkir.name).toBe('stok-ban_afkir.xlsx')
  const table = tableOf(afkir.sheet)
  expect(textLines(afkir.sheet, table.headerRow)).toEqual(['Stok Ban', 'Status: Afkir', `Pencarian: ${t.prefix}`, null])
  expect(table.rows.map((r) => r.getCell(3).value)).toEqual([t.afkir.no_seri])
})

test.concurrent("Inquery Pembelian Ban's Unduh Excel: the period's purchases with dates as dates and totals as Rupiah", async () => {
  // A day of this test's own (tests share one database), and one after it that stays out.
  const day = freeDay()
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

  const { name, sheet } = await downloadExcel(
    `/admin/inquery-pembelian-ban?tanggal_awal=${day}&tanggal_akhir=${day}&sort=kode_pembelian_ban&dir=asc`,
  )
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
  const posted = await downloadExcel(`/admin/inquery-pembelian-ban?tanggal_awal=${day}&tanggal_akhir=${day}&status=posting`)
  const table = tableOf(posted.sheet)
  expect(textLines(posted.sheet, table.headerRow)).toEqual([
    'Inquery Pembelian Ban',
    `Periode: ${shown} – ${shown}`,
    'Status: Posting',
    null,
  ])
  expect(table.rows.map((r) => r.getCell(3).value)).toEqual([b.kode_pembelian_ban])
})

test.concurrent('Unduh Excel needs the print grant, as Unduh CSV', async () => {
  const { user, password } = await createUser('xls')
  await setGrants(user.id, { 'Inquery Pembelian Ban': ['show', 'search'] })
  const c = await loginAs(user.kode_user, password)
  const list = await openPage(c, '/admin/inquery-pembelian-ban')
  expect(headingTexts(list)).toContain('Inquery Pembelian Ban')
  expect(links(list, 'Unduh Excel')).toHaveLength(0)
  expect((await c.get('/admin/inquery-pembelian-ban/csv?format=xlsx')).status).toBe(403)
})

test.concurrent('a filter that is not valid: Unduh Excel goes back to the list, which says why', async () => {
  const res = await admin.get('/admin/inquery-pembelian-ban/csv?tanggal_awal=2026-02-30&tanggal_akhir=2026-03-01&format=xlsx')
  expect(res.status).toBe(302)
  expect(res.headers.get('location')).toBe('/admin/inquery-pembelian-ban?tanggal_awal=2026-02-30&tanggal_akhir=2026-03-01')
})
