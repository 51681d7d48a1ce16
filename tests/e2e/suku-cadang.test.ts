/**
 * The parts store in the browser, JavaScript on and off: a purchase of two parts through the dialog
 * (the second line added with 'Tambah Baris'), posted from its row menu, and the stock and its value in
 * Stok Suku Cadang; a part's Kartu Stok from its row. The master, the refusals, the counts and the grants
 * are tested over plain HTTP in tests/app/suku-cadang.test.ts. Every test makes its own parts through
 * the api.
 */
import { expect, test, unique, upstream } from './fixtures'
import { ONCE } from '../../playwright.config'
import { FAULTY_APP_URL, flash, loginFaulty, withFaultyLock } from './support'

async function part(nama: string, satuan: string) {
  const api = await upstream()
  const res = await api.post('/api/suku-cadang', { nama, satuan })
  expect(res.status).toBe(201)
  return res.json.data as { id: number; nama: string; kode_suku_cadang: string }
}

test('a purchase with two lines, posted; the stock and its value in Stok Suku Cadang; the Kartu Stok', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const tag = unique('SC')
  const oli = await part(`${tag} Oli`, 'liter')
  const filter = await part(`${tag} Filter`, 'pcs')

  await page.goto('/admin/pembelian-suku-cadang/tambah')
  const dialog = page.getByRole('dialog', { name: 'Tambah Pembelian Suku Cadang' })
  await expect(dialog).toBeVisible()
  const suppliers = (await (await upstream()).get('/api/supplier')).json as { id: number }[] | { data: { id: number }[] }
  const supplierId = (Array.isArray(suppliers) ? suppliers : suppliers.data)[0]!.id
  await dialog.locator('select[name=supplier_id]').selectOption(String(supplierId))
  await dialog.getByLabel('Suku cadang baris 1').selectOption({ label: `${oli.kode_suku_cadang} — ${oli.nama} (liter)` })
  await dialog.getByLabel('Jumlah baris 1').fill('10')
  await dialog.getByLabel('Harga baris 1').fill('45000')
  await dialog.getByRole('button', { name: 'Tambah Baris' }).click()
  await dialog.getByLabel('Suku cadang baris 2').selectOption({ label: `${filter.kode_suku_cadang} — ${filter.nama} (pcs)` })
  await dialog.getByLabel('Jumlah baris 2').fill('4')
  await dialog.getByLabel('Harga baris 2').fill('60.000')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(flash(page, 'Pembelian suku cadang berhasil ditambahkan!')).toBeAttached()

  const api = await upstream()
  const purchases = (await api.get('/api/pembelian-suku-cadang?per_page=20')).json.data as {
    id: number
    kode_pembelian_suku_cadang: string
    grand_total: number
    detail: { suku_cadang_id: number }[]
  }[]
  const mine = purchases.find((p) => p.detail.some((l) => l.suku_cadang_id === oli.id))!
  expect(mine.grand_total).toBe(450_000 + 240_000)

  // Posting from the row menu.
  await page.goto(`/admin/pembelian-suku-cadang?q=${mine.kode_pembelian_suku_cadang}`)
  const row = page.locator('tbody tr').filter({ hasText: mine.kode_pembelian_suku_cadang })
  if (jsEnabled) await row.click({ button: 'right' })
  else await row.getByText('Aksi').click()
  await page.getByRole('menu').getByRole('menuitem', { name: 'Posting' }).click()
  await expect(flash(page, 'Dokumen berhasil diposting.')).toBeAttached()
  expect((await api.get(`/api/pembelian-suku-cadang/${mine.id}`)).json.data.status).toBe('posting')

  await page.goto(`/admin/stok-suku-cadang?q=${encodeURIComponent(tag)}`)
  await expect(page.getByRole('row').filter({ hasText: oli.nama })).toContainText(/10\s*liter.*450\.000/)
  await expect(page.getByRole('row').filter({ hasText: filter.nama })).toContainText(/4\s*pcs.*60\.000.*240\.000/)
  await expect(page.getByTestId('jumlah-nilai')).toContainText('690.000')
  await page.getByRole('link', { name: `Kartu stok ${oli.nama}` }).click()
  await expect(page.getByRole('heading', { name: `Kartu Stok ${oli.nama}`, level: 1 })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: mine.kode_pembelian_suku_cadang })).toContainText('450.000')
})

test('an upstream without the extension: the one "Fitur tidak tersedia" page', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaulty(page)
    for (const path of [
      '/admin/suku-cadang',
      '/admin/suku-cadang/tambah',
      '/admin/pembelian-suku-cadang',
      '/admin/inquery-pembelian-suku-cadang',
      '/admin/stok-suku-cadang',
      '/admin/stok-suku-cadang/1',
      '/admin/stok-opname',
    ]) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status(), path).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
    }
  })
})
