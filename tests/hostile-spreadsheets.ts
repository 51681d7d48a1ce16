import { deflateRawSync } from 'node:zlib'

/**
 * Hostile spreadsheets for the import's tests (unit: tests/unit/impor-file.test.ts; the request
 * battery: tests/app/battery.test.ts), made here byte by byte.
 */

/**
 * A zip of the given entries (deflated), as any zip tool writes it: local headers, central directory,
 * end record. `claim` writes another uncompressed size in the headers than the data has (a lying zip).
 */
export function zip(entries: { name: string; data: Buffer; claim?: number }[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const packed = deflateRawSync(e.data)
    const name = Buffer.from(e.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(e.claim ?? e.data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(e.claim ?? e.data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, packed)
    centrals.push(central, name)
    offset += 30 + name.length + packed.length
  }
  const dir = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(dir.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, dir, end])
}

export const TYPES = (extra = '') =>
  Buffer.from(
    `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${extra}</Types>`,
  )

/** A workbook's two required parts and more entries. */
const workbookWith = (...more: { name: string; data: Buffer }[]) =>
  zip([{ name: '[Content_Types].xml', data: TYPES() }, { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') }, ...more])

const STOK_BAN_HEADER = ['No Seri', 'Ukuran', 'Merek', 'Tipe', 'Kondisi', 'Harga', 'Tebal Tapak (mm)', 'Kendaraan', 'Posisi', 'Km']

/**
 * An .xlsx whose first sheet is `header` as row 1 (inline text) and then `rowsXml` (the sheet's
 * `<row>` elements from row 2), with `dimension` as its used range: the fewest parts a reader
 * takes, written as a program that makes big sheets does.
 */
export function sheetXlsx(header: string[], rowsXml: string, dimension?: string): Buffer {
  const cells = header.map((h, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${h}</t></is></c>`).join('')
  const sheet =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    (dimension ? `<dimension ref="${dimension}"/>` : '') +
    `<sheetData><row r="1">${cells}</row>${rowsXml}</sheetData></worksheet>`
  return zip([
    {
      name: '[Content_Types].xml',
      data: TYPES(
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
  ])
}

/** `count` rows from row 2, each made by `row(n)`, joined without building a list of them. */
function rowsXml(count: number, row: (n: number) => string): string {
  let out = ''
  for (let n = 2; n < count + 2; n++) out += row(n)
  return out
}

/** The 1.4 MB .xlsx of 600,000 empty rows under Stok Ban's header (its sheet inflates to 10 MB). */
export const emptyRowsXlsx = (rows = 600_000) =>
  sheetXlsx(
    STOK_BAN_HEADER,
    rowsXml(rows, (n) => `<row r="${n}"/>`),
    `A1:J${rows + 1}`,
  )

/** The 2.1 MB .xlsx of 300,000 rows (a serial number in each), under Stok Ban's header. */
export const manyRowsXlsx = (rows = 300_000) =>
  sheetXlsx(
    STOK_BAN_HEADER,
    rowsXml(rows, (n) => `<row r="${n}"><c r="A${n}"><v>${n}</v></c><c r="F${n}"><v>1000</v></c></row>`),
    `A1:J${rows + 1}`,
  )

/** The 3.8 MB CSV of 2,000,000 short lines under Stok Ban's header. */
export const manyLinesCsv = (lines = 2_000_000) =>
  Buffer.from(`${STOK_BAN_HEADER.join(';')}
${'1\n'.repeat(lines)}`)

/**
 * An .ods whose content.xml repeats a cell with a value a million rows down and a thousand columns
 * across: a few hundred bytes that a reader expanding repeats would make a billion cells of.
 */
export const repeatBombOds = () =>
  zip([
    { name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet') },
    {
      name: 'content.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet><table:table table:name="Data">' +
          `<table:table-row>${STOK_BAN_HEADER.map((h) => `<table:table-cell office:value-type="string"><text:p>${h}</text:p></table:table-cell>`).join('')}</table:table-row>` +
          '<table:table-row table:number-rows-repeated="1000000"><table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="1000"><text:p>1</text:p></table:table-cell></table:table-row>' +
          '</table:table></office:spreadsheet></office:body></office:document-content>',
      ),
    },
  ])

/** Each hostile file, its name and the message the upload form shows. */
export const HOSTILE_SPREADSHEETS: { what: string; name: string; data: Buffer; message: string }[] = [
  {
    what: 'a text file named .xlsx',
    name: 'stok.xlsx',
    data: Buffer.from('No Seri;Ukuran\nSN1;X\n'),
    message: 'File ini bukan spreadsheet (.xlsx, .xls, .ods atau .csv).',
  },
  {
    what: 'a VBA project',
    name: 'stok.xlsx',
    data: workbookWith({ name: 'xl/vbaProject.bin', data: Buffer.from('VBA') }),
    message: 'File berisi makro',
  },
  {
    what: 'a zip bomb',
    name: 'stok.xlsx',
    data: workbookWith({ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024) }),
    message: 'Isi file tidak wajar',
  },
  {
    what: 'a zip that is no workbook',
    name: 'stok.xlsx',
    data: zip([{ name: 'a.txt', data: Buffer.from('halo') }]),
    message: 'bukan spreadsheet',
  },
  { what: 'binary named .csv', name: 'stok.csv', data: Buffer.from([0x4d, 0x5a, 0x00, 0x01, 0xff]), message: 'bukan spreadsheet' },
  { what: 'a CSV of 2,000,000 short lines', name: 'stok.csv', data: manyLinesCsv(), message: 'File berisi lebih dari 10.000 baris data' },
  { what: 'an .xlsx of 300,000 rows', name: 'stok.xlsx', data: manyRowsXlsx(), message: 'File berisi lebih dari 10.000 baris data' },
  { what: 'an .xlsx of 600,000 empty rows', name: 'stok.xlsx', data: emptyRowsXlsx(), message: 'Sheet terpakai sampai baris 600.001' },
  { what: 'an .ods repeating a cell a billion times', name: 'stok.ods', data: repeatBombOds(), message: 'Isi file tidak wajar' },
]
