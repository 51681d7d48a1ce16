import { PassThrough, Readable, type Stream } from 'node:stream'
import type * as ExcelJS from 'exceljs'
import { attachmentHeaders } from './attachment.server'
import { loadExcelJS } from './lazy-modules.server'
import {
  excelDate,
  excelFormat,
  excelNumber,
  excelWidth,
  type DownloadClient,
  type DownloadTable,
  type DownloadValue,
  type ColumnType,
} from '~/lib/download-table'

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * What the workbook says above its table: the list's title and its filter ("Periode: …", "Pencarian: …").
 * A workbook to be filled in and uploaded again (an import's refused rows) has none: `sheet` names its
 * sheet and the header is row 1, as the import's template has it.
 */
export type DownloadHead = { title: string; filters: readonly string[] } | { sheet: string }

/**
 * Uncompressed sheet bytes allowed to wait for the zip before the next page is read: rows are written
 * no faster than the zip compresses them, so the sheet's XML (about nine times the file) never piles
 * up in memory. What the zip has compressed goes on to the response as the CSV's chunks do.
 */
const BACKLOG_BYTES = 1024 * 1024

/**
 * An Excel download streamed from pages of rows read as the client reads (as csvPagesResponse):
 * exceljs's streaming writer commits each row into the zip piped into the response, so the rows are
 * never a workbook in memory. Above the table: the title (bold), the filter lines, a blank row; then
 * the header row (bold, frozen below it) and the rows, each value a cell of its column's type
 * (numbers, rupiah with "Rp" #,##0, dates as date cells dd/mm/yyyy). A page that fails midway ends
 * the download with an error, as a dropped connection would. The next page is read once the zip has
 * taken the last one's XML, and the zip goes as fast as the client takes the file (the server writes
 * with backpressure); a client that went away (`client.gone`) ends the reading.
 */
export function xlsxPagesResponse<T>(
  fileName: string,
  head: DownloadHead,
  table: DownloadTable<T>,
  pages: AsyncIterator<readonly T[]>,
  client: DownloadClient = {},
) {
  const out = new PassThrough()
  let closed = false
  out.on('close', () => {
    closed = true
  })
  // The client went away: no more pages are read.
  client.gone?.addEventListener('abort', () => out.destroy(), { once: true })
  writeWorkbook(out, head, table, pages, () => closed).catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)))
  })
  const body = Readable.toWeb(out) as ReadableStream<Uint8Array>
  return new Response(body, { status: 200, headers: xlsxHeaders(fileName) })
}

/** An Excel download of rows already in memory, a chunk of them at a time. */
export function xlsxResponse<T>(
  fileName: string,
  head: DownloadHead,
  table: DownloadTable<T>,
  rows: readonly T[],
  client?: DownloadClient,
) {
  async function* chunks() {
    for (let i = 0; i < rows.length; i += 500) yield rows.slice(i, i + 500)
  }
  return xlsxPagesResponse(fileName, head, table, chunks(), client)
}

/** Writes the workbook into `out`: the head, the header row, then every page's rows as the client takes them. */
export async function writeWorkbook<T>(
  out: Stream,
  head: DownloadHead,
  table: DownloadTable<T>,
  pages: AsyncIterator<readonly T[]>,
  stopped: () => boolean = () => false,
) {
  const titled = 'title' in head ? head : null
  const headerRow = titled ? titled.filters.length + 3 : 1
  const Excel = await loadExcelJS()
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet(sheetName(titled ? titled.title : (head as { sheet: string }).sheet), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: headerRow }],
  })
  // Each column's number format is its cells' (the head's text cells are unaffected by it).
  sheet.columns = table.columns.map((c) => {
    const numFmt = excelFormat(c)
    return { width: excelWidth(c), ...(numFmt ? { style: { numFmt } } : {}) }
  })
  if (titled) {
    const title = sheet.addRow([titled.title])
    title.font = { bold: true, size: 14 }
    title.commit()
    for (const line of titled.filters) sheet.addRow([line]).commit()
    sheet.addRow([]).commit()
  }
  const header = sheet.addRow(table.header)
  header.font = { bold: true }
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE2E8F0' } }
    cell.border = { bottom: { style: 'thin' } }
  })
  header.commit()
  const types = table.columns.map((c) => c.type)
  let index = 0
  try {
    for (;;) {
      if (stopped()) return
      const next = await pages.next()
      if (next.done) break
      for (const row of next.value)
        for (const line of table.values(row, index++)) sheet.addRow(line.map((v, i) => cellOf(types[i] ?? 'text', v))).commit()
      await drained(sheet, stopped)
    }
  } finally {
    if (stopped()) await pages.return?.(undefined)
  }
  sheet.commit()
  await workbook.commit()
}

/** A value as the cell of its column's type: a number, a date, or text (missing: an empty cell). */
function cellOf(type: ColumnType, v: DownloadValue): string | number | Date | null {
  if (type === 'cell') return typeof v === 'number' ? excelNumber(v) : v === null || v === undefined || v === '' ? null : v
  if (type === 'date') return excelDate(v)
  if (type === 'number' || type === 'rupiah' || type === 'decimal') return excelNumber(v)
  return v === null || v === undefined ? null : String(v)
}

/** A sheet's name: the title without the characters Excel refuses, at most 31 characters. */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Data'

/**
 * A stream's buffered bytes. archiver's streams come from the readable-stream package, whose older
 * streams have no writableLength / readableLength: their states' lengths are read instead.
 */
type Pending = {
  writableLength?: number
  readableLength?: number
  _writableState?: { length?: number }
  _readableState?: { length?: number }
}
export const buffered = (p: Pending) =>
  (p.writableLength ?? p._writableState?.length ?? 0) + (p.readableLength ?? p._readableState?.length ?? 0)

/**
 * Waits while the sheet's committed rows still wait for the zip (the zip reads them only as the
 * response is read). exceljs's sheet stream hands its bytes to the zip's entry stream and ignores its
 * backpressure, so how much waits is read from that entry stream.
 */
async function drained(sheet: ExcelJS.Worksheet, stopped: () => boolean) {
  const stream = (sheet as unknown as { stream?: { pipes?: Pending[] } }).stream
  const backlog = () => (stream?.pipes ?? []).reduce((n, p) => n + buffered(p), 0)
  while (!stopped() && backlog() > BACKLOG_BYTES) await new Promise((resolve) => setTimeout(resolve, 5))
}

const xlsxHeaders = (fileName: string) => attachmentHeaders(fileName, XLSX_TYPE)
