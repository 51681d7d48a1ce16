/**
 * Pembelian Ban as the server renders it and the rules it applies (plain HTTP, no browser): a posted
 * purchase refused for update and delete (its screens and the form's POST), and the purchase invoice.
 * Each test makes its own purchase through the reference api.
 * What stays in tests/e2e/pembelian-ban.test.ts: the purchase dialog and its lines, the row menu, the
 * delete confirmation (both ways) and the invoice's print layout.
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, loginAs, SAME_ORIGIN, type Client } from './http'
import { byText, headingTexts, hrefOf, named, openPage, page, text } from './html'
import { unique, upstream } from './upstream'
import { pembelianRecords } from '../pembelian-records'

const { pembelianByCode, makePembelian } = pembelianRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

test.concurrent('a posted purchase cannot be updated or deleted, even by URL', async () => {
  const p = await makePembelian('posting')
  for (const path of [`/admin/pembelian-ban/${p.id}/edit`, `/admin/pembelian-ban/${p.id}/hapus`]) {
    const res = await admin.get(path)
    expect(res.status, path).toBe(409)
    expect(text(page(res)), path).toMatch(/sudah diposting/)
  }
  const res = await admin.post(`/admin/pembelian-ban/${p.id}/edit`, {
    form: { supplier_id: String(p.supplier_id), 'ban[0].no_seri': 'X' },
    headers: SAME_ORIGIN,
  })
  expect(res.status).toBe(409)
  expect((await pembelianByCode(p.kode_pembelian_ban))?.detail_ban).toHaveLength(1)
})

test.concurrent('invoice: supplier, lines, Grand Total in words, status, QR; printed without shell or buttons', async () => {
  const p = await makePembelian()
  const doc = await openPage(admin, `/admin/pembelian-detail/${p.id}?back=${encodeURIComponent('/admin/pembelian-ban?q=x')}`)
  const shown = text(doc)
  expect(headingTexts(doc)).toContain('Faktur Pembelian Ban')
  expect(shown).toContain(p.kode_pembelian_ban)
  expect(shown).toContain(p.detail_ban[0]!.no_seri)
  expect(shown).toContain('Rp 1.250.000')
  expect(shown).toContain('Satu juta dua ratus lima puluh ribu rupiah')
  expect(byText(doc, /Unpost/).length).toBeGreaterThan(0)
  for (const role of ['Gudang', 'Pembelian', 'Accounting']) expect(byText(doc, role).length, role).toBeGreaterThan(0)
  expect(hrefOf(doc, '← Kembali')).toBe('/admin/pembelian-ban?q=x')
  expect(named(doc, 'nav', 'Menu utama')).toHaveLength(0)
  const missing = await admin.get('/admin/pembelian-detail/99999999')
  expect(missing.status).toBe(404)
  expect(text(page(missing))).toContain('Data tidak ditemukan.')
})
