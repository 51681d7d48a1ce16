import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ApiError } from './http.ts'

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024

/** Image types we accept, recognised by their first bytes (never by name or declared type). */
const SIGNATURES: { ext: string; mime: string; test: (b: Uint8Array) => boolean }[] = [
  { ext: 'png', mime: 'image/png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 },
  {
    ext: 'webp',
    mime: 'image/webp',
    test: (b) =>
      b[0] === 0x52 &&
      b[1] === 0x49 &&
      b[2] === 0x46 &&
      b[3] === 0x46 &&
      b[8] === 0x57 &&
      b[9] === 0x45 &&
      b[10] === 0x42 &&
      b[11] === 0x50,
  },
]

export function sniffImage(bytes: Uint8Array) {
  return SIGNATURES.find((s) => bytes.length >= 12 && s.test(bytes)) ?? null
}

export const mimeOfExtension = (name: string) => SIGNATURES.find((s) => name.endsWith(`.${s.ext}`))?.mime ?? null

/**
 * Stores an uploaded image under a generated name in uploadsDir and returns that name. A field that
 * is not a file, or an empty file, is "no new file" (null). Not an image → 422; too large → 422.
 */
export async function saveImage(value: unknown, field: string, uploadsDir: string): Promise<string | null> {
  if (!(value instanceof File) || value.size === 0) return null
  if (value.size > MAX_UPLOAD_BYTES) {
    throw new ApiError(422, `File ${field} terlalu besar (maksimal 2 MB).`, {
      [field]: ['Ukuran file maksimal 2 MB.'],
    })
  }
  const bytes = new Uint8Array(await value.arrayBuffer())
  const kind = sniffImage(bytes)
  if (!kind) {
    throw new ApiError(422, `File ${field} harus berupa gambar (PNG, JPG, GIF atau WebP).`, {
      [field]: ['File harus berupa gambar (PNG, JPG, GIF atau WebP).'],
    })
  }
  mkdirSync(uploadsDir, { recursive: true })
  const name = `${Date.now()}-${randomBytes(8).toString('hex')}.${kind.ext}`
  writeFileSync(join(uploadsDir, name), bytes)
  return name
}
