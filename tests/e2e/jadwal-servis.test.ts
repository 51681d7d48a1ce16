/**
 * Servis berkala in the browser, JavaScript on and off: a workshop ticks a service item in a vehicle
 * type's plan, enters a vehicle's last service, and sees the vehicle due (overdue in red) in Servis
 * Jatuh Tempo, opening the vehicle's plan from its row. The master, the refusals, the filters and the
 * grants are tested over plain HTTP in tests/app/jadwal-servis.test.ts. Every test makes its own item,
 * type and vehicle through the api (tests/servis-records.ts, tests/km-records.ts).
 */
import { expect, test, unique, upstream } from './fixtures'
import { ONCE } from '../../playwright.config'
import { FAULTY_APP_URL, flash, loginFaulty, withFaultyLock } from './support'
import { kmRecords } from '../km-records'
import { servisRecords } from '../servis-records'
import { inDays } from '../perpanjangan-records'

const { vehicles } = kmRecords(upstream, unique)
const { item, planOf, vehiclePlan } = servisRecords(upstream, unique)

test("a type's plan, a vehicle's last service, and the vehicle overdue in Servis Jatuh Tempo", async ({ loggedIn: page }) => {
  const oli = await item('Oli E2E', 10_000, 180)
  const { jenisId, prefix, list } = await vehicles(1, 50_000, 'SV')
  const a = list[0]!

  await page.goto(`/admin/jadwal-servis?q=${prefix}`)
  await page.getByRole('link', { name: `Atur jadwal Jenis ${prefix}` }).click()
  await expect(page.getByRole('heading', { name: `Jadwal Servis: Jenis ${prefix}`, level: 1 })).toBeVisible()
  await page.getByLabel(`Aktif ${oli.nama}`).check()
  await page.getByLabel(`Interval Km ${oli.nama}`).fill('8.000')
  await page.getByRole('button', { name: 'Simpan' }).click()
  await expect(flash(page, `Jadwal servis Jenis ${prefix} berhasil disimpan.`)).toBeAttached()
  expect(await planOf(jenisId)).toMatchObject([{ item_servis_id: oli.id, interval_km: 8_000, interval_hari: 180 }])

  // Not serviced yet: the list asks for the last service; its row opens the vehicle's plan.
  await page.goto(`/admin/servis-jatuh-tempo?q=${prefix}`)
  const row = page.getByRole('row').filter({ hasText: a.no_kabin })
  await expect(row).toContainText('Isi servis terakhir')
  await row.getByRole('link', { name: `Jadwal servis ${a.no_kabin}` }).click()
  await expect(page.getByRole('heading', { name: `Jadwal Servis Kendaraan ${a.no_kabin}`, level: 1 })).toBeVisible()
  await page.getByLabel(`Tanggal servis terakhir ${oli.nama}`).fill(inDays(-20))
  await page.getByLabel(`Km servis terakhir ${oli.nama}`).fill('41.000')
  await page.getByRole('button', { name: 'Simpan' }).click()
  await expect(flash(page, `Jadwal servis kendaraan ${a.no_kabin} berhasil disimpan.`)).toBeAttached()
  // Due at 49.000 km: the vehicle is at 50.000.
  await expect(page.getByRole('row').filter({ hasText: oli.nama })).toContainText('lewat 1.000 km')
  expect((await vehiclePlan(a.id)).items).toMatchObject([
    { item_servis_id: oli.id, servis_terakhir: { tanggal: inDays(-20), km: 41_000 }, lewat: true },
  ])

  await page.getByRole('link', { name: 'Ke Servis Jatuh Tempo' }).click()
  await page.getByLabel('Cari no kabin atau no polisi...').fill(prefix)
  await page.getByLabel('Cari no kabin atau no polisi...').press('Enter')
  await expect(page.getByRole('row').filter({ hasText: a.no_kabin })).toContainText('lewat 1.000 km')
  await page.getByLabel('Status').selectOption('lewat')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/status=lewat/)
  await expect(page.getByRole('row').filter({ hasText: a.no_kabin })).toContainText('lewat 1.000 km')
})

test('an upstream without the extension: the one "Fitur tidak tersedia" page', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaulty(page)
    for (const path of [
      '/admin/item-servis',
      '/admin/item-servis/tambah',
      '/admin/jadwal-servis',
      '/admin/jadwal-servis/jenis/1',
      '/admin/jadwal-servis/kendaraan/1',
      '/admin/servis-jatuh-tempo',
      // Laporan Biaya per Kendaraan (the extension 'biaya-kendaraan') reads the workshop's costs too.
      '/admin/laporan-biaya-kendaraan',
    ]) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status(), path).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
    }
  })
})
