import type * as XLSX from '@e965/xlsx'
import type * as unzipper from 'unzipper'
import { loadSheetJS, loadUnzipper } from './lazy-modules.server'
import { columnLetter, FILE_MESSAGES, MAX_IMPOR_BYTES, MAX_IMPOR_ROWS, type ImporColumn, type ImporSpec } from '~/lib/impor'

/**
 * Reading an uploaded spreadsheet for an import, safely and within a fixed budget, whatever the file
 * claims. The bytes are checked before any parser sees them:
 * - a zip (.xlsx or .ods, by its signature, not its name) must hold a workbook ([Content_Types].xml
 *   and xl/workbook.xml) or an OpenDocument spreadsheet (mimetype and content.xml); each entry is
 *   inflated once and counted (not what the zip's directory claims), and a total above 50 MB, an
 *   entry inflating to more than 100 times its packed size, or shared strings / a sheet larger than a
 *   full template could need are refused as a zip bomb; a macro workbook (vbaProject.bin, a
 *   macroEnabled content type, .xlsm, an .ods with Basic scripts) is refused;
 * - an OLE2/CFB file (.xls) must hold a workbook stream and no VBA project;
 * - anything else must be CSV: UTF-8 text without NUL bytes (`;` or `,`), cut after the row limit
 *   by a scan of its bytes before it is parsed.
 * Then one reader, SheetJS, reads the first visible sheet, never more rows than the header,
 * MAX_IMPOR_ROWS and one more (so an overflow is seen): row 1 must be the template's header; a
 * formula counts as the value the file carries for it, and one without a value is refused by cell;
 * at most MAX_IMPOR_ROWS data rows. The rows are plain cells (text, number or null) keyed by the
 * column; the upstream checks their meaning.
 */

export type ImporCell = string | number | null
export type ImporRow = { baris: number } & Record<string, ImporCell>
export type FileResult = { ok: true; rows: ImporRow[] } | { ok: false; message: string }
export type SpreadsheetKind = 'xlsx' | 'ods' | 'xls' | 'csv'

export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024
export const MAX_ZIP_RATIO = 100
/** An entry this small may be packed any number of times (a sheet of empty cells packs well). */
const SMALL_ENTRY_BYTES = 1024 * 1024
/**
 * The most one part of a workbook may inflate to (a sheet, the shared strings, an .ods's
 * content.xml): 10,000 rows of the widest template written by LibreOffice, every cell a different
 * text of 100 characters, take about 20 MB. SheetJS holds a part whole while it reads it.
 */
export const MAX_PART_BYTES = 24 * 1024 * 1024
/** The rows read from a sheet: the header, MAX_IMPOR_ROWS and one more, so an overflow is seen. */
export const SHEET_ROWS = 1 + MAX_IMPOR_ROWS + 1
/**
 * The longest cell text kept: longer text is cut to one character more than this, which every field
 * of the upstream refuses as too long by row and column (its longest field, an address, takes
 * 1,000), so nothing long is carried and nothing cut is stored.
 */
export const MAX_CELL_CHARS = 1000
/**
 * The most cells carrying a value an .ods may spell out in the rows read (repeated cells and rows
 * counted as many times as they repeat): SheetJS makes one object a cell, so a tiny file that
 * repeats a cell a million times would fill the heap.
 */
export const MAX_ODS_CELLS = SHEET_ROWS * 32

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

/** A part SheetJS reads whole: a worksheet, the shared strings, an .ods's content. */
const isPart = (path: string) => /^xl\/(worksheets\/[^/]+\.xml|sharedStrings\.xml)$/i.test(path) || path === 'content.xml'

/**
 * Why a zip is not a workbook to read, or null when it is one (and which): its directory read by
 * unzipper; no macro; the parts of an .xlsx or an .ods present; every entry inflated once and
 * counted, over MAX_UNZIPPED_BYTES in all, a big entry more than MAX_ZIP_RATIO times its packed size
 * or a part over MAX_PART_BYTES being a zip bomb, before SheetJS inflates it again.
 */
async function zipCheck(
  bytes: Uint8Array,
): Promise<{ ok: true; kind: 'xlsx' | 'ods'; hidden?: string[] } | { ok: false; message: string }> {
  let directory: unzipper.CentralDirectory
  try {
    const unzip = await loadUnzipper()
    directory = await unzip.Open.buffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  } catch (error) {
    console.error('[impor] zip not readable:', error instanceof Error ? error.message : error)
    return { ok: false, message: FILE_MESSAGES.unreadable }
  }
  const files = directory.files.filter((f) => f.type === 'File')
  // VBA in an .xlsx; Basic macros and scripts in an .ods.
  if (files.some((f) => /(^|\/)vbaProject\.bin$/i.test(f.path) || /^(Basic|Scripts)\//.test(f.path))) {
    return { ok: false, message: FILE_MESSAGES.macro }
  }
  const types = files.find((f) => f.path === '[Content_Types].xml')
  const mimetype = files.find((f) => f.path === 'mimetype')
  const kind =
    types && files.some((f) => f.path === 'xl/workbook.xml')
      ? 'xlsx'
      : mimetype && files.some((f) => f.path === 'content.xml')
        ? 'ods'
        : null
  if (!kind) return { ok: false, message: FILE_MESSAGES.notSpreadsheet }
  // What the directory claims first (nothing inflated), then what each entry really inflates to,
  // stopped at the first byte past either bound.
  const bound = (f: unzipper.File) =>
    Math.min(
      isPart(f.path) ? MAX_PART_BYTES : MAX_UNZIPPED_BYTES,
      Math.max(SMALL_ENTRY_BYTES, Math.max(1, f.compressedSize) * MAX_ZIP_RATIO),
    )
  const claimed = files.reduce((n, f) => n + f.uncompressedSize, 0)
  if (claimed > MAX_UNZIPPED_BYTES || files.some((f) => f.uncompressedSize > bound(f))) return { ok: false, message: FILE_MESSAGES.bomb }
  let total = 0
  for (const f of files) {
    const size = await inflatedSize(f, Math.min(MAX_UNZIPPED_BYTES - total, bound(f)))
    if (size === null) return { ok: false, message: FILE_MESSAGES.bomb }
    total += size
  }
  try {
    // A macro workbook's content type (SheetJS declares the .bin extension of an .xlsb as
    // 'binary.macroEnabled.main' in every file it writes: no macro is in such a file).
    if (kind === 'xlsx' && /macroEnabled\.main\+xml|vbaProject/i.test((await types!.buffer()).toString('utf8'))) {
      return { ok: false, message: FILE_MESSAGES.macro }
    }
    if (kind === 'ods') {
      const type = (await mimetype!.buffer()).toString('utf8').trim()
      if (type !== 'application/vnd.oasis.opendocument.spreadsheet') return { ok: false, message: FILE_MESSAGES.notSpreadsheet }
      const content = (await files.find((f) => f.path === 'content.xml')!.buffer()).toString('utf8')
      if (odsCells(content) > MAX_ODS_CELLS) return { ok: false, message: FILE_MESSAGES.bomb }
      return { ok: true, kind, hidden: odsHiddenTables(content) }
    }
  } catch {
    return { ok: false, message: FILE_MESSAGES.unreadable }
  }
  return { ok: true, kind }
}

/**
 * How many cells with a value an .ods's sheets spell out in the rows SheetJS reads (SHEET_ROWS of
 * each table), repeats counted: a row's `number-rows-repeated` times its cells'
 * `number-columns-repeated`. Only the start tags of tables, rows and cells are looked at (a bound
 * on the work, before the reader), not the content.
 */
export function odsCells(content: string): number {
  const tags = /<table:(table|table-row|table-cell|covered-table-cell)(?=[\s/>])([^>]*)>/g
  const repeat = (attrs: string, name: string) => {
    const m = new RegExp(`table:${name}="(\\d+)"`).exec(attrs)
    return m ? Math.max(1, Number(m[1])) : 1
  }
  let cells = 0
  let row = 0
  let rowRepeat = 1
  for (let m = tags.exec(content); m; m = tags.exec(content)) {
    const [, tag, attrs] = m
    if (tag === 'table') {
      row = 0
    } else if (tag === 'table-row') {
      row += rowRepeat
      rowRepeat = repeat(attrs!, 'number-rows-repeated')
    } else if (row < SHEET_ROWS && /office:value-type=/.test(attrs!)) {
      cells += Math.min(rowRepeat, SHEET_ROWS) * repeat(attrs!, 'number-columns-repeated')
      if (cells > MAX_ODS_CELLS) return cells
    }
  }
  return cells
}

/** The attributes of a start tag ('a:b="c"' pairs). */
const attributes = (tag: string) => new Map([...tag.matchAll(/([\w:.-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]))

/**
 * The names of an .ods's hidden sheets: LibreOffice hides a sheet by its table style
 * (`table:display="false"`), which SheetJS does not read.
 */
export function odsHiddenTables(content: string): string[] {
  const hiddenStyles = new Set<string>()
  for (const m of content.matchAll(/<style:style\s([^>]*)>\s*<style:table-properties\s([^>]*)>/g)) {
    const style = attributes(m[1]!)
    if (style.get('style:family') === 'table' && attributes(m[2]!).get('table:display') === 'false')
      hiddenStyles.add(style.get('style:name')!)
  }
  if (hiddenStyles.size === 0) return []
  const hidden: string[] = []
  for (const m of content.matchAll(/<table:table\s([^>]*)>/g)) {
    const table = attributes(m[1]!)
    if (hiddenStyles.has(table.get('table:style-name') ?? '')) hidden.push(table.get('table:name') ?? '')
  }
  return hidden
}

type CfbFile = { FullPaths: string[] }

/** Why an OLE2/CFB file is not an .xls to read (no workbook stream; a VBA project), or null. */
async function cfbRefusal(bytes: Uint8Array): Promise<string | null> {
  let paths: string[]
  try {
    const { CFB } = await loadSheetJS()
    paths = (CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer' }) as CfbFile).FullPaths
  } catch (error) {
    console.error('[impor] xls not readable:', error instanceof Error ? error.message : error)
    return FILE_MESSAGES.unreadable
  }
  if (paths.some((p) => /(^|\/)(_VBA_PROJECT_CUR|VBA|Macros)\//i.test(p))) return FILE_MESSAGES.macro
  // An encrypted .xlsx is a CFB too: SheetJS says so when it reads it (the file cannot be read).
  if (!paths.some((p) => /(^|\/)(Workbook|Book|EncryptedPackage)$/i.test(p))) return FILE_MESSAGES.notSpreadsheet
  return null
}

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

/** What the bytes are: an .xlsx or .ods (zip), an .xls (CFB), CSV text, or why they are refused. */
export async function checkSpreadsheet(
  bytes: Uint8Array,
  name: string,
): Promise<{ ok: true; kind: SpreadsheetKind; hidden?: string[] } | { ok: false; message: string }> {
  if (bytes.length === 0) return { ok: false, message: FILE_MESSAGES.none }
  if (bytes.length > MAX_IMPOR_BYTES) return { ok: false, message: FILE_MESSAGES.tooLarge }
  const lower = name.toLowerCase()
  if (/\.xl[st]m$/.test(lower)) return { ok: false, message: FILE_MESSAGES.macro }
  const isZip = bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  if (isZip) return zipCheck(bytes)
  if (bytes.length >= 8 && CFB_SIGNATURE.every((b, i) => bytes[i] === b)) {
    const refused = await cfbRefusal(bytes)
    return refused ? { ok: false, message: refused } : { ok: true, kind: 'xls' }
  }
  // Neither: CSV text only (UTF-8, no NUL byte); an .xlsx that is not a zip is not a workbook.
  if (!lower.endsWith('.csv')) return { ok: false, message: FILE_MESSAGES.notSpreadsheet }
  if (bytes.includes(0)) return { ok: false, message: FILE_MESSAGES.notSpreadsheet }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return { ok: false, message: FILE_MESSAGES.notSpreadsheet }
  }
  return { ok: true, kind: 'csv' }
}

/** A cell as SheetJS reads it (dense mode), the fields read here. */
type SheetCell = { t: string; v?: unknown; w?: string; z?: unknown; f?: string }
type Sheet = { '!data'?: (SheetCell | null | undefined)[][]; '!ref'?: string; '!fullref'?: string }

/** A formula the file carries no value for (SheetJS reads it as a stub with its formula). */
const FORMULA_WITHOUT_VALUE = { formula: true } as const

/** 'YYYY-MM-DD' of an Excel date serial (1900 or 1904 based), or null. */
function serialDate(SSF: typeof XLSX.SSF, serial: number, date1904: boolean): string | null {
  const d = (SSF as { parse_date_code: (v: number, o?: object) => { y: number; m: number; d: number } | null }).parse_date_code(serial, {
    date1904,
  })
  if (!d) return null
  return `${String(d.y).padStart(4, '0')}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`
}

/** Cuts text longer than MAX_CELL_CHARS to one character more (the upstream refuses it as too long). */
const bounded = (s: string) => (s.length > MAX_CELL_CHARS + 1 ? s.slice(0, MAX_CELL_CHARS + 1) : s)

/**
 * The plain value of a cell: text (trimmed; empty is null), a number, a date as YYYY-MM-DD, TRUE or
 * FALSE, an error as its text (#N/A); a formula counts as the value it computed; a formula without
 * a value is reported apart.
 */
export function cellValue(
  cell: SheetCell | null | undefined,
  SSF: typeof XLSX.SSF,
  date1904 = false,
): ImporCell | typeof FORMULA_WITHOUT_VALUE {
  if (!cell) return null
  switch (cell.t) {
    case 'z':
      return cell.f ? FORMULA_WITHOUT_VALUE : null
    case 'n': {
      const v = cell.v
      if (typeof v !== 'number' || !Number.isFinite(v)) return null
      const format = typeof cell.z === 'string' ? cell.z : null
      if (format && (SSF as { is_date: (f: string) => boolean }).is_date(format)) return serialDate(SSF, v, date1904)
      return v
    }
    case 'd':
      return cell.v instanceof Date && !Number.isNaN(cell.v.getTime()) ? cell.v.toISOString().slice(0, 10) : null
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE'
    case 'e':
      return cell.w ?? '#N/A'
    default: {
      const text = typeof cell.v === 'string' ? cell.v.trim() : cell.v === undefined || cell.v === null ? '' : String(cell.v).trim()
      return text === '' ? null : bounded(text)
    }
  }
}

const headerKey = (v: unknown) =>
  String(v ?? '')
    .replace(/\*/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()

/** Why row 1 is not the template's header (an absent row 1 is an empty one), or null when it is. */
function headerRefusal(header: ImporCell[] | undefined, spec: ImporSpec): string | null {
  for (const [i, col] of spec.columns.entries()) {
    const got = header?.[i] ?? null
    const text = String(got ?? '')
    if (headerKey(text) !== headerKey(col.header)) {
      return `Baris judul tidak sesuai template: kolom ${columnLetter(i)} harus "${col.header}"${text ? ` (isi: "${text.slice(0, 40)}")` : ' (kosong)'}. Unduh template lalu salin data ke dalamnya.`
    }
  }
  return null
}

/** The most columns of row 1 looked at for an import whose columns are found by name. */
export const MAX_HEADER_COLUMNS = 100

/**
 * Where each of the spec's columns is in the sheet: the template's order, or (`spec.byName`) the
 * column whose header in row 1 is the column's header or an alias (case, spaces and '*' ignored; the
 * first such), -1 when absent; or why row 1 is refused (a required column, or all of `anyOf`, absent).
 */
export function columnsOf(header: ImporCell[], spec: ImporSpec): number[] | { refusal: string } {
  if (!spec.byName) {
    const refusal = headerRefusal(header, spec)
    return refusal ? { refusal } : spec.columns.map((_, i) => i)
  }
  const keys = header.map((h) => (typeof h === 'string' ? headerKey(h) : ''))
  const at = spec.columns.map((c) => {
    const names = [c.header, ...(c.aliases ?? [])].map(headerKey)
    return keys.findIndex((k) => k !== '' && names.includes(k))
  })
  const headers = (cols: readonly ImporColumn[]) => cols.map((c) => `"${c.header}"`).join(' atau ')
  const missing = spec.columns.filter((c, i) => c.required && at[i]! < 0)
  const anyOf = spec.columns.filter((c) => spec.byName!.anyOf.includes(c.key))
  const noneOf = anyOf.length > 0 && anyOf.every((c) => at[spec.columns.indexOf(c)]! < 0)
  if (missing.length > 0 || noneOf) {
    const wanted = [...(noneOf ? [headers(anyOf)] : []), ...missing.map((c) => `"${c.header}"`)]
    return {
      refusal: `Baris judul (baris 1) tidak berisi kolom ${wanted.join(' dan ')}. Kolom dicari menurut judulnya (urutan bebas, kolom lain diabaikan); lihat template.`,
    }
  }
  return at
}

/** The cells named in a refusal of formulas without a value. */
const NAMED_CELLS = 5

/** 'Sel F1501, F1502 dan 37 sel lain berisi rumus tanpa nilai …'. */
export function formulaRefusal(cells: string[], total: number): string {
  const named = cells.slice(0, NAMED_CELLS)
  const rest = total - named.length
  const list =
    rest > 0
      ? `${named.join(', ')} dan ${rest.toLocaleString('id-ID')} sel lain`
      : named.length > 1
        ? `${named.slice(0, -1).join(', ')} dan ${named.at(-1)}`
        : named[0]
  return `Sel ${list} berisi rumus tanpa nilai tersimpan (file dibuat oleh program yang tidak menghitung rumus). Buka file di Excel atau LibreOffice lalu simpan lagi (rumus dihitung saat disimpan), atau salin lalu tempel sebagai nilai (Paste Values), dan unggah lagi.`
}

/**
 * The rows under the template's header of a sheet read by SheetJS, or why the sheet is refused. Row
 * 1 is the header; empty rows are skipped; a formula without a value in the template's columns
 * refuses the file, naming its cells (beyond them it is not read).
 */
function rowsOf(sheet: Sheet | undefined, spec: ImporSpec, SSF: typeof XLSX.SSF, date1904: boolean): FileResult {
  const data = sheet?.['!data'] ?? []
  const headerWidth = spec.byName ? Math.min(MAX_HEADER_COLUMNS, data[0]?.length ?? 0) : spec.columns.length
  const header = Array.from({ length: headerWidth }, (_, c) => cellValue(data[0]?.[c], SSF, date1904)).map((v) =>
    v !== null && typeof v === 'object' ? null : v,
  )
  const at = columnsOf(header, spec)
  if (!Array.isArray(at)) return { ok: false, message: at.refusal }
  // Each spec column's cell of row r (an absent column: null).
  const values = (r: number) => at.map((c) => (c < 0 ? null : cellValue(data[r]?.[c], SSF, date1904)))
  const rows: ImporRow[] = []
  const noValue: string[] = []
  let noValueTotal = 0
  for (let r = 1; r < Math.min(data.length, SHEET_ROWS); r++) {
    if (!data[r]) continue
    const out: ImporRow = { baris: r + 1 }
    let filled = false
    for (const [c, v] of values(r).entries()) {
      if (v !== null && typeof v === 'object') {
        noValueTotal++
        if (noValue.length < NAMED_CELLS) noValue.push(`${columnLetter(at[c]!)}${r + 1}`)
        continue
      }
      out[spec.columns[c]!.key] = v
      if (v !== null) filled = true
    }
    if (filled) rows.push(out)
  }
  if (noValueTotal > 0) return { ok: false, message: formulaRefusal(noValue, noValueTotal) }
  if (rows.length > MAX_IMPOR_ROWS) return { ok: false, message: FILE_MESSAGES.tooManyRows }
  // The sheet says it goes on below the rows read: data, or rows only formatted, past the limit.
  const full = sheet?.['!fullref']
  if (full) {
    const last = Number(/(\d+)$/.exec(full)?.[1] ?? 0)
    if (last > SHEET_ROWS) return { ok: false, message: beyondRows(last) }
  }
  if (rows.length === 0) return { ok: false, message: FILE_MESSAGES.empty }
  return { ok: true, rows }
}

/** A sheet used (data or formats) down to row `last`, past the rows an import reads. */
export const beyondRows = (last: number) =>
  `Sheet terpakai sampai baris ${last.toLocaleString('id-ID')}, padahal data impor paling banyak ${MAX_IMPOR_ROWS.toLocaleString('id-ID')} baris (baris 2 sampai ${(MAX_IMPOR_ROWS + 1).toLocaleString('id-ID')}). Hapus baris di bawah data (juga yang kosong tetapi berformat) atau bagi menjadi beberapa file, lalu unggah lagi.`

/**
 * The text of a CSV up to the end of its SHEET_ROWS-th line, and whether anything but separators
 * and spaces follows: a scan of the characters (quotes respected), so a file of two million short
 * lines is never split into two million strings. The `sep=;` line Excel writes is not a row.
 */
export function csvHead(text: string): { head: string; more: boolean } {
  let i = text.startsWith('sep=') ? text.indexOf('\n') + 1 || text.length : 0
  let lines = 0
  let quoted = false
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x22) quoted = !quoted
    else if (c === 0x0a && !quoted && ++lines === SHEET_ROWS) break
  }
  if (i >= text.length) return { head: text, more: false }
  const rest = text.slice(i + 1)
  return { head: text.slice(0, i + 1), more: /[^\s;,"]/.test(rest) }
}

/** `;` when the first line has more of them than `,`, else `,` (Excel in Indonesia saves with `;`). */
function csvDelimiter(text: string): string {
  const firstLine = text.slice(0, 4096).split(/\r?\n/, 1)[0] ?? ''
  return (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
}

const hidden = (state: unknown) => state === 1 || state === 2

/** SheetJS's options: dense rows, no more than SHEET_ROWS, formulas (to see those without a value). */
const readOptions = (more: XLSX.ParsingOptions): XLSX.ParsingOptions => ({
  type: 'buffer',
  dense: true,
  sheetRows: SHEET_ROWS,
  cellFormula: true,
  cellNF: true,
  cellHTML: false,
  cellStyles: false,
  bookVBA: false,
  ...more,
})

type Book = XLSX.WorkBook & { Workbook?: { Sheets?: { Hidden?: number }[]; WBProps?: { date1904?: boolean } } }

/** The first visible sheet of a book read (`hiddenNames`: hidden ones SheetJS does not report), or undefined. */
function firstVisible(book: Book, hiddenNames: string[] = []): Sheet | undefined {
  const index = book.SheetNames.findIndex((name, i) => !hidden(book.Workbook?.Sheets?.[i]?.Hidden) && !hiddenNames.includes(name))
  return index < 0 ? undefined : (book.Sheets[book.SheetNames[index]!] as Sheet | undefined)
}

/** Reads an uploaded file into rows (after checkSpreadsheet), or the reason it is refused. */
export async function readSpreadsheet(bytes: Uint8Array, name: string, spec: ImporSpec): Promise<FileResult> {
  const kind = await checkSpreadsheet(bytes, name)
  if (!kind.ok) return kind
  try {
    const sheetjs = await loadSheetJS()
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    if (kind.kind === 'csv') {
      const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '')
      const { head, more } = csvHead(text)
      // Cells stay text (a serial 00123 keeps its zeros); the upstream reads numbers from text. The
      // `sep=` line makes SheetJS read it as delimited text whatever its first characters are.
      const source = head.startsWith('sep=') ? head : `sep=${csvDelimiter(head)}\n${head}`
      const book = sheetjs.read(source, readOptions({ type: 'string', raw: true, cellNF: false, cellFormula: false })) as Book
      const read = rowsOf(firstVisible(book), spec, sheetjs.SSF, false)
      if (more && (read.ok || read.message === FILE_MESSAGES.empty)) return { ok: false, message: FILE_MESSAGES.tooManyRows }
      return read
    }
    let book: Book
    if (kind.kind === 'xlsx') {
      // An .xlsx's sheet is read alone: first the book's list of sheets (which are hidden) without
      // any sheet, then the first visible sheet.
      const probe = sheetjs.read(buffer, readOptions({ sheets: [], cellFormula: false })) as Book
      const visible = probe.SheetNames.findIndex((_, i) => !hidden(probe.Workbook?.Sheets?.[i]?.Hidden))
      if (visible < 0) return { ok: false, message: FILE_MESSAGES.empty }
      // Stubs kept: a formula without a value is a stub carrying its formula.
      book = sheetjs.read(buffer, readOptions({ sheets: visible, sheetStubs: true })) as Book
    } else {
      book = sheetjs.read(buffer, readOptions({})) as Book
    }
    return rowsOf(firstVisible(book, kind.hidden), spec, sheetjs.SSF, Boolean(book.Workbook?.WBProps?.date1904))
  } catch (error) {
    // The user is told the file cannot be read; the log keeps why (a damaged file, or a fault here).
    console.error('[impor] file not readable:', error instanceof Error ? error.message : error)
    return { ok: false, message: FILE_MESSAGES.unreadable }
  }
}
