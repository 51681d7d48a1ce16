/**
 * STNK: list, the add/edit dialog with the vehicle fill (JS at once; without JS the
 * server fills), validation, detail, delete and search. Runs with JavaScript on and off; each test
 * makes its own rows through the api and narrows the list to them. The vehicle numbers the server
 * fills on save, whatever the browser sent, are tested over plain HTTP in tests/app/stnk.test.ts.
 */
import { expect, test, unique, upstream } from './fixtures'
import { APP_URL, chooseSearched, flash, holdScripts, rowOf } from './support'
import { stnkRecords } from '../stnk-records'

const q = (s: string) => `q=${encodeURIComponent(s).replace(/%20/g, '+')}`

const { findStnk, makeStnk, aVehicle } = stnkRecords(upstream)

test('list: title, subtitle, columns, a row with its QR code, search by owner name', async ({ loggedIn: page }) => {
  const s = await makeStnk(unique('Pemilik Daftar'))
  await page.goto('/admin/stnk')
  await expect(page.getByRole('heading', { name: 'STNK', level: 1 })).toBeVisible()
  await expect(page.getByText('Daftar stnk yang tersedia di sistem')).toBeVisible()
  await expect(page.getByRole('columnheader')).toHaveText([/^No/, /^Kode Stnk/, /^Nama Pemilik/, /^QrCode/, /^Opsi/])
  await page.getByRole('searchbox', { name: 'Cari nama pemilik...' }).fill(s.nama_pemilik.toUpperCase())
  await page.getByRole('searchbox', { name: 'Cari nama pemilik...' }).press('Enter')
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await expect(rowOf(page, s.nama_pemilik).getByRole('cell').nth(1)).toHaveText(s.kode_stnk)
  await expect(rowOf(page, s.nama_pemilik).getByRole('img')).toBeVisible()
})

test('add: the owner name is required; choosing a vehicle fills its numbers; the save stores them', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const nama = unique('Pemilik Baru')
  const k = await aVehicle()
  await page.goto('/admin/stnk')
  await page.getByRole('link', { name: 'Tambah STNK' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tambah STNK' })
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(dialog.getByText('Nama Stnk tidak boleh kosong!')).toBeVisible()

  await chooseSearched(page, 'Tambah STNK', 'No Kabin', k.no_kabin, String(k.id), jsEnabled)
  if (jsEnabled) {
    await expect(dialog.getByLabel('No Registrasi')).toHaveValue(k.no_pol!)
  } else {
    await dialog.getByRole('button', { name: 'Isi dari kendaraan' }).click()
    await expect(page.getByRole('dialog', { name: 'Tambah STNK' }).getByLabel('No Registrasi')).toHaveValue(k.no_pol!)
  }
  const d = page.getByRole('dialog', { name: 'Tambah STNK' })
  await expect(d.getByLabel('No Rangka')).toHaveValue(k.no_rangka!)
  await expect(d.getByLabel('No Mesin')).toHaveValue(k.no_mesin!)
  await expect(d.getByLabel('No Registrasi')).toHaveAttribute('readonly', '')
  await d.getByLabel('Nama Pemilik').fill(nama)
  await d.getByLabel('Tahun Pembuatan').selectOption('2019')
  await d.getByLabel('Warna', { exact: true }).selectOption('Merah')
  await d.getByLabel('Expired STNK').fill('2027-05-31')
  await d.getByLabel('Alamat').fill('Jl. Uji No. 1')
  await d.getByRole('button', { name: 'Simpan' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/stnk`)
  await expect(flash(page, 'Stnk berhasil ditambahkan!')).toBeAttached()
  const [stored] = await findStnk(nama)
  expect(stored).toMatchObject({
    kendaraan_id: k.id,
    no_pol: k.no_pol,
    no_rangka: k.no_rangka,
    no_mesin: k.no_mesin,
    tahun_pembuatan: 2019,
    warna: 'Merah',
    expired_stnk: '2027-05-31',
    alamat: 'Jl. Uji No. 1',
  })
})

test('a refused save (no owner name) comes back with the chosen vehicle’s numbers, also without JS', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const k = await aVehicle()
  await page.goto('/admin/stnk/tambah')
  let dialog = page.getByRole('dialog', { name: 'Tambah STNK' })
  await chooseSearched(page, 'Tambah STNK', 'No Kabin', k.no_kabin, String(k.id), jsEnabled)
  await dialog.getByLabel('Merek').fill('Hino')
  if (jsEnabled) {
    // With JS the browser refuses before sending: send it as a browser without JS would.
    const res = await page.request.post('/admin/stnk/tambah', {
      form: { kendaraan_id: String(k.id), nama_pemilik: '', merek: 'Hino', no_pol: '', no_rangka: '', no_mesin: '' },
      headers: { Origin: APP_URL },
    })
    expect(res.status()).toBe(400)
    const html = await res.text()
    for (const v of [k.no_pol!, k.no_rangka!, k.no_mesin!]) expect(html).toContain(`value="${v}"`)
    return
  }
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  dialog = page.getByRole('dialog', { name: 'Tambah STNK' })
  await expect(dialog.getByText('Nama Stnk tidak boleh kosong!')).toBeVisible()
  await expect(dialog.getByLabel('No Kabin', { exact: true })).toHaveValue(String(k.id))
  await expect(dialog.getByLabel('No Registrasi')).toHaveValue(k.no_pol!)
  await expect(dialog.getByLabel('No Rangka')).toHaveValue(k.no_rangka!)
  await expect(dialog.getByLabel('No Mesin')).toHaveValue(k.no_mesin!)
  await expect(dialog.getByLabel('Merek')).toHaveValue('Hino')
})

test('text typed into the vehicle search before the scripts have loaded is kept and finds the vehicle', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  await page.goto('/admin/dashboard')
  const k = await aVehicle()
  // A slow network: the app's scripts (with JavaScript on) arrive only after the user has typed.
  const release = await holdScripts(page)
  await page.goto('/admin/stnk/tambah', { waitUntil: 'commit' })
  const dialog = page.getByRole('dialog', { name: 'Tambah STNK' })
  await dialog.getByLabel('Cari No Kabin').fill(k.no_kabin)
  await dialog.getByLabel('Cari No Kabin').evaluate((box) => box.setAttribute('data-typed-here', ''))
  release()
  if (jsEnabled) {
    // Once the scripts run the search is live (no Cari button), and it starts with what was typed:
    // the same box, still focused, so a user typing on is not cut off.
    await expect(dialog.getByRole('button', { name: 'Cari', exact: true })).toHaveCount(0)
    await expect(dialog.getByLabel('Cari No Kabin')).toHaveAttribute('data-typed-here', '')
    await expect(dialog.getByLabel('Cari No Kabin')).toBeFocused()
  } else {
    await dialog.getByRole('button', { name: 'Cari', exact: true }).click()
  }
  await expect(dialog.getByLabel('Cari No Kabin')).toHaveValue(k.no_kabin)
  await expect(dialog.getByLabel('No Kabin', { exact: true }).locator(`option[value="${k.id}"]`)).toHaveCount(1)
  // A search is not a save: the owner's name, still empty, is not called missing.
  await expect(dialog.getByText('Nama Stnk tidak boleh kosong!')).toHaveCount(0)
})

test('a vehicle chosen before the scripts have loaded stays chosen once they have, fills its numbers and is saved', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  await page.goto('/admin/dashboard')
  const nama = unique('Pemilik Awal')
  const release = await holdScripts(page)
  await page.goto('/admin/stnk/tambah', { waitUntil: 'commit' })
  const dialog = page.getByRole('dialog', { name: 'Tambah STNK' })
  const kabin = dialog.getByLabel('No Kabin', { exact: true })
  const chosen = (await kabin.locator('option').nth(1).getAttribute('value'))!
  await kabin.selectOption(chosen)
  await dialog.getByLabel('Nama Pemilik').fill(nama)
  release()
  const shown = await (await upstream()).get(`/api/kendaraan/${chosen}/show`)
  const noPol = (shown.json as { data: { no_pol: string } }).data.no_pol
  expect(noPol).toBeTruthy()
  if (jsEnabled) {
    await expect(page.locator('html[data-hydrated]')).toBeAttached()
    // The choice is the form's: its numbers are filled at once, as when chosen after the scripts ran.
    await expect(dialog.getByLabel('No Registrasi')).toHaveValue(noPol)
  }
  await expect(kabin).toHaveValue(chosen)
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/stnk`)
  const [stored] = await findStnk(nama)
  expect(stored).toMatchObject({ kendaraan_id: Number(chosen), no_pol: noPol })
})

test('edit: pre-filled, Update saves and shows the banner', async ({ loggedIn: page }) => {
  const s = await makeStnk(unique('Pemilik Ubah'), { merek: 'Hino' })
  await page.goto(`/admin/stnk?${q(s.nama_pemilik)}`)
  await rowOf(page, s.nama_pemilik).getByRole('link', { name: 'Edit' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Stnk' })
  await expect(dialog.getByLabel('Nama Pemilik')).toHaveValue(s.nama_pemilik)
  await expect(dialog.getByLabel('Merek')).toHaveValue('Hino')
  await dialog.getByLabel('Merek').fill('Mitsubishi')
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(flash(page, 'Stnk berhasil diperbarui!')).toBeAttached()
  expect((await findStnk(s.nama_pemilik))[0]).toMatchObject({ id: s.id, kode_stnk: s.kode_stnk })
  expect(((await findStnk(s.nama_pemilik))[0] as unknown as { merek: string }).merek).toBe('Mitsubishi')
})

test('detail: QR code, the fields, "Tidak ada" for missing values, Tutup', async ({ loggedIn: page }) => {
  const s = await makeStnk(unique('Pemilik Detail'), { alamat: 'Jl. Detail 9' })
  await page.goto(`/admin/stnk?${q(s.nama_pemilik)}`)
  await rowOf(page, s.nama_pemilik).getByRole('link', { name: 'Detail' }).click()
  const dialog = page.getByRole('dialog', { name: 'Detail Stnk' })
  await expect(dialog.getByText(s.kode_stnk, { exact: true })).toBeVisible()
  await expect(dialog.getByText(s.nama_pemilik, { exact: true })).toBeVisible()
  await expect(dialog.getByText('Jl. Detail 9')).toBeVisible()
  await expect(dialog.getByText('Tidak ada').first()).toBeVisible()
  await dialog.getByText('Tutup', { exact: true }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('delete: confirmation, then "Berhasil!" / "Stnk berhasil dihapus!" and the row is gone', async ({ loggedIn: page }) => {
  const s = await makeStnk(unique('Pemilik Hapus'))
  await page.goto(`/admin/stnk?${q(s.nama_pemilik)}`)
  await rowOf(page, s.nama_pemilik).getByRole('link', { name: 'Hapus' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Apakah Anda yakin?' })
  await expect(confirm.getByText('Data stnk ini akan dihapus secara permanen!')).toBeVisible()
  await confirm.getByRole('button', { name: 'Ya, hapus!' }).click()
  await expect(flash(page, 'Berhasil!')).toContainText('Stnk berhasil dihapus!')
  expect(await findStnk(s.nama_pemilik)).toHaveLength(0)
})
