import { data } from '@remix-run/node'
import { imporPaths, imporSpecOfScreen } from '~/lib/impor'
import { hasFeature } from './features.server'
import { listScreenPage } from './list-screen.server'
import type { MasterScreen } from '~/lib/master-screens'
import { qrFor } from './qr.server'
import type { Upstream } from '~/upstream/client.server'
import type { PageRead } from './paged-list.server'

/**
 * The loader of a master list (No, a code, a name, the QR code, Opsi): search on the
 * name (or the code), No and both columns sortable by the screen's keys (app/lib/master-screens.ts),
 * rows as `MasterRow` (app/ui/master-list.tsx shows them). `of` reads the screen's record; `of.paged`,
 * the list's paged call: used when the upstream pages lists, so only the page shown is read.
 * `impor`: the links of the master's import from Excel (app/lib/impor.ts), when it has one, the user
 * has Create on it and the upstream the extension 'impor'; else null (no buttons).
 */
export async function masterListData<T extends { id: number }>(
  request: Request,
  read: (up: Upstream) => Promise<T[]>,
  screen: MasterScreen,
  of: { kode: (row: T) => string | null; nama: (row: T) => string; qr: (row: T) => string | null; paged?: PageRead<T> },
) {
  const { page, status, auth } = await listScreenPage(request, read, {
    paged: of.paged,
    searchIn: (t) => [screen.searchKode ? of.kode(t) : of.nama(t)],
    sortBy: { id: (t) => t.id, [screen.kode.key]: of.kode, [screen.nama.key]: of.nama },
    row: (t) => ({ id: t.id, kode: of.kode(t), nama: of.nama(t), qr: qrFor(of.qr(t)) }),
  })
  const spec = imporSpecOfScreen(new URL(request.url).pathname)
  const impor = spec && auth.can.create && (await hasFeature(auth.upstream, 'impor')) ? imporPaths(spec) : null
  return data({ ...page, impor: impor && { upload: impor.upload, template: impor.template } }, { status })
}
