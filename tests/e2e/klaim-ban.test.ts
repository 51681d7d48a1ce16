/**
 * Klaim Ban: a claim raised from an early removal with its amount computed, approved and posted from
 * the row menu, and the page against an upstream without the extension (the faulty server of this
 * run). JavaScript on and off. Every test makes its own vehicle, tyre, fitting and removal through the
 * api (tests/klaim-records.ts): a tyre bought for Rp 2.100.000, fitted at km 50.100 (the default
 * target, 70.000 km) and removed as Pecah at km 64.100 — 14.000 km run, so the claim is
 * Rp 2.100.000 × (1 − 14.000 / 70.000) = Rp 1.680.000. Surat Klaim Ban and Inquery Klaim Ban with its
 * CSV, as the server renders them, are tested over plain HTTP in tests/app/klaim-ban.test.ts.
 */
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'
import { FAULTY_APP_URL, chooseSearched, flash, loginFaulty, openRowMenu, withFaultyLock } from './support'
import { claimRecords } from '../klaim-records'

const { earlyRemoval, claims, raised } = claimRecords(upstream, unique)

test('raises a claim from an early removal: the figures and the computed amount shown, saved as Diajukan', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const r = await earlyRemoval()
  await page.goto('/admin/klaim-ban')
  await page.getByRole('link', { name: 'Tambah' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tambah Klaim Ban' })
  await expect(dialog).toBeVisible()
  await chooseSearched(page, 'Tambah Klaim Ban', 'Pelepasan Ban yang Diklaim', r.noSeri, String(r.lineId), jsEnabled)
  // Without JavaScript the figures come with a re-render of the form.
  if (!jsEnabled) await dialog.getByRole('button', { name: 'Tampilkan nilai klaim' }).click()
  const figures = page.getByRole('dialog', { name: 'Tambah Klaim Ban' }).getByRole('region', { name: 'Perhitungan klaim' })
  await expect(figures).toContainText('Harga BanRp 2.100.000')
  await expect(figures).toContainText('Target Km70.000')
  await expect(figures).toContainText('Km Tempuh14.000')
  await expect(figures).toContainText('Nilai Klaim (dihitung)Rp 1.680.000')
  // The tyre's supplier is the default party of a warranty claim.
  await expect(page.getByLabel('Supplier (Garansi Supplier)', { exact: true })).toHaveValue(String(r.supplierId))
  await page.getByRole('dialog', { name: 'Tambah Klaim Ban' }).getByRole('button', { name: 'Simpan' }).click()
  await expect(flash(page, 'Klaim ban berhasil diajukan!')).toBeAttached()
  const saved = (await claims()).find((k) => k.supplier_id === r.supplierId)
  expect(saved).toMatchObject({ nilai_klaim: 1_680_000, status_klaim: 'Diajukan', status: 'unpost' })
  await page.goto(`/admin/klaim-ban?q=${saved!.kode_klaim}`)
  await expect(page.locator('tbody tr').filter({ hasText: saved!.kode_klaim })).toContainText('Rp 1.680.000')
})

test('a claim without a removal line chosen is refused in Indonesian, what was typed kept', async ({ loggedIn: page, jsEnabled }) => {
  await page.goto('/admin/klaim-ban/tambah')
  // With JavaScript, the form's own check once React runs (app/root.tsx marks <html> after every
  // effect, the form's included): a click in the middle of hydration once showed no message.
  if (jsEnabled) await expect(page.locator('html[data-hydrated]')).toBeAttached()
  const dialog = page.getByRole('dialog', { name: 'Tambah Klaim Ban' })
  await dialog.getByLabel('Pihak yang Diklaim').selectOption('Karyawan')
  await dialog.getByLabel('Keterangan').fill('Pengemudi lalai')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(dialog.getByText('Pilih pelepasan ban yang diklaim terlebih dahulu!')).toBeVisible()
  await expect(dialog.getByLabel('Pihak yang Diklaim')).toHaveValue('Karyawan')
  await expect(dialog.getByLabel('Keterangan')).toHaveValue('Pengemudi lalai')
})

test('Setujui then Posting from the row menu: approved, posted and locked', async ({ loggedIn: page, jsEnabled }) => {
  const { klaim } = await raised()
  await page.goto(`/admin/klaim-ban?q=${klaim.kode_klaim}`)
  let menu = await openRowMenu(page, klaim.kode_klaim, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Setujui', 'Tolak', 'Posting', 'Update', 'Show', 'Riwayat', 'Delete', 'Cetak'])
  await menu.getByRole('menuitem', { name: 'Setujui' }).click()
  await expect(flash(page, 'Klaim ban disetujui.')).toBeAttached()
  await expect(page.locator('tbody tr').filter({ hasText: klaim.kode_klaim })).toContainText('Disetujui')
  menu = await openRowMenu(page, klaim.kode_klaim, jsEnabled)
  await menu.getByRole('menuitem', { name: 'Posting' }).click()
  await expect(flash(page, 'Dokumen berhasil diposting.')).toBeAttached()
  expect((await claims()).find((k) => k.id === klaim.id)).toMatchObject({ status: 'posting', status_klaim: 'Disetujui' })
  menu = await openRowMenu(page, klaim.kode_klaim, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Unpost', 'Show', 'Riwayat', 'Cetak'])
  // A posted claim cannot change: its edit dialog says so.
  expect((await page.goto(`/admin/klaim-ban/${klaim.id}/edit`))?.status()).toBe(409)
  await expect(page.getByText('Klaim ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.')).toBeVisible()
})

test('an upstream without the extension: the one "Fitur tidak tersedia" page', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaulty(page)
    for (const path of ['/admin/klaim-ban', '/admin/klaim-ban/tambah', '/admin/inquery-klaim-ban']) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status(), path).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
    }
  })
})
