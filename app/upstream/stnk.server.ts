import { multipartResource } from './resource.server'
import { stnkSchema, type StnkInput } from './schemas/stnk'

export { stnkSchema, type Stnk, type StnkInput } from './schemas/stnk'

const r = multipartResource<typeof stnkSchema, StnkInput>('/api/stnk', stnkSchema)

/** GET /api/stnk (plain array; data / data.data accepted) */
export const listStnk = r.list
/** GET /api/stnk?page&per_page&q&sort&dir (extension 'paged-lists') → one page. */
export const pageStnk = r.page
/** POST /api/stnk/add (multipart) */
export const createStnk = r.create
/** POST /api/stnk/{id}/update (multipart) */
export const updateStnk = r.update
/** DELETE /api/stnk/{id} */
export const deleteStnk = r.remove
