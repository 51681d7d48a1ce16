import { csvDate, type CsvValue } from './csv'

/**
 * A list's download, declared once for both formats: its columns with their type, and the values of
 * a row (one line, or several: a report's line per tyre). The CSV (csv.ts) and the Excel workbook
 * (xlsx.server.ts) are both made from it, each writing a type its own way:
 * - `text`: as it is;
 * - `number`: a count or km, a whole number (CSV: digits; Excel: a number cell, #,##0);
 * - `decimal`: a measurement such as tread depth (CSV: "7,5"; Excel: a number cell, 0.0#);
 * - `rupiah`: an amount (CSV: digits; Excel: a number cell, "Rp" #,##0);
 * - `date`: "YYYY-MM-DD…" (CSV: DD/MM/YYYY; Excel: a date cell, dd/mm/yyyy);
 * - `cell`: a spreadsheet cell given back as it came (an import's refused rows): a number as a number
 *   cell, text as text, whatever the column (CSV: as it is).
 * Pure: the responses are in app/server/.
 */
export type ColumnType = 'text' | 'number' | 'decimal' | 'rupiah' | 'date' | 'cell'

export type DownloadColumn = {
  header: string
  type: ColumnType
  /** Excel's column width in characters (default: by type and header). */
  width?: number
  /** Decimal places Excel shows for a number or rupiah column (a cost per km); default none. */
  decimals?: number
}

/** A row's raw value: a date as its ISO text, an amount or count as a number. */
export type DownloadValue = string | number | null | undefined

export type DownloadTable<T> = {
  /** The file's base name (the period and the extension are added). */
  name: string
  columns: readonly DownloadColumn[]
  /** The column headers (the CSV's first line, the workbook's header row). */
  header: string[]
  /** A row's lines of raw values, one value per column; `index` numbers the rows (No). */
  values: (row: T, index: number) => DownloadValue[][]
  /** A row's CSV lines: the values written as each column's type is in the CSV. */
  lines: (row: T, index: number) => CsvValue[][]
}

/** A column of the declaration: `col('Harga', 'rupiah')`. */
export const col = (header: string, type: ColumnType = 'text', extra: Pick<DownloadColumn, 'width' | 'decimals'> = {}): DownloadColumn => ({
  header,
  type,
  ...extra,
})

/** "7,5": a measurement as id-ID Excel reads a decimal in the CSV; blank when missing. */
const decimalText = (v: DownloadValue) => (v === null || v === undefined || v === '' ? '' : String(v).replace('.', ','))

/** One value as the CSV writes it for its column's type. */
export function csvValue(type: ColumnType, v: DownloadValue): CsvValue {
  if (type === 'date') return typeof v === 'string' ? csvDate(v) : ''
  if (type === 'decimal') return decimalText(v)
  return v
}

/** The table of a list's download: its columns once, its values once; the CSV lines follow from them. */
export function downloadTable<T>(
  name: string,
  columns: readonly DownloadColumn[],
  values: (row: T, index: number) => DownloadValue[][],
): DownloadTable<T> {
  return {
    name,
    columns,
    header: columns.map((c) => c.header),
    values,
    lines: (row, index) => values(row, index).map((line) => line.map((v, i) => csvValue(columns[i]?.type ?? 'text', v))),
  }
}

/** "2026-11-22" (or with a time) → that day as a Date at UTC midnight (Excel's day); anything else → null. */
export function excelDate(v: DownloadValue): Date | null {
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(v) : null
  if (!m) return null
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return Number.isNaN(d.getTime()) ? null : d
}

/** A number of a number column: a finite number, or a numeric text; else null (an empty cell). */
export function excelNumber(v: DownloadValue): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v)
  return null
}

/** Excel's number format of a column's type. */
export function excelFormat(c: DownloadColumn): string | undefined {
  const places = c.decimals ? `.${'0'.repeat(c.decimals)}` : ''
  if (c.type === 'rupiah') return `"Rp" #,##0${places}`
  if (c.type === 'number') return `#,##0${places}`
  if (c.type === 'decimal') return '0.0#'
  if (c.type === 'date') return 'dd/mm/yyyy'
  return undefined
}

/** Excel's column width of a column: declared, else by type, at least the header's. */
export function excelWidth(c: DownloadColumn): number {
  if (c.width) return c.width
  const byType = { text: 16, number: 10, decimal: 10, rupiah: 16, date: 12, cell: 16 }[c.type]
  return Math.min(40, Math.max(byType, c.header.length + 2))
}

/** "2026-01-01" → "01/01/2026" (the title block's period). */
export const dayText = (iso: string) => csvDate(iso) || iso

/** The filter lines above a download's table: "Label: value", only those that have a value. */
export const filterLines = (entries: readonly (readonly [string, string | null | undefined | false])[]): string[] =>
  entries.flatMap(([label, value]) => (value ? [`${label}: ${value}`] : []))

/**
 * The client a download is streamed to: `gone` aborts when it went away (no more pages are read).
 * Optional: a download without it reads on until it ends.
 */
export type DownloadClient = { gone?: AbortSignal }
