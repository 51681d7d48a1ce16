/**
 * Jatuh Tempo STNK & KIR as the server renders and applies it (plain HTTP, no browser): a bad window's
 * message with what was typed kept, the CSV of the window and search, and the print grant that Cetak
 * and Unduh CSV need. The window's links, the date range and the print page opened from the list stay
 * in tests/e2e/jatuh-tempo.test.ts, both ways.
 */
import { beforeAll, expect, test } from 'vitest'
import { dmy, dueRecords } from '../jatuh-tempo-records'
import { ADMIN, APP_URL, loginAs, type Client } from './http'
import { alerts, field, links, main, openPage, rows, text, valueOf } from './html'
import { createUser, setGrants, unique, upstream } from './upstream'

const { vehicle } = dueRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

/** The list's rows, each as its cells' texts run together (as a browser's row text reads). */
const rowTexts = (doc: Parameters<typeof main>[0]) => rows(main(doc)).map((cells) => cells.join(''))

test.concurrent('a bad window: a clear message, nothing listed, the typed dates kept', async () => {
  let doc = await openPage(admin, '/admin/jatuh-tempo?hari=45')
  const windowAlert = alerts(doc).filter((a) => a.includes('Jangka waktu harus 30, 60 atau 90 hari.'))
  expect(windowAlert).toHaveLength(1)
  expect(windowAlert[0]).toContain('45')
  expect(text(doc)).toContain('Perbaiki jangka waktu di atas.')

  doc = await openPage(admin, '/admin/jatuh-tempo?tanggal_awal=2026-12-01&tanggal_akhir=2026-01-01')
  expect(alerts(doc).filter((a) => a.includes('Tanggal Akhir tidak boleh sebelum Tanggal Awal.'))).toHaveLength(1)
  expect(valueOf(field(doc, 'Tanggal Awal')!)).toBe('2026-12-01')
  expect(valueOf(field(doc, 'Tanggal Akhir')!)).toBe('2026-01-01')
  expect(links(doc, 'Unduh CSV')).toHaveLength(0)
})

test.concurrent('Unduh CSV: the rows of the window and search, UTF-8 with BOM, ; separated, days left', async () => {
  const v = await vehicle()
  const doc = await openPage(admin, `/admin/jatuh-tempo?hari=60&q=${v.no_kabin}`)
  const href = links(doc, 'Unduh CSV')[0]?.getAttribute('href')
  expect(href).toBe(`/admin/jatuh-tempo/csv?hari=60&q=${v.no_kabin}`)
  const res = await fetch(new URL(href!, APP_URL), { headers: { Cookie: admin.cookie() }, redirect: 'manual' })
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  expect(res.headers.get('content-disposition')).toContain('jatuh-tempo-stnk-kir_')
  const body = Buffer.from(await res.arrayBuffer())
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = body.subarray(3).toString('utf8').trimEnd().split('\r\n')
  expect(lines).toEqual([
    'No;No Kabin;No Pol;Dokumen;Tanggal Jatuh Tempo;Sisa Hari;Keterangan',
    `1;${v.no_kabin};G 4545 JT;KIR;${dmy(v.kir)};-3;lewat 3 hari`,
    `2;${v.no_kabin};G 4545 JT;STNK;${dmy(v.stnk)};45;45 hari lagi`,
  ])
})

test.concurrent('Cetak and Unduh CSV need the print grant', async () => {
  const { user, password } = await createUser('jt')
  await setGrants(user.id, { 'Jatuh Tempo STNK & KIR': ['search'] })
  const c = await loginAs(user.kode_user, password)
  const doc = await openPage(c, '/admin/jatuh-tempo?hari=30')
  expect(rowTexts(doc)[0]).toContain('K-103')
  expect(links(doc, 'Cetak')).toHaveLength(0)
  expect(links(doc, 'Unduh CSV')).toHaveLength(0)
  expect((await c.get('/admin/jatuh-tempo/csv?hari=30')).status).toBe(403)
  expect((await c.get('/admin/jatuh-tempo/cetak?hari=30')).status).toBe(403)
})
