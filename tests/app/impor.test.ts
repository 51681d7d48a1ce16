/**
 * Impor from Excel as the server applies it (plain HTTP, no browser): the refused rows downloaded as a
 * sheet and uploaded alone once fixed, hostile files refused on the upload form, an .ods and an .xls
 * read like an .xlsx, and the Kendaraan, Supplier and Karyawan imports from their templates to their
 * lists and the upstream. The file goes up as the form sends it (multipart, to the form's action), the
 * preview is the page the redirect names, and 'Simpan semua' is its form posted.
 * What stays in tests/e2e/impor.test.ts: the Stok Ban import and the refusal of a file that is not a
 * spreadsheet (both ways), and the screens against an upstream without the extension (the faulty server
 * of the e2e run).
 */
import ExcelJS from 'exceljs'
import * as XLSX from '@e965/xlsx'
import { beforeAll, expect, test } from 'vitest'
import { PERMISSIONS } from '../../app/lib/grants'
import { ADMIN, download, fileNameOf, loginAs, SAME_ORIGIN, type Client } from './http'
import { alerts, buttons, field, headingTexts, hrefOf, links, openPage, page, region, rows, statuses, text, type Element } from './html'
import { createUser, featureIds, setGrants, unique, upstream } from './upstream'
import { BAN_HEADER, filled, imporRecords } from '../impor-records'

const { serial, masters } = imporRecords(upstream, unique)
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

/**
 * A client signed in as an administrator of the test's own (every permission on every menu): a user
 * keeps at most a few unsaved batches of each master, so the tests that stage batches do it as users of
 * their own, never as the shared admin.
 */
async function asOwnAdmin(): Promise<Client> {
  const { user, password } = await createUser('imad')
  const names = Object.keys(await featureIds(user.id))
  await setGrants(user.id, Object.fromEntries(names.map((n) => [n, [...PERMISSIONS]])))
  return loginAs(user.kode_user, password)
}

/**
 * The file chosen on the upload form of `doc` and sent (multipart, to the form's action). A refusal is
 * the form again (returned); an accepted file redirects to its preview, which is opened and returned.
 */
async function upload(
  c: Client,
  doc: Element,
  name: string,
  buffer: Buffer,
  mimeType = XLSX_MIME,
): Promise<{ status: number; doc: Element }> {
  const input = field(doc, 'File Excel, LibreOffice atau CSV')
  expect(input, 'the file field').toBeTruthy()
  const form = input!.closest('form')!
  const res = await c.post(form.getAttribute('action')!, {
    multipart: { [input!.getAttribute('name')!]: { name, mimeType, buffer } },
    headers: SAME_ORIGIN,
  })
  if (res.status !== 302) return { status: res.status, doc: page(res) }
  const preview = res.headers.get('location')!
  expect(preview).toMatch(/\/impor\/\d+$/)
  return { status: res.status, doc: await openPage(c, preview) }
}

/** The text of the preview's summary (Baris dalam file, Siap disimpan, Baris ditolak). */
const summary = (doc: Element) => text(region(doc, 'Ringkasan'))
/** The refused rows' table as a user reads it, row by row (the header row first). */
function refusedRows(doc: Element): string[] {
  const table = region(doc, 'Baris yang ditolak')
  expect(table, 'the refused rows').toBeTruthy()
  return table!.querySelectorAll('tr').map((tr) => tr.querySelectorAll('th, td').map(text).join(''))
}

/** 'Simpan semua' pressed on the preview: back on `list` (the redirect), its page (200) with the banner. */
async function saveAll(c: Client, doc: Element, list: string | RegExp): Promise<Element> {
  const button = buttons(doc, 'Simpan semua')
  expect(button).toHaveLength(1)
  const form = button[0]!.closest('form')!
  const res = await c.post(form.getAttribute('action')!, {
    form: { [button[0]!.getAttribute('name')!]: button[0]!.getAttribute('value')! },
    headers: SAME_ORIGIN,
  })
  expect(res.status).toBe(302)
  const location = res.headers.get('location')!
  expect(location).toMatch(typeof list === 'string' ? new RegExp(`${list}$`) : list)
  return openPage(c, location)
}

const banner = (doc: Element, s: string) =>
  expect(
    statuses(doc).some((t) => t.includes(s)),
    s,
  ).toBe(true)
type Tyre = { no_seri: string; harga: number; status: string }
const tyres = async () => (await (await upstream()).get('/api/ban')).json as Tyre[]

test.concurrent(
  "Unduh baris ditolak: the refused rows as a sheet in the template's columns with the reasons; fixed there, they upload alone",
  async () => {
    // A user of its own: a user keeps one unsaved batch per master, and the other tests import as the admin.
    const { user, password } = await createUser('imx')
    await setGrants(user.id, { 'Stok Ban': ['create'], 'Pemasangan Ban': ['create'] })
    const c = await loginAs(user.kode_user, password)
    const m = await masters()
    // The template's header row is all a file needs (the download itself is tested in the browser).
    const blank = new ExcelJS.Workbook()
    blank.addWorksheet('Data').addRow(BAN_HEADER)
    const template = Buffer.from(await blank.xlsx.writeBuffer())
    const [a, b, cc, d] = [serial('IXA'), serial('IXB'), serial('IXC'), serial('IXD')]
    const file = await filled(template, [
      [a, m.ukuran, m.merek, '', 'BARU', 2_500_000, 16, '', '', ''],
      [b, m.ukuran, 'Merek Entah', '', 'BARU', 1_250_000, 12.5, '', '', ''], // row 3: unknown brand
      [cc, m.ukuran, m.merek, '', 'BEKAS', 'dua juta', '', m.kabin, '3A', 80_500], // row 4: price, no 3A on 6 tyres
      [d, m.ukuran.toLowerCase().replace(/ /g, '  '), m.merek, '', 'BARU', 900_000, '', '', '', ''],
    ])
    const preview = (await upload(c, await openPage(c, '/admin/ban/impor'), 'stok-ban.xlsx', file)).doc
    expect(summary(preview)).toContain('Baris ditolak2')
    const got = await download(c, hrefOf(preview, 'Unduh baris ditolak'))
    expect(got.status).toBe(200)
    expect(fileNameOf(got.headers)).toMatch(/^impor-stok-ban-ditolak-\d+\.xlsx$/)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(got.bytes as unknown as ExcelJS.Buffer)
    expect(wb.worksheets).toHaveLength(1)
    const sheet = wb.worksheets[0]!
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1)
    expect(values(1)).toEqual([...BAN_HEADER, 'Alasan'])
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
      cc,
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
    const again = (await upload(c, await openPage(c, '/admin/ban/impor'), 'baris-ditolak.xlsx', fixed)).doc
    expect(summary(again)).toContain('Baris dalam file2')
    expect(summary(again)).toContain('Siap disimpan2')
    expect(links(again, 'Unduh baris ditolak')).toHaveLength(0)
    banner(await saveAll(c, again, '/admin/ban'), '2 data berhasil diimpor.')
    const saved = await tyres()
    expect(saved.find((t) => t.no_seri === cc)).toMatchObject({ harga: 2_000_000, status: 'terpasang' })
    expect(saved.some((t) => t.no_seri === b)).toBe(true)
  },
)

test.concurrent('hostile files are refused on the upload form and nothing is staged', async () => {
  const m = await masters()
  const form = await openPage(admin, '/admin/ban/impor')
  const wb = new ExcelJS.Workbook()
  const sheet = wb.addWorksheet('Data')
  sheet.addRow(BAN_HEADER)
  sheet.addRow([serial('IMF'), m.ukuran, m.merek, '', 'BARU', 1000, '', '', '', ''])
  // A formula written without its value (as a program that does not calculate writes it).
  sheet.getCell('F3').value = { formula: 'F2*2' } as ExcelJS.CellFormulaValue
  sheet.getCell('A3').value = serial('IMG')
  const rumus = await upload(admin, form, 'rumus.xlsx', Buffer.from(await wb.xlsx.writeBuffer()))
  expect(rumus.status, 'refused, not staged').not.toBe(302)
  expect(alerts(rumus.doc)).toEqual([
    'Sel F3 berisi rumus tanpa nilai tersimpan (file dibuat oleh program yang tidak menghitung rumus). Buka file di Excel atau LibreOffice lalu simpan lagi (rumus dihitung saat disimpan), atau salin lalu tempel sebagai nilai (Paste Values), dan unggah lagi.',
  ])
  expect(headingTexts(rumus.doc, 1)).toContain('Impor Stok Ban')

  // A CSV with the wrong header row.
  const csv = await upload(admin, rumus.doc, 'data.csv', Buffer.from('Serial;Ukuran\nSN1;X\n'), 'text/csv')
  expect(csv.status, 'refused, not staged').not.toBe(302)
  expect(alerts(csv.doc).join(' ')).toContain('Baris judul tidak sesuai template: kolom A harus "No Seri" (isi: "Serial")')
})

test.concurrent(
  'an .ods and an .xls saved like LibreOffice import like the .xlsx: formulas by their values, the rows on the preview',
  async () => {
    const c = await asOwnAdmin()
    const m = await masters()
    for (const [bookType, name, mimeType] of [
      ['ods', 'stok-ban.ods', 'application/vnd.oasis.opendocument.spreadsheet'],
      ['biff8', 'stok-ban.xls', 'application/vnd.ms-excel'],
    ] as const) {
      const [a, b] = [serial('IMO'), serial('IMP')]
      const sheet = XLSX.utils.aoa_to_sheet([
        BAN_HEADER,
        [a, m.ukuran, m.merek, null, 'BARU', 1_500_000, 16],
        [b, m.ukuran, m.merek, null, 'BEKAS'],
      ])
      // A lookup and a sum, with the values LibreOffice computed and saved beside them.
      sheet['C3'] = { t: 's', v: m.merek, f: 'C2' }
      sheet['F3'] = { t: 'n', v: 750_000, f: 'F2/2' }
      const wb = XLSX.utils.book_new()
      XLSX.utils.book_append_sheet(wb, sheet, 'Data')
      const preview = (
        await upload(c, await openPage(c, '/admin/ban/impor'), name, XLSX.write(wb, { type: 'buffer', bookType }) as Buffer, mimeType)
      ).doc
      expect(headingTexts(preview, 1), name).toContain('Pratinjau Impor Stok Ban')
      expect(summary(preview), name).toContain('Baris dalam file2')
      expect(summary(preview), name).toContain('Siap disimpan2')
      expect(summary(preview), name).toContain('Baris ditolak0')
      banner(await saveAll(c, preview, '/admin/ban'), '2 data berhasil diimpor.')
      const saved = await tyres()
      expect(
        saved.find((t) => t.no_seri === a),
        name,
      ).toMatchObject({ harga: 1_500_000, status: 'stok' })
      expect(
        saved.find((t) => t.no_seri === b),
        name,
      ).toMatchObject({ harga: 750_000, status: 'stok' })
    }
  },
)

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
async function templateOf(c: Client, list: string, fileName: string) {
  const got = await download(c, hrefOf(await openPage(c, list), 'Unduh template'))
  expect(got.status).toBe(200)
  expect(fileNameOf(got.headers)).toBe(fileName)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(got.bytes as unknown as ExcelJS.Buffer)
  return {
    buffer: got.bytes,
    headers: (wb.getWorksheet('Data')!.getRow(1).values as unknown[]).slice(1),
    listed: wb.getWorksheet('Pilihan')!.getSheetValues().flat().map(String),
  }
}

/** Upload from the list's 'Impor': the preview (returned) with the refused rows as its table shows them. */
async function uploadWrong(c: Client, list: string, title: string, buffer: Buffer, refused: string[]): Promise<Element> {
  const form = await openPage(c, hrefOf(await openPage(c, list), 'Impor'))
  expect(headingTexts(form, 1)).toContain(title)
  const preview = (await upload(c, form, 'data.xlsx', buffer)).doc
  expect(headingTexts(preview, 1)).toContain(`Pratinjau ${title}`)
  expect(refusedRows(preview)).toEqual(['BarisKolomAlasan', ...refused])
  expect(buttons(preview, 'Simpan semua')).toHaveLength(0)
  return preview
}

/** The fixed file uploaded again from the preview's link and saved: back on the list with the banner. */
async function uploadFixedAndSave(c: Client, preview: Element, list: string, buffer: Buffer, ready: number) {
  const form = await openPage(c, hrefOf(preview, 'Unggah file yang sudah diperbaiki'))
  const again = (await upload(c, form, 'data.xlsx', buffer)).doc
  expect(summary(again)).toContain(`Siap disimpan${ready}`)
  banner(await saveAll(c, again, list), `${ready} data berhasil diimpor.`)
}

/** The text of the list row holding `s`, searched for it. */
async function listRow(c: Client, list: string, s: string): Promise<string> {
  const row = rows(await openPage(c, `${list}?q=${encodeURIComponent(s)}`)).find((r) => r.some((cell) => cell.includes(s)))
  expect(row, `the row of ${s}`).toBeTruthy()
  return row!.join(' ')
}

test.concurrent('Kendaraan from Excel: a wrong type and date refused, fixed, saved with their codes and shown in the list', async () => {
  const c = await asOwnAdmin()
  const api = await upstream()
  const jenis = unique('Jenis Impor K')
  expect((await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: jenis, total_ban: 10 })).status).toBe(201)
  const t = await templateOf(c, '/admin/kendaraan', 'template-impor-kendaraan.xlsx')
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
  const preview = await uploadWrong(
    c,
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
    c,
    preview,
    '/admin/kendaraan',
    await filledBy(t.buffer, [first, { 'No Kabin': b, 'Jenis Kendaraan': jenis, 'Expired KIR': '28/02/2027' }]),
    2,
  )
  expect(await listRow(c, '/admin/kendaraan', a)).toMatch(/KD\d{6}/)
  const saved = await vehicles()
  expect(saved.find((k) => k.no_kabin === a)).toMatchObject({ warna: 'Putih', km: 12_500, expired_stnk: '2027-12-31' })
  expect(saved.find((k) => k.no_kabin === b)).toMatchObject({ expired_kir: '2027-02-28', km: 0 })
})

test.concurrent('Supplier from Excel: an empty name refused, fixed, saved and shown in the list', async () => {
  const c = await asOwnAdmin()
  const t = await templateOf(c, '/admin/supplier', 'template-impor-supplier.xlsx')
  expect(t.headers.slice(0, 2)).toEqual(['Nama Supplier', 'Kontak'])
  expect(t.listed).toEqual(expect.arrayContaining(['BCA']))
  const [a, b] = [unique('PT Impor A'), unique('CV Impor B')]
  const first: Cells = { 'Nama Supplier': a, Alamat: 'Jl. Impor 1', 'Nama Bank': 'BCA' }
  const preview = await uploadWrong(c, '/admin/supplier', 'Impor Supplier', await filledBy(t.buffer, [first, { Kontak: 'Pak Budi' }]), [
    '3Nama SupplierNama Supplier wajib diisi.',
  ])
  await uploadFixedAndSave(c, preview, '/admin/supplier', await filledBy(t.buffer, [first, { 'Nama Supplier': b, Kontak: 'Pak Budi' }]), 2)
  expect(await listRow(c, '/admin/supplier', a)).toMatch(/SP\d{6}/)
  const saved = (await (await upstream()).get('/api/supplier')).json as Record<string, unknown>[]
  expect(saved.find((s) => s.nama_supp === a)).toMatchObject({ alamat: 'Jl. Impor 1', nama_bank: 'BCA' })
  expect(saved.find((s) => s.nama_supp === b)).toMatchObject({ nama_person: 'Pak Budi' })
})

test.concurrent('Karyawan from Excel: an unknown department refused, fixed, saved and shown in the list', async () => {
  const c = await asOwnAdmin()
  const api = await upstream()
  const dept = unique('Dept Impor')
  const made = await api.post('/api/departemen', { nama: dept })
  expect(made.status).toBe(201)
  const t = await templateOf(c, '/admin/karyawan', 'template-impor-karyawan.xlsx')
  expect(t.headers.slice(0, 4)).toEqual(['Nama Lengkap', 'Nama Panggilan', 'Gender', 'Departemen'])
  expect(t.listed).toEqual(expect.arrayContaining([dept, 'Perempuan']))
  const nama = unique('Karyawan Impor')
  const preview = await uploadWrong(
    c,
    '/admin/karyawan',
    'Impor Karyawan',
    await filledBy(t.buffer, [{ 'Nama Lengkap': nama, Departemen: 'Dept Entah', 'Tanggal Lahir': '05/03/1990' }]),
    ['2DepartemenDepartemen "Dept Entah" tidak dikenal; pilih dari daftar di template.'],
  )
  await uploadFixedAndSave(
    c,
    preview,
    '/admin/karyawan',
    await filledBy(t.buffer, [{ 'Nama Lengkap': nama, Departemen: dept, Gender: 'Perempuan', 'Tanggal Lahir': '05/03/1990' }]),
    1,
  )
  expect(await listRow(c, '/admin/karyawan', nama)).toMatch(/KY\d{6}/)
  const saved = (await api.get('/api/karyawan')).json as Record<string, unknown>[]
  expect(saved.find((k) => k.nama_lengkap === nama)).toMatchObject({
    gender: 'Perempuan',
    tanggal_lahir: '1990-03-05',
    departemen_id: made.json.data.id,
  })
})
