/**
 * Stok Ban as the server renders it (plain HTTP, no browser): each state with its badge and place and
 * the ?status filter, the counts against the upstream's, an invalid filter, and the CSV of the filtered
 * list. Tyres are made through the reference api (tests/ban-records.ts) with a serial prefix of their own.
 * What stays in tests/e2e/stok-ban.test.ts: the filter form and the row menu both ways, Terima dari
 * vulkanisir's dialog, and the page against an upstream without the extension (the faulty server of
 * the e2e run).
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, loginAs, type Client } from './http'
import { alerts, byText, field, headingTexts, links, openPage, text, valueOf, type Element } from './html'
import { unique, upstream } from './upstream'
import { banRecords } from '../ban-records'

const { allTyres, tyresInEveryState } = banRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const open = (path: string, status?: number) => openPage(admin, path, status)
const bodyRows = (doc: Element) => doc.querySelectorAll('tbody tr')
/** The text of the one row holding `noSeri`. */
function rowOf(doc: Element, noSeri: string): string {
  const found = bodyRows(doc).filter((tr) => text(tr).includes(noSeri))
  expect(found, `the row of ${noSeri}`).toHaveLength(1)
  return text(found[0])
}

test.concurrent('the list shows each of the four states with its badge and place; ?status filters it', async () => {
  const t = await tyresInEveryState()
  const doc = await open(`/admin/ban?q=${t.prefix}`)
  expect(headingTexts(doc, 1)).toContain('Stok Ban')
  expect(bodyRows(doc)).toHaveLength(4)
  expect(rowOf(doc, t.stok.no_seri)).toContain('Stok')
  expect(rowOf(doc, t.terpasang.no_seri)).toContain('Terpasang')
  expect(rowOf(doc, t.terpasang.no_seri)).toContain(`${t.v.no_kabin} · 1B`)
  expect(rowOf(doc, t.vulkanisir.no_seri)).toContain('Di vulkanisir')
  expect(rowOf(doc, t.afkir.no_seri)).toContain('AFKIR')

  for (const [status, tyre, label] of [
    ['stok', t.stok, 'Stok'],
    ['terpasang', t.terpasang, 'Terpasang'],
    ['vulkanisir', t.vulkanisir, 'Vulkanisir'],
    ['afkir', t.afkir, 'Afkir'],
  ] as const) {
    const filtered = await open(`/admin/ban?q=${t.prefix}&status=${status}`)
    expect(bodyRows(filtered), status).toHaveLength(1)
    expect(rowOf(filtered, tyre.no_seri)).toContain(label)
    expect(valueOf(field(filtered, 'Status')!)).toBe(status)
  }
})

test.concurrent(
  'the seed: without a filter every tyre of the upstream is counted; each state filter counts its own',
  async ({ expect }) => {
    // A concurrent test polls with its own expect.
    // Other files add and remove tyres meanwhile: the page's count is compared with the upstream's
    // read just before and just after it, and only a reading between two equal ones counts (a moment
    // when nobody changed the tyres). A miscount never matches.
    const countsOf = async (status: string | null) => {
      const inUpstream = async () => (await allTyres()).filter((b) => status === null || b.status === status).length
      const before = await inUpstream()
      const doc = await open(status === null ? '/admin/ban' : `/admin/ban?status=${status}`)
      const shown = byText(doc, /^[\d.]+ data$/).map(text)[0]
      const after = await inUpstream()
      return before === after ? { shown, upstream: `${before.toLocaleString('id-ID')} data` } : 'changed meanwhile'
    }
    for (const status of [null, 'stok', 'terpasang', 'vulkanisir', 'afkir']) {
      await expect
        .poll(
          async () => {
            const c = await countsOf(status)
            return typeof c === 'string' ? c : c.shown === c.upstream ? 'equal' : `${c.shown} ≠ ${c.upstream}`
          },
          { message: String(status), timeout: 30_000 },
        )
        .toBe('equal')
    }
  },
)

test.concurrent('an invalid filter: a clear message, no rows, the form keeps the value', async () => {
  const doc = await open('/admin/ban?status=hilang&ukuran=abc')
  expect(alerts(doc).some((a) => a.includes('Status harus Stok, Terpasang, Vulkanisir atau Afkir.'))).toBe(true)
  const status = field(doc, 'Status')!
  expect(valueOf(status)).toBe('hilang')
  expect(status.getAttribute('aria-invalid')).toBe('true')
  expect(text(doc)).toContain('Perbaiki filter untuk menampilkan data.')
  const merek = await open('/admin/ban?merek=99999999')
  expect(alerts(merek).some((a) => a.includes('Merek dengan id 99999999 tidak ditemukan.'))).toBe(true)
})

test.concurrent('Unduh CSV: the rows of the filter and search, in Excel id-ID form', async () => {
  const t = await tyresInEveryState()
  const doc = await open(`/admin/ban?q=${t.prefix}&status=vulkanisir`)
  const link = links(doc, 'Unduh CSV')
  expect(link).toHaveLength(1)
  const href = link[0]!.getAttribute('href')!.replace(/&amp;/g, '&')
  expect(href).toBe(`/admin/ban/csv?status=vulkanisir&q=${t.prefix}`)
  const res = await admin.get(href)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/csv')
  expect(res.headers.get('content-disposition')).toContain('stok-ban_vulkanisir.csv')
  const lines = res.text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
  expect(lines[0]).toBe('No;Kode Ban;No Seri;Ukuran;Merek;Type;Kondisi;Status;Lokasi;Jumlah Vulkanisir;Harga')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toBe(`1;${t.vulkanisir.kode_ban};${t.vulkanisir.no_seri};;;;BARU;Vulkanisir;Di vulkanisir;0;1000000`)
})
