import { multipartResource } from './resource.server'
import { golonganSchema, type GolonganInput } from './schemas/golongan'

export { golonganSchema, type Golongan, type GolonganInput } from './schemas/golongan'

const r = multipartResource<typeof golonganSchema, GolonganInput>('/api/golongan', golonganSchema)

/** GET /api/golongan (plain array; data / data.data accepted) */
export const listGolongan = r.list
/** POST /api/golongan/add (multipart) */
export const createGolongan = r.create
/** POST /api/golongan/{id}/update (multipart) */
export const updateGolongan = r.update
/** DELETE /api/golongan/{id} */
export const deleteGolongan = r.remove
