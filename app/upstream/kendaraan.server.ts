import { call, type Upstream } from './client.server'
import { recordOf } from './normalize'
import { getPage, type PageRequest } from './paged.server'
import { dueListOf, idSegment, multipartResource, type Id } from './resource.server'
import { kendaraanSchema, type KendaraanInput } from './schemas/kendaraan'

export { kendaraanSchema, type Kendaraan, type KendaraanInput } from './schemas/kendaraan'

const r = multipartResource<typeof kendaraanSchema, KendaraanInput>('/api/kendaraan', kendaraanSchema)

/** GET /api/kendaraan (plain array; data / data.data accepted) */
export const listKendaraan = r.list
/** POST /api/kendaraan/add (multipart) */
export const createKendaraan = r.create
/** POST /api/kendaraan/{id}/update (multipart) */
export const updateKendaraan = r.update
/** DELETE /api/kendaraan/{id} */
export const deleteKendaraan = r.remove

/** GET /api/kendaraan/{id}/show → `{data: kendaraan}` (a bare record accepted). */
export const getKendaraan = async (up: Upstream, kendaraanId: Id) =>
  call(up, 'GET', `/api/kendaraan/${idSegment(kendaraanId)}/show`, { schema: recordOf(kendaraanSchema) })

/** GET /api/kendaraan?page&per_page&q&sort&dir (extension 'paged-lists'): one page of vehicles, searched upstream. */
export const pageKendaraan = r.page

/** One page of the Kendaraan screen, whose search looks in No Kabin only (`search_in=no_kabin`). */
export const pageKendaraanByNoKabin = (up: Upstream, req: PageRequest) =>
  getPage(up, '/api/kendaraan', kendaraanSchema, { search_in: 'no_kabin' }, req)

/** GET /api/kendaraan?jatuh_tempo_dari&jatuh_tempo_sampai (extension 'paged-lists'): vehicles whose STNK or KIR expires in the span. */
export const listKendaraanDue = dueListOf('/api/kendaraan', kendaraanSchema)
