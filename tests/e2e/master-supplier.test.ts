/**
 * Supplier: add with every field and the empty-name rule, edit,
 * delete, the 'Detail Supplier' dialog, search by name and sorting (ascending first). JS on and off.
 */
import { expect, test, unique, upstream } from './fixtures'
import { APP_URL, flash, rowOf } from './support'

const q = (s: string) => `q=${encodeURIComponent(s).replace(/%20/g, '+')}`
type Supplier = Record<string, string | number | null> & { id: number; nama_supp: string; kode_supplier: string }

const make = async (fields: Record<string, unknown>) => {
  const res = await (await upstream()).post('/api/supplier/add', fields)
  expect(res.status).toBe(201)
  return res.json.data as Supplier
}
const find = async (nama: string) =>
  ((await (await upstream()).get('/api/supplier')).json as Supplier[]).filter((s) => s.nama_supp === nama)

test('add: the empty name is refused with what was typed kept; a save stores every field', async ({ loggedIn: page }) => {
  const nama = unique('PT Supplier Uji')
  await page.goto('/admin/supplier')
  await expect(page.getByRole('heading', { name: 'Supplier', level: 1 })).toBeVisible()
  await expect(page.getByText('list of suppliers available in the system')).toBeVisible()
  await page.getByRole('link', { name: 'Tambah Supplier' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tambah Supplier' })
  await dialog.getByLabel('Nama Person').fill('Budi')
  await dialog.getByLabel('Nama Bank').selectOption('CIMB NIAGA')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(dialog.getByText('Nama Supplier tidak boleh kosong!')).toBeVisible()
  await expect(dialog.getByLabel('Nama Person')).toHaveValue('Budi')
  await expect(dialog.getByLabel('Nama Bank')).toHaveValue('CIMB NIAGA')

  await expect(dialog.getByLabel('Nama Bank').locator('option')).toHaveCount(16)
  await dialog.getByLabel('Nama Supplier').fill(nama)
  const values: Record<string, string> = {
    Jabatan: 'Manajer',
    Telepon: '021-555',
    Fax: '021-556',
    HP: '0812',
    Email: 'a@ban.id',
    'Email Alternatif': 'b@ban.id',
    NPWP: '01.234',
    'Atas Nama': 'PT Ban',
    'No. Rekening': '123456',
    Alamat: 'Jl. Raya 1',
  }
  for (const [label, v] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(v)
  await dialog.getByLabel('Departemen').selectOption({ index: 1 })
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/supplier`)
  await expect(flash(page, 'Supplier berhasil ditambahkan!')).toBeAttached()
  const [s] = await find(nama)
  expect(s).toMatchObject({
    nama_person: 'Budi',
    jabatan: 'Manajer',
    telp: '021-555',
    fax: '021-556',
    hp: '0812',
    gmail: 'a@ban.id',
    email: 'b@ban.id',
    npwp: '01.234',
    atas_nama: 'PT Ban',
    norek: '123456',
    alamat: 'Jl. Raya 1',
    nama_bank: 'CIMB NIAGA',
  })
  expect(s.departemen_id).toEqual(expect.any(Number))
})

test('edit: pre-filled; a change is stored, a cleared field is cleared, the rest kept', async ({ loggedIn: page }) => {
  const sup = await make({ nama_supp: unique('PT Ubah'), telp: '021', nama_bank: 'BCA', alamat: 'Jl. Lama' })
  await page.goto(`/admin/supplier?${q(sup.nama_supp)}`)
  await rowOf(page, sup.nama_supp).getByRole('link', { name: 'Edit' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Supplier' })
  await expect(dialog.getByLabel('Nama Supplier')).toHaveValue(sup.nama_supp)
  await expect(dialog.getByLabel('Nama Bank')).toHaveValue('BCA')
  await dialog.getByLabel('Nama Bank').selectOption('BRI')
  await dialog.getByLabel('Telepon').fill('')
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(flash(page, 'Supplier berhasil diperbarui!')).toBeAttached()
  const [after] = await find(sup.nama_supp)
  expect(after).toMatchObject({ id: sup.id, nama_bank: 'BRI', telp: null, alamat: 'Jl. Lama', kode_supplier: sup.kode_supplier })
})

test('delete: confirmation text, then gone', async ({ loggedIn: page }) => {
  const sup = await make({ nama_supp: unique('PT Hapus') })
  await page.goto(`/admin/supplier?${q(sup.nama_supp)}`)
  await rowOf(page, sup.nama_supp).getByRole('link', { name: 'Hapus' }).click()
  await expect(page.getByRole('alertdialog').getByText('Data supplier ini akan dihapus secara permanen!')).toBeVisible()
  await page.getByRole('button', { name: 'Ya, hapus!' }).click()
  await expect(flash(page, 'Dihapus!')).toBeAttached()
  expect(await find(sup.nama_supp)).toHaveLength(0)
})

test("detail: 'Detail Supplier' with the 150 px QR code and 'Tidak ada' for missing values", async ({ loggedIn: page }) => {
  const sup = await make({ nama_supp: unique('PT Detail'), nama_person: 'Sari', nama_bank: 'MANDIRI' })
  await page.goto(`/admin/supplier?${q(sup.nama_supp)}`)
  await rowOf(page, sup.nama_supp).getByRole('link', { name: 'Detail' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/supplier/${sup.id}?${q(sup.nama_supp)}`)
  const dialog = page.getByRole('dialog', { name: 'Detail Supplier' })
  await expect(dialog.getByRole('img', { name: `QR code ${sup.kode_supplier}` })).toHaveAttribute('width', '150')
  const value = (label: string) => dialog.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')
  await expect(value('Kode Supplier')).toHaveText(sup.kode_supplier)
  await expect(value('Nama Person')).toHaveText('Sari')
  await expect(value('Nama Bank')).toHaveText('MANDIRI')
  await expect(value('NPWP')).toHaveText('Tidak ada')
  await dialog.getByRole('link', { name: 'Tutup' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('search by name; Nama Supplier sorts ascending on the first click; no pager for one page', async ({ loggedIn: page }) => {
  const tok = unique('Sup').replace(' ', '-')
  const [b, a] = [await make({ nama_supp: `${tok} Beta` }), await make({ nama_supp: `${tok} Alfa` })]
  await page.goto('/admin/supplier')
  await page.getByRole('searchbox', { name: 'Cari supplier...' }).fill(tok.toLowerCase())
  await page.getByRole('button', { name: 'Cari', exact: true }).click()
  await expect(page.getByText('2 data', { exact: true })).toBeVisible()
  await expect(page.locator('tbody tr td:nth-child(3)')).toHaveText([b.nama_supp, a.nama_supp])
  await page.getByRole('link', { name: 'Nama Supplier', exact: true }).click()
  await expect(page).toHaveURL(/sort=nama_supp&dir=asc/)
  await expect(page.locator('tbody tr td:nth-child(3)')).toHaveText([a.nama_supp, b.nama_supp])
  await expect(page.getByRole('navigation', { name: 'Halaman' })).toHaveCount(0)
})
