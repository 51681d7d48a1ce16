/**
 * Rotasi Ban as the server renders it and the rules it applies (plain HTTP, no browser): a tyre moved
 * to an empty position, and a posted rotation's refusals and its Show page. Every test makes its own
 * vehicle, tyres and fitting through the api (tests/rotasi-records.ts). What stays in
 * tests/e2e/rotasi-ban.test.ts: the dialog's saves and refusals and the row menu both ways, the phone
 * width, and the page against an upstream without the extension (the faulty server of the e2e run).
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, loginAs, type Client } from './http'
import { buttons, field, follow, links, named, openPage, submit, text, type Element } from './html'
import { unique, upstream } from './upstream'
import { rotationRecords, type Vehicle } from '../rotasi-records'

const { fittedVehicle, rotationOf, rotations, layout } = rotationRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const open = (path: string, status?: number) => openPage(admin, path, status)
const createUrl = (v: Vehicle) => `/admin/create-rotasi-ban?kendaraan_id=${v.id}`
/** The one element of `root` matching `selector` named `name`. */
function one(root: Element, selector: string, name: string | RegExp): Element {
  const found = named(root, selector, name)
  expect(found, `${selector} ${String(name)}`).toHaveLength(1)
  return found[0]!
}
const flashed = (doc: Element, message: string) =>
  expect(
    doc.querySelectorAll('[role="status"]').some((s) => text(s).includes(message)),
    message,
  ).toBe(true)
/** The rows of the region 'Detail Pemindahan Ban', as texts. */
const moves = (doc: Element) => one(doc, '[role="region"], section', 'Detail Pemindahan Ban').querySelectorAll('tbody tr').map(text)

// The dialog's save is seen both ways in the e2e file; where the tyre goes is the server's.
test.concurrent('a tyre moves to an empty position, which it then holds', async () => {
  const { v, tyres } = await fittedVehicle(['2A'])
  const path = one(await open(createUrl(v)), 'a[href]', `Posisi 2A, ${tyres[0]}`)
    .getAttribute('href')!
    .replace(/&amp;/g, '&')
  const dialog = one(await open(path), '[role="dialog"], dialog', 'Pindahkan Ban (2A)')
  expect(text(dialog)).toContain(tyres[0])
  const to = field(dialog, 'Pindahkan ke')!
  const options = to.querySelectorAll('option').filter((o) => text(o).includes('2D — kosong'))
  expect(options).toHaveLength(1)
  const doc = await follow(
    admin,
    await submit(admin, dialog, 'Pindahkan', path, {
      [to.getAttribute('name')!]: options[0]!.getAttribute('value')!,
      [field(dialog, 'Km Rotasi')!.getAttribute('name')!]: '60000',
    }),
  )
  flashed(doc, 'Ban posisi 2A berhasil dipindahkan.')
  expect(named(doc, '[role="img"], img, svg', 'Posisi 2A, kosong').length).toBeGreaterThan(0)
  expect(links(doc, `Posisi 2D, ${tyres[0]}`)).toHaveLength(1)
  expect(moves(doc).join(' ')).toContain('kosong')
  expect(await layout(v)).toEqual({ '2D': tyres[0] })
})

test.concurrent(
  'a posted rotation is read-only: its dialogs and Delete refused, the upstream refuses a change, Show lists the moves',
  async () => {
    const { v } = await fittedVehicle(['1A', '1B'])
    const doc = await rotationOf(v, '1A', '2A')
    expect((await (await upstream()).post(`/api/rotasi-ban/${doc.id}/posting`)).status).toBe(200)
    expect((await rotations()).find((r) => r.id === doc.id)?.status).toBe('posting')

    const edit = await open(`/admin/rotasi-ban/edit/${doc.id}`)
    expect(text(edit)).toContain('Rotasi ban ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.')
    expect(links(edit, /^Posisi /)).toHaveLength(0)
    expect(buttons(edit, 'Selesai')).toHaveLength(0)
    expect((await admin.get(`/admin/rotasi-ban/edit/${doc.id}/posisi/1B`)).status).toBe(409)
    const del = await open(`/admin/rotasi-ban/${doc.id}/hapus`, 409)
    expect(text(del)).toContain('Rotasi ban ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.')
    // The upstream refuses a change too (422).
    const added = await (
      await upstream()
    ).post('/api/rotasi-ban/detail-ban', {
      kendaraan_id: v.id,
      posisi_asal: '1B',
      posisi_tujuan: '2B',
      km: 60_000,
      rotasi_ban_id: doc.id,
    })
    expect(added.status).toBe(422)

    // Show: the moves, read-only.
    expect(moves(await open(`/admin/rotasi-detail/${doc.id}`)).join(' ')).toContain('1A → 2A')
  },
)
