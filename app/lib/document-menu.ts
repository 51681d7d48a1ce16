import type { Can } from './grants'
import type { RowMenuItem } from '~/ui/row-menu'

/**
 * The row menu of a document — a purchase or a pemasangan, on its list or in an inquiry:
 * posted: Unpost, Show; unposted: Posting, Update, Show, Delete — each only with its grant. Posting
 * and Unpost are POST forms to the list's own action (app/server/posting.server.ts); the others links.
 * `to.riwayat` (given when the upstream keeps an audit trail) adds Riwayat after Show,
 * with the same grant: the dialog route of the document's history; `to.cetak` adds Cetak (its print
 * page) with Print.
 */
export function documentMenu(
  row: { id: number; status: string | null },
  can: Pick<Can, 'posting' | 'unpost' | 'update' | 'show' | 'delete'> & { print?: boolean },
  to: { show: string; update: string; delete: string; riwayat?: string | null; cetak?: string | null },
): RowMenuItem[] {
  const show: RowMenuItem[] = [
    ...(can.show
      ? [
          { kind: 'link', label: 'Show', to: to.show } as const,
          ...(to.riwayat ? [{ kind: 'link', label: 'Riwayat', to: to.riwayat } as const] : []),
        ]
      : []),
    ...(to.cetak && can.print ? [{ kind: 'link', label: 'Cetak', to: to.cetak } as const] : []),
  ]
  if (row.status === 'posting') {
    return [...(can.unpost ? [{ kind: 'post', label: 'Unpost', intent: 'unpost', id: row.id } as const] : []), ...show]
  }
  return [
    ...(can.posting ? [{ kind: 'post', label: 'Posting', intent: 'posting', id: row.id } as const] : []),
    ...(can.update ? [{ kind: 'link', label: 'Update', to: to.update } as const] : []),
    ...show,
    ...(can.delete ? [{ kind: 'link', label: 'Delete', to: to.delete, tone: 'danger' } as const] : []),
  ]
}

/** The Riwayat dialog of a row, under the list it is on (null: the upstream keeps no audit trail). */
export const riwayatTo = (row: { id: number }, search: string, audit: boolean) => (audit ? `${row.id}/riwayat${search}` : null)

/** `?back=` for a page that leads back here (the invoices). */
export const backTo = (here: string) => new URLSearchParams({ back: here }).toString()

/**
 * The row menu of a document whose Show is a print page (`show`/{id}) and whose Update is an edit
 * screen (`update`/{id}), both leading back to the list (`?back=`); Delete the list's confirmation;
 * with `cetak`, Cetak its print page (`cetak`/{id}).
 */
export const screenDocumentMenu =
  (show: string, update: string, cetak?: string) =>
  (
    row: { id: number; status: string | null },
    can: Pick<Can, 'posting' | 'unpost' | 'update' | 'show' | 'delete'> & { print?: boolean },
    search: string,
    here: string,
    audit = false,
  ) =>
    documentMenu(row, can, {
      show: `${show}/${row.id}?${backTo(here)}`,
      update: `${update}/${row.id}?${backTo(here)}`,
      delete: `${row.id}/hapus${search}`,
      riwayat: riwayatTo(row, search, audit),
      cetak: cetak ? `${cetak}/${row.id}?${backTo(here)}` : null,
    })
