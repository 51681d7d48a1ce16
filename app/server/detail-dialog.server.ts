import type { Params } from '@remix-run/react'
import { idParam, listUrlOf } from './crud.server'
import { requireScreen } from './grants.server'
import { qrFor } from './qr.server'
import { findRecordForDialog, type RecordRead } from './route-errors.server'

/**
 * The loader of a detail dialog (…/:id over a list): the show grant, the record from the
 * screen's list or read by itself (`{byId}`) (404 with `notFound` when it is not there), its QR code, and where closing goes.
 */
export async function detailDialogData<T extends { id: number }>(
  request: Request,
  params: Params,
  read: RecordRead<T>,
  spec: { notFound: string; qr: (row: T) => string | null },
) {
  const auth = await requireScreen(request, 'show')
  const item = (await findRecordForDialog(request, auth.upstream, read, idParam(params.id), spec.notFound))!
  return { item, qr: qrFor(spec.qr(item)), closeTo: listUrlOf(request) }
}
