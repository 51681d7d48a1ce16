import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound } from '~/server/route-errors.server'
import { documentOfRequest, DOCUMENTS, type DocumentHapus } from '~/server/documents.server'
import { ConfirmDeleteRoute } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/**
 * The delete dialog of a document on a vehicle (…/{id}/hapus under its list, or an inquiry that reuses
 * its dialogs), as app/server/documents.server.ts declares it for the screen's document: the Delete
 * grant, the document named by its code and vehicle, a posted one refused (409) until it is unposted.
 */
function hapusOf(request: Request): DocumentHapus {
  const key = documentOfRequest(request)
  const hapus = key ? DOCUMENTS[key].hapus : null
  if (!hapus) throw notFound('Halaman yang Anda cari tidak ditemukan.')
  return hapus
}

export const loader = async (args: LoaderFunctionArgs) => {
  const hapus = hapusOf(args.request)
  return { ...(await hapus.loader(args)), text: hapus.text }
}

export const action = (args: ActionFunctionArgs) => hapusOf(args.request).action(args)

export default function HapusDokumen() {
  const { text } = useLoaderData<typeof loader>()
  return <ConfirmDeleteRoute text={text} />
}

export const ErrorBoundary = GeneralErrorBoundary
