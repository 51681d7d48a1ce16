import { z } from 'zod'
import { call, type Upstream } from './client.server'
import { id, nested, text } from './normalize'

export const loginUserSchema = z.object({
  id,
  kode_user: text.transform((v) => v ?? ''),
  nama_user: text.optional().default(null),
  karyawan: nested(z.object({ nama_lengkap: text }))
    .optional()
    .default(null),
})

const loginAnswer = z.object({ token: z.string().min(1), user: loginUserSchema })
export type LoginAnswer = z.infer<typeof loginAnswer>

/** POST /api/login {kode_user, password}: token and user; 4xx (401/422/429) raise typed errors. */
export const login = (up: Upstream, input: { kode_user: string; password: string }) =>
  call(up, 'POST', '/api/login', { schema: loginAnswer, json: input })

/** POST /api/logout: revokes the token where the upstream supports it. */
export const logout = (up: Upstream) => call(up, 'POST', '/api/logout', { schema: z.unknown() })
