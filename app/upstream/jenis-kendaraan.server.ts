import { multipartResource } from './resource.server'
import { jenisKendaraanSchema, type JenisKendaraanInput } from './schemas/jenis-kendaraan'

export { jenisKendaraanSchema, type JenisKendaraan, type JenisKendaraanInput } from './schemas/jenis-kendaraan'

const r = multipartResource<typeof jenisKendaraanSchema, JenisKendaraanInput>('/api/jenis_kendaraan', jenisKendaraanSchema)

/** GET /api/jenis_kendaraan (plain array; data / data.data accepted) */
export const listJenisKendaraan = r.list
/** GET /api/jenis_kendaraan?page&per_page&q&sort&dir (extension 'paged-lists') → one page. */
export const pageJenisKendaraan = r.page
/** POST /api/jenis_kendaraan/add (multipart) */
export const createJenisKendaraan = r.create
/** POST /api/jenis_kendaraan/{id}/update (multipart) */
export const updateJenisKendaraan = r.update
/** DELETE /api/jenis_kendaraan/{id} */
export const deleteJenisKendaraan = r.remove
