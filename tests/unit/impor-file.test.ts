import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { FILE_MESSAGES, IMPOR_SPECS, MAX_IMPOR_ROWS } from '~/lib/impor'
import { cellValue, checkSpreadsheet, readSpreadsheet } from '~/server/impor-file.server'
import { imporTemplate } from '~/server/impor-template.server'
import { TYPES, zip } from '../hostile-spreadsheets'

/**
 * The checks of an uploaded spreadsheet (app/server/impor-file.server.ts), with hostile files made
 * here: a text file named .xlsx, a zip with a VBA project, a zip bomb, a formula in a cell; and the
 * reading of the template's rows into plain cells.
 */

const spec = IMPOR_SPECS.ban
const HEADER = spec.columns.map((c) => c.header)

async function workbook(rows: unknown[][], edit?: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook()
  const sheet = wb.addWorksheet('Data')
  for (const r of rows) sheet.addRow(r)
  edit?.(sheet)
  return new Uint8Array(await wb.xlsx.writeBuffer())
}

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

  it('refuses a formula, naming its cell', async () => {
    const bytes = await workbook(
      [HEADER, ['SN1', 'U', 'M', null, 'BARU', 1000]],
      (s) => (s.getCell('F3').value = { formula: 'F2*2', result: 2000 } as never),
    )
    expect(await readSpreadsheet(bytes, 'a.xlsx', spec)).toEqual({
      ok: false,
      message: 'Sel F3 berisi rumus. Rumus tidak diterima: salin lalu tempel sebagai nilai (Paste Values) dan unggah lagi.',
    })
  })

  it('refuses a wrong header row, an empty sheet and more than 10,000 rows', async () => {
    const wrong = await readSpreadsheet(await workbook([['Serial', ...HEADER.slice(1)]]), 'a.xlsx', spec)
    expect(wrong).toEqual({
      ok: false,
      message: 'Baris judul tidak sesuai template: kolom A harus "No Seri" (isi: "Serial"). Unduh template lalu salin data ke dalamnya.',
    })
    expect(await readSpreadsheet(await workbook([HEADER]), 'a.xlsx', spec)).toEqual({ ok: false, message: FILE_MESSAGES.empty })
    const many = [HEADER, ...Array.from({ length: MAX_IMPOR_ROWS + 1 }, (_, i) => [`S${i}`])]
    expect(await readSpreadsheet(await workbook(many), 'a.xlsx', spec)).toEqual({ ok: false, message: FILE_MESSAGES.tooManyRows })
  }, 60_000)

  it('reads the first visible sheet (a hidden one before it is passed over) and a date cell as YYYY-MM-DD', async () => {
    const wb = new ExcelJS.Workbook()
    const old = wb.addWorksheet('Lama', { state: 'hidden' })
    old.addRow(['Serial lama'])
    old.addRow(['X'])
    const data = wb.addWorksheet('Data')
    data.addRow(HEADER)
    data.addRow(['SN-D', 'U', 'M', null, 'BARU', 1000, null, null, null, null])
    const cell = data.getCell('J2')
    cell.value = new Date('2025-01-31T00:00:00Z')
    cell.numFmt = 'dd/mm/yyyy'
    const read = await readSpreadsheet(new Uint8Array(await wb.xlsx.writeBuffer()), 'a.xlsx', spec)
    expect(read).toMatchObject({ ok: true, rows: [{ baris: 2, no_seri: 'SN-D', harga: 1000, km: '2025-01-31' }] })
  })

  it('refuses a sheet whose row 1 is empty as a wrong header', async () => {
    const wb = new ExcelJS.Workbook()
    const data = wb.addWorksheet('Data')
    data.getRow(2).values = HEADER
    expect(await readSpreadsheet(new Uint8Array(await wb.xlsx.writeBuffer()), 'a.xlsx', spec)).toEqual({
      ok: false,
      message: 'Baris judul tidak sesuai template: kolom A harus "No Seri" (kosong). Unduh template lalu salin data ke dalamnya.',
    })
  })

  it('reads a CSV with ; and keeps the cells as text (a serial keeps its leading zeros)', async () => {
    const csv = `\uFEFF${HEADER.join(';')}\n00123;11.00-20;Bridgestone;;BARU;2500000;;;;\n`
    const read = await readSpreadsheet(Buffer.from(csv), 'stok.csv', spec)
    expect(read).toMatchObject({ ok: true, rows: [{ baris: 2, no_seri: '00123', harga: '2500000', tipe: null }] })
  })

  it('cellValue: dates as YYYY-MM-DD, booleans, errors as text', () => {
    expect(cellValue(new Date('2024-03-05T00:00:00Z'))).toBe('2024-03-05')
    expect(cellValue(true)).toBe('TRUE')
    expect(cellValue({ error: '#N/A' } as never)).toBe('#N/A')
    expect(cellValue('  ')).toBeNull()
  })
})
