import { z } from 'zod'
import { call, type Upstream } from './client.server'
import { id, recordOf, text } from './normalize'

/**
 * One's own account: GET /api/me (the spec's call) for the Kontak card, and the extension `password`
 * (docs/upstream-contract.md "Extensions: own password and contact"): POST /api/password, POST /api/profil.
 * Screens ask `hasFeature(up, 'password')` first.
 */

export const meSchema = z.object({
  id,
  kode_user: text.transform((v) => v ?? ''),
  nama_user: text.optional().default(null),
  telp: text.optional().default(null),
  alamat: text.optional().default(null),
})
export type Me = z.infer<typeof meSchema>

/** GET /api/me: the session's own user ({data: user} or the user). */
export const getMe = (up: Upstream) => call(up, 'GET', '/api/me', { schema: recordOf(meSchema) })

export type PasswordInput = { password_lama: string; password: string; password_confirmation: string }

/**
 * POST /api/password: 422 field errors on password_lama / password / password_confirmation, 429 when
 * too many wrong current passwords. On success every other token of the user is revoked upstream.
 */
export const changePassword = (up: Upstream, input: PasswordInput) =>
  call(up, 'POST', '/api/password', { schema: z.object({ message: z.string().optional() }), json: input })

/** POST /api/profil {telp, alamat}: empty values are sent as null (cleared). */
export const updateProfil = (up: Upstream, input: { telp?: string | null; alamat?: string | null }) =>
  call(up, 'POST', '/api/profil', {
    schema: recordOf(meSchema),
    json: { telp: input.telp || null, alamat: input.alamat || null },
  })
