import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib'

/** Does the browser take gzip? (Accept-Encoding: gzip or *, without q=0.) */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false
  let star = false
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const allowed = q === undefined || Number(q.slice(2)) > 0
    if (name.trim() === 'gzip') return allowed
    if (name.trim() === '*') star = allowed
  }
  return star
}

/**
 * The document's body as sent: gzip in one pass when the browser takes it (the server's compression
 * middleware then leaves it alone), plain otherwise. One synchronous pass over the whole document
 * costs about a quarter of what the streaming middleware spent on the same bytes. `gzip` makes the
 * gzip'd body another way (a kept document: most of it compressed once, see document-cache.server.ts).
 */
export function encodeDocument(request: Request, html: string, headers: Headers, gzip?: () => Buffer): BodyInit {
  headers.append('Vary', 'Accept-Encoding')
  if (html.length < 1024 || !acceptsGzip(request.headers.get('accept-encoding'))) return html
  headers.set('Content-Encoding', 'gzip')
  // A Buffer of its own (not pooled): its ArrayBuffer holds exactly these bytes.
  return (gzip ? gzip() : gzipSync(html, { level: LEVEL })) as Uint8Array<ArrayBuffer>
}

const LEVEL = 6
// ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])

/** The start of a document compressed once: raw deflate ending in a full flush (nothing refers back into it). */
export type Precompressed = { deflated: Buffer; crc: number; length: number }

export function precompress(head: string): Precompressed {
  const bytes = Buffer.from(head, 'utf8')
  return { deflated: deflateRawSync(bytes, { level: LEVEL, finishFlush: constants.Z_FULL_FLUSH }), crc: crc32(bytes), length: bytes.length }
}

/**
 * One gzip member of `head` + `rest`: the precompressed head, then `rest` compressed now as a deflate
 * stream of its own (valid after a full flush, which ends byte-aligned with an empty dictionary), then
 * the CRC-32 and length of the whole. Any gzip reader reads it as if it had been compressed in one go.
 */
export function gzipAfter(head: Precompressed, rest: string): Buffer {
  const bytes = Buffer.from(rest, 'utf8')
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc32(bytes, head.crc) >>> 0, 0)
  trailer.writeUInt32LE((head.length + bytes.length) >>> 0, 4)
  // A 16 KiB window is plenty for the few kilobytes of scripts after the first nonce, and a third cheaper to set up.
  return Buffer.concat([GZIP_HEADER, head.deflated, deflateRawSync(bytes, { level: LEVEL, windowBits: 14, memLevel: 7 }), trailer])
}
