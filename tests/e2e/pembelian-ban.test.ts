/**
 * Pembelian Ban: the list with its row menu, the purchase dialog with
 * tyre lines (JS: instant; without JS: server re-render with every value kept), posting and unpost,
 * and the purchase invoice as printed. Runs with JavaScript on and off. A posted purchase's refusals and
 * the invoice as the server renders it are tested over plain HTTP in tests/app/pembelian-ban.test.ts.
 */
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'
import { APP_URL, flash } from './support'
import { pembelianRecords } from '../pembelian-records'

const q = (s: string) => `q=${encodeURIComponent(s)}`

const { suppliers, pembelianByCode, pembelianWithSerial, makePembelian } = pembelianRecords(upstream, unique)

test('add: supplier and lines are required; two lines, one removed, the total follows; the save stores one line', async ({
  loggedIn: page,
}) => {
  const [s] = await suppliers()
  const a = unique('SA').replace(/\s/g, '')
  const b = unique('SB').replace(/\s/g, '')
  await page.goto('/admin/pembelian-ban')
  await page.getByRole('link', { name: 'Tambah' }).click()
  let dialog = page.getByRole('dialog', { name: 'Tambah Pembelian Ban' })
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  dialog = page.getByRole('dialog', { name: 'Tambah Pembelian Ban' })
  await expect(dialog.getByText('Pilih supplier terlebih dahulu!')).toBeVisible()

  await dialog.locator('select[name=supplier_id]').selectOption(String(s.id))
  await dialog.getByLabel('No Seri ban 1').fill(a)
  await dialog.getByLabel('Harga ban 1').fill('1250000')
  await dialog.getByRole('button', { name: 'Tambah Ban' }).click()
  dialog = page.getByRole('dialog', { name: 'Tambah Pembelian Ban' })
  await expect(dialog.getByLabel('No Seri ban 1')).toHaveValue(a)
  await dialog.getByLabel('No Seri ban 2').fill(b)
  await dialog.getByLabel('Harga ban 2').fill('750.000')
  await dialog.getByLabel('Kondisi ban 2').selectOption('BEKAS')
  // The address is the supplier's (read-only; with JS at once, without JS after the re-render).
  await expect(dialog.getByLabel('Alamat')).toHaveValue(s.alamat)
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  // Both lines kept the values; remove the second one.
  await expect(page).toHaveURL(/\/admin\/pembelian-ban(\?|$)/)
  const stored = await pembelianWithSerial(a)
  expect(stored?.detail_ban.map((l) => l.no_seri).sort()).toEqual([a, b].sort())
  expect(Number(stored?.grand_total)).toBe(2_000_000)
  await expect(flash(page, 'PembelianBan berhasil ditambahkan!')).toBeAttached()

  // Edit: remove a line, the total follows.
  await page.goto(`/admin/pembelian-ban/${stored!.id}/edit?${q(stored!.kode_pembelian_ban)}`)
  dialog = page.getByRole('dialog', { name: 'Edit Pembelian Ban' })
  await expect(dialog.locator('output')).toHaveText('2.000.000')
  await dialog.getByRole('button', { name: 'Hapus ban 2' }).click()
  dialog = page.getByRole('dialog', { name: 'Edit Pembelian Ban' })
  await expect(dialog.getByLabel('No Seri ban 2')).toHaveCount(0)
  await expect(dialog.locator('output')).toHaveText(/^1\.250\.000$|^2\.000\.000$/)
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(flash(page, 'PembelianBan berhasil diperbarui!')).toBeAttached()
  const after = await pembelianByCode(stored!.kode_pembelian_ban)
  expect(after?.detail_ban).toHaveLength(1)
  expect(Number(after?.grand_total)).toBe(1_250_000)
})

test('a repeated no_seri within the purchase is refused beside the field, values kept', async ({ loggedIn: page }) => {
  const [s] = await suppliers()
  const same = unique('SD').replace(/\s/g, '')
  await page.goto('/admin/pembelian-ban/tambah')
  let dialog = page.getByRole('dialog', { name: 'Tambah Pembelian Ban' })
  await dialog.locator('select[name=supplier_id]').selectOption(String(s.id))
  await dialog.getByLabel('No Seri ban 1').fill(same)
  await dialog.getByRole('button', { name: 'Tambah Ban' }).click()
  dialog = page.getByRole('dialog', { name: 'Tambah Pembelian Ban' })
  await dialog.getByLabel('No Seri ban 2').fill(same)
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  dialog = page.getByRole('dialog', { name: 'Tambah Pembelian Ban' })
  await expect(dialog.getByText('No Seri tidak boleh sama dalam satu pembelian.')).toBeVisible()
  await expect(dialog.getByLabel('No Seri ban 1')).toHaveValue(same)
  expect(await pembelianWithSerial(same)).toBeUndefined()
})

test('a price with a fraction or past Rp 10^12 is refused beside Harga, values kept, nothing stored', async ({ loggedIn: page }) => {
  const [s] = await suppliers()
  const serial = unique('SH').replace(/\s/g, '')
  for (const [typed, message] of [
    ['1.500.000,50', 'Harga harus bilangan bulat, tanpa desimal.'],
    ['1.000.000.000.001', 'Harga harus antara Rp 0 dan Rp 1.000.000.000.000.'],
  ]) {
    await page.goto('/admin/pembelian-ban/tambah')
    let dialog = page.getByRole('dialog', { name: 'Tambah Pembelian Ban' })
    await dialog.locator('select[name=supplier_id]').selectOption(String(s.id))
    await dialog.getByLabel('No Seri ban 1').fill(serial)
    await dialog.getByLabel('Harga ban 1').fill(typed)
    await dialog.getByRole('button', { name: 'Simpan' }).click()
    dialog = page.getByRole('dialog', { name: 'Tambah Pembelian Ban' })
    await expect(dialog.getByText(message)).toBeVisible()
    await expect(dialog.getByLabel('Harga ban 1')).toHaveValue(typed)
    await expect(dialog.getByLabel('No Seri ban 1')).toHaveValue(serial)
  }
  expect(await pembelianWithSerial(serial)).toBeUndefined()
})

test('row menu: an unposted purchase offers Posting, Update, Show, Delete; posting it leaves Unpost and Show', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const p = await makePembelian()
  await page.goto(`/admin/pembelian-ban?${q(p.kode_pembelian_ban)}`)
  const row = page.locator('tbody tr').filter({ hasText: p.kode_pembelian_ban })
  if (jsEnabled) await row.click({ button: 'right' })
  else await row.getByText('Aksi').click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem')).toHaveText(['Posting', 'Update', 'Show', 'Riwayat', 'Delete'])
  await menu.getByRole('menuitem', { name: 'Posting' }).click()
  await expect(flash(page, 'Dokumen berhasil diposting.')).toBeAttached()
  await expect(page).toHaveURL(`${APP_URL}/admin/pembelian-ban?${q(p.kode_pembelian_ban)}`)
  expect((await pembelianByCode(p.kode_pembelian_ban))?.status).toBe('posting')

  const row2 = page.locator('tbody tr').filter({ hasText: p.kode_pembelian_ban })
  if (jsEnabled) await row2.click({ button: 'right' })
  else await row2.getByText('Aksi').click()
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Unpost', 'Show', 'Riwayat'])
  await page.getByRole('menu').getByRole('menuitem', { name: 'Unpost' }).click()
  await expect(flash(page, 'Dokumen berhasil di-unpost.')).toBeAttached()
  expect((await pembelianByCode(p.kode_pembelian_ban))?.status).toBe('unpost')
})

test('delete: confirmation, "Dihapus!" / "Data Pembelian telah dihapus."', async ({ loggedIn: page }) => {
  const p = await makePembelian()
  await page.goto(`/admin/pembelian-ban/${p.id}/hapus?${q(p.kode_pembelian_ban)}`)
  const confirm = page.getByRole('alertdialog', { name: 'Apakah Anda yakin?' })
  await expect(confirm.getByText('Data pembelian ban ini akan dihapus secara permanen!')).toBeVisible()
  await confirm.getByRole('button', { name: 'Ya, hapus!' }).click()
  await expect(flash(page, 'Dihapus!')).toContainText('Data Pembelian telah dihapus.')
  expect(await pembelianByCode(p.kode_pembelian_ban)).toBeUndefined()
})

// The print layout needs a browser; what the server renders on the invoice is tested over plain HTTP
// (tests/app/pembelian-ban.test.ts).
test('invoice printed: no Kembali link, the Grand Total in words still there', { tag: ONCE }, async ({ loggedIn: page }) => {
  const p = await makePembelian()
  await page.goto(`/admin/pembelian-detail/${p.id}?back=${encodeURIComponent('/admin/pembelian-ban?q=x')}`)
  await expect(page.getByRole('link', { name: '← Kembali' })).toBeVisible()
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('link', { name: '← Kembali' })).toBeHidden()
  await expect(page.getByText('Satu juta dua ratus lima puluh ribu rupiah')).toBeVisible()
})
