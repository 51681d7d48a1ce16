import { multipartResource } from './resource.server'
import { karyawanSchema, type KaryawanInput } from './schemas/karyawan'

export { karyawanSchema, type Karyawan, type KaryawanInput } from './schemas/karyawan'

const r = multipartResource<typeof karyawanSchema, KaryawanInput>('/api/karyawan', karyawanSchema)

/** GET /api/karyawan (plain array; data / data.data accepted) */
export const listKaryawan = r.list
/** GET /api/karyawan?page&per_page&q&sort&dir (extension 'paged-lists') → one page. */
export const pageKaryawan = r.page
/** POST /api/karyawan/add (multipart) */
export const createKaryawan = r.create
/** POST /api/karyawan/{id}/update (multipart) */
export const updateKaryawan = r.update
/** DELETE /api/karyawan/{id} */
export const deleteKaryawan = r.remove
