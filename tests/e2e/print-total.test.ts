/**
 * The purchase report's print page prints its total once, after the last purchase: a total repeated at the foot of every printed page reads as the total of that page's rows.
 * The shared print block (app/ui/print-page.tsx PrintTable, app/tailwind.css) makes a print table's
 * footer a plain row group. Checked in Chromium's own PDF (its text per page) and in the print layout.
 */
import { expect, test, unique, upstream } from './fixtures'
import { pdfPagesText } from './pdf-text'

/** A day no other test uses (tests share one database): 2900–2998, apart from finance.test.ts's days (the filter ends at 2999). */
function freeDay(): string {
  const d = new Date(Date.UTC(2900, 0, 1) + Math.floor(Math.random() * 36_000) * 86_400_000)
  return d.toISOString().slice(0, 10)
}

const PURCHASES = 32

test('the report printed over several pages shows its total once, on the last page', async ({ loggedIn: page, context }) => {
  test.setTimeout(90_000)
  // The print page opens the print dialog by itself with JavaScript: not in a test.
  await context.addInitScript(() => {
    window.print = () => undefined
  })
  const day = freeDay()
  const api = await upstream()
  const supplier = (await api.get('/api/supplier')).json[0] as { id: number }
  let sum = 0
  for (let i = 0; i < PURCHASES; i++) {
    const harga = 100_000 + i * 1_000
    const ban = [0, 1].map(() => ({ no_seri: unique('PT').replace(/\s/g, ''), kondisi_ban: 'BARU', harga }))
    const r = await api.post('/api/pembelian-ban/add', { supplier_id: supplier.id, tanggal_awal: day, ban })
    expect(r.status, JSON.stringify(r.json)).toBe(201)
    sum += 2 * harga
  }
  const totalLabel = `Total (${PURCHASES} pembelian)`
  const amount = `Rp ${new Intl.NumberFormat('id-ID').format(sum)}`

  await page.goto(`/admin/laporan-pembelian-ban/cetak?tanggal_awal=${day}&tanggal_akhir=${day}`)
  await expect(page.getByRole('cell', { name: totalLabel })).toBeVisible()
  await expect(page.getByRole('cell', { name: amount, exact: true })).toBeVisible()

  // The print layout: one total, its group not a repeating footer.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByText(totalLabel, { exact: true })).toHaveCount(1)
  const display = await page.locator('.print-table > tfoot').evaluate((el) => getComputedStyle(el).display)
  expect(display).not.toBe('table-footer-group')

  // What Chromium really prints: several pages, the total on the last one only, after every purchase.
  const pages = pdfPagesText(await page.pdf({ preferCSSPageSize: true }))
  expect(pages.length).toBeGreaterThan(1)
  // Skia writes each run of text on its own: compared without white space.
  const bare = (text: string) => text.replace(/\s+/g, '')
  const flat = pages.map(bare)
  const withTotal = flat.map((text, i) => (text.includes(bare(totalLabel)) ? i : -1)).filter((i) => i >= 0)
  expect(withTotal, `pages with "${totalLabel}"`).toEqual([pages.length - 1])
  const last = flat[pages.length - 1]
  expect(last.split(bare(totalLabel))).toHaveLength(2)
  expect(last.slice(last.indexOf(bare(totalLabel)))).toContain(bare(amount))
  // Every purchase was printed before it, once (the header row repeats on each page; rows do not).
  expect(pages.join('\n').match(/^PB\d+$/gm)?.length).toBe(PURCHASES)
})
