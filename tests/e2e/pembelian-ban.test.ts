/**
 * Pembelian Ban: the list with its row menu, the purchase dialog with
 * tyre lines (JS: instant; without JS: server re-render with every value kept), posting and unpost,
 * and the purchase invoice as a print page. Runs with JavaScript on and off.
 */
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'
import { APP_URL, flash } from './support'

const q = (s: string) => `q=${encodeURIComponent(s)}`

type Line = { id: number; no_seri: string; kode_ban: string; harga: string | number }
type Pembelian = {
  id: number
  kode_pembelian_ban: string
  status: string
  grand_total: string | number
  detail_ban: Line[]
  supplier_id: number
}

async function suppliers() {
  return (await (await upstream()).get('/api/supplier')).json as { id: number; nama_supp: string; alamat: string }[]
}
async function pembelianByCode(kode: string): Promise<Pembelian | undefined> {
  const list = (await (await upstream()).get('/api/pembelian-ban')).json as Pembelian[]
  return list.find((p) => p.kode_pembelian_ban === kode)
}
async function pembelianWithSerial(noSeri: string): Promise<Pembelian | undefined> {
  const list = (await (await upstream()).get('/api/pembelian-ban')).json as Pembelian[]
  return list.find((p) => p.detail_ban.some((l) => l.no_seri === noSeri))
}
async function makePembelian(status: 'unpost' | 'posting' = 'unpost'): Promise<Pembelian> {
  const api = await upstream()
  const [s] = await suppliers()
  const r = await api.post('/api/pembelian-ban/add', {
    supplier_id: s.id,
    ban: [{ no_seri: unique('SN').replace(/\s/g, ''), kondisi_ban: 'BARU', harga: 1250000 }],
  })
  expect(r.status).toBeLessThan(300)
  const p = r.json.data as Pembelian
  if (status === 'posting') expect((await api.post(`/api/inquery-pembelian/${p.id}/posting`, {})).status).toBe(200)
  return { ...p, status }
}

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

test('a posted purchase cannot be updated or deleted, even by URL', { tag: ONCE }, async ({ loggedIn: page }) => {
  const p = await makePembelian('posting')
  for (const path of [`/admin/pembelian-ban/${p.id}/edit`, `/admin/pembelian-ban/${p.id}/hapus`]) {
    const res = await page.goto(path)
    expect(res?.status(), path).toBe(409)
    await expect(page.getByText(/sudah diposting/)).toBeVisible()
  }
  const res = await page.request.post(`/admin/pembelian-ban/${p.id}/edit`, {
    form: { supplier_id: String(p.supplier_id), 'ban[0].no_seri': 'X' },
    headers: { Origin: APP_URL },
    maxRedirects: 0,
  })
  expect(res.status()).toBe(409)
  expect((await pembelianByCode(p.kode_pembelian_ban))?.detail_ban).toHaveLength(1)
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

test(
  'invoice: supplier, lines, Grand Total in words, status, QR; printed without shell or buttons',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    const p = await makePembelian()
    await page.goto(`/admin/pembelian-detail/${p.id}?back=${encodeURIComponent('/admin/pembelian-ban?q=x')}`)
    await expect(page.getByRole('heading', { name: 'Faktur Pembelian Ban' })).toBeVisible()
    await expect(page.getByText(p.kode_pembelian_ban).first()).toBeVisible()
    await expect(page.getByText(p.detail_ban[0].no_seri)).toBeVisible()
    await expect(page.getByText('Rp 1.250.000').first()).toBeVisible()
    await expect(page.getByText('Satu juta dua ratus lima puluh ribu rupiah')).toBeVisible()
    await expect(page.getByText('Unpost')).toBeVisible()
    for (const role of ['Gudang', 'Pembelian', 'Accounting']) await expect(page.getByText(role, { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: '← Kembali' })).toHaveAttribute('href', '/admin/pembelian-ban?q=x')
    await expect(page.getByRole('navigation', { name: 'Menu utama' })).toHaveCount(0)
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('link', { name: '← Kembali' })).toBeHidden()
    await expect(page.getByText('Satu juta dua ratus lima puluh ribu rupiah')).toBeVisible()
    const missing = await page.goto('/admin/pembelian-detail/99999999')
    expect(missing?.status()).toBe(404)
    await expect(page.getByText('Data tidak ditemukan.')).toBeVisible()
  },
)
