import { z } from 'zod'

/**
 * The simple master screens (Ukuran Ban, Merek Ban, Golongan, Type Ban): the same
 * list (No, code, name, QrCode, Opsi; search by name) and an add/edit dialog with one name field.
 * Each is one configuration here; the routes (app/routes/admin/simple-master/) and the server part
 * (simple-master.server.ts) are shared. Client-safe: labels and the form schema only.
 */
export type SimpleMaster = {
  /** The URL segment under /admin (the sidebar's path). */
  path: string
  /** List heading; dialogs are 'Tambah <title>' / 'Edit <title>'. */
  title: string
  /** Banners '<entity> berhasil ditambahkan!'; delete text 'Data <entity lower case> ini …'. */
  entity: string
  /** The code column's header and the record's code / QR text keys. */
  codeHeader: string
  codeKey: string
  qrKey: string
  /** The one field: the record's key (also the form field's name) and its label. */
  nameKey: string
  nameLabel: string
}

export const SIMPLE_MASTERS = {
  ukuran: {
    path: 'ukuran',
    title: 'Ukuran Ban',
    entity: 'Ukuran',
    codeHeader: 'Kode Ukuran',
    codeKey: 'kode_ukuran_ban',
    qrKey: 'qrcode_ukuran',
    nameKey: 'nama',
    nameLabel: 'Nama Ukuran',
  },
  merek: {
    path: 'merek',
    title: 'Merek Ban',
    entity: 'Merek',
    codeHeader: 'Kode Merek',
    codeKey: 'kode_merek',
    qrKey: 'qrcode_merek',
    nameKey: 'nama_merek',
    nameLabel: 'Nama Merek',
  },
  golongan: {
    path: 'golongan',
    title: 'Golongan',
    entity: 'Golongan',
    codeHeader: 'Kode Golongan',
    codeKey: 'kode_golongan',
    qrKey: 'qrcode_golongan',
    nameKey: 'nama_golongan',
    nameLabel: 'Nama Golongan',
  },
  typban: {
    path: 'typban',
    title: 'Type Ban',
    entity: 'Type Ban',
    codeHeader: 'Kode Type Ban',
    codeKey: 'kode_type',
    qrKey: 'qrcode_type',
    nameKey: 'nama_type',
    nameLabel: 'Nama Type Ban',
  },
} as const satisfies Record<string, SimpleMaster>

export type SimpleMasterKey = keyof typeof SIMPLE_MASTERS

/** The simple master a path under /admin belongs to ('/admin/merek/3/edit' → merek), or null. */
export function simpleMasterOf(pathname: string): SimpleMasterKey | null {
  const segment = pathname.split('/')[2] ?? ''
  return Object.hasOwn(SIMPLE_MASTERS, segment) ? (segment as SimpleMasterKey) : null
}

/** The dialog's schema: the name is required ('<label> tidak boleh kosong!'). */
export function simpleMasterSchema(m: SimpleMaster) {
  const empty = `${m.nameLabel} tidak boleh kosong!`
  return z.object({
    [m.nameKey]: z.string({ error: empty }).trim().min(1, empty).max(255, `${m.nameLabel} maksimal 255 karakter.`),
  }) as z.ZodType<Record<string, string>>
}

/** Texts derived from the configuration. */
export const simpleMasterTexts = (m: SimpleMaster) => ({
  subtitle: `Daftar ${m.title.toLowerCase()} yang tersedia di sistem`,
  search: `Cari ${m.title.toLowerCase()}...`,
  add: `Tambah ${m.title}`,
  edit: `Edit ${m.title}`,
  added: `${m.entity} berhasil ditambahkan!`,
  updated: `${m.entity} berhasil diperbarui!`,
  confirm: `Data ${m.entity.toLowerCase()} ini akan dihapus secara permanen!`,
  deleted: `Data ${m.entity.toLowerCase()} telah dihapus.`,
  notFound: `${m.entity} tidak ditemukan.`,
})
