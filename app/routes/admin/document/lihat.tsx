import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { declaredDocumentOf } from '~/server/documents.server'
import { documentShow } from '~/server/vehicle-document.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DocumentScreenView } from './view'

/** Show of a document on a vehicle (/admin/{show}/{id}, the row menu's Show): its screen, read-only. */
export const loader = ({ request, params }: LoaderFunctionArgs) => documentShow(declaredDocumentOf(request), request, params)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Dokumen'} — Armada` }]

export default function DeclaredDocumentShow() {
  const s = useLoaderData<typeof loader>()
  return <DocumentScreenView s={s} />
}

export const ErrorBoundary = GeneralErrorBoundary
