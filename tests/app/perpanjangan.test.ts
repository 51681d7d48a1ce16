/**
 * Perpanjangan STNK & KIR as the server renders it (plain HTTP, no browser): a renewed STNK on the
 * vehicle's detail, off the dashboard's due panel and on Laporan Biaya Perpanjangan; a posted renewal's
 * refused Update and Bukti Perpanjangan. Every test makes its own vehicle through the api
 * (tests/perpanjangan-records.ts): the dashboard's is 5 days past due, as in the e2e file, and renewed
 * at once. What stays in tests/e2e/perpanjangan.test.ts: the form's saves and refusal, the row menu and
 * Delete both ways, and the page against an upstream without the extension (the faulty server of the
 * e2e run).
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, loginAs, type Client } from './http'
import { byText, headingTexts, named, openPage, text, type Element } from './html'
import { unique, upstream } from './upstream'
import { inDays, renewalRecords, today } from '../perpanjangan-records'

const { dueVehicle, renewal } = renewalRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const open = (path: string, status?: number) => openPage(admin, path, status)
/** The one element of `root` matching `selector` named `name`. */
function one(root: Element, selector: string, name: string): Element {
  const found = named(root, selector, name)
  expect(found, `${selector} ${name}`).toHaveLength(1)
  return found[0]!
}
const rowsWith = (root: Element, s: string) => root.querySelectorAll('tbody tr').filter((tr) => text(tr).includes(s))
function byTestId(root: Element, id: string): Element {
  const found = root.querySelectorAll(`[data-testid="${id}"]`)
  expect(found, `data-testid=${id}`).toHaveLength(1)
  return found[0]!
}

test.concurrent("a renewed STNK: on the vehicle's detail, off the dashboard's due panel, its cost on the report", async () => {
  const v = await dueVehicle({ stnk: inDays(-5), kir: null })
  await renewal(v.id, 'STNK')

  // The vehicle's detail lists the renewal.
  const detail = one(await open(`/admin/kendaraan/${v.id}`), '[role="dialog"], dialog', 'Detail Kendaraan')
  // One region of this name (the section); the table's scroll box inside it has a name of its own.
  const section = one(detail, '[role="region"], section', 'Riwayat Perpanjangan STNK & KIR')
  expect(named(section, '[role="region"]', 'Tabel perpanjangan (geser ke samping)')).toHaveLength(1)
  const renewals = section.querySelectorAll('tbody tr').map(text)
  expect(renewals).toEqual([expect.stringMatching(/STNK.*Rp\s1\.850\.000/)])

  // It left the dashboard's due panel.
  const dashboard = await open('/admin/dashboard')
  expect(headingTexts(dashboard)).toContain('STNK & KIR jatuh tempo (30 hari)')
  expect(rowsWith(dashboard, v.noKabin)).toHaveLength(0)

  const report = await open(`/admin/laporan-biaya-perpanjangan?tanggal_awal=${today()}&tanggal_akhir=${today()}&q=${v.noKabin}`)
  expect(headingTexts(report, 1)).toContain('Laporan Biaya Perpanjangan')
  const row = rowsWith(report, v.noKabin)
  expect(row).toHaveLength(1)
  expect(text(row[0])).toContain('1.850.000')
  expect(text(byTestId(report, 'laporan-perpanjangan-total'))).toContain('Total STNK:Rp 1.850.000')
  expect(text(byTestId(report, 'laporan-perpanjangan-total'))).toContain('Total KIR:Rp 0')
})

test.concurrent(
  'a posted renewal refuses Update with a reason; Bukti Perpanjangan shows the amount in words and the signatures',
  async () => {
    const v = await dueVehicle({ stnk: null, kir: inDays(200) })
    const doc = await renewal(v.id)
    expect((await (await upstream()).post(`/api/perpanjangan/${doc.id}/posting`)).status).toBe(200)
    const edit = await open(`/admin/perpanjangan-stnk/${doc.id}/edit`, 409)
    expect(text(edit)).toContain('Perpanjangan ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.')

    const bukti = await open(`/admin/perpanjangan-cetak/${doc.id}`)
    expect(headingTexts(bukti)).toContain('Bukti Perpanjangan')
    expect(text(bukti)).toContain(doc.kode_perpanjangan)
    expect(text(bukti)).toContain(v.noKabin)
    expect(bukti.querySelectorAll('td, th').filter((c) => text(c) === '1.850.000')).toHaveLength(1)
    expect(text(bukti)).toContain('Satu juta delapan ratus lima puluh ribu rupiah')
    for (const role of ['Dibuat oleh', 'Diperiksa oleh', 'Disetujui oleh']) expect(byText(bukti, role).length, role).toBeGreaterThan(0)
  },
)
