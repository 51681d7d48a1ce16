/**
 * Km Kendaraan's import of a GPS provider's export: 'Impor' on the screen, a small GPS export in CSV
 * (its own headers, a date-time a row, several rows a vehicle) uploaded, the preview, 'Simpan semua',
 * the new km on the screen and the readings (Sumber Impor) on the vehicle's detail. JavaScript on and
 * off. The refusals, the template, broken files and the grants are tested over plain HTTP in
 * tests/app/km-kendaraan-impor.test.ts, the rules in tests/api/km-kendaraan-impor.test.ts.
 */
import { expect, test, unique, upstream } from './fixtures'
import { createUser, setGrants } from './master-support'
import { loginByRequest } from './request-login'
import { flash } from './support'
import { expectStatus } from '../fitted-vehicle-records'
import { kmRecords } from '../km-records'
import { dmy, inDays } from '../perpanjangan-records'

const { readingsOf } = kmRecords(upstream, unique)

test('a GPS export imported from Km Kendaraan: previewed, saved all at once, the readings on the vehicle', async ({ page }) => {
  // A user of its own (a user keeps only a few unsaved batches; the shared admin's are the route walk's).
  const { user, password } = await createUser('gpse')
  await setGrants(user.id, { 'Km Kendaraan': ['create'], Kendaraan: ['show'] })
  await loginByRequest(page, user.kode_user, password)
  const api = await upstream()
  const prefix = unique('GPE').replace(/\s/g, '').toUpperCase()
  const no_pol = `B 7 ${prefix.slice(-6)}`
  const k = await api.post('/api/kendaraan/add', { no_kabin: `${prefix}-1`, no_pol, km: 8_000 })
  expectStatus(k, 201, 'POST /api/kendaraan/add')
  const id = k.json.data.id as number

  await page.goto(`/admin/km-kendaraan?q=${prefix}`)
  await page.getByRole('link', { name: 'Impor', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Impor Km Kendaraan', level: 1 })).toBeVisible()
  const csv = [
    'Nopol;Waktu;Odometer (Km);Kecepatan',
    `${no_pol};${inDays(-2)} 06:15:00;8.100;0`,
    `${no_pol};${inDays(-2)} 18:40:00;8.350;0`,
    `${no_pol.toLowerCase()};${dmy(inDays(-1))} 17:45;8.700,4;40`,
  ].join('\n')
  await page
    .getByLabel('File Excel, LibreOffice atau CSV')
    .setInputFiles({ name: 'gps.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: 'Unggah dan periksa' }).click()

  await expect(page.getByRole('heading', { name: 'Pratinjau Impor Km Kendaraan', level: 1 })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Ringkasan' })
  await expect(summary).toContainText('Siap disimpan2')
  await expect(summary).toContainText('Baris dilewati1')
  expect((await readingsOf(id)).readings).toEqual([])
  await page.getByRole('button', { name: 'Simpan semua' }).click()
  await expect(flash(page, '2 data berhasil diimpor.')).toBeAttached()

  await page.goto(`/admin/km-kendaraan?q=${prefix}`)
  const row = page.getByRole('row').filter({ hasText: `${prefix}-1` })
  await expect(row).toContainText('8.700')
  await expect(row).toContainText(dmy(inDays(-1)))
  await page.goto(`/admin/kendaraan/${id}`)
  const riwayat = page.getByRole('region', { name: 'Tabel riwayat km (geser ke samping)' })
  await expect(riwayat.getByRole('row')).toHaveText([
    /Tanggal/,
    `${dmy(inDays(-1))}8.700Impor${user.kode_user}`,
    `${dmy(inDays(-2))}8.350Impor${user.kode_user}`,
  ])
  expect(await readingsOf(id)).toMatchObject({ km: 8_700 })
})
