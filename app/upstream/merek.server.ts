import { multipartResource } from './resource.server'
import { merekSchema, type MerekInput } from './schemas/merek'

export { merekSchema, type Merek, type MerekInput } from './schemas/merek'

const r = multipartResource<typeof merekSchema, MerekInput>('/api/merek', merekSchema)

/** GET /api/merek (plain array; data / data.data accepted) */
export const listMerek = r.list
/** POST /api/merek/add (multipart) */
export const createMerek = r.create
/** POST /api/merek/{id}/update (multipart) */
export const updateMerek = r.update
/** DELETE /api/merek/{id} */
export const deleteMerek = r.remove
