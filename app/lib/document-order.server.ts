import { Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

const END = '</body></html>'

/**
 * Remix renders its hydration data scripts as a sibling of the document, so React writes them after
 * `</html>` (invalid HTML: the Nu checker reports it). This stream moves the document's closing
 * `</body></html>` to the very end, so those scripts land inside <body>. Streaming is kept: only the
 * last few characters of each chunk wait for the next one.
 *
 * It also drops NUL characters: React 18.3's renderToPipeableStream copies its whole 2 KiB buffer
 * when a multi-byte character (—, é) does not fit at the end, so the unused bytes go out as U+0000
 * (react/react #24985; the character itself follows intact in the next buffer). A NUL is never
 * legitimate in the document (forms already refuse control characters), and the Nu checker rejects it.
 */
export function closeDocumentLast(): Transform {
  const decoder = new StringDecoder('utf8')
  let pending = ''
  let seen = false
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let text = pending + withoutNul(decoder.write(chunk))
      pending = ''
      if (!seen) {
        const i = text.indexOf(END)
        if (i >= 0) {
          seen = true
          text = text.slice(0, i) + text.slice(i + END.length)
        } else {
          const cut = Math.max(0, text.length - (END.length - 1))
          pending = text.slice(cut)
          text = text.slice(0, cut)
        }
      }
      callback(null, text)
    },
    flush(callback) {
      callback(null, pending + withoutNul(decoder.end()) + (seen ? END : ''))
    },
  })
}

const withoutNul = (text: string) => (text.includes('\u0000') ? text.replace(/\u0000/g, '') : text)
