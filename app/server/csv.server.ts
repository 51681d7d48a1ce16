import { CSV_BOM, csvLine, type CsvValue } from '~/lib/csv'

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
  signal?: AbortSignal,
) {
  async function* chunks() {
    for (let i = 0; i < rows.length; i += CHUNK_ROWS) yield rows.slice(i, i + CHUNK_ROWS)
  }
  return csvPagesResponse(fileName, header, chunks(), toLines, signal)
}

/**
 * A CSV download streamed from pages of rows read as the client reads (a paging upstream's pages,
 * ROWS_PER_CALL rows a call): never the whole list in memory. Numbering runs on across pages. A page
 * that fails midway ends the download with an error (the browser shows it failed), as a dropped
 * connection would. An aborted `signal` (the request's: the client went away) ends the reading.
 */
export function csvPagesResponse<T>(
  fileName: string,
  header: readonly string[],
  pages: AsyncIterator<readonly T[]>,
  toLines: (row: T, index: number) => CsvValue[][],
  signal?: AbortSignal,
) {
  const encoder = new TextEncoder()
  let i = 0
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(header)))
    },
    async pull(controller) {
      // The request's signal aborted (the client went away; Remix's node adapter reads a body to its end): no more pages.
      if (signal?.aborted) {
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

const csvHeaders = (fileName: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${fileName}"`,
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
})
