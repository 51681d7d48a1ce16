import { CSV_BOM, csvLine, type CsvValue } from './csv'

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
) {
  const encoder = new TextEncoder()
  let i = 0
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(header)))
    },
    pull(controller) {
      if (i >= rows.length) {
        controller.close()
        return
      }
      let chunk = ''
      const end = Math.min(rows.length, i + CHUNK_ROWS)
      for (; i < end; i++) for (const line of toLines(rows[i]!, i)) chunk += csvLine(line)
      controller.enqueue(encoder.encode(chunk))
    },
  })
  return new Response(stream, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
