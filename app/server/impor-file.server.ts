import { Readable } from 'node:stream'
import type * as ExcelJS from 'exceljs'
import type * as unzipper from 'unzipper'
import { loadExcelJS, loadUnzipper } from './lazy-modules.server'
import { columnLetter, FILE_MESSAGES, MAX_IMPOR_BYTES, MAX_IMPOR_ROWS, type ImporSpec } from '~/lib/impor'

/**
 * Reading an uploaded spreadsheet for an import, safely. The bytes are checked before any parser
 * sees them: an .xlsx must be a zip (its signature, not its name) holding a workbook; each entry is
 * inflated once and counted (not what the zip's directory claims), and a total above 50 MB or an
 * entry inflating to more than 100 times its packed size is refused as a zip bomb; a macro workbook
 * (vbaProject.bin, a macroEnabled content type, .xlsm) is refused. Then exceljs reads it (an .xlsx, or a .csv: UTF-8 text, `;` or
 * `,`): row 1 must be the template's header, no cell may hold a formula, at most 10,000 data rows.
 * The rows are plain cells (text, number or null) keyed by the column; the upstream checks their
 * meaning.
 */

export type ImporCell = string | number | null
export type ImporRow = { baris: number } & Record<string, ImporCell>
export type FileResult = { ok: true; rows: ImporRow[] } | { ok: false; message: string }

export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024
export const MAX_ZIP_RATIO = 100
/** An entry this small may be packed any number of times (a sheet of empty cells packs well). */
const SMALL_ENTRY_BYTES = 1024 * 1024

/**
 * The bytes an entry really inflates to, counted as they come: null once over `limit` (the entry's
 * stream is stopped there). The sizes a zip's directory claims can lie; these cannot.
 */
async function inflatedSize(file: unzipper.File, limit: number): Promise<number | null> {
  const entry = file.stream()
  let size = 0
  try {
    for await (const chunk of entry as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > limit) {
        entry.destroy()
        return null
      }
    }
  } catch {
    return null
  }
  return size
}

/**
 * Why a zip is not a workbook to read, or null when it is one: its directory read by unzipper; no
 * macro (vbaProject.bin, a macroEnabled content type); the content types and the workbook present;
 * every entry inflated once and counted, over MAX_UNZIPPED_BYTES in all or a big entry more than
 * MAX_ZIP_RATIO times its packed size being a zip bomb, before exceljs inflates it again.
 */
async function zipRefusal(bytes: Uint8Array): Promise<string | null> {
  let directory: unzipper.CentralDirectory
  try {
    const unzip = await loadUnzipper()
    directory = await unzip.Open.buffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  } catch (error) {
    console.error('[impor] zip not readable:', error instanceof Error ? error.message : error)
    return FILE_MESSAGES.unreadable
  }
  const files = directory.files.filter((f) => f.type === 'File')
  if (files.some((f) => /(^|\/)vbaProject\.bin$/i.test(f.path))) return FILE_MESSAGES.macro
  const types = files.find((f) => f.path === '[Content_Types].xml')
  if (!types || !files.some((f) => f.path === 'xl/workbook.xml')) return FILE_MESSAGES.notSpreadsheet
  // What the directory claims first (nothing inflated), then what each entry really inflates to,
  // stopped at the first byte past either bound.
  const bound = (packed: number) => Math.max(SMALL_ENTRY_BYTES, Math.max(1, packed) * MAX_ZIP_RATIO)
  const claimed = files.reduce((n, f) => n + f.uncompressedSize, 0)
  if (claimed > MAX_UNZIPPED_BYTES || files.some((f) => f.uncompressedSize > bound(f.compressedSize))) return FILE_MESSAGES.bomb
  let total = 0
  for (const f of files) {
    const size = await inflatedSize(f, Math.min(MAX_UNZIPPED_BYTES - total, bound(f.compressedSize)))
    if (size === null) return FILE_MESSAGES.bomb
    total += size
  }
  try {
    if (/macroEnabled/i.test((await types.buffer()).toString('utf8'))) return FILE_MESSAGES.macro
  } catch {
    return FILE_MESSAGES.unreadable
  }
  return null
}

/** What the bytes are: an .xlsx workbook, CSV text, or why they are refused. */
export async function checkSpreadsheet(
  bytes: Uint8Array,
  name: string,
): Promise<{ ok: true; kind: 'xlsx' | 'csv' } | { ok: false; message: string }> {
  if (bytes.length === 0) return { ok: false, message: FILE_MESSAGES.none }
  if (bytes.length > MAX_IMPOR_BYTES) return { ok: false, message: FILE_MESSAGES.tooLarge }
  const lower = name.toLowerCase()
  if (/\.xl[st]m$/.test(lower)) return { ok: false, message: FILE_MESSAGES.macro }
  const isZip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  if (isZip) {
    const refused = await zipRefusal(bytes)
    if (refused) return { ok: false, message: refused }
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

/** Why row 1 is not the template's header (an absent row 1 is an empty one), or null when it is. */
function headerRefusal(header: ExcelJS.Row | undefined, spec: ImporSpec): string | null {
  for (const [i, col] of spec.columns.entries()) {
    const got = header ? cellValue(header.getCell(i + 1).value) : null
    const text = got && typeof got === 'object' ? '' : String(got ?? '')
    if (headerKey(text) !== headerKey(col.header)) {
      return `Baris judul tidak sesuai template: kolom ${columnLetter(i)} harus "${col.header}"${text ? ` (isi: "${text.slice(0, 40)}")` : ' (kosong)'}. Unduh template lalu salin data ke dalamnya.`
    }
  }
  return null
}

const formulaRefusal = (column: number, row: number) =>
  `Sel ${columnLetter(column)}${row} berisi rumus. Rumus tidak diterima: salin lalu tempel sebagai nilai (Paste Values) dan unggah lagi.`

/**
 * The rows under the template's header, read one at a time (a streamed sheet's rows are dropped as
 * soon as their cells are taken), or why the sheet is refused. `source` is the sheet's non-empty
 * rows in order.
 */
export async function sheetRows(
  source: AsyncIterable<ExcelJS.Row> | Iterable<ExcelJS.Row> | undefined,
  spec: ImporSpec,
): Promise<FileResult> {
  if (!source) return { ok: false, message: FILE_MESSAGES.empty }
  const rows: ImporRow[] = []
  let headerSeen = false
  for await (const row of source) {
    if (!headerSeen) {
      const refusal = headerRefusal(row.number === 1 ? row : undefined, spec)
      if (refusal) return { ok: false, message: refusal }
      headerSeen = true
      continue
    }
    const out: ImporRow = { baris: row.number }
    let filled = false
    for (const [i, col] of spec.columns.entries()) {
      const v = cellValue(row.getCell(i + 1).value)
      if (v !== null && typeof v === 'object') return { ok: false, message: formulaRefusal(i, row.number) }
      out[col.key] = v
      if (v !== null) filled = true
    }
    // A cell with a formula beyond the template's columns is refused too.
    let beyond: number | null = null
    row.eachCell((cell, colNumber) => {
      const v = colNumber > spec.columns.length && beyond === null ? cellValue(cell.value) : null
      if (v !== null && typeof v === 'object') beyond = colNumber
    })
    if (beyond !== null) return { ok: false, message: formulaRefusal(beyond - 1, row.number) }
    if (filled) rows.push(out)
    if (rows.length > MAX_IMPOR_ROWS) return { ok: false, message: FILE_MESSAGES.tooManyRows }
  }
  if (!headerSeen) {
    const refusal = headerRefusal(undefined, spec)
    if (refusal) return { ok: false, message: refusal }
  }
  if (rows.length === 0) return { ok: false, message: FILE_MESSAGES.empty }
  return { ok: true, rows }
}

const hidden = (state: unknown) => state === 'hidden' || state === 'veryHidden'

/**
 * The rows of an .xlsx's first visible sheet. The workbook is read whole (the file is at most
 * MAX_IMPOR_BYTES and MAX_IMPOR_ROWS rows), not with exceljs's streaming WorkbookReader: on Node 18
 * and later that reader loses the workbook's own entry at random and then refuses a good file
 * ('Cannot read properties of undefined (reading 'sheets')'; github.com/exceljs/exceljs/issues/3064).
 */
async function xlsxRows(bytes: Uint8Array, spec: ImporSpec): Promise<FileResult> {
  const workbook = new (await loadExcelJS()).Workbook()
  await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer)
  const sheet = workbook.worksheets.find((s) => !hidden(s.state))
  if (!sheet) return { ok: false, message: FILE_MESSAGES.empty }
  const rows: ExcelJS.Row[] = []
  sheet.eachRow({ includeEmpty: false }, (row) => rows.push(row))
  return sheetRows(rows, spec)
}

/** Reads an uploaded file into rows (after checkSpreadsheet), or the reason it is refused. */
export async function readSpreadsheet(bytes: Uint8Array, name: string, spec: ImporSpec): Promise<FileResult> {
  const kind = await checkSpreadsheet(bytes, name)
  if (!kind.ok) return kind
  try {
    if (kind.kind === 'xlsx') return await xlsxRows(bytes, spec)
    const workbook = new (await loadExcelJS()).Workbook()
    const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '')
    const firstLine = text.split(/\r?\n/, 1)[0] ?? ''
    const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
    // Cells stay text (a serial 00123 keeps its zeros); the upstream reads numbers from text.
    await workbook.csv.read(Readable.from([text]), { map: (v: unknown) => v, parserOptions: { delimiter } } as never)
    const sheet = workbook.worksheets[0]
    const rows: ExcelJS.Row[] = []
    sheet?.eachRow({ includeEmpty: false }, (row) => rows.push(row))
    return await sheetRows(sheet ? rows : undefined, spec)
  } catch (error) {
    // The user is told the file cannot be read; the log keeps why (a damaged file, or a fault here).
    console.error('[impor] file not readable:', error instanceof Error ? error.message : error)
    return { ok: false, message: FILE_MESSAGES.unreadable }
  }
}
