/**
 * Riwayat Ban as the server renders it (plain HTTP, no browser): a tyre's card with the QR code of
 * its page, its history newest first and its cost per km; the 404 of an unknown tyre; its QR address
 * after a login; the labels of a purchase's tyres. Every tyre is made through the reference api with
 * known numbers. The serial link of the purchase invoice, clicked with JavaScript on and off, stays in
 * tests/e2e/riwayat-ban.test.ts.
 */
import { beforeAll, expect, test } from 'vitest'
import { qrFor } from '../../app/server/qr.server'
import { banRecords } from '../ban-records'
import { ADMIN, APP_URL, client, loginAs, SAME_ORIGIN, type Client } from './http'
import { alerts, byText, headingTexts, links, named, page, text, openPage } from './html'
import { unique, upstream } from './upstream'

const { buyTyres, firstSupplier, fit, makeVehicle, removeTyres, serial } = banRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const open = openPage
const article = (doc: ReturnType<typeof page>, name: string) => {
  const found = named(doc, 'article', name)
  expect(found, `the article '${name}'`).toHaveLength(1)
  return found[0]!
}

/**
 * A tyre bought for Rp 1.400.000, fitted at 10.000 km (target 80.000 km), removed at 30.000 km to the
 * retreader and received back for Rp 200.000: 20.000 km for Rp 1.600.000 → Rp 80/km, 25,0% of target.
 */
async function retreadedTyre() {
  const [t] = await buyTyres([{ no_seri: serial('RW'), harga: 1_400_000 }])
  const v = await makeVehicle(10_000)
  await fit(v, [t!], 10_000, 80_000)
  await removeTyres(v, [{ posisi: '1A', km: 30_000, tujuan: 'vulkanisir' }])
  const supplier = await firstSupplier()
  const r = await (await upstream()).post(`/api/ban/${t!.id}/terima-vulkanisir`, { supplier_id: supplier.id, biaya: 200_000 })
  expect(r.status, JSON.stringify(r.json)).toBe(200)
  return { t: t!, v, supplier }
}

test.concurrent('the summary: total km, total cost, cost per km and the progress toward the target', async () => {
  const { t } = await retreadedTyre()
  const doc = await open(admin, `/admin/ban/${t.id}`)
  expect(headingTexts(doc, 1)).toContain('Riwayat Ban')
  const summary = article(doc, 'Ringkasan Biaya')
  const shown = text(summary)
  expect(shown).toContain('Harga BeliRp 1.400.000')
  expect(shown).toContain('Biaya VulkanisirRp 200.000')
  expect(shown).toContain('Total BiayaRp 1.600.000')
  expect(shown).toContain('Total Km20.000 km')
  expect(shown).toContain('Biaya per KmRp 80/km')
  expect(shown).toContain('Target Km80.000 km')
  const bar = named(summary, '[role="progressbar"]', /Progres menuju target/)
  expect(bar).toHaveLength(1)
  expect(bar[0]!.getAttribute('aria-valuenow')).toBe('25')
  expect(bar[0]!.getAttribute('aria-valuetext')).toBe('25,0% dari target 80.000 km')
})

test.concurrent('the card and the timeline, newest first: received, removed, fitted, bought', async () => {
  const { t, v, supplier } = await retreadedTyre()
  const doc = await open(admin, `/admin/ban/${t.id}`)
  const card = text(article(doc, 'Kartu Ban'))
  expect(card).toContain(`No Seri${t.no_seri}`)
  expect(card).toContain(`Kode Ban${t.kode_ban}`)
  expect(card).toContain('KondisiKANISIR')
  expect(card).toContain('Jumlah Vulkanisir1')
  expect(card).toContain('Lokasi—')
  const items = doc.querySelectorAll('ol > li')
  expect(items.map((li) => text(li.querySelector('h3')))).toEqual([
    'Diterima dari vulkanisir',
    'Dilepas ke vulkanisir',
    'Dipasang',
    'Dibeli',
  ])
  expect(text(items[0])).toContain('Rp 200.000')
  expect(text(items[1])).toContain('Km Pelepasan30.000 km')
  expect(text(items[1])).toContain('Km Tempuh20.000 km')
  expect(text(items[1])).toContain('AlasanKe Vulkanisir')
  expect(text(items[2])).toContain(`Kendaraan${v.no_kabin} · 1A`)
  expect(text(items[2])).toContain('Km Pemasangan10.000 km')
  expect(text(items[3])).toContain(`Supplier${supplier.nama_supp}`)
  expect(text(items[3])).toContain('HargaRp 1.400.000')
  // The purchase document links to its invoice (the admin may open it).
  const invoice = links(items[3]!, t.kodePembelian)
  expect(invoice).toHaveLength(1)
  expect(invoice[0]!.getAttribute('href')).toMatch(new RegExp(`/admin/pembelian-detail/${t.pembelianId}$`))
  await open(admin, invoice[0]!.getAttribute('href')!)
})

test.concurrent('a tyre still fitted: its place, and cost per km not yet known', async () => {
  const [t] = await buyTyres([{ no_seri: serial('RF'), harga: 900_000 }])
  const v = await makeVehicle(5_000)
  await fit(v, [t!], 5_000)
  const doc = await open(admin, `/admin/ban/${t!.id}`)
  expect(text(article(doc, 'Kartu Ban'))).toContain(`Lokasi${v.no_kabin} · 1A`)
  expect(text(article(doc, 'Ringkasan Biaya'))).toContain('Biaya per KmBelum ada km tempuh')
})

test.concurrent('the QR code (150 px) encodes the absolute address of the page', async () => {
  const [t] = await buyTyres([{ no_seri: serial('RQ'), harga: 100_000 }])
  const doc = await open(admin, `/admin/ban/${t!.id}`)
  const url = `${APP_URL}/admin/ban/${t!.id}`
  const svg = named(doc, '[role="img"]', `QR code Riwayat Ban ${t!.no_seri}`)
  expect(svg).toHaveLength(1)
  expect(svg[0]!.getAttribute('width')).toBe('150')
  expect(svg[0]!.querySelector('path')?.getAttribute('d')).toBe(qrFor(url)!.path)
  expect(byText(doc, url)).not.toHaveLength(0)
})

test.concurrent("the QR's address opens the page after a login", async () => {
  const [t] = await buyTyres([{ no_seri: serial('RL'), harga: 100_000 }])
  const c = client()
  const away = await c.get(`/admin/ban/${t!.id}`)
  expect(away.status).toBe(302)
  expect(away.headers.get('location') ?? '').toMatch(new RegExp(`/login\\?redirectTo=%2Fadmin%2Fban%2F${t!.id}$`))
  const res = await c.post('/login', {
    form: { kode_user: ADMIN.kode_user, password: ADMIN.password, redirectTo: `/admin/ban/${t!.id}` },
    headers: SAME_ORIGIN,
  })
  expect(res.status).toBe(302)
  expect(res.headers.get('location') ?? '').toMatch(new RegExp(`/admin/ban/${t!.id}$`))
  expect(text(article(await open(c, res.headers.get('location')!), 'Kartu Ban'))).toContain(t!.no_seri)
})

test.concurrent('an unknown tyre: 404 with a clear message in the shell', async () => {
  const res = await admin.get('/admin/ban/987654321')
  expect(res.status).toBe(404)
  const doc = page(res)
  expect(alerts(doc).join(' ')).toContain('Ban tidak ditemukan.')
  expect(doc.querySelectorAll('nav').some((nav) => nav.getAttribute('aria-label') === 'Menu utama')).toBe(true)
})

test.concurrent('Cetak label: one label per tyre of the purchase, each with its QR to its history', async () => {
  const prefix = serial('RB')
  const tyres = await buyTyres(['1', '2', '3'].map((n) => ({ no_seri: `${prefix}${n}`, harga: 100_000 })))
  const invoice = await open(admin, `/admin/pembelian-detail/${tyres[0]!.pembelianId}`)
  // The invoice keeps its own buttons beside Cetak label.
  expect(links(invoice, '← Kembali')).not.toHaveLength(0)
  const cetak = links(invoice, 'Cetak label')
  expect(cetak).toHaveLength(1)
  expect(cetak[0]!.getAttribute('href')).toMatch(new RegExp(`/admin/label-ban/${tyres[0]!.pembelianId}$`))
  const labels = (await open(admin, cetak[0]!.getAttribute('href')!)).querySelectorAll('[data-label-ban]')
  expect(labels).toHaveLength(3)
  for (const [i, t] of tyres.entries()) {
    const label = labels[i]!
    expect(text(label)).toContain(t.no_seri)
    expect(text(label)).toContain(t.kode_ban)
    const url = `${APP_URL}/admin/ban/${t.id}`
    expect(label.getAttribute('data-qr-url')).toBe(url)
    expect(label.querySelector('path')?.getAttribute('d')).toBe(qrFor(url)!.path)
  }
})
