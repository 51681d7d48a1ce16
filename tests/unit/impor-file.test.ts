import ExcelJS from 'exceljs'
import * as XLSX from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { FILE_MESSAGES, IMPOR_SPECS, MAX_IMPOR_ROWS } from '~/lib/impor'
import { beyondRows, checkSpreadsheet, columnsOf, readSpreadsheet } from '~/server/impor-file.server'
import { imporTemplate } from '~/server/impor-template.server'
import { emptyRowsXlsx, manyLinesCsv, manyRowsXlsx, repeatBombOds, TYPES, zip } from '../hostile-spreadsheets'

/**
 * The checks of an uploaded spreadsheet (app/server/impor-file.server.ts), with hostile files made
 * here: a text file named .xlsx, a zip with a VBA project, a zip bomb, an .xls with macros, an .ods
 * repeating a cell a billion times, the big files that filled the app's heap; and the reading of
 * the template's rows into plain cells from .xlsx, .xls, .ods and .csv, written here by SheetJS.
 */

const spec = IMPOR_SPECS.ban
const HEADER = spec.columns.map((c) => c.header)

type Book = 'xlsx' | 'biff8' | 'ods'
const NAMES: Record<Book, string> = { xlsx: 'stok.xlsx', biff8: 'stok.xls', ods: 'stok.ods' }

/** A workbook written by SheetJS: a sheet 'Data' of `rows` (null: no cell), then `edit` on it. */
function book(type: Book, rows: unknown[][], edit?: (sheet: XLSX.WorkSheet) => void, before?: XLSX.WorkSheet): Uint8Array {
  const wb = XLSX.utils.book_new()
  if (before) XLSX.utils.book_append_sheet(wb, before, 'Lama')
  const sheet = XLSX.utils.aoa_to_sheet(rows)
  edit?.(sheet)
  XLSX.utils.book_append_sheet(wb, sheet, 'Data')
  if (before) wb.Workbook = { Sheets: [{ Hidden: 1 }, { Hidden: 0 }] } as XLSX.WBProps as never
  return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: type, compression: true }) as Buffer)
}

/** A cell holding an Excel date serial shown as a date (as Excel and LibreOffice save one). */
const dateCell = (serial: number): XLSX.CellObject => ({ t: 'n', v: serial, z: 'dd/mm/yyyy' })

describe('checkSpreadsheet: what the bytes are, not what the name says', () => {
  it('refuses a text file named .xlsx', async () => {
    expect(await checkSpreadsheet(Buffer.from('No Seri;Ukuran\nSN1;X\n'), 'stok.xlsx')).toEqual({
      ok: false,
      message: FILE_MESSAGES.notSpreadsheet,
    })
  })

  it('takes UTF-8 text named .csv, refuses binary named .csv', async () => {
    expect(await checkSpreadsheet(Buffer.from('No Seri;Ukuran\nSN1;X\n'), 'stok.csv')).toEqual({ ok: true, kind: 'csv' })
    expect(await checkSpreadsheet(Buffer.from([0x4d, 0x5a, 0x00, 0x01, 0xff]), 'stok.csv')).toEqual({
      ok: false,
      message: FILE_MESSAGES.notSpreadsheet,
    })
  })

  it('refuses a zip that is no workbook', async () => {
    expect(await checkSpreadsheet(zip([{ name: 'a.txt', data: Buffer.from('halo') }]), 'a.xlsx')).toEqual({
      ok: false,
      message: FILE_MESSAGES.notSpreadsheet,
    })
  })

  it('refuses macros: a vbaProject.bin, a macroEnabled content type, an .xlsm name', async () => {
    const base = [
      { name: '[Content_Types].xml', data: TYPES() },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    ]
    expect(await checkSpreadsheet(zip([...base, { name: 'xl/vbaProject.bin', data: Buffer.from('VBA') }]), 'stok.xlsx')).toEqual({
      ok: false,
      message: FILE_MESSAGES.macro,
    })
    const macroTypes = TYPES('<Default Extension="bin" ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/>')
    expect(await checkSpreadsheet(zip([{ name: '[Content_Types].xml', data: macroTypes }, base[1]]), 'stok.xlsx')).toEqual({
      ok: false,
      message: FILE_MESSAGES.macro,
    })
    expect(await checkSpreadsheet(zip(base), 'stok.xlsm')).toEqual({ ok: false, message: FILE_MESSAGES.macro })
    expect(await checkSpreadsheet(zip(base), 'stok.xlsx')).toEqual({ ok: true, kind: 'xlsx' })
  })

  it('refuses a zip bomb by the bytes its entries inflate to, before exceljs reads it', async () => {
    // 60 MB of zeros packs into some 60 KB: over the 50 MB total and the 100× ratio.
    const bomb = zip([
      { name: '[Content_Types].xml', data: TYPES() },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024) },
    ])
    expect(bomb.length).toBeLessThan(1024 * 1024)
    expect(await checkSpreadsheet(bomb, 'bom.xlsx')).toEqual({ ok: false, message: FILE_MESSAGES.bomb })
    // 5 MB packed 5,000 times: under the total, over the ratio.
    const ratio = zip([
      { name: '[Content_Types].xml', data: TYPES() },
      { name: 'xl/workbook.xml', data: Buffer.alloc(5 * 1024 * 1024) },
    ])
    expect(await checkSpreadsheet(ratio, 'bom.xlsx')).toEqual({ ok: false, message: FILE_MESSAGES.bomb })
    // A directory that lies: it claims 1 KB where 60 MB come out; counted as it inflates, it is refused all the same.
    const liar = zip([
      { name: '[Content_Types].xml', data: TYPES() },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024), claim: 1024 },
    ])
    expect(await checkSpreadsheet(liar, 'bom.xlsx')).toEqual({ ok: false, message: FILE_MESSAGES.bomb })
  })

  it('takes an .ods (a zip with its mimetype and content) and an .xls (an OLE2 file)', async () => {
    expect(await checkSpreadsheet(book('ods', [HEADER]), 'stok.ods')).toEqual({ ok: true, kind: 'ods', hidden: [] })
    expect(await checkSpreadsheet(book('biff8', [HEADER]), 'stok.xls')).toEqual({ ok: true, kind: 'xls' })
    expect(await checkSpreadsheet(book('xlsx', [HEADER]), 'stok.xlsx')).toEqual({ ok: true, kind: 'xlsx' })
  })

  it('refuses macros in an .xls (a VBA project) and in an .ods (Basic), and an OLE2 file that is no workbook', async () => {
    const ole = (paths: string[]) => {
      const cfb = XLSX.CFB.utils.cfb_new()
      for (const p of paths) XLSX.CFB.utils.cfb_add(cfb, p, Buffer.from('x'))
      return new Uint8Array(XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer)
    }
    expect(await checkSpreadsheet(ole(['/Workbook', '/_VBA_PROJECT_CUR/VBA/dir']), 'stok.xls')).toEqual({
      ok: false,
      message: FILE_MESSAGES.macro,
    })
    expect(await checkSpreadsheet(ole(['/WordDocument']), 'stok.xls')).toEqual({ ok: false, message: FILE_MESSAGES.notSpreadsheet })
    const ods = zip([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet') },
      { name: 'content.xml', data: Buffer.from('<office:document-content/>') },
      { name: 'Basic/Standard/Module1.xml', data: Buffer.from('<script/>') },
    ])
    expect(await checkSpreadsheet(ods, 'stok.ods')).toEqual({ ok: false, message: FILE_MESSAGES.macro })
  })

  it('refuses an .ods repeating a cell with a value a billion times (a few hundred bytes), before it is read', async () => {
    const bomb = repeatBombOds()
    expect(bomb.length).toBeLessThan(4096)
    expect(await readSpreadsheet(bomb, 'stok.ods', spec)).toEqual({ ok: false, message: FILE_MESSAGES.bomb })
  })

  it('refuses an empty file and one over 5 MB', async () => {
    expect(await checkSpreadsheet(new Uint8Array(), 'a.xlsx')).toEqual({ ok: false, message: FILE_MESSAGES.none })
    expect(await checkSpreadsheet(new Uint8Array(5 * 1024 * 1024 + 1), 'a.csv')).toEqual({ ok: false, message: FILE_MESSAGES.tooLarge })
  })
})

describe('readSpreadsheet: the template’s rows as plain cells', () => {
  it('reads the template filled: row numbers, text, numbers, empty cells as null; empty rows skipped', async () => {
    const template = await imporTemplate(spec, { ukuran: ['11.00-20'], merek: ['Bridgestone'], kondisi: ['BARU'] })
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(template as unknown as ExcelJS.Buffer)
    const sheet = wb.getWorksheet('Data')!
    sheet.getRow(2).values = ['00123', '11.00-20', 'Bridgestone', null, 'BARU', 2_500_000, 15.5, null, null, null]
    sheet.getRow(4).values = [
      { richText: [{ text: 'SN-' }, { text: '9' }] },
      '11.00-20',
      'Bridgestone',
      null,
      'BEKAS',
      '1.000.000',
      null,
      'K-01',
      '1A',
      90_000,
    ]
    const read = await readSpreadsheet(new Uint8Array(await wb.xlsx.writeBuffer()), 'stok.xlsx', spec)
    expect(read).toEqual({
      ok: true,
      rows: [
        {
          baris: 2,
          no_seri: '00123',
          ukuran: '11.00-20',
          merek: 'Bridgestone',
          tipe: null,
          kondisi: 'BARU',
          harga: 2_500_000,
          tebal_tapak: 15.5,
          kendaraan: null,
          posisi: null,
          km: null,
        },
        {
          baris: 4,
          no_seri: 'SN-9',
          ukuran: '11.00-20',
          merek: 'Bridgestone',
          tipe: null,
          kondisi: 'BEKAS',
          harga: '1.000.000',
          tebal_tapak: null,
          kendaraan: 'K-01',
          posisi: '1A',
          km: 90_000,
        },
      ],
    })
  })

  // The same rows in each format an office saves: text kept as text, numbers as numbers, a date
  // cell as YYYY-MM-DD, an empty row skipped, a column beyond the template's ignored.
  const LINES = [
    HEADER,
    ['00123', '11.00-20', 'Bridgestone', null, 'BARU', 2_500_000, 15.5, null, null, null, 'catatan'],
    [],
    ['SN-9', '11.00-20', '  Bridgestone ', null, 'BEKAS', '1.000.000', null, 'K-01', '1A', 90_000],
  ]
  const ROWS = [
    {
      baris: 2,
      no_seri: '00123',
      ukuran: '11.00-20',
      merek: 'Bridgestone',
      tipe: null,
      kondisi: 'BARU',
      harga: 2_500_000,
      tebal_tapak: 15.5,
      kendaraan: null,
      posisi: null,
      km: null,
    },
    {
      baris: 4,
      no_seri: 'SN-9',
      ukuran: '11.00-20',
      merek: 'Bridgestone',
      tipe: null,
      kondisi: 'BEKAS',
      harga: '1.000.000',
      tebal_tapak: null,
      kendaraan: 'K-01',
      posisi: '1A',
      km: 90_000,
    },
  ]
  it('.ods saved by LibreOffice: a hidden sheet before the data passed over, a date cell as YYYY-MM-DD, repeated cells', async () => {
    const cell = (v: string) => `<table:table-cell office:value-type="string"><text:p>${v}</text:p></table:table-cell>`
    const content =
      '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0">' +
      '<office:automatic-styles><style:style style:name="ta1" style:family="table" style:master-page-name="Default"><style:table-properties table:display="true" style:writing-mode="lr-tb"/></style:style>' +
      '<style:style style:name="ta2" style:family="table" style:master-page-name="Default"><style:table-properties table:display="false" style:writing-mode="lr-tb"/></style:style></office:automatic-styles>' +
      '<office:body><office:spreadsheet>' +
      `<table:table table:name="Lama" table:style-name="ta2"><table:table-row>${cell('Serial lama')}</table:table-row><table:table-row>${cell('X')}</table:table-row></table:table>` +
      `<table:table table:name="Data" table:style-name="ta1"><table:table-row>${HEADER.map(cell).join('')}</table:table-row>` +
      `<table:table-row>${cell('SN-D')}<table:table-cell table:number-columns-repeated="2" office:value-type="string"><text:p>U</text:p></table:table-cell><table:table-cell/>${cell('BARU')}<table:table-cell office:value-type="float" office:value="1000"><text:p>1000</text:p></table:table-cell><table:table-cell table:number-columns-repeated="3"/><table:table-cell office:value-type="date" office:date-value="2025-01-31"><text:p>31/01/2025</text:p></table:table-cell><table:table-cell table:number-columns-repeated="1014"/></table:table-row>` +
      '<table:table-row table:number-rows-repeated="1048574"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>' +
      '</table:table></office:spreadsheet></office:body></office:document-content>'
    const ods = zip([
      { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet') },
      { name: 'content.xml', data: Buffer.from(content) },
      { name: 'styles.xml', data: Buffer.from('<office:document-styles/>') },
      { name: 'META-INF/manifest.xml', data: Buffer.from('<manifest:manifest/>') },
    ])
    expect(await readSpreadsheet(ods, 'stok.ods', spec)).toEqual({
      ok: true,
      rows: [
        {
          baris: 2,
          no_seri: 'SN-D',
          ukuran: 'U',
          merek: 'U',
          tipe: null,
          kondisi: 'BARU',
          harga: 1000,
          tebal_tapak: null,
          kendaraan: null,
          posisi: null,
          km: '2025-01-31',
        },
      ],
    })
  })

  for (const type of ['xlsx', 'biff8'] as const) {
    it(`${NAMES[type].slice(5)}: a date cell as YYYY-MM-DD, the first visible sheet read (a hidden one before it passed over)`, async () => {
      const old = XLSX.utils.aoa_to_sheet([['Serial lama'], ['X']])
      const bytes = book(
        type,
        [HEADER, ['SN-D', 'U', 'M', null, 'BARU', 1000, null, null, null, null]],
        (s) => (s['J2'] = dateCell(45688)),
        old,
      )
      expect(await readSpreadsheet(bytes, NAMES[type], spec)).toMatchObject({
        ok: true,
        rows: [{ baris: 2, no_seri: 'SN-D', harga: 1000, km: '2025-01-31' }],
      })
    })
  }

  for (const type of ['xlsx', 'biff8', 'ods'] as const) {
    it(`reads an ${NAMES[type].slice(5)} like the .xlsx: the same rows`, async () => {
      expect(await readSpreadsheet(book(type, LINES), NAMES[type], spec)).toEqual({ ok: true, rows: ROWS })
    })
  }

  it('a CSV gives the same rows, every cell as text (a serial keeps its leading zeros); ; or , as separator', async () => {
    const csv = (sep: string) =>
      `\uFEFF${HEADER.join(sep)}\n00123${sep}11.00-20${sep}Bridgestone${sep}${sep}BARU${sep}2500000${sep}15.5${sep}${sep}${sep}${sep}catatan\n\n` +
      `SN-9${sep}11.00-20${sep}  Bridgestone ${sep}${sep}BEKAS${sep}"1.000.000"${sep}${sep}K-01${sep}1A${sep}90000\n`
    const asText = ROWS.map((r) => ({
      ...r,
      harga: String(r.harga).replace('2500000', '2500000'),
      tebal_tapak: r.tebal_tapak === null ? null : '15.5',
      km: r.km === null ? null : '90000',
    }))
    expect(await readSpreadsheet(Buffer.from(csv(';')), 'stok.csv', spec)).toEqual({ ok: true, rows: asText })
    expect(await readSpreadsheet(Buffer.from(csv(',').replace('"1.000.000"', '"1,000,000"')), 'stok.csv', spec)).toMatchObject({
      ok: true,
      rows: [
        { baris: 2, no_seri: '00123', harga: '2500000' },
        { baris: 4, harga: '1,000,000' },
      ],
    })
  })

  it('a CSV whose first cell starts like another format (<, ID) is still read as CSV and its header checked', async () => {
    expect(await readSpreadsheet(Buffer.from('<table><tr><td>x</td></tr></table>\n1\n'), 'a.csv', spec)).toMatchObject({
      ok: false,
      message: expect.stringContaining(
        'Baris judul tidak sesuai template: kolom A harus "No Seri" (isi: "<table><tr><td>x</td></tr></table>")',
      ),
    })
  })

  it('a formula counts as the value the file carries for it (in each format)', async () => {
    for (const type of ['xlsx', 'biff8', 'ods'] as const) {
      const bytes = book(type, [HEADER, ['SN1', 'U', 'M', null, 'BARU', 1000], ['SN2', 'U', 'M', null, 'BARU']], (s) => {
        s['F3'] = { t: 'n', v: 2000, f: 'F2*2' }
        s['B3'] = { t: 's', v: 'U', f: 'B2' }
        s['L3'] = { t: 'n', v: 7, f: 'F2/1000*7' }
      })
      expect(await readSpreadsheet(bytes, NAMES[type], spec), type).toMatchObject({
        ok: true,
        rows: [
          { baris: 2, harga: 1000 },
          { baris: 3, no_seri: 'SN2', ukuran: 'U', harga: 2000 },
        ],
      })
    }
  })

  it('refuses formulas without a value in the template’s columns, naming the first cells and how many more', async () => {
    const one = book('xlsx', [HEADER, ['SN1', 'U', 'M', null, 'BARU', 1000], ['SN2', 'U', 'M', null, 'BARU']], (s) => {
      s['F3'] = { t: 'z', f: 'F2*2' } as XLSX.CellObject
      // Beyond the template's columns a formula without a value is not read.
      s['M3'] = { t: 'z', f: 'F2*3' } as XLSX.CellObject
      s['!ref'] = 'A1:M3'
    })
    expect(await readSpreadsheet(one, 'a.xlsx', spec)).toEqual({
      ok: false,
      message:
        'Sel F3 berisi rumus tanpa nilai tersimpan (file dibuat oleh program yang tidak menghitung rumus). Buka file di Excel atau LibreOffice lalu simpan lagi (rumus dihitung saat disimpan), atau salin lalu tempel sebagai nilai (Paste Values), dan unggah lagi.',
    })
    const lines = [HEADER, ...Array.from({ length: 1600 }, (_, i) => [`SN${i}`, 'U', 'M', null, 'BARU', 1000])]
    const many = book('xlsx', lines, (s) => {
      for (let r = 1501; r <= 1541; r++) s[`F${r}`] = { t: 'z', f: `F${r - 1}*2` } as XLSX.CellObject
    })
    expect(await readSpreadsheet(many, 'a.xlsx', spec)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Sel F1501, F1502, F1503, F1504, F1505 dan 36 sel lain berisi rumus tanpa nilai tersimpan/),
    })
  })

  it('refuses a wrong header row, an empty sheet and more than 10,000 rows', async () => {
    const wrong = await readSpreadsheet(book('xlsx', [['Serial', ...HEADER.slice(1)]]), 'a.xlsx', spec)
    expect(wrong).toEqual({
      ok: false,
      message: 'Baris judul tidak sesuai template: kolom A harus "No Seri" (isi: "Serial"). Unduh template lalu salin data ke dalamnya.',
    })
    expect(await readSpreadsheet(book('ods', [HEADER]), 'a.ods', spec)).toEqual({ ok: false, message: FILE_MESSAGES.empty })
    const many = [HEADER, ...Array.from({ length: MAX_IMPOR_ROWS + 1 }, (_, i) => [`S${i}`])]
    for (const type of ['xlsx', 'biff8', 'ods'] as const) {
      expect(await readSpreadsheet(book(type, many), NAMES[type], spec), type).toEqual({ ok: false, message: FILE_MESSAGES.tooManyRows })
    }
    // Exactly 10,000 rows are taken.
    const full = await readSpreadsheet(book('xlsx', many.slice(0, -1)), 'a.xlsx', spec)
    expect(full.ok && full.rows.length).toBe(MAX_IMPOR_ROWS)
  }, 60_000)

  it('the files that filled the app’s heap get a clear answer: 300,000 rows, 600,000 empty rows, a CSV of 2,000,000 lines', async () => {
    expect(await readSpreadsheet(manyRowsXlsx(), 'a.xlsx', spec)).toEqual({ ok: false, message: FILE_MESSAGES.tooManyRows })
    // A sheet used down to row 600,001 (empty rows, or rows only formatted) is past what is read.
    expect(await readSpreadsheet(emptyRowsXlsx(), 'a.xlsx', spec)).toEqual({ ok: false, message: beyondRows(600_001) })
    expect(beyondRows(600_001)).toContain('Sheet terpakai sampai baris 600.001')
    const csv = manyLinesCsv()
    expect(csv.length).toBeLessThan(5 * 1024 * 1024)
    expect(await readSpreadsheet(csv, 'a.csv', spec)).toEqual({ ok: false, message: FILE_MESSAGES.tooManyRows })
    // Blank lines after the rows read are no data; anything else below them is.
    const blankTail = Buffer.from(`${HEADER.join(';')}\nSN1;U\n${';;;\n'.repeat(20_000)}`)
    expect(await readSpreadsheet(blankTail, 'a.csv', spec)).toMatchObject({ ok: true, rows: [{ baris: 2, no_seri: 'SN1' }] })
    const lateRow = Buffer.from(`${HEADER.join(';')}\n${';;;\n'.repeat(20_000)}SN1;U\n`)
    expect(await readSpreadsheet(lateRow, 'a.csv', spec)).toEqual({ ok: false, message: FILE_MESSAGES.tooManyRows })
  }, 60_000)

  it('refuses a sheet whose row 1 is empty as a wrong header', async () => {
    const bytes = book('xlsx', [[], HEADER])
    expect(await readSpreadsheet(bytes, 'a.xlsx', spec)).toEqual({
      ok: false,
      message: 'Baris judul tidak sesuai template: kolom A harus "No Seri" (kosong). Unduh template lalu salin data ke dalamnya.',
    })
  })

  it('booleans as TRUE/FALSE, errors as their text, text longer than 1,000 characters cut to 1,001 (the upstream refuses it as too long)', async () => {
    const bytes = book('xlsx', [HEADER, ['SN1', true, '#N/A', null, 'BARU', 1000, null, null]], (s) => {
      s['C2'] = { t: 'e', v: 0x2a }
      s['H2'] = { t: 's', v: 'x'.repeat(30_000) }
    })
    const read = await readSpreadsheet(bytes, 'a.xlsx', spec)
    expect(read).toMatchObject({ ok: true, rows: [{ ukuran: 'TRUE', merek: '#N/A' }] })
    expect(read.ok && (read.rows[0]!.kendaraan as string).length).toBe(1001)
  })
})

describe('a GPS export: columns found by their header (Km Kendaraan)', () => {
  const spec = IMPOR_SPECS['km-kendaraan']
  it('finds No Pol / No Kabin, Tanggal and Km by header or alias, in any order, case and spaces ignored; other columns ignored', () => {
    expect(columnsOf(['Lokasi', 'odometer (km)', ' WAKTU ', 'Nopol', 'Kecepatan'], spec)).toEqual([3, -1, 2, 1])
    expect(columnsOf(['No Kabin', 'Tanggal*', 'Km'], spec)).toEqual([-1, 0, 1, 2])
    // The template's own order.
    expect(columnsOf(['No Pol', 'No Kabin', 'Tanggal', 'Km'], spec)).toEqual([0, 1, 2, 3])
  })
  it('refuses a header without Tanggal or Km, or without both No Pol and No Kabin, naming them', () => {
    expect(columnsOf(['Nopol', 'Waktu', 'Kecepatan'], spec)).toEqual({
      refusal:
        'Baris judul (baris 1) tidak berisi kolom "Km". Kolom dicari menurut judulnya (urutan bebas, kolom lain diabaikan); lihat template.',
    })
    expect(columnsOf(['Tanggal', 'Km'], spec)).toEqual({
      refusal:
        'Baris judul (baris 1) tidak berisi kolom "No Pol" atau "No Kabin". Kolom dicari menurut judulnya (urutan bebas, kolom lain diabaikan); lihat template.',
    })
    expect(columnsOf([], spec)).toMatchObject({ refusal: expect.stringContaining('"No Pol" atau "No Kabin" dan "Tanggal" dan "Km"') })
  })
  it('reads a CSV export by those columns: each row keyed by the spec, a missing column null, date-times kept as text', async () => {
    const csv = 'Waktu;Nopol;Lokasi;Odometer (Km)\n2026-11-20 17:45:00;B 1 X;Pool;"123.456,7"\n\n21/11/2026 08:00;B 1 X;;123.500\n'
    const read = await readSpreadsheet(Buffer.from(csv), 'gps.csv', spec)
    expect(read).toEqual({
      ok: true,
      rows: [
        { baris: 2, no_pol: 'B 1 X', no_kabin: null, tanggal: '2026-11-20 17:45:00', km: '123.456,7' },
        { baris: 4, no_pol: 'B 1 X', no_kabin: null, tanggal: '21/11/2026 08:00', km: '123.500' },
      ],
    })
  })
})
