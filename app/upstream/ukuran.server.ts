import { multipartResource } from './resource.server'
import { ukuranSchema, type UkuranInput } from './schemas/ukuran'

export { ukuranSchema, type Ukuran, type UkuranInput } from './schemas/ukuran'

const r = multipartResource<typeof ukuranSchema, UkuranInput>('/api/ukuran', ukuranSchema)

/** GET /api/ukuran (plain array; data / data.data accepted) */
export const listUkuran = r.list
/** POST /api/ukuran/add (multipart) */
export const createUkuran = r.create
/** POST /api/ukuran/{id}/update (multipart) */
export const updateUkuran = r.update
/** DELETE /api/ukuran/{id} */
export const deleteUkuran = r.remove
