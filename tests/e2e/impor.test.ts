/**
 * Impor Stok Ban: the template downloaded from Stok Ban, filled in the test with exceljs (some rows
 * wrong), uploaded, the refused rows seen on the preview with their row numbers and reasons; the file
 * fixed and uploaded again, 'Simpan semua', the tyres in Stok Ban and in the upstream. A file that is
 * not a spreadsheet is refused on the upload form. JavaScript on and off. The server's other file rules
 * (hostile files, .ods and .xls, the refused rows' sheet) and the Kendaraan, Supplier and Karyawan
 * imports are tested over plain HTTP in tests/app/impor.test.ts.
 */
import ExcelJS from 'exceljs'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test, unique, upstream } from './fixtures'
import { PERMISSIONS } from '../../app/lib/grants'
import { createUser, featureIds, setGrants } from './master-support'
import { FAULTY_APP_URL, flash, withFaultyLock } from './support'
import { loginByRequest, loginFaultyByRequest } from './request-login'
import { ONCE } from '../../playwright.config'
import { filled, imporRecords, type Line } from '../impor-records'

const { serial, masters } = imporRecords(upstream, unique)

/**
 * The page signed in as an administrator of the test's own (every permission on every menu): a user
 * keeps at most a few unsaved batches of each master, so the tests that stage batches do it as users of
 * their own, never as the shared admin whose batches the route walk and the battery hold meanwhile.
 */
async function asOwnAdmin(page: Page) {
  const { user, password } = await createUser('imad')
  const names = Object.keys(await featureIds(user.id))
  await setGrants(user.id, Object.fromEntries(names.map((n) => [n, [...PERMISSIONS]])))
  await loginByRequest(page, user.kode_user, password)
}

async function upload(
  page: Page,
  name: string,
  buffer: Buffer,
  mimeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
) {
  await page.getByLabel('File Excel, LibreOffice atau CSV').setInputFiles({ name, mimeType, buffer })
  await page.getByRole('button', { name: 'Unggah dan periksa' }).click()
}

async function downloadTemplate(page: Page): Promise<Buffer> {
  await page.goto('/admin/ban')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Unduh template' }).click()])
  expect(download.suggestedFilename()).toBe('template-impor-stok-ban.xlsx')
  return readFileSync((await download.path())!)
}

test('Ban opening stock from Excel: refused rows shown with row and reason, fixed, saved all at once', async ({ page }) => {
  await asOwnAdmin(page)
  const m = await masters()
  const template = await downloadTemplate(page)
  // The template: the header, and the choice lists on a hidden sheet (the new size and brand among them).
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(template as unknown as ExcelJS.Buffer)
  expect(wb.getWorksheet('Data')!.getRow(1).values).toEqual([
    undefined,
    'No Seri',
    'Ukuran',
    'Merek',
    'Tipe',
    'Kondisi',
    'Harga',
    'Tebal Tapak (mm)',
    'Kendaraan',
    'Posisi',
    'Km',
  ])
  const pilihan = wb.getWorksheet('Pilihan')!
  expect(pilihan.state).toBe('hidden')
  const listed = pilihan.getSheetValues().flat().map(String)
  expect(listed).toEqual(expect.arrayContaining([m.ukuran, m.merek, m.kabin, '1A', 'BARU']))

  const [a, b, c] = [serial('IMA'), serial('IMB'), serial('IMC')]
  const good: Line[] = [
    [a, m.ukuran, m.merek, '', 'BARU', 2_500_000, 16, '', '', ''],
    [b, m.ukuran, m.merek, '', 'BEKAS', '1.750.000', '', m.kabin, '1A', 80_500],
  ]
  const wrong = await filled(template, [
    ...good,
    [a, m.ukuran, m.merek, '', 'BARU', 2_500_000, '', '', '', ''], // row 4: serial again
    [c, m.ukuran, 'Merek Entah', '', 'BARU', 2_500_000, '', '', '', ''], // row 5: unknown brand
    [serial('IMD'), m.ukuran, m.merek, '', 'BARU', 2_500_000, '', m.kabin, '3A', 80_500], // row 6: no 3A on 6 tyres
    [serial('IME'), m.ukuran, m.merek, '', 'BARU', 'dua juta', '', m.kabin, '1A', 80_500], // row 7: 1A again, price not a number
  ])
  await page.getByRole('link', { name: 'Impor', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Impor Stok Ban' })).toBeVisible()
  await upload(page, 'stok-ban.xlsx', wrong)
  await expect(page.getByRole('heading', { name: 'Pratinjau Impor Stok Ban' })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Ringkasan' })
  await expect(summary).toContainText('Baris dalam file6')
  await expect(summary).toContainText('Siap disimpan2')
  await expect(summary).toContainText('Baris ditolak4')
  const refused = page.getByRole('region', { name: 'Baris yang ditolak' })
  await expect(refused.getByRole('row')).toHaveText([
    'BarisKolomAlasan',
    `4No SeriNo seri ${a} ganda dalam file (juga di baris 2).`,
    '5MerekMerek "Merek Entah" tidak dikenal; pilih dari daftar di template.',
    `6PosisiPosisi 3A tidak ada pada kendaraan ${m.kabin} (6 ban).`,
    '7HargaHarga harus berupa angka bulat tidak negatif (isi: dua juta).',
    `7PosisiPosisi 1A kendaraan ${m.kabin} sudah diisi baris 3; satu posisi hanya untuk satu ban.`,
  ])
  await expect(page.getByRole('button', { name: 'Simpan semua' })).toHaveCount(0)
  expect(((await (await upstream()).get('/api/ban')).json as { no_seri: string }[]).some((t) => t.no_seri === a)).toBe(false)

  // Fixed: the wrong rows taken out; uploaded again and saved.
  await page.getByRole('link', { name: 'Unggah file yang sudah diperbaiki' }).click()
  await upload(page, 'stok-ban.xlsx', await filled(template, good))
  await expect(page.getByRole('region', { name: 'Ringkasan' })).toContainText('Siap disimpan2')
  await page.getByRole('button', { name: 'Simpan semua' }).click()
  await expect(flash(page, '2 data berhasil diimpor.')).toBeAttached()
  await expect(page).toHaveURL(/\/admin\/ban$/)
  await page.goto(`/admin/ban?q=${b}`)
  await expect(page.locator('tbody tr').filter({ hasText: b })).toContainText(m.kabin)
  const tyres = (await (await upstream()).get('/api/ban')).json as {
    no_seri: string
    status: string
    harga: number
    lokasi: { kendaraan_id: number; posisi_ban: string } | null
  }[]
  expect(tyres.find((t) => t.no_seri === a)).toMatchObject({ status: 'stok', harga: 2_500_000, lokasi: null })
  expect(tyres.find((t) => t.no_seri === b)).toMatchObject({
    status: 'terpasang',
    harga: 1_750_000,
    lokasi: { kendaraan_id: m.kendaraanId, posisi_ban: '1A' },
  })
})

test('a file that is not a spreadsheet is refused on the upload form', async ({ loggedIn: page }) => {
  await page.goto('/admin/ban/impor')
  await upload(page, 'data.xlsx', Buffer.from('No Seri;Ukuran\nSN1;X\n'))
  await expect(page.getByRole('alert')).toHaveText(
    'File ini bukan spreadsheet (.xlsx, .xls, .ods atau .csv). Simpan dari Excel atau LibreOffice sebagai .xlsx, .ods atau .csv lalu unggah lagi.',
  )
  await expect(page.getByRole('heading', { name: 'Impor Stok Ban' })).toBeVisible()
})

test('an upstream without the extension: no import, its routes the one "Fitur tidak tersedia" page', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaultyByRequest(page)
    for (const path of [
      '/admin/ban/impor',
      '/admin/ban/impor/1',
      '/admin/kendaraan/impor',
      '/admin/supplier/impor/1',
      '/admin/karyawan/impor',
    ]) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status(), path).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
    }
    expect((await page.request.get(`${FAULTY_APP_URL}/admin/ban/impor/template`, { maxRedirects: 0 })).status()).toBe(501)
    expect((await page.request.get(`${FAULTY_APP_URL}/admin/kendaraan/impor/template`, { maxRedirects: 0 })).status()).toBe(501)
    // The master lists offer no import either.
    await page.goto(`${FAULTY_APP_URL}/admin/kendaraan`)
    await expect(page.getByRole('link', { name: 'Tambah Kendaraan' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Unduh template' })).toHaveCount(0)
  })
})
