/**
 * Pelepasan Ban as the server renders it and the rules it applies (plain HTTP, no browser): the
 * upstream's own km refusal, a freed position fitted again, a posted removal's refusals, the print page
 * and a position's whole walk fit → remove → fit → remove through the screens' forms. Every test makes
 * its own vehicle, tyres and fitting through the api (tests/pelepasan-records.ts).
 * What stays in tests/e2e/pelepasan-ban.test.ts: the dialogs, the row menu and the confirmations both
 * ways, the phone width, and the page against an upstream without the extension (the faulty server of
 * the e2e run).
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, loginAs, type Client } from './http'
import { follow, headingTexts, links, named, openPage, submit, text, type Element } from './html'
import { unique, upstream } from './upstream'
import { banRecords } from '../ban-records'
import { removalRecords, type Vehicle } from '../pelepasan-records'

const { serial, newVehicle, fittedVehicle, removalOf, removals, tyreOf, historyOf } = removalRecords(upstream, unique)
const { buyTyres } = banRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const open = (path: string, status?: number) => openPage(admin, path, status)
const createUrl = (v: Vehicle) => `/admin/create-pelepasan-ban?kendaraan_id=${v.id}`
/** The href of the one link named `name` (entities decoded). */
function hrefOf(doc: Element, name: string | RegExp): string {
  const found = links(doc, name)
  expect(found, `the link ${String(name)}`).toHaveLength(1)
  return found[0]!.getAttribute('href')!.replace(/&amp;/g, '&')
}
/** The dialog named `name` of the page (a route dialog is in the page without JavaScript). */
function dialog(doc: Element, name: string): Element {
  const found = named(doc, '[role="dialog"], dialog', name)
  expect(found, `the dialog ${name}`).toHaveLength(1)
  return found[0]!
}
/** The flash messages (role status) of a page. */
const flashes = (doc: Element) => doc.querySelectorAll('[role="status"]').map(text)
const flashed = (doc: Element, message: string) =>
  expect(
    flashes(doc).some((f) => f.includes(message)),
    message,
  ).toBe(true)

/** Opens the dialog of fitted position `posisi` from the removal screen at `screen` and posts it filled. */
async function removeAt(screen: string, posisi: string, noSeri: string, f: Record<string, string>) {
  const path = hrefOf(await open(screen), `Posisi ${posisi}, ${noSeri}`)
  const d = dialog(await open(path), `Form Pelepasan Ban (${posisi})`)
  expect(text(d)).toContain(noSeri)
  return submit(admin, d, 'Lepas Ban', path, f)
}

test.concurrent('the upstream’s own km refusal (422) shows beside Km Pelepasan', async () => {
  // Straight to the upstream with a km the app does not check (the fitting km is the api's rule too).
  const { v } = await fittedVehicle(['1A'])
  const r = await (
    await upstream()
  ).post('/api/pelepasan-ban/detail-ban', { kendaraan_id: v.id, posisi_ban: '1A', km_pelepasan: 1, alasan: 'Habis', tujuan: 'stok' })
  expect(r.status).toBe(422)
  expect(r.json.errors.km_pelepasan).toEqual(['Km Pelepasan tidak boleh di bawah Km Pemasangan (50.100).'])
  const doc = await open(`/admin/create-pelepasan-ban/posisi/2A?kendaraan_id=${v.id}`)
  expect(text(dialog(doc, 'Form Pelepasan Ban (2A)'))).toContain('Tidak ada ban terpasang di posisi ini.')
})

test.concurrent('a freed position takes a new fitting at once', async () => {
  const { v, tyres } = await fittedVehicle(['3A'])
  const res = await removeAt(createUrl(v), '3A', tyres[0]!, { km_pelepasan: '52000', alasan: 'Rotasi/Pindah' })
  flashed(await follow(admin, res), 'Ban posisi 3A berhasil dilepas.')
  const api = await upstream()
  const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]!
  const fresh = serial('PLN')
  expect(
    (await api.post('/api/pembelian-ban/add', { supplier_id: supplier.id, ban: [{ no_seri: fresh, kondisi_ban: 'BARU', harga: 900_000 }] }))
      .status,
  ).toBe(201)
  const r = await api.post('/api/pemasangan-ban/detail-ban', {
    kendaraan_id: v.id,
    km_pemasangan: 52_000,
    posisi_ban: '3A',
    no_seri: fresh,
    target_presentase: 70000,
  })
  expect(r.status).toBe(201)
  // The removed tyre went back to stock as BEKAS.
  expect(await tyreOf(tyres[0]!)).toMatchObject({ status: 'stok', kondisi_ban: 'BEKAS' })
})

test.concurrent('a posted removal: Update and Delete refused with a reason', async () => {
  const { v } = await fittedVehicle(['1A', '1B'])
  const doc = await removalOf(v, '1A')
  expect((await (await upstream()).post(`/api/pelepasan-ban/${doc.id}/posting`)).status).toBe(200)
  const edit = await open(`/admin/pelepasan-ban/edit/${doc.id}`)
  expect(text(edit)).toContain('Pelepasan ban ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.')
  expect(links(edit, /^Posisi /)).toHaveLength(0)
  expect((await admin.get(`/admin/pelepasan-ban/edit/${doc.id}/posisi/1B`)).status).toBe(409)
  const del = await open(`/admin/pelepasan-ban/${doc.id}/hapus`, 409)
  expect(text(del)).toContain('Pelepasan ban ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.')
})

test.concurrent('Show: the print page lists the lines with km run, reason and destination', async () => {
  const { v, tyres } = await fittedVehicle(['1A'])
  const doc = await removalOf(v, '1A')
  const print = await open(`/admin/pelepasan-detail/${doc.id}`)
  expect(headingTexts(print)).toContain('Faktur Pelepasan Ban')
  const row = print.querySelectorAll('tbody tr').filter((tr) => text(tr).includes(tyres[0]!))
  expect(row).toHaveLength(1)
  expect(text(row[0])).toContain('1A')
  expect(text(row[0])).toContain('50.100')
  expect(text(row[0])).toContain('60.000')
  expect(text(row[0])).toContain('9.900')
  expect(text(row[0])).toContain('Habis')
  expect(text(row[0])).toContain('Stok')
  expect(text(print)).not.toContain('Grand Total')
})

/** A new 6-tyre vehicle at km 12.000 and `n` tyres in stock (one purchase). */
async function vehicleAndTyres(n: number) {
  const v = await newVehicle({ totalBan: 6, km: 12_000, prefix: 'KBS' })
  const tyres = await buyTyres(Array.from({ length: n }, (_, i) => ({ no_seri: serial(`SK${i}`), harga: 1_000_000 })))
  return { v, tyres: tyres.map((t) => t.no_seri), ids: tyres.map((t) => t.id) }
}

/** Stok Ban's "where it is" of a tyre: the text of its one row. */
async function stokRow(noSeri: string) {
  const doc = await open(`/admin/ban?q=${encodeURIComponent(noSeri)}`)
  const found = doc.querySelectorAll('tbody tr').filter((tr) => text(tr).includes(noSeri))
  expect(found, `the Stok Ban row of ${noSeri}`).toHaveLength(1)
  return text(found[0])
}

test.concurrent(
  'a position goes fit → remove → fit → remove through the screens, the removal registered and posted',
  { timeout: 120_000 },
  async () => {
    const { v, tyres, ids } = await vehicleAndTyres(3)
    const [a, b, c] = tyres as [string, string, string]
    const fittingUrl = `/admin/create-pemasangan-ban?kendaraan_id=${v.id}`

    /** Fits `noSeri` on a free position through the fitting screen's dialog; the screen shows it there. */
    async function fitAt(posisi: string, noSeri: string, km: string) {
      const path = hrefOf(await open(fittingUrl), `Posisi ${posisi}, kosong`)
      const d = dialog(await open(path), `Form Input Pemasangan Ban (${posisi})`)
      const screen = await follow(admin, await submit(admin, d, 'Simpan', path, { no_seri: noSeri, km_pemasangan: km }))
      expect(links(screen, `Posisi ${posisi}, ${noSeri}`)).toHaveLength(1)
    }
    /** Simpan of a screen: the redirect to `list`, whose page flashes `message`. */
    async function save(screenUrl: string, list: string, message: string) {
      const res = await submit(admin, await open(screenUrl), 'Simpan', screenUrl)
      expect(res.headers.get('location')).toBe(list)
      flashed(await follow(admin, res), message)
    }

    // 1. Pemasangan Ban fits a on 1A and b on 1B.
    await fitAt('1A', a, '12000')
    await fitAt('1B', b, '12000')
    await save(fittingUrl, '/admin/pemasangan-ban', 'Data pemasangan ban berhasil disimpan.')
    const first = (
      (await (await upstream()).get('/api/pemasangan-ban')).json as { id: number; kode_pemasangan: string; kendaraan_id: number }[]
    ).find((f) => f.kendaraan_id === v.id)!
    expect(await stokRow(a)).toContain(`${v.no_kabin} · 1A`)

    // 2. Pelepasan Ban takes a off (to the retreader) and b (scrapped); Simpan, then Posting.
    flashed(
      await follow(admin, await removeAt(createUrl(v), '1A', a, { km_pelepasan: '42.000', alasan: 'Ke Vulkanisir' })),
      'Ban posisi 1A berhasil dilepas.',
    )
    flashed(
      await follow(admin, await removeAt(createUrl(v), '1B', b, { km_pelepasan: '37.000', alasan: 'Pecah' })),
      'Ban posisi 1B berhasil dilepas.',
    )
    await save(createUrl(v), '/admin/pelepasan-ban', 'Data pelepasan ban berhasil disimpan.')
    const doc = (await removals()).find((r) => r.kendaraan_id === v.id)!
    const listUrl = `/admin/pelepasan-ban?q=${encodeURIComponent(doc.kode_pelepasan)}`
    const row = (await open(listUrl)).querySelectorAll('tbody tr').find((tr) => text(tr).includes(doc.kode_pelepasan))
    expect(row, 'the removal’s row').toBeTruthy()
    flashed(await follow(admin, await submit(admin, row!, 'Posting', listUrl)), 'Dokumen berhasil diposting.')
    expect(await stokRow(a)).not.toContain(v.no_kabin)

    // The first fitting's own screen: its positions are free, its lines say 'dilepas' (no delete).
    const firstScreen = await open(`/admin/inquery-pemasangan-ban/edit/${first.id}`)
    expect(links(firstScreen, 'Posisi 1A, kosong')).toHaveLength(1)
    const region = named(firstScreen, '[role="region"], section', 'Detail Ban Terpasang')
    expect(region).toHaveLength(1)
    const line = region[0]!.querySelectorAll('tbody tr').filter((tr) => text(tr).includes(a))
    expect(line).toHaveLength(1)
    expect(text(line[0])).toContain('dilepas')
    expect(links(firstScreen, 'Hapus ban posisi 1A')).toHaveLength(0)

    // 3. a comes back from the retreader.
    const supplier = ((await (await upstream()).get('/api/supplier')).json as { id: number }[])[0]!
    expect(
      (await (await upstream()).post(`/api/ban/${ids[0]}/terima-vulkanisir`, { supplier_id: supplier.id, biaya: 400_000 })).status,
    ).toBe(200)

    // 4. Pemasangan Ban → the same vehicle: 1A and 1B are free and take a and c.
    const again = await open(fittingUrl)
    expect(links(again, /^Posisi 1[AB], /).map((l) => l.getAttribute('aria-label') ?? text(l))).toEqual([
      expect.stringMatching(/kosong/),
      expect.stringMatching(/kosong/),
    ])
    expect(text(again)).not.toContain('pemasangan lain')
    const free = await open(hrefOf(again, 'Posisi 1A, kosong'))
    expect(dialog(free, 'Form Input Pemasangan Ban (1A)').querySelectorAll('select[name=no_seri]')).toHaveLength(1)
    await fitAt('1A', a, '42000')
    await fitAt('1B', c, '42000')
    await save(fittingUrl, '/admin/pemasangan-ban', 'Data pemasangan ban berhasil disimpan.')
    expect(await stokRow(a)).toContain(`${v.no_kabin} · 1A`)
    expect(await historyOf(ids[0]!)).toEqual(['beli', 'pasang', 'lepas', 'terima_vulkanisir', 'pasang'])
    const kartu = named(await open(`/admin/ban/${ids[0]}`), 'article, [role="article"]', 'Kartu Ban')
    expect(kartu).toHaveLength(1)
    expect(text(kartu[0])).toContain(`Lokasi${v.no_kabin} · 1A`)

    // 5. The removal screen lists a as fitted again on 1A: it is taken off once more.
    const removed = await follow(admin, await removeAt(createUrl(v), '1A', a, { km_pelepasan: '50.000', alasan: 'Habis', tujuan: 'stok' }))
    flashed(removed, 'Ban posisi 1A berhasil dilepas.')
    expect(named(removed, '[role="img"], img, svg', `Posisi 1A, kosong, dilepas ${a}`).length).toBeGreaterThan(0)
    await save(createUrl(v), '/admin/pelepasan-ban', 'Data pelepasan ban berhasil disimpan.')
    expect(await stokRow(a)).not.toContain(v.no_kabin)
    expect(await historyOf(ids[0]!)).toEqual(['beli', 'pasang', 'lepas', 'terima_vulkanisir', 'pasang', 'lepas'])
    const last = await open(fittingUrl)
    expect(links(last, 'Posisi 1A, kosong')).toHaveLength(1)
    expect(links(last, new RegExp(`^Posisi 1B, ${c}, PM\\d{6}$`))).toHaveLength(1)
  },
)
