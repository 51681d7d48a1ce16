import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { MAX_UPLOAD_BYTES } from './uploads.ts'

/**
 * Bounded request bodies: refused with 413 {message} before a handler reads them, by the
 * Content-Length, or — for a chunked body — as soon as the bytes streamed pass the limit (Hono's
 * body-limit; what it has read stays below the limit). JSON and urlencoded bodies: 1 MB. Multipart
 * (the forms with photos): two photos of MAX_UPLOAD_BYTES (the most a form has: karyawan, kendaraan)
 * plus 1 MB for the other fields and the multipart framing.
 */
export const MB = 1024 * 1024
export const BODY_LIMIT_BYTES = 1 * MB
export const MULTIPART_LIMIT_BYTES = 2 * MAX_UPLOAD_BYTES + 1 * MB

const tooLarge = (limit: number) => `Data yang dikirim terlalu besar (maksimal ${limit / MB} MB).`

const small = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: (c) => c.json({ message: tooLarge(BODY_LIMIT_BYTES) }, 413) })
const multipart = bodyLimit({
  maxSize: MULTIPART_LIMIT_BYTES,
  onError: (c) => c.json({ message: tooLarge(MULTIPART_LIMIT_BYTES) }, 413),
})

/**
 * A spreadsheet's rows as JSON (api/routes/impor.ts: up to 10,000 rows). Measured: 10,000 realistic
 * rows of the widest template (Karyawan, 14 columns, an 80-character address) are 4.8 MB as the app
 * sends them, Supplier 4.2 MB, Kendaraan 2.5 MB, Stok Ban 2.0 MB; 8 MB fits them with room and
 * refuses what no template of 10,000 rows needs.
 */
export const IMPOR_LIMIT_BYTES = 8 * MB
const impor = bodyLimit({ maxSize: IMPOR_LIMIT_BYTES, onError: (c) => c.json({ message: tooLarge(IMPOR_LIMIT_BYTES) }, 413) })

export const boundedBodies: MiddlewareHandler = (c, next) => {
  if (/multipart\/form-data/i.test(c.req.header('content-type') ?? '')) return multipart(c, next)
  return c.req.method === 'POST' && /^\/api\/impor\/[a-z-]+$/.test(c.req.path) ? impor(c, next) : small(c, next)
}
