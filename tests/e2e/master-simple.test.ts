/**
 * Ukuran Ban, Merek Ban, Golongan, Type Ban (one loop: the same screen over four configurations) and
 * Jenis Kendaraan: add with the empty-name rule, edit, delete, search.
 * JavaScript on and off. Each test makes its own rows through the api and narrows the list with ?q=.
 */
import { q, simpleMasterRecords, SCREENS } from '../master-simple-records'
import { expect, test, unique, upstream } from './fixtures'
import { APP_URL, flash, rowOf } from './support'

const { make, stored } = simpleMasterRecords(upstream)

// The four screens are one route module over four configurations: the first one's edit, delete and
// search run with JavaScript on and off, the other three's over plain HTTP in
// tests/app/master-simple.test.ts (the same client code, their own texts and api from the server).
// Every screen's add (its client-side rule) runs both ways.
for (const [i, s] of SCREENS.entries()) {
  test.describe(s.title, () => {
    test('add: the empty name is refused with the rule of the spec, a save stores it with the banner', async ({ loggedIn: page }) => {
      const nama = unique(`${s.entity} Uji`)
      await page.goto(`/admin/${s.path}`)
      await expect(page.getByRole('heading', { name: s.title, level: 1 })).toBeVisible()
      await expect(page.getByRole('columnheader')).toHaveText([
        /^No/,
        new RegExp(`^${s.codeHeader}`),
        new RegExp(`^${s.label}`),
        /^QrCode/,
        /^Opsi/,
      ])
      await page.getByRole('link', { name: `Tambah ${s.title}` }).click()
      const dialog = page.getByRole('dialog', { name: `Tambah ${s.title}` })
      await dialog.getByRole('button', { name: 'Simpan' }).click()
      await expect(dialog.getByText(`${s.label} tidak boleh kosong!`)).toBeVisible()
      await dialog.getByLabel(s.label).fill(nama)
      await dialog.getByRole('button', { name: 'Simpan' }).click()
      await expect(page).toHaveURL(`${APP_URL}/admin/${s.path}`)
      await expect(flash(page, `${s.entity} berhasil ditambahkan!`)).toBeAttached()
      expect(await stored(s, nama)).toHaveLength(1)
    })

    // The first screen's edit, delete and search, both ways (the other three's: tests/app/master-simple.test.ts).
    if (i > 0) return

    test('edit: pre-filled, the new name is stored with the banner', async ({ loggedIn: page }) => {
      const row = await make(s, unique(`${s.entity} Ubah`))
      await page.goto(`/admin/${s.path}?${q(row[s.key])}`)
      await rowOf(page, row[s.key]).getByRole('link', { name: 'Edit' }).click()
      const dialog = page.getByRole('dialog', { name: `Edit ${s.title}` })
      await expect(dialog.getByLabel(s.label)).toHaveValue(row[s.key])
      await dialog.getByLabel(s.label).fill(`${row[s.key]} baru`)
      await dialog.getByRole('button', { name: 'Update' }).click()
      await expect(flash(page, `${s.entity} berhasil diperbarui!`)).toBeAttached()
      const after = await stored(s, `${row[s.key]} baru`)
      expect(after.map((r) => r.id)).toEqual([row.id])
    })

    test('delete: confirmation with its text, then the row is gone', async ({ loggedIn: page }) => {
      const row = await make(s, unique(`${s.entity} Hapus`))
      await page.goto(`/admin/${s.path}?${q(row[s.key])}`)
      await rowOf(page, row[s.key]).getByRole('link', { name: 'Hapus' }).click()
      const confirm = page.getByRole('alertdialog', { name: 'Apakah Anda yakin?' })
      await expect(confirm.getByText(`Data ${s.entity.toLowerCase()} ini akan dihapus secara permanen!`)).toBeVisible()
      await confirm.getByRole('button', { name: 'Ya, hapus!' }).click()
      await expect(flash(page, 'Dihapus!')).toBeAttached()
      await expect(page.getByText('Tidak ada data.')).toBeVisible()
      expect(await stored(s, row[s.key])).toHaveLength(0)
    })

    test('search by name, case-insensitive; the row shows code, name and QR code', async ({ loggedIn: page }) => {
      const tok = unique('Cari').replace(' ', '-')
      const [a] = [await make(s, `${tok} Alfa`), await make(s, `${tok} Beta`)]
      await page.goto(`/admin/${s.path}`)
      await page.getByRole('searchbox', { name: `Cari ${s.title.toLowerCase()}...` }).fill(`${tok} alfa`.toUpperCase())
      await page.getByRole('button', { name: 'Cari', exact: true }).click()
      await expect(page.getByText('1 data', { exact: true })).toBeVisible()
      const row = rowOf(page, a[s.key])
      await expect(row.getByRole('cell').nth(1)).toHaveText(a[s.code])
      await expect(row.getByRole('img', { name: `QR code ${a[s.code]}` })).toHaveAttribute('width', '50')
    })
  })
}

test.describe('Jenis Kendaraan', () => {
  const find = async (nama: string) =>
    (
      (await (await upstream()).get('/api/jenis_kendaraan')).json as {
        id: number
        nama_jenis_kendaraan: string
        panjang: number
        total_ban: number
      }[]
    ).filter((j) => j.nama_jenis_kendaraan === nama)

  test('add: name required, sizes must be numbers, Total Ban a choice of 6, 10, 18, 22', async ({ loggedIn: page }) => {
    const nama = unique('Jenis Uji')
    await page.goto('/admin/jenis_kendaraan/tambah')
    const dialog = page.getByRole('dialog', { name: 'Tambah Jenis Kendaraan' })
    await expect(dialog.getByLabel('Total Ban').locator('option')).toHaveText(['-- Pilih --', '6 ban', '10 ban', '18 ban', '22 ban'])
    await dialog.getByLabel('Panjang').fill('dua')
    await dialog.getByRole('button', { name: 'Simpan' }).click()
    await expect(dialog.getByText('Nama Jenis kendaraan tidak boleh kosong!')).toBeVisible()
    await expect(dialog.getByText('Panjang harus berupa angka.')).toBeVisible()
    await expect(dialog.getByLabel('Panjang')).toHaveValue('dua')
    await dialog.getByLabel('Nama Jenis kendaraan').fill(nama)
    await dialog.getByLabel('Panjang').fill('11,8')
    await dialog.getByLabel('Lebar').fill('2.5')
    await dialog.getByLabel('Tinggi').fill('3.9')
    await dialog.getByLabel('Total Ban').selectOption('18')
    await dialog.getByRole('button', { name: 'Simpan' }).click()
    await expect(flash(page, 'Jenis Kendaraan berhasil ditambahkan!')).toBeAttached()
    const [j] = await find(nama)
    expect(j).toMatchObject({ panjang: 11.8, lebar: 2.5, tinggi: 3.9, total_ban: 18 })
  })

  test('edit keeps the other values; delete; search; the table shows code, name and QR only', async ({ loggedIn: page }) => {
    const nama = unique('Jenis Ubah')
    const { json } = await (await upstream()).post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: nama, panjang: 7.6, total_ban: 6 })
    const id = json.data.id as number
    await page.goto(`/admin/jenis_kendaraan?${q(nama.toLowerCase())}`)
    await expect(page.getByRole('columnheader')).toHaveText([/^No/, /^Kode Jenis Kendaraan/, /^Nama Jenis Kendaraan/, /^QrCode/, /^Opsi/])
    await expect(rowOf(page, nama).getByRole('img', { name: /^QR code / })).toBeVisible()
    await rowOf(page, nama).getByRole('link', { name: 'Edit' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Jenis Kendaraan' })
    await expect(dialog.getByLabel('Total Ban')).toHaveValue('6')
    await dialog.getByLabel('Total Ban').selectOption('10')
    await dialog.getByRole('button', { name: 'Update' }).click()
    await expect(flash(page, 'Jenis Kendaraan berhasil diperbarui!')).toBeAttached()
    expect((await find(nama))[0]).toMatchObject({ id, panjang: 7.6, total_ban: 10 })

    await rowOf(page, nama).getByRole('link', { name: 'Hapus' }).click()
    await expect(page.getByText('Data jenis kendaraan ini akan dihapus secara permanen!')).toBeVisible()
    await page.getByRole('button', { name: 'Ya, hapus!' }).click()
    await expect(flash(page, 'Dihapus!')).toBeAttached()
    expect(await find(nama)).toHaveLength(0)
  })
})
