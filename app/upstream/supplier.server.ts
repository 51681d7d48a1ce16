import { multipartResource } from './resource.server'
import { supplierSchema, type SupplierInput } from './schemas/supplier'

export { supplierSchema, type Supplier, type SupplierInput } from './schemas/supplier'

const r = multipartResource<typeof supplierSchema, SupplierInput>('/api/supplier', supplierSchema)

/** GET /api/supplier (plain array; data / data.data accepted) */
export const listSupplier = r.list
/** GET /api/supplier?page&per_page&q&sort&dir (extension 'paged-lists') → one page. */
export const pageSupplier = r.page
/** POST /api/supplier/add (multipart) */
export const createSupplier = r.create
/** POST /api/supplier/{id}/update (multipart) */
export const updateSupplier = r.update
/** DELETE /api/supplier/{id} */
export const deleteSupplier = r.remove
