import { multipartResource } from './resource.server'
import { typebanSchema, type TypebanInput } from './schemas/typeban'

export { typebanSchema, type Typeban, type TypebanInput } from './schemas/typeban'

const r = multipartResource<typeof typebanSchema, TypebanInput>('/api/typeban', typebanSchema)

/** GET /api/typeban (plain array; data / data.data accepted) */
export const listTypeban = r.list
/** POST /api/typeban/add (multipart) */
export const createTypeban = r.create
/** POST /api/typeban/{id}/update (multipart) */
export const updateTypeban = r.update
/** DELETE /api/typeban/{id} */
export const deleteTypeban = r.remove
