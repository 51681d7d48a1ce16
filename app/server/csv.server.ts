import { attachmentHeaders } from './attachment.server'
import { CSV_BOM, csvLine, type CsvValue } from '~/lib/csv'
import type { DownloadClient } from '~/lib/download-table'

/** Lines are encoded and handed to the socket in chunks of this many rows. */
const CHUNK_ROWS = 500

/**
 * A CSV download streamed from rows already in memory (the upstream's parsed list): the text is
 * made a chunk at a time as the client reads, so a year of purchases is never held twice.
 */
export function csvResponse<T>(
  fileName: string,
  header: readonly string[],
  rows: readonly T[],
  toLines: (row: T, index: number) => CsvValue[][],
  client?: DownloadClient,
) {
  async function* chunks() {
    for (let i = 0; i < rows.length; i += CHUNK_ROWS) yield rows.slice(i, i + CHUNK_ROWS)
  }
  return csvPagesResponse(fileName, header, chunks(), toLines, client)
}

/**
 * A CSV download streamed from pages of rows read as the client reads (a paging upstream's pages,
 * ROWS_PER_CALL rows a call): never the whole list in memory. Numbering runs on across pages. A page
 * that fails midway ends the download with an error (the browser shows it failed), as a dropped
 * connection would. The next page is read when the stream is pulled, that is as fast as the client
 * takes the file (the server writes with backpressure); a client that went away (`client.gone`) ends
 * the reading.
 */
export function csvPagesResponse<T>(
  fileName: string,
  header: readonly string[],
  pages: AsyncIterator<readonly T[]>,
  toLines: (row: T, index: number) => CsvValue[][],
  client: DownloadClient = {},
) {
  const encoder = new TextEncoder()
  let i = 0
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(header)))
    },
    async pull(controller) {
      // Once the client went away, no more pages.
      if (client.gone?.aborted) {
        await pages.return?.(undefined)
        controller.close()
        return
      }
      const next = await pages.next()
      if (next.done) {
        controller.close()
        return
      }
      let chunk = ''
      for (const row of next.value) for (const line of toLines(row, i++)) chunk += csvLine(line)
      controller.enqueue(encoder.encode(chunk))
    },
    async cancel() {
      await pages.return?.(undefined)
    },
  })
  return new Response(stream, { status: 200, headers: csvHeaders(fileName) })
}

const csvHeaders = (fileName: string) => attachmentHeaders(fileName, 'text/csv; charset=utf-8')
