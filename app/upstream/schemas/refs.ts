import { z } from 'zod'
import { isRecord, nested, numeric, optionalId, text } from '../normalize'

/**
 * Nested objects shared by several resources. Each is `null` when missing, null or not an object; a
 * plain string where an object was expected (a real upstream may send `"merek": "Bridgestone"`) is
 * read as the object's name.
 */
export function namedRef<S extends z.ZodRawShape>(shape: S, nameKey: keyof S & string) {
  return z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? null : { [nameKey]: v }) : v), nested(z.object(shape)))
}

/** The first non-empty text among the values (numbers count as text). */
export function firstText(...values: unknown[]): string | null {
  for (const v of values) {
    if (typeof v === 'number' && Number.isFinite(v)) return String(v)
    if (typeof v === 'string' && v.trim() !== '') return v
  }
  return null
}

export const departemenRef = namedRef({ id: optionalId, nama: text }, 'nama')
export const karyawanRef = namedRef({ id: optionalId, nama_lengkap: text }, 'nama_lengkap')
export const ukuranRef = namedRef({ id: optionalId, nama: text }, 'nama')
export const merekRef = namedRef({ id: optionalId, nama_merek: text }, 'nama_merek')
export const typebanRef = namedRef({ id: optionalId, nama_type: text }, 'nama_type')
export const golonganRef = namedRef({ id: optionalId, nama_golongan: text }, 'nama_golongan')
export const jenisKendaraanRef = namedRef({ id: optionalId, nama_jenis_kendaraan: text, total_ban: numeric }, 'nama_jenis_kendaraan')
export const userRef = nested(z.object({ id: optionalId, kode_user: text, nama_user: text, karyawan: karyawanRef }))

export type DepartemenRef = z.infer<typeof departemenRef>
export type KaryawanRef = z.infer<typeof karyawanRef>
export type UkuranRef = z.infer<typeof ukuranRef>
export type MerekRef = z.infer<typeof merekRef>
export type TypebanRef = z.infer<typeof typebanRef>
export type GolonganRef = z.infer<typeof golonganRef>
export type JenisKendaraanRef = z.infer<typeof jenisKendaraanRef>
export type UserRef = z.infer<typeof userRef>

/** The supplier of a purchase or pemasangan, as screens read it. */
export const supplierRefShape = z.object({
  id: optionalId,
  kode_supplier: text,
  nama_supp: text,
  alamat: text,
  telp: text,
})
export type SupplierRef = z.infer<typeof supplierRefShape>

/**
 * Puts a purchase's (or pemasangan's) supplier into `row.supplier` from any of the forms a real
 * upstream sends: a nested object (`nama_supp`, or `nama_supplier` / `nama`
 * inside it), `nama_supplier` or `kode_supplier` on the row itself, or a plain string (the name).
 * Flat values fill what the nested object lacks; `supplier_id` fills its id. No form at all → null.
 */
export function liftSupplier(row: Record<string, unknown>): Record<string, unknown> {
  const raw = row.supplier
  let sup: Record<string, unknown> | null = null
  if (typeof raw === 'string' || typeof raw === 'number') {
    const name = firstText(raw)
    if (name !== null) sup = { nama_supp: name }
  } else if (isRecord(raw)) {
    sup = { ...raw, nama_supp: firstText(raw.nama_supp, raw.nama_supplier, raw.nama) }
  }
  const flatName = firstText(row.nama_supplier, row.nama_supp)
  const flatCode = firstText(row.kode_supplier)
  if (sup === null && (flatName !== null || flatCode !== null)) sup = {}
  if (sup !== null) {
    if (firstText(sup.nama_supp) === null && flatName !== null) sup.nama_supp = flatName
    if (firstText(sup.kode_supplier) === null && flatCode !== null) sup.kode_supplier = flatCode
    if ((sup.id === undefined || sup.id === null || sup.id === '') && row.supplier_id !== undefined) {
      sup.id = row.supplier_id
    }
  }
  return { ...row, supplier: sup }
}

export const supplierRef = nested(supplierRefShape)
