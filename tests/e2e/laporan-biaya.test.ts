/**
 * Laporan Biaya Ban per Km, JavaScript on and off. Every test makes its own tyres
 * through the api with known numbers — a purchase with prices, fittings at km 1.000, a removal at km
 * 21.000 (to the retreader) dated on a day of the far future no other test uses, the retread's cost —
 * under a merek, supplier and vehicle of its own, and reads the report for that day narrowed to them.
 *
 * The numbers of one fleet (fleet() below): tyre A bought for Rp 2.000.000, run 20.000 km, retread
 * Rp 400.000 → Rp 2.400.000, Rp 120 per km; tyre B bought for Rp 1.800.000, still fitted, 20.000 km so
 * far (the vehicle is at 21.000 since the removal) → Rp 90 per km. The merek: 2 tyres, 40.000 km,
 * Rp 4.200.000, Rp 105 per km.
 */
import type { Page } from '@playwright/test'
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'
import { FAULTY_APP_URL, loginFaulty, withFaultyLock } from './support'

type Tyre = { id: number; kode_ban: string; no_seri: string }
type Fleet = { merek: string; supplier: string; noKabin: string; a: Tyre; b: Tyre }

function freeDay(): string {
  const d = new Date(Date.UTC(2100, 0, 1) + Math.floor(Math.random() * 292_000) * 86_400_000)
  return d.toISOString().slice(0, 10)
}
const period = (day: string) => `tanggal_awal=${day}&tanggal_akhir=${day}`
const flat = (s: string) => s.replace(/\s/g, '')
/** The api answered `status` (else the answer is the failure's message). */
const ok = (r: { status: number; json: unknown }, status = 201) => expect(r.status, JSON.stringify(r.json)).toBe(status)

/** Two tyres of a new merek from a new supplier on a new vehicle: A removed on `day` and retreaded, B still fitted. */
async function fleet(
  day: string,
  opts: { merek?: string; hargaA?: number; hargaB?: number; retread?: number; alasan?: 'Pecah' } = {},
): Promise<Fleet> {
  const api = await upstream()
  const merekName = opts.merek ?? unique('Merek LB')
  const m = await api.post('/api/merek/add', { nama_merek: merekName })
  ok(m)
  const supplierName = unique('PT Biaya')
  const s = await api.post('/api/supplier/add', { nama_supp: supplierName })
  ok(s)
  const supplierId = s.json.data.id as number
  const jenis = ((await api.get('/api/jenis_kendaraan')).json as { id: number; total_ban: number }[]).find((j) => j.total_ban === 6)!
  const noKabin = flat(unique('LB'))
  const k = await api.post('/api/kendaraan/add', { no_kabin: noKabin, jenis_kendaraan_id: jenis.id, km: 1000 })
  ok(k)
  const kendaraanId = k.json.data.id as number
  const seri = [flat(unique('LBA')), flat(unique('LBB'))]
  const beli = await api.post('/api/pembelian-ban/add', {
    supplier_id: supplierId,
    tanggal_awal: '2097-06-15',
    ban: [
      { no_seri: seri[0], kondisi_ban: 'BARU', harga: opts.hargaA ?? 2_000_000, merek_id: m.json.data.id },
      { no_seri: seri[1], kondisi_ban: 'BARU', harga: opts.hargaB ?? 1_800_000, merek_id: m.json.data.id },
    ],
  })
  ok(beli)
  const [a, b] = beli.json.data.detail_ban as Tyre[]
  for (const [posisi, no_seri] of [
    ['1A', seri[0]],
    ['1B', seri[1]],
  ]) {
    ok(await api.post('/api/pemasangan-ban/detail-ban', { kendaraan_id: kendaraanId, km_pemasangan: 1000, posisi_ban: posisi, no_seri }))
  }
  ok(await api.post(`/api/pemasangan-ban/add-pemasangan/${kendaraanId}`, {}))
  ok(
    await api.post('/api/pelepasan-ban/detail-ban', {
      kendaraan_id: kendaraanId,
      posisi_ban: '1A',
      km_pelepasan: 21000,
      alasan: opts.alasan ?? 'Ke Vulkanisir',
      tujuan: opts.alasan ? 'afkir' : 'vulkanisir',
    }),
  )
  ok(await api.post(`/api/pelepasan-ban/add-pelepasan/${kendaraanId}`, { tanggal_awal: day }))
  // A scrapped tyre is not retreaded; its cost is its price.
  if (!opts.alasan) {
    ok(
      await api.post(`/api/ban/${a!.id}/terima-vulkanisir`, { supplier_id: supplierId, biaya: opts.retread ?? 400_000, tanggal: day }),
      200,
    )
  }
  return { merek: merekName, supplier: supplierName, noKabin, a: a!, b: b! }
}

/** The report's group rows (not the rows under them holding the tyres). */
const rows = (page: Page) => page.locator('main table').first().locator(':scope > tbody > tr:not([data-row-detail])')
const url = (day: string, q: string, more = '') => `/admin/laporan-biaya-ban?${period(day)}&q=${encodeURIComponent(q)}${more}`

// What the report shows is the server's: once, without JavaScript. The filter form (a GET) runs both
// ways in the order test, the <details> of a group's tyres in the expanding test.
test('grouped by merek: the km, cost and cost per km of the period, and the total', { tag: ONCE }, async ({ loggedIn: page }) => {
  const day = freeDay()
  const f = await fleet(day)
  await page.goto(url(day, f.merek, '&group=merek'))
  await expect(page.getByRole('columnheader', { name: 'Merek' })).toBeVisible()
  await expect(rows(page)).toHaveCount(1)
  const cells = rows(page).first().locator('td')
  await expect(cells).toHaveText(['1', f.merek, '2', '40.000', 'Rp 4.200.000', 'Rp 105', 'Rp 4.200.000', 'Rp 105'])
  await expect(page.getByTestId('total-jumlah-ban')).toHaveText('2')
  await expect(page.getByTestId('total-km')).toHaveText('40.000')
  await expect(page.getByTestId('total-biaya')).toHaveText('Rp 4.200.000')
  await expect(page.getByTestId('total-biaya-per-km')).toHaveText('Rp 105')
})

test(
  'an approved claim on a tyre: the cost net of it beside the gross, for the group and the total',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    const day = freeDay()
    // Tyre A removed as Pecah at 20.000 km of a 70.000 km target: claim Rp 2.000.000 × 50/70 = Rp 1.428.571.
    const f = await fleet(day, { alasan: 'Pecah' })
    const api = await upstream()
    const line = ((await api.get('/api/klaim-ban/pelepasan?limit=100')).json.data as { id: number; ban: { no_seri: string } }[]).find(
      (l) => l.ban.no_seri === f.a.no_seri,
    )!
    const klaim = await api.post('/api/klaim-ban', { detail_pelepasan_ban_id: line.id, jenis: 'Garansi Supplier', tanggal_awal: day })
    ok(klaim)
    expect(klaim.json.data.nilai_klaim).toBe(1_428_571)
    await page.goto(url(day, f.merek, '&group=merek'))
    // Not approved yet: nothing is taken off (A costs its price, Rp 2.000.000, B Rp 1.800.000).
    await expect(page.getByTestId('total-biaya-bersih')).toHaveText('Rp 3.800.000')
    ok(await api.post(`/api/klaim-ban/${klaim.json.data.id}/setujui`, {}), 200)
    await page.reload()
    const cells = rows(page).first().locator('td')
    // 3.800.000 / 40.000 km = Rp 95 gross; (3.800.000 − 1.428.571) / 40.000 km = Rp 59 net.
    await expect(cells).toHaveText([
      '1',
      f.merek,
      '2',
      '40.000',
      'Rp 3.800.000',
      'Rp 95',
      /^Rp 2\.371\.429\s*klaim disetujui Rp 1\.428\.571$/,
      'Rp 59',
    ])
    await expect(page.getByTestId('total-biaya')).toHaveText('Rp 3.800.000')
    await expect(page.getByTestId('total-klaim')).toHaveText('Rp 1.428.571')
    await expect(page.getByTestId('total-biaya-bersih')).toHaveText('Rp 2.371.429')
    await expect(page.getByTestId('total-bersih-per-km')).toHaveText('Rp 59')
  },
)

test(
  'a tyre fitted and not run yet is counted apart: the cost per km stays that of the tyres that ran',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    const day = freeDay()
    const f = await fleet(day)
    const api = await upstream()
    const merekId = ((await api.get('/api/merek')).json as { id: number; nama_merek: string }[]).find((m) => m.nama_merek === f.merek)!.id
    const supplierId = ((await api.get('/api/supplier')).json as { id: number; nama_supp: string }[]).find(
      (s) => s.nama_supp === f.supplier,
    )!.id
    const kendaraanId = ((await api.get('/api/kendaraan')).json as { id: number; no_kabin: string }[]).find(
      (k) => k.no_kabin === f.noKabin,
    )!.id
    const seri = flat(unique('LBC'))
    ok(
      await api.post('/api/pembelian-ban/add', {
        supplier_id: supplierId,
        tanggal_awal: '2097-06-15',
        ban: [{ no_seri: seri, kondisi_ban: 'BARU', harga: 3_000_000, merek_id: merekId }],
      }),
    )
    // On the position the removal freed, at the vehicle's km: it has run nothing yet.
    ok(
      await api.post('/api/pemasangan-ban/detail-ban', {
        kendaraan_id: kendaraanId,
        km_pemasangan: 21000,
        posisi_ban: '1A',
        no_seri: seri,
      }),
    )
    ok(await api.post(`/api/pemasangan-ban/add-pemasangan/${kendaraanId}`, {}))
    await page.goto(url(day, f.merek, '&group=merek'))
    const cells = rows(page).first().locator('td')
    // 4.200.000 / 40.000 km, not 7.200.000 / 40.000 = Rp 180.
    await expect(cells).toHaveText([
      '1',
      f.merek,
      '3',
      '40.000',
      /^Rp 7\.200\.000\s*Rp 3\.000\.000 belum berjalan \(1 ban\)$/,
      'Rp 105',
      'Rp 7.200.000',
      'Rp 105',
    ])
    await expect(page.getByTestId('total-biaya')).toHaveText('Rp 7.200.000')
    await expect(page.getByTestId('total-biaya-per-km')).toHaveText('Rp 105')
    await expect(page.getByTestId('total-belum-berjalan')).toHaveText('1 ban, Rp 3.000.000 (di luar biaya per km)')
  },
)

test('a removal outside the period leaves the removed tyre out; the still fitted one stays', { tag: ONCE }, async ({ loggedIn: page }) => {
  const day = freeDay()
  const f = await fleet(day)
  const other = day === '2899-12-31' ? '2100-01-01' : new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  await page.goto(url(other, f.merek, '&group=merek'))
  await expect(rows(page).first().locator('td')).toHaveText(['1', f.merek, '1', '20.000', 'Rp 1.800.000', 'Rp 90', 'Rp 1.800.000', 'Rp 90'])
})

test('expanding a group shows its tyres; the still fitted one is marked', async ({ loggedIn: page }) => {
  const day = freeDay()
  const f = await fleet(day)
  await page.goto(url(day, f.merek))
  const tyreA = page.locator(`tr[data-ban="${f.a.no_seri}"]`)
  await expect(tyreA).toBeHidden()
  await page
    .locator('summary')
    .filter({ hasText: `Rincian ban ${f.merek} (2)` })
    .click()
  await expect(tyreA).toBeVisible()
  // Cheapest per km first inside the group too: B (Rp 90) before A (Rp 120).
  const tyres = page.locator('tr[data-ban]')
  await expect(tyres).toHaveCount(2)
  await expect(tyres.nth(0)).toHaveAttribute('data-ban', f.b.no_seri)
  await expect(tyreA.locator('td')).toHaveText([f.a.kode_ban, f.a.no_seri, f.noKabin, '20.000', 'Rp 2.400.000', 'Rp 120', 'Rp 2.400.000'])
  await expect(tyreA).not.toContainText('Masih terpasang')
  const tyreB = page.locator(`tr[data-ban="${f.b.no_seri}"]`)
  await expect(tyreB.locator('td')).toHaveText([
    f.b.kode_ban,
    f.b.no_seri,
    `${f.noKabin}Masih terpasang`,
    '20.000',
    'Rp 1.800.000',
    'Rp 90',
    'Rp 1.800.000',
  ])
  await expect(page.getByText('Ban yang masih terpasang dihitung dengan km tempuh sampai saat ini')).toBeVisible()
  // The code opens the tyre's history (Riwayat Ban) for a user with Stok Ban.
  await expect(tyreA.getByRole('link', { name: f.a.kode_ban })).toHaveAttribute('href', `/admin/ban/${f.a.id}`)
})

test('the group is in the URL: by supplier, by vehicle; the form sets it', { tag: ONCE }, async ({ loggedIn: page }) => {
  const day = freeDay()
  const f = await fleet(day)
  await page.goto(url(day, f.supplier, '&group=supplier'))
  await expect(page.getByRole('columnheader', { name: 'Supplier' })).toBeVisible()
  await expect(rows(page).first().locator('td')).toHaveText([
    '1',
    f.supplier,
    '2',
    '40.000',
    'Rp 4.200.000',
    'Rp 105',
    'Rp 4.200.000',
    'Rp 105',
  ])
  await page.goto(url(day, f.noKabin, '&group=kendaraan'))
  await expect(page.getByRole('columnheader', { name: 'Kendaraan' })).toBeVisible()
  await expect(rows(page).first().locator('td')).toHaveText([
    '1',
    f.noKabin,
    '2',
    '40.000',
    'Rp 4.200.000',
    'Rp 105',
    'Rp 4.200.000',
    'Rp 105',
  ])
  // The filter form (a GET form): choosing Merek and Cari puts it in the URL.
  await expect(page.getByLabel('Kelompokkan menurut')).toHaveValue('kendaraan')
  await page.getByLabel('Kelompokkan menurut').selectOption('merek')
  await page.getByRole('button', { name: 'Cari', exact: true }).first().click()
  await expect(page).toHaveURL(/group=merek/)
  await expect(page).toHaveURL(new RegExp(`tanggal_awal=${day}`))
  await expect(page.getByRole('columnheader', { name: 'Merek' })).toBeVisible()
})

test('order: cheapest per km first, or dearest first', async ({ loggedIn: page }) => {
  const day = freeDay()
  const prefix = unique('Urut')
  // Hemat: Rp 105 per km (as above); Boros: (4.000.000 + 400.000 + 3.600.000) / 40.000 = Rp 200 per km.
  await fleet(day, { merek: `${prefix} Hemat` })
  await fleet(day, { merek: `${prefix} Boros`, hargaA: 4_000_000, hargaB: 3_600_000 })
  await page.goto(url(day, prefix))
  await expect(rows(page)).toHaveCount(2)
  await expect(rows(page).nth(0)).toContainText(`${prefix} Hemat`)
  await expect(rows(page).nth(1)).toContainText('Rp 200')
  await expect(page.getByTestId('total-biaya-per-km')).toHaveText('Rp 153')
  await page.getByLabel('Urutan').selectOption('terburuk')
  await page.getByRole('button', { name: 'Cari', exact: true }).first().click()
  await expect(page).toHaveURL(/urutan=terburuk/)
  await expect(rows(page).nth(0)).toContainText(`${prefix} Boros`)
  await expect(rows(page).nth(1)).toContainText(`${prefix} Hemat`)
})

test(
  'more groups than a page: the total is over every group; the next page shows its groups with their tyres',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    const day = freeDay()
    const prefix = unique('Halaman')
    // Eleven mereks of the same figures (Rp 105 per km): ties in label order, ten a page.
    const fleets: Fleet[] = []
    for (let i = 1; i <= 11; i++) fleets.push(await fleet(day, { merek: `${prefix} ${String(i).padStart(2, '0')}` }))
    await page.goto(url(day, prefix))
    await expect(rows(page)).toHaveCount(10)
    await expect(page.getByText('Total (11 kelompok) Jumlah Ban')).toBeVisible()
    await expect(page.getByTestId('total-jumlah-ban')).toHaveText('22')
    await expect(page.getByTestId('total-km')).toHaveText('440.000')
    await expect(page.getByTestId('total-biaya')).toHaveText('Rp 46.200.000')
    await page.goto(url(day, prefix, '&page=2'))
    await expect(rows(page)).toHaveCount(1)
    await expect(rows(page).first().locator('td')).toHaveText([
      '11',
      fleets[10]!.merek,
      '2',
      '40.000',
      'Rp 4.200.000',
      'Rp 105',
      'Rp 4.200.000',
      'Rp 105',
    ])
    await expect(page.getByTestId('total-jumlah-ban')).toHaveText('22')
    await expect(page.getByTestId('total-biaya')).toHaveText('Rp 46.200.000')
    // The group of page 2 has its tyres (asked for that page's group only).
    await page
      .locator('summary')
      .filter({ hasText: `Rincian ban ${fleets[10]!.merek} (2)` })
      .click()
    await expect(page.locator('tr[data-ban]')).toHaveCount(2)
    await expect(page.locator(`tr[data-ban="${fleets[10]!.a.no_seri}"] td`).first()).toHaveText(fleets[10]!.a.kode_ban)
  },
)

test(
  'a group of more tyres than the screen shows: the first ten, the rest counted, every tyre in Cetak',
  { tag: ONCE },
  async ({ loggedIn: page, context }) => {
    await context.addInitScript(() => {
      window.print = () => undefined
    })
    const day = freeDay()
    const api = await upstream()
    const merek = unique('Merek Banyak')
    const m = await api.post('/api/merek/add', { nama_merek: merek })
    ok(m)
    const s = await api.post('/api/supplier/add', { nama_supp: unique('PT Banyak') })
    ok(s)
    const jenis = ((await api.get('/api/jenis_kendaraan')).json as { id: number; total_ban: number }[]).find((j) => j.total_ban === 6)!
    const k = await api.post('/api/kendaraan/add', { no_kabin: flat(unique('LBN')), jenis_kendaraan_id: jenis.id, km: 1000 })
    ok(k)
    const kendaraanId = k.json.data.id as number
    const seri = Array.from({ length: 12 }, (_, i) => flat(unique(`LBN${i}`)))
    ok(
      await api.post('/api/pembelian-ban/add', {
        supplier_id: s.json.data.id,
        tanggal_awal: '2097-06-15',
        ban: seri.map((no_seri, i) => ({ no_seri, kondisi_ban: 'BARU', harga: 1_000_000 + i * 100_000, merek_id: m.json.data.id })),
      }),
    )
    const posisi = ['1A', '1B', '2A', '2B', '2C', '2D']
    // Six fitted at km 1.000 and taken off at 21.000 on the day, then the other six fitted (still on it).
    const fit = async (from: number, km: number) => {
      for (const [i, p] of posisi.entries()) {
        ok(
          await api.post('/api/pemasangan-ban/detail-ban', {
            kendaraan_id: kendaraanId,
            km_pemasangan: km,
            posisi_ban: p,
            no_seri: seri[from + i],
          }),
        )
      }
      ok(await api.post(`/api/pemasangan-ban/add-pemasangan/${kendaraanId}`, {}))
    }
    await fit(0, 1000)
    for (const p of posisi) {
      ok(
        await api.post('/api/pelepasan-ban/detail-ban', {
          kendaraan_id: kendaraanId,
          posisi_ban: p,
          km_pelepasan: 21000,
          alasan: 'Habis',
          tujuan: 'stok',
        }),
      )
    }
    ok(await api.post(`/api/pelepasan-ban/add-pelepasan/${kendaraanId}`, { tanggal_awal: day }))
    await fit(6, 21000)

    await page.goto(url(day, merek, '&group=merek'))
    await expect(rows(page).first().locator('td').nth(2)).toHaveText('12')
    await page
      .locator('summary')
      .filter({ hasText: `Rincian ban ${merek} (12)` })
      .click()
    await expect(page.locator('tr[data-ban]')).toHaveCount(10)
    // Cheapest per km first: the first tyre bought (Rp 1.000.000 over 20.000 km), the unrun ones last.
    await expect(page.locator('tr[data-ban]').first()).toHaveAttribute('data-ban', seri[0]!)
    await expect(page.getByText('Ditampilkan 10 ban pertama; 2 ban lainnya ada di Cetak dan Unduh CSV.')).toBeVisible()
    await page.goto(`/admin/laporan-biaya-ban/cetak?${period(day)}&group=merek&q=${encodeURIComponent(merek)}`)
    for (const no_seri of seri) await expect(page.getByRole('cell', { name: no_seri, exact: true })).toBeVisible()
  },
)

test(
  'a date or group that is not valid: a clear message, what was typed kept, nothing asked',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    await page.goto('/admin/laporan-biaya-ban?tanggal_awal=2026-02-30&tanggal_akhir=2026-03-01&group=ukuran')
    await expect(page.getByRole('alert')).toContainText('Tanggal Awal bukan tanggal yang valid')
    await expect(page.getByLabel('Kelompokkan menurut')).toHaveValue('ukuran')
    await expect(page.getByLabel('Tanggal Akhir')).toHaveValue('2026-03-01')
    await page.goto('/admin/laporan-biaya-ban?tanggal_awal=2026-01-01&tanggal_akhir=2026-01-31&group=warna')
    await expect(page.getByRole('alert')).toContainText('Pengelompokan harus Merek, Ukuran, Supplier atau Kendaraan.')
    await expect(page.getByLabel('Tanggal Awal')).toHaveValue('2026-01-01')
    await expect(page.getByText('Tidak ada ban yang dilepas')).toBeVisible()
  },
)

test('the print page lists the groups with their tyres and prints the total once', { tag: ONCE }, async ({ loggedIn: page, context }) => {
  await context.addInitScript(() => {
    window.print = () => undefined
  })
  const day = freeDay()
  const f = await fleet(day)
  await page.goto(`/admin/laporan-biaya-ban/cetak?${period(day)}&group=merek&q=${encodeURIComponent(f.merek)}`)
  await expect(page.getByRole('heading', { name: 'Laporan Biaya Ban per Km' })).toBeVisible()
  const label = day.split('-').reverse().join('/')
  await expect(page.getByText(`${label} s.d. ${label}`)).toBeVisible()
  await expect(page.getByRole('cell', { name: f.merek, exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: f.a.no_seri })).toBeVisible()
  await expect(page.getByText(`${f.noKabin} (masih terpasang*)`)).toBeVisible()
  await expect(page.getByText(/^Total \(/)).toHaveCount(1)
  await expect(page.getByText('Total (1 kelompok)')).toBeVisible()
  // The group and the total, gross and net of claims (none here: the same).
  await expect(page.getByRole('cell', { name: 'Rp 4.200.000' })).toHaveCount(4)
  await expect(page.getByRole('cell', { name: 'Rp 105' })).toHaveCount(4)
})

test('Unduh CSV: one line per tyre with its group columns', { tag: ONCE }, async ({ loggedIn: page }) => {
  const day = freeDay()
  const f = await fleet(day)
  await page.goto(url(day, f.merek, '&group=merek'))
  const href = await page.getByRole('link', { name: 'Unduh CSV' }).getAttribute('href')
  expect(href).toContain('/admin/laporan-biaya-ban/csv?')
  expect(href).toContain('group=merek')
  const res = await page.request.get(href!)
  expect(res.headers()['content-type']).toBe('text/csv; charset=utf-8')
  expect(res.headers()['content-disposition']).toContain(`laporan-biaya-ban_${day}_${day}.csv`)
  const lines = (await res.body()).subarray(3).toString('utf8').trimEnd().split('\r\n')
  expect(lines[0]).toBe(
    'No;Kelompok;Jumlah Ban Kelompok;Km Tempuh Kelompok;Total Biaya Kelompok;Ban Belum Berjalan Kelompok;Biaya Belum Berjalan Kelompok;Biaya per Km Kelompok;Klaim Disetujui Kelompok;Biaya Bersih Kelompok;Biaya Bersih per Km Kelompok;Kode Ban;No Seri;Merek;Ukuran;Supplier;No Kabin;Km Tempuh;Total Biaya;Biaya per Km;Klaim Disetujui;Biaya Bersih;Masih Terpasang',
  )
  // No claim on these tyres: the net columns equal the gross.
  const head = `1;${f.merek};2;40000;4200000;0;0;105;0;4200000;105`
  expect(lines.slice(1)).toEqual([
    `${head};${f.b.kode_ban};${f.b.no_seri};${f.merek};;${f.supplier};${f.noKabin};20000;1800000;90;0;1800000;Ya`,
    `${head};${f.a.kode_ban};${f.a.no_seri};${f.merek};;${f.supplier};${f.noKabin};20000;2400000;120;0;2400000;Tidak`,
  ])
})

test('against an upstream without the extension the screen says so, and only that', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaulty(page)
    for (const path of ['/admin/laporan-biaya-ban', '/admin/laporan-biaya-ban/cetak?tanggal_awal=2026-01-01&tanggal_akhir=2026-01-31']) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status(), path).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
      await expect(page.getByText('belum menyediakan fitur ini')).toBeVisible()
    }
    expect((await page.request.get(`${FAULTY_APP_URL}/admin/laporan-biaya-ban/csv`)).status()).toBe(501)
  })
})
