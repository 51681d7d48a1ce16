/**
 * Finance as the server renders and applies it (plain HTTP, no browser): the purchase inquiry's period
 * from the URL and its status filter, the warnings of a bad period, the refusal to delete a posted
 * document, what a user without posting_all, search and print is offered and refused, and the CSV
 * downloads. What JavaScript changes (the date fields, the row menu, the dialogs, print) stays in
 * tests/e2e/finance.test.ts, both ways.
 *
 * Every test makes its own documents through the api on a day far in the future that no other test
 * uses, so a filter on that day shows exactly them.
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, download, loginAs, type Client } from './http'
import { alerts, byText, field, headingTexts, links, page, text, valueOf, type Element, openPage } from './html'
import { createUser, setGrants, unique, upstream } from './upstream'
import { financeRecords, freeDay, nextDay, period } from '../finance-records'

/** The list's rows (not the report's tyre rows under them), each as its text. */
const listRows = (doc: Element) =>
  (doc.querySelector('main table')?.querySelectorAll(':scope > tbody > tr') ?? [])
    .filter((tr) => !tr.hasAttribute('data-row-detail'))
    .map(text)

const { purchase, stored } = financeRecords(upstream, unique)

/**
 * The address a GET form goes to (its named fields' values, `changes` applied): as a browser does,
 * the query replaces any query of the action.
 */
function submitGet(form: Element, changes: Record<string, string>): string {
  const q = new URLSearchParams()
  for (const el of form.querySelectorAll('input[name], select[name]')) {
    const name = el.getAttribute('name')!
    if (el.hasAttribute('disabled') || ['submit', 'button'].includes(el.getAttribute('type') ?? '')) continue
    q.append(name, name in changes ? changes[name]! : valueOf(el))
  }
  return `${(form.getAttribute('action') ?? '').split('?')[0]}?${q}`
}

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const open = openPage

test.concurrent('a URL with a period shows exactly that period, the inputs filled; the status narrows it', async () => {
  const day = freeDay()
  const a = await purchase(day)
  const b = await purchase(day, { status: 'posting' })
  const later = await purchase(nextDay(day))
  let doc = await open(admin, `/admin/inquery-pembelian-ban?${period(day)}`)
  expect(valueOf(field(doc, 'Tanggal Awal')!)).toBe(day)
  expect(valueOf(field(doc, 'Tanggal Akhir')!)).toBe(day)
  let rows = listRows(doc)
  expect(rows).toHaveLength(2)
  expect(rows.filter((r) => r.includes(a.kode_pembelian_ban))).toHaveLength(1)
  expect(rows.filter((r) => r.includes(b.kode_pembelian_ban))).toHaveLength(1)
  expect(text(doc.querySelector('body'))).not.toContain(later.kode_pembelian_ban)

  // Status from the form: a GET, so the result has a URL.
  const status = field(doc, 'Status')!
  const form = status.closest('form')!
  expect(form.getAttribute('method') ?? 'get').toMatch(/^get$/i)
  expect(
    form.querySelectorAll('button').some((b) => text(b) === 'Cari'),
    "the form's Cari button",
  ).toBe(true)
  const url = submitGet(form, { status: 'posting' })
  expect(url).toMatch(new RegExp(`tanggal_awal=${day}&tanggal_akhir=${day}&status=posting`))
  doc = await open(admin, url)
  rows = listRows(doc)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toContain(b.kode_pembelian_ban)
})

test.concurrent('one date alone in the URL warns; an end before the start is refused; nothing is listed', async () => {
  const day = freeDay()
  await purchase(day)
  let doc = await open(admin, `/admin/inquery-pembelian-ban?tanggal_awal=${day}`)
  const warning = alerts(doc).filter((a) => a.includes('Silakan pilih Tanggal Awal dan Tanggal Akhir'))
  expect(warning).toHaveLength(1)
  expect(warning[0]).toContain('Peringatan')
  expect(valueOf(field(doc, 'Tanggal Awal')!)).toBe(day)
  expect(listRows(doc)).toEqual(['Tidak ada data.'])

  doc = await open(admin, `/admin/inquery-pembelian-ban?tanggal_awal=${nextDay(day)}&tanggal_akhir=${day}`)
  expect(alerts(doc).filter((a) => a.includes('Tanggal Akhir tidak boleh sebelum Tanggal Awal.'))).toHaveLength(1)
  doc = await open(admin, '/admin/inquery-pembelian-ban?tanggal_awal=2026-02-30&tanggal_akhir=2026-03-01')
  expect(alerts(doc).filter((a) => a.includes('Tanggal Awal bukan tanggal yang valid'))).toHaveLength(1)
})

test.concurrent('a posted document is refused for delete, and its menu does not offer it', async () => {
  const p = await purchase(freeDay(), { status: 'posting' })
  const res = await admin.get(`/admin/inquery-pembelian-ban/${p.id}/hapus`)
  expect(res.status).toBe(409)
  expect(byText(page(res), 'Pembelian ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.').length).toBeGreaterThan(0)
  expect((await stored(p.id))?.status).toBe('posting')
})

test.concurrent('the grants apply: without posting_all, search and print the buttons and the filter are not offered', async () => {
  const { user, password } = await createUser('fin')
  await setGrants(user.id, { 'Inquery Pembelian Ban': ['show', 'posting'] })
  const c = await loginAs(user.kode_user, password)
  const doc = await open(c, `/admin/inquery-pembelian-ban?${period(freeDay())}`)
  expect(headingTexts(doc)).toContain('Inquery Pembelian Ban')
  expect(text(doc.querySelector('main'))).toContain('filter pada alamat halaman diabaikan')
  expect(field(doc, 'Tanggal Awal')).toBeNull()
  expect(links(doc, /Posting semua/)).toHaveLength(0)
  expect(links(doc, 'Unduh CSV')).toHaveLength(0)
  expect((await c.get('/admin/inquery-pembelian-ban/posting-semua')).status).toBe(403)
  expect((await c.get('/admin/inquery-pembelian-ban/csv')).status).toBe(403)
})

test.concurrent('Unduh CSV: exactly the filtered rows, UTF-8 with BOM, ; separated; the report one line per tyre', async () => {
  const day = freeDay()
  const a = await purchase(day, { tyres: 2, harga: 1_500_000 })
  await purchase(day, { status: 'posting' })
  await purchase(nextDay(day))
  const doc = await open(admin, `/admin/inquery-pembelian-ban?${period(day)}&status=unpost`)
  const href = links(doc, 'Unduh CSV')[0]?.getAttribute('href')
  expect(href).toBe(`/admin/inquery-pembelian-ban/csv?${period(day)}&status=unpost`)
  // The bytes as sent (a decoded text would drop the BOM).
  const res = await download(admin, href!)
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  expect(res.headers.get('content-disposition')).toContain(`inquery-pembelian-ban_${day}_${day}.csv`)
  expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = res.bytes.subarray(3).toString('utf8').trimEnd().split('\r\n')
  const date = day.split('-').reverse().join('/')
  expect(lines[0]).toBe('No;Tanggal;Kode Pembelian Ban;Nama Supplier;Grand Total;Status')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toMatch(new RegExp(`^1;${date};${a.kode_pembelian_ban};[^;]+;3000000;Unpost$`))

  const report = (await admin.get(`/admin/laporan-pembelian-ban/csv?${period(day)}`)).text.trimEnd().split('\r\n')
  expect(report[0]).toBe('No;Tanggal;Kode Pembelian Ban;Nama Supplier;Grand Total;Status;No Seri Ban;Kode Ban')
  expect(report).toHaveLength(1 + 2 + 1)
  expect(report.filter((l) => l.includes(a.kode_pembelian_ban)).map((l) => l.split(';')[6])).toEqual(a.detail_ban.map((b) => b.no_seri))
})
