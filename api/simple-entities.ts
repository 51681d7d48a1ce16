/**
 * The simple masters: a table with a server-made code, its QR text (the same as the code) and one
 * required name. Each entry here makes the entity's four calls (api/routes/master/entities.ts), their
 * grants (api/routes/grants.ts) and its code prefix (api/codes.ts); the api tests walk the same list.
 * Adding one takes its entry here, its menu in api/menu-catalogue.ts and its table in both migrations
 * (api/migrations/ and api/migrations/postgres/).
 *
 * Pure data: imports nothing (api/codes.ts reads it).
 */

export type SimpleEntity = {
  /** The entity's name in answers: '<label> berhasil ditambahkan.', '<label> tidak ditemukan.' */
  label: string
  /** Its codes' prefix: the prefix and a zero-padded sequence (nextCode, api/codes.ts). */
  prefix: string
  /** The column of the server-made code. */
  code: string
  /** The column of the QR text, stored equal to the code. */
  qr: string
  /** The required name column, the one field the form sends. */
  name: string
  /** The 422 message when the name is absent or blank. */
  required: string
  /** The access editor's menu of its own screen: Select reads the list, create/update/delete write. */
  menu: string
  /** The other menus whose screens read the list as a lookup: Select on any one reads it. */
  readers: readonly string[]
}

/** Keyed by the api path segment (/api/<key>), which is also the table's name. */
export const SIMPLE_ENTITIES = {
  // Ukuran and merek: lookups of the purchase form (also opened from the inquiry) and the choices of
  // Stok Ban's filters.
  ukuran: {
    label: 'Ukuran',
    prefix: 'UK',
    code: 'kode_ukuran_ban',
    qr: 'qrcode_ukuran',
    name: 'nama',
    required: 'Nama Ukuran tidak boleh kosong!',
    menu: '/admin/ukuran',
    readers: ['/admin/pembelian-ban', '/admin/inquery-pembelian-ban', '/admin/ban'],
  },
  merek: {
    label: 'Merek',
    prefix: 'MB',
    code: 'kode_merek',
    qr: 'qrcode_merek',
    name: 'nama_merek',
    required: 'Nama Merek tidak boleh kosong!',
    menu: '/admin/merek',
    readers: ['/admin/pembelian-ban', '/admin/inquery-pembelian-ban', '/admin/ban'],
  },
  // Golongan: a lookup of the Kendaraan form.
  golongan: {
    label: 'Golongan',
    prefix: 'GL',
    code: 'kode_golongan',
    qr: 'qrcode_golongan',
    name: 'nama_golongan',
    required: 'Nama Golongan tidak boleh kosong!',
    menu: '/admin/golongan',
    readers: ['/admin/kendaraan'],
  },
  // Type ban: a lookup of the purchase form too (also opened from the inquiry).
  typeban: {
    label: 'Type ban',
    prefix: 'TB',
    code: 'kode_type',
    qr: 'qrcode_type',
    name: 'nama_type',
    required: 'Nama Type Ban tidak boleh kosong!',
    menu: '/admin/typban',
    readers: ['/admin/pembelian-ban', '/admin/inquery-pembelian-ban'],
  },
} as const satisfies Record<string, SimpleEntity>

export type SimpleEntityKey = keyof typeof SIMPLE_ENTITIES

/** SIMPLE_ENTITIES as [key, entity] pairs, in declaration order. */
export const SIMPLE_ENTITY_LIST = Object.entries(SIMPLE_ENTITIES) as [SimpleEntityKey, SimpleEntity][]
