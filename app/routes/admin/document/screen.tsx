import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { declaredDocumentOf } from '~/server/documents.server'
import { documentScreen, documentScreenAction } from '~/server/vehicle-document.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DocumentScreenView } from './view'

/**
 * The create form (/admin/create-{path}?kendaraan_id={id}) and the edit screen (/admin/{path}/edit/{id})
 * of a document on a vehicle; a posted document opens read-only.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => documentScreen(declaredDocumentOf(request), request, params)

/** Simpan (create: the staged lines become a document) and Selesai (edit). */
export const action = ({ request, params }: ActionFunctionArgs) => documentScreenAction(declaredDocumentOf(request), request, params)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Dokumen'} — Armada` }]

export default function DeclaredDocumentScreen() {
  const s = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <DocumentScreenView s={s} error={actionData?.error} />
}

export const ErrorBoundary = GeneralErrorBoundary
