import { Transform, type TransformCallback } from 'node:stream'

const END = Buffer.from('</body></html>')

/**
 * The document as the browser receives it, from the bytes React streams:
 *
 * - Remix renders its hydration data scripts as a sibling of the document, so React writes them after
 *   `</html>` (invalid HTML: the Nu checker reports it). The document's closing `</body></html>` is
 *   held back and sent at the very end, so those scripts land inside <body>.
 * - NUL bytes are dropped: React 18.3's renderToPipeableStream copies its whole 2 KiB buffer when a
 *   multi-byte character (—, é) does not fit at the end, so the unused bytes go out as U+0000
 *   (react/react #24985; the character itself follows intact in the next buffer). A NUL is never
 *   legitimate in the document (forms already refuse control characters), the Nu checker rejects it,
 *   and a 0x00 byte is never part of a multi-byte UTF-8 character.
 *
 * Everything before the closing tags streams on as it comes; only the last few bytes that could be
 * the start of `</body></html>` wait for the next chunk.
 */
export function documentInOrder(): Transform {
  let pending: Buffer = Buffer.alloc(0)
  let moved = false
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      let bytes = chunk.includes(0) ? Buffer.from(chunk.filter((b) => b !== 0)) : chunk
      if (moved) return callback(null, bytes)
      bytes = pending.length ? Buffer.concat([pending, bytes]) : bytes
      const at = bytes.indexOf(END)
      if (at >= 0) {
        moved = true
        pending = Buffer.alloc(0)
        return callback(null, Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + END.length)]))
      }
      const keep = Math.min(END.length - 1, bytes.length)
      pending = Buffer.from(bytes.subarray(bytes.length - keep))
      callback(null, bytes.subarray(0, bytes.length - keep))
    },
    flush(callback: TransformCallback) {
      callback(null, moved ? END : pending)
    },
  })
}
