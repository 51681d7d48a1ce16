import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { MetaFunction } from '@remix-run/react'
import { documentList, documentListAction } from '~/server/document-list.server'
import { PEMERIKSAAN_LIST } from '~/server/pemeriksaan.server'
import { DeclaredDocumentList } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const meta: MetaFunction = () => [{ title: 'Pemeriksaan Ban — Armada' }]

/**
 * Pemeriksaan Ban: the inspection rounds, 5 a page, search by code or cabin number; the document row
 * menu (Posting, Unpost, Update, Show, Riwayat, Cetak, Delete) under the other documents' rules:
 * Update is the edit screen, Show the read-only screen, Cetak the round's print page.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  documentList(PEMERIKSAAN_LIST, request, {
    show: '/admin/pemeriksaan-detail',
    update: '/admin/pemeriksaan-ban/edit',
    cetak: '/admin/pemeriksaan-cetak',
  })

/** Posting / Unpost from the row menu: POST /api/pemeriksaan-ban/{id}/posting | /unpost. */
export const action = ({ request }: ActionFunctionArgs) => documentListAction(PEMERIKSAAN_LIST, request)

export default DeclaredDocumentList

export const ErrorBoundary = GeneralErrorBoundary
