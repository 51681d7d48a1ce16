import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import type { Upstream } from '~/upstream/client.server'
import { deleteAndReturn, idParam, listUrlOf } from './crud.server'
import { requireScreen } from './grants.server'
import { findRecordForDialog, type RecordRead } from './route-errors.server'

/** What a delete confirmation shows (app/ui/confirm-delete.tsx ConfirmDeleteRoute). */
export type DeleteDialogData = { detail: string | null; closeTo: string }

/** "KODE — name" when the record has a code, else nothing (the confirmation then asks only its question). */
export const codeAndName = (kode: string | null | undefined, ...rest: (string | null | undefined)[]) =>
  kode ? [kode, ...rest].filter(Boolean).join(' — ') : null

/**
 * The loader of …/:id/hapus: the delete grant, the record from the screen's list or read by itself
 * (`{byId}`: a document list too long to read whole) (404 with `notFound`
 * when it is gone), what the confirmation names (`describe`), and — for a record that may not be
 * deleted (`refuse`: a posted document) — a 409 with the reason instead of the question.
 */
export async function deleteDialogData<T extends { id: number }>(
  { request, params }: LoaderFunctionArgs,
  read: RecordRead<T>,
  spec: { notFound: string; describe: (row: T) => string | null; refuse?: (row: T) => string | null },
): Promise<DeleteDialogData> {
  const auth = await requireScreen(request, 'delete')
  const id = idParam(params.id)
  const row = await findRecordForDialog(request, auth.upstream, read, id, spec.notFound)
  const refusal = row && spec.refuse?.(row)
  if (refusal) throw data({ message: refusal }, { status: 409 })
  return { detail: row ? spec.describe(row) : null, closeTo: listUrlOf(request) }
}

/** The action of …/:id/hapus: the delete grant, the upstream delete, back to the list with the delete toast. */
export async function deleteDialogAction(
  { request, params }: ActionFunctionArgs,
  remove: (up: Upstream, id: number) => Promise<unknown>,
  toast: { title?: string; message: string },
) {
  const auth = await requireScreen(request, 'delete')
  const id = idParam(params.id)
  return deleteAndReturn(request, { remove: () => remove(auth.upstream, id), title: toast.title, message: toast.message })
}
