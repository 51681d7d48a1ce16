/**
 * Karyawan, with JavaScript on and off:
 * list and search, the extra-large add/edit dialog with photos, validation, a refused upload, the
 * 'Detail Karyawan' dialog and delete. Each test makes its own employees with a unique name. A
 * karyawan in use refused deletion (the server's rule) is tested over plain HTTP in
 * tests/app/karyawan.test.ts.
 */
import { expect, test, unique } from './fixtures'
import { allKaryawan, createKaryawan, findKaryawan, PNG_1PX } from './master-support'
import { createDepartemen, flash, rowOf } from './support'

const q = (s: string) => `q=${encodeURIComponent(s).replace(/%20/g, '+')}`

test('list: columns, 50 px QR, and search on nama_lengkap (case-insensitive)', async ({ loggedIn: page }) => {
  const tok = unique('Cari').replace(' ', '-')
  const a = await createKaryawan({ nama_lengkap: `Ani ${tok}` })
  const b = await createKaryawan({ nama_lengkap: `Budi ${tok}` })
  await page.goto('/admin/karyawan')
  await expect(page.getByRole('heading', { name: 'Karyawan', level: 1 })).toBeVisible()
  await expect(page.getByRole('columnheader')).toHaveText([/^No/, /^Kode Karyawan/, /^Nama Karyawan/, /^QrCode/, /^Opsi/])
  const box = page.getByRole('searchbox', { name: 'Cari karyawan...' })
  await box.fill(tok.toUpperCase())
  await page.getByRole('button', { name: 'Cari', exact: true }).click()
  await expect(page.getByText('2 data', { exact: true })).toBeVisible()
  await expect(page.locator('tbody tr td:nth-child(3)')).toHaveText([a.nama_lengkap, b.nama_lengkap])
  const row = rowOf(page, a.nama_lengkap)
  await expect(row.getByRole('cell').nth(1)).toHaveText(a.kode_karyawan)
  await expect(row.getByRole('img', { name: `QR code ${a.kode_karyawan}` })).toHaveAttribute('width', '50')
  await expect(row.getByRole('link', { name: 'Detail' })).toBeVisible()
  await expect(row.getByRole('link', { name: 'Edit' })).toBeVisible()
  await expect(row.getByRole('link', { name: 'Hapus' })).toBeVisible()
  // Not by code.
  await box.fill(`${a.kode_karyawan} ${tok}`)
  await page.getByRole('button', { name: 'Cari', exact: true }).click()
  await expect(page.getByText('Tidak ada data.')).toBeVisible()
  // Sorting by name, descending on the second click.
  await page.goto(`/admin/karyawan?${q(tok)}`)
  await page.getByRole('link', { name: 'Nama Karyawan', exact: true }).click()
  await page.getByRole('link', { name: 'Nama Karyawan', exact: true }).click()
  await expect(page).toHaveURL(/sort=nama_lengkap&dir=desc/)
  await expect(page.locator('tbody tr td:nth-child(3)')).toHaveText([b.nama_lengkap, a.nama_lengkap])
})

test('add: every field, choices, dates and a photo are stored; banner', async ({ loggedIn: page, jsEnabled }) => {
  const [dep] = await createDepartemen(unique('Dept Karyawan'))
  const nama = unique('Karyawan Baru')
  await page.goto('/admin/karyawan')
  await page.getByRole('link', { name: 'Tambah Karyawan' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tambah Karyawan' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Nama Lengkap').fill(nama)
  await dialog.getByLabel('Nama Kecil').fill('Nani')
  await dialog.getByLabel('Gender').selectOption('Perempuan')
  await dialog.getByLabel('Departemen').selectOption(String(dep.id))
  await dialog.getByLabel('No KTP').fill('3201010101010001')
  await dialog.getByLabel('Tanggal Lahir').fill('1990-05-17')
  await dialog.getByLabel('Tanggal Gabung').fill('2020-01-02')
  await dialog.getByLabel('Telepon').fill('0812345678')
  await dialog.getByLabel('Email').fill('nani@example.com')
  await dialog.getByLabel('Alamat').fill('Jl. Merdeka 1')
  await dialog.getByLabel('Atas Nama').fill('Nani')
  await dialog.getByLabel('No Rekening').fill('1234567890')
  await dialog.getByLabel('Nama Bank').selectOption('BCA')
  await dialog.getByLabel('Foto KTP').setInputFiles({ name: 'ktp.png', mimeType: 'image/png', buffer: PNG_1PX })
  if (jsEnabled) await expect(dialog.getByRole('img', { name: 'Pratinjau Foto KTP' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(flash(page, 'Karyawan berhasil ditambahkan!')).toBeAttached()
  await expect(page).toHaveURL(/\/admin\/karyawan$/)
  const [k] = await findKaryawan(nama)
  expect(k).toMatchObject({
    gender: 'Perempuan',
    departemen_id: dep.id,
    no_ktp: '3201010101010001',
    tanggal_lahir: '1990-05-17',
    tanggal_gabung: '2020-01-02',
    telp: '0812345678',
    gmail: 'nani@example.com',
    alamat: 'Jl. Merdeka 1',
    nama_bank: 'BCA',
    ft_sim: null,
  })
  expect(k.gambar).toBeTruthy()
  expect(k.kode_karyawan).toBeTruthy()
})

test('validation: an empty name says so and keeps everything typed; nothing is stored', async ({ loggedIn: page }) => {
  const kecil = unique('Kecil')
  await page.goto('/admin/karyawan/tambah')
  const dialog = page.getByRole('dialog', { name: 'Tambah Karyawan' })
  await dialog.getByLabel('Nama Kecil').fill(kecil)
  await dialog.getByLabel('Gender').selectOption('Laki-laki')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(dialog.getByText('Nama Karyawan tidak boleh kosong!')).toBeVisible()
  await expect(dialog.getByLabel('Nama Kecil')).toHaveValue(kecil)
  await expect(dialog.getByLabel('Gender')).toHaveValue('Laki-laki')
  expect((await allKaryawan()).filter((k) => (k as { nama_kecil?: string }).nama_kecil === kecil)).toEqual([])
})

test('a file that is not an image is refused beside its field; the other values stay', async ({ loggedIn: page }) => {
  const nama = unique('Karyawan Foto Palsu')
  await page.goto('/admin/karyawan/tambah')
  const dialog = page.getByRole('dialog', { name: 'Tambah Karyawan' })
  await dialog.getByLabel('Nama Lengkap').fill(nama)
  await dialog.getByLabel('Telepon').fill('0899')
  // Named and typed as a PNG, but the bytes are text: only the server's content check catches it.
  await dialog
    .getByLabel('Foto SIM')
    .setInputFiles({ name: 'sim.png', mimeType: 'image/png', buffer: Buffer.from('bukan gambar sama sekali') })
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(page.getByText('Foto SIM harus berupa gambar (JPG, PNG, GIF atau WEBP).')).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Tambah Karyawan' }).getByLabel('Nama Lengkap')).toHaveValue(nama)
  await expect(page.getByRole('dialog', { name: 'Tambah Karyawan' }).getByLabel('Telepon')).toHaveValue('0899')
  expect(await findKaryawan(nama)).toEqual([])
})

test('edit: pre-filled, shows the stored photo, saves the change; banner', async ({ loggedIn: page }) => {
  const nama = unique('Karyawan Edit')
  const k = await createKaryawan({ nama_lengkap: nama, gender: 'Laki-laki', telp: '0811', nama_bank: 'BRI' }, { photo: true })
  await page.goto(`/admin/karyawan?${q(nama)}`)
  await rowOf(page, nama).getByRole('link', { name: 'Edit' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Karyawan' })
  await expect(dialog.getByLabel('Nama Lengkap')).toHaveValue(nama)
  await expect(dialog.getByLabel('Gender')).toHaveValue('Laki-laki')
  await expect(dialog.getByLabel('Nama Bank')).toHaveValue('BRI')
  await expect(dialog.getByRole('img', { name: 'Foto KTP saat ini' })).toHaveAttribute('src', `/uploads/${k.gambar}`)
  await dialog.getByLabel('Nama Lengkap').fill(`${nama} Ubah`)
  await dialog.getByLabel('Telepon').fill('')
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(flash(page, 'Karyawan berhasil diperbarui!')).toBeAttached()
  const [saved] = await findKaryawan(`${nama} Ubah`)
  expect(saved).toMatchObject({ id: k.id, gender: 'Laki-laki', telp: null, nama_bank: 'BRI', gambar: k.gambar })
})

test('detail: QR 150 px, ID-card photo, the fields, and Tidak ada for missing values', async ({ loggedIn: page }) => {
  const [dep] = await createDepartemen(unique('Dept Detail'))
  const nama = unique('Karyawan Detail')
  const k = await createKaryawan(
    { nama_lengkap: nama, departemen_id: String(dep.id), no_ktp: '3201', tanggal_lahir: '1991-02-03', gmail: 'd@example.com' },
    { photo: true },
  )
  await page.goto(`/admin/karyawan?${q(nama)}`)
  await rowOf(page, nama).getByRole('link', { name: 'Detail' }).click()
  const dialog = page.getByRole('dialog', { name: 'Detail Karyawan' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('img', { name: `QR code ${k.kode_karyawan}` })).toHaveAttribute('width', '150')
  await expect(dialog.getByRole('img', { name: 'Foto KTP' })).toHaveAttribute('src', `/uploads/${k.gambar}`)
  const value = (label: string) => dialog.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]')
  await expect(value('Kode Karyawan')).toHaveText(k.kode_karyawan)
  await expect(value('Nama Lengkap')).toHaveText(nama)
  await expect(value('Departemen')).toHaveText(dep.nama)
  await expect(value('No KTP')).toHaveText('3201')
  await expect(value('No SIM')).toHaveText('Tidak ada')
  await expect(value('Tanggal Lahir')).toHaveText('3 Februari 1991')
  await expect(value('Tanggal Gabung')).toHaveText('Tidak ada')
  await expect(value('Telepon')).toHaveText('Tidak ada')
  await expect(value('Email')).toHaveText('d@example.com')
  await expect(value('Alamat')).toHaveText('Tidak ada')
  await dialog.getByRole('link', { name: 'Tutup' }).first().click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('delete: confirmation, Berhasil! / Karyawan berhasil dihapus!, gone upstream', async ({ loggedIn: page }) => {
  const nama = unique('Karyawan Hapus')
  const k = await createKaryawan({ nama_lengkap: nama })
  await page.goto(`/admin/karyawan?${q(nama)}`)
  await rowOf(page, nama).getByRole('link', { name: 'Hapus' }).click()
  await expect(page.getByText('Data karyawan ini akan dihapus secara permanen!')).toBeVisible()
  await page.getByRole('button', { name: 'Ya, hapus!' }).click()
  const done = flash(page, 'Karyawan berhasil dihapus!')
  await expect(done).toContainText('Berhasil!')
  expect((await allKaryawan()).find((x) => x.id === k.id)).toBeUndefined()
})
