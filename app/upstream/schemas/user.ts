import { z } from 'zod'
import { id, optionalId, text, textOrEmpty } from '../normalize'
import { karyawanRef } from './refs'

/** User. Anything else the upstream sends (a password hash …) is stripped. */
export const userSchema = z
  .object({
    id,
    kode_user: textOrEmpty,
    qrcode_user: text,
    karyawan_id: optionalId,
    nama_user: text,
    telp: text,
    alamat: text,
    karyawan: karyawanRef,
  })
  .transform((r) => ({ ...r, qrcode_user: r.qrcode_user ?? (r.kode_user || null) }))
export type User = z.infer<typeof userSchema>

/** POST /api/user/add. `password` is not in the spec's payload; the reference api accepts it. */
export type CreateUserInput = {
  karyawan_id: number | string
  nama_user?: string | null
  kode_user: string
  telp?: string | null
  alamat?: string | null
  password?: string | null
}
