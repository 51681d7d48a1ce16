import { z } from 'zod'

/**
 * Photo fields: photo inputs accept image files only, and the server checks the content, not the name.
 * `imageFile(label)` is the zod field of a form schema (client and server: type and size);
 * `imageContentErrors` checks the bytes on the server (a renamed .exe is refused) before sending.
 */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp'

export const imageTypeMessage = (label: string) => `${label} harus berupa gambar (JPG, PNG, GIF atau WEBP).`
export const imageSizeMessage = (label: string) => `${label} terlalu besar (maksimal 2 MB).`

/** An optional photo: nothing chosen (undefined or an empty file) is fine; anything else must be an image ≤ 2 MB. */
export const imageFile = (label: string) =>
  z
    .custom<File | undefined>(
      (v) => v === undefined || v === null || v === '' || (typeof File !== 'undefined' && v instanceof File),
      imageTypeMessage(label),
    )
    .transform((v) => (v instanceof File && v.size > 0 ? v : undefined))
    .refine((f) => !f || /^image\/(jpeg|png|gif|webp)$/.test(f.type) || f.type === '', imageTypeMessage(label))
    .refine((f) => !f || f.size <= MAX_IMAGE_BYTES, imageSizeMessage(label))

/** The kind of image these bytes are (by their signature), or null. */
export function sniffImage(bytes: Uint8Array): 'jpeg' | 'png' | 'gif' | 'webp' | null {
  const b = bytes
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg'
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  )
    return 'png'
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return 'gif'
  if (
    b.length >= 12 &&
    b[0] === 0x52 &&
    b[1] === 0x49 &&
    b[2] === 0x46 &&
    b[3] === 0x46 &&
    b[8] === 0x57 &&
    b[9] === 0x45 &&
    b[10] === 0x42 &&
    b[11] === 0x50
  )
    return 'webp'
  return null
}

/**
 * Field errors for the photo fields of a submitted form whose content is not an image
 * ({ gambar: ['Foto KTP harus berupa gambar …'] }); empty when all are fine or absent.
 * Pass them to `submission.reply({ fieldErrors })` so the other typed values stay.
 */
export async function imageContentErrors(formData: FormData, fields: Record<string, string>): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {}
  for (const [name, label] of Object.entries(fields)) {
    const v = formData.get(name)
    if (!(v instanceof File) || v.size === 0) continue
    if (v.size > MAX_IMAGE_BYTES) {
      errors[name] = [imageSizeMessage(label)]
      continue
    }
    const head = new Uint8Array(await v.slice(0, 16).arrayBuffer())
    if (!sniffImage(head)) errors[name] = [imageTypeMessage(label)]
  }
  return errors
}

/** Where the app serves a stored upload (app/routes/uploads.tsx), or null when there is none. */
export const uploadSrc = (name: string | null | undefined) => (name ? `/uploads/${encodeURIComponent(name)}` : null)
