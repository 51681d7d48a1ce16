/**
 * CSV that Excel in an Indonesian locale opens correctly: UTF-8 with a byte order mark,
 * `;` between fields (id-ID Excel's list separator), CRLF line ends, dates as DD/MM/YYYY and whole
 * numbers without grouping. Pure: the streaming response is in csv.server.ts.
 */

export const CSV_BOM = '\uFEFF'
export const CSV_SEPARATOR = ';'

export type CsvValue = string | number | null | undefined

/**
 * One field: numbers as plain digits; text quoted when it holds the separator, a quote, a line break
 * or edge spaces, quotes doubled. Text that Excel would run as a formula (=, +, -, @, tab, CR first)
 * gets a leading apostrophe, so a supplier named "=HYPERLINK(…)" stays text.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return ''
    // id-ID Excel reads a comma as the decimal mark.
    return Number.isInteger(value) ? String(value) : value.toFixed(2).replace('.', ',')
  }
  let text = value.replace(/\r\n?/g, '\n')
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[;"\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One line of fields, CRLF-terminated. */
export const csvLine = (values: readonly CsvValue[]) => `${values.map(csvField).join(CSV_SEPARATOR)}\r\n`

/** "2026-11-22" (or with a time) → "22/11/2026", which id-ID Excel reads as a date; anything else → "". */
export function csvDate(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null
  return m ? `${m[3]}/${m[2]}/${m[1]}` : ''
}

/** A file name for Content-Disposition: the screen's name and the period, ASCII only. */
export function csvFileName(base: string, from?: string, to?: string): string {
  const period = from && to ? `_${from}_${to}` : ''
  return `${base}${period}.csv`.replace(/[^A-Za-z0-9._-]/g, '_')
}
