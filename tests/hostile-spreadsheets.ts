import { deflateRawSync } from 'node:zlib'

/**
 * Hostile spreadsheets for the import's tests (unit: tests/unit/impor-file.test.ts; the request
 * battery: tests/e2e/battery.test.ts), made here byte by byte.
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

/** Each hostile file, its name and the message the upload form shows. */
export const HOSTILE_SPREADSHEETS: { what: string; name: string; data: Buffer; message: string }[] = [
  {
    what: 'a text file named .xlsx',
    name: 'stok.xlsx',
    data: Buffer.from('No Seri;Ukuran\nSN1;X\n'),
    message: 'File ini bukan spreadsheet Excel (.xlsx) atau CSV.',
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
]
