import { Transform, type TransformCallback } from 'node:stream'

const END = Buffer.from('</body></html>')

/** A stream React renders into, with the `flush()` React calls after each batch of writes. */
export type DocumentStream = Transform & { flush(): void }

/**
 * The document as the browser receives it, from the bytes React streams:
 *
 * - Remix renders its hydration data scripts as a sibling of the document, so React writes them after
 *   `</html>` (invalid HTML: the Nu checker reports it). The document's closing `</body></html>` is
 *   held back and sent at the very end, so those scripts land inside <body>.
 * - NUL bytes are dropped: React 18.3's renderToPipeableStream copies its whole 2 KiB buffer when a
 *   multi-byte character (—, é) does not fit at the end, so the unused bytes go out as U+0000
 *   (facebook/react #24985; the character itself follows intact in the next buffer). A NUL is never
 *   legitimate in the document (forms already refuse control characters), the Nu checker rejects it,
 *   and a 0x00 byte is never part of a multi-byte UTF-8 character.
 * - React writes in pieces of 2 KiB or less and calls `flush()` on its destination when a batch of
 *   work is written (its hook for compression). The pieces of a batch go on as one chunk: Remix
 *   flushes the response after every chunk, and the compression middleware then compresses and
 *   sends each chunk on its own (fifty small gzip flushes and socket writes for a list page).
 */
export function documentInOrder(): DocumentStream {
  let held: Buffer[] = []
  let heldBytes = 0
  let tail: Buffer = Buffer.alloc(0) // the last bytes, which could be the start of </body></html>
  let moved = false
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      let bytes = chunk.includes(0) ? Buffer.from(chunk.filter((b) => b !== 0)) : chunk
      if (!moved) {
        bytes = tail.length ? Buffer.concat([tail, bytes]) : bytes
        const at = bytes.indexOf(END)
        if (at >= 0) {
          moved = true
          tail = Buffer.alloc(0)
          bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + END.length)])
        } else {
          const keep = Math.min(END.length - 1, bytes.length)
          tail = Buffer.from(bytes.subarray(bytes.length - keep))
          bytes = bytes.subarray(0, bytes.length - keep)
        }
      }
      if (bytes.length) {
        held.push(bytes)
        heldBytes += bytes.length
      }
      if (heldBytes >= 64 * 1024) release()
      callback()
    },
    flush(callback: TransformCallback) {
      if (moved) held.push(END)
      else held.push(tail)
      release()
      callback()
    },
  }) as DocumentStream
  function release() {
    if (held.length === 0) return
    stream.push(held.length === 1 ? held[0] : Buffer.concat(held))
    held = []
    heldBytes = 0
  }
  stream.flush = release
  return stream
}
