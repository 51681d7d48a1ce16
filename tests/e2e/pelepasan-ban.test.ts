/**
 * Pelepasan Ban: the removal list with its row menu, the vehicle picker, the removal
 * screen with the axle diagram and 'Form Pelepasan Ban ({posisi})', Simpan, posting and unpost,
 * the edit screen, the phone width, and the page against an upstream without the extension (the
 * faulty server of this run). JavaScript on and off. Every test makes its own vehicle, tyres and
 * fitting through the api (tests/pelepasan-records.ts). What the server renders and refuses alone —
 * the upstream's km refusal, a freed position, a posted removal, the print page, the walk
 * fit → remove → fit → remove — is tested over plain HTTP in tests/app/pelepasan-ban.test.ts.
 */
import type { Page } from '@playwright/test'
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'
import { buyTyres } from './ban-support'
import { APP_URL, FAULTY_APP_URL, flash, loginFaulty, openRowMenu, withFaultyLock } from './support'
import { removalRecords, type Vehicle } from '../pelepasan-records'

const { fittedVehicle, removalOf, removals, removalLines, staged, tyreOf, serial } = removalRecords(upstream, unique)
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
