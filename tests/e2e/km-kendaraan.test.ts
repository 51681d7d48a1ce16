/**
 * Km Kendaraan: the km of several vehicles typed on one screen and saved with Simpan; a refused line
 * says why beside its field with everything typed kept; the correction dialog from a row; an upstream
 * without the extension. JavaScript on and off. The app's own checks, the grants and the vehicle's
 * readings on its detail are tested over plain HTTP in tests/app/km-kendaraan.test.ts. Every test makes
 * its own vehicles (a type and a cabin-number prefix of their own) through the api (tests/km-records.ts).
 */
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'
import { FAULTY_APP_URL, flash, loginFaulty, withFaultyLock } from './support'
import { kmRecords } from '../km-records'
import { dmy, inDays, today } from '../perpanjangan-records'

const { vehicles, reading, readingsOf } = kmRecords(upstream, unique)

test('the km of several vehicles typed on one screen: Simpan stores the filled ones, a refused one keeps everything typed', async ({
  loggedIn: page,
}) => {
  const { prefix, list } = await vehicles(3, 40_000)
  const [a, b, c] = list as [(typeof list)[0], (typeof list)[0], (typeof list)[0]]
  await reading(c.id, inDays(-1), 41_000)
  await page.goto(`/admin/km-kendaraan?q=${prefix}`)
  await expect(page.getByRole('heading', { name: 'Km Kendaraan', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Tanggal Pembacaan')).toHaveValue(today())
  await page.getByLabel(`Km baru ${a.no_kabin}`).fill('40.500')
  await page.getByLabel(`Km baru ${b.no_kabin}`).fill('41200')
  // The button under the table sends the same form.
  await page.getByRole('button', { name: 'Simpan' }).last().click()
  await expect(flash(page, 'Km 2 kendaraan berhasil disimpan.')).toBeAttached()
  const row = (noKabin: string) => page.getByRole('row').filter({ hasText: noKabin })
  await expect(row(a.no_kabin)).toContainText('40.500')
  await expect(row(a.no_kabin)).toContainText(dmy(today()))
  await expect(row(b.no_kabin)).toContainText('41.200')
  await expect(page.getByLabel(`Km baru ${a.no_kabin}`)).toHaveValue('')
  expect(await readingsOf(a.id)).toMatchObject({ km: 40_500, readings: [{ tanggal: today(), km: 40_500 }] })

  // Below the reading of yesterday: refused beside its vehicle, nothing saved, the other line kept.
  await page.getByLabel(`Km baru ${c.no_kabin}`).fill('40.900')
  await page.getByLabel(`Km baru ${a.no_kabin}`).fill('40.700')
  await page.getByRole('button', { name: 'Simpan' }).first().click()
  await expect(row(c.no_kabin)).toContainText(`Km 40.900 lebih kecil dari km sebelumnya: 41.000 pada ${dmy(inDays(-1))}.`)
  await expect(page.getByLabel(`Km baru ${c.no_kabin}`)).toHaveValue('40.900')
  await expect(page.getByLabel(`Km baru ${a.no_kabin}`)).toHaveValue('40.700')
  await expect(page.getByRole('alert').filter({ hasText: 'Tidak ada yang disimpan' })).toBeVisible()
  expect((await readingsOf(a.id)).readings).toHaveLength(1)
  expect((await readingsOf(c.id)).readings).toHaveLength(1)
})

test('Koreksi from a row: the reason is required; a correction below the readings is stored and shown', async ({ loggedIn: page }) => {
  const { prefix, list } = await vehicles(1, 70_000)
  const a = list[0]!
  await reading(a.id, inDays(-2), 72_000)
  await page.goto(`/admin/km-kendaraan?q=${prefix}`)
  await page.getByRole('link', { name: `Koreksi km ${a.no_kabin}` }).click()
  const dialog = page.getByRole('dialog', { name: `Koreksi Km ${a.no_kabin}` })
  await expect(dialog.getByRole('region', { name: 'Tabel pembacaan terakhir (geser ke samping)' })).toContainText('72.000')
  await dialog.getByLabel('Km *', { exact: true }).fill('120')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(page.getByRole('dialog', { name: `Koreksi Km ${a.no_kabin}` }).getByText('Alasan koreksi tidak boleh kosong.')).toBeVisible()
  await expect(page.getByRole('dialog', { name: `Koreksi Km ${a.no_kabin}` }).getByLabel('Km *', { exact: true })).toHaveValue('120')
  await page
    .getByRole('dialog', { name: `Koreksi Km ${a.no_kabin}` })
    .getByLabel('Alasan Koreksi')
    .fill('Odometer diganti')
  await page
    .getByRole('dialog', { name: `Koreksi Km ${a.no_kabin}` })
    .getByRole('button', { name: 'Simpan' })
    .click()
  await expect(flash(page, 'Koreksi km berhasil disimpan.')).toBeAttached()
  await expect(page).toHaveURL(new RegExp(`/admin/km-kendaraan\\?q=${prefix}$`))
  await expect(page.getByRole('row').filter({ hasText: a.no_kabin })).toContainText('120')
  expect(await readingsOf(a.id)).toMatchObject({
    km: 120,
    readings: [{ km: 120, sumber: 'koreksi', alasan: 'Odometer diganti' }, { km: 72_000 }],
  })
})

test('an upstream without the extension: the one "Fitur tidak tersedia" page', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaulty(page)
    for (const path of ['/admin/km-kendaraan', '/admin/km-kendaraan/1/koreksi']) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status(), path).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
    }
  })
})
