import { dueListOf, multipartResource } from './resource.server'
import { stnkSchema, type StnkInput } from './schemas/stnk'

export { stnkSchema, type Stnk, type StnkInput } from './schemas/stnk'

const r = multipartResource<typeof stnkSchema, StnkInput>('/api/stnk', stnkSchema)

/** GET /api/stnk (plain array; data / data.data accepted) */
export const listStnk = r.list
/** GET /api/stnk?page&per_page&q&sort&dir (extension 'paged-lists') → one page. */
export const pageStnk = r.page
/** GET /api/stnk?jatuh_tempo_dari&jatuh_tempo_sampai (extension 'paged-lists'): the records expiring in the span. */
export const listStnkDue = dueListOf('/api/stnk', stnkSchema)
/** POST /api/stnk/add (multipart) */
export const createStnk = r.create
/** POST /api/stnk/{id}/update (multipart) */
export const updateStnk = r.update
/** DELETE /api/stnk/{id} */
export const deleteStnk = r.remove
