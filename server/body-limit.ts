/**
 * Bounded request bodies: a body over the limit is refused before Remix reads any of it, so no
 * request can fill the app's memory (the login action and the session guard, which keeps a draft of a
 * POST sent without a session, both read the whole body).
 *
 * - Limits: BODY_LIMIT_FORM_MB (default 1) for every body that is not multipart (the forms without
 *   files, and anything else); BODY_LIMIT_UPLOAD_MB (default 5) for multipart/form-data: the forms
 *   with photos carry at most two of MAX_IMAGE_BYTES (2 MB, app/lib/images.ts) plus their text.
 * - A declared Content-Length over the limit is answered at once, without reading the body (and a
 *   client that sent `Expect: 100-continue` is never asked for it: server/index.ts, checkContinue).
 * - A body without a length (Transfer-Encoding: chunked) reaches Remix through a counting Transform:
 *   past the limit the Transform fails (so the action sees an unreadable body, never a truncated form
 *   it could save), nothing more is passed on, and the request is answered.
 * - The answer: 413 with a short Indonesian page. Then the connection lingers for at most 2 s,
 *   reading and dropping what still comes (no memory kept), so the client gets to read the answer
 *   before the socket closes: a close with unread data resets the connection, and a client still
 *   sending loses the answer (nginx's lingering_close does the same). A body that ends within that
 *   time keeps its keep-alive connection; the rest are closed.
 *
 * Remix reads the body from `bodyOf(req)` (server/remix-handler.ts): the counting stream of a chunked
 * body, else the request itself, whose length Node's parser holds to its Content-Length.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { Transform, type Readable } from 'node:stream'

export type BodyLimits = { form: number; upload: number; lingerMs: number }

export const MB = 1024 * 1024
/** MAX_IMAGE_BYTES of app/lib/images.ts (tests/unit/body-limit.test.ts keeps them equal). */
export const PHOTO_BYTES = 2 * MB
/** The most photo fields one form has (Kendaraan, Karyawan: two). */
export const PHOTOS_PER_FORM = 2
/** How long a refused connection goes on being read (and dropped) before it is closed. */
const LINGER_MS = 2000

function megabytes(value: string | undefined, fallback: number): number {
  const n = Number(value)
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? Math.floor(n * MB) : fallback
}

/** The limits in bytes, from the environment. */
export function bodyLimits(env: Record<string, string | undefined> = process.env): BodyLimits {
  const form = megabytes(env.BODY_LIMIT_FORM_MB, 1 * MB)
  const upload = megabytes(env.BODY_LIMIT_UPLOAD_MB, PHOTOS_PER_FORM * PHOTO_BYTES + 1 * MB)
  return { form, upload, lingerMs: LINGER_MS }
}

/** The limit for a body of this Content-Type: multipart/form-data the upload limit, anything else the form limit. */
export function limitFor(contentType: string | undefined, limits: Pick<BodyLimits, 'form' | 'upload'>): number {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase()
  return type === 'multipart/form-data' ? limits.upload : limits.form
}

/** Does the request declare (Content-Length) a body over its limit? */
export function declaredTooLarge(headers: IncomingHttpHeaders, limits: Pick<BodyLimits, 'form' | 'upload'>): boolean {
  const declared = headers['content-length']
  return (
    headers['transfer-encoding'] === undefined && declared !== undefined && Number(declared) > limitFor(headers['content-type'], limits)
  )
}

const mbText = (bytes: number) => `${Number((bytes / MB).toFixed(1)).toLocaleString('id-ID')} MB`

/** The 413 page (the style of the server's other pages). */
export function tooLargePage(limit: number): string {
  return `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Kiriman terlalu besar — Armada</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:3rem 1rem}
main{max-width:32rem;margin:auto;background:#fff;border:1px solid #fecaca;border-radius:.5rem;padding:1.5rem}
h1{color:#b91c1c;font-size:1.25rem;margin:0 0 .5rem}a{color:#1d4ed8;font-weight:600}</style></head>
<body><main><h1>Kiriman terlalu besar</h1>
<p>Isi formulir yang dikirim melebihi batas ${mbText(limit)}, sehingga tidak diproses. Tidak ada data yang diubah.</p>
<p>Jika formulir berisi foto, pilih foto yang lebih kecil (maksimal 2 MB per foto), lalu kirim kembali.</p>
<p><a href="/admin/dashboard">Ke Dashboard</a></p></main></body></html>`
}

/** The counting stream of each chunked request. */
const bodies = new WeakMap<IncomingMessage, Transform>()
/** The responses the middleware answered (413). */
const refusals = new WeakSet<ServerResponse>()

/** The stream Remix reads the request's body from: for a chunked body the counting stream, else the request. */
export const bodyOf = (req: IncomingMessage): Readable => bodies.get(req) ?? req

/** Has the middleware answered this response (413)? Then whatever else wants to answer is dropped. */
export const wasRefused = (res: ServerResponse): boolean => refusals.has(res)

/** The middleware (Node's request and response; `next` continues). Remix reads the body from `bodyOf(req)`. */
export function limitBodies(limits: BodyLimits): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const chunked = req.headers['transfer-encoding'] !== undefined
    if (!chunked && req.headers['content-length'] === undefined) return next()
    const limit = limitFor(req.headers['content-type'], limits)
    if (!chunked) return declaredTooLarge(req.headers, limits) ? refuse(req, res, limit, limits.lingerMs) : next()
    let seen = 0
    let refused = false
    const body = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length
        if (seen <= limit) return callback(null, chunk)
        refused = true
        req.unpipe(body)
        callback(Object.assign(new Error('request body too large'), { status: 413 }))
        refuse(req, res, limit, limits.lingerMs)
      },
    })
    req.pipe(body)
    // A client that goes away mid-body: Remix sees a failed body, never a clean (truncated) end.
    const aborted = () => {
      if (!req.complete && !body.destroyed) body.destroy(new Error('request body aborted'))
    }
    req.once('aborted', aborted)
    req.once('error', aborted)
    req.once('close', aborted)
    // Answered without reading the whole body (a route without an action, the cross-site check): the
    // rest is discarded within the limit, as Node does itself for a body nobody read.
    res.once('finish', () => {
      if (refused || req.complete) return
      req.unpipe(body)
      body.destroy()
      discard(req, limit, limits.lingerMs, seen)
    })
    bodies.set(req, body)
    next()
  }
}

/** Answers 413 and drops what is left of the body. */
function refuse(req: IncomingMessage, res: ServerResponse, limit: number, lingerMs: number) {
  discard(req, Infinity, lingerMs, 0)
  if (res.headersSent) return
  refusals.add(res)
  const page = tooLargePage(limit)
  res.writeHead(413, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(page),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  })
  res.end(page)
}

/**
 * Reads and drops what is left of the body: the connection is closed once more than `limit` bytes
 * came in all told (`seen` of them already), or after `lingerMs`; a body that ends within both keeps
 * its keep-alive connection.
 */
function discard(req: IncomingMessage, limit: number, lingerMs: number, seen: number) {
  let total = seen
  const socket = req.socket
  const close = () => {
    if (!req.complete) socket?.destroy()
  }
  const timer = setTimeout(close, lingerMs)
  timer.unref()
  req.on('data', (chunk: Buffer) => {
    total += chunk.length
    if (total > limit) close()
  })
  req.once('end', () => clearTimeout(timer))
  req.once('close', () => clearTimeout(timer))
  req.resume()
}
