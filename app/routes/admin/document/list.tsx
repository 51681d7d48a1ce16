import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { declaredDocumentOf } from '~/server/documents.server'
import { vehicleDocumentList, vehicleDocumentListAction } from '~/server/vehicle-document.server'
import { DeclaredDocumentList } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/**
 * The list of a document on a vehicle (Pelepasan Ban, Rotasi Ban), as its declaration says: 5 a page,
 * search by code or cabin number, its columns, and the document row menu (Posting, Unpost, Update,
 * Show, Delete; Riwayat when the upstream keeps an audit trail).
 */
export const loader = ({ request }: LoaderFunctionArgs) => vehicleDocumentList(declaredDocumentOf(request), request)

/** Posting / Unpost from the row menu. */
export const action = ({ request }: ActionFunctionArgs) => vehicleDocumentListAction(declaredDocumentOf(request), request)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.screen.title ?? 'Dokumen'} — Armada` }]

export default DeclaredDocumentList

export const ErrorBoundary = GeneralErrorBoundary
