import { z } from 'zod'
import { SCREENS, segmentOf, type ScreenKey, type SimpleMasterRecord } from '~/screens'

/**
 * The simple master screens (Ukuran Ban, Merek Ban, Golongan, Type Ban): the same list (No, code,
 * name, QrCode, Opsi; search by name) and an add/edit dialog with one name field. Each is one entry
 * of app/screens.ts (`simpleMaster(…)`); the routes (app/routes/admin/simple-master/), the server part
 * (app/server/simple-master.server.ts) and the upstream calls (app/upstream/simple-master.server.ts)
 * are shared and read the configuration made here. Client-safe: labels and the form schema only.
 */
export type SimpleMaster = {
  /** The URL segment under /admin (the sidebar's path). */
  path: string
  /** List heading (the sidebar's label); dialogs are 'Tambah <title>' / 'Edit <title>'. */
  title: string
  /** Banners '<entity> berhasil ditambahkan!'; delete text 'Data <entity lower case> ini …'. */
  entity: string
  /** The upstream list: /api/{api}. */
  api: string
  /** The code column's header ('Kode <entity>') and the record's code / QR text keys. */
  codeHeader: string
  codeKey: string
  qrKey: string
  /** The one field: the record's key (also the form field's name) and its label ('Nama <entity>'). */
  nameKey: string
  nameLabel: string
}

/** The keys of the screens declared with `simpleMaster(…)`. */
export type SimpleMasterKey = {
  [K in ScreenKey]: (typeof SCREENS)[K] extends { simple: SimpleMasterRecord } ? K : never
}[ScreenKey]

type RecordOf<K extends SimpleMasterKey> = (typeof SCREENS)[K]['simple']

/** A simple master's configuration, with the keys of its record as types. */
export type SimpleMasterOf<K extends SimpleMasterKey> = SimpleMaster & {
  codeKey: RecordOf<K>['code']
  qrKey: RecordOf<K>['qr']
  nameKey: RecordOf<K>['name']
}

function configOf(key: ScreenKey): SimpleMaster | null {
  const screen: { label: string; path: `/admin/${string}`; simple?: SimpleMasterRecord } = SCREENS[key]
  const r = screen.simple
  if (!r) return null
  const path = segmentOf(screen)
  return {
    path,
    title: screen.label,
    entity: r.entity,
    api: r.api ?? path,
    codeHeader: `Kode ${r.entity}`,
    codeKey: r.code,
    qrKey: r.qr,
    nameKey: r.name,
    nameLabel: `Nama ${r.entity}`,
  }
}

export const SIMPLE_MASTERS = Object.fromEntries(
  (Object.keys(SCREENS) as ScreenKey[]).flatMap((key) => {
    const m = configOf(key)
    return m ? [[key, m]] : []
  }),
) as { [K in SimpleMasterKey]: SimpleMasterOf<K> }

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
