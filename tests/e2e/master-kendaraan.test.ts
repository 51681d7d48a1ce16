/**
 * Kendaraan: the dialog with every vehicle field (choices loaded from
 * the api, the driver by the employee's name), photos, a refused upload, edit, the 'Detail Kendaraan'
 * dialog with both photos, delete and search by no_kabin. JS on and off. A refused upload (the
 * server's rule) is tested over plain HTTP in tests/app/master-kendaraan.test.ts.
 */
import { expect, test, unique, upstream } from './fixtures'
import { API_URL, APP_URL, FAULTY_APP_URL, flash, rowOf, setFaultyMode, withFaultyLock } from './support'
import { loginFaultyByRequest } from './request-login'
import { ONCE } from '../../playwright.config'

const q = (s: string) => `q=${encodeURIComponent(s).replace(/%20/g, '+')}`
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const WARNA = ['Hitam', 'Putih', 'Cokelat', 'Hijau', 'Orange', 'Merah', 'Ungu', 'Kuning', 'Biru', 'Silver']

type Kendaraan = Record<string, unknown> & {
  id: number
  no_kabin: string
  kode_kendaraan: string
  gambar_stnk: string | null
  gambar_barcodesolar: string | null
}
const find = async (noKabin: string) =>
  ((await (await upstream()).get('/api/kendaraan')).json as Kendaraan[]).filter((k) => k.no_kabin === noKabin)
const make = async (fields: Record<string, unknown>) => {
  const res = await (await upstream()).post('/api/kendaraan/add', fields)
  expect(res.status).toBe(201)
  return res.json.data as Kendaraan
}
test('add: no_kabin required (values kept), choices from the api, dates, km and a photo are stored', async ({ loggedIn: page }) => {
  const noKabin = unique('KB')
  const api = await upstream()
  const jenis = (await api.get('/api/jenis_kendaraan')).json[0]
  const golongan = (await api.get('/api/golongan')).json[0]
  const admin = ((await api.get('/api/user')).json as { id: number; kode_user: string }[]).find((u) => u.kode_user === 'admin')!
  const noDriverName = await api.post('/api/user', { kode_user: unique('drv').replace(' ', '') })

  await page.goto('/admin/kendaraan')
  await page.getByRole('link', { name: 'Tambah Kendaraan' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tambah Kendaraan' })
  await expect(dialog.getByLabel('Warna').locator('option')).toHaveText(['-- Pilih --', ...WARNA])
  const driver = dialog.getByLabel('Driver', { exact: true })
  await expect(driver.locator(`option[value="${admin.id}"]`)).toHaveText('Administrator Sistem')
  await expect(driver.locator(`option[value="${noDriverName.json.data.id}"]`)).toHaveText('Nama tidak tersedia')

  await dialog.getByLabel('No. Polisi').fill('B 9 UJI')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(dialog.getByText('No Kabin Kendaraan tidak boleh kosong!')).toBeVisible()
  await expect(dialog.getByLabel('No. Polisi')).toHaveValue('B 9 UJI')

  await dialog.getByLabel('No Kabin').fill(noKabin)
  await dialog.getByLabel('No. Rangka').fill('RANGKA1')
  await dialog.getByLabel('No. Mesin').fill('MESIN1')
  await dialog.getByLabel('GPS ID').fill('GPS-1')
  await dialog.getByLabel('List Vehicle ID').fill('LV-1')
  await dialog.getByLabel('Jenis Kendaraan').selectOption(String(jenis.id))
  await dialog.getByLabel('Golongan').selectOption(String(golongan.id))
  await driver.selectOption(String(admin.id))
  await dialog.getByLabel('Warna').selectOption('Silver')
  await dialog.getByLabel('Expired KIR').fill('2027-01-31')
  await dialog.getByLabel('Expired STNK').fill('2028-02-29')
  await dialog.getByLabel('Km').fill('12500')
  await dialog.getByLabel('Gambar STNK').setInputFiles({ name: 'stnk.png', mimeType: 'image/png', buffer: PNG })
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/kendaraan`)
  await expect(flash(page, 'Kendaraan berhasil ditambahkan!')).toBeAttached()
  const [k] = await find(noKabin)
  expect(k).toMatchObject({
    no_pol: 'B 9 UJI',
    no_rangka: 'RANGKA1',
    no_mesin: 'MESIN1',
    gpsid: 'GPS-1',
    list_vehicle_id: 'LV-1',
    jenis_kendaraan_id: jenis.id,
    golongan_id: golongan.id,
    user_id: admin.id,
    warna: 'Silver',
    expired_kir: '2027-01-31',
    expired_stnk: '2028-02-29',
    km: 12500,
    gambar_barcodesolar: null,
  })
  expect(k.gambar_stnk).toMatch(/\.png$/)
})

test('edit: pre-filled; a change is stored and the stored photo is shown and kept', async ({ loggedIn: page }) => {
  const noKabin = unique('KB Ubah')
  await page.goto('/admin/kendaraan/tambah')
  const add = page.getByRole('dialog', { name: 'Tambah Kendaraan' })
  await add.getByLabel('No Kabin').fill(noKabin)
  await add.getByLabel('Km').fill('100')
  await add.getByLabel('Gambar Barcode Solar').setInputFiles({ name: 'solar.png', mimeType: 'image/png', buffer: PNG })
  await add.getByRole('button', { name: 'Simpan' }).click()
  await expect(flash(page, 'Kendaraan berhasil ditambahkan!')).toBeAttached()
  const [before] = await find(noKabin)

  await page.goto(`/admin/kendaraan?${q(noKabin)}`)
  await rowOf(page, noKabin).getByRole('link', { name: 'Edit' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Kendaraan' })
  await expect(dialog.getByLabel('No Kabin')).toHaveValue(noKabin)
  await expect(dialog.getByLabel('Km')).toHaveValue('100')
  const current = dialog.getByRole('img', { name: 'Gambar Barcode Solar saat ini' })
  await expect(current).toHaveAttribute('src', `/uploads/${before.gambar_barcodesolar}`)
  await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)
  await dialog.getByLabel('Km').fill('250')
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(flash(page, 'Kendaraan berhasil diperbarui!')).toBeAttached()
  const [after] = await find(noKabin)
  expect(after).toMatchObject({ id: before.id, km: 250, gambar_barcodesolar: before.gambar_barcodesolar })
})

/** A vehicle stored with both photos (multipart, as the app sends it). */
async function makeWithPhotos(fields: Record<string, string>) {
  const login = await fetch(`${API_URL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ kode_user: 'admin', password: 'admin' }),
  })
  const { token } = (await login.json()) as { token: string }
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  form.append('gambar_barcodesolar', new Blob([PNG], { type: 'image/png' }), 'solar.png')
  form.append('gambar_stnk', new Blob([PNG], { type: 'image/png' }), 'stnk.png')
  const res = await fetch(`${API_URL}/api/kendaraan/add`, {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    body: form,
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { data: Kendaraan }).data
}

test("detail: 'Detail Kendaraan' with the QR code, names of the choices, 'Tidak ada' and both photos", async ({ loggedIn: page }) => {
  const api = await upstream()
  const golongan = (await api.get('/api/golongan')).json[0]
  const k = await makeWithPhotos({
    no_kabin: unique('KB Detail'),
    no_pol: 'B 7 DTL',
    golongan_id: String(golongan.id),
    expired_kir: '2027-03-01',
    km: '139449',
  })
  await page.goto(`/admin/kendaraan?${q(k.no_kabin)}`)
  await rowOf(page, k.no_kabin).getByRole('link', { name: 'Detail' }).click()
  const dialog = page.getByRole('dialog', { name: 'Detail Kendaraan' })
  await expect(dialog.getByRole('img', { name: `QR code ${k.kode_kendaraan}` })).toHaveAttribute('width', '150')
  const value = (label: string) => dialog.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')
  await expect(value('Kode Kendaraan')).toHaveText(k.kode_kendaraan)
  await expect(value('No. Polisi')).toHaveText('B 7 DTL')
  await expect(value('Golongan')).toHaveText(golongan.nama_golongan)
  await expect(value('Expired KIR')).toHaveText('1 Maret 2027')
  await expect(value('Km Akhir')).toHaveText('139.449')
  await expect(value('Jenis Kendaraan')).toHaveText('Tidak ada')
  await expect(value('No. Mesin')).toHaveText('Tidak ada')
  for (const [label, name] of [
    ['Gambar Barcode Solar', k.gambar_barcodesolar],
    ['Gambar STNK', k.gambar_stnk],
  ] as const) {
    const img = dialog.getByRole('img', { name: label, exact: true })
    await expect(img).toHaveAttribute('src', `/uploads/${name}`)
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1)
  }
})

test('search by no_kabin, then delete with its confirmation', async ({ loggedIn: page }) => {
  const tok = unique('KBC').replace(' ', '-')
  const [a] = [await make({ no_kabin: `${tok}-A`, no_pol: 'X' }), await make({ no_kabin: `${tok}-B` })]
  await page.goto('/admin/kendaraan')
  await page.getByRole('searchbox', { name: 'Cari no kabin...' }).fill(`${tok}-a`.toLowerCase())
  await page.getByRole('button', { name: 'Cari', exact: true }).click()
  await expect(page.getByText('1 data', { exact: true })).toBeVisible()
  await expect(page.getByRole('columnheader')).toHaveText([/^No/, /^Kode Kendaraan/, /^No\. Kabin/, /^QrCode/, /^Opsi/])
  await rowOf(page, a.no_kabin).getByRole('link', { name: 'Hapus' }).click()
  await expect(page.getByRole('alertdialog').getByText('Data kendaraan ini akan dihapus secara permanen!')).toBeVisible()
  await page.getByRole('button', { name: 'Ya, hapus!' }).click()
  await expect(flash(page, 'Dihapus!')).toBeAttached()
  expect(await find(a.no_kabin)).toHaveLength(0)
})

test('choices that fail to load leave the dialog usable, with a message beside each choice', { tag: ONCE }, async ({ page }) => {
  test.setTimeout(60_000)
  await withFaultyLock(async () => {
    await loginFaultyByRequest(page)
    await setFaultyMode('500')
    try {
      await page.goto(`${FAULTY_APP_URL}/admin/kendaraan/tambah`)
      const dialog = page.getByRole('dialog', { name: 'Tambah Kendaraan' })
      for (const what of ['jenis kendaraan', 'golongan', 'driver']) {
        await expect(
          dialog.getByText(`Pilihan ${what} tidak dapat dimuat (Error: 500 - Internal Server Error: database down).`),
        ).toBeVisible()
      }
      // Still a form: a save reaches the (failing) upstream and comes back with the values kept.
      await dialog.getByLabel('No Kabin').fill('K-GAGAL')
      await dialog.getByRole('button', { name: 'Simpan' }).click()
      await expect(dialog.getByRole('alert').filter({ hasText: 'Error: 500' })).toBeVisible()
      await expect(dialog.getByLabel('No Kabin')).toHaveValue('K-GAGAL')
    } finally {
      await setFaultyMode('ok')
    }
  })
})
