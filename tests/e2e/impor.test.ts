/**
 * Impor Stok Ban: the template downloaded from Stok Ban, filled in the test with exceljs (some rows
 * wrong), uploaded, the refused rows seen on the preview with their row numbers and reasons; the file
 * fixed and uploaded again, 'Simpan semua', the tyres in Stok Ban and in the upstream. Hostile files
 * are refused on the upload form. JavaScript on and off.
 */
import ExcelJS from 'exceljs'
import * as XLSX from '@e965/xlsx'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test, unique, upstream } from './fixtures'
import { PERMISSIONS } from '../../app/lib/grants'
import { createUser, featureIds, setGrants } from './master-support'
import { FAULTY_APP_URL, flash, withFaultyLock } from './support'
import { loginByRequest, loginFaultyByRequest } from './request-login'
import { ONCE } from '../../playwright.config'

const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')

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

/** A size, a brand and a 6-tyre vehicle of the test's own. */
async function masters() {
  const api = await upstream()
  const ukuran = unique('UK Impor')
  const merek = unique('MB Impor')
  expect((await api.post('/api/ukuran/add', { nama: ukuran })).status).toBe(201)
  expect((await api.post('/api/merek/add', { nama_merek: merek })).status).toBe(201)
  const jenis = await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: unique('Jenis Impor'), total_ban: 6 })
  expect(jenis.status).toBe(201)
  const kabin = serial('IMK')
  const k = await api.post('/api/kendaraan/add', { no_kabin: kabin, no_pol: 'B 7 IMP', jenis_kendaraan_id: jenis.json.data.id, km: 80_000 })
  expect(k.status).toBe(201)
  return { ukuran, merek, kabin, kendaraanId: k.json.data.id as number }
}

type Line = [string, string, string, string, string, number | string, number | string, string, string, number | string]

/** The downloaded template with `lines` from row 2 (the sample row replaced). */
async function filled(template: Buffer, lines: Line[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(template as unknown as ExcelJS.Buffer)
  const sheet = wb.getWorksheet('Data')!
  lines.forEach((line, i) => line.forEach((v, c) => (sheet.getCell(i + 2, c + 1).value = v === '' ? null : v)))
  return Buffer.from(await wb.xlsx.writeBuffer())
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

test(
  "Unduh baris ditolak: the refused rows as a sheet in the template's columns with the reasons; fixed there, they upload alone",
  { tag: ONCE },
  async ({ page }) => {
    // A user of its own: a user keeps one unsaved batch per master, and the other tests import as the admin.
    const { user, password } = await createUser('imx')
    await setGrants(user.id, { 'Stok Ban': ['create'], 'Pemasangan Ban': ['create'] })
    await loginByRequest(page, user.kode_user, password)
    const m = await masters()
    // The template's header row is all a file needs (the download itself is tested above, as the admin).
    const blank = new ExcelJS.Workbook()
    blank
      .addWorksheet('Data')
      .addRow(['No Seri', 'Ukuran', 'Merek', 'Tipe', 'Kondisi', 'Harga', 'Tebal Tapak (mm)', 'Kendaraan', 'Posisi', 'Km'])
    const template = Buffer.from(await blank.xlsx.writeBuffer())
    const [a, b, c, d] = [serial('IXA'), serial('IXB'), serial('IXC'), serial('IXD')]
    const file = await filled(template, [
      [a, m.ukuran, m.merek, '', 'BARU', 2_500_000, 16, '', '', ''],
      [b, m.ukuran, 'Merek Entah', '', 'BARU', 1_250_000, 12.5, '', '', ''], // row 3: unknown brand
      [c, m.ukuran, m.merek, '', 'BEKAS', 'dua juta', '', m.kabin, '3A', 80_500], // row 4: price, no 3A on 6 tyres
      [d, m.ukuran.toLowerCase().replace(/ /g, '  '), m.merek, '', 'BARU', 900_000, '', '', '', ''],
    ])
    await page.goto('/admin/ban/impor')
    await upload(page, 'stok-ban.xlsx', file)
    await expect(page.getByRole('region', { name: 'Ringkasan' })).toContainText('Baris ditolak2')
    const link = page.getByRole('link', { name: 'Unduh baris ditolak' })
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toMatch(/^impor-stok-ban-ditolak-\d+\.xlsx$/)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(readFileSync((await download.path())!) as unknown as ExcelJS.Buffer)
    expect(wb.worksheets).toHaveLength(1)
    const sheet = wb.worksheets[0]!
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1)
    expect(values(1)).toEqual([
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
      'Alasan',
    ])
    expect(values(2)).toEqual([
      b,
      m.ukuran,
      'Merek Entah',
      undefined,
      'BARU',
      1_250_000,
      12.5,
      undefined,
      undefined,
      undefined,
      'Merek: Merek "Merek Entah" tidak dikenal; pilih dari daftar di template.',
    ])
    expect(values(3)).toEqual([
      c,
      m.ukuran,
      m.merek,
      undefined,
      'BEKAS',
      'dua juta',
      undefined,
      m.kabin,
      '3A',
      80_500,
      `Harga: Harga harus berupa angka bulat tidak negatif (isi: dua juta). | Posisi: Posisi 3A tidak ada pada kendaraan ${m.kabin} (6 ban).`,
    ])
    expect(sheet.rowCount).toBe(3)

    // The clerk fixes the two rows in the downloaded sheet and uploads it alone (the Alasan column stays).
    sheet.getCell('C2').value = m.merek
    sheet.getCell('F3').value = 2_000_000
    sheet.getCell('I3').value = '2A'
    const fixed = Buffer.from(await wb.xlsx.writeBuffer())
    await page.goto('/admin/ban/impor')
    await upload(page, 'baris-ditolak.xlsx', fixed)
    const summary = page.getByRole('region', { name: 'Ringkasan' })
    await expect(summary).toContainText('Baris dalam file2')
    await expect(summary).toContainText('Siap disimpan2')
    await expect(page.getByRole('link', { name: 'Unduh baris ditolak' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Simpan semua' }).click()
    await expect(flash(page, '2 data berhasil diimpor.')).toBeAttached()
    const tyres = (await (await upstream()).get('/api/ban')).json as { no_seri: string; harga: number; status: string }[]
    expect(tyres.find((t) => t.no_seri === c)).toMatchObject({ harga: 2_000_000, status: 'terpasang' })
    expect(tyres.some((t) => t.no_seri === b)).toBe(true)
  },
)

test('a file that is not a spreadsheet is refused on the upload form', async ({ loggedIn: page }) => {
  await page.goto('/admin/ban/impor')
  await upload(page, 'data.xlsx', Buffer.from('No Seri;Ukuran\nSN1;X\n'))
  await expect(page.getByRole('alert')).toHaveText(
    'File ini bukan spreadsheet (.xlsx, .xls, .ods atau .csv). Simpan dari Excel atau LibreOffice sebagai .xlsx, .ods atau .csv lalu unggah lagi.',
  )
  await expect(page.getByRole('heading', { name: 'Impor Stok Ban' })).toBeVisible()
})

// The server's file rules, once the refused upload above is seen with and without JavaScript.
test('hostile files are refused on the upload form and nothing is staged', { tag: ONCE }, async ({ loggedIn: page }) => {
  const m = await masters()
  await page.goto('/admin/ban/impor')
  const wb = new ExcelJS.Workbook()
  const sheet = wb.addWorksheet('Data')
  sheet.addRow(['No Seri', 'Ukuran', 'Merek', 'Tipe', 'Kondisi', 'Harga', 'Tebal Tapak (mm)', 'Kendaraan', 'Posisi', 'Km'])
  sheet.addRow([serial('IMF'), m.ukuran, m.merek, '', 'BARU', 1000, '', '', '', ''])
  // A formula written without its value (as a program that does not calculate writes it).
  sheet.getCell('F3').value = { formula: 'F2*2' } as ExcelJS.CellFormulaValue
  sheet.getCell('A3').value = serial('IMG')
  await upload(page, 'rumus.xlsx', Buffer.from(await wb.xlsx.writeBuffer()))
  await expect(page.getByRole('alert')).toHaveText(
    'Sel F3 berisi rumus tanpa nilai tersimpan (file dibuat oleh program yang tidak menghitung rumus). Buka file di Excel atau LibreOffice lalu simpan lagi (rumus dihitung saat disimpan), atau salin lalu tempel sebagai nilai (Paste Values), dan unggah lagi.',
  )
  await expect(page.getByRole('heading', { name: 'Impor Stok Ban' })).toBeVisible()

  // A CSV with the wrong header row.
  await upload(page, 'data.csv', Buffer.from('Serial;Ukuran\nSN1;X\n'), 'text/csv')
  await expect(page.getByRole('alert')).toContainText('Baris judul tidak sesuai template: kolom A harus "No Seri" (isi: "Serial")')
})

test(
  'an .ods and an .xls saved like LibreOffice import like the .xlsx: formulas by their values, the rows on the preview',
  { tag: ONCE },
  async ({ page }) => {
    await asOwnAdmin(page)
    const m = await masters()
    const header = ['No Seri', 'Ukuran', 'Merek', 'Tipe', 'Kondisi', 'Harga', 'Tebal Tapak (mm)', 'Kendaraan', 'Posisi', 'Km']
    for (const [bookType, name, mimeType] of [
      ['ods', 'stok-ban.ods', 'application/vnd.oasis.opendocument.spreadsheet'],
      ['biff8', 'stok-ban.xls', 'application/vnd.ms-excel'],
    ] as const) {
      const [a, b] = [serial('IMO'), serial('IMP')]
      const sheet = XLSX.utils.aoa_to_sheet([
        header,
        [a, m.ukuran, m.merek, null, 'BARU', 1_500_000, 16],
        [b, m.ukuran, m.merek, null, 'BEKAS'],
      ])
      // A lookup and a sum, with the values LibreOffice computed and saved beside them.
      sheet['C3'] = { t: 's', v: m.merek, f: 'C2' }
      sheet['F3'] = { t: 'n', v: 750_000, f: 'F2/2' }
      const wb = XLSX.utils.book_new()
      XLSX.utils.book_append_sheet(wb, sheet, 'Data')
      await page.goto('/admin/ban/impor')
      await upload(page, name, XLSX.write(wb, { type: 'buffer', bookType }) as Buffer, mimeType)
      await expect(page.getByRole('heading', { name: 'Pratinjau Impor Stok Ban' })).toBeVisible()
      const summary = page.getByRole('region', { name: 'Ringkasan' })
      await expect(summary, name).toContainText('Baris dalam file2')
      await expect(summary, name).toContainText('Siap disimpan2')
      await expect(summary, name).toContainText('Baris ditolak0')
      await page.getByRole('button', { name: 'Simpan semua' }).click()
      await expect(flash(page, '2 data berhasil diimpor.')).toBeAttached()
      const tyres = (await (await upstream()).get('/api/ban')).json as { no_seri: string; harga: number; status: string }[]
      expect(
        tyres.find((t) => t.no_seri === a),
        name,
      ).toMatchObject({ harga: 1_500_000, status: 'stok' })
      expect(
        tyres.find((t) => t.no_seri === b),
        name,
      ).toMatchObject({ harga: 750_000, status: 'stok' })
    }
  },
)

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

type Cells = Record<string, string | number | Date | null>

/** The downloaded template with `rows` from row 2 (the sample row replaced), each cell put under its header. */
async function filledBy(template: Buffer, rows: Cells[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(template as unknown as ExcelJS.Buffer)
  const sheet = wb.getWorksheet('Data')!
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String)
  rows.forEach((row, i) => headers.forEach((h, c) => (sheet.getCell(i + 2, c + 1).value = row[h] ?? null)))
  return Buffer.from(await wb.xlsx.writeBuffer())
}

/** The template from a master's list ('Unduh template'), with its header row and its hidden lists. */
async function templateOf(page: Page, list: string, fileName: string) {
  await page.goto(list)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Unduh template' }).click()])
  expect(download.suggestedFilename()).toBe(fileName)
  const buffer = readFileSync((await download.path())!)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer)
  return {
    buffer,
    headers: (wb.getWorksheet('Data')!.getRow(1).values as unknown[]).slice(1),
    listed: wb.getWorksheet('Pilihan')!.getSheetValues().flat().map(String),
  }
}

/** Upload from the list's 'Impor', the preview's refused rows as the table shows them. */
async function uploadWrong(page: Page, list: string, title: string, buffer: Buffer, refusedRows: string[]) {
  await page.goto(list)
  await page.getByRole('link', { name: 'Impor', exact: true }).click()
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  await upload(page, 'data.xlsx', buffer)
  await expect(page.getByRole('heading', { name: `Pratinjau ${title}` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Baris yang ditolak' }).getByRole('row')).toHaveText(['BarisKolomAlasan', ...refusedRows])
  await expect(page.getByRole('button', { name: 'Simpan semua' })).toHaveCount(0)
}

/** The fixed file uploaded again and saved: back on the list with the banner. */
async function uploadFixedAndSave(page: Page, list: string, buffer: Buffer, ready: number) {
  await page.getByRole('link', { name: 'Unggah file yang sudah diperbaiki' }).click()
  await upload(page, 'data.xlsx', buffer)
  await expect(page.getByRole('region', { name: 'Ringkasan' })).toContainText(`Siap disimpan${ready}`)
  await page.getByRole('button', { name: 'Simpan semua' }).click()
  await expect(flash(page, `${ready} data berhasil diimpor.`)).toBeAttached()
  await expect(page).toHaveURL(new RegExp(`${list}$`))
}

test(
  'Kendaraan from Excel: a wrong type and date refused, fixed, saved with their codes and shown in the list',
  { tag: ONCE },
  async ({ page }) => {
    await asOwnAdmin(page)
    const api = await upstream()
    const jenis = unique('Jenis Impor K')
    expect((await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: jenis, total_ban: 10 })).status).toBe(201)
    const t = await templateOf(page, '/admin/kendaraan', 'template-impor-kendaraan.xlsx')
    expect(t.headers).toEqual([
      'No Kabin',
      'No Polisi',
      'No Rangka',
      'No Mesin',
      'Jenis Kendaraan',
      'Golongan',
      'Warna',
      'Km',
      'Expired STNK',
      'Expired KIR',
    ])
    expect(t.listed).toEqual(expect.arrayContaining([jenis, 'Hitam']))

    const [a, b] = [serial('IKA'), serial('IKB')]
    const first: Cells = { 'No Kabin': a, 'No Polisi': `B ${a.slice(-5)}`, 'Jenis Kendaraan': jenis, Warna: 'Putih', Km: 12_500 }
    first['Expired STNK'] = new Date(Date.UTC(2027, 11, 31))
    await uploadWrong(
      page,
      '/admin/kendaraan',
      'Impor Kendaraan',
      await filledBy(t.buffer, [first, { 'No Kabin': b, 'Jenis Kendaraan': 'Truk Entah', 'Expired KIR': '31/02/2027' }]),
      [
        '3Jenis KendaraanJenis kendaraan "Truk Entah" tidak dikenal; pilih dari daftar di template.',
        '3Expired KIRTanggal tidak valid (isi: 31/02/2027); tulis dd/mm/yyyy.',
      ],
    )
    const vehicles = async () => (await api.get('/api/kendaraan')).json as Record<string, unknown>[]
    expect((await vehicles()).some((k) => k.no_kabin === a)).toBe(false)

    await uploadFixedAndSave(
      page,
      '/admin/kendaraan',
      await filledBy(t.buffer, [first, { 'No Kabin': b, 'Jenis Kendaraan': jenis, 'Expired KIR': '28/02/2027' }]),
      2,
    )
    await page.goto(`/admin/kendaraan?q=${a}`)
    await expect(page.locator('tbody tr').filter({ hasText: a })).toContainText(/KD\d{6}/)
    const saved = await vehicles()
    expect(saved.find((k) => k.no_kabin === a)).toMatchObject({ warna: 'Putih', km: 12_500, expired_stnk: '2027-12-31' })
    expect(saved.find((k) => k.no_kabin === b)).toMatchObject({ expired_kir: '2027-02-28', km: 0 })
  },
)

test('Supplier from Excel: an empty name refused, fixed, saved and shown in the list', { tag: ONCE }, async ({ page }) => {
  await asOwnAdmin(page)
  const t = await templateOf(page, '/admin/supplier', 'template-impor-supplier.xlsx')
  expect(t.headers.slice(0, 2)).toEqual(['Nama Supplier', 'Kontak'])
  expect(t.listed).toEqual(expect.arrayContaining(['BCA']))
  const [a, b] = [unique('PT Impor A'), unique('CV Impor B')]
  const first: Cells = { 'Nama Supplier': a, Alamat: 'Jl. Impor 1', 'Nama Bank': 'BCA' }
  await uploadWrong(page, '/admin/supplier', 'Impor Supplier', await filledBy(t.buffer, [first, { Kontak: 'Pak Budi' }]), [
    '3Nama SupplierNama Supplier wajib diisi.',
  ])
  await uploadFixedAndSave(page, '/admin/supplier', await filledBy(t.buffer, [first, { 'Nama Supplier': b, Kontak: 'Pak Budi' }]), 2)
  await page.goto(`/admin/supplier?q=${encodeURIComponent(a)}`)
  await expect(page.locator('tbody tr').filter({ hasText: a })).toContainText(/SP\d{6}/)
  const saved = (await (await upstream()).get('/api/supplier')).json as Record<string, unknown>[]
  expect(saved.find((s) => s.nama_supp === a)).toMatchObject({ alamat: 'Jl. Impor 1', nama_bank: 'BCA' })
  expect(saved.find((s) => s.nama_supp === b)).toMatchObject({ nama_person: 'Pak Budi' })
})

test('Karyawan from Excel: an unknown department refused, fixed, saved and shown in the list', { tag: ONCE }, async ({ page }) => {
  await asOwnAdmin(page)
  const api = await upstream()
  const dept = unique('Dept Impor')
  const made = await api.post('/api/departemen', { nama: dept })
  expect(made.status).toBe(201)
  const t = await templateOf(page, '/admin/karyawan', 'template-impor-karyawan.xlsx')
  expect(t.headers.slice(0, 4)).toEqual(['Nama Lengkap', 'Nama Panggilan', 'Gender', 'Departemen'])
  expect(t.listed).toEqual(expect.arrayContaining([dept, 'Perempuan']))
  const nama = unique('Karyawan Impor')
  await uploadWrong(
    page,
    '/admin/karyawan',
    'Impor Karyawan',
    await filledBy(t.buffer, [{ 'Nama Lengkap': nama, Departemen: 'Dept Entah', 'Tanggal Lahir': '05/03/1990' }]),
    ['2DepartemenDepartemen "Dept Entah" tidak dikenal; pilih dari daftar di template.'],
  )
  await uploadFixedAndSave(
    page,
    '/admin/karyawan',
    await filledBy(t.buffer, [{ 'Nama Lengkap': nama, Departemen: dept, Gender: 'Perempuan', 'Tanggal Lahir': '05/03/1990' }]),
    1,
  )
  await page.goto(`/admin/karyawan?q=${encodeURIComponent(nama)}`)
  await expect(page.locator('tbody tr').filter({ hasText: nama })).toContainText(/KY\d{6}/)
  const saved = (await api.get('/api/karyawan')).json as Record<string, unknown>[]
  expect(saved.find((k) => k.nama_lengkap === nama)).toMatchObject({
    gender: 'Perempuan',
    tanggal_lahir: '1990-03-05',
    departemen_id: made.json.data.id,
  })
})
