const END = '</body></html>'

/**
 * The document as the browser receives it, from the bytes React wrote:
 *
 * - Remix renders its hydration data scripts as a sibling of the document, so React writes them after
 *   `</html>` (invalid HTML: the Nu checker reports it). The document's closing `</body></html>` is
 *   moved to the very end, so those scripts land inside <body>.
 * - NUL characters are dropped: React 18.3's renderToPipeableStream copies its whole 2 KiB buffer
 *   when a multi-byte character (—, é) does not fit at the end, so the unused bytes go out as U+0000
 *   (react/react #24985; the character itself follows intact in the next buffer). A NUL is never
 *   legitimate in the document (forms already refuse control characters), and the Nu checker rejects it.
 *
 * The chunks are joined before decoding, so a character split between two chunks stays whole.
 */
export function documentInOrder(chunks: readonly Buffer[]): string {
  let text = Buffer.concat(chunks).toString('utf8')
  if (text.includes('\u0000')) text = text.replace(/\u0000/g, '')
  const i = text.indexOf(END)
  return i < 0 ? text : text.slice(0, i) + text.slice(i + END.length) + END
}
