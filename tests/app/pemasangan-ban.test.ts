/**
 * Pemasangan Ban as the server renders it and the rules it applies (plain HTTP, no browser): the create
 * form's refusals, a held position's dialog, the invoice, a posted fitting's read-only edit screen, the
 * grants of a Show-only user and the axle diagram of each vehicle size. Every test makes its own vehicle
 * and tyres through the reference api (a vehicle type of its own, so positions are never shared).
 * The dialogs, the row menu and the layout at 1280 px stay in tests/e2e/pemasangan-ban.test.ts.
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, loginAs, SAME_ORIGIN, type Client } from './http'
import { byText, buttons, headingTexts, links, named, rows, text, type Element, openPage } from './html'
import { createUser, setGrants, unique, upstream } from './upstream'
import { fittingRecords, type Vehicle } from '../pemasangan-records'

const q = (s: string) => `q=${encodeURIComponent(s)}`

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const { makeVehicle, makeTyres, staged, fittings, tyreStatus, makeFitting } = fittingRecords(upstream, unique)

const createUrl = (v: Vehicle) => `/admin/create-pemasangan-ban?kendaraan_id=${v.id}`

const open = openPage
const shows = (doc: Element, s: string) => expect(text(doc)).toContain(s)
/** The row menu's items of the list row holding `s` (without JavaScript the menu is in the page, under Aksi). */
function menuItems(doc: Element, s: string): string[] {
  const row = doc.querySelectorAll('tbody tr').find((tr) => text(tr).includes(s))
  expect(row, `the row of ${s}`).toBeTruthy()
  return row!.querySelectorAll('[role="menuitem"]').map(text)
}

test.concurrent('the create form without a vehicle id, or with an unknown one, says so', async () => {
  shows(await open(admin, '/admin/create-pemasangan-ban', 400), 'ID kendaraan tidak tersedia.')
  shows(await open(admin, '/admin/create-pemasangan-ban?kendaraan_id=99999999', 404), 'Kendaraan tidak ditemukan.')
})

test.concurrent(
  "a position held by the vehicle's registered fitting shows its tyre and that fitting; it is not offered again",
  async () => {
    const { v, tyres, fitting } = await makeFitting(['2D'])
    const form = await open(admin, createUrl(v))
    const link = links(form, `Posisi 2D, ${tyres[0]}, ${fitting.kode_pemasangan}`)
    expect(link).toHaveLength(1)
    const doc = await open(admin, link[0]!.getAttribute('href')!.replace(/&amp;/g, '&'))
    const dialog = named(doc, '[role="dialog"], dialog', 'Form Input Pemasangan Ban (2D)')
    expect(dialog).toHaveLength(1)
    expect(text(dialog[0])).toContain(`Posisi 2D sudah terisi ban dari pemasangan ${fitting.kode_pemasangan}.`)
    expect(dialog[0]!.querySelectorAll('select[name=no_seri]')).toHaveLength(0)
    const buka = links(dialog[0]!, 'Buka Pemasangan')
    expect(buka).toHaveLength(1)
    expect(buka[0]!.getAttribute('href')).toBe(`/admin/inquery-pemasangan-ban/edit/${fitting.id}`)
  },
)

test.concurrent('invoice: code, vehicle, the tyre table, Grand Total in words and the signatures; unknown ids say so', async () => {
  const { v, tyres, fitting } = await makeFitting(['1A', '2B'])
  const doc = await open(admin, `/admin/pemasangan-detail/${fitting.id}?back=${encodeURIComponent('/admin/pemasangan-ban?q=x')}`)
  expect(headingTexts(doc)).toContain('Faktur Pemasangan Ban')
  shows(doc, fitting.kode_pemasangan)
  shows(doc, v.no_kabin)
  const cells = rows(doc).flat()
  for (const s of tyres)
    expect(
      cells.some((c) => c.includes(s)),
      s,
    ).toBe(true)
  shows(doc, 'Rp 3.000.000')
  shows(doc, 'Tiga juta rupiah')
  for (const role of ['Gudang', 'Pemasangan', 'Accounting']) expect(byText(doc, role).length, role).toBeGreaterThan(0)
  const back = links(doc, '← Kembali')
  expect(back).toHaveLength(1)
  expect(back[0]!.getAttribute('href')).toBe('/admin/pemasangan-ban?q=x')
  expect(named(doc, 'nav', 'Menu utama')).toHaveLength(0)

  shows(await open(admin, '/admin/pemasangan-detail/99999999', 404), 'Data tidak ditemukan.')
  const abc = await admin.get('/admin/pemasangan-detail/abc')
  expect(abc.text).toContain('ID pemasangan tidak tersedia.')
})

test.concurrent('a posted fitting: its edit screen is read-only and its position dialog refused', async () => {
  const { fitting } = await makeFitting(['1A'])
  expect((await (await upstream()).post(`/api/inquery-pemasangan-ban/${fitting.id}/posting`)).status).toBe(200)
  expect((await fittings()).find((f) => f.id === fitting.id)?.status).toBe('posting')
  const doc = await open(admin, `/admin/inquery-pemasangan-ban/edit/${fitting.id}`)
  shows(doc, 'Pemasangan ban ini sudah diposting dan tidak dapat diubah.')
  expect(named(doc, '[role="img"], img, svg', /^Posisi 1A, /).length).toBeGreaterThan(0)
  expect(links(doc, /^Posisi /)).toHaveLength(0)
  expect(buttons(doc, 'Update')).toHaveLength(0)
  expect((await admin.get(`/admin/inquery-pemasangan-ban/edit/${fitting.id}/posisi/2A`)).status).toBe(409)
})

test.concurrent(
  'grants: Show only on Pemasangan Ban gives no Tambah, a row menu of Show alone, and 403 on the fitting forms and actions',
  async () => {
    const { user, password } = await createUser('fit')
    await setGrants(user.id, { 'Pemasangan Ban': ['show'] })
    const { v, tyres, fitting } = await makeFitting(['1A'])
    const [b] = await makeTyres(1)
    const c = await loginAs(user.kode_user, password)
    const list = await open(c, `/admin/pemasangan-ban?${q(fitting.kode_pemasangan)}`)
    expect(links(list, 'Tambah')).toHaveLength(0)
    expect(menuItems(list, fitting.kode_pemasangan)).toEqual(['Show', 'Riwayat'])
    for (const path of [
      createUrl(v),
      `/admin/pemasangan-ban/tambah`,
      `/admin/pemasangan-ban/${fitting.id}/hapus`,
      `/admin/inquery-pemasangan-ban/edit/${fitting.id}`,
    ]) {
      expect((await c.get(path)).status, path).toBe(403)
    }
    const post = (path: string, form: Record<string, string>) => c.post(path, { form, headers: SAME_ORIGIN })
    expect(
      (await post(`/admin/create-pemasangan-ban/posisi/2A?kendaraan_id=${v.id}`, { no_seri: b!, km_pemasangan: String(v.km + 1000) }))
        .status,
    ).toBe(403)
    expect((await post(`/admin/pemasangan-ban?${q(fitting.kode_pemasangan)}`, { intent: 'posting', id: String(fitting.id) })).status).toBe(
      403,
    )
    expect((await post(`/admin/pemasangan-ban/${fitting.id}/hapus`, { intent: 'hapus' })).status).toBe(403)
    expect(await staged(v)).toEqual([])
    expect((await fittings()).find((f) => f.id === fitting.id)?.status).toBe('unpost')
    expect(await tyreStatus(tyres[0]!)).toBe('terpasang')
    // Show still works: the invoice.
    expect((await c.get(`/admin/pemasangan-detail/${fitting.id}`)).status).toBe(200)
  },
)

for (const [total, count] of [
  [6, 6],
  [10, 10],
  [18, 18],
  [22, 22],
  [7, 6],
] as const) {
  test.concurrent(`the diagram of a ${total}-tyre vehicle has ${count} positions`, async () => {
    const v = await makeVehicle(total)
    const doc = await open(admin, createUrl(v))
    expect(links(doc, /^Posisi \d[A-D], kosong$/)).toHaveLength(count)
    const notes = doc.querySelectorAll('[role="note"]')
    if (total === 7) expect(notes.map(text).join(' ')).toContain('Jumlah ban 7 tidak dikenal')
    else expect(notes).toHaveLength(0)
  })
}
