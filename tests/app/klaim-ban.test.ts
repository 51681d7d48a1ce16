/**
 * Klaim Ban as the server renders it (plain HTTP, no browser): Surat Klaim Ban, and Inquery Klaim Ban's
 * date filter in the URL with the CSV of the filtered claims. Every test raises its own claim through
 * the api (tests/klaim-records.ts): a tyre bought for Rp 2.100.000, 14.000 km run of a 70.000 km target,
 * so the claim is Rp 1.680.000. What stays in tests/e2e/klaim-ban.test.ts: raising a claim in its
 * dialog, its refusal, the row menu both ways, and the page against an upstream without the extension
 * (the faulty server of the e2e run).
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, loginAs, type Client } from './http'
import { byText, headingTexts, links, openPage, text } from './html'
import { unique, upstream } from './upstream'
import { claimRecords } from '../klaim-records'

const { raised } = claimRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const open = (path: string, status?: number) => openPage(admin, path, status)

test.concurrent('Surat Klaim Ban: the party, the tyre, the figures, the amount in words and the signatures', async () => {
  const { klaim, noSeri } = await raised()
  const doc = await open(`/admin/klaim-cetak/${klaim.id}`)
  expect(headingTexts(doc)).toContain('Surat Klaim Ban')
  expect(text(doc)).toContain(klaim.kode_klaim)
  expect(text(doc)).toContain(noSeri)
  const cells = doc.querySelectorAll('td, th').map(text)
  expect(cells.filter((c) => c === '1.680.000')).toHaveLength(1)
  expect(cells.filter((c) => c.includes('Rp 1.680.000'))).toHaveLength(1)
  expect(text(doc)).toContain('Satu juta enam ratus delapan puluh ribu rupiah')
  for (const role of ['Dibuat oleh', 'Disetujui oleh', 'Supplier']) expect(byText(doc, role).length, role).toBeGreaterThan(0)
})

test.concurrent('Inquery Klaim Ban: the URL date filter and the CSV of the filtered claims', async () => {
  const { klaim } = await raised()
  const api = await upstream()
  const today = ((await api.get(`/api/klaim-ban/${klaim.id}`)).json.data as { tanggal_awal: string }).tanggal_awal
  const doc = await open(`/admin/inquery-klaim-ban?tanggal_awal=${today}&tanggal_akhir=${today}&q=${klaim.kode_klaim}`)
  expect(headingTexts(doc, 1)).toContain('Inquery Klaim Ban')
  const row = doc.querySelectorAll('tbody tr').filter((tr) => text(tr).includes(klaim.kode_klaim))
  expect(row).toHaveLength(1)
  expect(text(row[0])).toContain('Rp 1.680.000')
  const link = links(doc, 'Unduh CSV')
  expect(link).toHaveLength(1)
  const res = await admin.get(link[0]!.getAttribute('href')!.replace(/&amp;/g, '&'))
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  const lines = res.text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
  expect(lines[0]).toContain('Kode Klaim;No Seri')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(`${klaim.kode_klaim};`)
  expect(lines[1]).toContain(';2100000;70000;14000;1680000;1680000;;Diajukan;Unpost')
})
