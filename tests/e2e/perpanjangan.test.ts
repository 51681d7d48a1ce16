/**
 * Perpanjangan STNK & KIR: a vehicle's STNK renewed from the dashboard's due panel (its Perpanjang
 * link opens the form with the vehicle and the document chosen); the Indonesian refusal of a new
 * expiry not after the old one; posting from the row menu; Delete. JavaScript on and off. The vehicle
 * leaving the panel, the cost on Laporan Biaya Perpanjangan, a posted renewal's refused Update and
 * Bukti Perpanjangan are tested over plain HTTP in tests/app/perpanjangan.test.ts.
 * Every test makes its own vehicle through the api (tests/perpanjangan-records.ts). Only the
 * dashboard's ones are past due (5 days: after the seed's soonest row, which other tests expect first,
 * and before the rows other tests leave 3 days past due, so it is among the panel's 8) and leave
 * nothing due once renewed; the others' dates are 200 days ahead, outside every due window.
 */
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'
import { FAULTY_APP_URL, flash, loginFaulty, openRowMenu, withFaultyLock } from './support'
import { dmy, inDays, nextYear, renewalRecords, type Perpanjangan } from '../perpanjangan-records'

const { dueVehicle, vehicle, renewal, renewalsOf } = renewalRecords(upstream, unique)

test("renews a vehicle's STNK from the dashboard's due panel: the renewal and the vehicle's new expiry are stored", async ({
  loggedIn: page,
}) => {
  const v = await dueVehicle({ stnk: inDays(-5), kir: null })
  await page.goto('/admin/dashboard')
  const row = page.locator('tbody tr').filter({ hasText: v.noKabin })
  await expect(row.filter({ hasText: 'STNK' })).toHaveCount(1)
  await row.filter({ hasText: 'STNK' }).getByRole('link', { name: 'Perpanjang' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/perpanjangan-stnk/tambah\\?kendaraan_id=${v.id}&jenis_dokumen=STNK$`))
  const dialog = page.getByRole('dialog', { name: 'Tambah Perpanjangan STNK / KIR' })
  await expect(dialog.getByLabel('Dokumen')).toHaveValue('STNK')
  await expect(dialog.getByTestId('expired-lama')).toHaveText(`Expired lama: ${dmy(v.stnk!)}`)
  await dialog.getByLabel('Expired Baru').fill(nextYear())
  await dialog.getByLabel('Biaya (Rp)').fill('1.850.000')
  await dialog.getByLabel('Keterangan').fill('Samsat keliling')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(flash(page, 'Perpanjangan berhasil disimpan! Tanggal expired kendaraan sudah diperbarui.')).toBeAttached()
  await expect(page).toHaveURL(/\/admin\/perpanjangan-stnk$/)

  // Stored with the old and new expiry; the vehicle's STNK date moved at once.
  const [saved] = await renewalsOf(v.id)
  expect(saved).toMatchObject({ jenis_dokumen: 'STNK', expired_lama: v.stnk, expired_baru: nextYear(), biaya: 1_850_000 })
  expect(await vehicle(v.id)).toEqual(expect.objectContaining({ expired_stnk: nextYear(), expired_kir: null }))
})

test('from Jatuh Tempo: a new expiry not after the old one is refused in Indonesian, what was typed kept, nothing stored', async ({
  loggedIn: page,
}) => {
  const v = await dueVehicle({ stnk: null, kir: inDays(200) })
  // Opened from Jatuh Tempo STNK & KIR (a window of that day): its KIR row's Perpanjang.
  await page.goto(`/admin/jatuh-tempo?tanggal_awal=${v.kir}&tanggal_akhir=${v.kir}&q=${v.noKabin}`)
  await page.locator('tbody tr').filter({ hasText: 'KIR' }).getByRole('link', { name: 'Perpanjang' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/perpanjangan-stnk/tambah\\?kendaraan_id=${v.id}&jenis_dokumen=KIR$`))
  const dialog = page.getByRole('dialog', { name: 'Tambah Perpanjangan STNK / KIR' })
  await expect(dialog.getByTestId('expired-lama')).toHaveText(`Expired lama: ${dmy(v.kir!)}`)
  await dialog.getByLabel('Expired Baru').fill(inDays(199))
  await dialog.getByLabel('Biaya (Rp)').fill('150000')
  await dialog.getByLabel('Keterangan').fill('Uji KIR Dishub')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(dialog.getByText(`Tanggal expired baru harus setelah tanggal expired lama (${dmy(v.kir!)}).`)).toBeVisible()
  await expect(dialog.getByLabel('Keterangan')).toHaveValue('Uji KIR Dishub')
  await expect(dialog.getByLabel('Biaya (Rp)')).toHaveValue('150000')
  expect(await renewalsOf(v.id)).toEqual([])
  expect((await vehicle(v.id)).expired_kir).toBe(v.kir)
})

test('Posting from the row menu locks the renewal: its menu without Update and Delete', async ({ loggedIn: page, jsEnabled }) => {
  const v = await dueVehicle({ stnk: null, kir: inDays(200) })
  const doc = await renewal(v.id)
  await page.goto(`/admin/perpanjangan-stnk?q=${doc.kode_perpanjangan}`)
  let menu = await openRowMenu(page, doc.kode_perpanjangan, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Posting', 'Update', 'Show', 'Riwayat', 'Cetak', 'Delete'])
  await menu.getByRole('menuitem', { name: 'Posting' }).click()
  await expect(flash(page, 'Dokumen berhasil diposting.')).toBeAttached()
  expect((await renewalsOf(v.id))[0]!.status).toBe('posting')
  menu = await openRowMenu(page, doc.kode_perpanjangan, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Unpost', 'Show', 'Riwayat', 'Cetak'])
})

test("deleting an unposted renewal puts the vehicle's old expiry back", async ({ loggedIn: page }) => {
  const v = await dueVehicle({ stnk: inDays(200), kir: null })
  const res = await (
    await upstream()
  ).post('/api/perpanjangan', { kendaraan_id: v.id, jenis_dokumen: 'STNK', expired_baru: nextYear(), biaya: 500_000 })
  const doc = res.json.data as Perpanjangan
  expect((await vehicle(v.id)).expired_stnk).toBe(nextYear())
  await page.goto(`/admin/perpanjangan-stnk/${doc.id}/hapus`)
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'))
  await dialog.getByRole('button', { name: /Ya, hapus/i }).click()
  await expect(flash(page, 'Data Perpanjangan telah dihapus.')).toBeAttached()
  expect(await renewalsOf(v.id)).toEqual([])
  expect((await vehicle(v.id)).expired_stnk).toBe(v.stnk)
})

test('an upstream without the extension: the one "Fitur tidak tersedia" page', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaulty(page)
    for (const path of ['/admin/perpanjangan-stnk', '/admin/perpanjangan-stnk/tambah', '/admin/laporan-biaya-perpanjangan']) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status(), path).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
    }
  })
})
