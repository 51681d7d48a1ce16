/**
 * Pelepasan Ban: the removal list with its row menu, the vehicle picker, the removal
 * screen with the axle diagram and 'Form Pelepasan Ban ({posisi})', Simpan, posting and unpost,
 * the edit screen, the print page, the phone width, and the page against an upstream without the
 * extension. JavaScript on and off. Every test makes its own vehicle, tyres and fitting through the api.
 */
import type { Page } from '@playwright/test'
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'
import { buyTyres } from './ban-support'
import { APP_URL, FAULTY_APP_URL, flash, loginFaulty, openRowMenu, withFaultyLock } from './support'

const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')

type Vehicle = { id: number; no_kabin: string; kode_kendaraan: string; km: number }
type Removal = { id: number; kode_pelepasan: string; status: string; kendaraan_id: number; jumlah_ban: number }
type RemovalLine = { id: number; posisi_ban: string; tujuan: string; alasan: string; km_pelepasan: number; ban: { no_seri: string } }

const KM_PASANG = 50_100

/** A new vehicle of a new type with `totalBan` positions, at `km` (through the api). */
async function newVehicle({ totalBan, km, prefix }: { totalBan: number; km: number; prefix: string }) {
  const api = await upstream()
  const jenis = await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: unique(`Jenis ${prefix}`), total_ban: totalBan })
  expect(jenis.status).toBe(201)
  const k = await api.post('/api/kendaraan/add', {
    no_kabin: unique(prefix),
    no_pol: `B ${totalBan} ${prefix}`,
    jenis_kendaraan_id: jenis.json.data.id,
    km,
  })
  expect(k.status).toBe(201)
  return k.json.data as Vehicle
}

/** A registered fitting of a new 10-tyre vehicle (km 50.000) with tyres on `positions`, fitted at km 50.100. */
async function fittedVehicle(positions: string[]) {
  const api = await upstream()
  const v = await newVehicle({ totalBan: 10, km: 50_000, prefix: 'KBL' })
  const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]
  const tyres = positions.map((_, i) => serial(`PL${i}`))
  const buy = await api.post('/api/pembelian-ban/add', {
    supplier_id: supplier.id,
    ban: tyres.map((s) => ({ no_seri: s, kondisi_ban: 'BARU', harga: 1_000_000 })),
  })
  expect(buy.status).toBe(201)
  for (const [i, posisi_ban] of positions.entries()) {
    const r = await api.post('/api/pemasangan-ban/detail-ban', {
      kendaraan_id: v.id,
      km_pemasangan: KM_PASANG,
      posisi_ban,
      no_seri: tyres[i],
      target_presentase: 70000,
    })
    expect(r.status).toBe(201)
  }
  expect((await api.post(`/api/pemasangan-ban/add-pemasangan/${v.id}`)).status).toBe(201)
  return { v, tyres }
}

/** A removal document of the vehicle with the tyre on `posisi` taken off (through the api). */
async function removalOf(v: Vehicle, posisi: string) {
  const api = await upstream()
  const line = await api.post('/api/pelepasan-ban/detail-ban', {
    kendaraan_id: v.id,
    posisi_ban: posisi,
    km_pelepasan: 60_000,
    alasan: 'Habis',
    tujuan: 'stok',
  })
  expect(line.status).toBe(201)
  const doc = await api.post(`/api/pelepasan-ban/add-pelepasan/${v.id}`)
  expect(doc.status).toBe(201)
  return doc.json.data as Removal
}

const removals = async () => (await (await upstream()).get('/api/pelepasan-ban')).json as Removal[]
const removalLines = async (id: number) => (await (await upstream()).get(`/api/detail-pelepasan/${id}`)).json.data.detail as RemovalLine[]
const staged = async (v: Vehicle) => (await (await upstream()).get(`/api/pelepasan-ban/detail-list-ban/${v.id}`)).json.data as RemovalLine[]
const tyreOf = async (noSeri: string) =>
  ((await (await upstream()).get('/api/ban')).json as { no_seri: string; status: string; kondisi_ban: string }[]).find(
    (b) => b.no_seri === noSeri,
  )
const createUrl = (v: Vehicle) => `/admin/create-pelepasan-ban?kendaraan_id=${v.id}`

const openMenu = openRowMenu

/** Opens the dialog of a fitted position and fills it (Tujuan left to the reason unless given). */
async function removeAt(page: Page, posisi: string, noSeri: string, f: { km: string; alasan: string; tujuan?: string; tebal?: string }) {
  await page.getByRole('link', { name: `Posisi ${posisi}, ${noSeri}` }).click()
  const dialog = page.getByRole('dialog', { name: `Form Pelepasan Ban (${posisi})` })
  await expect(dialog.getByText(noSeri)).toBeVisible()
  await dialog.getByLabel('Km Pelepasan').fill(f.km)
  await dialog.getByLabel('Alasan').selectOption(f.alasan)
  if (f.tujuan) await dialog.getByLabel('Tujuan').selectOption(f.tujuan)
  if (f.tebal) await dialog.getByLabel('Tebal Tapak (mm)').fill(f.tebal)
  return dialog
}

test('the clerk takes two tyres off (one to the retreader, one to scrap) and saves the removal', async ({ loggedIn: page }) => {
  const { v, tyres } = await fittedVehicle(['2A', '3D'])
  const [a, b] = tyres
  await page.goto('/admin/pelepasan-ban')
  await page.getByRole('link', { name: 'Tambah' }).click()
  const picker = page.getByRole('dialog', { name: 'Pilih Kendaraan' })
  await picker.locator('select[name=kendaraan_id]').selectOption(String(v.id))
  await picker.getByRole('button', { name: 'Lanjutkan' }).click()
  await expect(page).toHaveURL(`${APP_URL}${createUrl(v)}`)
  await expect(page.getByRole('heading', { name: 'Form Pelepasan Ban', level: 1 })).toBeVisible()
  // Free positions are not links in removal mode; fitted ones are.
  await expect(page.getByRole('img', { name: 'Posisi 1A, kosong' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Posisi / })).toHaveCount(2)

  let dialog = await removeAt(page, '2A', a, { km: '60.000', alasan: 'Ke Vulkanisir', tebal: '6,5' })
  await expect(dialog.getByText('50.100')).toBeVisible()
  await dialog.getByRole('button', { name: 'Lepas Ban' }).click()
  await expect(flash(page, 'Ban posisi 2A berhasil dilepas.')).toBeAttached()
  await expect(page.getByRole('img', { name: `Posisi 2A, kosong, dilepas ${a}` })).toBeVisible()

  dialog = await removeAt(page, '3D', b, { km: '60000', alasan: 'Habis', tujuan: 'afkir' })
  await dialog.getByRole('button', { name: 'Lepas Ban' }).click()
  await expect(flash(page, 'Ban posisi 3D berhasil dilepas.')).toBeAttached()
  const rows = page.getByRole('region', { name: 'Detail Ban Dilepas' }).locator('tbody tr')
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: a })).toContainText('Vulkanisir')
  await expect(rows.filter({ hasText: b })).toContainText('Afkir')
  await expect(rows.filter({ hasText: a })).toContainText('9.900')

  await page.getByRole('button', { name: 'Simpan' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/pelepasan-ban`)
  await expect(flash(page, 'Data pelepasan ban berhasil disimpan.')).toBeAttached()
  const doc = (await removals()).filter((r) => r.kendaraan_id === v.id)
  expect(doc).toHaveLength(1)
  const search = page.getByRole('searchbox', { name: /Cari kode pelepasan/ })
  await search.fill(v.no_kabin)
  await search.press('Enter')
  const row = page.locator('tbody tr').filter({ hasText: doc[0].kode_pelepasan })
  await expect(row).toContainText(v.no_kabin)
  await expect(row).toContainText('Unpost')
  const lines = await removalLines(doc[0].id)
  expect(lines.map((l) => `${l.posisi_ban}:${l.tujuan}:${l.alasan}`).sort()).toEqual(['2A:vulkanisir:Ke Vulkanisir', '3D:afkir:Habis'])
  expect((await tyreOf(a))?.status).toBe('vulkanisir')
  expect(await tyreOf(b)).toMatchObject({ status: 'afkir', kondisi_ban: 'AFKIR' })
})

test('Simpan with nothing taken off says so', async ({ loggedIn: page }) => {
  const { v } = await fittedVehicle(['1A'])
  await page.goto(createUrl(v))
  await page.getByRole('button', { name: 'Simpan' }).click()
  await expect(page.getByText('Belum ada ban yang dilepas. Pilih ban terpasang pada diagram terlebih dahulu.')).toBeVisible()
  expect((await removals()).filter((r) => r.kendaraan_id === v.id)).toHaveLength(0)
})

test('a km below the fitting km is refused beside Km Pelepasan, what was typed kept', async ({ loggedIn: page }) => {
  const { v, tyres } = await fittedVehicle(['1B'])
  await page.goto(createUrl(v))
  const dialog = await removeAt(page, '1B', tyres[0], { km: '50099', alasan: 'Pecah', tebal: '4' })
  await dialog.getByRole('button', { name: 'Lepas Ban' }).click()
  await expect(dialog.getByText('Km Pelepasan tidak boleh di bawah Km Pemasangan (50.100).')).toBeVisible()
  await expect(dialog.getByLabel('Km Pelepasan')).toHaveValue('50099')
  await expect(dialog.getByLabel('Alasan')).toHaveValue('Pecah')
  await expect(dialog.getByLabel('Tebal Tapak (mm)')).toHaveValue('4')
  expect(await staged(v)).toHaveLength(0)
})

test('the upstream’s own km refusal (422) shows beside Km Pelepasan', { tag: ONCE }, async ({ loggedIn: page }) => {
  // Straight to the upstream with a km the app does not check (the fitting km is the api's rule too).
  const { v } = await fittedVehicle(['1A'])
  const r = await (
    await upstream()
  ).post('/api/pelepasan-ban/detail-ban', { kendaraan_id: v.id, posisi_ban: '1A', km_pelepasan: 1, alasan: 'Habis', tujuan: 'stok' })
  expect(r.status).toBe(422)
  expect(r.json.errors.km_pelepasan).toEqual(['Km Pelepasan tidak boleh di bawah Km Pemasangan (50.100).'])
  await page.goto(`/admin/create-pelepasan-ban/posisi/2A?kendaraan_id=${v.id}`)
  await expect(
    page.getByRole('dialog', { name: 'Form Pelepasan Ban (2A)' }).getByText('Tidak ada ban terpasang di posisi ini.'),
  ).toBeVisible()
})

test('Tujuan left empty takes the reason’s default (Pecah → Afkir)', async ({ loggedIn: page, jsEnabled }) => {
  const { v, tyres } = await fittedVehicle(['2B'])
  await page.goto(createUrl(v))
  const dialog = await removeAt(page, '2B', tyres[0], { km: '51000', alasan: 'Pecah' })
  // With JavaScript the select follows the reason; without it the server applies the default.
  await expect(dialog.getByLabel('Tujuan')).toHaveValue(jsEnabled ? 'afkir' : '')
  await dialog.getByRole('button', { name: 'Lepas Ban' }).click()
  await expect(flash(page, 'Ban posisi 2B berhasil dilepas.')).toBeAttached()
  expect((await staged(v)).map((l) => l.tujuan)).toEqual(['afkir'])
})

test('undo of a staged removal puts the tyre back on its position', async ({ loggedIn: page }) => {
  const { v, tyres } = await fittedVehicle(['2C'])
  const api = await upstream()
  expect(
    (
      await api.post('/api/pelepasan-ban/detail-ban', {
        kendaraan_id: v.id,
        posisi_ban: '2C',
        km_pelepasan: 55_000,
        alasan: 'Habis',
        tujuan: 'stok',
      })
    ).status,
  ).toBe(201)
  await page.goto(createUrl(v))
  await page.getByRole('link', { name: 'Batalkan pelepasan posisi 2C' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Batalkan pelepasan?' })
  await confirm.getByRole('button', { name: 'Ya, hapus!' }).click()
  await expect(flash(page, 'Pelepasan ban dibatalkan; ban kembali terpasang.')).toBeAttached()
  await expect(page.getByRole('link', { name: `Posisi 2C, ${tyres[0]}` })).toBeVisible()
  expect(await staged(v)).toHaveLength(0)
  expect((await tyreOf(tyres[0]))?.status).toBe('terpasang')
})

test('a freed position takes a new fitting at once', { tag: ONCE }, async ({ loggedIn: page }) => {
  const { v, tyres } = await fittedVehicle(['3A'])
  await page.goto(createUrl(v))
  const dialog = await removeAt(page, '3A', tyres[0], { km: '52000', alasan: 'Rotasi/Pindah' })
  await dialog.getByRole('button', { name: 'Lepas Ban' }).click()
  await expect(flash(page, 'Ban posisi 3A berhasil dilepas.')).toBeAttached()
  const api = await upstream()
  const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]
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
  expect(await tyreOf(tyres[0])).toMatchObject({ status: 'stok', kondisi_ban: 'BEKAS' })
})

test('Posting from the row menu locks the removal (its menu without Update and Delete); Unpost reopens it', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const { v } = await fittedVehicle(['1A', '1B'])
  const doc = await removalOf(v, '1A')
  await page.goto(`/admin/pelepasan-ban?q=${encodeURIComponent(doc.kode_pelepasan)}`)
  let menu = await openMenu(page, doc.kode_pelepasan, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Posting', 'Update', 'Show', 'Riwayat', 'Delete'])
  await menu.getByRole('menuitem', { name: 'Posting' }).click()
  await expect(flash(page, 'Dokumen berhasil diposting.')).toBeAttached()
  expect((await removals()).find((r) => r.id === doc.id)?.status).toBe('posting')
  menu = await openMenu(page, doc.kode_pelepasan, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Unpost', 'Show', 'Riwayat'])
  await menu.getByRole('menuitem', { name: 'Unpost' }).click()
  await expect(flash(page, 'Dokumen berhasil di-unpost.')).toBeAttached()
  expect((await removals()).find((r) => r.id === doc.id)?.status).toBe('unpost')
  menu = await openMenu(page, doc.kode_pelepasan, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Posting', 'Update', 'Show', 'Riwayat', 'Delete'])
})

test('a posted removal: Update and Delete refused with a reason', { tag: ONCE }, async ({ loggedIn: page }) => {
  const { v } = await fittedVehicle(['1A', '1B'])
  const doc = await removalOf(v, '1A')
  expect((await (await upstream()).post(`/api/pelepasan-ban/${doc.id}/posting`)).status).toBe(200)
  await page.goto(`/admin/pelepasan-ban/edit/${doc.id}`)
  await expect(page.getByText('Pelepasan ban ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.')).toBeVisible()
  await expect(page.getByRole('link', { name: /^Posisi / })).toHaveCount(0)
  expect((await page.goto(`/admin/pelepasan-ban/edit/${doc.id}/posisi/1B`))?.status()).toBe(409)
  const del = await page.goto(`/admin/pelepasan-ban/${doc.id}/hapus`)
  expect(del?.status()).toBe(409)
  await expect(page.getByText('Pelepasan ban ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.')).toBeVisible()
})

test('Update: a line added on the edit screen joins the document at once', async ({ loggedIn: page }) => {
  const { v, tyres } = await fittedVehicle(['1A', '1B'])
  const doc = await removalOf(v, '1A')
  await page.goto(`/admin/pelepasan-ban/edit/${doc.id}`)
  await expect(page.getByRole('heading', { name: 'Update Pelepasan Ban', level: 1 })).toBeVisible()
  const dialog = await removeAt(page, '1B', tyres[1], { km: '61000', alasan: 'Klaim Garansi' })
  await dialog.getByRole('button', { name: 'Lepas Ban' }).click()
  await expect(flash(page, 'Ban posisi 1B berhasil dilepas.')).toBeAttached()
  expect((await removalLines(doc.id)).map((l) => l.posisi_ban).sort()).toEqual(['1A', '1B'])
  await page.getByRole('button', { name: 'Selesai' }).click()
  await expect(flash(page, 'Data pelepasan ban berhasil diperbarui.')).toBeAttached()
})

test('Delete: the confirmation, then the tyres back on their positions', async ({ loggedIn: page, jsEnabled }) => {
  const { v, tyres } = await fittedVehicle(['1A'])
  const doc = await removalOf(v, '1A')
  await page.goto(`/admin/pelepasan-ban?q=${encodeURIComponent(doc.kode_pelepasan)}`)
  const menu = await openMenu(page, doc.kode_pelepasan, jsEnabled)
  await menu.getByRole('menuitem', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ya, hapus!' }).click()
  await expect(flash(page, 'Data pelepasan ban telah dihapus.')).toBeAttached()
  expect((await removals()).find((r) => r.id === doc.id)).toBeUndefined()
  expect((await tyreOf(tyres[0]))?.status).toBe('terpasang')
})

test('Show: the print page lists the lines with km run, reason and destination', { tag: ONCE }, async ({ loggedIn: page }) => {
  const { v, tyres } = await fittedVehicle(['1A'])
  const doc = await removalOf(v, '1A')
  await page.goto(`/admin/pelepasan-detail/${doc.id}`)
  await expect(page.getByRole('heading', { name: 'Faktur Pelepasan Ban' })).toBeVisible()
  const row = page.locator('tbody tr').filter({ hasText: tyres[0] })
  await expect(row).toContainText('1A')
  await expect(row).toContainText('50.100')
  await expect(row).toContainText('60.000')
  await expect(row).toContainText('9.900')
  await expect(row).toContainText('Habis')
  await expect(row).toContainText('Stok')
  await expect(page.getByText('Grand Total')).toHaveCount(0)
})

test.describe('phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the removal screen and its dialog have no sideways scroll', async ({ loggedIn: page }, info) => {
    const { v, tyres } = await fittedVehicle(['2A', '2D'])
    await page.goto(createUrl(v))
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth)
    expect(await wide()).toBeLessThanOrEqual(375)
    await page.screenshot({ path: info.outputPath('pelepasan-375.png'), fullPage: true })
    const dialog = await removeAt(page, '2D', tyres[1], { km: '50.000', alasan: 'Afkir' })
    await dialog.getByRole('button', { name: 'Lepas Ban' }).click()
    await expect(dialog.getByText('Km Pelepasan tidak boleh di bawah Km Pemasangan (50.100).')).toBeVisible()
    expect(await wide()).toBeLessThanOrEqual(375)
    const box = await dialog.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true)
    await page.screenshot({ path: info.outputPath('pelepasan-dialog-375.png'), fullPage: true })
  })
})

test('an upstream without the extension: the one "Fitur tidak tersedia" page', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaulty(page)
    for (const path of ['/admin/pelepasan-ban', '/admin/create-pelepasan-ban?kendaraan_id=1', '/admin/pelepasan-ban/tambah']) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status()).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
    }
  })
})

/** A new 6-tyre vehicle at km 12.000 and `n` tyres in stock (one purchase). */
async function vehicleAndTyres(n: number) {
  const v = await newVehicle({ totalBan: 6, km: 12_000, prefix: 'KBS' })
  const tyres = await buyTyres(Array.from({ length: n }, (_, i) => ({ no_seri: serial(`SK${i}`), harga: 1_000_000 })))
  return { v, tyres: tyres.map((t) => t.no_seri), ids: tyres.map((t) => t.id) }
}

/** Fits `noSeri` on a free position through the fitting screen's dialog. */
async function fitAt(page: Page, posisi: string, noSeri: string, km: string) {
  await page.getByRole('link', { name: `Posisi ${posisi}, kosong`, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Form Input Pemasangan Ban (${posisi})` })
  await dialog.locator('select[name=no_seri]').selectOption(noSeri)
  await dialog.getByLabel('Km Pemasangan').fill(km)
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  // A save and the screen's reload (its held positions read again): allow a busy machine.
  await expect(page.getByRole('link', { name: `Posisi ${posisi}, ${noSeri}`, exact: true })).toBeVisible({ timeout: 20_000 })
}

/** Stok Ban's "where it is" of a tyre: the text of its row. */
async function stokRow(page: Page, noSeri: string) {
  await page.goto(`/admin/ban?q=${encodeURIComponent(noSeri)}`)
  const row = page.locator('tbody tr').filter({ hasText: noSeri })
  await expect(row).toHaveCount(1)
  return row
}

const historyOf = async (banId: number) =>
  ((await (await upstream()).get(`/api/ban/${banId}/riwayat`)).json.data.riwayat as { jenis: string }[]).map((r) => r.jenis).reverse()

// The screens' saves, dialogs and menus run both ways in their own tests: this walk checks what
// each step leaves behind, as the server renders it.
test(
  'a position goes fit → remove → fit → remove through the screens, the removal registered and posted',
  { tag: ONCE },
  async ({ loggedIn: page, jsEnabled }) => {
    test.setTimeout(120_000) // some twenty screens in a row
    const { v, tyres, ids } = await vehicleAndTyres(3)
    const [a, b, c] = tyres as [string, string, string]
    const fittingUrl = `/admin/create-pemasangan-ban?kendaraan_id=${v.id}`

    // 1. Pemasangan Ban fits a on 1A and b on 1B.
    await page.goto(fittingUrl)
    await fitAt(page, '1A', a, '12000')
    await fitAt(page, '1B', b, '12000')
    await page.getByRole('button', { name: 'Simpan' }).click()
    // The position dialogs flashed the same words: the list's URL says the fitting itself was saved.
    await expect(page).toHaveURL(`${APP_URL}/admin/pemasangan-ban`)
    await expect(flash(page, 'Data pemasangan ban berhasil disimpan.')).toBeAttached()
    const first = (
      (await (await upstream()).get('/api/pemasangan-ban')).json as { id: number; kode_pemasangan: string; kendaraan_id: number }[]
    ).find((f) => f.kendaraan_id === v.id)!
    await expect(await stokRow(page, a)).toContainText(`${v.no_kabin} · 1A`)

    // 2. Pelepasan Ban takes a off (to the retreader) and b (scrapped); Simpan, then Posting.
    await page.goto(createUrl(v))
    let dialog = await removeAt(page, '1A', a, { km: '42.000', alasan: 'Ke Vulkanisir' })
    await dialog.getByRole('button', { name: 'Lepas Ban' }).click()
    await expect(flash(page, 'Ban posisi 1A berhasil dilepas.')).toBeAttached()
    dialog = await removeAt(page, '1B', b, { km: '37.000', alasan: 'Pecah' })
    await dialog.getByRole('button', { name: 'Lepas Ban' }).click()
    await expect(flash(page, 'Ban posisi 1B berhasil dilepas.')).toBeAttached()
    await page.getByRole('button', { name: 'Simpan' }).click()
    await expect(flash(page, 'Data pelepasan ban berhasil disimpan.')).toBeAttached()
    const doc = (await removals()).find((r) => r.kendaraan_id === v.id)!
    await page.goto(`/admin/pelepasan-ban?q=${encodeURIComponent(doc.kode_pelepasan)}`)
    const menu = await openMenu(page, doc.kode_pelepasan, jsEnabled)
    await menu.getByRole('menuitem', { name: 'Posting' }).click()
    await expect(flash(page, 'Dokumen berhasil diposting.')).toBeAttached()
    await expect(await stokRow(page, a)).not.toContainText(v.no_kabin)

    // The first fitting's own screen: its positions are free, its lines say 'dilepas' (no delete).
    await page.goto(`/admin/inquery-pemasangan-ban/edit/${first.id}`)
    await expect(page.getByRole('link', { name: 'Posisi 1A, kosong', exact: true })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Detail Ban Terpasang' }).locator('tbody tr').filter({ hasText: a })).toContainText(
      'dilepas',
    )
    await expect(page.getByRole('link', { name: 'Hapus ban posisi 1A' })).toHaveCount(0)

    // 3. a comes back from the retreader.
    const supplier = ((await (await upstream()).get('/api/supplier')).json as { id: number }[])[0]!
    expect(
      (await (await upstream()).post(`/api/ban/${ids[0]}/terima-vulkanisir`, { supplier_id: supplier.id, biaya: 400_000 })).status,
    ).toBe(200)

    // 4. Pemasangan Ban → the same vehicle: 1A and 1B are free and take a and c.
    await page.goto(fittingUrl)
    await expect(page.getByRole('link', { name: /^Posisi 1[AB], / })).toHaveText([/kosong/, /kosong/])
    await expect(page.getByText('pemasangan lain')).toHaveCount(0)
    await page.getByRole('link', { name: 'Posisi 1A, kosong', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Form Input Pemasangan Ban (1A)' }).locator('select[name=no_seri]')).toHaveCount(1)
    await page.goto(fittingUrl)
    await fitAt(page, '1A', a, '42000')
    await fitAt(page, '1B', c, '42000')
    await page.getByRole('button', { name: 'Simpan' }).click()
    // The position dialogs flashed the same words: the list's URL says the fitting itself was saved.
    await expect(page).toHaveURL(`${APP_URL}/admin/pemasangan-ban`)
    await expect(flash(page, 'Data pemasangan ban berhasil disimpan.')).toBeAttached()
    await expect(await stokRow(page, a)).toContainText(`${v.no_kabin} · 1A`)
    expect(await historyOf(ids[0]!)).toEqual(['beli', 'pasang', 'lepas', 'terima_vulkanisir', 'pasang'])
    await page.goto(`/admin/ban/${ids[0]}`)
    await expect(page.getByRole('article', { name: 'Kartu Ban' })).toContainText(`Lokasi${v.no_kabin} · 1A`)

    // 5. The removal screen lists a as fitted again on 1A: it is taken off once more.
    await page.goto(createUrl(v))
    dialog = await removeAt(page, '1A', a, { km: '50.000', alasan: 'Habis', tujuan: 'stok' })
    await dialog.getByRole('button', { name: 'Lepas Ban' }).click()
    await expect(flash(page, 'Ban posisi 1A berhasil dilepas.')).toBeAttached()
    await expect(page.getByRole('img', { name: `Posisi 1A, kosong, dilepas ${a}` })).toBeVisible()
    await page.getByRole('button', { name: 'Simpan' }).click()
    await expect(flash(page, 'Data pelepasan ban berhasil disimpan.')).toBeAttached()
    await expect(await stokRow(page, a)).not.toContainText(v.no_kabin)
    expect(await historyOf(ids[0]!)).toEqual(['beli', 'pasang', 'lepas', 'terima_vulkanisir', 'pasang', 'lepas'])
    await page.goto(fittingUrl)
    await expect(page.getByRole('link', { name: 'Posisi 1A, kosong', exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: new RegExp(`^Posisi 1B, ${c}, PM\\d{6}$`) })).toBeVisible()
  },
)

test('undoing a removal whose position a newer fitting uses is refused in red, naming that fitting', async ({ loggedIn: page }) => {
  const { v, tyres } = await fittedVehicle(['1A'])
  const doc = await removalOf(v, '1A')
  const api = await upstream()
  const [fresh] = await buyTyres([{ no_seri: serial('PLU'), harga: 800_000 }])
  const r = await api.post('/api/pemasangan-ban/detail-ban', {
    kendaraan_id: v.id,
    km_pemasangan: 60_000,
    posisi_ban: '1A',
    no_seri: fresh!.no_seri,
    target_presentase: 70000,
  })
  expect(r.status).toBe(201)
  const newer = (await api.post(`/api/pemasangan-ban/add-pemasangan/${v.id}`)).json.data as { kode_pemasangan: string }
  await page.goto(`/admin/pelepasan-ban/edit/${doc.id}`)
  await page.getByRole('link', { name: 'Batalkan pelepasan posisi 1A' }).click()
  await page.getByRole('alertdialog', { name: 'Batalkan pelepasan?' }).getByRole('button', { name: 'Ya, hapus!' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Gagal membatalkan pelepasan ban.' })).toContainText(
    `Posisi 1A sudah dipakai pemasangan ${newer.kode_pemasangan}; pelepasan ini tidak dapat dibatalkan.`,
  )
  expect((await removalLines(doc.id)).map((l) => l.ban.no_seri)).toEqual([tyres[0]])
  expect((await tyreOf(tyres[0]!))?.status).toBe('stok')
})
