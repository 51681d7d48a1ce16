/**
 * Rotasi Ban: the rotation screen with the axle diagram and 'Pindahkan Ban ({posisi})' (a swap),
 * Simpan, the km rule, posting, the tyres' history, the phone width and the page against an upstream
 * without the extension (the faulty server of this run). JavaScript on and off. Every test makes its
 * own vehicle, tyres and fitting through the api (tests/rotasi-records.ts). A move to an empty
 * position and a posted rotation's refusals, as the server renders them, are tested over plain HTTP
 * in tests/app/rotasi-ban.test.ts.
 */
import type { Page } from '@playwright/test'
import { expect, test, unique, upstream } from './fixtures'
import { APP_URL, FAULTY_APP_URL, flash, openRowMenu, withFaultyLock } from './support'
import { loginFaultyByRequest } from './request-login'
import { ONCE } from '../../playwright.config'
import { rotationRecords, type Vehicle } from '../rotasi-records'

const { fittedVehicle, rotationOf, rotations, layout, tyreId } = rotationRecords(upstream, unique)
const createUrl = (v: Vehicle) => `/admin/create-rotasi-ban?kendaraan_id=${v.id}`

/** Opens the dialog of a fitted position and fills it. */
async function moveAt(page: Page, posisi: string, noSeri: string, f: { to: string; km: string }) {
  await page.getByRole('link', { name: `Posisi ${posisi}, ${noSeri}` }).click()
  const dialog = page.getByRole('dialog', { name: `Pindahkan Ban (${posisi})` })
  await expect(dialog.getByText(noSeri)).toBeVisible()
  await dialog.getByLabel('Pindahkan ke').selectOption(f.to)
  await dialog.getByLabel('Km Rotasi').fill(f.km)
  return dialog
}

test('swapping two tyres: both move, Simpan registers the rotation, and both tyres’ history shows the move', async ({ loggedIn: page }) => {
  const { v, tyres } = await fittedVehicle(['1A', '1B'])
  const [a, b] = tyres
  await page.goto('/admin/rotasi-ban')
  await page.getByRole('link', { name: 'Tambah' }).click()
  const picker = page.getByRole('dialog', { name: 'Pilih Kendaraan' })
  await picker.locator('select[name=kendaraan_id]').selectOption(String(v.id))
  await picker.getByRole('button', { name: 'Lanjutkan' }).click()
  await expect(page).toHaveURL(`${APP_URL}${createUrl(v)}`)
  await expect(page.getByRole('heading', { name: 'Form Rotasi Ban', level: 1 })).toBeVisible()
  // Only the fitted positions open the dialog.
  await expect(page.getByRole('link', { name: /^Posisi / })).toHaveCount(2)

  const dialog = await moveAt(page, '1A', a, { to: '1B', km: '61.000' })
  await expect(dialog.getByLabel('Pindahkan ke').locator('option', { hasText: `tukar dengan ${b}` })).toHaveCount(1)
  await dialog.getByRole('button', { name: 'Pindahkan' }).click()
  await expect(flash(page, 'Ban posisi 1A berhasil dipindahkan.')).toBeAttached()
  await expect(page.getByRole('link', { name: `Posisi 1A, ${b}` })).toBeVisible()
  await expect(page.getByRole('link', { name: `Posisi 1B, ${a}` })).toBeVisible()
  const row = page.getByRole('region', { name: 'Detail Pemindahan Ban' }).locator('tbody tr')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('1A → 1B')
  await expect(row).toContainText(b)
  await expect(row).toContainText('61.000')

  await page.getByRole('button', { name: 'Simpan' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/rotasi-ban`)
  await expect(flash(page, 'Data rotasi ban berhasil disimpan.')).toBeAttached()
  const doc = (await rotations()).filter((r) => r.kendaraan_id === v.id)
  expect(doc).toHaveLength(1)
  expect(await layout(v)).toEqual({ '1A': b, '1B': a })

  for (const [noSeri, from, to] of [
    [a, '1A', '1B'],
    [b, '1B', '1A'],
  ]) {
    await page.goto(`/admin/ban/${await tyreId(noSeri)}`)
    const step = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Dipindah posisi (rotasi)' }) })
    await expect(step).toHaveCount(1)
    await expect(step).toContainText(`Dari Posisi${from}`)
    await expect(step).toContainText(`Ke Posisi${to}`)
    await expect(step).toContainText('61.000')
    await expect(step).toContainText('oleh ')
    await expect(step).toContainText(doc[0].kode_rotasi)
  }
})

test('a km below the tyre’s last km is refused beside Km Rotasi, what was typed kept', async ({ loggedIn: page }) => {
  const { v, tyres } = await fittedVehicle(['1A', '1B'])
  await page.goto(createUrl(v))
  const dialog = await moveAt(page, '1B', tyres[1], { to: '2C', km: '50099' })
  await dialog.getByRole('button', { name: 'Pindahkan' }).click()
  await expect(dialog.getByText('Km Rotasi tidak boleh di bawah km terakhir ban (50.100).')).toBeVisible()
  await expect(dialog.getByLabel('Km Rotasi')).toHaveValue('50099')
  await expect(dialog.getByLabel('Pindahkan ke')).toHaveValue('2C')
  expect(await layout(v)).toEqual({ '1A': tyres[0], '1B': tyres[1] })
  // The upstream's own rule says the same (422).
  const r = await (
    await upstream()
  ).post('/api/rotasi-ban/detail-ban', { kendaraan_id: v.id, posisi_asal: '1B', posisi_tujuan: '2C', km: 1 })
  expect(r.status).toBe(422)
  expect(r.json.errors.km).toEqual(['Km Rotasi tidak boleh di bawah km terakhir ban (50.100).'])
})

test('Posting from the row menu leaves Unpost, Show and Riwayat; Unpost reopens it', async ({ loggedIn: page, jsEnabled }) => {
  const { v } = await fittedVehicle(['1A', '1B'])
  const doc = await rotationOf(v, '1A', '2A')
  await page.goto(`/admin/rotasi-ban?q=${encodeURIComponent(doc.kode_rotasi)}`)
  let menu = await openRowMenu(page, doc.kode_rotasi, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Posting', 'Update', 'Show', 'Riwayat', 'Delete'])
  await menu.getByRole('menuitem', { name: 'Posting' }).click()
  await expect(flash(page, 'Dokumen berhasil diposting.')).toBeAttached()
  expect((await rotations()).find((r) => r.id === doc.id)?.status).toBe('posting')
  menu = await openRowMenu(page, doc.kode_rotasi, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Unpost', 'Show', 'Riwayat'])
  await menu.getByRole('menuitem', { name: 'Unpost' }).click()
  await expect(flash(page, 'Dokumen berhasil di-unpost.')).toBeAttached()
  expect((await rotations()).find((r) => r.id === doc.id)?.status).toBe('unpost')
})

test.describe('phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the rotation screen and its dialog have no sideways scroll', async ({ loggedIn: page }, info) => {
    const { v, tyres } = await fittedVehicle(['1A', '2D'])
    await page.goto(createUrl(v))
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth)
    expect(await wide()).toBeLessThanOrEqual(375)
    await page.screenshot({ path: info.outputPath('rotasi-375.png'), fullPage: true })
    const dialog = await moveAt(page, '2D', tyres[1], { to: '1A', km: '1' })
    await dialog.getByRole('button', { name: 'Pindahkan' }).click()
    await expect(dialog.getByText('Km Rotasi tidak boleh di bawah km terakhir ban (50.100).')).toBeVisible()
    expect(await wide()).toBeLessThanOrEqual(375)
    const box = await dialog.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true)
  })
})

test('an upstream without the extension: the one "Fitur tidak tersedia" page', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaultyByRequest(page)
    for (const path of ['/admin/rotasi-ban', '/admin/create-rotasi-ban?kendaraan_id=1', '/admin/rotasi-ban/tambah']) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status()).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
    }
  })
})
