import { randomUUID } from 'node:crypto'
import { redirect } from '@remix-run/node'
import { csvFileName } from '~/lib/csv'
import type { DownloadClient, DownloadTable } from '~/lib/download-table'
import { redirectWithToast } from '~/session.server'
import { csvPagesResponse, csvResponse } from './csv.server'
import { xlsxPagesResponse, xlsxResponse, type DownloadHead } from './xlsx.server'

/**
 * A list's download route answers both formats: …/csv is the CSV, …/csv?format=xlsx the Excel
 * workbook of the same rows (the same route, so the same grant and the same filter parameters).
 */
export type DownloadFormat = 'csv' | 'xlsx'

export const downloadFormatOf = (url: URL): DownloadFormat => (url.searchParams.get('format') === 'xlsx' ? 'xlsx' : 'csv')

/** The list's search of a download's URL (without its format): where a download goes back to. */
export function listSearchOf(url: URL): string {
  const params = new URLSearchParams(url.search)
  params.delete('format')
  const s = params.toString()
  return s ? `?${s}` : ''
}

/** The file's name: the list's name and the period, .csv or .xlsx. */
export const downloadFileName = (format: DownloadFormat, base: string, from?: string, to?: string) =>
  format === 'xlsx' ? csvFileName(base, from, to).replace(/\.csv$/, '.xlsx') : csvFileName(base, from, to)

/**
 * The download of a list in the asked format, from its declared table: the rows in memory (an array)
 * or a page at a time (an iterator), streamed either way. The CSV is the table's header and lines;
 * the workbook has `head` above the table. An aborted `signal` (the request's) ends the reading.
 */
export function downloadResponse<T>(
  format: DownloadFormat,
  fileName: string,
  head: DownloadHead,
  table: DownloadTable<T>,
  rows: readonly T[] | AsyncIterator<readonly T[]>,
  client?: DownloadClient,
) {
  const pages = rows as AsyncIterator<readonly T[]>
  if (format === 'xlsx')
    return Array.isArray(rows) ? xlsxResponse(fileName, head, table, rows, client) : xlsxPagesResponse(fileName, head, table, pages, client)
  return Array.isArray(rows)
    ? csvResponse(fileName, table.header, rows, table.lines, client)
    : csvPagesResponse(fileName, table.header, pages, table.lines, client)
}

/**
 * The client a download streams to: from the production server's load context (`client`,
 * server/client-gone.ts: whether it went away), else (the dev server) only
 * the request's own signal.
 */
export function downloadClient(request: Request, context: unknown): DownloadClient {
  const make = context && typeof context === 'object' && 'client' in context ? context.client : undefined
  return typeof make === 'function' ? (make() as DownloadClient) : { gone: request.signal }
}

/**
 * A list's download route (…/csv of `listPath`): its format, the list it goes back to (with the list's
 * parameters), and its answers: back to the list (a filter that is not valid: the list says why), back
 * with the reason (a failing upstream), the file's name, and the file streamed at the client's pace.
 */
export function listDownload(request: Request, context: unknown, listPath: string) {
  const url = new URL(request.url)
  const format = downloadFormatOf(url)
  const listUrl = listPath + listSearchOf(url)
  return {
    format,
    backToList: () => redirect(listUrl),
    failed: (loadError: string) => downloadFailed(request, listUrl, loadError, format),
    fileName: (base: string, from?: string, to?: string) => downloadFileName(format, base, from, to),
    respond: <T>(fileName: string, head: DownloadHead, table: DownloadTable<T>, rows: readonly T[] | AsyncIterator<readonly T[]>) =>
      downloadResponse(format, fileName, head, table, rows, downloadClient(request, context)),
  }
}

/** Back to the list with the reason its download could not be made (a red message that stays until closed). */
const downloadFailed = (request: Request, listUrl: string, loadError: string, format: DownloadFormat = 'csv') =>
  redirectWithToast(request, listUrl, {
    kind: 'error',
    title: 'Error!',
    message: `${format === 'xlsx' ? 'File Excel' : 'CSV'} tidak dapat dibuat. ${loadError}`,
    ms: 0,
    id: randomUUID(),
  })
