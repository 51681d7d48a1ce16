import { Readable } from 'node:stream'
import { inflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import { columnLetter, FILE_MESSAGES, MAX_IMPOR_BYTES, MAX_IMPOR_ROWS, type ImporSpec } from '~/lib/impor'

/**
 * Reading an uploaded spreadsheet for an import, safely. The bytes are checked before any parser
 * sees them: an .xlsx must be a zip (its signature, not its name) holding a workbook; its entries'
 * sizes are read from the zip's central directory and a total above 50 MB or an entry compressed
 * more than 100 times is refused as a zip bomb; a macro workbook (vbaProject.bin, a macroEnabled
 * content type, .xlsm) is refused. Then exceljs reads it (an .xlsx, or a .csv: UTF-8 text, `;` or
 * `,`): row 1 must be the template's header, no cell may hold a formula, at most 10,000 data rows.
 * The rows are plain cells (text, number or null) keyed by the column; the upstream checks their
 * meaning.
 */

export type ImporCell = string | number | null
export type ImporRow = { baris: number } & Record<string, ImporCell>
export type FileResult = { ok: true; rows: ImporRow[] } | { ok: false; message: string }

export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024
export const MAX_ZIP_RATIO = 100

type ZipEntry = { name: string; method: number; compressed: number; size: number; offset: number }

/** The entries of a zip by its central directory, or null when the bytes are not a readable zip. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  // The end-of-central-directory record: in the last 64 KiB + 22 bytes.
  let eocd = -1
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i
      break
    }
  }
  if (eocd < 0) return null
  const count = view.getUint16(eocd + 10, true)
  let at = view.getUint32(eocd + 16, true)
  const entries: ZipEntry[] = []
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    entries.push({
      method: view.getUint16(at + 10, true),
      compressed: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** One small entry's bytes (the content types), inflated with a bound. */
function entryText(bytes: Uint8Array, e: ZipEntry): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (e.offset + 30 > bytes.length || view.getUint32(e.offset, true) !== 0x04034b50) return null
  const start = e.offset + 30 + view.getUint16(e.offset + 26, true) + view.getUint16(e.offset + 28, true)
  const data = bytes.subarray(start, start + e.compressed)
  try {
    const out = e.method === 0 ? data : inflateRawSync(data, { maxOutputLength: 1024 * 1024 })
    return new TextDecoder().decode(out)
  } catch {
    return null
  }
}

/** What the bytes are: an .xlsx workbook, CSV text, or why they are refused. */
export function checkSpreadsheet(bytes: Uint8Array, name: string): { ok: true; kind: 'xlsx' | 'csv' } | { ok: false; message: string } {
  if (bytes.length === 0) return { ok: false, message: FILE_MESSAGES.none }
  if (bytes.length > MAX_IMPOR_BYTES) return { ok: false, message: FILE_MESSAGES.tooLarge }
  const lower = name.toLowerCase()
  if (/\.xl[st]m$/.test(lower)) return { ok: false, message: FILE_MESSAGES.macro }
  const isZip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  if (isZip) {
    const entries = zipEntries(bytes)
    if (!entries) return { ok: false, message: FILE_MESSAGES.unreadable }
    let total = 0
    for (const e of entries) {
      total += e.size
      if (e.size > MAX_UNZIPPED_BYTES || (e.size > 1024 * 1024 && e.size > Math.max(1, e.compressed) * MAX_ZIP_RATIO)) {
        return { ok: false, message: FILE_MESSAGES.bomb }
      }
      // A zip64 entry hides its size in an extra field: not an Excel file of this size.
      if (e.size === 0xffffffff || e.compressed === 0xffffffff) return { ok: false, message: FILE_MESSAGES.bomb }
    }
    if (total > MAX_UNZIPPED_BYTES) return { ok: false, message: FILE_MESSAGES.bomb }
    if (entries.some((e) => /(^|\/)vbaProject\.bin$/i.test(e.name))) return { ok: false, message: FILE_MESSAGES.macro }
    const types = entries.find((e) => e.name === '[Content_Types].xml')
    if (!types || !entries.some((e) => e.name === 'xl/workbook.xml')) return { ok: false, message: FILE_MESSAGES.notSpreadsheet }
    const typesText = entryText(bytes, types)
    if (typesText === null) return { ok: false, message: FILE_MESSAGES.unreadable }
    if (/macroEnabled/i.test(typesText)) return { ok: false, message: FILE_MESSAGES.macro }
    return { ok: true, kind: 'xlsx' }
  }
  // Not a zip: CSV text only (UTF-8, no NUL byte); an .xlsx that is not a zip is not a workbook.
  if (!lower.endsWith('.csv')) return { ok: false, message: FILE_MESSAGES.notSpreadsheet }
  if (bytes.includes(0)) return { ok: false, message: FILE_MESSAGES.notSpreadsheet }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return { ok: false, message: FILE_MESSAGES.notSpreadsheet }
  }
  return { ok: true, kind: 'csv' }
}

/** The plain value of an exceljs cell: text, number or null; a formula is reported apart. */
export function cellValue(value: ExcelJS.CellValue): ImporCell | { formula: true } {
  if (value === null || value === undefined) return null
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim()
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return { formula: true }
    if ('richText' in value) return cellValue(value.richText.map((r) => r.text).join(''))
    if ('text' in value) return cellValue(typeof value.text === 'string' ? value.text : String(value.text))
    if ('error' in value) return String(value.error)
  }
  return null
}

const headerKey = (v: unknown) =>
  String(v ?? '')
    .replace(/\*/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()

/** The rows of the first sheet under the template's header, or why the sheet is refused. */
export function sheetRows(sheet: ExcelJS.Worksheet | undefined, spec: ImporSpec): FileResult {
  if (!sheet) return { ok: false, message: FILE_MESSAGES.empty }
  const header = sheet.getRow(1)
  for (const [i, col] of spec.columns.entries()) {
    const got = cellValue(header.getCell(i + 1).value)
    const text = got && typeof got === 'object' ? '' : String(got ?? '')
    if (headerKey(text) !== headerKey(col.header)) {
      return {
        ok: false,
        message: `Baris judul tidak sesuai template: kolom ${columnLetter(i)} harus "${col.header}"${text ? ` (isi: "${text.slice(0, 40)}")` : ' (kosong)'}. Unduh template lalu salin data ke dalamnya.`,
      }
    }
  }
  const rows: ImporRow[] = []
  let refusal: string | null = null
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (refusal || number === 1) return
    const out: ImporRow = { baris: number }
    let filled = false
    for (const [i, col] of spec.columns.entries()) {
      const v = cellValue(row.getCell(i + 1).value)
      if (v !== null && typeof v === 'object') {
        refusal = `Sel ${columnLetter(i)}${number} berisi rumus. Rumus tidak diterima: salin lalu tempel sebagai nilai (Paste Values) dan unggah lagi.`
        return
      }
      out[col.key] = v
      if (v !== null) filled = true
    }
    // A cell with a formula beyond the template's columns is refused too.
    row.eachCell((cell, colNumber) => {
      if (!refusal && colNumber > spec.columns.length && cellValue(cell.value) !== null && typeof cellValue(cell.value) === 'object') {
        refusal = `Sel ${columnLetter(colNumber - 1)}${number} berisi rumus. Rumus tidak diterima: salin lalu tempel sebagai nilai (Paste Values) dan unggah lagi.`
      }
    })
    if (filled) rows.push(out)
    if (rows.length > MAX_IMPOR_ROWS) refusal = FILE_MESSAGES.tooManyRows
  })
  if (refusal) return { ok: false, message: refusal }
  if (rows.length === 0) return { ok: false, message: FILE_MESSAGES.empty }
  return { ok: true, rows }
}

/** Reads an uploaded file into rows (after checkSpreadsheet), or the reason it is refused. */
export async function readSpreadsheet(bytes: Uint8Array, name: string, spec: ImporSpec): Promise<FileResult> {
  const kind = checkSpreadsheet(bytes, name)
  if (!kind.ok) return kind
  const workbook = new ExcelJS.Workbook()
  try {
    if (kind.kind === 'xlsx') {
      await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer)
    } else {
      const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '')
      const firstLine = text.split(/\r?\n/, 1)[0] ?? ''
      const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
      // Cells stay text (a serial 00123 keeps its zeros); the upstream reads numbers from text.
      await workbook.csv.read(Readable.from([text]), { map: (v: unknown) => v, parserOptions: { delimiter } } as never)
    }
  } catch {
    return { ok: false, message: FILE_MESSAGES.unreadable }
  }
  const sheet = workbook.worksheets.find((w) => w.state !== 'hidden' && w.state !== 'veryHidden') ?? workbook.worksheets[0]
  return sheetRows(sheet, spec)
}
