import { listScreenData } from './list-screen.server'
import { qrFor } from './qr.server'
import type { Upstream } from '~/upstream/client.server'

/** A master list's sortable column: its sort key in the URL and the row's value. */
type Field<T, V> = { key: string; of: (row: T) => V }

/**
 * The loader of a master list (spec 000 §2: No, a code, a name, the QR code, Opsi): search on the
 * name (or the code); No, the code and the name sortable; rows as `MasterRow` (app/ui/master-list.tsx shows them).
 */
export function masterListData<T extends { id: number }>(
  request: Request,
  read: (up: Upstream) => Promise<T[]>,
  spec: {
    kode: Field<T, string | null>
    nama: Field<T, string>
    qr: (row: T) => string | null
    /** What the search box looks in (the name unless said otherwise). */
    searchIn?: 'kode' | 'nama'
  },
) {
  return listScreenData(request, read, {
    searchIn: (t) => [spec.searchIn === 'kode' ? spec.kode.of(t) : spec.nama.of(t)],
    sortBy: { id: (t) => t.id, [spec.kode.key]: spec.kode.of, [spec.nama.key]: spec.nama.of },
    row: (t) => ({ id: t.id, kode: spec.kode.of(t), nama: spec.nama.of(t), qr: qrFor(spec.qr(t)) }),
  })
}
