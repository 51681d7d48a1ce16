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

/** A document that can be written out as text or as gzip without being joined first (a kept one). */
export type DocumentBody = { length: number; html: () => string; gzip: () => Buffer }

/**
 * The document's body as sent: gzip in one pass when the browser takes it (the server's compression
 * middleware then leaves it alone), plain otherwise. One synchronous pass over the whole document
 * costs about a quarter of what the streaming middleware spent on the same bytes. A kept document
 * (document-cache.server.ts) brings its own gzip, made from parts compressed once.
 */
export function encodeDocument(request: Request, document: string | DocumentBody, headers: Headers): BodyInit {
  headers.append('Vary', 'Accept-Encoding')
  const html = () => (typeof document === 'string' ? document : document.html())
  if (document.length < 1024 || !acceptsGzip(request.headers.get('accept-encoding'))) return html()
  headers.set('Content-Encoding', 'gzip')
  // A Buffer of its own (not pooled): its ArrayBuffer holds exactly these bytes.
  return (typeof document === 'string' ? gzipSync(document, { level: LEVEL }) : document.gzip()) as Uint8Array<ArrayBuffer>
}

const LEVEL = 6
// ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])

/**
 * A text in parts compressed once each: raw deflate ending in a full flush, so each part ends
 * byte-aligned and nothing after it refers back into it. Parts made this way can be joined in any
 * order, with other blocks between them, into one valid deflate stream.
 */
export type Precompressed = { deflated: readonly Buffer[]; lengths: readonly number[]; crcs: readonly number[]; shifts: readonly number[] }

export function precompress(parts: readonly string[]): Precompressed {
  const lengths = parts.map((part) => Buffer.byteLength(part, 'utf8'))
  return {
    deflated: parts.map((part) => deflateRawSync(part, { level: LEVEL, finishFlush: constants.Z_FULL_FLUSH })),
    lengths,
    crcs: parts.map((part) => crc32(part)),
    shifts: lengths.map(crc32Shift),
  }
}

/** A stored (uncompressed) non-final deflate block per 65,535 bytes of `bytes`; written at a byte boundary. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = []
  for (let at = 0; at < bytes.length; at += 0xffff) {
    const chunk = bytes.subarray(at, at + 0xffff)
    const header = Buffer.from([0, chunk.length & 0xff, chunk.length >> 8, ~chunk.length & 0xff, (~chunk.length >> 8) & 0xff])
    blocks.push(header, chunk)
  }
  return blocks
}

// An empty final stored block: BFINAL=1, BTYPE=00, LEN=0, NLEN=0xffff.
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff])

/**
 * One gzip member of the precompressed parts joined by `between` (a kept document and this
 * response's nonce): the parts as compressed once, `between` as stored blocks (a nonce is a few
 * dozen random bytes, nothing to gain by compressing it), an empty final block, then the CRC-32 and
 * length of the whole text. No compression per response, only the checksum.
 */
export function gzipJoined(text: Precompressed, between: string): Buffer {
  const joint = Buffer.from(between, 'utf8')
  const jointBlocks = storedBlocks(joint)
  const jointCrc = crc32(joint)
  const jointShift = crc32Shift(joint.length)
  const out: Buffer[] = [GZIP_HEADER]
  let crc = 0
  let length = 0
  text.deflated.forEach((deflated, i) => {
    if (i > 0) {
      out.push(...jointBlocks)
      crc = crc32Combine(crc, jointCrc, jointShift)
      length += joint.length
    }
    out.push(deflated)
    crc = i === 0 ? text.crcs[0]! : crc32Combine(crc, text.crcs[i]!, text.shifts[i]!)
    length += text.lengths[i]!
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(length >>> 0, 4)
  out.push(FINAL_BLOCK, trailer)
  return Buffer.concat(out)
}

// CRC-32 of joined texts from the parts' own CRCs (zlib's crc32_combine, in polynomial arithmetic
// modulo the CRC's polynomial), so a kept document's checksum costs a few multiplications per
// response instead of a pass over its bytes.
const POLY = 0xedb88320

/** a·b modulo the CRC polynomial (bit-reflected, as zlib's multmodp). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000
  let p = 0
  for (;;) {
    if (a & m) {
      p ^= b
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1
  }
  return p >>> 0
}

// X2N[k] = x^(2^k) modulo the polynomial.
const X2N: number[] = [0x40000000]
for (let k = 1; k < 32; k++) X2N.push(multiplyModP(X2N[k - 1]!, X2N[k - 1]!))

/** The operator that moves a CRC past `length` more bytes: x^(8·length) modulo the polynomial. */
export function crc32Shift(length: number): number {
  let p = 0x80000000
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multiplyModP(X2N[k & 31]!, p)
  return p
}

/** crc32(A ‖ B) from crc32(A), crc32(B) and crc32Shift(B's length in bytes). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0
}
