import { z } from 'zod'
import { call, type Upstream } from './client.server'
import { id, listOf, recordOf, text } from './normalize'
import { getPage, type PageRequest } from './paged.server'

export const departemenSchema = z.object({
  id,
  kode_departemen: text,
  nama: text.transform((v) => v ?? ''),
  qrcode_departemen: text,
})
export type Departemen = z.infer<typeof departemenSchema>

const ok = z.unknown()

/** GET /api/departemen */
export const listDepartemen = (up: Upstream) => call(up, 'GET', '/api/departemen', { schema: listOf(departemenSchema) })

/** GET /api/departemen?page&per_page&q&sort&dir (extension 'paged-lists') → one page. */
export const pageDepartemen = (up: Upstream, req: PageRequest) => getPage(up, '/api/departemen', departemenSchema, {}, req)

/** POST /api/departemen {nama} */
export const createDepartemen = (up: Upstream, input: { nama: string }) =>
  call(up, 'POST', '/api/departemen', { schema: recordOf(departemenSchema), json: input })

/** PUT /api/departemen/{id} {nama} */
export const updateDepartemen = (up: Upstream, depId: number, input: { nama: string }) =>
  call(up, 'PUT', `/api/departemen/${depId}`, { schema: recordOf(departemenSchema), json: input })

/** DELETE /api/departemen/{id} */
export const deleteDepartemen = (up: Upstream, depId: number) => call(up, 'DELETE', `/api/departemen/${depId}`, { schema: ok })
