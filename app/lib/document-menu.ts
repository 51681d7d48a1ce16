import type { Can } from './grants'
import type { RowMenuItem } from '~/ui/row-menu'

/**
 * The row menu of a document — a purchase or a fitting, on its list or in an inquiry (spec 001 §4):
 * posted: Unpost, Show; unposted: Posting, Update, Show, Delete — each only with its grant. Posting
 * and Unpost are POST forms to the list's own action (app/lib/posting.server.ts); the others links.
 */
export function documentMenu(
  row: { id: number; status: string | null },
  can: Pick<Can, 'posting' | 'unpost' | 'update' | 'show' | 'delete'>,
  to: { show: string; update: string; delete: string },
): RowMenuItem[] {
  const show: RowMenuItem = { kind: 'link', label: 'Show', to: to.show }
  if (row.status === 'posting') {
    return [...(can.unpost ? [{ kind: 'post', label: 'Unpost', intent: 'unpost', id: row.id } as const] : []), ...(can.show ? [show] : [])]
  }
  return [
    ...(can.posting ? [{ kind: 'post', label: 'Posting', intent: 'posting', id: row.id } as const] : []),
    ...(can.update ? [{ kind: 'link', label: 'Update', to: to.update } as const] : []),
    ...(can.show ? [show] : []),
    ...(can.delete ? [{ kind: 'link', label: 'Delete', to: to.delete, tone: 'danger' } as const] : []),
  ]
}

/** `?back=` for a page that leads back here (the invoices). */
export const backTo = (here: string) => new URLSearchParams({ back: here }).toString()

/**
 * The row menu of a document whose Show is a print page (`show`/{id}) and whose Update is an edit
 * screen (`update`/{id}), both leading back to the list (`?back=`); Delete the list's confirmation.
 */
export const screenDocumentMenu =
  (show: string, update: string) =>
  (
    row: { id: number; status: string | null },
    can: Pick<Can, 'posting' | 'unpost' | 'update' | 'show' | 'delete'>,
    search: string,
    here: string,
  ) =>
    documentMenu(row, can, {
      show: `${show}/${row.id}?${backTo(here)}`,
      update: `${update}/${row.id}?${backTo(here)}`,
      delete: `${row.id}/hapus${search}`,
    })
